"""A control's formulas: compiled in the panel's context and checked for the type they must give."""

from __future__ import annotations

from typing import Any

from notedeck.model.display.texts import Context, Texts
from notedeck.model.types import ListOf, Num


def formula(texts: Texts, value: Any, path: tuple, context: Context, kind):
    made = texts.formula(value, path, context)
    if made is None:
        return None
    if kind is not None and made.type != kind and not _fits(made.type, kind):
        texts.problem(path, f"expected {kind.described()}; '{value}' gives "
                            f"{made.type.described()}")
        return None
    return made


def _fits(got, wanted) -> bool:
    if isinstance(wanted, ListOf):
        return isinstance(got, ListOf) and _fits(got.item, wanted.item)
    return isinstance(got, Num) and isinstance(wanted, Num) and got.unit == wanted.unit
