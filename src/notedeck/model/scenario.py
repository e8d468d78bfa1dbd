"""A scenario's data checked against the model's inputs: exact values, or every problem at once."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

from notedeck.errors import Problem
from notedeck.model.document import Document
from notedeck.model.inputs import ID, Input, Space
from notedeck.model.messages import MAX_REPORTED, key_text, shown, suggest
from notedeck.model.syntax import MAX_EXPONENT
from notedeck.model.units import parse_duration

PLACEHOLDER_MARKS = ("{{", "{%", "{#")
WHAT = {"number": "a number", "integer": "a whole number", "duration": "a duration",
        "text": "text", "prose": "text", "flag": "true or false",
        "id": "an id of lower-case letters, digits and _ starting with a letter (e.g. apps)",
        "ref": "an id of lower-case letters, digits and _ starting with a letter (e.g. apps)"}


class Wrong(Exception):
    """One value is wrong; the message follows 'expected' or stands alone."""


class Checker:
    """Walks a scenario along the input tree, converting values and gathering problems."""

    def __init__(self, document: Document, list_items: int):
        self.document, self.list_items = document, list_items
        self.problems: list[Problem] = []

    def problem(self, path: tuple, message: str, at_key: bool = False) -> None:
        self.problems.append(Problem(self.document.where(path, at_key), message))

    def missing(self, path: tuple, what: str) -> None:
        """A required key absent: said at the line of the mapping that lacks it."""
        where = self.document.where(path[:-1], isinstance(path[-2], str)) if len(path) > 1 \
            else self.document.where(())
        where = replace(where, key=key_text(path))
        self.problems.append(Problem(where, f"required key '{path[-1]}' is missing: {what}"))

    def space(self, space: Space, data: Any, path: tuple) -> dict:
        if not isinstance(data, dict):
            self.problem(path, f"expected a mapping (key: value lines), got {shown(data)}")
            return {}
        names = list(space.children)
        for key in data:
            if key not in space.children:
                self.problem(path + (key,), f"unknown key '{key}'" + suggest(str(key), names),
                             at_key=True)
        values = {}
        for name, child in space.children.items():
            here = path + (name,)
            if isinstance(child, Space):
                if name in data:
                    values[name] = self.space(child, data[name], here)
                elif _all_optional(child):
                    values[name] = self.space(child, {}, here)
                else:
                    self.missing(here, "a mapping with the keys " + ", ".join(child.children))
            else:
                values[name] = self.value(child, data, name, here)
        return values

    def value(self, declared: Input, data: dict, name: str, path: tuple) -> Any:
        if name not in data or data[name] is None and declared.kind in ("text", "prose"):
            if declared.required:
                self.missing(path, wanted(declared))
                return None
            return self.convert(declared, declared.default, path)
        return self.convert(declared, data[name], path)

    def convert(self, declared: Input, value: Any, path: tuple) -> Any:
        if declared.kind == "list":
            return self._list(declared, value, path)
        if declared.kind == "records":
            return self._records(declared, value, path)
        try:
            return scalar(declared, value)
        except Wrong as exc:
            self.problem(path, str(exc))
            return None

    def _sized(self, declared: Input, value: Any, path: tuple) -> bool:
        if not isinstance(value, list):
            self.problem(path, f"expected a list, got {shown(value)}")
            return False
        low, high = declared.length or (0, 10**9)
        high = min(high, self.list_items)
        if not low <= len(value) <= high:
            word, limit = ("at least", low) if len(value) < low else ("at most", high)
            noun = "item" if limit == 1 else "items"
            self.problem(path, f"expected {word} {limit} {noun}, got {len(value)}")
            return False
        return True

    def _list(self, declared: Input, value: Any, path: tuple) -> tuple | None:
        if not self._sized(declared, value, path):
            return None
        items = tuple(self.convert(declared.item, v, path + (i,)) for i, v in enumerate(value))
        if declared.rising and None not in items:
            for index, (a, b) in enumerate(zip(items, items[1:])):
                if b <= a:
                    self.problem(path + (index + 1,), "the values must rise from first to last: "
                                 f"{shown(value[index + 1])} follows {shown(value[index])}")
                    break
        return items

    def _records(self, declared: Input, value: Any, path: tuple) -> tuple | None:
        if not self._sized(declared, value, path):
            return None
        records, seen = [], {}
        names = [n for n, _ in declared.fields]
        for index, item in enumerate(value):
            here = path + (index,)
            if not isinstance(item, dict):
                self.problem(here, f"expected a mapping (key: value lines), got {shown(item)}")
                continue
            for key in item:
                if key not in names:
                    self.problem(here + (key,), f"unknown key '{key}'" + suggest(str(key), names),
                                 at_key=True)
            record = {n: self.value(f, item, n, here + (n,)) for n, f in declared.fields}
            if declared.key:
                key = record.get(declared.key)
                if key in seen:
                    self.problem(here + (declared.key,), f"duplicate {declared.key} '{key}' "
                                 f"(also {key_text(path + (seen[key],))})")
                seen.setdefault(key, index)
            records.append(record)
        return tuple(records)


EXAMPLES = {"number": "12", "integer": "12", "duration": "45 min", "flag": "true",
            "text": "a label", "prose": "a sentence", "id": "apps", "ref": "apps"}


def wanted(declared: Input) -> str:
    """What a value of this input is, for a message: its type, unit and an example."""
    if declared.message:
        return declared.message
    if declared.kind in ("list", "records"):
        item = "items with the keys " + ", ".join(n for n, _ in declared.fields) \
            if declared.kind == "records" else f"{declared.item.kind}s" if declared.item \
            else "values"
        return f"a list of {item}"
    unit = f" in {declared.unit}" if not declared.unit.plain and declared.kind != "duration" \
        else ""
    return f"{WHAT.get(declared.kind, declared.kind)}{unit}, e.g. " \
           f"{EXAMPLES.get(declared.kind, '1')}"


def _all_optional(space: Space) -> bool:
    return all(_all_optional(c) if isinstance(c, Space) else not c.required
               for c in space.children.values())


def _expected(declared: Input, what: str, found: Any) -> str:
    if declared.message:
        return f"expected {declared.message}, got {shown(found)}"
    return f"expected {what}, got {shown(found)}"


def scalar(declared: Input, value: Any) -> Any:
    """One scalar value converted (Fraction, str, bool); Wrong with what was expected."""
    kind = declared.kind
    if kind in ("number", "integer"):
        found = _number(declared, value)
        if kind == "integer" and found.denominator != 1:
            raise Wrong(_expected(declared, "a whole number", value))
        return _bounded(declared, found * declared.scale, value)
    if kind == "duration":
        try:
            seconds = parse_duration(value)
        except ValueError as exc:
            raise Wrong(_expected(declared, str(exc).removeprefix("expected "), value)) from None
        return _bounded(declared, seconds, value)
    if kind == "flag":
        if not isinstance(value, bool):
            raise Wrong(_expected(declared, "true or false", value))
        return value
    if not isinstance(value, str):
        raise Wrong(_expected(declared, WHAT[kind], value))
    if kind in ("id", "ref"):
        if not ID.match(value):
            raise Wrong(_expected(declared, WHAT[kind], value))
        return value
    return _text(declared, value)


def _number(declared: Input, value: Any) -> Fraction:
    """A number from YAML (int, exact Decimal), text ('1,000') or code (Fraction)."""
    if isinstance(value, Fraction):
        value = Decimal(value.numerator) if value.denominator == 1 else value
    if isinstance(value, bool) or not isinstance(value, (int, Decimal, str, Fraction)):
        raise Wrong(_expected(declared, WHAT[declared.kind], value))
    if isinstance(value, str):
        try:
            value = Decimal(value.replace(",", "").replace("_", "").strip())
        except ArithmeticError:
            raise Wrong(_expected(declared, WHAT[declared.kind], value)) from None
    if isinstance(value, Decimal) and not value.is_finite():
        raise Wrong(f"expected a finite number, got {value}")
    size = _digits(value)
    if size is not None and not -MAX_EXPONENT <= size <= MAX_EXPONENT:
        raise Wrong(f"expected a number of a sensible size, got {shown(value)}; numbers this "
                    "large or this small mean nothing here")
    return Fraction(value)


def _digits(value: int | Decimal | Fraction) -> int | None:
    """The decimal exponent of a non-zero number's leading digit (None for zero)."""
    if not value:
        return None
    if isinstance(value, Fraction):
        return len(str(abs(value.numerator))) - len(str(value.denominator))
    return Decimal(value).adjusted()


def _bounded(declared: Input, found: Fraction, value: Any) -> Fraction:
    low, high = declared.low, declared.high
    below = low and (found < low.value if low.inclusive else found <= low.value)
    above = high and (found > high.value if high.inclusive else found >= high.value)
    if below or above:
        raise Wrong(_expected(declared, WHAT[declared.kind] + _range(declared), value))
    return found


def _range(declared: Input) -> str:
    low, high = declared.low, declared.high
    if low and high and low.inclusive and high.inclusive:
        return f" from {low.text} to {high.text}"
    parts = []
    if low:
        parts.append(f"at least {low.text}" if low.inclusive else f"above {low.text}")
    if high:
        parts.append(f"at most {high.text}" if high.inclusive else f"below {high.text}")
    return " " + " and ".join(parts) if parts else ""


def _text(declared: Input, value: str) -> str:
    value = value.strip()
    low, high = declared.length or (0, 10**9)
    if not value and declared.required and low == 0:
        low = 1
    if len(value) < low:
        raise Wrong("expected text, got an empty value" if not value else
                    f"expected at least {low} characters, got {len(value)}")
    if len(value) > high:
        raise Wrong(f"expected at most {high} characters, got {len(value)}")
    if declared.kind == "text":
        found = next((mark for mark in PLACEHOLDER_MARKS if mark in value), None)
        if found:
            raise Wrong(f"this is plain text, shown as written; placeholders ('{found}') are "
                        "not filled here. Write the words themselves")
    return value


def check_refs(checker: Checker, space: Space, values: dict, refs: list) -> None:
    """Every ref names an item of its list: (path of the ref's value, Input, value)."""
    for path, declared, value in refs:
        target = _at(values, declared.to)
        if target is None or value is None:
            continue
        owner = _find_list(space, declared.to)
        keys = [r.get(owner.key) for r in target] if owner is not None and owner.key else []
        if value not in keys:
            checker.problem(path, f"'{value}' is not a {owner_name(declared.to)} id"
                            + suggest(value, [k for k in keys if k is not None]))


def owner_name(path: tuple) -> str:
    return key_text(path)


def _at(values: dict, path: tuple) -> Any:
    for part in path:
        if not isinstance(values, dict):
            return None
        values = values.get(part)
    return values


def _find_list(space: Space, path: tuple) -> Input | None:
    node: Any = space
    for part in path:
        node = node.children.get(part) if isinstance(node, Space) else None
    return node if isinstance(node, Input) and node.kind == "records" else None


def refs(space: Space, values: dict, path: tuple = ()) -> list:
    """(path, Input, value) of every ref in the converted values."""
    found = []
    for name, child in space.children.items():
        value = values.get(name) if isinstance(values, dict) else None
        here = path + (name,)
        if isinstance(child, Space):
            found.extend(refs(child, value or {}, here))
        elif child.kind == "ref":
            found.append((here, child, value))
        elif child.kind == "records" and value:
            for index, record in enumerate(value):
                for field_name, declared in child.fields:
                    if declared.kind == "ref":
                        found.append((here + (index, field_name), declared, record.get(field_name)))
    return found


def bounded_problems(problems: list[Problem], document: Document) -> list[Problem]:
    """At most MAX_REPORTED problems, then a count of the rest."""
    if len(problems) <= MAX_REPORTED:
        return problems
    return problems[:MAX_REPORTED] + [Problem(document.where(()), f"... and "
                                              f"{len(problems) - MAX_REPORTED} more problems "
                                              "in this file")]

