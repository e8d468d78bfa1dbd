"""The names prose may use: every input and figure by its model path, shown as prose writes
it, with other forms as attributes: {{ step_time }}, {{ crews['north'].delay.words }}.

A list of records reads by position or by id (`crews[0]`, `crews['north']`); a ref reads
as the item it names; a use at one value reads as one row, a use over a list as rows; a
sweep's rows are for charts and controls, not prose.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Union

from notedeck.figures.texts import Writer
from notedeck.model import Show
from notedeck.model import show as shows
from notedeck.model.messages import key_text
from notedeck.model.names import InputEntry, ItemsEntry, LeafEntry, UseEntry
from notedeck.model.types import Flag, ListOf, Num, Text, Type, scalars

HIDDEN = ("none", "flag")                  # forms prose does not print
OWN = ("say", "text", "none", "flag")      # forms no other form is asked for by


class Shown(str):
    """A value as prose shows it; its other forms are attributes, written when first read."""

    def __new__(cls, text: str, forms: tuple[str, ...] = (),
                make: Callable[[str], str] | None = None):
        made = super().__new__(cls, text)
        made._names, made._make, made._written = forms, make, {}
        return made

    def _forms(self) -> tuple[str, ...]:
        """The other forms this value has, by name."""
        return self._names

    def __getattr__(self, name: str) -> str:
        if name.startswith("_") or name not in self._names:
            raise AttributeError(name)
        if name not in self._written:
            self._written[name] = self._make(name)
        return self._written[name]


class Prose(Shown):
    """An input of prose: its placeholders filled from the other names."""


class Record(dict):
    """An item of a list, or a group's row: its fields and figures by name."""


class Ref(Record):
    """The item a ref names, read through it: {{ featured.team.label }}."""

    def __init__(self, item: Record, key: str):
        super().__init__(item)
        self.key = key


class Items(tuple):
    """A list of records (or of a use's rows): by position, or by an item's id."""

    def __new__(cls, items, key: str | None = None, ids: tuple[str, ...] | None = None):
        made = super().__new__(cls, items)
        made.key = key
        # found by the ids as written in the file, not as shown (a shown id is escaped Markdown)
        made.by_key = dict(zip(ids or (item[key] for item in items), items)) if key else {}
        return made

    def __getitem__(self, index):
        if isinstance(index, str):
            return self.by_key[index]
        return tuple.__getitem__(self, index)


MARKDOWN_SIGNS = re.compile(r"([\\`*_\[\]<>&])")


def literal(text: str) -> str:
    """Plain text as Markdown that reads back as the same text: a text input is shown as
    written, so its asterisks, brackets and angle brackets are escaped, not obeyed (quotes
    and dashes are left to the typographer, as the note's own words are)."""
    return MARKDOWN_SIGNS.sub(r"\\\1", text)


# A name's value: text as prose shows it (Shown, a str), a flag, rows (Items, a tuple of
# Records), one row (a Record, a dict), or a tree of names; None where a form hides it.
Name = Union[str, bool, None, tuple["Name", ...], list["Name"], dict[str, "Name"]]
Names = dict[str, Name]


def names(writer: Writer) -> Names:
    """Every input and figure of the evaluation, as prose shows it."""
    return _Names(writer).tree(writer.model.plan.names, ())


class _Names:
    def __init__(self, writer: Writer):
        self.writer, self.model = writer, writer.model
        self.evaluation, self.forms = writer.evaluation, writer.forms
        self.refs: list[tuple[dict, str, Any]] = []
        self.lists: dict[str, Items] = {}

    def tree(self, names: dict, prefix: tuple) -> dict[str, Any]:
        made: dict[str, Any] = {}
        for name, entry in names.items():
            path = prefix + (name,)
            if isinstance(entry, dict):
                made[name] = self.tree(entry, path)
            elif isinstance(entry, ItemsEntry):
                made[name] = self.records(entry)
            elif isinstance(entry, UseEntry):
                if entry.use.mode != "sweep":
                    made[name] = self.use(entry)
            elif isinstance(entry, InputEntry) and entry.input.kind == "ref":
                self.refs.append((made, name, entry))
            else:
                value = self.leaf(entry, key_text(path))
                if value is not None:
                    made[name] = value
        if not prefix:
            for holder, name, entry in self.refs:
                holder[name] = self.ref(entry)
        return made

    def leaf(self, entry, path: str) -> Any:
        value = self.evaluation.value(path)
        if isinstance(entry, LeafEntry):
            figure = self.model.figure(path)
            return self.value(value, figure.type, figure.show, path)
        declared = entry.input
        return self.value(value, declared.type, self.model.show(path), path,
                          prose=declared.kind == "prose", plain=declared.kind == "text")

    def value(self, value: Any, kind: Type, show: Show, path: str, noun=None,
              prose: bool = False, plain: bool = False) -> Any:
        inner = scalars(kind)
        if isinstance(inner, Flag):
            return value
        if show.form in HIDDEN:
            return None
        if isinstance(value, tuple):
            return [self.value(v, inner, show, path, noun, plain=plain) for v in value]
        if show.form == "say":
            said = self.writer.display.says.get(path)
            text = self.writer.text(said.text(value), prose=True) if said else str(value)
            return Shown(text, ("Capitalised",), lambda name: _capital(text))
        if isinstance(inner, Text):
            if prose:
                return Prose(value, ("Capitalised",), lambda name: _capital(value))
            if plain:                   # a text input: shown as written, never as Markdown
                return Shown(literal(value), ("Capitalised",),
                             lambda name: literal(_capital(value)))
            return Shown(value, ("Capitalised",), lambda name: _capital(value))
        text = self.forms.show(value, inner, show, prose=True)

        def make(name: str) -> str:
            if name in shows.CASES:
                cased = Show(show.form, tuple(sorted(show.options + (("case", name),))))
                return self.forms.show(value, inner, cased, prose=True)
            if name in shows.FORMS:
                return self.forms.show(value, inner, Show(name), prose=True)
            return self.forms.alternate(name, value, inner, show, noun() if noun else None)
        cases = shows.CASES if show.form in shows.WORDED else ()
        return Shown(text, _alternates(inner, noun is not None) + cases, make)

    def records(self, entry: ItemsEntry) -> Items:
        path = key_text(entry.path)
        rows = self.evaluation.value(path)
        fields = [(n, f.type, f.kind) for n, f in entry.input.fields]
        fields += [(n, self.model.figure(f"{path}[].{n}").type, "") for n in entry.columns]
        made = []
        for index, row in enumerate(rows):
            noun = self._noun(path, index)
            item = Record()
            for name, kind, given in fields:
                shown = self.model.show(f"{path}[].{name}")
                value = self.value(row[name], kind, shown, f"{path}[].{name}", noun,
                                   given == "prose", given == "text")
                if value is not None:
                    item[name] = value
            made.append(item)
        key = entry.input.key
        items = Items(made, key, tuple(row[key] for row in rows) if key else None)
        self.lists[path] = items
        return items

    def _noun(self, path: str, index: int):
        noun = self.writer.display.nouns.get(path)
        if noun is None:
            return None
        from notedeck.model.display.texts import ItemAt

        return lambda: self.writer.noun(ItemAt(path, index), None, {})

    def use(self, entry: UseEntry) -> Any:
        path = key_text(entry.path)
        group = entry.group
        rows = self.evaluation.value(path)
        single = entry.use.mode == "at"
        mark = "." if single else "[]."
        made = []
        for row in ([rows] if single else rows):
            item = Record()
            for name in [group.param, *(f.path[0] for f in group.figures)]:
                figure = self.model.figure(f"{path}{mark}{name}")
                value = self.value(row[name], figure.type, figure.show, figure.path)
                if value is not None:
                    item[name] = value
            made.append(item)
        return made[0] if single else Items(made)

    def ref(self, entry: InputEntry) -> Any:
        key = self.evaluation.value(key_text(entry.path))
        items = self.lists.get(key_text(entry.input.to or ()))
        if items is None or key not in items.by_key:
            return Shown(key, ("Capitalised",), lambda name: _capital(key))
        return Ref(items.by_key[key], key)


def _alternates(kind: Type, counted: bool) -> tuple[str, ...]:
    forms = [name for name in shows.FORMS if name not in OWN
             and shows.problem(Show(name), kind, lambda text: None) is None]
    forms += [name for name, alternate in shows.ALTERNATES.items()
              if alternate.fits(kind) is None and (counted or not alternate.noun)]
    return tuple(forms)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def fill_prose(tree: dict[str, Any], path: tuple, text: str) -> None:
    """Put an input's filled prose in its place: ('teams', 0, 'scene')."""
    node: Any = tree
    for part in path[:-1]:
        node = node[part]
    old = node[path[-1]]
    node[path[-1]] = Prose(text, ("Capitalised",), lambda name: _capital(text)) \
        if isinstance(old, Prose) else text


__all__ = ["names", "Shown", "Prose", "Record", "Ref", "Items", "fill_prose", "ListOf", "Num"]
