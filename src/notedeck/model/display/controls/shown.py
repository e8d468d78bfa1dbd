"""What a panel shows under its controls, each kind one object: a text, a readout, a chart;
read and checked here, and written at every position of the panel's controls.

    shows:
      said: {text: "At {n}, a batch costs {cost}."}
      figures: {readout: {cost: {label: Cost, value: "{cost}", detail: "at {n}"}}}
      bars: {chart: costs}
"""

from __future__ import annotations

from typing import Any

from notedeck.deck import Reading, Readout, Slider, Varying
from notedeck.model.schema import Settings, checked
from notedeck.model.display.tables import StatSpec
from notedeck.model.display.texts import Context, Slot, Text, Texts

# Each kind's write(at, shown, draw): `at` is figures/controls.Positions (the panel's places,
# `varying` and `said`), `draw(chart, writer)` draws a chart as a writer's evaluation gives it.


class ReadingIn(Settings):
    label: Any = None
    value: Any = None
    detail: Any = None


class TextShown:
    """text: words written again at each position."""

    name = "text"
    takes = "words written at each position"

    def read(self, texts: Texts, value: Any, path: tuple, context: Context) -> Text | None:
        return texts.text(value, path, context)

    def write(self, at: Any, shown: Any, draw: Any) -> Varying:
        return at.varying(at.said(shown.value, True), shown.id)


class ReadoutShown:
    """readout: figures by name, each a value with its label and detail, as a big figure."""

    name = "readout"
    takes = "figures by name: {label, value, detail}"

    def read(self, texts: Texts, value: Any, path: tuple, context: Context):
        if not isinstance(value, dict) or not value:
            texts.problem(path, "expected figures by name: NAME: {label: words, value: words "
                                "with {slots}, detail: words}")
            return None
        made = []
        for name, spec in value.items():
            here = path + (name,)
            if not isinstance(spec, dict) or "label" not in spec or "value" not in spec:
                texts.problem(here, "a reading needs label: and value:")
                continue
            settings = checked(texts, ReadingIn, spec, here, "a reading")
            label = texts.text(spec["label"], here + ("label",))
            shown = texts.text(spec["value"], here + ("value",), context)
            detail = texts.text(spec["detail"], here + ("detail",), context) \
                if "detail" in spec else None
            if settings is not None and label is not None and shown is not None and \
                    (detail or "detail" not in spec):
                made.append(StatSpec(str(name), shown, label, detail))
        return tuple(made) if len(made) == len(value) else None

    def write(self, at: Any, shown: Any, draw: Any) -> Readout:
        return Readout(tuple(
            Reading(at.writer.text(r.label), _phrase(at, r.value, r.id),
                    _phrase(at, r.detail, "detail") if r.detail is not None else ())
            for r in shown.value))


class ChartShown:
    """chart: a bar chart drawn again at each position."""

    name = "chart"
    takes = "a bar chart drawn at each position"

    def read(self, texts: Texts, value: Any, path: tuple, context: Context) -> str | None:
        if not isinstance(value, str) or not value:
            texts.problem(path, "expected the name of a bar chart")
            return None
        return value

    def write(self, at: Any, shown: Any, draw: Any) -> Varying:
        return at.varying(lambda p: draw(shown.value, p.writer), shown.id)


TEXT, READOUT, CHART = TextShown(), ReadoutShown(), ChartShown()


def _phrase(at: Any, said: Text, name: str) -> tuple:
    """A reading's text: written whole at each position, or, when its one slot shows the
    slider's position as the slider does, its words around the slider's own text."""
    slider = next((c for c in at.made if isinstance(c, Slider)), None)
    if slider is not None and not said.conditions:
        pattern = at.writer.words.pattern(said.choices[0])
        slots = [p for p in pattern.parts if not isinstance(p, str)]
        if len(said.choices) == 1 and len(slots) == 1 and isinstance(slots[0], Slot):
            shown = at.varying(lambda p: p.writer.slot(slots[0], p.row, p.bound, False))
            if shown.over == (slider.name,) and shown.values == slider.texts:
                own = Varying((slider.name,), slider.texts, "label")
                return tuple(own if not isinstance(p, str) else p for p in pattern.parts)
    return (at.varying(at.said(said, False), name),)
