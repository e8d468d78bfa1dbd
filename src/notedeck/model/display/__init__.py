"""What a model shows besides its figures: words, tables, big figures, items, charts, controls.

Read with the model (model.read), every text's slots compiled against its names; a
section places a part with a fenced component (```table NAME```). docs/models.md describes
each part. No I/O here: the words of other languages are read by readers/words.py and
compiled with `Display.translated`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from notedeck.errors import Location, NotedeckError, Problem, in_line_order
from notedeck.model.display import charts as chart_parts
from notedeck.model.display import controls as control_parts
from notedeck.model.display import tables as table_parts
from notedeck.model.display import words as word_parts
from notedeck.model.display.texts import (Context, Declared, Pattern, Text, Texts,
                                          compile_pattern)
from notedeck.model.messages import shown, suggest

PARTS = ("unit_words", "nouns", "tables", "stats", "items", "charts", "controls")
RESERVED = ("audience", "date")          # names notedeck gives prose beside the model's
MESSAGE_SLOT = re.compile(r"\{(\w+)\}")        # a rule message's {name}: a value it read
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
        extra = word_parts.case_words(model, path, text) if declared is None else None
        if isinstance(extra, str):
            raise NotedeckError(Problem(where, extra))
        if extra is not None:
            return extra
        if declared is None:
            raise NotedeckError(Problem(where, f"the model has no text '{path}'"
                                        + suggest(path, sorted(self.declared))))
        if not isinstance(text, str) or not text.strip():
            raise NotedeckError(Problem(where, f"expected text, got {shown(text)}"))
        if declared.kind == "message":
            extra = set(MESSAGE_SLOT.findall(text)) - set(MESSAGE_SLOT.findall(declared.source))
            if extra:
                raise NotedeckError(Problem(where, "a rule's message names the values its rule "
                                            "reads; the model's names "
                                            f"{sorted(MESSAGE_SLOT.findall(declared.source))}, "
                                            f"not {sorted(extra)}"))
            return text.strip()
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


class UnitForms(dict):
    """A unit's patterns by plural category, its currency when it is money, and its patterns
    in grammatical cases (case -> category -> pattern)."""

    def __init__(self, *args, currency: str | None = None, minor: bool = False,
                 scale=1, **kwargs):
        super().__init__(*args, **kwargs)
        self.currency, self.minor, self.scale = currency, minor, scale
        self.cases: dict[str, dict[str, str]] = {}

    def in_case(self, case: str | None) -> dict[str, str]:
        """The patterns for a case, falling back to the unit's own by category."""
        own = self.cases.get(case or "", {})
        return {**self, **own} if own else self


def _case_words(made: dict, given) -> None:
    """A words file's case of a unit's words (or a unit of time's words) in place."""
    forms = made.get(given.key)
    if forms is None:
        if not isinstance(given.key, str):
            return                     # a case of words the unit does not have: nothing shown
        forms = made[given.key] = UnitForms()
    if given.case is None:
        forms[given.category] = given.text
    else:
        forms.cases.setdefault(given.case, {})[given.category] = given.text


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
    _rule_messages(texts, data.get("rules"))
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


def _rule_messages(texts: Texts, rules: Any) -> None:
    """Each rule's message, which a words file may give in its language (rules[0])."""
    for index, rule in enumerate(rules if isinstance(rules, list) else ()):
        if isinstance(rule, dict) and isinstance(rule.get("message"), str):
            path = f"rules[{index}]"
            texts.declared[path] = Declared(path, rule["message"].strip(), Context(),
                                            frozenset(),
                                            texts.document.where(("rules", index, "message")),
                                            "message")


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

    def messages(self) -> dict[int, str]:
        """The rules' messages this language gives, by the rule's place in the model."""
        return {int(path[6:-1]): text for path, text in self.given.items()
                if path.startswith("rules[") and isinstance(text, str)}

    def unit_words(self) -> dict:
        """Each unit's patterns by plural category, in this language (a UnitForms)."""
        made = {}
        for words in self.display.unit_words:
            forms = UnitForms(currency=words.currency, minor=words.minor, scale=words.scale)
            forms.cases = {case: dict(patterns) for case, patterns in words.cases}
            for category, pattern in words.forms:
                path = words.path if len(words.forms) == 1 and category == "other" and \
                    words.path in self.display.declared else f"{words.path}.{category}"
                given = self.given.get(path)
                forms[category] = given if isinstance(given, str) else pattern
            made[words.unit] = forms
        for given in self.given.values():
            if isinstance(given, word_parts.CaseWords):
                _case_words(made, given)
        return made


__all__ = ["Display", "Words", "read", "Text", "Pattern", "Context", "Declared", "PARTS",
           "RESERVED", "COMPONENTS"]
