"""The note's template.yaml: which layout of its template plays each role, read safely.

    content: Title, Content            # a role and its layout, by name
    chart-and-text:
      layout: Title, 2 Content
      master: 2                        # optional: a master by number (from 1) or name
      placeholders: {chart: PlaceHolder 2, side: PlaceHolder 3}   # by name or idx
    left_out: [links to outside addresses]   # accepted: the deck drops these without a warning

The shape is checked here with file:line errors; whether the roles, layouts and
placeholders exist is checked against the template by the renderer, which
reports at the same lines.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import BeforeValidator, ConfigDict, Field, PlainValidator, WrapValidator

from notedeck.errors import NotedeckError, Problem
from notedeck.model.schema import Settings
from notedeck.readers import yamlfile
from notedeck.readers.validation import custom, validated

FILE_NAME = "template.yaml"
LEFT_OUT = "left_out"              # not a role: what may be left out of the deck unsaid


@dataclass(frozen=True)
class Pin:
    """One role pinned: a layout by name, optionally a master, and placeholders per slot."""

    role: str
    layout: str
    master: str | int | None = None
    slots: tuple[tuple[str, str | int, int | None], ...] = ()   # (slot, placeholder, line)
    line: int | None = None


@dataclass(frozen=True)
class TemplateMap:
    file: str
    pins: tuple[Pin, ...]
    left_out: tuple[str, ...] = ()     # kinds of parts accepted as left out (repack.LEFT_OUT)


def _name(value: Any) -> str:
    if not isinstance(value, (str, int)) or isinstance(value, bool) or str(value) == "":
        raise custom("expected the name of a layout of the template")
    return str(value)


def _master(value: Any) -> str | int | None:
    if value is None or (isinstance(value, str) and value) or \
            (isinstance(value, int) and not isinstance(value, bool) and value >= 1):
        return value
    raise custom("expected a master's number (1 for the first) or its name")


def _placeholder(value: Any) -> str | int:
    if isinstance(value, bool) or not isinstance(value, (str, int)) or value == "":
        raise custom("expected a placeholder's name or its idx number")
    return value


def _slots(value: Any) -> dict | None:
    if value is not None and not isinstance(value, dict):
        raise custom("expected a mapping of what goes where, such as 'body: Content "
                     "Placeholder 2'")
    return value


def _kinds(value: Any) -> list:
    if not isinstance(value, list):
        raise custom(_expected_kinds())
    return value


def _kind(value: Any) -> str:
    from notedeck.readers.repack import LEFT_OUT as KINDS

    if value not in KINDS:
        close = difflib.get_close_matches(str(value), KINDS, n=1)
        hint = f"did you mean '{close[0]}'? " if close else ""
        raise custom(f"unknown '{value}'; {hint}{_expected_kinds()}")
    return value


def _expected_kinds() -> str:
    from notedeck.readers.repack import LEFT_OUT as KINDS

    return "expected a list of what a deck may leave out: " + ", ".join(KINDS)


class PinIn(Settings):
    """A role pinned by a mapping: its layout, and optionally a master and placeholders."""

    layout: Annotated[str, PlainValidator(_name)] = Field(
        description="the name of a layout of the template")
    master: Annotated[str | int | None, PlainValidator(_master)] = None
    placeholders: Annotated[dict[str, Annotated[Any, PlainValidator(_placeholder)]] | None,
                            BeforeValidator(_slots)] = None


def _pin(value: Any, handler) -> str | PinIn:
    """A layout's name, or a mapping (PinIn)."""
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, dict):
        raise custom("expected a layout name, or a mapping with 'layout' and optionally "
                     "'master' and 'placeholders'")
    return handler(value)


class TemplateMapIn(Settings):
    """template.yaml: any role (the template's renderer checks the names), and left_out."""

    model_config = ConfigDict(extra="allow", frozen=True)
    __pydantic_extra__: dict[str, Annotated[PinIn, WrapValidator(_pin)]]
    left_out: Annotated[list[Annotated[str, PlainValidator(_kind)]],
                        BeforeValidator(_kinds)] = []


def read(path: Path) -> TemplateMap:
    """The pins of a template.yaml, or one NotedeckError naming every problem in it."""
    located = yamlfile.load(path)
    data = located.data
    if data is None:
        return TemplateMap(str(path), ())
    if not isinstance(data, dict):
        raise NotedeckError(Problem(located.where(()), "expected a mapping of role to layout, "
                                                       "such as 'content: Title and Content'"))
    found = validated(located, TemplateMapIn)
    pins = tuple(_pinned(located, role, value) for role, value in found.model_extra.items())
    return TemplateMap(str(path), pins, tuple(found.left_out))


def _pinned(located: yamlfile.Located, role: str, value: str | PinIn) -> Pin:
    line = located.where((role,), at_key=True).line
    if isinstance(value, str):
        return Pin(role, value, line=line)
    slots = tuple((slot, wanted, located.where((role, "placeholders", slot), at_key=True).line)
                  for slot, wanted in (value.placeholders or {}).items())
    return Pin(role, value.layout, value.master, slots, line)
