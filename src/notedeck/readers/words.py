"""A note's own words in another language (words/LANGUAGE.yaml) and an audience's `words:`,
each checked against the model's text at the same path."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from notedeck import catalogue
from notedeck.errors import Location, NotedeckError, Problem
from notedeck.model.display import Pattern, Words
from notedeck.readers import yamlfile
from notedeck.readers.layout import NoteLayout
from notedeck.readers.validation import suggest
from notedeck.readers.yamlfile import Located

MAX_ENTRIES = 2_000


def read(model, content: Path, note_locale: str, locale: str,
         audience: Located | None = None) -> tuple[Words, list[Problem]]:
    """The note's words for `locale`: words/LANGUAGE.yaml when the build's language is not
    the note's own, then the audience's `words:` over them; (Words, warnings). Every
    problem of the files at once."""
    display = model.display
    given: dict[str, Any] = {}
    problems: list[Problem] = []
    warnings: list[Problem] = []
    language, own = catalogue.language(locale), catalogue.language(note_locale)
    path = NoteLayout(content).words(language)
    if language != own:
        if path.is_file():
            source = yamlfile.load(yamlfile.inside(content, path))
            warnings.extend(source.warnings)
            _read(model, source, source.data, (), given, problems)
            warnings.extend(_missing(display, given, Location(path)))
        elif _worded(display):
            warnings.append(Problem(Location(path), f"no words for {language}: the note's own "
                                    f"({own}) are shown; write {NoteLayout(content).words_name(language)} "
                                    "with the model's texts in this language", "warning"))
    if audience is not None and isinstance(audience.data, dict) and "words" in audience.data:
        part = audience.data["words"]
        if isinstance(part, dict):
            _read(model, audience, part, ("words",), given, problems)
        else:
            problems.append(Problem(audience.where(("words",)), "expected a mapping of the "
                                    "model's texts by path: tables.budgets.caption: words"))
    if problems:
        raise NotedeckError(problems)
    return Words(display, given), tuple(warnings)


def _read(model, source: Located, data: Any, root: tuple, given: dict,
          problems: list[Problem]) -> None:
    if data is None:
        return
    if not isinstance(data, dict):
        problems.append(Problem(source.where(root), "expected a mapping of the model's texts "
                                "by path: tables.budgets.caption: words"))
        return
    known, parents = _prefixes(model.display.declared), set()
    for text, key_path, where_path in _entries(data, "", root):
        if len(given) >= MAX_ENTRIES:
            problems.append(Problem(source.where(root), f"more than {MAX_ENTRIES:,} words"))
            return
        parent = _unknown_parent(where_path[len(root):], known)
        # one problem at a misspelt key, not one per text; a unit's words in a case (or a
        # unit of time's) are the file's own, checked by translated()
        if parent is not None and not key_path.startswith("unit_words."):
            if parent not in parents:
                parents.add(parent)
                problems.append(_misplaced(source, root, parent, known))
            continue
        where = source.where(where_path)
        try:
            given[key_path] = model.display.translated(model, key_path, text, where)
        except NotedeckError as exc:
            problems.extend(exc.problems)


def _prefixes(declared) -> set[tuple[str, ...]]:
    """Every key path that leads to a text of the model: ('groups',), ('groups', 'scale')..."""
    found = set()
    for path in declared:
        parts = tuple(re.findall(r"[^.\[\]]+", path))
        found.update(parts[:n] for n in range(1, len(parts) + 1))
    return found


def _unknown_parent(parts: tuple, known: set) -> tuple | None:
    """The first key of `parts` (not its last) under which the model has no text, or None."""
    for n in range(1, len(parts)):
        if tuple(str(p) for p in parts[:n]) not in known:
            return parts[:n]
    return None


def _misplaced(source: Located, root: tuple, parent: tuple, known: set) -> Problem:
    above = tuple(str(p) for p in parent[:-1])
    choices = sorted({k[-1] for k in known if len(k) == len(parent) and k[:-1] == above})
    name = ".".join(str(p) for p in parent)
    return Problem(source.where(root + parent, True),
                   f"the model has no texts under '{name}' (nothing below this key can be "
                   "used)" + suggest(str(parent[-1]), choices))


def _entries(data: dict, prefix: str, at: tuple):
    """(text, the model's path, the key path in this file) of every entry: nested mappings
    join their keys with dots, a list's entries are numbered."""
    for key, value in data.items():
        path = f"{prefix}.{key}" if prefix else str(key)
        here = at + (key,)
        if isinstance(value, dict):
            yield from _entries(value, path, here)
        elif isinstance(value, list):
            for index, item in enumerate(value):
                yield item, f"{path}[{index}]", here + (index,)
        else:
            yield value, path, here


def _worded(display) -> bool:
    return any(_has_words(d) and d.kind != "message" for d in display.declared.values())


def _has_words(declared) -> bool:
    """Whether a text holds words of its own (not only slots)."""
    import re

    rest = re.sub(r"\{[^{}]*\}", "", declared.source)
    return any(ch.isalpha() for ch in rest)


def _missing(display, given: dict, where: Location) -> list[Problem]:
    return [Problem(where, f"no words for '{path}' ({declared.source!r}); the note's own are "
                           "shown", "warning")
            for path, declared in display.declared.items()
            if path not in given and _has_words(declared) and declared.kind != "message"]


__all__ = ["read", "Pattern"]
