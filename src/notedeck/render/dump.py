"""deck.json: the Deck model as plain JSON, for goldens, diffs and other tools."""

from __future__ import annotations

import dataclasses
import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from notedeck.deck import Beside, ChartArt, Deck, Stamp
from notedeck.render.contract import Renderer, no_art


def to_data(value: Any) -> Any:
    """Dataclasses become objects tagged with their type; tuples become lists."""
    if isinstance(value, (tuple, list)):
        return [to_data(item) for item in value]
    if dataclasses.is_dataclass(value):
        data = {"type": type(value).__name__}
        data.update({name: to_data(getattr(value, name)) for name in _content(type(value))})
        return data
    return value


@lru_cache(maxsize=None)
def _content(cls: type) -> tuple[str, ...]:
    """The names of a dataclass's fields that hold content, in order."""
    return tuple(f.name for f in dataclasses.fields(cls) if f.metadata.get("content", True))


def shown_text(part: Any) -> str:
    """The text a part of the Deck is known by (an output's stamp hashes it): its data as
    compact JSON, keys sorted."""
    return json.dumps(to_data(part), ensure_ascii=False, sort_keys=True)


def dumps(deck: Deck, stamp: Stamp = Stamp()) -> str:
    """deck.json's text: the Deck, its stamp's build id, audience and figures in its meta (where
    tools and `verify` read them)."""
    data = to_data(deck)
    meta = data["meta"]
    keys = list(meta)
    at = keys.index("keywords") + 1
    said = {"build": stamp.build, "variant": stamp.variant, "figures": to_data(stamp.figures)}
    data["meta"] = {**{k: meta[k] for k in keys[:at]}, **said, **{k: meta[k] for k in keys[at:]}}
    return json_text(data)


def json_text(data: Any) -> str:
    """`json.dumps(data, ensure_ascii=False, indent=1)` and a newline, character for character
    (build ids hash it). The standard library writes an indented dump with its pure-Python
    encoder; `_indented` writes the same text several times faster, and leaves anything it
    does not expect to the standard library."""
    chunks: list[str] = []
    try:
        _indented(data, chunks, "\n")
    except _Unexpected:
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    chunks.append("\n")
    return "".join(chunks)


class _Unexpected(Exception):
    """A value `_indented` leaves to the standard library."""


_STRING = json.encoder.encode_basestring          # the C encoder's, where it is built
_FLOATS = {float("inf"): "Infinity", float("-inf"): "-Infinity"}


def _indented(value: Any, out: list[str], newline: str) -> None:
    """Append `value` as json.dumps(indent=1) writes it at the depth `newline` carries."""
    kind = type(value)
    if kind is str:
        out.append(_STRING(value))
    elif kind is dict:
        if not value:
            out.append("{}")
            return
        inner, first = newline + " ", True
        for key, item in value.items():
            if type(key) is not str:
                raise _Unexpected
            out.append(("{" if first else ",") + inner + _STRING(key) + ": ")
            first = False
            _indented(item, out, inner)
        out.append(newline + "}")
    elif kind is list:
        if not value:
            out.append("[]")
            return
        inner, first = newline + " ", True
        for item in value:
            out.append(("[" if first else ",") + inner)
            first = False
            _indented(item, out, inner)
        out.append(newline + "]")
    elif value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif kind is int:
        out.append(int.__repr__(value))
    elif kind is float:
        out.append(_FLOATS.get(value, "NaN" if value != value else float.__repr__(value)))
    else:
        raise _Unexpected


def _plan(deck: Deck, beside: Beside, layout, art: Mapping[str, ChartArt],
          settings) -> tuple[Deck, Stamp]:
    return deck, beside.stamp          # chart art is not part of it: charts are in the specs


def _emit(planned: tuple[Deck, Stamp], out: Path) -> int:
    deck, stamp = planned
    out.write_text(dumps(deck, stamp), encoding="utf-8")
    return len(deck.slides)


RENDERER = Renderer("json", "deck.json", "slides", (), _plan, _emit,
                    "the Deck model as JSON, for goldens, diffs and other tools", no_art)
