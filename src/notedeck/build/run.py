"""notedeck build: prepare the Deck, draw charts once, plan and emit every output, publish."""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
import time
import zipfile
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from notedeck.errors import Problem, fail
from notedeck.options import Options
from notedeck.infra.publish import sweep
from notedeck.infra.records import Written

STAGE_PREFIX = ".notedeck-"          # .notedeck-PID-XXXX/: a build's private staging folder (publish.py)
# Failures of the machine rather than of notedeck: reported as problems with the output folder.
_WRITE_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS, errno.EACCES,
                 errno.EPERM, errno.EIO}


@dataclass(frozen=True)
class BuildResult:
    files: tuple[Written, ...]
    seconds: float
    warnings: tuple[Problem, ...]
    kept: bool = False        # nothing changed since the last build: the files were left alone

    @property
    def paths(self) -> tuple[Path, ...]:
        return tuple(written.path for written in self.files)


def build(options: Options) -> BuildResult:
    """Write every chosen output into options.out; nothing there changes unless all succeed.

    With options.cache, a build whose inputs, options and notedeck match the last
    build into the folder, whose files are untouched, does nothing (records.py),
    and charts come from the chart cache (cache.py); options.workers draws missing
    charts in a second process while the note is read (chart_helper.py), in the
    forms the chosen outputs read (Renderer.art). Outputs are the same bytes either way.
    """
    with _collector_paused():
        return _build_once(options, time.perf_counter())


def _build_once(options: Options, started: float) -> BuildResult:
    from notedeck.infra.cache import cache_problem, first_time
    from notedeck.infra.chart_helper import Charts
    from notedeck.infra.outfolder import check_destination
    from notedeck.infra.records import Stamp

    check_destination(Path(options.out), Path(options.content))
    unsafe = cache_problem() if options.cache else None    # a cache others can write: unused
    if unsafe is not None:
        options = replace(options, cache=False)
    notices = (unsafe,) if unsafe is not None and first_time(unsafe) else ()
    stamp = Stamp(options.content, options.out, options.record(), enabled=options.cache)
    kept = stamp.kept()
    if kept is not None:
        sweep(Path(options.out))
        return BuildResult(kept.files, time.perf_counter() - started, kept.warnings, kept=True)
    from notedeck.build.stages import art_forms, template_first

    # The helper starts now: it imports matplotlib, the longest chain of a cold build, while
    # this process reads the template and the note. It draws only once the note is composed;
    # a refused template stops it at once.
    with Charts(options.cache, options.workers, forms=art_forms(options)) as charts:
        template = template_first(options, refused=charts.close)
        result = _build(options, charts, started, template)
    stamp.record(result.files, result.warnings)
    return replace(result, warnings=(*notices, *result.warnings)) if notices else result


def _build(options: Options, charts, started: float, template=None) -> BuildResult:
    from notedeck.infra.emit_aside import write_all
    from notedeck.infra.publish import preflight, publish
    from notedeck.build.stages import (listed_outputs, planner, prepare, refuse_warnings,
                                          renderers)

    prepared = prepare(options, template)
    chosen = renderers(options, listed_outputs(prepared.source))
    art = charts.art(prepared.deck.charts)
    out = options.out
    with _output_folder(out) as folder, _writing(out):
        names = tuple(dict.fromkeys(Path(r.filename).parts[0] for r in chosen))
        preflight(folder, names)                  # refuse what is in the way before any work
        stage = Path(tempfile.mkdtemp(prefix=f"{STAGE_PREFIX}{os.getpid()}-", dir=folder))
        try:
            outputs = write_all(chosen, planner(prepared, art, options),
                                lambda renderer, plan: _emit(renderer, plan, stage),
                                _aside(chosen, options), charts.in_child)
            refuse_warnings(options, outputs.warnings)
            publish({name: stage / name for name in names}, folder)
            paths = tuple(folder / r.filename for r in chosen)
        finally:
            shutil.rmtree(stage, ignore_errors=True)
    files = tuple(Written(path, w.count, w.unit) for path, w in zip(paths, outputs.written))
    return BuildResult(files, time.perf_counter() - started,
                       (*prepared.warnings, *outputs.warnings))


def _aside(chosen, options: Options) -> set[int]:
    """The outputs a forked child plans and writes while this process does the rest: those
    that read no drawn chart (emit_aside.py), when a helper may be forked and others remain
    here."""
    from notedeck.infra.chart_helper import can_fork

    aside = {index for index, renderer in enumerate(chosen) if not renderer.forms(options)}
    return aside if options.workers and 0 < len(aside) < len(chosen) and can_fork() else set()


def _emit(renderer, plan, stage: Path) -> Written:
    path = stage / renderer.filename
    path.parent.mkdir(parents=True, exist_ok=True)
    count = renderer.emit(plan, path)
    _verify(path)
    return Written(path, count, renderer.unit)


@contextmanager
def _collector_paused():
    """Python's cycle collector off while a build runs. A build loads libraries and makes
    objects (lxml trees, reportlab flowables, matplotlib artists) that nearly all live
    until it ends; the collector would walk them again some 400 times, a tenth of a cold
    build's CPU. The few cycles a build leaves are freed once it is back on."""
    import gc

    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


@contextmanager
def _output_folder(out: Path):
    """The folder, created if need be; folders created here are removed again on failure."""
    if out.exists() and not out.is_dir():
        raise fail(out, "--out names a file; expected a folder to write deck.pptx and "
                        "handout.pdf into")
    created = [p for p in (out, *out.parents) if not p.exists()]
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise fail(out, f"cannot create the output folder: {exc.strerror}") from None
    try:
        sweep(out)
        yield out
    except BaseException:
        sweep(out, own=True)       # a stop can land between making the stage and its `try`
        for folder in created:
            _remove_if_empty(folder)
        raise


@contextmanager
def _writing(out: Path):
    """Turn the machine's refusals (disk full, read-only, no permission) into clear problems."""
    try:
        yield
    except OSError as exc:
        if exc.errno not in _WRITE_ERRORS:
            raise
        raise fail(out, f"cannot write the outputs here: {exc.strerror or exc}; the files "
                        "already in the folder are unchanged") from None


def _remove_if_empty(folder: Path) -> None:
    try:
        folder.rmdir()
    except OSError:
        pass


def _verify(path: Path) -> None:
    """A renderer's file is complete: a zip package reads back, a PDF is closed."""
    if path.suffix == ".pptx":
        with zipfile.ZipFile(path) as archive:
            bad = archive.testzip()
        if bad:
            raise RuntimeError(f"{path.name} was written incompletely ({bad} is damaged)")
    elif path.suffix == ".pdf":
        with open(path, "rb") as handle:
            head = handle.read(5)
            handle.seek(max(0, path.stat().st_size - 1024))
            tail = handle.read()
        if head != b"%PDF-" or b"%%EOF" not in tail:
            raise RuntimeError(f"{path.name} was written incompletely")
