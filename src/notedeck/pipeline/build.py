"""The pipeline: gather, compose, draw charts once, render every output, then move into place."""

from __future__ import annotations

import errno
import os
import re
import shutil
import tempfile
import time
import zipfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from notedeck.errors import NotedeckError, Problem, fail

OUTPUTS = {"pptx": "deck.pptx", "pdf": "handout.pdf"}
STAGE_PREFIX = ".notedeck-"          # .notedeck-PID-XXXX/: a build's private staging folder
# Failures of the machine rather than of notedeck: reported as problems with the output folder.
_WRITE_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS, errno.EACCES,
                 errno.EPERM, errno.EIO}


@dataclass(frozen=True)
class BuildResult:
    paths: tuple[Path, ...]
    slides: int
    pages: int
    seconds: float
    warnings: tuple[Problem, ...]
    kept: bool = False        # nothing changed since the last build: the files were left alone


def build(content: Path, out: Path, audience: str | None = None,
          scenarios_file: Path | None = None, paper: str = "a4",
          strict: bool = False, cache: bool = True, workers: bool = True) -> BuildResult:
    """Build deck.pptx and handout.pdf into `out`; nothing there changes unless both succeed.

    With `cache`, a build whose inputs, options and notedeck match the last build
    into `out`, whose files are untouched, does nothing (manifest.py), and charts
    come from the chart cache (cache.py); `workers` draws missing charts in a
    second process while the note is read (chartwork.py). Outputs are the same
    bytes either way.
    """
    started = time.perf_counter()
    from notedeck.pipeline.chart_helper import Charts
    from notedeck.pipeline.records import Stamp

    stamp = Stamp(content, out, {"audience": audience, "scenarios_file": scenarios_file,
                                 "paper": paper, "strict": strict}, enabled=cache)
    kept = stamp.kept()
    if kept is not None:
        _sweep(Path(out))
        return BuildResult(kept.paths, kept.slides, kept.pages,
                           time.perf_counter() - started, kept.warnings, kept=True)
    with Charts(cache, workers) as charts:
        result = _build(content, out, audience, scenarios_file, paper, strict, charts, started)
    stamp.record(result.paths, result.slides, result.pages, result.warnings)
    return result


def _build(content, out, audience, scenarios_file, paper, strict, charts,
           started: float) -> BuildResult:
    from notedeck.compose import compose
    from notedeck.pipeline.read import gather

    source = gather(content, audience, scenarios_file)
    deck, composed = compose(source)
    template = note_template(content)
    warnings = (*source.warnings, *composed, *template.warnings)
    if strict and warnings:
        raise NotedeckError([Problem(w.where, w.message) for w in warnings])
    art = charts.art(deck.charts)
    with _output_folder(out) as folder, _writing(out):
        stage = Path(tempfile.mkdtemp(prefix=f"{STAGE_PREFIX}{os.getpid()}-", dir=folder))
        try:
            staged = _render(deck, art, stage, paper, template)
            counts = _slide_count(staged[0]), _page_count(staged[1])
            paths = _publish(staged, folder)
        finally:
            shutil.rmtree(stage, ignore_errors=True)
    return BuildResult(paths, *counts, time.perf_counter() - started, tuple(warnings))


def note_template(content: Path):
    """The note's own template (else notedeck's default), read once, made safe and checked
    against the layout contract: a readers.template.TemplatePackage."""
    from notedeck.readers.template import default_template, read_note_template
    from notedeck.render.pptx.layouts import read_template

    package = read_note_template(content) or default_template()
    try:
        read_template(package.data, package.name)
    except NotedeckError:
        raise
    except Exception as exc:   # a part python-pptx cannot make sense of: say so plainly
        raise fail(package.name, "expected a PowerPoint template (.pptx) with notedeck's layout "
                                 f"names; could not read it ({type(exc).__name__})") from None
    return package


def _render(deck, art, stage: Path, paper: str, template) -> tuple[Path, Path]:
    from notedeck.render.pdf import emit as pdf
    from notedeck.render.pptx import emit as pptx

    deck_path, handout_path = stage / OUTPUTS["pptx"], stage / OUTPUTS["pdf"]
    pptx.render(deck, art, deck_path, template.data)
    pdf.render(deck, art, handout_path, paper=paper)
    for path in (deck_path, handout_path):
        _verify(path)
    return deck_path, handout_path


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
        _sweep(out)
        yield out
    except BaseException:
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


def _publish(staged: tuple[Path, Path], out: Path) -> tuple[Path, ...]:
    """Both files moved into place together: one build at a time, no signal in between."""
    import fcntl
    import signal

    held = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
    folder = os.open(out, os.O_RDONLY)
    try:
        fcntl.flock(folder, fcntl.LOCK_EX)
        for path in staged:
            _fsync(path)
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
        try:
            finals = tuple(_replace(path, out / path.name) for path in staged)
            os.fsync(folder)
            while signal.sigtimedwait(held - previous, 0):
                pass                        # too late to stop: the files are complete
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        return finals
    finally:
        os.close(folder)                    # releases the lock


def _replace(staged: Path, final: Path) -> Path:
    os.chmod(staged, 0o644)
    os.replace(staged, final)
    return final


def _fsync(path: Path) -> None:
    with open(path, "rb") as handle:
        os.fsync(handle.fileno())


def _sweep(out: Path) -> None:
    """Remove staging folders left behind by builds that were killed (their process is gone)."""
    for stage in out.glob(f"{STAGE_PREFIX}*-*"):
        match = re.fullmatch(rf"{re.escape(STAGE_PREFIX)}(\d+)-\w+", stage.name)
        if match and stage.is_dir() and not _alive(int(match.group(1))):
            shutil.rmtree(stage, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _remove_if_empty(folder: Path) -> None:
    try:
        folder.rmdir()
    except OSError:
        pass


def _verify(path: Path) -> None:
    """A renderer's file is complete: the deck a readable zip, the handout a closed PDF."""
    if path.suffix == ".pptx":
        with zipfile.ZipFile(path) as archive:
            bad = archive.testzip()
        if bad:
            raise RuntimeError(f"the deck was written incompletely ({bad} is damaged)")
    elif not (path.read_bytes()[:5] == b"%PDF-" and b"%%EOF" in path.read_bytes()[-1024:]):
        raise RuntimeError("the handout was written incompletely")


def _slide_count(path: Path) -> int:
    with zipfile.ZipFile(path) as archive:
        return sum(1 for n in archive.namelist() if re.fullmatch(r"ppt/slides/slide\d+\.xml", n))


def _page_count(path: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", path.read_bytes()))
