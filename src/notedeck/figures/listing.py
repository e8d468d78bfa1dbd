"""Every computed figure as name/value rows, for `notedeck figures`."""

from __future__ import annotations

import json
from typing import Any

_PROSE = {"title", "scene", "still_scarce"}


def flatten(names: dict[str, Any], prefix: str = "") -> list[tuple[str, str]]:
    """('bottleneck.end_to_end_speedup', '132.57×') rows, in namespace order."""
    rows: list[tuple[str, str]] = []
    for key, value in names.items():
        if key in ("workloads", "featured") or key in _PROSE:
            continue
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            rows.extend(flatten(value, name + "."))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                if isinstance(item, dict):
                    rows.extend(flatten(item, f"{name}[{index}]."))
                else:
                    rows.append((f"{name}[{index}]", str(item)))
        else:
            rows.append((name, str(value)))
    return rows


def to_table(rows: list[tuple[str, str]]) -> str:
    width = max(len(name) for name, _ in rows)
    return "\n".join(f"{name:<{width}}  {value}" for name, value in rows)


def to_json(rows: list[tuple[str, str]]) -> str:
    return json.dumps(dict(rows), ensure_ascii=False, indent=2)
