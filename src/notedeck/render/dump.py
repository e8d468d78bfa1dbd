"""deck.json: the Deck model as plain JSON, for goldens, diffs and other tools."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any, Mapping

from notedeck.deck import Deck
from notedeck.render.contract import Renderer, no_art


def to_data(value: Any) -> Any:
    """Dataclasses become objects tagged with their type; tuples become lists."""
    if dataclasses.is_dataclass(value):
        data = {"type": type(value).__name__}
        data.update({f.name: to_data(getattr(value, f.name)) for f in dataclasses.fields(value)
                     if f.metadata.get("content", True)})
        return data
    if isinstance(value, (tuple, list)):
        return [to_data(item) for item in value]
    return value


def dumps(deck: Deck) -> str:
    return json.dumps(to_data(deck), ensure_ascii=False, indent=1) + "\n"


def _plan(deck: Deck, layout, art: Mapping[str, Any], settings) -> Deck:
    return deck                        # chart art is not part of it: charts are in the specs


def _emit(deck: Deck, out: Path) -> int:
    out.write_text(dumps(deck), encoding="utf-8")
    return len(deck.slides)


RENDERER = Renderer("json", "deck.json", "slides", (), _plan, _emit,
                    "the Deck model as JSON, for goldens, diffs and other tools", no_art)
