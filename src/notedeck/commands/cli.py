"""The notedeck command: thin Click commands, the one place for printing and exit codes."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from notedeck import __version__, paper as papers
from notedeck.commands import folders
from notedeck.commands.say import echo


class Terminated(BaseException):
    """SIGTERM, raised where the program is so that clean-up code runs."""


def _content(given: Path | None) -> Path:
    """The note a command reads (commands/folders.py); says so when it is the bundled example
    because no note is here."""
    if folders.bundled_fallback(given):
        echo("notedeck: no note here (no note.yaml in this folder, no content/ folder): "
             "using the bundled example note; 'notedeck init DIR' starts your own", err=True)
    return folders.content_folder(given)


def _terminate(signum, frame) -> None:
    raise Terminated()


class _Group(click.Group):
    """Turns notedeck's errors into messages and exit codes; tracebacks only on request."""

    def invoke(self, ctx: click.Context):
        from notedeck.errors import NotedeckError

        try:
            return super().invoke(ctx)
        except NotedeckError as exc:
            _traceback(ctx)
            for problem in exc.problems:
                echo(problem.report(), err=True)
            ctx.exit(2)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except BrokenPipeError:               # `notedeck figures | head`: the reader left
            _quiet_stdout()
            ctx.exit(141)                      # as a shell reports a command ended by SIGPIPE
        except KeyboardInterrupt:
            echo("interrupted; earlier outputs are untouched", err=True)
            ctx.exit(130)
        except Terminated:
            echo("stopped (SIGTERM); earlier outputs are untouched", err=True)
            ctx.exit(143)
        except Exception as exc:  # an internal error: a short apology, the cause, a way to see more
            _traceback(ctx)
            cause = (str(exc).strip().splitlines() or [""])[0][:200]
            echo(f"notedeck: internal error, sorry: {type(exc).__name__}: {cause}\n"
                       "Earlier outputs are untouched. Run again with --traceback to see "
                       "where it happened.", err=True)
            ctx.exit(1)


def _quiet_stdout() -> None:
    """Standard output pointed at nothing, so the interpreter's last flush cannot fail again."""
    import os
    import sys

    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _traceback(ctx: click.Context) -> None:
    if ctx.meta.get("traceback"):
        import traceback

        traceback.print_exc()


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="notedeck")
@click.option("--traceback", is_flag=True, help="Show the full traceback of an error.")
@click.pass_context
def main(ctx: click.Context, traceback: bool) -> None:
    """Turn a field note in content/ into an editable deck and a printable handout."""
    import signal

    ctx.meta["traceback"] = traceback
    signal.signal(signal.SIGTERM, _terminate)


_content_option = click.option("--content", type=click.Path(path_type=Path),
                               help="The note's folder (default: this folder when it holds "
                                    "note.yaml, else ./content, else the bundled example).")
_audience_option = click.option("--audience", metavar="NAME",
                                help="Build the variant in content/audiences/NAME.yaml.")
_scenarios_option = click.option("--scenarios", "scenarios_file", type=click.Path(path_type=Path),
                                 help="Use this complete scenario file instead of content/scenarios.yaml.")


def _out_folder(ctx, param, value: str | None) -> Path | None:
    """--out as a Path; an empty name is refused (it would mean the working folder)."""
    if value is None:
        return None
    if not value.strip():
        raise click.BadParameter("expected a folder name, got an empty string")
    return Path(value)


def _output_options(command):
    """The options `build` and `watch` share: where the note is, what to build, where to."""
    for option in reversed((
        _content_option, _audience_option, _scenarios_option,
        click.option("--out", type=click.Path(), callback=_out_folder,
                     help="Output folder (default: output/, or output/NAME/ with --audience)."),
        click.option("--paper", type=click.Choice(list(papers.PAPERS)), default=papers.DEFAULT,
                     show_default=True),
        click.option("--strict", is_flag=True, help="Treat warnings as errors."),
        click.option("--charts", type=click.Choice(["native", "picture"]), default="native",
                     show_default=True,
                     help="The deck's charts: native PowerPoint charts, or pictures."),
        click.option("--with", "extra", metavar="NAMES", default="",
                     help="Also write these outputs, comma-separated (see 'notedeck outputs')."),
        click.option("--all-audiences", is_flag=True,
                     help="Build the note into OUT/ and every audience into OUT/NAME/."),
        click.option("--no-cache", is_flag=True,
                     help="Draw every chart and write every file; read and write no cache."),
        click.option("--start", default="09:00", show_default=True, metavar="HH:MM",
                     callback=_start_time,
                     help="When the session starts: the facilitator guide's clock."),
    )):
        command = option(command)
    return command


def _start_time(ctx, param, value: str) -> str:
    from notedeck.errors import NotedeckError
    from notedeck.figures.starts import start_seconds

    try:
        start_seconds(value)
    except NotedeckError:
        raise click.BadParameter(f"expected a time of day as HH:MM (e.g. 09:30), got "
                                 f"{value!r}") from None
    return value.strip()


def _options(content, audience, scenarios_file, out, paper, strict, extra, all_audiences,
             no_cache, **rest):
    """The one Options object of this run, from the command line."""
    from notedeck.options import DEFAULT_OUTPUTS, Options
    from notedeck.render import registry

    if all_audiences and audience:
        raise click.UsageError("--all-audiences builds every audience; drop --audience")
    wanted = [name.strip() for name in extra.split(",") if name.strip()]
    for name in wanted:
        registry.get(name)                 # an unknown name: exit 2, naming the choices
    outputs = tuple(dict.fromkeys((*DEFAULT_OUTPUTS, *wanted)))
    return Options.make(_content(content), out, audience, scenarios_file=scenarios_file,
                        paper=paper, strict=strict, cache=not no_cache, outputs=outputs,
                        **rest)


@main.command()
@_output_options
@click.option("-j", "--jobs", type=click.IntRange(1, 64), metavar="N",
              help="Processes: for --all-audiences (default: one per core), and to draw the "
                   "charts the cache lacks (default: none, this process draws them).")
@click.option("--force", is_flag=True,
              help="Move aside (as NAME (yours).EXT) a file in OUT that notedeck did not make.")
def build(all_audiences, **given) -> None:
    """Write OUT/deck.pptx and OUT/handout.pdf (and the outputs named by --with)."""
    options = _options(all_audiences=all_audiences, **given)
    if all_audiences:
        sys.exit(_build_all(options))
    from notedeck.stages.run import build as run

    result = run(options)
    for warning in result.warnings:
        echo(warning.report(), err=True)
    _said_aside(result)
    verb = "kept" if result.kept else "wrote"
    for written in result.files:
        echo(f"{verb} {written.path} ({_counted(written)})")
    echo(f"in {result.seconds:.2f} s" + (": nothing changed since the last build"
                                               if result.kept else ""))


def _said_aside(result, label: str = "") -> None:
    """Each file of the user's that --force moved aside, and where it is now; each output of
    the last build this one was not asked for, removed so the folder holds one set."""
    for was, now in result.aside:
        echo(f"{label}moved {was} aside to {now}: notedeck did not make it (--force)")
    for path in result.removed:
        echo(f"{label}removed {path}: this build was not asked for it (name it with --with, "
             "or in note.yaml's outputs: to build it every time)")


def _counted(written) -> str:
    """'25 slides', '1 page'."""
    unit = written.unit[:-1] if written.count == 1 and written.unit.endswith("s") else written.unit
    return f"{written.count} {unit}"


def _build_all(options) -> int:
    """Every variant, a progress bar while more than one runs, a summary; 2 if any failed."""
    from contextlib import nullcontext

    from dataclasses import replace

    from notedeck.commands.variants import build_all, summary, variants
    from notedeck.errors import visible
    from notedeck.infra.cache import cache_problem

    unsafe = cache_problem() if options.cache else None
    if unsafe is not None:                     # said once here, not once per variant
        echo(unsafe.report(), err=True)
        options = replace(options, cache=False)
    count = len(variants(options.content))
    bar = (click.progressbar(length=count, label=f"building {count} variants", file=sys.stderr,
                             show_pos=True, item_show_func=lambda name: name and visible(name))
           if count > 1 else nullcontext())
    with bar:
        outcomes = build_all(options,
                             on_done=lambda o: bar.update(1, o.name) if count > 1 else None)
    for outcome in outcomes:
        for problem in (*outcome.problems, *(outcome.result.warnings if outcome.ok else ())):
            echo(f"{outcome.name}: {problem.report()}", err=True)
        if outcome.internal:
            echo(f"{outcome.name}: notedeck: internal error, sorry: {outcome.internal}",
                       err=True)
        if outcome.ok:
            _said_aside(outcome.result, f"{outcome.name}: ")
    echo(summary(outcomes))
    return 2 if any(not o.ok for o in outcomes) else 0


@main.command()
@_output_options
def watch(all_audiences, **given) -> None:
    """Build, then rebuild whenever a file the build reads changes."""
    from notedeck.commands.watch import Watcher

    options = _options(all_audiences=all_audiences, **given)
    watcher = Watcher(options, all_audiences)
    with _ctrl_c_stops():
        for round_ in watcher.rounds():
            if round_.notice:
                echo(round_.notice)
            if round_.changed:
                echo(f"changed: {', '.join(round_.changed)}")
            for outcome in round_.outcomes:
                _report_round(outcome)
            if not round_.waits:
                echo(f"watching {folders.shown(options.content)} for changes "
                           "(Ctrl-C to stop)")
    echo("stopped watching")


@main.command()
@_output_options
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port on 127.0.0.1 (0 picks a free one).")
def serve(all_audiences, port, **given) -> None:
    """Preview the slides, handout and web page on 127.0.0.1, updated in place on every save."""
    from dataclasses import replace

    from notedeck.commands.serve import Preview
    from notedeck.commands.watch import Watcher
    from notedeck.render import registry
    from notedeck.stages.reuse import Session

    if all_audiences:
        raise click.UsageError("serve shows one variant; choose it with --audience")
    options = _options(all_audiences=False, **given)
    options = replace(options, outputs=tuple(dict.fromkeys((*options.outputs, "web"))))
    # One session for the builds and the preview: a first build the records kept is laid out
    # in it, so the first edit reuses what that made.
    session = Session()
    with Preview(options.out / registry.get("web").filename, port,
                 options=options, session=session) as preview:
        echo(f"serving {preview.url} (this computer only; Ctrl-C to stop)")
        with _ctrl_c_stops():
            for round_ in Watcher(options, on_planned=preview.on_planned,
                                  session=session).rounds():
                if round_.changed:
                    echo(f"changed: {', '.join(round_.changed)}")
                for outcome in round_.outcomes:
                    _report_round(outcome)
                    preview.update(outcome)
                echo(f"watching {folders.shown(options.content)}; the page at "
                           f"{preview.url} follows every save")
    echo("stopped serving")


def _ctrl_c_stops():
    """Ctrl-C is how watch and serve end, wherever it lands: while waiting, while printing a
    round, or in a rebuild (whose build leaves the files of the last good one as they were)."""
    from contextlib import suppress

    return suppress(KeyboardInterrupt)


def _report_round(outcome) -> None:
    """One variant of a watch round: rebuilt (with its files), unchanged, or its problems."""
    label = f"{outcome.name}: " if outcome.audience else ""
    for problem in (*outcome.problems, *(outcome.result.warnings if outcome.ok else ())):
        echo(f"{label}{problem.report()}", err=True)
    if outcome.internal:
        echo(f"{label}notedeck: internal error, sorry: {outcome.internal}", err=True)
    if not outcome.ok:
        echo(f"{label}not rebuilt; the files from the last good build are untouched")
    elif outcome.result.kept:
        echo(f"{label}unchanged: {outcome.out}")
    else:
        r = outcome.result
        files = ", ".join(f"{w.path} ({_counted(w)})" for w in r.files)
        echo(f"{label}rebuilt {files} in {r.seconds:.2f} s")


@main.command()
def outputs() -> None:
    """List the outputs notedeck can write (deck and handout are always written)."""
    from notedeck.render import registry

    for name in registry.names():
        renderer = registry.get(name)
        echo(f"{name:10} {renderer.filename:16} {renderer.about}")


@main.command()
@_content_option
@_audience_option
@_scenarios_option
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def figures(content, audience, scenarios_file, as_json) -> None:
    """Print every computed figure for the chosen scenario."""
    from notedeck.figures.listing import flatten, said, to_json, to_table
    from notedeck.options import Options
    from notedeck.stages.stages import figure_names

    names = figure_names(Options(_content(content), audience=audience,
                                 scenarios_file=scenarios_file))
    rows = flatten(names, flag=said)
    echo(to_json(rows) if as_json else to_table(rows))


@main.command()
@click.argument("name")
@_content_option
@_audience_option
@_scenarios_option
@click.option("--no-places", is_flag=True, help="Leave out where it appears (no build).")
def explain(name, content, audience, scenarios_file, no_places) -> None:
    """Explain one figure: its formula, what it reads, its form, value and where it appears."""
    from notedeck.commands.explain import explain as told

    echo(told(_content(content), name, audience, scenarios_file, not no_places))


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@_content_option
@_audience_option
@_scenarios_option
def verify(files, content, audience, scenarios_file) -> None:
    """Say whether each FILE is what the content builds now, and if not what changed.

    Exit status: 0 all current; 1 some are not (or belong to another audience, or not to
    the set published beside them); 2 cannot tell: a file notedeck did not make, one it
    cannot read, or bad input."""
    from notedeck.options import Options
    from notedeck.reports.verify import EXIT, verdict

    options = Options.make(_content(content), scenarios_file=scenarios_file)
    worst = 0
    for path in files:
        said = verdict(path, options, audience)
        for line in said.lines:
            echo(line, err=EXIT[said.status] == 2)
        worst = max(worst, EXIT[said.status])
    sys.exit(worst)


@main.command()
@_content_option
@click.option("--strict", is_flag=True, help="Treat warnings as errors (exit status 2).")
def check(content, strict) -> None:
    """Check the note, its scenario file and every audience; write nothing."""
    from notedeck.options import Options
    from notedeck.stages.check import check_note

    folder = _content(content)
    problems = check_note(Options(folder, strict=strict))
    errors = [p for p in problems if p.severity == "error"]
    warnings = [p for p in problems if p.severity != "error"]
    for problem in problems:
        echo(problem.report(), err=True)
    name = folders.shown(folder)
    summary = f"{name}: {len(errors)} error(s), {len(warnings)} warning(s)"
    if errors or (strict and warnings):
        echo(summary + (" (--strict: warnings count as errors)" if strict else ""), err=True)
        sys.exit(2)
    echo(f"{name}: no problems" if not problems else summary)


@main.command()
@click.argument("directory", type=click.Path(path_type=Path), required=False)
@click.option("--example", "example_name", metavar="NAME",
              help="The bundled note to start from (default: the first; see --list).")
@click.option("--with-examples", is_flag=True,
              help="Copy every example audience, not only one.")
@click.option("--list", "list_examples", is_flag=True,
              help="List the bundled notes init can start from, and stop.")
@click.option("--blank", is_flag=True, help="Start from a minimal note: one input, one "
              "formula, one table, one chart, one section (docs/models.md, the tutorial).")
def init(directory: Path | None, example_name, with_examples, list_examples, blank) -> None:
    """Start a new note in DIRECTORY from a bundled example, and say what to run next."""
    from notedeck.commands.start import start, listing

    if list_examples:
        echo(listing())
        return
    if directory is None:
        raise click.UsageError("Missing argument 'DIRECTORY': the folder to start the note in")
    if blank and (example_name or with_examples):
        raise click.UsageError("--blank starts from the minimal note; it takes no --example "
                               "or --with-examples")
    echo(start(directory, folders.BLANK if blank else folders.example(example_name),
               with_examples))


@main.command()
@_content_option
@click.option("--audience", "audiences", multiple=True, metavar="NAME",
              help="An audience to compare; give it twice, or once to compare with the note.")
@click.option("--scenarios", "scenario_files", multiple=True, type=click.Path(path_type=Path),
              help="A complete scenario file to compare; give it twice, or once to compare "
                   "with the note's own.")
@click.option("--json", "as_json", is_flag=True, help="Print the differences as JSON.")
def diff(content, audiences, scenario_files, as_json) -> None:
    """Show the figures, slides and handout passages that differ between two variants."""
    from notedeck.commands.diff import sides
    from notedeck.reports.diff import compare, to_table

    left, right = sides(audiences, scenario_files)
    result = compare(_content(content), left, right)
    echo(result.to_json() if as_json else to_table(result))


from notedeck.commands.template import template  # noqa: E402  (a command group of its own)

main.add_command(template)
