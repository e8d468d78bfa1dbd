"""`notedeck build --all-audiences`: the note and every audience, spread over the cores.

Each variant is one ordinary build (build/run.py) into OUT/ (the note itself)
or OUT/NAME/. A pool of processes (concurrent.futures, started the same way on
every system), one per core or --jobs, runs them: each process imports the
libraries once and then builds variant after variant; with one job, this
process builds them in turn.
Charts are shared through the chart cache, and drawn under a per-chart lock,
so a chart two variants have in common is drawn once. One variant failing is
recorded in its Outcome and the others go on. With `cache=False` the run uses
a private cache folder that is removed at the end: charts are still drawn once
per run, and nothing is read from or left in the user's cache.

Nothing here prints: the CLI shows progress through `on_done` and prints the
summary and the problems.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from notedeck.errors import NotedeckError, Problem, visible
from notedeck.options import Options

DEFAULT = "(note)"          # the variant without an audience, as the summary names it
SCRATCH = "notedeck-run"    # $TMPDIR/notedeck-run-PID-XXXX: a --no-cache run's private cache


@dataclass(frozen=True)
class Outcome:
    """One variant's build: its result, or the problems (or internal error) that stopped it."""

    audience: str | None
    out: Path
    seconds: float
    result: object = None                  # build.BuildResult when it succeeded
    problems: tuple[Problem, ...] = ()
    internal: str = ""                     # "TypeError: ..." for a bug rather than bad input
    traceback: str = field(default="", repr=False)

    @property
    def name(self) -> str:
        return self.audience or DEFAULT

    @property
    def ok(self) -> bool:
        return self.result is not None


def variants(content: Path) -> list[str | None]:
    """The note itself (None), then each audience by name."""
    from notedeck.readers.audiences import names

    return [None, *names(content)] if content.is_dir() else [None]


def build_all(options: Options,
              on_done: Callable[[Outcome], None] = lambda outcome: None) -> list[Outcome]:
    """Build every variant; outcomes in variant order, each reported to `on_done` as it ends."""
    todo = variants(options.content)
    jobs = max(1, min(options.jobs or os.cpu_count() or 1, len(todo)))
    from notedeck.infra import scratch as folders

    folders.sweep(None, SCRATCH)                    # the private caches of killed runs
    scratch = None if options.cache else str(folders.make(SCRATCH))
    saved = os.environ.get("NOTEDECK_CACHE_DIR")
    if scratch:
        os.environ["NOTEDECK_CACHE_DIR"] = scratch
    try:
        tasks = [replace(options.variant(name), cache=True, jobs=None) for name in todo]
        done = _serially(tasks, on_done) if jobs == 1 else _in_pool(tasks, jobs, on_done)
    finally:
        if scratch:
            _restore("NOTEDECK_CACHE_DIR", saved)
            shutil.rmtree(scratch, ignore_errors=True)
    order = {name: i for i, name in enumerate(todo)}
    return sorted(done, key=lambda outcome: order[outcome.audience])


def summary(outcomes: list[Outcome]) -> str:
    """A plain table: variant, status, a column per output with its count ("25 slides",
    "5 pages"; headed by its file, so a handout's pages are never a web page's), seconds,
    folder."""
    files = list(dict.fromkeys(_file(w, o) for o in outcomes if o.ok for w in o.result.files))
    rows = [("variant", "status", *files, "time", "folder")]
    for o in outcomes:
        counts = {_file(w, o): _count(w) for w in o.result.files} if o.ok else {}
        rows.append((visible(o.name), _status(o), *(counts.get(f, "-") for f in files),
                     f"{o.seconds:.2f} s", visible(o.out)))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    right = set(range(2, len(files) + 3))
    lines = ["  ".join(cell.rjust(w) if i in right else cell.ljust(w)
                       for i, (cell, w) in enumerate(zip(row, widths))).rstrip() for row in rows]
    failed = sum(not o.ok for o in outcomes)
    lines.append(f"{len(outcomes) - failed} of {len(outcomes)} variants built"
                 + (f"; {failed} failed" if failed else ""))
    return "\n".join(lines)


def _file(written, outcome: Outcome) -> str:
    """An output's file inside its variant's folder: deck.pptx, web/index.html."""
    try:
        return Path(written.path).relative_to(outcome.out).as_posix()
    except ValueError:
        return Path(written.path).name


def _count(written) -> str:
    unit = written.unit[:-1] if written.count == 1 and written.unit.endswith("s") \
        else written.unit
    return f"{written.count} {unit}"


def _status(o: Outcome) -> str:
    if o.ok:
        return "kept" if o.result.kept else "built"
    return "internal error" if o.internal else "failed"


def _serially(tasks, on_done) -> list[Outcome]:
    done = []
    for task in tasks:
        done.append(build_variant(task))
        on_done(done[-1])
    return done


def _in_pool(tasks, jobs: int, on_done) -> list[Outcome]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    context = multiprocessing.get_context("spawn")     # the one start method on every OS
    pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=_worker_signals,
                               initargs=(os.environ.get("NOTEDECK_CACHE_DIR"),))
    done = []
    try:
        for future in as_completed([pool.submit(build_variant, task) for task in tasks]):
            done.append(future.result())
            on_done(done[-1])
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown()
    return done


def _worker_signals(cache: str | None) -> None:
    """A pool process: Ctrl-C is the parent's to handle; the run's cache folder is its own."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)        # the parent stops the pool
    _restore("NOTEDECK_CACHE_DIR", cache)


def build_variant(options: Options, on_planned=None, session=None) -> Outcome:
    """One build, its failure caught and kept in the Outcome (bad input or a bug alike);
    `on_planned` and `session` as for stages.run.build."""
    from notedeck.stages.run import build

    started = time.perf_counter()
    audience, out = options.audience, options.out
    try:
        result = build(options, on_planned, session)
        return Outcome(audience, out, time.perf_counter() - started, result=result)
    except NotedeckError as exc:
        return Outcome(audience, out, time.perf_counter() - started, problems=exc.problems)
    except Exception as exc:                       # a bug: this variant fails, the others go on
        import traceback

        cause = (str(exc).strip().splitlines() or [""])[0][:200]
        return Outcome(audience, out, time.perf_counter() - started,
                       internal=f"{type(exc).__name__}: {cause}",
                       traceback=traceback.format_exc())


def _restore(name: str, value: str | None) -> None:
    if value is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = value
