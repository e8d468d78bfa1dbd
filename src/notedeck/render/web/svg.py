"""The dial and speedup charts as inline SVG, drawn from their specs, with title and description.

Each chart is drawn for a frame (a wide one for screens and print, a narrow one
for phones) from the same axes, so a live overlay placed in the plot's own
0..1000 square lands in the same spot on both.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from notedeck.deck import DialChart, SpeedupChart, Tick
from notedeck.render.web.html import Ids, attrs, el, esc
from notedeck.theme import PALETTE

PLOT = 1000.0            # the side of the square a live overlay is drawn in
CHAR_WIDTH = 0.56        # a glyph's mean advance, in ems, to keep tick labels apart
SHAPES = ("circle", "square", "triangle", "diamond")


@dataclass(frozen=True)
class Frame:
    width: float
    height: float
    font: float


WIDE = Frame(720, 360, 14)
NARROW = Frame(330, 290, 13)


@dataclass(frozen=True)
class Axis:
    """Data to a 0..1 fraction: on log10 ("log") or on ln(1 + x) ("log1p", where x may be 0)."""

    low: float
    high: float
    kind: str = "log"

    @staticmethod
    def t(value: float, kind: str) -> float:
        return math.log10(value) if kind == "log" else math.log1p(max(value, 0.0))

    @classmethod
    def around(cls, values, kind: str = "log", pad: float = 0.05) -> "Axis":
        """An axis holding `values`, with `pad` of its span on each side."""
        ts = [cls.t(v, kind) for v in values if kind != "log" or v > 0]
        low, high = min(ts), max(ts)
        span = (high - low) or 1.0
        return cls(low - pad * span, high + pad * span, kind)

    def at(self, value: float) -> float:
        return (self.t(value, self.kind) - self.low) / (self.high - self.low)

    def holds(self, value: float) -> bool:
        return (self.kind != "log" or value > 0) and 0 <= self.at(value) <= 1


@dataclass(frozen=True)
class Box:
    """The plot area inside a frame."""

    left: float
    top: float
    width: float
    height: float

    def x(self, fraction: float) -> float:
        return self.left + fraction * self.width

    def y(self, fraction: float) -> float:
        return self.top + (1 - fraction) * self.height

    def overlay(self, content: str, **values: object) -> str:
        """SVG drawn in the plot's 0..1000 square (y downwards), strokes unscaled."""
        scale = f"scale({self.width / PLOT:.6f} {self.height / PLOT:.6f})"
        return el("g", content, transform=f"translate({n(self.left)} {n(self.top)}) {scale}",
                  **values)


def n(value: float) -> str:
    """A coordinate, to a tenth of a unit."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def dial_axes(spec: DialChart) -> tuple[Axis, Axis]:
    xs = [x for s in spec.series for x in s.x] + [t.value for t in spec.x_ticks]
    ys = [y for s in spec.series for y in s.y]
    return Axis.around(xs, pad=0.04), Axis.around(ys, pad=0.08)


def speedup_axes(spec: SpeedupChart) -> tuple[Axis, Axis]:
    xs = [*spec.curve.x, *(t.value for t in spec.x_ticks)]
    ys = [*spec.curve.y, spec.ceiling]
    return Axis.around(xs, "log1p", pad=0.03), Axis.around(ys, pad=0.12)


def _box(frame: Frame, y_ticks: tuple[Tick, ...], right: float) -> Box:
    label = max((len(t.label) for t in y_ticks), default=2)
    left = label * CHAR_WIDTH * frame.font + 14
    top = frame.font * 2.2
    bottom = frame.font * 2.2 + (frame.font + 10)
    return Box(left, top, frame.width - left - right, frame.height - top - bottom)


def _frame_svg(frame: Frame, ids: Ids, title: str, desc: str, body: str, **values) -> str:
    tid, did = ids.new("chart-title"), ids.new("chart-desc")
    head = el("title", esc(title), id=tid) + el("desc", esc(desc), id=did)
    return (f'<svg{attrs(viewBox=f"0 0 {n(frame.width)} {n(frame.height)}", role="img", aria_labelledby=tid, aria_describedby=did, **values)}'
            f' xmlns="http://www.w3.org/2000/svg" font-size="{n(frame.font)}">{head}{body}</svg>')


def _axes(frame: Frame, box: Box, x: Axis, y: Axis, x_ticks, y_ticks, x_label: str,
          y_label: str) -> str:
    parts, last_label = [], math.inf
    for tick in y_ticks:
        if y.holds(tick.value):
            ty = box.y(y.at(tick.value))
            parts.append(f'<line class="grid" x1="{n(box.left)}" x2="{n(box.left + box.width)}" '
                         f'y1="{n(ty)}" y2="{n(ty)}"/>')
            if last_label - ty >= frame.font * 1.3:      # ticks rise: keep labels apart
                last_label = ty
                parts.append(f'<text class="tick" x="{n(box.left - 8)}" y="{n(ty)}" '
                             f'text-anchor="end" dominant-baseline="middle">'
                             f'{esc(tick.label)}</text>')
    base = box.top + box.height
    for tick, shown in _spaced(frame, box, x, x_ticks):
        tx = box.x(x.at(tick.value))
        parts.append(f'<line class="grid" x1="{n(tx)}" x2="{n(tx)}" y1="{n(box.top)}" '
                     f'y2="{n(base)}"/>')
        if shown:
            parts.append(f'<text class="tick" x="{n(tx)}" y="{n(base + frame.font + 6)}" '
                         f'text-anchor="middle">{esc(tick.label)}</text>')
    parts.append(f'<rect class="frame" x="{n(box.left)}" y="{n(box.top)}" '
                 f'width="{n(box.width)}" height="{n(box.height)}"/>')
    parts.append(f'<text class="axis-label" x="{n(box.left + box.width / 2)}" '
                 f'y="{n(frame.height - 6)}" text-anchor="middle">{esc(x_label)}</text>')
    parts.append(f'<text class="axis-label" x="{n(box.left)}" y="{n(frame.font * 1.2)}" '
                 f'text-anchor="start">{esc(y_label)}</text>')
    return "".join(parts)


def _spaced(frame: Frame, box: Box, axis: Axis, ticks):
    """(tick, labelled?) for ticks on the axis: a label that would touch the last one is left out."""
    right_edge = -math.inf
    for tick in ticks:
        if not axis.holds(tick.value):
            continue
        centre = box.x(axis.at(tick.value))
        half = len(tick.label) * CHAR_WIDTH * frame.font / 2
        shown = centre - half > right_edge + 6 and centre + half <= frame.width
        if shown:
            right_edge = centre + half
        yield tick, shown


def marker(shape: str, x: float, y: float, size: float, **values) -> str:
    """A point marker; a shape per series so lines differ by more than colour."""
    if shape == "circle":
        return f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(size)}"{attrs(**values)}/>'
    if shape == "square":
        s = size * 0.9
        return (f'<rect x="{n(x - s)}" y="{n(y - s)}" width="{n(2 * s)}" height="{n(2 * s)}"'
                f'{attrs(**values)}/>')
    r = size * 1.25
    points = ([(x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8)] if shape == "triangle"
              else [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
    return f'<polygon points="{" ".join(f"{n(a)},{n(b)}" for a, b in points)}"{attrs(**values)}/>'


def series_colour(index: int) -> str:
    return PALETTE.series[index % len(PALETTE.series)]


def dial_svg(spec: DialChart, frame: Frame, ids: Ids, overlay: str = "", **values) -> str:
    """Writing time against speed, log-log, a line and marked stops per workload."""
    x, y = dial_axes(spec)
    box = _box(frame, spec.y_ticks, right=frame.font * 1.6)
    body = [_axes(frame, box, x, y, spec.x_ticks, spec.y_ticks, spec.x_label, spec.y_label)]
    for index, series in enumerate(spec.series):
        points = [(box.x(x.at(a)), box.y(y.at(b))) for a, b in zip(series.x, series.y)]
        colour = series_colour(index)
        line = (f'<polyline points="{" ".join(f"{n(a)},{n(b)}" for a, b in points)}" '
                f'fill="none" stroke="{colour}"/>')
        marks = "".join(marker(SHAPES[index % len(SHAPES)], a, b, frame.font * 0.3,
                               fill=colour) for a, b in points)
        body.append(el("g", line + marks, class_="series", data_item=str(index)))
    if overlay:
        body.append(box.overlay(overlay, class_="live-mark"))
    return _frame_svg(frame, ids, spec.title, spec.alt_text, "".join(body),
                      class_="chart dial-chart", **values)


def speedup_svg(spec: SpeedupChart, frame: Frame, ids: Ids, overlay: str = "",
                labels: bool = True, **values) -> str:
    """End-to-end speedup against the fixed check, under the writing speedup's ceiling."""
    x, y = speedup_axes(spec)
    box = _box(frame, spec.y_ticks, right=frame.font)
    body = [_axes(frame, box, x, y, spec.x_ticks, spec.y_ticks, spec.x_label, spec.y_label)]
    cy = box.y(y.at(spec.ceiling))
    body.append(f'<line class="ceiling" x1="{n(box.left)}" x2="{n(box.left + box.width)}" '
                f'y1="{n(cy)}" y2="{n(cy)}"/>')
    body.append(f'<text class="note" x="{n(box.left + box.width - 6)}" '
                f'y="{n(cy + frame.font + 4)}" text-anchor="end">{esc(spec.ceiling_label)}</text>')
    points = " ".join(f"{n(box.x(x.at(a)))},{n(box.y(y.at(b)))}"
                      for a, b in zip(spec.curve.x, spec.curve.y))
    body.append(f'<polyline class="curve" points="{points}" fill="none"/>')
    for mark in spec.markers:
        mx, my = box.x(x.at(mark.x)), box.y(y.at(mark.y))
        body.append(marker("circle", mx, my, frame.font * (0.42 if mark.featured else 0.3),
                           class_="featured" if mark.featured else "mark"))
        if labels:
            body.append(_marker_label(box, frame, mx, my, mark.label))
    if overlay:
        body.append(box.overlay(overlay, class_="live-mark"))
    return _frame_svg(frame, ids, spec.title, spec.alt_text, "".join(body),
                      class_="chart speedup-chart", **values)


def _marker_label(box: Box, frame: Frame, mx: float, my: float, label: str) -> str:
    """Above and to the right of its point; near the right edge, below and to the left."""
    if mx > box.left + box.width * 0.7:
        return (f'<text class="note" x="{n(mx - 10)}" y="{n(my + frame.font + 6)}" '
                f'text-anchor="end">{esc(label)}</text>')
    return (f'<text class="note" x="{n(mx + 10)}" y="{n(my - 10)}" '
            f'text-anchor="start">{esc(label)}</text>')
