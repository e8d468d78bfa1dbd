"""tables:, stats: and items: of a model: what a section places with ```table NAME``` and kin.

    tables:
      waits:
        caption: The wait at each level of busyness
        rows: load.rows             # a list of records, a list, or a use's rows
        highlight: u == load.featured   # the first row where it holds (optional)
        columns:
          level: {header: Busy, value: u}
          delay: {header: Delay, value: delay, align: right}
    stats:
      headline:
        multiple: {value: delay_multiple, label: "Delay at {load.featured}",
                   detail: "against {first(load.levels):percent}"}
    items:
      teams:                               # one slide, and one handout entry, per item
        over: teams
        title: ["{title}", "{label:Capitalised}"]
        notes: "{label}: loaded {load}, a delay of {delay}."
        blocks:
          arithmetic: {callout: "{step_time} each, loaded {load}: {delay} delayed"}
          scene: {paragraph: "{scene}"}    # Markdown; left out when empty
          scarce: {paragraph: "{still_scarce}", lead: "Still scarce:"}
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from notedeck.errors import Location
from notedeck.model import show as shows
from notedeck.model.schema import Settings, checked
from notedeck.model.display.texts import Context, Text, Texts
from notedeck.model.inputs import bad_name, find, Input
from notedeck.model.messages import key_text, suggest
from notedeck.model.types import FLAG, Text as TextType

BLOCK_KINDS = ("callout", "paragraph")
ALIGNS = ("left", "right")
MAX_COLUMNS = 12
MAX_STATS = 8
ROW_VALUE = "value"            # the bound name of a row of a list of values


class TableIn(Settings):
    caption: Any = None
    rows: Any = None
    highlight: Any = None
    columns: Any = None
    about: Any = None


class ColumnIn(Settings):
    header: Any = None
    value: Any = None
    text: Any = None
    show: Any = None
    align: Any = None


class StatIn(Settings):
    value: Any = None
    show: Any = None
    label: Any = None
    detail: Any = None


class ItemsIn(Settings):
    over: Any = None
    title: Any = None
    notes: Any = None
    blocks: Any = None
    about: Any = None


class BlockIn(Settings):
    callout: Any = None
    paragraph: Any = None
    lead: Any = None


@dataclass(frozen=True)
class Column:
    id: str
    header: Text
    cell: Text
    align: str


@dataclass(frozen=True)
class TableSpec:
    name: str
    caption: Text
    rows: str                              # a list of records, a use's rows, or a list
    context: Context                       # what a row's formulas read bare
    columns: tuple[Column, ...]
    highlight: Any = None                  # model.Expression: a condition per row
    where: Location | None = None


@dataclass(frozen=True)
class StatSpec:
    id: str
    value: Text
    label: Text
    detail: Text | None = None


@dataclass(frozen=True)
class StatsSpec:
    name: str
    stats: tuple[StatSpec, ...]


@dataclass(frozen=True)
class BlockSpec:
    id: str
    kind: str                              # callout | paragraph
    text: Text
    lead: Text | None = None


@dataclass(frozen=True)
class ItemsSpec:
    name: str
    over: str
    title: Text
    notes: Text | None
    blocks: tuple[BlockSpec, ...]


def named(texts: Texts, value: Any, part: str, what: str):
    """The entries of a part (tables:, stats:, items:), each under a valid name."""
    if value is None:
        return []
    if not isinstance(value, dict):
        texts.problem((part,), f"expected a mapping of {what} by name")
        return []
    found = []
    for name, spec in value.items():
        path = (part, name)
        if bad_name(name):
            texts.problem(path, bad_name(name), at_key=True)
        elif not isinstance(spec, dict):
            texts.problem(path, f"expected a mapping describing the {what[:-1]}")
        else:
            found.append((str(name), spec, path))
    return found


def formula_text(texts: Texts, formula: Any, show: Any, path: tuple,
                 context: Context) -> Text | None:
    """A value: a formula shown by its form (or `show:`), as a text that is no words."""
    if not isinstance(formula, (str, int)) or isinstance(formula, bool):
        texts.problem(path, f"expected a formula, got {formula!r}")
        return None
    shown = None
    if show is not None:
        shown, problem = shows.read(show)
        if problem:
            texts.problem(path[:-1] + ("show",), problem)
            return None
    slot = "{" + str(formula) + (f":{show}" if isinstance(show, str) else "") + "}"
    made = texts.pattern(slot, path, context, record=False)
    if made and shown is not None and not isinstance(show, str):
        made = _shown(texts, made, shown, path[:-1] + ("show",))
    return Text(key_text(path), (made,), (), context) if made else None


def _shown(texts: Texts, made, shown, path: tuple):
    """A value's pattern with the form and options `show:` gives, checked against it."""
    slot = made.parts[0]
    problem = shows.problem(shown, slot.expression.type, lambda text: _in_unit(texts, text))
    if problem:
        texts.problem(path, problem)
        return None
    return replace(made, parts=(replace(slot, show=shown),))


def _in_unit(texts: Texts, written: str):
    from notedeck.model.units import read_unit

    unit, problem = read_unit(written, texts.model.units)
    return None if problem else unit


def tables(texts: Texts, value: Any) -> dict[str, TableSpec]:
    made = {}
    for name, spec, path in named(texts, value, "tables", "tables"):
        checked(texts, TableIn, spec, path, "a table")
        rows = table_rows(texts, spec.get("rows"), path + ("rows",))
        if rows is None:
            continue
        source, context = rows
        caption = texts.text(spec.get("caption", ""), path + ("caption",))
        columns = _columns(texts, spec.get("columns"), path + ("columns",), context)
        highlight = condition(texts, spec.get("highlight"), path + ("highlight",), context)
        if caption is not None and columns and highlight is not False:
            made[name] = TableSpec(name, caption, source, context, columns, highlight,
                                   texts.document.where(path))
    return made


def table_rows(texts: Texts, value: Any, path: tuple) -> tuple[str, Context] | None:
    """A table's rows: a list of records or a use's rows (fields read bare), or a list input
    (each row's value read as `value`)."""
    plan = texts.model.plan
    listed = [key_text(p) for p in [*plan.items, *plan.uses]]
    if isinstance(value, str) and value in listed:
        return value, Context(value)
    found = find(texts.model.inputs, tuple(value.split("."))) if isinstance(value, str) else None
    if isinstance(found, Input) and found.kind == "list":
        return value, Context(None, ((ROW_VALUE, found.item.type),))
    lists = listed + [key_text(p) for p, i in _lists(texts.model.inputs)]
    texts.problem(path, f"rows: names a list of records, a list or a use's rows (over: or "
                        f"sweep:); got {value!r}" + suggest(str(value), lists))
    return None


def _lists(space, prefix=()):
    from notedeck.model.inputs import walk

    return [(p, i) for p, i in walk(space, prefix) if i.kind == "list"]


def _columns(texts: Texts, value: Any, path: tuple, context: Context) -> tuple[Column, ...]:
    if not isinstance(value, dict) or not value or len(value) > MAX_COLUMNS:
        texts.problem(path, f"expected from 1 to {MAX_COLUMNS} columns by name: ID: {{header: "
                            "words, value: a formula}} or {header: words, text: words with "
                            "{slots}}")
        return ()
    made = []
    for name, spec in value.items():
        here = path + (name,)
        if not isinstance(spec, dict) or ("value" in spec) == ("text" in spec):
            texts.problem(here, "a column needs header: and one of value: (a formula) or "
                                "text: (words with {slots})")
            continue
        checked(texts, ColumnIn, spec, here, "a column")
        header = texts.text(spec.get("header", ""), here + ("header",))
        if "value" in spec:
            cell = formula_text(texts, spec["value"], spec.get("show"), here + ("value",),
                                context)
        else:
            cell = texts.text(spec["text"], here + ("text",), context)
        align = spec.get("align", _align(cell, "value" in spec))
        if align not in ALIGNS:
            texts.problem(here + ("align",), f"expected one of {', '.join(ALIGNS)}")
            continue
        if header is not None and cell is not None:
            made.append(Column(str(name), header, cell, align))
    return tuple(made) if len(made) == len(value) else ()


def _align(cell: Text | None, value: bool) -> str:
    """Numbers to the right, words to the left."""
    if cell is None or not value:
        return "left"
    slot = cell.choices[0].parts[0]
    return "left" if isinstance(slot.expression.type, TextType) else "right"


def condition(texts: Texts, value: Any, path: tuple, context: Context):
    """A condition per row, or None when not given; False when it is refused."""
    if value is None:
        return None
    if not isinstance(value, str):
        texts.problem(path, "expected a condition over the row's fields")
        return False
    try:
        made = texts.model.expression(value, names=dict(context.names), within=context.within,
                                      where=texts.document.where(path))
    except Exception as exc:                               # noqa: BLE001 - reported
        texts.problems.extend(exc.problems)
        return False
    if made.type != FLAG:
        texts.problem(path, f"a condition gives true or false; '{value}' gives "
                            f"{made.type.described()}")
        return False
    return made


def stats(texts: Texts, value: Any) -> dict[str, StatsSpec]:
    made = {}
    for name, spec, path in named(texts, value, "stats", "stats"):
        if not spec or len(spec) > MAX_STATS:
            texts.problem(path, f"expected from 1 to {MAX_STATS} figures by name: ID: "
                                "{value: a formula, label: words, detail: words}")
            continue
        found = []
        for key, one in spec.items():
            here = path + (key,)
            if not isinstance(one, dict) or "value" not in one or "label" not in one:
                texts.problem(here, "a big figure needs value: (a formula) and label: (words)")
                continue
            checked(texts, StatIn, one, here, "a big figure")
            parts = (formula_text(texts, one["value"], one.get("show"), here + ("value",),
                                  Context()),
                     texts.text(one["label"], here + ("label",)),
                     texts.text(one.get("detail"), here + ("detail",), required=False))
            if parts[0] is not None and parts[1] is not None and \
                    (parts[2] is not None or "detail" not in one):
                found.append(StatSpec(str(key), *parts))
        if len(found) == len(spec):
            made[name] = StatsSpec(name, tuple(found))
    return made


def items(texts: Texts, value: Any) -> dict[str, ItemsSpec]:
    made = {}
    for name, spec, path in named(texts, value, "items", "items"):
        checked(texts, ItemsIn, spec, path, "items")
        over = texts.rows(spec.get("over"), path + ("over",))
        if over is None:
            continue
        context = Context(over)
        title = texts.text(spec.get("title"), path + ("title",), context)
        notes = texts.text(spec.get("notes"), path + ("notes",), context, required=False)
        blocks = _blocks(texts, spec.get("blocks", {}), path + ("blocks",), context)
        if title is not None and blocks is not None and (notes or "notes" not in spec):
            made[name] = ItemsSpec(name, over, title, notes, blocks)
    return made


def _blocks(texts: Texts, value: Any, path: tuple, context: Context):
    if not isinstance(value, dict):
        texts.problem(path, "expected blocks by name: ID: {callout: words} or {paragraph: "
                            "words, lead: words}")
        return None
    made = []
    for name, spec in value.items():
        here = path + (name,)
        kinds = [k for k in BLOCK_KINDS if isinstance(spec, dict) and k in spec]
        if len(kinds) != 1:
            texts.problem(here, "a block is one of: callout: (words shown bold) or paragraph: "
                                "(Markdown, left out when empty; lead: bold words before it)")
            continue
        checked(texts, BlockIn, spec, here, "a block")
        text = texts.text(spec[kinds[0]], here + (kinds[0],), context)
        lead = texts.text(spec.get("lead"), here + ("lead",), context, required=False)
        if text is not None:
            made.append(BlockSpec(str(name), kinds[0], text, lead))
    return tuple(made) if len(made) == len(value) else None
