"""Models and scenarios written as real YAML files and read through readers/model.py."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from notedeck.errors import NotedeckError
from notedeck.readers import model as reader

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "notedeck"
BUNDLED = PACKAGE / "notes" / "million-tokens"
MILLION = BUNDLED                                   # the notes themselves, not copies
WAITING = PACKAGE / "notes" / "waiting-in-line"


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def model(folder: Path, text: str):
    """A model.yaml written into `folder` and read."""
    return reader.read(write(folder, "model.yaml", text))


def refused(folder: Path, text: str) -> list[str]:
    """The problems reading a model.yaml reports, each as 'FILE:LINE[:COL]: KEY: MESSAGE'."""
    with pytest.raises(NotedeckError) as info:
        model(folder, text)
    return [str(p) for p in info.value.problems]


def scenario(folder: Path, made, text: str):
    return reader.scenario(made, write(folder, "scenarios.yaml", text))


def scenario_refused(folder: Path, made, text: str) -> list[str]:
    with pytest.raises(NotedeckError) as info:
        scenario(folder, made, text)
    return [str(p) for p in info.value.problems]


def evaluation_refused(folder: Path, made, text: str) -> list[str]:
    inputs = scenario(folder, made, text)
    with pytest.raises(NotedeckError) as info:
        made.evaluate(inputs)
    return [str(p) for p in info.value.problems]
