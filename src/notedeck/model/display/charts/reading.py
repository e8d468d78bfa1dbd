"""What every chart kind reads alike: title and alt text, named entries, formulas, units."""

from __future__ import annotations

from typing import Any

from notedeck.model.display.texts import Context, Texts
from notedeck.model.types import ListOf, Num, Type
from notedeck.model.units import PLAIN, Unit


def title_alt(texts: Texts, spec: dict, path: tuple):
    return (texts.text(spec.get("title"), path + ("title",)),
            texts.text(spec.get("alt"), path + ("alt",)))


def entries(texts: Texts, value: Any, path: tuple, most: int, what: str, shape: str,
            required: bool = True) -> list:
    """(id, mapping, path) of each named entry, or [] (with the problem) when any is amiss."""
    if value is None and not required:
        return []
    if not isinstance(value, dict) or not value or len(value) > most:
        texts.problem(path, f"expected from 1 to {most} {what} by name: {shape}")
        return []
    found = []
    for key, spec in value.items():
        if not isinstance(spec, dict):
            texts.problem(path + (key,), f"expected a mapping: {shape.split(': ', 1)[1]}")
            continue
        found.append((str(key), spec, path + (key,)))
    return found if len(found) == len(value) else []


def over(texts: Texts, spec: dict, path: tuple):
    """(the list an entry repeats over, the context its formulas read), or (False, None)."""
    if "over" not in spec:
        return None, Context()
    rows = texts.rows(spec["over"], path + ("over",))
    return (rows, Context(rows)) if rows else (False, None)


def formula(texts: Texts, value: Any, path: tuple, context: Context, listed: bool):
    """A formula giving numbers: a list of them (`listed`) or one."""
    made = texts.formula(value, path, context)
    if made is None:
        return None
    kind = made.type
    if listed and not (isinstance(kind, ListOf) and isinstance(kind.item, Num)):
        texts.problem(path, f"expected a list of numbers (a list input, a per-item figure or "
                            f"a sweep's figure); '{value}' gives {kind.described()}")
        return None
    if not listed and not isinstance(kind, Num):
        texts.problem(path, f"expected a number; '{value}' gives {kind.described()}")
        return None
    return made


def unit(kind: Type) -> Unit:
    while isinstance(kind, ListOf):
        kind = kind.item
    return kind.unit if isinstance(kind, Num) else PLAIN


def mismatch(what: str, kind: Type, axis: str, held: Unit) -> str:
    return (f"{what}: {unit(kind).described()}, but the {axis} axis holds "
            f"{held.described()}; one axis, one unit")
