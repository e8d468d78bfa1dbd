"""`notedeck template show | check | export`: look at a template, list its faults, start one."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from notedeck.commands.say import echo

from notedeck.commands.folders import content_folder

_content_option = click.option(
    "--content", type=click.Path(path_type=Path),
    help="The note whose texts must fit (default: ./content, else the bundled note).")
_map_option = click.option(
    "--map", "map_file", type=click.Path(path_type=Path),
    help="A role mapping to apply (default: the note's template.yaml, if it has one).")


@click.group()
def template() -> None:
    """Look at a PowerPoint template, check it against the note, or start one."""


@template.command()
@click.argument("file", type=click.Path(path_type=Path))
@_content_option
@_map_option
def show(file: Path, content: Path | None, map_file: Path | None) -> None:
    """Print every master, layout and placeholder of FILE and what notedeck puts where."""
    from notedeck.reports import templates

    chosen, warnings = templates.with_file(content_folder(content), file, map_file)
    for line in templates.show(chosen, warnings):
        echo(line)


@template.command()
@click.argument("file", type=click.Path(path_type=Path))
@_content_option
@_map_option
@click.option("--strict", is_flag=True, help="Treat warnings as errors (exit status 2).")
def check(file: Path, content: Path | None, map_file: Path | None, strict: bool) -> None:
    """List every problem of FILE as the note's template, in one run."""
    from notedeck.reports import templates

    folder = content_folder(content)
    chosen, warnings = templates.with_file(folder, file, map_file)
    problems = templates.check(chosen, folder, warnings)
    errors = [p for p in problems if p.severity == "error"]
    for problem in problems:
        echo(problem.report(), err=True)
    summary = f"{file}: {len(errors)} error(s), {len(problems) - len(errors)} warning(s)"
    if errors or (strict and problems):
        echo(summary, err=True)
        sys.exit(2)
    echo(f"{file}: no problems" if not problems else summary)


@template.command()
@click.argument("directory", type=click.Path(path_type=Path))
@click.option("--force", is_flag=True,
              help="Write it even if DIRECTORY/template.pptx exists (that file is moved to "
                   "template.old.pptx).")
def export(directory: Path, force: bool) -> None:
    """Write notedeck's own template to DIRECTORY/template.pptx, to restyle."""
    from notedeck.reports import templates

    target, aside = templates.export(directory, force)
    if aside is not None:
        echo(f"moved the file that was there to {aside}")
    echo(f"wrote {target}; restyle it, then put it in your note's folder")
