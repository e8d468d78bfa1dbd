"""Bar charts across the page: a row per bar, its name and total above it, its segments end
to end (stacked) or one under another (side by side), each labelled inside or beside it."""

from __future__ import annotations

from dataclasses import dataclass

from notedeck.deck import BarChart
from notedeck.render.charts.figure import (BAR_GAP_IN, BAR_TEXT_SIZES, BAR_THICKNESS_IN,
                                           LEADER_IN, P, T, freeze, measure, segment_colour,
                                           text_on)
from notedeck.render.charts.placement import spread

PAD_IN = 0.12                              # a label inside a segment keeps this from its ends


def paint_bars(fig, spec: BarChart) -> None:
    ax = fig.add_subplot()
    ax.set_axis_off()
    freeze(fig)
    width, height = ax.bbox.width / fig.dpi, ax.bbox.height / fig.dpi
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)                 # inches, top down
    plan = _bars_plan(fig, spec, width, height)
    top = plan.top
    for bar, row, lengths in zip(spec.bars, plan.rows, spec.lengths()):
        _draw_bar(ax, bar, row, top, plan.thickness, width,
                  [length * width for length in lengths], spec.stacked)
        top += row.height + plan.thickness + plan.gap


def segment_text(segment) -> str:
    return f"{segment.label} {segment.value_label}"


@dataclass(frozen=True)
class _Row:
    """One bar's text: its size, which segment labels fit inside, how many heading lines."""

    size: float
    inside: tuple[bool, ...]
    stacked: bool                          # total under the bar's label, not beside it
    beside: bool = False                   # segments side by side: labels after their ends

    @property
    def line(self) -> float:
        return self.size * 1.35 / 72

    @property
    def height(self) -> float:             # all but the bar itself
        outside = self.line + LEADER_IN if not all(self.inside) and not self.beside else 0
        return self.line * (1 + self.stacked) + outside


@dataclass(frozen=True)
class _BarsPlan:
    rows: tuple[_Row, ...]
    thickness: float
    gap: float
    top: float


def _bars_plan(fig, spec: BarChart, width: float, height: float) -> _BarsPlan:
    """Rows at the label size, or smaller type if that is the only way they fit."""
    count = max(len(spec.bars), 1)
    layers = 1 if spec.stacked else max((len(b.segments) for b in spec.bars), default=1)
    for size in BAR_TEXT_SIZES:
        rows = tuple(_bar_row(fig, bar, lengths, width, size, spec.stacked)
                     for bar, lengths in zip(spec.bars, spec.lengths()))
        text = sum(row.height for row in rows)
        least = BAR_THICKNESS_IN[0] * size / T.chart_label * layers   # still holds text
        if text + count * least + BAR_GAP_IN[0] * (count - 1) <= height:
            break
    free = height - text - BAR_GAP_IN[0] * (count - 1)
    thickness = min(max(free / count, least), BAR_THICKNESS_IN[1] * layers)
    slack = height - text - thickness * count
    gap = min(max(slack / (count - 1), 0), BAR_GAP_IN[1]) if count > 1 else 0
    return _BarsPlan(rows, thickness, gap, max((slack - gap * (count - 1)) / 2, 0))


def _bar_row(fig, bar, lengths: list[float], width: float, size: float, stacked: bool) -> _Row:
    inside = tuple(
        measure(fig, segment_text(seg), size, "bold")[0] / fig.dpi
        <= length * width - 2 * PAD_IN for seg, length in zip(bar.segments, lengths))
    heading = measure(fig, bar.label, size, "bold")[0] + measure(fig, bar.total_label, size)[0]
    return _Row(size, inside, heading / fig.dpi + 0.3 > width, not stacked)


def _draw_bar(ax, bar, row: _Row, top: float, thickness: float, width: float,
              spans: list[float], stacked: bool) -> None:
    ax.text(0, top, bar.label, ha="left", va="top", fontsize=row.size, fontweight="bold")
    total_at = (0, top + row.line) if row.stacked else (width, top)
    ax.text(*total_at, bar.total_label, ha="left" if row.stacked else "right", va="top",
            fontsize=row.size)
    bar_top = top + row.line * (1 + row.stacked)
    if stacked:
        _stacked(ax, bar, row, bar_top, thickness, width, spans)
    else:
        _side_by_side(ax, bar, row, bar_top, thickness, spans)


def _stacked(ax, bar, row: _Row, bar_top: float, thickness: float, width: float,
             spans: list[float]) -> None:
    from matplotlib.patches import Rectangle

    left, outside = 0.0, []
    for index, (seg, fits, span) in enumerate(zip(bar.segments, row.inside, spans)):
        colour = segment_colour(index)
        ax.add_patch(Rectangle((left, bar_top), span, thickness, facecolor=colour,
                               edgecolor=P.background, linewidth=1.5))
        if fits:
            ax.text(left + span / 2, bar_top + thickness / 2, segment_text(seg), ha="center",
                    va="center", fontsize=row.size, fontweight="bold", color=text_on(colour))
        else:
            outside.append((left + span / 2, segment_text(seg), colour))
        left += span
    _outside_labels(ax, outside, bar_top + thickness, width, row.size)


def _side_by_side(ax, bar, row: _Row, bar_top: float, thickness: float,
                  spans: list[float]) -> None:
    """One thin bar per segment, under one another; a label that does not fit inside follows
    its bar's end."""
    from matplotlib.patches import Rectangle

    each = thickness / max(len(bar.segments), 1)
    for index, (seg, fits, span) in enumerate(zip(bar.segments, row.inside, spans)):
        colour, y = segment_colour(index), bar_top + index * each
        ax.add_patch(Rectangle((0, y), span, each, facecolor=colour, edgecolor=P.background,
                               linewidth=1.5))
        at, ha, ink = ((span / 2, "center", text_on(colour)) if fits
                       else (span + PAD_IN / 2, "left", P.ink))
        ax.text(at, y + each / 2, segment_text(seg), ha=ha, va="center", fontsize=row.size,
                fontweight="bold", color=ink)


def _outside_labels(ax, labels: list, below: float, width: float, size: float) -> None:
    """Labels of narrow segments under the bar, spread sideways, each with an elbow leader."""
    if not labels:
        return
    fig = ax.figure
    widths = [measure(fig, text, size, "bold")[0] / fig.dpi for _, text, _ in labels]
    xs = spread([x for x, _, _ in labels], widths, 0, width, gap=0.2)
    for (anchor, text, colour), x, w in zip(labels, xs, widths):
        foot = min(max(anchor, x - w / 2), x + w / 2)   # straight down when it can
        elbow = below + LEADER_IN / 2
        ax.plot([anchor, anchor, foot, foot], [below, elbow, elbow, below + LEADER_IN],
                color=colour, linewidth=2, solid_joinstyle="miter", solid_capstyle="butt")
        ax.text(x, below + LEADER_IN + 0.02, text, ha="center", va="top",
                fontsize=size, fontweight="bold", color=P.ink)
