"""Every chart drawn once, from its spec alone: a PNG for slides and an SVG for print, or
only the one a build reads (the layout is frozen before either is written, so each
form is the same bytes drawn alone or with the other).

Each chart is planned in three steps: draw the data with matplotlib, let the
constrained layout settle the axes, then place the direct labels with the pure
functions `spread` and `label_cost`, which know only boxes and points. Every
string shown comes from the spec; nothing here formats a number.

The figure, type and limit machinery the charts share is in figure.py, the
geometry of label placement in placement.py; lines.py, labels.py, bars.py and columns.py paint them.
"""

from __future__ import annotations

from contextlib import contextmanager

from notedeck import theme
from notedeck.deck import ChartArt, ChartSpec, LineChart, drawable
from notedeck.render.charts import bars, columns, lines
from notedeck.render.charts.figure import done, figure, png, rc, svg
from notedeck.render.contract import FORMS, PNG, SVG


def draw(spec: ChartSpec, forms=FORMS) -> ChartArt:
    """Draw one chart from its spec in the forms asked for (b"" for the others); the same
    spec always gives the same bytes."""
    with painted(spec) as fig:
        return ChartArt(spec.name, png(fig) if PNG in forms else b"",
                        svg(fig, drawable(spec)) if SVG in forms else b"", *theme.chart_size(spec))


@contextmanager
def painted(spec: ChartSpec):
    """The chart as a laid-out matplotlib Figure, inside the style it is drawn with."""
    drawn = drawable(spec)
    painter = (lines.paint_lines if isinstance(drawn, LineChart) else
               bars.paint_bars if drawn.horizontal else columns.paint_columns)
    import matplotlib

    with matplotlib.rc_context(rc()):
        fig = figure(*theme.chart_size(spec), drawn.title)
        painter(fig, drawn)
        done(fig)
        yield fig
