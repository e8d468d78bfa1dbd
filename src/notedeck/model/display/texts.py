"""Texts of a model's display parts: words with {formula} slots, compiled against the model.

    "Delay at {load.featured}"        a figure, shown in its own form
    "{size:counted} at {load}"       another form ({x:FORM}: a show form or an
                                            alternate such as counted, plain, Words)
    "{check|None}: {wait}"                  words for a zero ({x|WORDS})
    ["{title}", "{label:Capitalised}"]       the first pattern that is not empty
    [{if: check == 0 s, text: "No check"}, "{check} of checking"]
                                            ... and whose condition (if:) holds
    {text: "... {lines}.", lists: {lines: {over: teams, text: "{label}", join: "; "}}}

A slot's formula reads the model's names; in a text of a list's rows it reads the row's
fields bare. Every slot is compiled when the model is read, so its unit and form are known
before any scenario is evaluated.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from notedeck.errors import Location, NotedeckError, Problem
from notedeck.model import show as shows
from notedeck.model.keys import ListIn, TextIn
from notedeck.model.schema import checked
from notedeck.model.messages import key_text, suggest
from notedeck.model.names import chain
from notedeck.model.syntax import Field, Item, Name, Number, Text as TextNode
from notedeck.model.types import Flag, Num, Record, Type, scalars

SLOT = re.compile(r"\{([^{}]*)\}")
FORM = re.compile(r":\s*([A-Za-z_]+)\s*$")
MAX_TEXT = 2_000               # characters of one display text
MAX_CHOICES = 8                # patterns in a list of fallbacks


@dataclass(frozen=True)
class Context:
    """What a text's slots read besides the model's names: a list's rows, whose fields they
    read bare (`within`), and names bound to values (a slider's position; `rows` names the
    use whose row they are, so each is shown in its figure's form)."""

    within: str | None = None
    names: tuple[tuple[str, Any], ...] = ()
    rows: str | None = None


@dataclass(frozen=True)
class ItemAt:
    """Which item of a list of records a slot's figure belongs to: the row being shown
    (index None), or the one a formula picks (`crews['north'].size`)."""

    records: str
    index: Any = None              # an Expression giving a position or a key, or None


@dataclass(frozen=True)
class Slot:
    text: str                      # the formula as written
    expression: Any                # model.Expression
    show: shows.Show               # the form the value is shown in
    alternate: str | None = None   # an alternate form asked for ({count:counted})
    zero: str | None = None        # words shown for a zero ({check|None})
    item: ItemAt | None = None     # the item, for counted and for a say figure's own slots
    figure: str | None = None      # the figure or input it names: 'teams[].wait'


@dataclass(frozen=True)
class ListSlot:
    name: str                      # a list of the text, joined in its place


Part = str | Slot | ListSlot


@dataclass(frozen=True)
class Pattern:
    parts: tuple[Part, ...]
    source: str                    # as written
    where: Location
    path: str                      # its key path in model.yaml: what words files name


@dataclass(frozen=True)
class Joined:
    """A text repeated for each row of a list and joined: the lines of a chart's alt text."""

    over: str
    text: Text
    join: str


@dataclass(frozen=True)
class Text:
    """A display text: patterns (the first that is not empty is shown), and lists."""

    path: str
    choices: tuple[Pattern, ...]
    lists: tuple[tuple[str, Joined], ...] = ()
    context: Context = Context()
    conditions: tuple = ()         # per choice: a model.Expression that must hold, or None


@dataclass(frozen=True)
class Declared:
    """A pattern (a text with slots) as the model declares it: what a words file may give
    in its place."""

    path: str
    source: str
    context: Context
    lists: frozenset[str]
    where: Location
    kind: str = "pattern"          # pattern | words (no slots) | number (only {n})


class Texts:
    """Reads display texts for one model; records every pattern for the words files."""

    def __init__(self, document, model, problems: list[Problem], nouns=None):
        self.document, self.model, self.problems = document, model, problems
        self.nouns = nouns if nouns is not None else {}
        self.declared: dict[str, Declared] = {}

    def problem(self, path: tuple, message: str, at_key: bool = False) -> None:
        self.problems.append(Problem(self.document.where(path, at_key), message))

    def formula(self, value: Any, path: tuple, context: Context = Context()):
        """A formula a display part gives (a chart's x, a slider's stops), compiled in
        `context`; None, with the problem recorded, when it is not one or does not compile."""
        if not isinstance(value, (str, int, float)) or isinstance(value, bool):
            self.problem(path, f"expected a formula, got {value!r}")
            return None
        try:
            return self.model.expression(str(value), names=dict(context.names),
                                         within=context.within,
                                         where=self.document.where(path))
        except Exception as exc:                           # noqa: BLE001 - reported
            self.problems.extend(getattr(exc, "problems", ()))
            return None

    # --- texts ---------------------------------------------------------------------------

    def text(self, value: Any, path: tuple, context: Context = Context(),
             required: bool = True) -> Text | None:
        """A text: a pattern, a list of patterns (the first not empty), or a mapping with
        text: and lists:."""
        if value is None and not required:
            return None
        lists: dict[str, Joined] = {}
        body, body_path = value, path
        if isinstance(value, dict):
            checked(self, TextIn, value, path, "a text")
            lists = self._lists(value.get("lists"), path + ("lists",), context)
            body, body_path = value.get("text"), path + ("text",)
        patterns = body if isinstance(body, list) else [body]
        if not patterns or len(patterns) > MAX_CHOICES:
            self.problem(body_path, f"expected from 1 to {MAX_CHOICES} patterns, the first "
                                    "that is not empty shown")
            return None
        made, conditions = [], []
        for index, one in enumerate(patterns):
            here = body_path + (index,) if isinstance(body, list) else body_path
            condition = None
            if isinstance(body, list) and isinstance(one, dict):
                condition, one = self._case(one, here, context)
            pattern = self.pattern(one, here, context, frozenset(lists)) \
                if condition is not False else None
            if pattern is not None:
                made.append(pattern)
                conditions.append(condition)
        if len(made) != len(patterns):
            return None
        return Text(key_text(path), tuple(made), tuple(lists.items()), context,
                    tuple(conditions) if any(c is not None for c in conditions) else ())

    def _case(self, value: dict, path: tuple, context: Context):
        """(the condition, the pattern) of a choice written {if: a condition, text: words};
        the condition False when refused."""
        if set(value) != {"if", "text"} or not isinstance(value["if"], str):
            self.problem(path, "a choice is words, or {if: a condition, text: words}")
            return False, None
        try:
            made = self.model.expression(value["if"], names=dict(context.names),
                                         within=context.within,
                                         where=self.document.where(path + ("if",)))
        except NotedeckError as exc:
            self.problems.extend(exc.problems)
            return False, None
        if not isinstance(made.type, Flag):
            self.problem(path + ("if",), f"a condition gives true or false; '{value['if']}' "
                                         f"gives {made.type.described()}")
            return False, None
        return made, value["text"]

    def _lists(self, value: Any, path: tuple, context: Context) -> dict[str, Joined]:
        if value is None:
            return {}
        if not isinstance(value, dict):
            self.problem(path, "expected a mapping: NAME: {over: a list, text: words, join: ', '}")
            return {}
        made = {}
        for name, spec in value.items():
            here = path + (name,)
            if not isinstance(spec, dict) or "over" not in spec or "text" not in spec:
                self.problem(here, "a list needs over: (a list of records or a use's rows) "
                                   "and text: (said for each row)")
                continue
            checked(self, ListIn, spec, here, "a list")
            over = self.rows(spec["over"], here + ("over",))
            join = spec.get("join", ", ")
            if not isinstance(join, str):
                self.problem(here + ("join",), "expected the words between rows, e.g. '; '")
                continue
            inner = self.text(spec["text"], here + ("text",), Context(over)) if over else None
            if inner is not None:
                made[str(name)] = Joined(over, inner, join)
        return made

    def rows(self, value: Any, path: tuple) -> str | None:
        """A list of records or a use's rows, by its name: 'crews', 'load.rows'."""
        listed = [key_text(p) for p in [*self.model.plan.items, *self.model.plan.uses]]
        if isinstance(value, str) and value in listed:
            return value
        self.problem(path, f"expected a list of records or a use's rows, got {value!r}"
                     + suggest(str(value), listed))
        return None

    def pattern(self, value: Any, path: tuple, context: Context,
                 lists: frozenset = frozenset(), record: bool = True) -> Pattern | None:
        if not isinstance(value, str):
            self.problem(path, f"expected text (words, with {{formula}} slots), got {value!r}")
            return None
        where = self.document.where(path)
        try:
            made = compile_pattern(self.model, value, context, where, key_text(path), lists,
                                    self.nouns)
        except NotedeckError as exc:
            self.problems.extend(exc.problems)
            return None
        if record:
            self.declared[key_text(path)] = Declared(key_text(path), value, context, lists,
                                                     where)
        return made


def compile_pattern(model, text: str, context: Context, where: Location, path: str,
                     lists: frozenset = frozenset(), nouns=None) -> Pattern:
    """A pattern's slots compiled; every problem in one NotedeckError at `where`."""
    if len(text) > MAX_TEXT:
        raise NotedeckError(Problem(where, f"the text is {len(text):,} characters long; at "
                                           f"most {MAX_TEXT:,}"))
    parts: list[Part] = []
    problems: list[Problem] = []
    end = 0
    for match in SLOT.finditer(text):
        parts.extend(_literal(text[end:match.start()], where, problems))
        inner = match.group(1)
        if inner.strip() in lists:
            parts.append(ListSlot(inner.strip()))
        else:
            try:
                parts.append(_slot(model, inner, context, where, nouns or {}))
            except NotedeckError as exc:
                problems.extend(exc.problems)
        end = match.end()
    parts.extend(_literal(text[end:], where, problems))
    if problems:
        raise NotedeckError(problems)
    return Pattern(tuple(p for p in parts if p != ""), text, where, path)


def _literal(text: str, where: Location, problems: list[Problem]) -> list[str]:
    if "{" in text or "}" in text:
        problems.append(Problem(where, f"a '{{' or '}}' without its pair in '{_short(text)}'; "
                                       "a slot is {formula}"))
        return []
    return [text] if text else []


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


def _slot(model, inner: str, context: Context, where: Location, nouns: dict) -> Slot:
    zero = None
    if "|" in inner:
        inner, zero = inner.rsplit("|", 1)
    form = None
    found = FORM.search(inner)
    if found:
        form, inner = found.group(1), inner[:found.start()]
    formula = inner.strip()
    if not formula:
        raise NotedeckError(Problem(where, "an empty slot {}; a slot holds a formula: "
                                           "{speeds.baseline}"))
    expression = model.expression(formula, names=dict(context.names), within=context.within,
                                  where=where)
    kind = expression.type
    inner_type = scalars(kind)
    said = f"in '{{{inner.strip()}}}'"
    if isinstance(inner_type, Flag):
        raise NotedeckError(Problem(where, f"{said}: a condition is not shown; use it in a "
                                           "say: figure or a conditional"))
    if isinstance(inner_type, Record):
        raise NotedeckError(Problem(where, f"{said}: a record is not shown; name one of its "
                                           "figures"))
    path = figure_path(model, expression.compiled.source.formula.tree,
                       context.within or context.rows)
    show = _own_show(model, path, kind)
    alternate = None
    if form is not None:
        show, alternate = _asked(form, kind, said, where, show)
    if zero is not None and not isinstance(inner_type, Num):
        raise NotedeckError(Problem(where, f"{said}: words for a zero ('|{zero}') go with a "
                                           "number"))
    item = _item(model, expression, context)
    wants_item = alternate in shows.NEEDS_NOUN or (show.form == "say" and _has_slots(show))
    if alternate in shows.NEEDS_NOUN:
        if item is None or item.records not in nouns:
            named = ", ".join(sorted(nouns)) or "none (declare them under nouns:)"
            raise NotedeckError(Problem(where, f"{said}: {alternate} needs a figure of an "
                                        "item of a list whose nouns the model declares; lists "
                                        f"with nouns: {named}"))
    elif wants_item and item is None and path is not None and "[]" in path:
        raise NotedeckError(Problem(where, f"{said}: the words of '{path}' read its item's "
                                    "figures, and this slot does not say which item"))
    return Slot(formula, expression, show, alternate, zero, item if wants_item else None, path)


def _has_slots(show: shows.Show) -> bool:
    return any("{" in text for _, text, _ in show.option("cases", ()))


def _own_show(model, path: str | None, kind: Type) -> shows.Show:
    if path is not None:
        try:
            return model.show(path)
        except KeyError:
            pass
    return shows.default(kind)


def _asked(form: str, kind: Type, said: str, where: Location, own: shows.Show):
    """(the Show, the alternate) a slot's :FORM asks for, checked against the value; an
    alternate keeps the value's own form ({x:plain} has the figure's places)."""
    inner = scalars(kind)
    if form in shows.ALTERNATES:
        why = shows.ALTERNATES[form].fits(inner)
        if why:
            raise NotedeckError(Problem(where, f"{said}: {form} shows {why}, but the value is "
                                               f"{inner.described()}"))
        return own, form
    if form in shows.CASES:
        if own.form not in shows.WORDED:
            raise NotedeckError(Problem(where, f"{said}: a case ({form}) is for words with a "
                                        f"unit (forms {', '.join(shows.WORDED)}); this value "
                                        f"is shown as {own.form}"))
        return shows.Show(own.form, tuple(sorted(own.options + (("case", form),)))), None
    if form not in shows.FORMS or form == shows.WRITTEN_ONLY_BY_SAY:
        known = [f for f in shows.FORMS if f != shows.WRITTEN_ONLY_BY_SAY]
        raise NotedeckError(Problem(where, f"{said}: unknown form '{form}'"
                                    + suggest(form, known + list(shows.ALTERNATES)
                                              + list(shows.CASES))))
    made = shows.Show(form)
    problem = shows.problem(made, kind, lambda text: None)
    if problem:
        raise NotedeckError(Problem(where, f"{said}: {problem}"))
    return made, None


def figure_path(model, tree, within: str | None) -> str | None:
    """The figure or input a formula names, as model.figures writes paths
    ('crews[].delay', 'load.at_featured.delay'), or None for any other formula."""
    base, rest = chain(tree)
    if not isinstance(base, Name):
        return None
    text = base.name
    for accessor in rest:
        text += f".{accessor.name}" if isinstance(accessor, Field) else "[]"
    candidates = ([f"{within}[].{text}"] if within else []) + [text]
    for candidate in candidates:
        try:
            model.show(candidate)
            return candidate
        except KeyError:
            continue
    return None


def _item(model, expression, context: Context) -> ItemAt | None:
    """The item of a list of records a slot's value belongs to, if the formula says: a
    field of the row being shown, or `LIST[index]...`."""
    base, rest = chain(expression.compiled.source.formula.tree)
    if not isinstance(base, Name):
        return None
    records = {key_text(p) for p in model.plan.items}
    if context.within in records and _field_of(model, context.within, base.name) is not None:
        return ItemAt(context.within)
    path = base.name
    for accessor in rest:
        if isinstance(accessor, Item):
            return ItemAt(path, _index(model, accessor.index, expression)) \
                if path in records else None
        path += f".{accessor.name}"
    return None


def _field_of(model, records: str, name: str):
    entry = model.plan.items[tuple(records.split("."))]
    if entry.input.field(name) is not None or name in entry.columns:
        return name
    return None


def _index(model, node, expression):
    """An item's index as written: a number, an id in quotes, or a formula to evaluate."""
    if isinstance(node, Number) and node.unit is None:
        return int(node.value)
    if isinstance(node, TextNode):
        return node.value
    from notedeck.model.syntax import source

    return model.expression(source(expression.compiled.source.formula, node))


def words_only(text: Text | None) -> bool:
    """Whether a text has no slots (a say: case inside each: or a group must not)."""
    return text is None or all(isinstance(p, str) for t in text.choices for p in t.parts)


__all__ = ["Context", "Text", "Pattern", "Slot", "ListSlot", "Joined", "ItemAt", "Declared",
           "Texts", "compile_pattern", "figure_path", "words_only"]
