"""`notedeck diff`: what changes on stage between two variants of a note, as a table or JSON."""

from __future__ import annotations

from pathlib import Path

import click

USAGE = ("compare two audiences (--audience A --audience B), an audience and the note "
         "(--audience A), or two scenario files (--scenarios X --scenarios Y)")


@click.command()
@click.option("--content", type=click.Path(path_type=Path),
              help="The note's folder (default: ./content, else the bundled note).")
@click.option("--audience", "audiences", multiple=True, metavar="NAME",
              help="An audience to compare; give it twice, or once to compare with the note.")
@click.option("--scenarios", "scenario_files", multiple=True,
              type=click.Path(path_type=Path), help="A complete scenario file to compare; give it twice, "
                                                   "or once to compare with the note's own.")
@click.option("--json", "as_json", is_flag=True, help="Print the differences as JSON.")
def diff(content, audiences, scenario_files, as_json) -> None:
    """Show the figures, slides and handout passages that differ between two variants."""
    from notedeck.commands.cli import _content
    from notedeck.pipeline.diff import compare, to_table

    left, right = sides(audiences, scenario_files)
    result = compare(_content(content), left, right)
    click.echo(result.to_json() if as_json else to_table(result))


def sides(audiences: tuple[str, ...], scenario_files: tuple[Path, ...]):
    """The two variants the options name; the note itself when only one is given."""
    from notedeck.pipeline.diff import Side

    if audiences and scenario_files or len(audiences) > 2 or len(scenario_files) > 2 \
            or not (audiences or scenario_files):
        raise click.UsageError(USAGE)
    note = Side("the note")
    if audiences:
        named = [Side(f"audience {a}", audience=a) for a in audiences]
    else:
        named = [Side(f"scenarios {f}", scenarios_file=f) for f in scenario_files]
    return (note, named[0]) if len(named) == 1 else (named[0], named[1])
