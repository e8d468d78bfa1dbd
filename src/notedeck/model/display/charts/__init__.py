"""charts: of a model: line and bar charts over its figures, what ```chart NAME``` places.

    charts:
      costs:
        kind: line                         # one of KINDS: line | bar
        title: "At {size.featured}, a batch costs {size.at_featured.cost}"
        alt: "Line chart of the cost against the batch size ..."
        x: {title: Size, ticks: {auto: true}}
        y: {title: Cost, scale: log, ticks: {auto: true, label: "{value:amount}"}}
        lines:
          cost: {x: size.curve.n, y: size.curve.cost, label: Cost}

A kind is one object, in its own module here, that reads and checks its declaration and
writes it as the deck's chart for one evaluation (`write(spec, writer)`); KINDS lists them,
one line each. Renderers draw the deck's LineChart and BarChart and never see a declaration.
docs/models.md has each setting; docs/architecture.md, "Adding a kind", shows how.
"""

from __future__ import annotations

from typing import Any, Protocol

from notedeck.model.display.charts.axes import AxisSpec, Ticks, auto_ticks
from notedeck.model.display.charts.bar import BAR, BarChartSpec, BarSpec, Value
from notedeck.model.display.charts.line import (LINE, LineChartSpec, LineSpec, PointsSpec,
                                                ReferenceSpec)
from notedeck.model.display.charts.values import plotted
from notedeck.model.display.said import Said
from notedeck.model.display.tables import named
from notedeck.model.display.texts import Texts


class ChartKind(Protocol):
    """One kind of chart: its `kind:` name, the spec it reads, and how it is written."""

    name: str
    spec: type

    def read(self, texts: Texts, name: str, spec: dict, path: tuple) -> Any: ...

    def write(self, spec: Any, said: Said) -> Any: ...


# The chart kinds, by the name `kind:` gives: adding one is a module here and a line here.
KINDS: dict[str, ChartKind] = {kind.name: kind for kind in (
    LINE,
    BAR,
)}
ChartSpec = LineChartSpec | BarChartSpec


def charts(texts: Texts, value: Any) -> dict[str, Any]:
    """The model's charts by name, each read by its kind; problems go to `texts`."""
    made = {}
    for name, spec, path in named(texts, value, "charts", "charts"):
        kind = spec.get("kind")
        if not isinstance(kind, str) or kind not in KINDS:
            texts.problem(path + ("kind",) if "kind" in spec else path,
                          f"a chart's kind is one of: {', '.join(KINDS)}; got {kind!r}")
            continue
        chart = KINDS[kind].read(texts, name, spec, path)
        if chart is not None:
            made[name] = chart
    return made


def kind_of(spec: Any) -> ChartKind:
    """The kind that read a chart's spec."""
    return next(kind for kind in KINDS.values() if isinstance(spec, kind.spec))


def chart(spec: Any, said: Said) -> Any:
    """The chart a declaration describes, written from the writer's evaluation: a live
    control draws it at each of its positions with `chart(spec, writer.with_evaluation(...))`."""
    return kind_of(spec).write(spec, said)


__all__ = ["charts", "chart", "kind_of", "KINDS", "ChartKind", "ChartSpec", "LineChartSpec",
           "BarChartSpec", "AxisSpec", "Ticks", "LineSpec", "PointsSpec", "ReferenceSpec",
           "BarSpec", "Value", "auto_ticks", "plotted"]
