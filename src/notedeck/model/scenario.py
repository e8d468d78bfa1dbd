"""A scenario checked by a pydantic model built from the model's inputs: every problem at once."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Any, ClassVar

from pydantic import (Field, PlainValidator, ValidationError, WrapValidator, create_model,
                      model_validator)

from notedeck.errors import Problem
from notedeck.model.document import Document
from notedeck.model.inputs import ID, Input, Space
from notedeck.model.messages import key_text, shown, suggest
from notedeck.model.schema import Settings, again, custom, invalid
from notedeck.model.syntax import MAX_EXPONENT
from notedeck.model.units import parse_duration

PLACEHOLDER_MARKS = ("{{", "{%", "{#")
WHAT = {"number": "a number", "integer": "a whole number", "duration": "a duration",
        "text": "text", "prose": "text", "flag": "true or false",
        "id": "an id of lower-case letters, digits and _ starting with a letter (e.g. apps)",
        "ref": "an id of lower-case letters, digits and _ starting with a letter (e.g. apps)"}


class Wrong(Exception):
    """One value is wrong; the message follows 'expected' or stands alone."""


class Part(Settings):
    """A mapping of a scenario (model/schema.py's mechanism, built from the model's inputs):
    a text or prose written empty is one not given (its default, or a missing key)."""

    empty: ClassVar[frozenset[str]] = frozenset()

    @model_validator(mode="before")
    @classmethod
    def _not_given(cls, data: Any) -> Any:
        if isinstance(data, dict) and cls.empty:
            return {k: v for k, v in data.items() if v is not None or k not in cls.empty}
        return data


def schema(space: Space, list_items: int) -> type[Part]:
    """The scenario file's keys and values as a pydantic model, from the model's inputs;
    a list holds at most `list_items` items."""
    return _part(space.children.items(), list_items)


def values(part: Part) -> dict:
    """A validated scenario's values by key, as the model reads them."""
    return {field.alias: values(value) if isinstance(value, Part) else value
            for name, field in type(part).model_fields.items()
            for value in (getattr(part, name),)}


class Refs:
    """The problems of refs that name no item, at their values' lines."""

    def __init__(self, document: Document):
        self.document = document
        self.problems: list[Problem] = []

    def problem(self, path: tuple, message: str, at_key: bool = False) -> None:
        self.problems.append(Problem(self.document.where(path, at_key), message))


def _part(children, list_items: int) -> type[Part]:
    children = list(children)
    fields = {f"k{index}": _field(child, name, list_items)          # the names as aliases:
              for index, (name, child) in enumerate(children)}      # any name, no clash
    made = create_model("ScenarioPart", __base__=Part, **fields)
    made.empty = frozenset(name for name, child in children
                           if isinstance(child, Input) and child.kind in ("text", "prose"))
    return made


def _field(child: Input | Space, name: str, list_items: int) -> tuple:
    if isinstance(child, Space):
        if _all_optional(child):
            return _part(child.children.items(), list_items), Field({}, alias=name,
                                                                    validate_default=True)
        return _part(child.children.items(), list_items), Field(
            alias=name, description="a mapping with the keys " + ", ".join(child.children))
    if child.required:
        return _annotation(child, list_items), Field(alias=name, description=wanted(child))
    return _annotation(child, list_items), Field(child.default, alias=name,
                                                 validate_default=True)


def _annotation(declared: Input, list_items: int) -> Any:
    if declared.kind == "list":
        return Annotated[list[_annotation(declared.item, list_items)],
                         WrapValidator(_listed(declared, list_items))]
    if declared.kind == "records":
        return Annotated[list[_part(declared.fields, list_items)],
                         WrapValidator(_records(declared, list_items))]

    def convert(value: Any) -> Any:
        try:
            return scalar(declared, value)
        except Wrong as exc:
            raise custom(str(exc)) from None
    return Annotated[Any, PlainValidator(convert)]


def _sized(declared: Input, value: Any, list_items: int) -> None:
    if not isinstance(value, list):
        raise custom(f"expected a list, got {shown(value)}")
    low, high = declared.length or (0, 10**9)
    high = min(high, list_items)
    if not low <= len(value) <= high:
        word, limit = ("at least", low) if len(value) < low else ("at most", high)
        noun = "item" if limit == 1 else "items"
        raise custom(f"expected {word} {limit} {noun}, got {len(value)}")


def _listed(declared: Input, list_items: int):
    def check(value: Any, handler) -> tuple:
        _sized(declared, value, list_items)
        items = tuple(handler(value))
        for index, (a, b) in enumerate(zip(items, items[1:]) if declared.rising else ()):
            if b <= a:
                raise invalid([((index + 1,), "the values must rise from first to last: "
                                f"{shown(value[index + 1])} follows {shown(value[index])}")])
        return items
    return check


def _records(declared: Input, list_items: int):
    def check(value: Any, handler) -> tuple:
        _sized(declared, value, list_items)
        errors, records = [], ()
        try:
            records = handler(value)
        except ValidationError as exc:
            errors = [again(error) for error in exc.errors()]
        twice = [again({"type": "notedeck", "msg": message, "loc": path, "input": None})
                 for path, message in _duplicates(declared, value)]
        if errors or twice:          # each record's problems, then its duplicate key
            raise ValidationError.from_exception_data("notedeck", sorted(
                errors + twice, key=lambda e: e["loc"][0]))
        return tuple(values(record) for record in records)
    return check


def _duplicates(declared: Input, value: list) -> list[tuple[tuple, str]]:
    """(path, problem) of each record whose key an earlier record has."""
    if not declared.key:
        return []
    seen, found, field = {}, [], declared.field(declared.key)
    for index, item in enumerate(value):
        if not isinstance(item, dict):
            continue
        key = _key(field, item, declared.key)
        if key in seen:
            found.append(((index, declared.key), f"duplicate {declared.key} '{key}' (also "
                          f"{key_text(declared.path + (seen[key],))})"))
        seen.setdefault(key, index)
    return found


def _key(field: Input, item: dict, name: str) -> Any:
    """A record's key as converted (None where it is missing or wrong)."""
    if name not in item or item[name] is None and field.kind in ("text", "prose"):
        if field.required:
            return None
        value = field.default
    else:
        value = item[name]
    try:
        return scalar(field, value)
    except Wrong:
        return None


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
    wanted = WHAT[declared.kind] + _range(declared)     # what is not a number: say the range
    if isinstance(value, bool) or not isinstance(value, (int, Decimal, str, Fraction)):
        raise Wrong(_expected(declared, wanted, value))
    if isinstance(value, str):
        try:
            value = Decimal(value.replace(",", "").replace("_", "").strip())
        except ArithmeticError:
            raise Wrong(_expected(declared, wanted, value)) from None
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


def check_refs(checker: Refs, space: Space, values: dict, refs: list) -> None:
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

