"""notedeck build: prepare the Deck, lay out and plan every output, write each, publish the set."""

from __future__ import annotations

import errno
import shutil
import time
import zipfile
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from notedeck.errors import Problem, fail
from notedeck.infra.publish import STAGE, sweep
from notedeck.infra.records import Written
from notedeck.options import Options

# Failures of the machine rather than of notedeck: reported as problems with the output folder.
_WRITE_ERRORS = {errno.ENOSPC, errno.EFBIG, errno.EROFS, errno.EACCES, errno.EPERM, errno.EIO,
                 *((errno.EDQUOT,) if hasattr(errno, "EDQUOT") else ())}


@dataclass(frozen=True)
class BuildResult:
    files: tuple[Written, ...]
    seconds: float
    warnings: tuple[Problem, ...]
    kept: bool = False        # nothing changed since the last build: the files were left alone
    aside: tuple[tuple[Path, Path], ...] = ()   # the user's files --force moved: (was, now)
    removed: tuple[Path, ...] = ()   # the last build's outputs this one was not asked for

    @property
    def paths(self) -> tuple[Path, ...]:
        return tuple(written.path for written in self.files)


def build(options: Options, on_planned=None) -> BuildResult:
    """Write every output of the note's BuildPlan into options.out, in this process; nothing
    there changes unless all succeed. `on_planned(prepared, art, planned)`, if given, sees
    the laid-out slides before the files are written (serve's preview shows them first).

    With options.cache, a build whose inputs, options and notedeck match the last
    build into the folder, whose files are untouched, does nothing (records.py),
    and charts come from the chart cache (cache.py). Outputs are the same bytes either way.
    """
    from notedeck.infra.cache import cache_problem, first_time
    from notedeck.infra.outfolder import check_destination
    from notedeck.infra.records import Record

    started = time.perf_counter()
    check_destination(Path(options.out), Path(options.content))
    unsafe = cache_problem() if options.cache else None    # a cache others can write: unused
    if unsafe is not None:
        options = replace(options, cache=False)
    notices = (unsafe,) if unsafe is not None and first_time(unsafe) else ()
    record = Record(options.content, options.out, options.record(), enabled=options.cache)
    kept = record.kept()
    if kept is not None:
        sweep(Path(options.out))
        return BuildResult(kept.files, time.perf_counter() - started, kept.warnings, kept=True)
    result = _build(options, started, on_planned)
    record.record(result.files, result.warnings)
    return replace(result, warnings=(*notices, *result.warnings)) if notices else result


def _build(options: Options, started: float, on_planned=None) -> BuildResult:
    from notedeck.stages.charts import Charts
    from notedeck.stages.stages import plan_all, prepare
    from notedeck.infra import scratch
    from notedeck.infra.outfolder import preflight
    from notedeck.infra.publish import publish

    prepared = prepare(options)
    names = prepared.plan.names()
    with _output_folder(options.out) as folder, _writing(options.out):
        note = prepared.deck.meta.note
        preflight(folder, names, options.force, note)   # refuse what is in the way before any work
        art = Charts(options.cache, options.jobs).art(prepared.deck.charts, prepared.plan.forms)
        planned = plan_all(prepared, art, options)
        if on_planned is not None:
            on_planned(prepared, art, planned)
        stage = _stage(scratch, folder)
        try:
            written = [_emit(renderer, plan, stage) for renderer, plan in planned.plans]
            published = publish(stage, names, folder, prepared.stamp.build, options.force,
                                note)
        finally:
            shutil.rmtree(stage, ignore_errors=True)
    files = tuple(Written(path, w.count, w.unit) for path, w in zip(published.paths, written))
    return BuildResult(files, time.perf_counter() - started,
                       (*prepared.warnings, *planned.warnings), aside=published.aside,
                       removed=published.removed)


def laid_out(options: Options, on_planned) -> None:
    """What a build plans, handed to `on_planned(prepared, art, planned)`, writing nothing:
    serve's preview of a build the records kept."""
    from notedeck.stages.charts import Charts
    from notedeck.stages.stages import plan_all, prepare

    prepared = prepare(options)
    art = Charts(options.cache, options.jobs).art(prepared.deck.charts, prepared.plan.forms)
    on_planned(prepared, art, plan_all(prepared, art, options))


def _stage(scratch, folder: Path) -> Path:
    """The private staging folder inside OUT; a folder that takes no new entry (/proc/self,
    a file system that refuses them) is said as such, whatever the machine's reason."""
    try:
        return scratch.make(STAGE, folder)
    except OSError as exc:
        raise fail(folder, f"cannot write the outputs here: {exc.strerror or exc}; the files "
                           "already in the folder are unchanged") from None


def _emit(renderer, plan, stage: Path) -> Written:
    from notedeck.render.provenance import seal

    path = stage / renderer.filename
    path.parent.mkdir(parents=True, exist_ok=True)
    count = renderer.emit(plan, path)
    seal(path)                       # its content digest, for `verify` (render/provenance.py)
    _verify(path)
    return Written(path, count, renderer.unit)


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
