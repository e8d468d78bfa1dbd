"""A slider: a position per row of a use's rows (a sweep's points, or a list's), the model
re-evaluated at each where it sets an input; read, checked and written as the deck's Slider.

    level:
      slider: size.curve           # a use's rows
      input: size.featured         # the model re-evaluated there (optional)
      label: Batch size
      text: "{n}"                  # a position, as shown and read aloud
      stops: size.marks            # the labelled positions (optional)
      start: size.featured         # where the page opens
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field

from notedeck.deck import Slider, Stop
from notedeck.errors import Location
from notedeck.model.display.charts.values import plotted
from notedeck.model.display.controls.formulas import formula
from notedeck.model.display.said import Said
from notedeck.model.schema import Settings, checked
from notedeck.model.display.texts import Context, Text, Texts
from notedeck.model.inputs import Input, find
from notedeck.model.messages import key_text, suggest
from notedeck.model.types import ListOf, Num, Text as TextType

KEYS = "controls.keys"         # the catalogue's words: how keys move a slider


class SliderIn(Settings):
    slider: Any = None
    input: Any = None
    label: Any = None
    text: Any = None
    stops: Any = None
    stop: Any = None
    listed: Any = None
    start: Any = None
    scale: Literal["linear", "log"] = Field(
        default="linear", description="log spreads positions evenly on a log scale; 0 may be one")


@dataclass(frozen=True)
class SliderSpec:
    name: str
    label: Text
    rows: str                  # a use's rows: a position per row
    param: str                 # the rows' parameter: what the texts call the position
    text: Text
    start: Any                 # model.Expression: the value the page opens at
    scale: str = "linear"
    stops: Any = None          # model.Expression: a list of the values labelled
    stop: Text | None = None
    listed: Text | None = None
    input: str | None = None   # the input set to the position, the model re-evaluated
    where: Location | None = None


class SliderKind:
    """slider: a use's rows."""

    name = "slider"
    spec = SliderSpec
    takes = "a use's rows: a sweep or over: a list"

    def read(self, texts: Texts, name: str, spec: dict, path: tuple) -> SliderSpec | None:
        settings = checked(texts, SliderIn, spec, path, "a slider")
        rows = spec.get("slider")
        uses = [key_text(p) for p, e in texts.model.plan.uses.items() if e.use.mode != "at"]
        if rows not in uses:
            texts.problem(path + ("slider",), f"a slider's positions are a use's rows (a "
                          f"sweep, or over: a list); got {rows!r}" + suggest(str(rows), uses))
            return None
        entry = texts.model.plan.uses[tuple(rows.split("."))]
        param, kind = entry.group.param, Num(entry.group.unit)
        own = Context(None, texts.model.expression(rows).type.item.fields, rows)
        made = _parts(texts, spec, path, param, kind, own)
        changed = spec.get("input")
        if changed is not None and not _one_value(texts, changed, path + ("input",)):
            return None
        if settings is None or any(v is None for k, v in made.items() if k not in ("listed",
                                                                                   "stops")) \
                or (made["stops"] is None and "stops" in spec) \
                or (made["listed"] is None and "listed" in spec):
            return None
        return SliderSpec(name, made["label"], rows, param, made["text"], made["start"],
                          settings.scale, made["stops"], made["stop"], made["listed"], changed,
                          texts.document.where(path))

    def write(self, spec: SliderSpec, said: Said) -> Slider:
        """Its positions are its rows; stops where a row's value is one of `stops`; it opens
        at the last position not above `start`."""
        fields = rows(spec, said)
        values = tuple(row[spec.param] for row in fields)
        stops = set(said.value(spec.stops)) if spec.stops is not None else set()
        start = max(bisect_right(values, said.value(spec.start)) - 1, 0)
        listed = said.text(spec.listed, None, {"stops": "{stops}"}) if spec.listed \
            else "{stops}"
        return Slider(spec.name, said.text(spec.label),
                      tuple(plotted(v, said.model.expression(spec.rows)) for v in values),
                      tuple(said.text(spec.text, None, row) for row in fields),
                      tuple(Stop(i, said.text(spec.stop, None, fields[i]))
                            for i, v in enumerate(values) if v in stops),
                      start, spec.scale, listed, said.forms.fmt.labels[KEYS])


SLIDER = SliderKind()


def rows(spec: SliderSpec, said: Said) -> tuple[dict, ...]:
    """A slider's rows, each its fields by name, as `said`'s evaluation gives them."""
    return said.evaluation.value(spec.rows)


def _parts(texts: Texts, spec: dict, path: tuple, param: str, kind: Num,
           own: Context) -> dict:
    return {
        "label": texts.text(spec.get("label"), path + ("label",)),
        "text": texts.text(spec.get("text", "{" + param + "}"), path + ("text",), own),
        "start": formula(texts, spec.get("start"), path + ("start",), Context(), kind),
        "stops": formula(texts, spec.get("stops"), path + ("stops",), Context(),
                         ListOf(kind)) if "stops" in spec else None,
        "stop": texts.text(spec.get("stop", "{" + param + "}"), path + ("stop",), own),
        "listed": texts.text(spec.get("listed"), path + ("listed",),
                             Context(None, (("stops", TextType()),)), required=False),
    }


def _one_value(texts: Texts, changed: Any, path: tuple) -> bool:
    found = find(texts.model.inputs, tuple(str(changed).split(".")))
    if not isinstance(found, Input) or found.kind in ("list", "records"):
        texts.problem(path, f"expected an input holding one value, set to each position; "
                            f"got {changed!r}")
        return False
    return True
