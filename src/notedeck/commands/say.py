"""The CLI's one way to print: each line shown with what a file could smuggle in made visible."""

from __future__ import annotations

import click

from notedeck.errors import visible


def echo(message: object = "", err: bool = False) -> None:
    """click.echo, each line escaped (errors.visible): a name, figure or path from a file
    cannot move the cursor, clear the screen, or print a line that is not its own."""
    click.echo("\n".join(visible(line) for line in str(message).split("\n")), err=err)
