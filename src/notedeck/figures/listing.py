"""Every computed figure as name/value rows, for `notedeck figures`."""

from __future__ import annotations

import json
from typing import Any

from notedeck.figures.shown import Items, Prose, Ref


def flatten(names: dict[str, Any], prefix: str = "", flag=str) -> list[tuple[str, str]]:
    """("wait.featured", "9 h") rows, in the names' order; an item of a list with ids by its
    id (crews['north'].delay); prose left out; a flag as `flag` writes it (the build id's
    record keeps str: True, False)."""
    rows: list[tuple[str, str]] = []
    for key, value in names.items():
        rows.extend(_rows(f"{prefix}{key}", value, flag))
    return rows


def said(value: bool) -> str:
    """A flag as `notedeck figures` prints it: yes or no."""
    return "yes" if value else "no"


def _rows(name: str, value: Any, flag=str) -> list[tuple[str, str]]:
    if isinstance(value, Prose):
        return []
    if isinstance(value, Ref):
        return [(name, str(value.key))]
    if isinstance(value, dict):
        return flatten(value, name + ".", flag)
    if isinstance(value, (list, tuple)):
        rows = []
        for index, item in enumerate(value):
            key = repr(item[value.key]) if isinstance(value, Items) and value.key else index
            rows.extend(_rows(f"{name}[{key}]", item, flag))
        return rows
    if isinstance(value, bool):
        return [(name, flag(value))]
    return [(name, str(value))]


def to_table(rows: list[tuple[str, str]]) -> str:
    width = max(len(name) for name, _ in rows)
    return "\n".join(f"{name:<{width}}  {value}" for name, value in rows)


def to_json(rows: list[tuple[str, str]]) -> str:
    return json.dumps(dict(rows), ensure_ascii=False, indent=2)
