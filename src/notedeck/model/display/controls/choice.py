"""A choice: one item of a list of records, whose fields a panel's texts read bare; read,
checked and written as the deck's Choice.

    team:
      choice: teams                # a list of records
      label: Team
      item: "{label:Capitalised}"
      emphasis: costs              # the line chart whose line for the item stands out
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from notedeck.deck import Choice
from notedeck.errors import Location
from notedeck.model.display.said import Said
from notedeck.model.schema import Settings, checked
from notedeck.model.display.texts import Context, Text, Texts
from notedeck.model.messages import key_text, suggest


class ChoiceIn(Settings):
    choice: Any = None
    label: Any = None
    item: Any = None
    emphasis: Any = None


@dataclass(frozen=True)
class ChoiceSpec:
    name: str
    label: Text
    over: str                  # a list of records: a position per item
    item: Text
    emphasis: str | None = None
    where: Location | None = None


class ChoiceKind:
    """choice: a list of records."""

    name = "choice"
    spec = ChoiceSpec
    takes = "a list of records"

    def read(self, texts: Texts, name: str, spec: dict, path: tuple) -> ChoiceSpec | None:
        settings = checked(texts, ChoiceIn, spec, path, "a choice")
        over = spec.get("choice")
        records = [key_text(p) for p in texts.model.plan.items]
        if over not in records:
            texts.problem(path + ("choice",), f"a choice's items are a list of records; got "
                                              f"{over!r}" + suggest(str(over), records))
            return None
        label = texts.text(spec.get("label"), path + ("label",))
        item = texts.text(spec.get("item", "{label}"), path + ("item",), Context(over))
        emphasis = spec.get("emphasis")
        if emphasis is not None and not isinstance(emphasis, str):
            texts.problem(path + ("emphasis",), "expected the name of a line chart")
            return None
        if settings is None or label is None or item is None:
            return None
        return ChoiceSpec(name, label, over, item, emphasis, texts.document.where(path))

    def write(self, spec: ChoiceSpec, said: Said) -> Choice:
        count = len(said.evaluation.value(spec.over))
        return Choice(spec.name, said.text(spec.label),
                      tuple(said.text(spec.item, i) for i in range(count)))


CHOICE = ChoiceKind()
