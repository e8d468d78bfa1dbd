"""What a model shows besides its figures: words, tables, big figures, items, charts, controls.

Read with the model (model.read), every text's slots compiled against its names; a
section places a part with a fenced component (```table NAME```). docs/models.md describes
each part. No I/O here: the words of other languages are read by readers/words.py and
compiled with `Display.translated`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from notedeck.errors import Location, NotedeckError, Problem, in_line_order
from notedeck.model.display import charts as chart_parts
from notedeck.model.display import controls as control_parts
from notedeck.model.display import tables as table_parts
from notedeck.model.display import words as word_parts
from notedeck.model.display.texts import (Context, Declared, Pattern, Text, Texts,
                                          compile_pattern)
from notedeck.model.messages import suggest

PARTS = ("unit_words", "nouns", "tables", "stats", "items", "charts", "controls")
RESERVED = ("audience", "date")          # names notedeck gives prose beside the model's
COMPONENTS = {"table": "tables", "stats": "stats", "items": "items", "chart": "charts"}


@dataclass(frozen=True)
class Display:
    unit_words: tuple = ()
    nouns: dict = field(default_factory=dict)
    says: dict = field(default_factory=dict)
    tables: dict = field(default_factory=dict)
    stats: dict = field(default_factory=dict)
    items: dict = field(default_factory=dict)
    charts: dict = field(default_factory=dict)
    controls: dict = field(default_factory=dict)      # name -> controls.PanelSpec
    declared: dict = field(default_factory=dict)      # path -> Declared: what words may give

    def names(self, kind: str) -> tuple[str, ...]:
        """The names a section may place with a ```KIND NAME``` fence."""
        return tuple(getattr(self, COMPONENTS[kind]))

    def components(self) -> dict[str, tuple[str, ...]]:
        """The names each kind of fenced component may name: the tables, charts, ..."""
        return {kind: self.names(kind) for kind in COMPONENTS}

    def translated(self, model, path: str, text: Any, where: Location) -> Pattern | str:
        """A words file's text for `path`, checked as the model's own text there is: a
        pattern compiled in the same context, or words with {n} for a unit."""
        declared = self.declared.get(path)
        if declared is None:
            raise NotedeckError(Problem(where, f"the model has no text '{path}'"
                                        + suggest(path, sorted(self.declared))))
        if not isinstance(text, str) or not text.strip():
            raise NotedeckError(Problem(where, f"expected text, got {text!r}"))
        if declared.kind == "number":
            problem = word_parts.pattern_problem(text)
            if problem:
                raise NotedeckError(Problem(where, problem))
            return text
        made = compile_pattern(model, text, declared.context, where, path, declared.lists,
                                self.nouns)
        if declared.kind == "words" and any(not isinstance(p, str) for p in made.parts):
            raise NotedeckError(Problem(where, "these words are shown as they are: no slots"))
        return made


def read(document, model) -> Display:
    """The display parts of a model's document, checked; every problem at once."""
    data = document.data if isinstance(document.data, dict) else {}
    problems: list[Problem] = []
    for name in RESERVED:
        if name in model.plan.names:
            problems.append(Problem(document.where((_top(data, name), name), at_key=True),
                                    f"'{name}' is a name notedeck gives prose (the audience, "
                                    "the note's date); choose another"))
    texts = Texts(document, model, problems)
    unit_words = word_parts.unit_words(texts, data.get("unit_words"))
    texts.nouns = word_parts.nouns(texts, data.get("nouns"))
    stats = table_parts.stats(texts, data.get("stats"))
    made = Display(
        unit_words=unit_words,
        nouns=texts.nouns,
        says=word_parts.says(texts),
        tables=table_parts.tables(texts, data.get("tables")),
        stats=stats,
        items=table_parts.items(texts, data.get("items")),
        charts=chart_parts.charts(texts, data.get("charts")),
        controls=control_parts.controls(texts, data.get("controls"), stats),
        declared=texts.declared,
    )
    if problems:
        raise NotedeckError(in_line_order(problems))
    return made


def _top(data: dict, name: str) -> str:
    return "figures" if name in (data.get("figures") or {}) else "inputs"


@dataclass(frozen=True)
class Words:
    """The note's words in one language: a words file's texts (and an audience's) over the
    model's own, by path."""

    display: Display
    given: dict = field(default_factory=dict)     # path -> Pattern, or a unit's pattern

    def pattern(self, pattern: Pattern) -> Pattern:
        found = self.given.get(pattern.path)
        return found if isinstance(found, Pattern) else pattern

    def unit_words(self) -> dict:
        """Each unit's patterns by plural category, in this language."""
        made = {}
        for words in self.display.unit_words:
            forms = {}
            for category, pattern in words.forms:
                path = words.path if len(words.forms) == 1 and category == "other" and \
                    words.path in self.display.declared else f"{words.path}.{category}"
                given = self.given.get(path)
                forms[category] = given if isinstance(given, str) else pattern
            made[words.unit] = forms
        return made


__all__ = ["Display", "Words", "read", "Text", "Pattern", "Context", "Declared", "PARTS",
           "RESERVED", "COMPONENTS"]
