"""`notedeck explain NAME`: a figure's formula, what it reads, its form, value and places."""

from __future__ import annotations

import re
from dataclasses import dataclass

from notedeck.errors import NotedeckError
from notedeck.model.inputs import Input, walk
from notedeck.model.messages import key_text, suggest
from notedeck.model.types import ListOf, Num

INDEX = re.compile(r"\[[^\]]*\]")
SHOWN_ITEMS = 8                # a list read by a formula: its first values, then how many


def generic(name: str) -> str:
    """A concrete name as the model declares it: crews['north'].delay -> crews[].delay."""
    return INDEX.sub("[]", name.replace('"', "'"))


@dataclass(frozen=True)
class Read:
    """One name a formula reads, in this instance, with its unit and value as shown."""

    name: str
    unit: str
    value: str


@dataclass(frozen=True)
class Definition:
    name: str                 # as concrete as the listing names it
    kind: str                 # "figure" | "input"
    formula: str              # "" for an input
    where: str                # model.yaml:LINE (the formula's or the input's)
    unit: str
    show: str
    places: str
    value: str
    reads: tuple[Read, ...]


def define(model, rows: dict[str, str], name: str) -> Definition:
    """What `name` (a figure or input as `notedeck figures` lists it) is and reads."""
    name = concrete(name.strip().replace('"', "'"), rows)
    shape = generic(name)
    declared = _input(model, shape)
    if declared is not None:
        return Definition(name, "input", "", str(declared.where), _unit(declared.type),
                          *_show(declared.show, declared.type), _value(name, rows), ())
    figure = next((f for f in model.figures if f.path in _shapes(shape)), None)
    if figure is not None:
        shape = figure.path
    if figure is None:
        known = [f.path for f in model.figures] + [key_text(p) for p, _ in walk(model.inputs)]
        raise NotedeckError(f"explain: no figure or input '{name}'" + suggest(shape, known))
    compiled, prefix, local = _formula(model.plan, shape, name)
    reads = tuple(Read(full, _unit(kind), _value(full, rows))
                  for full, kind in _reads(compiled, prefix, local))
    return Definition(name, "figure", compiled.source.text, str(compiled.source.where),
                      _unit(figure.type), *_show(figure.show, figure.type), _value(name, rows),
                      reads)


def _shapes(shape: str) -> list[str]:
    """The shape as given, then with a list's items named whole at each dot
    (curve.x -> curve[].x)."""
    dots = [i for i, c in enumerate(shape) if c == "."]
    return [shape, *(shape[:i] + "[]" + shape[i:] for i in dots)]


def concrete(name: str, rows: dict[str, str]) -> str:
    """The listed name `name` stands for: itself, or a list's item picked by position
    (teams[1].wait), or the first item when none is picked (teams.wait, teams[].wait)."""
    if name in rows or any(r.startswith(name + "[") for r in rows):
        return name
    wanted = generic(name)
    shapes = {generic(r): r for r in reversed(list(rows))}
    if wanted not in shapes:
        loose = re.sub(r"^(\w+)\.", r"\1[].", wanted)
        wanted = loose if loose in shapes else wanted
    same = [r for r in rows if generic(r) == wanted]
    picked = re.findall(r"\[(\d+)\]", name)
    if same and picked and int(picked[0]) < len(same):
        return same[int(picked[0])]
    return same[0] if same else name


def _input(model, shape: str) -> Input | None:
    for path, declared in walk(model.inputs):
        text = key_text(path)
        if text == shape:
            return declared
        for field, one in declared.fields:
            if f"{text}[].{field}" == shape:
                return one
    return None


def _formula(plan, shape: str, name: str):
    """(compiled formula, the instance's prefix, the names read relative to it)."""
    head, _, last = shape.rpartition(".")
    prefix = name[:len(name) - len(last) - 1]
    if ("leaf", tuple(shape.split("."))) in plan.compiled:
        return plan.compiled[("leaf", tuple(shape.split(".")))], "", set()
    items = tuple(head.removesuffix("[]").split("."))
    if head.endswith("[]") and ("col", items, last) in plan.compiled:
        entry = plan.items[items]
        local = {n for n, _ in entry.input.fields} | set(entry.columns)
        return plan.compiled[("col", items, last)], prefix, local
    entry = plan.uses[items]
    group = entry.group
    local = {group.param, *(f.path[0] for f in group.figures)}
    if last == group.param:
        part = "at" if entry.use.mode in ("at", "over") else "from"
        return plan.compiled[(part, items)], "", set()
    return plan.compiled[("gcol", group.name, last)], prefix, local


def _reads(compiled, prefix: str, local: set) -> list[tuple[str, object]]:
    """Each name the formula reads, made whole: a group's or an item's own names under the
    instance's prefix."""
    found = []
    for text, _, kind in compiled.names:
        first = re.split(r"[.\[]", text, maxsplit=1)[0]
        full = f"{prefix}.{text}" if prefix and first in local else text
        if full not in (f for f, _ in found):
            found.append((full, kind))
    return found


def _unit(kind) -> str:
    inner = kind.item if isinstance(kind, ListOf) else kind
    if isinstance(inner, Num):
        return inner.unit.described()
    return getattr(inner, "described", lambda: str(inner))()


def _show(show, kind) -> tuple[str, str]:
    """The show form with its options, and its places ('as the form sets' when none)."""
    from notedeck.model import show as shows

    show = show or shows.default(kind)
    options = ", ".join(f"{k} {_option(v)}" for k, v in show.options)
    places = show.option("places")
    return (f"{show.form} ({options})" if options else show.form,
            str(places) if places is not None else "as the form sets")


def _option(value) -> str:
    """An option as an author wrote it: a value, or the names of its cases (say: one, more)."""
    if isinstance(value, tuple):
        return ", ".join(str(v[0]) if isinstance(v, tuple) and v else str(v) for v in value)
    return str(value)


def _value(name: str, rows: dict[str, str]) -> str:
    if name in rows:
        return rows[name]
    items = [v for r, v in rows.items() if r.startswith(name + "[")] or \
        [v for r, v in rows.items() if generic(r).replace("[]", "") == name]   # a column
    if len(items) > SHOWN_ITEMS:
        items = [*items[:SHOWN_ITEMS], f"... {len(items)} values in all"]
    return "[" + ", ".join(items) + "]" if items else \
        "(not listed by notedeck figures: a sweep's points, or a record)"
