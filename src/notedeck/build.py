"""The pipeline: gather, compose, draw charts once, render every output, then move into place."""

from __future__ import annotations

import os
import re
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

from .errors import NotedeckError, Problem, fail

OUTPUTS = {"pptx": "deck.pptx", "pdf": "handout.pdf"}
PAPERS = ("a4", "letter")


@dataclass(frozen=True)
class BuildResult:
    paths: tuple[Path, ...]
    slides: int
    pages: int
    seconds: float
    warnings: tuple[Problem, ...]


def build(content: Path, out: Path, audience: str | None = None,
          scenarios_file: Path | None = None, paper: str = "a4",
          strict: bool = False) -> BuildResult:
    """Build deck.pptx and handout.pdf into `out`; nothing there changes unless both succeed."""
    started = time.perf_counter()
    from .compose import compose
    from .gather import gather

    deck, warnings = compose(gather(content, audience, scenarios_file))
    if strict and warnings:
        raise NotedeckError([Problem(w.where, w.message) for w in warnings])
    _prepare(out)
    from .render import charts, pdf, pptx

    art = charts.draw_all(deck.charts)
    staged = {}
    try:
        for kind, name in OUTPUTS.items():
            staged[kind] = _temporary(out, name)
        pptx.render(deck, art, staged["pptx"])
        pdf.render(deck, art, staged["pdf"], paper=paper)
        paths = tuple(_publish(staged[kind], out / name) for kind, name in OUTPUTS.items())
    finally:
        for path in staged.values():
            path.unlink(missing_ok=True)
    return BuildResult(paths, _slide_count(paths[0]), _page_count(paths[1]),
                       time.perf_counter() - started, tuple(warnings))


def _prepare(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise fail(out, "--out names a file; expected a folder to write deck.pptx and "
                        "handout.pdf into")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise fail(out, f"cannot create the output folder: {exc.strerror}") from None
    if not os.access(out, os.W_OK | os.X_OK):
        raise fail(out, "the output folder is not writable")


def _temporary(out: Path, name: str) -> Path:
    handle, path = tempfile.mkstemp(prefix=f".{name}.", suffix=".partial", dir=out)
    os.close(handle)
    return Path(path)


def _publish(staged: Path, final: Path) -> Path:
    with open(staged, "rb") as handle:
        os.fsync(handle.fileno())
    os.chmod(staged, 0o644)
    os.replace(staged, final)
    return final


def _slide_count(path: Path) -> int:
    with zipfile.ZipFile(path) as archive:
        return sum(1 for n in archive.namelist() if re.fullmatch(r"ppt/slides/slide\d+\.xml", n))


def _page_count(path: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", path.read_bytes()))
