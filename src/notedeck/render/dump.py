"""deck.json: the Deck model as plain JSON, for goldens, diffs and other tools."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any, Mapping

from notedeck.model import Deck


def to_data(value: Any) -> Any:
    """Dataclasses become objects tagged with their type; tuples become lists; fields marked
    ``metadata={"dump": False}`` are left out."""
    if dataclasses.is_dataclass(value):
        data = {"type": type(value).__name__}
        data.update({f.name: to_data(getattr(value, f.name)) for f in dataclasses.fields(value)
                     if f.metadata.get("dump", True)})
        return data
    if isinstance(value, (tuple, list)):
        return [to_data(item) for item in value]
    return value


def dumps(deck: Deck) -> str:
    return json.dumps(to_data(deck), ensure_ascii=False, indent=1) + "\n"


def render(deck: Deck, art: Mapping[str, Any], out: Path) -> Path:
    """Write the Deck as JSON; chart art is not part of it (charts are in the specs)."""
    out.write_text(dumps(deck), encoding="utf-8")
    return out
