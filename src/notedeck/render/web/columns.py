"""The values the page's script looks up: columns indexed by the positions of the controls."""

# A column belongs to the group of the controls it follows, named by them in order
# ("workload.dial" is indexed [workload][dial]); the script reads that order from the name. A
# column whose value never changes is written into the page once and not embedded; the same
# values under the same name are embedded once.

from __future__ import annotations

import re

from notedeck.deck import Phrase, Varying
from notedeck.errors import fail
from notedeck.render.web.html import el, esc

NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")   # a control's or a column's name: no ".", "=", space


class Columns:
    """Collects the columns one page embeds, and writes elements at the controls' start."""

    def __init__(self, start: dict[str, int]):
        self.start = start
        self.stops: dict[str, list[int]] = {}          # where Page Up and Page Down land
        self.groups: dict[str, dict[str, list]] = {}

    def first(self, value: Varying):
        """The value where the controls stand when the page opens."""
        return value.at(self.start)

    def slot(self, value: Varying) -> str | None:
        """The column's name for the script ("dial.label"), or None when it never changes."""
        if len(set(value.flat())) <= 1:
            return None
        for name in (*value.over, value.name or "text"):
            if not NAME.fullmatch(name):
                raise fail("web page", f"'{name}' cannot name a control or a value: use "
                                       "letters, digits, '_' and '-'")
        group = ".".join(value.over)
        columns = self.groups.setdefault(group, {})
        listed, base, name, count = _listed(value.values), value.name or "text", value.name or "text", 1
        while name in columns and columns[name] != listed:
            count += 1
            name = f"{base}{count}"
        columns[name] = listed
        return f"{group}.{name}"

    def text(self, tag: str, phrase: Phrase, **attrs) -> str:
        """An element showing a phrase: one value names its column on the element itself,
        values among fixed words each get a span."""
        if len(phrase) == 1 and isinstance(phrase[0], Varying):
            return el(tag, esc(str(self.first(phrase[0]))), data_slot=self.slot(phrase[0]),
                      **attrs)
        return el(tag, "".join(esc(part) if isinstance(part, str) else self.text("span", (part,))
                               for part in phrase), **attrs)

    def bound(self, attrs: dict[str, Varying]) -> dict[str, str | None]:
        """Attributes at their first values, and data-attr naming the columns that change them."""
        values = {name: str(self.first(value)) for name, value in attrs.items()}
        slots = [f"{name}={slot}" for name, value in attrs.items() if (slot := self.slot(value))]
        return {**values, "data-attr": " ".join(slots) or None}

    def data(self) -> dict:
        """What the script reads, as JSON-ready data."""
        return {"start": self.start, "stops": self.stops, "slots": self.groups}


def mapped(value: Varying, change, name: str) -> Varying:
    """The same controls followed, each value changed: a bar's total from the bar chart."""
    def walk(level, depth: int):
        if depth == 0:
            return change(level)
        return tuple(walk(inner, depth - 1) for inner in level)

    return Varying(value.over, walk(value.values, len(value.over)), name)


def _listed(values):
    return [_listed(v) for v in values] if isinstance(values, (tuple, list)) else values
