"""The build runs forward: the Deck is final after compose, and the values stages hand on are typed."""

from __future__ import annotations

import ast
import dataclasses
import typing
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "notedeck"


def _values():
    from notedeck.deck import Beside, Deck, HandoutSection, Meta, Stamp
    from notedeck.figures.shown import Name, Names
    from notedeck.layout.slide_layout import SlideLayout
    from notedeck.stages.buildplan import BuildPlan
    from notedeck.stages.fill import FilledNote
    from notedeck.stages.read import NoteRead
    from notedeck.stages.settled import Settled
    from notedeck.stages.stages import Planned, Prepared

    names = {"FilledNote": FilledNote, "SlideLayout": SlideLayout, "Names": Names, "Name": Name}
    return [(value, names) for value in (Prepared, Planned, FilledNote, NoteRead, BuildPlan,
                                         Settled, Beside, Stamp, Deck, HandoutSection, Meta)]


def _mentions_any(hint) -> bool:
    return hint is typing.Any or any(_mentions_any(arg) for arg in typing.get_args(hint))


@pytest.mark.parametrize("value, names", _values(), ids=lambda v: getattr(v, "__name__", ""))
def test_no_value_a_stage_hands_on_is_typed_any(value, names):
    hints = typing.get_type_hints(value, localns=names)
    assert hints and [name for name, hint in hints.items() if _mentions_any(hint)] == []


def test_what_a_build_adds_after_compose_is_no_field_of_the_deck():
    from notedeck.deck import Deck, Meta

    assert "clock" not in {f.name for f in dataclasses.fields(Deck)}
    assert not {"build", "variant", "figures", "shown", "output"} & \
        {f.name for f in dataclasses.fields(Meta)}


def test_no_stage_or_renderer_replaces_a_deck():
    """dataclasses.replace on a Deck (or its meta) anywhere after compose would make a second
    Deck: the stamp and the clock travel beside it instead (deck/stamp.py)."""
    found = []
    for path in [*(SRC / "stages").rglob("*.py"), *(SRC / "render").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "replace" \
                    and node.args and "deck" in ast.unparse(node.args[0]).lower():
                found.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert found == []
