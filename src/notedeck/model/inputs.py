"""The `inputs:` part of a model: the scenario file's keys as a tree of declarations."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pydantic import create_model

from notedeck.errors import Location, Problem
from notedeck.model import show as shows
from notedeck.model.document import Document
from notedeck.model.messages import suggest
from notedeck.model.schema import Settings, checked
from notedeck.model.types import FLAG, ListOf, Num, Record, Text, Type
from notedeck.model.units import PLAIN, SECONDS, Unit, scaled_unit

KINDS = ("number", "integer", "duration", "text", "prose", "id", "ref", "flag", "list", "records")
SCALAR_KINDS = KINDS[:8]
COMMON = {"type", "about", "message", "default", "show"}
BOUNDS = {"min", "max", "above", "below"}
KEYS = {
    "number": COMMON | BOUNDS | {"unit"}, "integer": COMMON | BOUNDS | {"unit"},
    "duration": COMMON | BOUNDS, "text": COMMON | {"length"}, "prose": COMMON | {"length"},
    "id": COMMON, "ref": COMMON | {"to"}, "flag": COMMON,
    "list": COMMON | BOUNDS | {"of", "unit", "length", "rising"},
    "records": COMMON | {"key", "fields", "length"},
}
# Each type's keys as pydantic settings (model/schema.py), listed alphabetically in problems.
SETTINGS = {kind: create_model(f"{kind.capitalize()}InputIn", __base__=Settings,
                               **{key: (Any, None) for key in sorted(names)})
            for kind, names in KEYS.items()}
TEXT_LENGTH = {"text": 200, "prose": 2000}
NAME = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
NAMED = ("use lower-case letters, digits and _, starting with a letter, at most 64 "
         "characters")
WORDS = frozenset({"if", "else", "and", "or", "not", "true", "false"})


def bad_name(name) -> str | None:
    """Why a key cannot name an input or a figure, or None."""
    if not isinstance(name, str) or not NAME.match(name):
        return f"'{str(name)[:40]}' is not a name: {NAMED}"
    if name in WORDS:
        return f"'{name}' is a word of the formula language; choose another name"
    return None
ID = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
MISSING = object()


@dataclass(frozen=True)
class Bound:
    value: Fraction
    inclusive: bool
    text: str                              # as the model wrote it, for messages


@dataclass(frozen=True)
class Input:
    """One input: a scalar, a list of scalars or a list of records."""

    path: tuple[str, ...]                  # from the scenario's root (a field: from its item)
    kind: str
    where: Location
    unit: Unit = PLAIN
    low: Bound | None = None
    high: Bound | None = None
    length: tuple[int, int] | None = None
    rising: bool = False
    default: Any = MISSING
    message: str | None = None
    item: Input | None = None              # a list's items
    fields: tuple[tuple[str, Input], ...] = ()
    key: str | None = None                 # records: the field that names an item
    to: tuple[str, ...] | None = None      # ref: the records list whose keys it names
    show: shows.Show | None = None
    scale: Fraction = Fraction(1)          # a written value times this is in base units

    @property
    def type(self) -> Type:
        if self.kind in ("number", "integer"):
            return Num(self.unit)
        if self.kind == "duration":
            return Num(SECONDS)
        if self.kind == "flag":
            return FLAG
        if self.kind in ("text", "prose", "id", "ref"):
            return Text(self.kind)
        if self.kind == "list":
            return ListOf(self.item.type)
        return ListOf(Record(tuple((n, f.type) for n, f in self.fields)), self.key)

    @property
    def required(self) -> bool:
        return self.default is MISSING

    def field(self, name: str) -> Input | None:
        return next((f for n, f in self.fields if n == name), None)


@dataclass
class Space:
    """A mapping of names: inputs, and the names inside it."""

    children: dict[str, Input | Space] = field(default_factory=dict)


class Reader:
    """Reads the declarations; problems gathered, located at the model's keys."""

    def __init__(self, document: Document, declared: frozenset[str], constant, count):
        self.document, self.declared = document, declared
        self.constant = constant            # (text, where) -> (Fraction, Unit) for bounds
        self.count = count                  # counts declarations against the limit
        self.problems: list[Problem] = []

    def problem(self, path: tuple, message: str, at_key: bool = False) -> None:
        self.problems.append(Problem(self.document.where(path, at_key), message))

    def space(self, data: Any, path: tuple, scenario: tuple = ()) -> Space:
        space = Space()
        if not isinstance(data, dict):
            self.problem(path, "expected a mapping of input names")
            return space
        for name, value in data.items():
            here, key = path + (name,), scenario + (name,)
            if not self._name(name, here):
                continue
            if isinstance(value, dict) and "type" not in value:
                space.children[name] = self.space(value, here, key)
            else:
                declared = self.input(value, here, key)
                if declared is not None:
                    space.children[name] = declared
        return space

    def _name(self, name: Any, path: tuple) -> bool:
        problem = bad_name(name)
        if problem:
            self.problem(path, problem, at_key=True)
            return False
        return True

    def input(self, value: Any, path: tuple, key: tuple, inside: str = "") -> Input | None:
        self.count(path)
        if isinstance(value, str):
            value = {"type": value}
        if not isinstance(value, dict):
            self.problem(path, "expected a type (" + ", ".join(KINDS) + ") or a mapping with "
                               "type: and its settings")
            return None
        kind = value.get("type")
        allowed = SCALAR_KINDS if inside else KINDS
        if kind not in allowed:
            where = f" inside {inside}" if inside else ""
            self.problem(path + ("type",), f"unknown input type {kind!r}{where}"
                         + suggest(str(kind), list(allowed)))
            return None
        checked(self, SETTINGS[kind], value, path, f"an input of type {kind}")
        settings = self._settings(kind, value, path, key)
        return settings

    def _settings(self, kind: str, value: dict, path: tuple, key: tuple) -> Input | None:
        where = self.document.where(path)
        unit, scale = self._unit(value, path) if kind in ("number", "integer", "list") \
            else (PLAIN, Fraction(1))
        made = Input(key, kind, where, unit=SECONDS if kind == "duration" else unit,
                     message=self._message(value, path), show=self._show(value, path),
                     scale=scale)
        if kind == "list":
            made = self._list(made, value, path, key)
        elif kind == "records":
            made = self._records(made, value, path, key)
        elif kind == "ref":
            made = self._ref(made, value, path)
        if made is None:
            return None
        if kind in ("number", "integer", "duration"):
            made = self._bounds(made, value, path, made.unit)
        if kind in ("text", "prose"):
            made = self._text_length(made, value, path)
        if "default" in value:
            made = Input(**{**made.__dict__, "default": value["default"]})
        return made

    def _message(self, value: dict, path: tuple) -> str | None:
        message = value.get("message")
        if message is not None and (not isinstance(message, str) or not message.strip()):
            self.problem(path + ("message",), "expected text: what a right value is, read "
                                              "after 'expected'")
            return None
        return message.strip() if message else None

    def _show(self, value: dict, path: tuple) -> shows.Show | None:
        if "show" not in value:
            return None
        made, problem = shows.read(value["show"])
        if problem:
            self.problem(path + ("show",), problem)
        return made

    def _unit(self, value: dict, path: tuple) -> tuple[Unit, Fraction]:
        if "unit" not in value:
            return PLAIN, Fraction(1)
        unit, scale, problem = scaled_unit(value["unit"], self.declared)
        if problem:
            self.problem(path + ("unit",), problem)
            return PLAIN, Fraction(1)
        return unit, scale

    def _bounds(self, made: Input, value: dict, path: tuple, unit: Unit) -> Input:
        found = {}
        for name in BOUNDS & set(value):
            bound = self._bound(value[name], path + (name,), unit, made.scale)
            if bound is not None:
                found[name] = Bound(bound, name in ("min", "max"), str(value[name]))
        for a, b in (("min", "above"), ("max", "below")):
            if a in found and b in found:
                self.problem(path + (b,), f"give {a} or {b}, not both")
        low, high = found.get("min", found.get("above")), found.get("max", found.get("below"))
        if low and high and low.value > high.value:
            self.problem(path, f"the lower bound {low.text} is above the upper bound {high.text}")
        return Input(**{**made.__dict__, "low": low, "high": high})

    def _bound(self, value: Any, path: tuple, unit: Unit, scale: Fraction) -> Fraction | None:
        if isinstance(value, bool) or not isinstance(value, (int, str)) and \
                type(value).__name__ != "Decimal":
            self.problem(path, f"expected a number or a quantity such as '60 s', got {value!r}")
            return None
        number, found, problem = self.constant(str(value))
        if problem is None and found != unit and not found.plain:
            problem = f"the bound is in {found}, but the input is in {unit}"
        if problem:
            self.problem(path, problem)
            return None
        return number * scale if found.plain else number

    def _text_length(self, made: Input, value: dict, path: tuple) -> Input:
        low, high = 0, TEXT_LENGTH[made.kind]
        if "length" in value:
            span = self._length(value["length"], path + ("length",))
            if span:
                low, high = span
        return Input(**{**made.__dict__, "length": (low, high)})

    def _length(self, value: Any, path: tuple) -> tuple[int, int] | None:
        if isinstance(value, int) and not isinstance(value, bool):
            value = {"min": value, "max": value}
        if not isinstance(value, dict) or set(value) - {"min", "max"} or not all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value.values()):
            self.problem(path, "expected a whole number, or min: and max: whole numbers")
            return None
        return value.get("min", 0), value.get("max", 10**9)

    def _list(self, made: Input, value: dict, path: tuple, key: tuple) -> Input | None:
        of = value.get("of")
        if of is None:
            self.problem(path, "a list needs of: the type of its items (number, integer, "
                               "duration, text, id, ...)")
            return None
        settings = {"type": of, **{k: value[k] for k in BOUNDS | {"unit", "message"}
                                   if k in value}}
        item = self.input(settings, path + ("of",), (), inside="a list")
        if item is None:
            return None
        span = self._length(value.get("length", {}), path + ("length",)) or (0, 10**9)
        rising = value.get("rising", False)
        if not isinstance(rising, bool):
            self.problem(path + ("rising",), "expected true or false")
        return Input(**{**made.__dict__, "item": item, "length": span, "unit": item.unit,
                        "scale": item.scale, "rising": rising is True})

    def _records(self, made: Input, value: dict, path: tuple, key: tuple) -> Input | None:
        fields = value.get("fields")
        if not isinstance(fields, dict) or not fields:
            self.problem(path, "a list of records needs fields: a mapping of its fields")
            return None
        declared = []
        for name, setting in fields.items():
            here = path + ("fields", name)
            if self._name(name, here):
                made_field = self.input(setting, here, (name,), inside="a record")
                if made_field is not None:
                    declared.append((name, made_field))
        item_key = value.get("key")
        kinds = dict((n, f.kind) for n, f in declared)
        if item_key is not None and kinds.get(item_key) != "id":
            self.problem(path + ("key",), f"key names the field that identifies an item, of "
                                          f"type id; {item_key!r} is not one"
                         + suggest(str(item_key), [n for n, k in kinds.items() if k == "id"]))
            item_key = None
        span = self._length(value.get("length", {}), path + ("length",)) or (0, 10**9)
        return Input(**{**made.__dict__, "fields": tuple(declared), "key": item_key,
                        "length": span})

    def _ref(self, made: Input, value: dict, path: tuple) -> Input:
        target = value.get("to")
        if not isinstance(target, str) or not target:
            self.problem(path, "a ref needs to: the list of records whose ids it names")
            return made
        return Input(**{**made.__dict__, "to": tuple(target.split("."))})


def walk(space: Space, prefix: tuple = ()):
    """Every input of a tree, with its path."""
    for name, child in space.children.items():
        if isinstance(child, Space):
            yield from walk(child, prefix + (name,))
        else:
            yield prefix + (name,), child


def find(space: Space, path: tuple) -> Input | Space | None:
    node: Input | Space | None = space
    for part in path:
        if not isinstance(node, Space):
            return None
        node = node.children.get(part)
    return node
