"""controls: of a model: the web page's panels of live controls, and what each moves.

    controls:
      level:                               # a panel, shown by the chart it names
        label: Load
        chart: waits
        controls:
          level:                           # a slider: a position per row of a use's rows
            slider: load.curve      #   (a sweep's points, or a list's)
            input: load.featured    # the model re-evaluated there (optional)
            label: How busy the team is
            text: "{u:percent}"            # a position, as shown and read aloud
            stops: load.levels      # the labelled positions (optional)
            stop: "{u:percent}"
            start: load.featured    # where the page opens: where the handout is
            scale: linear
          team:                            # a choice: one item of a list of records
            choice: teams
            label: Team
            item: "{label:Capitalised}"
            emphasis: waits                # the chart whose line for the item stands out
        shows:                             # under the controls, in order
          said: {text: "At {u:percent} busy, an item waits {wait}."}
          figures:
            readout:
              delay: {label: Delay, value: "{delay}", detail: "at {u:percent}"}
          bars: {chart: budget}            # a bar chart drawn again at each position
        announce: said                     # read once the controls rest: a text, or a shown one
        stats: [featured]                  # stats: parts written again at each position
        cursors:
          waits: {x: u, y: wait}           # a line and a dot on a line chart

A panel's texts read the chosen item's fields bare (with a choice), else the slider's row's
fields; a slider's row parameter is always theirs by name. A kind of control is one object,
in its own module here (slider.py, choice.py), that reads and checks it and writes the deck's
control; KINDS lists them, one line each.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from notedeck.errors import Location
from notedeck.model.display.controls.choice import CHOICE, ChoiceSpec
from notedeck.model.display.controls.formulas import formula
from notedeck.model.display.controls.shown import CHART, READOUT, TEXT
from notedeck.model.display.controls.slider import SLIDER, SliderSpec
from notedeck.model.display.said import Said
from notedeck.model.schema import Settings, checked
from notedeck.model.display.tables import named as _named
from notedeck.model.display.texts import Context, Text, Texts
from notedeck.model.inputs import bad_name
from notedeck.model.types import Record

MAX_CONTROLS = 4               # controls in one panel
MAX_POSITIONS = 10_000         # positions of all the controls of a panel, together


class ControlKind(Protocol):
    """One kind of control: the key that names it, what that key takes, the spec it reads,
    and how the deck's control is written from it."""

    name: str
    takes: str
    spec: type

    def read(self, texts: Texts, name: str, spec: dict, path: tuple) -> Any: ...

    def write(self, spec: Any, said: Said) -> Any: ...


# The kinds of control, by the key that names one: adding one is a module here and a line here.
KINDS: dict[str, ControlKind] = {kind.name: kind for kind in (
    SLIDER,
    CHOICE,
)}


def kind_of(spec: Any) -> ControlKind:
    """The kind that read a control's spec."""
    return next(kind for kind in KINDS.values() if isinstance(spec, kind.spec))


class ShownKind(Protocol):
    """One kind of what a panel shows: the key that names it, what it takes, how it is read,
    and how it is written at every position (`write(positions, shown, draw)`)."""

    name: str
    takes: str

    def read(self, texts: Texts, value: Any, path: tuple, context: Context) -> Any: ...

    def write(self, at: Any, shown: Any, draw: Any) -> Any: ...


# What a panel can show, by the key that names it: a kind is a class in shown.py and a line here.
SHOWS: dict[str, ShownKind] = {kind.name: kind for kind in (
    TEXT,
    READOUT,
    CHART,
)}


class PanelIn(Settings):
    label: Any = None
    chart: Any = None
    controls: Any = None
    shows: Any = None
    announce: Any = None
    stats: Any = None
    cursors: Any = None
    about: Any = None


@dataclass(frozen=True)
class Shown:
    """What a panel shows under its controls: kind text (a Said), readout (StatSpecs: a
    value with its label and detail, as a big figure has) or chart (a chart's name, drawn
    again at each position)."""

    id: str
    kind: str
    value: Any


@dataclass(frozen=True)
class CursorSpec:
    chart: str
    x: Any                     # model.Expression: a number on the chart's x axis
    y: Any
    where: Location | None = None


@dataclass(frozen=True)
class PanelSpec:
    name: str
    label: Text
    chart: str
    controls: tuple
    shows: tuple[Shown, ...]
    announce: Text | str | None = None     # a text, or the id of a text it shows
    stats: tuple[str, ...] = ()
    cursors: tuple[CursorSpec, ...] = ()
    where: Location | None = None

    @property
    def slider(self) -> SliderSpec | None:
        return next((c for c in self.controls if isinstance(c, SliderSpec)), None)


def controls(texts: Texts, value: Any, stats: dict) -> dict[str, PanelSpec]:
    made = {}
    for name, spec, path in _named(texts, value, "controls", "panels"):
        settings = checked(texts, PanelIn, spec, path, "a panel")
        panel = _panel(texts, name, spec, path, stats)
        if panel is not None and settings is not None:
            made[name] = panel
    return made


def _panel(texts: Texts, name: str, spec: dict, path: tuple, stats: dict) -> PanelSpec | None:
    label = texts.text(spec.get("label"), path + ("label",))
    chart = spec.get("chart")
    if not isinstance(chart, str) or not chart:
        texts.problem(path + ("chart",), "expected the name of the chart the panel sits by")
    found = _controls(texts, spec.get("controls"), path + ("controls",))
    if found is None or label is None or not isinstance(chart, str):
        return None
    context = panel_context(texts, found)
    shows = _shows(texts, spec.get("shows", {}), path + ("shows",), context)
    announce = _announce(texts, spec.get("announce"), path + ("announce",), context, shows) \
        if shows is not None else None
    listed = _stats(texts, spec.get("stats", []), path + ("stats",), stats)
    cursors = _cursors(texts, spec.get("cursors", {}), path + ("cursors",), context)
    if None in (shows, announce, listed, cursors):
        return None
    return PanelSpec(name, label, chart, found, shows, announce or None, listed, cursors,
                     texts.document.where(path + ("chart",)))


def panel_context(texts: Texts, found: tuple) -> Context:
    """What a panel's texts read: the chosen item's fields bare and the slider's parameter by
    name; without a choice, the slider's row's fields by name (read from the sweep as the
    note's own evaluation gives it, even where the model is evaluated again)."""
    choice = next((c for c in found if isinstance(c, ChoiceSpec)), None)
    slider = next((c for c in found if isinstance(c, SliderSpec)), None)
    if slider is None:
        return Context(choice.over if choice is not None else None)
    row = _row_type(texts, slider)
    if choice is not None:
        return Context(choice.over, ((slider.param, row.field(slider.param)),), slider.rows)
    return Context(None, row.fields, slider.rows)


def _row_type(texts: Texts, slider: SliderSpec) -> Record:
    return texts.model.expression(slider.rows).type.item


def _controls(texts: Texts, value: Any, path: tuple):
    if not isinstance(value, dict) or not value or len(value) > MAX_CONTROLS:
        texts.problem(path, f"expected from 1 to {MAX_CONTROLS} controls by name: NAME: "
                            "{slider: a use's rows, ...} or {choice: a list of records, ...}")
        return None
    made = []
    for name, spec in value.items():
        here = path + (name,)
        if bad_name(name):
            texts.problem(here, bad_name(name), at_key=True)
            continue
        kinds = [k for k in KINDS if isinstance(spec, dict) and k in spec]
        if len(kinds) != 1:
            texts.problem(here, "a control is one of: " + ", ".join(
                f"{k}: ({kind.takes})" for k, kind in KINDS.items()))
            continue
        control = KINDS[kinds[0]].read(texts, name, spec, here)
        if control is not None:
            made.append(control)
    kinds = [type(c) for c in made]
    if len(set(kinds)) != len(kinds):
        texts.problem(path, "a panel holds at most one control of each kind")
        return None
    return tuple(made) if len(made) == len(value) else None


def _shows(texts: Texts, value: Any, path: tuple, context: Context):
    if not isinstance(value, dict):
        texts.problem(path, "expected what the panel shows by name: NAME: {text: words}, "
                            "{readout: ...} or {chart: a chart's name}")
        return None
    made = []
    for name, spec in value.items():
        here = path + (name,)
        kinds = [k for k in SHOWS if isinstance(spec, dict) and k in spec]
        if len(kinds) != 1 or len(spec) != 1:
            each = [f"{k}: ({kind.takes})" for k, kind in SHOWS.items()]
            texts.problem(here, "a panel shows one of: " + ", ".join(each[:-1]) + " or "
                          + each[-1])
            continue
        found = SHOWS[kinds[0]].read(texts, spec[kinds[0]], here + (kinds[0],), context)
        if found is not None:
            made.append(Shown(str(name), kinds[0], found))
    return tuple(made) if len(made) == len(value) else None


def _announce(texts: Texts, value: Any, path: tuple, context: Context, shows):
    if value is None:
        return ""
    texts_shown = [s.id for s in shows or () if s.kind == "text"]
    if isinstance(value, str) and value in texts_shown:
        return value
    if isinstance(value, dict) and set(value) == {"text"}:
        return texts.text(value["text"], path + ("text",), context)
    texts.problem(path, "expected the name of a text the panel shows ("
                  + (", ".join(texts_shown) or "none") + ") or {text: words}")
    return None


def _stats(texts: Texts, value: Any, path: tuple, stats: dict):
    if not isinstance(value, list) or any(v not in stats for v in value):
        texts.problem(path, "expected a list of stats: parts, written again at each position "
                            "(shown in place of the same part): "
                            + (", ".join(stats) or "none declared"))
        return None
    return tuple(value)


def _cursors(texts: Texts, value: Any, path: tuple, context: Context):
    if not isinstance(value, dict):
        texts.problem(path, "expected cursors by chart: CHART: {x: a formula, y: a formula}")
        return None
    made = []
    for chart, spec in value.items():
        here = path + (chart,)
        if not isinstance(spec, dict) or set(spec) != {"x", "y"}:
            texts.problem(here, "a cursor needs x: and y: (formulas placing it on the line "
                                "chart, in the chart's units)")
            continue
        x = formula(texts, spec["x"], here + ("x",), context, None)
        y = formula(texts, spec["y"], here + ("y",), context, None)
        if x is not None and y is not None:
            made.append(CursorSpec(str(chart), x, y, texts.document.where(here, at_key=True)))
    return tuple(made) if len(made) == len(value) else None




__all__ = ["controls", "panel_context", "kind_of", "KINDS", "SHOWS", "ControlKind", "PanelSpec",
           "SliderSpec", "ChoiceSpec", "Shown", "CursorSpec", "MAX_POSITIONS"]
