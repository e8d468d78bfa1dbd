"""Upright bar charts: a column per bar over its name, segments stacked up or side by side,
values inside a segment where they fit and above or beside it where they do not."""

from __future__ import annotations

from notedeck.deck import BarChart
from notedeck.render.charts.figure import P, T, freeze, measure, px, segment_colour, text_on

SLOT = 0.7                                 # of a category's width, the column (or group)
HEADROOM = 1.18                            # above the tallest column, room for its label


def paint_columns(fig, spec: BarChart) -> None:
    ax = fig.add_subplot()
    names = [s.label for s in spec.bars[0].segments] if spec.bars else []
    layers = 1 if spec.stacked else max(len(names), 1)
    ticks = [bar.label if spec.stacked or not bar.total_label else f"{bar.label}\n{bar.total_label}"
             for bar in spec.bars]
    ax.set_xticks(range(len(spec.bars)), labels=ticks, fontweight="bold")
    ax.set_xlim(-0.5, len(spec.bars) - 0.5)
    ax.set_ylim(0, HEADROOM)
    ax.yaxis.set_visible(False)
    ax.spines["left"].set_visible(False)
    ax.tick_params(axis="x", length=0)
    if len(names) > 1:
        _legend(ax, names)
    freeze(fig)
    each = SLOT / layers
    upright = _upright(ax, spec, each if layers > 1 else 1.0)
    for i, (bar, lengths) in enumerate(zip(spec.bars, spec.lengths())):
        base = 0.0
        for j, (segment, length) in enumerate(zip(bar.segments, lengths)):
            x = i if spec.stacked else i - SLOT / 2 + (j + 0.5) * each
            colour = segment_colour(j)
            ax.bar(x, length, each, bottom=base, color=colour, edgecolor=P.background, linewidth=1.5)
            _value(ax, segment.value_label, x, base, length, each, colour, upright)
            base += length if spec.stacked else 0
        if spec.stacked and bar.total_label:
            ax.annotate(bar.total_label, (i, base), xytext=(0, 4), textcoords="offset points",
                        ha="center", va="bottom", fontsize=T.chart_label, fontweight="bold",
                        annotation_clip=False)


def _upright(ax, spec: BarChart, step: float) -> bool:
    """Whether a value label above its column stands upright: when the widest is wider than
    the step from one column to the next (`step`, in categories), side by side labels would
    run into each other; the plot then grows the headroom the upright labels need."""
    fig = ax.figure
    widest = max((measure(fig, s.value_label, T.chart_tick, "bold")[0]
                  for bar in spec.bars for s in bar.segments), default=0.0)
    (x0, _), (x1, _) = ax.transData.transform([(0, 0), (step, 0)])
    if widest + px(fig, 2) <= x1 - x0:
        return False
    need = (widest + px(fig, 8)) / ax.get_window_extent().height
    ax.set_ylim(0, max(HEADROOM, 1 / max(1 - need, 0.4)))
    return True


def _value(ax, text: str, x: float, base: float, length: float, width: float,
           colour: str, upright: bool) -> None:
    """Inside the segment when it fits there, else just above it (upright, when `upright`),
    or beside it when stacked on another segment."""
    fig = ax.figure
    w, h = measure(fig, text, T.chart_tick, "bold")
    (x0, y0), (x1, y1) = ax.transData.transform([(x - width / 2, base),
                                                 (x + width / 2, base + length)])
    if w + px(fig, 4) <= x1 - x0 and h + px(fig, 4) <= y1 - y0:
        ax.text(x, base + length / 2, text, ha="center", va="center", fontsize=T.chart_tick,
                fontweight="bold", color=text_on(colour))
    elif base == 0:
        ax.annotate(text, (x, base + length), xytext=(0, 3), textcoords="offset points",
                    ha="center", va="bottom", fontsize=T.chart_tick, color=P.ink,
                    rotation=90 if upright else 0, annotation_clip=False)
    else:
        ax.annotate(text, (x + width / 2, base + length / 2), xytext=(4, 0),
                    textcoords="offset points", ha="left", va="center", fontsize=T.chart_tick,
                    color=P.ink, annotation_clip=False)


def _legend(ax, names: list[str]) -> None:
    """The series' colours, in a row above the plot (under the title)."""
    from matplotlib.patches import Patch

    handles = [Patch(facecolor=segment_colour(j), label=name) for j, name in enumerate(names)]
    ax.legend(handles=handles, loc="lower left", bbox_to_anchor=(0, 1.02), ncols=len(names),
              frameon=False, fontsize=T.chart_tick, handlelength=1.2, columnspacing=1.2,
              borderaxespad=0, borderpad=0)
