"""A small note to break: tests/notes/budgets copied with its model, scenario or section
replaced, and the CLI run on it within helpers.bounded's limits."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from .helpers import assert_clean, bounded

TINY = Path(__file__).resolve().parents[1] / "notes" / "budgets"
HEAD = "about: a tiny model\ninputs:\n  x: {type: number, min: 0, max: 100}\n"
SECTION = "sections/01-a.md"
# "FILE:LINE" at the start of a reported problem: what every refusal must name.
LOCATED = re.compile(r"^error: \S+\.(yaml|md):\d+", re.M)


def tiny(folder: Path, model: str | None = None, scenarios: str | None = None,
         slide: str | None = None) -> Path:
    """The small note in `folder`, with `model` as model.yaml, `scenarios` as its scenario,
    and `slide` (Markdown: a slide's body) placed as a slide of its own before the handout."""
    note = folder / "note"
    shutil.copytree(TINY, note)
    if model is not None:
        (note / "model.yaml").write_text(model, encoding="utf-8")
    if scenarios is not None:
        (note / "scenarios.yaml").write_text(scenarios, encoding="utf-8")
    if slide is not None:
        path = note / SECTION
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("# Handout\n", f"## More\n\n{slide}\n\n### Notes\n\n"
                                                   "Said.\n\n# Handout\n", 1), encoding="utf-8")
    return note


def refused(note: Path, *args: str) -> str:
    """The CLI run on `note` ends in exit 2, no traceback, its errors at file:line: what it
    said."""
    done = run(note, *args)
    assert_clean(done, 2)
    assert LOCATED.search(done.stderr), done.stderr
    return done.stderr


def run(note: Path, *args: str):
    command = args or ("check",)
    extra = ("--out", str(note.parent / "out")) if command[0] == "build" else ()
    return bounded(*command, "--content", str(note), *extra)


def line_of(note: Path, name: str, needle: str) -> int:
    """The line of `name` in the note holding `needle`, 1-based."""
    lines = (note / name).read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if needle in line)
