"""A words file's keys as a pydantic model built from the model's texts (model/schema.py's way).

A words file (words/LANGUAGE.yaml, an audience's `words:`) names the model's texts by their
place in model.yaml. Its schema is that tree of places: a misplaced key is an unknown key at its
line, and each text is compiled against the model's own text at the same place
(Display.translated), so a text's own problems come with the keys' in one report."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Annotated, Any, Callable, ClassVar, Optional

from pydantic import (ConfigDict, Field, PlainValidator, ValidationError, ValidationInfo,
                      create_model, model_validator)

from notedeck.errors import Location, NotedeckError
from notedeck.model.schema import Settings, Wording, custom, invalid

UNIT_WORDS = "unit_words"      # a unit's words, in cases too: checked entry by entry
_PART = re.compile(r"[^.\[\]]+|\[\d+\]")


@dataclass(frozen=True)
class Given:
    """One text of a words file, compiled: the model's path and what it shows."""

    path: str
    made: Any


@dataclass(frozen=True)
class Reading:
    """What the validators need: the model, and where a key path of the file is."""

    model: Any
    where: Callable[[tuple], Location]


class Place(Settings):
    """A mapping of a words file: the keys under which the model has texts, each optional."""

    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)
    wording: ClassVar[Wording] = Wording(noun="key")
    texted: ClassVar[bool] = False           # a place with a `text:` takes its text alone

    @model_validator(mode="before")
    @classmethod
    def _text_alone(cls, data: Any) -> Any:
        return {"text": data} if cls.texted and isinstance(data, str) else data


@functools.lru_cache(maxsize=8)
def schema(declared: tuple[str, ...]) -> type[Place]:
    """The words file's model: a field per key under which the model has a text (`declared`:
    its texts' paths), lists by index, and unit_words read entry by entry; made once per
    model in a process (a hundred small models take about 80 ms)."""
    tree: dict = {}
    for path in declared:
        if path.split(".")[0] == UNIT_WORDS:
            continue
        node = tree
        parts = _parts(path)
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = path
    tree[UNIT_WORDS] = UNIT_WORDS
    return _place(tree, ())


def given(read: Place) -> dict[str, Any]:
    """Every compiled text of a validated words file, by the model's path."""
    found: dict[str, Any] = {}
    for value in (getattr(read, name) for name in type(read).model_fields):
        if isinstance(value, Place):
            found.update(given(value))
        elif isinstance(value, Given):
            found[value.path] = value.made
        elif isinstance(value, tuple):
            found.update((one.path, one.made) for one in value)
    return found


@dataclass(frozen=True)
class Nested:
    """A words file's data with every key path written out as nested mappings (a dotted key
    'tables.budgets.caption', a numbered 'rules[0]' and a list are all mappings), placed in
    the file it came from: a nested path is found at the key that wrote it."""

    data: dict
    origin: dict                      # nested key path -> the key path as the file writes it
    document: Any                     # model/document.Document: the file (or its part)

    def where(self, path: tuple, at_key: bool = False) -> Location:
        path = tuple(path)
        for end in range(len(path), -1, -1):
            if path[:end] in self.origin:
                return self.document.where(self.origin[path[:end]] + path[end:], at_key)
        return self.document.where(path, at_key)


def nested(data: dict, document) -> tuple[Nested, list[tuple[tuple, str]]]:
    """`data` as nested mappings, and (file key path, problem) for each key that cannot be
    placed: given twice, below a text, or empty."""
    tree: dict = {}
    origin: dict = {}
    wrong: list[tuple[tuple, str]] = []
    for text, path, at in entries(data, "", ()):
        owner = _owners(at)
        parts = tuple(owner)[-1] if owner else ()
        if not parts:
            wrong.append((at, "expected the path of one of the model's texts as the key"))
            continue
        for prefix, written in owner.items():
            origin.setdefault(prefix, written)
        node = tree
        for part in parts[:-1]:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                wrong.append((at, f"'{path}' is below a text given above it"))
                break
        else:
            if parts[-1] in node:
                wrong.append((at, f"'{path}' is given twice"))
            else:
                node[parts[-1]] = text
    return Nested(tree, origin, document), wrong


def entries(data: dict, prefix: str, at: tuple):
    """(text, the model's path, the key path in the file) of every entry: nested mappings
    join their keys with dots, a list's entries are numbered."""
    for key, value in data.items():
        path = f"{prefix}.{key}" if prefix else str(key)
        here = at + (key,)
        if isinstance(value, dict):
            yield from entries(value, path, here)
        elif isinstance(value, list):
            for index, item in enumerate(value):
                yield item, f"{path}[{index}]", here + (index,)
        else:
            yield value, path, here


def _owners(at: tuple) -> dict[tuple, tuple]:
    """Each nested key path an entry's keys make, with the keys (of `at`) that write it: a
    dotted key makes several."""
    parts: list = []
    owner: dict[tuple, tuple] = {}
    for index, key in enumerate(at):
        for part in _parts(key) if isinstance(key, str) else (key,):
            parts.append(part)
            owner[tuple(parts)] = at[:index + 1]
    return owner


def _parts(path: str) -> tuple:
    return tuple(int(p[1:-1]) if p.startswith("[") else p for p in _PART.findall(path))


def _place(tree: dict, at: tuple) -> type[Place]:
    fields: dict[str, Any] = {}
    for index, (key, below) in enumerate(tree.items()):
        here = at + (key,)
        if key == UNIT_WORDS and not at:
            kind: Any = Annotated[Any, PlainValidator(_unit_words)]
        elif isinstance(below, str):
            kind = Annotated[Any, PlainValidator(_text(below, here))]
        elif below and all(isinstance(k, int) for k in below):
            items = {i: item if isinstance(item, str) else _place(item, here + (i,))
                     for i, item in below.items()}
            kind = Annotated[Any, PlainValidator(_list(items, here))]
        else:
            kind = Optional[_place(below, here)]
        fields[f"k{index}"] = (kind, Field(None, alias=str(key)))
    made = create_model("WordsPlace", __base__=Place, **fields)
    made.texted = "text" in tree
    return made


def _compiled(reading: Reading, path: str, text: Any, at: tuple) -> Given:
    try:
        return Given(path, reading.model.display.translated(reading.model, path, text,
                                                            reading.where(at)))
    except NotedeckError as exc:
        raise invalid([((), problem.message) for problem in exc.problems]) from None


def _text(path: str, at: tuple):
    def check(value: Any, info: ValidationInfo) -> Given:
        return _compiled(info.context, path, value, at)
    return check


def _list(items: dict, at: tuple):
    """A list of texts: each item compiled against the model's item at its index."""
    def check(value: Any, info: ValidationInfo) -> tuple[Given, ...]:
        if not isinstance(value, dict) or not all(isinstance(k, int) for k in value):
            raise custom(f"expected a list of {len(items)} texts")
        made, wrong = [], []
        for index, text in value.items():
            if index not in items:
                count = f"{len(items)} text" + ("" if len(items) == 1 else "s")
                wrong.append(((index,), f"the model's list here has {count}; this is text "
                                        f"{index + 1}"))
                continue
            try:
                made.extend(_item(items[index], text, at + (index,), info))
            except ValidationError as exc:
                wrong.extend(((index, *error["loc"]), error["msg"]) for error in exc.errors())
        if wrong:
            raise invalid(wrong)
        return tuple(made)
    return check


def _item(item: str | type[Place], text: Any, at: tuple, info: ValidationInfo) -> list:
    """A list item's texts: one text, or a mapping of them."""
    if isinstance(item, str):
        return [_compiled(info.context, item, text, at)]
    return [Given(path, made) for path, made in
            given(item.model_validate(text, context=info.context)).items()]


def _unit_words(value: Any, info: ValidationInfo) -> tuple[Given, ...]:
    """unit_words: a unit's words by plural category, and in grammatical cases; a unit of
    time's words. Each entry is checked by the model (a unit it knows, a pattern with {n})."""
    if value is None:
        return ()
    if not isinstance(value, dict):
        raise custom("expected a mapping of units to their words: token: {one: '{n} Token', "
                     "other: '{n} Tokens'}")
    made, wrong = [], []
    for text, path, at in entries(value, UNIT_WORDS, ()):
        try:
            made.append(_compiled(info.context, path, text, (UNIT_WORDS, *at)))
        except ValidationError as exc:
            wrong.extend((at, error["msg"]) for error in exc.errors())
    if wrong:
        raise invalid(wrong)
    return tuple(made)


__all__ = ["Given", "Place", "Reading", "entries", "given", "schema"]
