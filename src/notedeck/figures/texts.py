"""Display texts written out: each slot's formula evaluated and shown in its form, in the
note's language, for one evaluation (and, in a list's text, one of its rows)."""

from __future__ import annotations

import re
from typing import Any, Mapping

from notedeck.errors import NotedeckError, Problem
from notedeck.deck import NumberFormat
from notedeck.figures.forms import Forms
from notedeck.figures.sheet import number_format
from notedeck.model.display import Text, Pattern, Words
from notedeck.model.display.texts import ItemAt, ListSlot, Slot

# French words that elide before a vowel, as the end of the text before a slot.
ELIDABLE = re.compile(r"(?:^|(?<=[\s(«\u00a0]))((?:[Dd]e|[Qq]ue|[Ll]e|[Ll]a|[Jj]e|[Nn]e|[Ss]e"
                      r"|[Mm]e|[Tt]e)) $")
VOWELS = frozenset("aeiouyàâäéèêëîïôöùûü")
MAX_DEPTH = 8                  # say: words naming figures whose words name figures ...


class Writer:
    """Writes a model's display texts from one evaluation, in one language."""

    def __init__(self, evaluation, forms: Forms, words: Words,
                 filled: Mapping[str, str] | None = None):
        self.evaluation, self.forms, self.words = evaluation, forms, words
        self.model = evaluation.model
        self.display = self.model.display
        self.filled = filled if filled is not None else {}   # prose as written -> as filled
        self.prose: dict = {}                 # an input of prose's path -> (written, filled)
        self._depth = 0

    def with_evaluation(self, evaluation) -> Writer:
        """The same words and forms over another evaluation (a control's position)."""
        return Writer(evaluation, self.forms, self.words, self.filled)

    # --- texts -----------------------------------------------------------------------------

    def text(self, text: Text | None, row: int | None = None, bound: dict | None = None,
             prose: bool = False) -> str:
        """The first of the text's patterns that is not empty (and whose condition holds),
        written out."""
        if text is None:
            return ""
        bound = bound or {}
        written = ""
        for index, pattern in enumerate(text.choices):
            condition = text.conditions[index] if text.conditions else None
            if condition is not None and not self.value(condition, row, bound):
                continue
            written = self.pattern(self.words.pattern(pattern), text, row, bound, prose)
            if written.strip():
                return written
        return written

    def pattern(self, pattern: Pattern, text: Text, row: int | None, bound: dict,
                 prose: bool) -> str:
        parts = []
        for part in pattern.parts:
            if isinstance(part, str):
                parts.append(part)
            elif isinstance(part, ListSlot):
                parts.append(self.joined(dict(text.lists)[part.name], prose))
            else:
                parts.append(self._elided(parts, self.slot(part, row, bound, prose)))
        return "".join(parts)

    def _elided(self, parts: list[str], said: str) -> str:
        """French elides a short word before a vowel: "de {label}" with "énergie" reads
        "d’énergie", "le {x}" "l’…" (the text writes the full word; the figure decides)."""
        if self.forms.fmt.language != "fr" or not parts or not said[:1].lower() in VOWELS:
            return said
        match = ELIDABLE.search(parts[-1])
        if match:
            word = match.group(1)
            parts[-1] = parts[-1][:match.start(1)] + word[:-1] + "’"
        return said

    def joined(self, joined, prose: bool) -> str:
        rows = self.evaluation.value(joined.over)
        return joined.join.join(self.text(joined.text, i, None, prose)
                                for i in range(len(rows)))

    # --- slots -----------------------------------------------------------------------------

    def number_format(self, kind: Any, show: Any, values=()) -> NumberFormat:
        """How a spreadsheet writes values of `kind` in the form `show` (figures/sheet.py)."""
        return number_format(self.forms, kind, show, values)

    def value(self, expression, row: int | None = None, bound: dict | None = None) -> Any:
        return expression.evaluate(self.evaluation, row=row, **(bound or {}))

    def slot(self, slot: Slot, row: int | None, bound: dict, prose: bool) -> str:
        value = self.value(slot.expression, row, bound)
        kind = slot.expression.type
        if slot.show.form == "say" and slot.alternate is None:
            return self.say(slot, value, row, bound, prose)
        if isinstance(value, str):
            value = self.filled.get(value, value)
        if slot.alternate is not None:
            noun = self.noun(slot.item, row, bound) if slot.item is not None else None
            return self.forms.alternate(slot.alternate, value, kind, slot.show, noun)
        return self.forms.show(value, kind, slot.show, prose, slot.zero)

    def say(self, slot: Slot, case: Any, row: int | None, bound: dict, prose: bool) -> str:
        """A say: figure's words for the case that holds."""
        said = self.display.says.get(slot.figure) if slot.figure else None
        if said is None or not isinstance(case, str):
            return str(case)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise NotedeckError(Problem(slot.expression.compiled.source.where,
                                            f"the words of '{said.figure}' name figures whose "
                                            "words name it again"))
            return self.text(said.text(case), None, None, prose)
        finally:
            self._depth -= 1

    def noun(self, item: ItemAt, row: int | None, bound: dict) -> tuple[str, str]:
        """(the noun for one, for several) of the item a slot's figure belongs to."""
        noun = self.display.nouns[item.records]
        position = self.position(item, row, bound)
        return (self.filled_text(noun.one.evaluate(self.evaluation, row=position)),
                self.filled_text(noun.other.evaluate(self.evaluation, row=position)))

    def filled_text(self, value: Any) -> str:
        return self.filled.get(value, value) if isinstance(value, str) else str(value)

    def position(self, item: ItemAt, row: int | None, bound: dict) -> int:
        if item.index is None:
            return row or 0
        index = item.index
        if not isinstance(index, (int, str)):
            index = self.value(index, row, bound)
        if isinstance(index, str):
            records = self.evaluation.value(item.records)
            key = self.model.plan.items[tuple(item.records.split("."))].input.key
            return next(i for i, r in enumerate(records) if r[key] == index)
        count = len(self.evaluation.value(item.records))
        return int(index) % count
