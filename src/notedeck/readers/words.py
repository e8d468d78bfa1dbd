"""A note's own words in another language (words/LANGUAGE.yaml) and an audience's `words:`,
each checked against the model's text at the same path."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from notedeck import catalogue
from notedeck.errors import Location, NotedeckError, Problem
from notedeck.model.display import Pattern, Words, words_file
from notedeck.model.document import Under
from notedeck.readers import yamlfile
from notedeck.readers.layout import NoteLayout
from notedeck.readers.validation import validated
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
        if os.path.lexists(path):         # a folder or a FIFO there is refused, not skipped
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
    """The texts of one words file (or an audience's `words:`), checked by the model's
    words schema (model/display/words_file.py), into `given` by the model's path."""
    if data is None:
        return
    if not isinstance(data, dict):
        problems.append(Problem(source.where(root), "expected a mapping of the model's texts "
                                "by path: tables.budgets.caption: words"))
        return
    if len(given) + sum(1 for _ in words_file.entries(data, "", ())) > MAX_ENTRIES:
        problems.append(Problem(source.where(root), f"more than {MAX_ENTRIES:,} words"))
        return
    part = Under(source, root, data)
    tree, wrong = words_file.nested(data, part)
    problems.extend(Problem(part.where(at, True), message) for at, message in wrong)
    try:
        read = validated(tree, words_file.schema(tuple(model.display.declared)), tree.data,
                         words_file.Reading(model, tree.where))
    except NotedeckError as exc:
        problems.extend(exc.problems)
        return
    given.update(words_file.given(read))


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
