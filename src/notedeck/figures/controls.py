"""A model's controls: panels as the Deck's Live values, everything they move written at
every position (the model re-evaluated where a slider sets an input, its rows read else)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from math import prod
from typing import Any, Callable

from notedeck.deck import Cursor, Emphasis, Live, Panel, Varying
from notedeck.errors import NotedeckError, Problem
from notedeck.figures import tables
from notedeck.model.display.charts import plotted
from notedeck.figures.texts import Writer
from notedeck.model.display import Text
from notedeck.model.messages import number
from notedeck.model.display.controls import (MAX_POSITIONS, SHOWS, ChoiceSpec, PanelSpec,
                                             SliderSpec, kind_of)
from notedeck.model.display.controls.slider import rows


@dataclass(frozen=True)
class Place:
    """Where a panel's controls stand: the writer there, the row its texts read, names bound."""

    writer: Writer
    row: int | None
    bound: dict


class Positions:
    """A panel's controls at every position: the places, and values written at each of them
    as Varying over the controls they follow."""

    def __init__(self, panel: PanelSpec, writer: Writer, made: tuple):
        self.panel, self.writer, self.made = panel, writer, made
        self.names = tuple(c.name for c in made)
        self.sizes = tuple(c.positions for c in made)
        self._writers: dict[int, Writer] = {}
        if prod(self.sizes) > MAX_POSITIONS:
            raise NotedeckError(Problem(panel.where, f"the panel's controls take "
                                        f"{prod(self.sizes):,} positions together; at most "
                                        f"{MAX_POSITIONS:,} (fewer points in the sweep)"))
        self.places = {index: self._place(index) for index in product(*map(range, self.sizes))}

    def _place(self, index: tuple) -> Place:
        """A choice's item is the row its texts read; a slider's row (read from the note's
        own evaluation) is bound by name: only its parameter beside a choice."""
        writer, row, bound = self.writer, None, {}
        chosen = any(isinstance(spec, ChoiceSpec) for spec in self.panel.controls)
        for spec, i in zip(self.panel.controls, index):
            if isinstance(spec, ChoiceSpec):
                row = i
                continue
            fields = rows(spec, self.writer)[i]
            if spec.input is not None:
                writer = self._at(spec, i, fields[spec.param])
            bound.update({spec.param: fields[spec.param]} if chosen else fields)
        return Place(writer, row, bound)

    def _at(self, spec: SliderSpec, i: int, value) -> Writer:
        if i not in self._writers:
            try:
                evaluation = self.writer.evaluation.replace({spec.input: value})
            except NotedeckError as exc:
                said = "; ".join(p.message for p in exc.problems)
                raise NotedeckError(Problem(spec.where or self.panel.where, f"the slider sets "
                                            f"{spec.input} to {number(value)} at its position "
                                            f"{i + 1}, which the input refuses ({said}); keep "
                                            "the slider's rows within the input's bounds")
                                    ) from None
            self._writers[i] = self.writer.with_evaluation(evaluation)
        return self._writers[i]

    def varying(self, write: Callable[[Place], Any], name: str = "") -> Varying:
        """The value at every place, following only the controls it changes with."""
        values = {index: write(place) for index, place in self.places.items()}
        kept = [k for k in range(len(self.sizes)) if any(
            values[index] != values[index[:k] + (0,) + index[k + 1:]] for index in values)]

        def nest(prefix: tuple, depth: int):
            if depth == len(kept):
                index = [0] * len(self.sizes)
                for k, i in zip(kept, prefix):
                    index[k] = i
                return values[tuple(index)]
            return tuple(nest(prefix + (i,), depth + 1) for i in range(self.sizes[kept[depth]]))

        return Varying(tuple(self.names[k] for k in kept), nest((), 0), name)

    def said(self, text: Text, prose: bool) -> Callable[[Place], str]:
        return lambda place: place.writer.text(text, place.row, place.bound, prose)


def live(panels: dict[str, PanelSpec], writer: Writer,
         draw: Callable[[str, Writer], Any]) -> Live | None:
    """The web page's Live values for the model's panels; None when it declares none.
    `draw(chart, writer)` is the chart of that name as `writer`'s evaluation gives it."""
    if not panels:
        return None
    writer = Writer(writer.evaluation, _Remembered(writer.forms), writer.words, writer.filled)
    made, blocks, cursors, emphases = [], [], [], []
    for spec in panels.values():
        controls = tuple(kind_of(c).write(c, writer) for c in spec.controls)
        at = Positions(spec, writer, controls)
        shows, named = [], {}
        for shown in spec.shows:
            value = SHOWS[shown.kind].write(at, shown, draw)
            shows.append(value)
            named[shown.id] = value
        announce = named.get(spec.announce) if isinstance(spec.announce, str) else \
            at.varying(at.said(spec.announce, True), "announcement") if spec.announce else None
        made.append(Panel(writer.text(spec.label), spec.chart, controls, tuple(shows), announce))
        blocks.extend(at.varying(lambda p, s=name: tables.stats(p.writer.model.display.stats[s],
                                                                 p.writer), "stats")
                      for name in spec.stats)
        cursors.extend(Cursor(c.chart, at.varying(_number(c.x)), at.varying(_number(c.y)))
                       for c in spec.cursors)
        emphases.extend(Emphasis(c.emphasis, c.name) for c in spec.controls
                        if isinstance(c, ChoiceSpec) and c.emphasis)
    return Live(tuple(made), tuple(blocks), tuple(cursors), tuple(emphases))


class _Remembered:
    """The forms, each value's text remembered: positions share most of their figures."""

    def __init__(self, forms):
        self._forms = forms
        self.fmt, self.show = forms.fmt, lru_cache(maxsize=None)(forms.show)
        self.alternate = lru_cache(maxsize=None)(forms.alternate)

    def __getattr__(self, name: str):
        return getattr(self._forms, name)


def unknown_charts(panels: dict[str, PanelSpec], charts: tuple[str, ...]) -> list[Problem]:
    """A panel's place, a cursor, an emphasis or drawn bars naming a chart the note lacks."""
    problems = []
    named = "expected one of: " + (", ".join(charts) or "none (the note declares no chart)")
    for panel in panels.values():
        wanted = [(panel.chart, panel.where), *((c.chart, c.where) for c in panel.cursors),
                  *((c.emphasis, c.where) for c in panel.controls
                    if isinstance(c, ChoiceSpec) and c.emphasis),
                  *((s.value, panel.where) for s in panel.shows if s.kind == "chart")]
        problems.extend(Problem(where, f"no chart '{name}'; {named}")
                        for name, where in wanted if name not in charts)
    return problems


def _number(expression) -> Callable[[Place], float]:
    return lambda p: plotted(p.writer.value(expression, p.row, p.bound), expression)
