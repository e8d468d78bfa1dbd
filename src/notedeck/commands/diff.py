"""`notedeck diff`: which two variants the options name (the command itself is in cli.py)."""

from __future__ import annotations

from pathlib import Path

import click

USAGE = ("compare two audiences (--audience A --audience B), an audience and the note "
         "(--audience A), or two scenario files (--scenarios X --scenarios Y)")


def sides(audiences: tuple[str, ...], scenario_files: tuple[Path, ...]):
    """The two variants the options name; the note itself when only one is given."""
    from notedeck.reports.diff import Side

    if audiences and scenario_files or len(audiences) > 2 or len(scenario_files) > 2 \
            or not (audiences or scenario_files):
        raise click.UsageError(USAGE)
    note = Side("the note")
    if audiences:
        named = [Side(f"audience {a}", audience=a) for a in audiences]
    else:
        named = [Side(f"scenarios {f}", scenarios_file=f) for f in scenario_files]
    return (note, named[0]) if len(named) == 1 else (named[0], named[1])
