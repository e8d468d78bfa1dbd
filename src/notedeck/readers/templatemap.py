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

from notedeck.errors import Collector, NotedeckError, Problem
from notedeck.readers import yamlfile

FILE_NAME = "template.yaml"
KEYS = ("layout", "master", "placeholders")
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


def read(path: Path) -> TemplateMap:
    """The pins of a template.yaml, or one NotedeckError naming every problem in it."""
    located = yamlfile.load(path)
    data = located.data
    if data is None:
        return TemplateMap(str(path), ())
    if not isinstance(data, dict):
        raise _error(located, (), "expected a mapping of role to layout, such as "
                                  "'content: Title and Content'")
    found = Collector()
    pins = [found.run(_pin, located, role, value) for role, value in data.items()
            if role != LEFT_OUT]
    accepted = found.run(_left_out, located, data[LEFT_OUT]) if LEFT_OUT in data else ()
    found.raise_if_any()
    return TemplateMap(str(path), tuple(pins), accepted or ())


def _left_out(located: yamlfile.Located, value) -> tuple[str, ...]:
    """`left_out: [links to outside addresses]`: kinds of parts the author accepts losing."""
    from notedeck.readers.repack import LEFT_OUT as KINDS

    expected = "expected a list of what a deck may leave out: " + ", ".join(KINDS)
    if not isinstance(value, list):
        raise _error(located, (LEFT_OUT,), expected)
    for index, kind in enumerate(value):
        if kind not in KINDS:
            close = difflib.get_close_matches(str(kind), KINDS, n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            raise _error(located, (LEFT_OUT, index), f"unknown '{kind}'; {hint}{expected}")
    return tuple(value)


def _pin(located: yamlfile.Located, role: str, value) -> Pin:
    line = located.where((role,), at_key=True).line
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return Pin(role, str(value), line=line)
    if not isinstance(value, dict):
        raise _error(located, (role,), "expected a layout name, or a mapping with 'layout' "
                                       "and optionally 'master' and 'placeholders'")
    for key in value:
        if key not in KEYS:
            close = difflib.get_close_matches(key, KEYS, n=1)
            hint = f"; did you mean '{close[0]}'" if close else ""
            raise _error(located, (role, key), f"unknown key '{key}'{hint}; expected one of: "
                                               + ", ".join(KEYS), at_key=True)
    layout = value.get("layout")
    if "layout" not in value:
        raise _error(located, (role,), "no 'layout' given; expected the name of a layout of "
                                       "the template", at_key=True)
    if not isinstance(layout, (str, int)) or isinstance(layout, bool) or str(layout) == "":
        raise _error(located, (role, "layout"), "expected the name of a layout of the template")
    return Pin(role, str(layout), _master(located, role, value.get("master")),
               _slots(located, role, value.get("placeholders")), line)


def _master(located, role: str, master):
    if master is None or (isinstance(master, str) and master):
        return master
    if isinstance(master, int) and not isinstance(master, bool) and master >= 1:
        return master
    raise _error(located, (role, "master"), "expected a master's number (1 for the first) "
                                            "or its name")


def _slots(located, role: str, placeholders) -> tuple:
    if placeholders is None:
        return ()
    if not isinstance(placeholders, dict):
        raise _error(located, (role, "placeholders"), "expected a mapping of what goes where, "
                                                      "such as 'body: Content Placeholder 2'")
    out = []
    for slot, wanted in placeholders.items():
        path = (role, "placeholders", slot)
        if isinstance(wanted, bool) or not isinstance(wanted, (str, int)) or wanted == "":
            raise _error(located, path, "expected a placeholder's name or its idx number")
        out.append((slot, wanted, located.where(path, at_key=True).line))
    return tuple(out)


def _error(located, path: tuple, message: str, at_key: bool = False) -> NotedeckError:
    where = located.where(path, at_key=at_key)
    return NotedeckError(Problem(where, message))
