"""Line charts (and upright bar charts) as inline SVG, drawn from their specs, with title and
description.

Each line chart is drawn for a frame (a wide one for screens and print, a narrow
one for phones) from the same scales, so a live overlay placed in the plot's own
0..1000 square lands in the same spot on both.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from notedeck.deck import BarChart, LineChart, Tick
from notedeck.template.styles import contrast
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
class Scale:
    """Data to a 0..1 fraction: as is ("linear"), on log10 ("log") or on ln(1 + x) ("log1p",
    where x may be 0: a spec's symlog)."""

    low: float
    high: float
    kind: str = "log"

    @staticmethod
    def t(value: float, kind: str) -> float:
        if kind == "linear":
            return value
        return math.log10(value) if kind == "log" else math.log1p(max(value, 0.0))

    @classmethod
    def around(cls, values, kind: str = "log", pad: float = 0.05) -> "Scale":
        """An axis holding `values`, with `pad` of its span on each side."""
        ts = [cls.t(v, kind) for v in values if kind != "log" or v > 0]
        low, high = min(ts, default=0.0), max(ts, default=1.0)
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


KINDS = {"linear": "linear", "log": "log", "symlog": "log1p"}


def scales(spec: LineChart) -> tuple[Scale, Scale]:
    """The chart's x and y scales: its data, points, references and x ticks with a margin,
    wider at the sides for marked lines and above and below for labels inside the plot."""
    xs = [x for line in spec.lines for x in line.x] + [t.value for t in spec.x.ticks]
    ys = [y for line in spec.lines for y in line.y]
    xs += [p.x for line in spec.lines for p in line.points]
    ys += [p.y for line in spec.lines for p in line.points]
    xs += [r.value for r in spec.references if r.axis == "x"]
    ys += [r.value for r in spec.references if r.axis == "y"]
    marked = any(line.marked for line in spec.lines)
    return (Scale.around(xs, KINDS[spec.x.scale], pad=0.04 if marked else 0.03),
            Scale.around(ys, KINDS[spec.y.scale], pad=0.12 if spec.annotated else 0.08))


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


def _axes(frame: Frame, box: Box, x: Scale, y: Scale, x_ticks, y_ticks, x_label: str,
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


def _spaced(frame: Frame, box: Box, axis: Scale, ticks):
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


def line_svg(spec: LineChart, frame: Frame, ids: Ids, overlay: str = "", labels: bool = True,
             **values) -> str:
    """Lines over two axes, each line (and its points) a group in its series' colour, under
    the references; the points' labels only when `labels` (the narrow frame lists them)."""
    x, y = scales(spec)
    marked = any(line.marked for line in spec.lines)
    box = _box(frame, spec.y.ticks, right=frame.font * (1.6 if marked else 1))
    body = [_axes(frame, box, x, y, spec.x.ticks, spec.y.ticks, spec.x.title, spec.y.title)]
    body += [_reference(box, frame, x, y, reference) for reference in spec.references]
    shown = lambda v: x.kind != "log" or v > 0                 # noqa: E731
    taken = _taken(spec, box, frame, x, y, shown)
    for index, line in enumerate(spec.lines):
        colour = series_colour(index)
        points = [(box.x(x.at(a)), box.y(y.at(b))) for a, b in zip(line.x, line.y)
                  if shown(a) and y.holds(b)]
        drawn = (f'<polyline points="{" ".join(f"{n(a)},{n(b)}" for a, b in points)}" '
                 f'fill="none" stroke="{colour}"/>')
        if line.marked:
            drawn += "".join(marker(SHAPES[index % len(SHAPES)], a, b, frame.font * 0.3,
                                    fill=colour) for a, b in points)
        for point in line.points_drawn(shown):
            if not y.holds(point.y):
                continue
            mx, my = box.x(x.at(point.x)), box.y(y.at(point.y))
            drawn += marker("circle", mx, my, frame.font * (0.42 if point.featured else 0.3),
                            class_="featured" if point.featured else "mark",
                            fill=series_colour(index + point.featured))
            if labels:
                drawn += _point_label(box, frame, mx, my, point.label, taken)
        body.append(el("g", drawn, class_="series", data_item=str(index)))
    if overlay:
        body.append(box.overlay(overlay, class_="live-mark"))
    return _frame_svg(frame, ids, spec.title, spec.alt_text, "".join(body),
                      class_=f"chart {spec.name}-chart", **values)


def _reference(box: Box, frame: Frame, x: Scale, y: Scale, reference) -> str:
    """A dashed line across the plot; its label under its right end (beside its top)."""
    if reference.axis == "y":
        at = box.y(y.at(reference.value))
        return (f'<line class="reference" x1="{n(box.left)}" x2="{n(box.left + box.width)}" '
                f'y1="{n(at)}" y2="{n(at)}"/>'
                f'<text class="note" x="{n(box.left + box.width - 6)}" '
                f'y="{n(at + frame.font + 4)}" text-anchor="end">{esc(reference.label)}</text>')
    at = box.x(x.at(reference.value))
    return (f'<line class="reference" x1="{n(at)}" x2="{n(at)}" y1="{n(box.top)}" '
            f'y2="{n(box.top + box.height)}"/>'
            f'<text class="note" x="{n(at + 6)}" y="{n(box.top + frame.font)}" '
            f'text-anchor="start">{esc(reference.label)}</text>')


def _taken(spec: LineChart, box: Box, frame: Frame, x: Scale, y: Scale, shown) -> list:
    """What the points' labels must not cover: every annotated point's dot, the lines, and
    the reference lines' labels; each (a box: left, top, right, bottom; the room kept
    across)."""
    dot = frame.font * 0.45
    taken = [((box.x(x.at(p.x)) - dot, box.y(y.at(p.y)) - dot, box.x(x.at(p.x)) + dot,
               box.y(y.at(p.y)) + dot), 0)
             for line in spec.lines for p in line.points_drawn(shown) if y.holds(p.y)]
    for line in spec.lines:                       # the lines, traced every few pixels
        drawn = [(box.x(x.at(a)), box.y(y.at(b))) for a, b in zip(line.x, line.y)
                 if shown(a) and y.holds(b)]
        for (a, b), (c, d) in zip(drawn, drawn[1:]):
            steps = max(1, int(math.hypot(c - a, d - b) / 4))
            taken += [((a + (c - a) * i / steps - 1, b + (d - b) * i / steps - 1,
                        a + (c - a) * i / steps + 1, b + (d - b) * i / steps + 1), 0)
                      for i in range(steps)]
    for reference in spec.references:
        if reference.axis == "y":
            right, base = box.left + box.width - 6, box.y(y.at(reference.value)) + frame.font + 4
            taken.append((_text_box(frame, reference.label, right, base, "end"), frame.font / 2))
    return taken


def _text_box(frame: Frame, label: str, x: float, base: float, anchor: str) -> tuple:
    width = len(label) * CHAR_WIDTH * frame.font
    left = x - width if anchor == "end" else x
    return (left, base - frame.font, left + width, base + frame.font * 0.25)


def _point_label(box: Box, frame: Frame, mx: float, my: float, label: str,
                 taken: list) -> str:
    """Above and to the right of its point; near the right edge, below and to the left;
    else the first other corner where it covers no other label, dot or line and stays
    inside."""
    above, below = my - 10, my + frame.font + 6
    corners = [(mx + 10, above, "start"), (mx + 10, below, "start"),
               (mx - 10, above, "end"), (mx - 10, below, "end")]
    if mx > box.left + box.width * 0.7:
        corners.reverse()
    chosen = corners[0]
    for corner in corners:
        placed = _text_box(frame, label, *corner)
        if placed[0] >= box.left and placed[2] <= box.left + box.width and \
                not any(_overlap(placed, other, gap) for other, gap in taken):
            chosen = corner
            break
    taken.append((_text_box(frame, label, *chosen), frame.font / 2))
    x_at, base, anchor = chosen
    return (f'<text class="note" x="{n(x_at)}" y="{n(base)}" '
            f'text-anchor="{anchor}">{esc(label)}</text>')


def _overlap(one: tuple, other: tuple, gap: float) -> bool:
    """Whether two boxes come closer than `gap` across (glyphs' widths are estimates)."""
    return one[0] < other[2] + gap and other[0] < one[2] + gap and one[1] < other[3] and \
        other[1] < one[3]


def column_svg(spec: BarChart, frame: Frame, ids: Ids, **values) -> str:
    """Upright bars: a column per bar over its name, segments stacked up or side by side,
    a value inside its segment where it fits, else above (or beside) it."""
    lines = max((1 + (not spec.stacked and bool(b.total_label)) for b in spec.bars), default=1)
    top, bottom = frame.font * 2.2, frame.font * 1.3 * lines + 8
    box = Box(8, top, frame.width - 16, frame.height - top - bottom)
    slot = box.width / max(len(spec.bars), 1)
    layers = 1 if spec.stacked else max((len(b.segments) for b in spec.bars), default=1)
    width = slot * 0.6 / layers
    body = [f'<line class="frame" x1="{n(box.left)}" x2="{n(box.left + box.width)}" '
            f'y1="{n(box.top + box.height)}" y2="{n(box.top + box.height)}"/>']
    for i, (bar, row) in enumerate(zip(spec.bars, spec.lengths())):
        centre, base = box.left + slot * (i + 0.5), box.top + box.height
        for j, (segment, length) in enumerate(zip(bar.segments, row)):
            left = centre - slot * 0.3 + (0 if spec.stacked else j * width)
            height = length * box.height
            body.append(f'<rect class="seg-{j}" x="{n(left)}" y="{n(base - height)}" '
                        f'width="{n(width)}" height="{n(height)}"/>')
            body.append(_column_value(frame, left, width, base, height, segment.value_label,
                                      spec.stacked, j))
            base -= height if spec.stacked else 0
        if spec.stacked and bar.total_label:
            body.append(f'<text class="total" x="{n(centre)}" y="{n(base - 6)}" '
                        f'text-anchor="middle" font-weight="700">{esc(bar.total_label)}</text>')
        names = [bar.label] + ([bar.total_label] if not spec.stacked and bar.total_label else [])
        body += [f'<text class="tick" x="{n(centre)}" '
                 f'y="{n(box.top + box.height + frame.font * (1.3 * k + 1.1))}" '
                 f'text-anchor="middle">{esc(name)}</text>' for k, name in enumerate(names)]
    return _frame_svg(frame, ids, spec.title, spec.alt_text, "".join(body),
                      class_=f"chart {spec.name}-chart", **values)


def _column_value(frame: Frame, left: float, width: float, base: float, height: float,
                  text: str, stacked: bool, series: int) -> str:
    fits = (len(text) * CHAR_WIDTH * frame.font + 4 <= width
            and frame.font * 1.3 <= height)
    if fits:
        x, y, anchor, cls = left + width / 2, base - height / 2, "middle", "inside"
    elif not stacked or height == 0:
        x, y, anchor, cls = left + width / 2, base - height - 6, "middle", "note"
    else:
        x, y, anchor, cls = left + width + 4, base - height / 2, "start", "note"
    if cls == "inside":
        cls = f"inside ink-{series % len(PALETTE.series)}"
    middle = ' dominant-baseline="middle"' if anchor != "middle" or cls != "note" else ""
    return (f'<text class="{cls}" x="{n(x)}" y="{n(y)}" text-anchor="{anchor}"{middle}>'
            f'{esc(text)}</text>')


def series_css() -> str:
    """Each series' fill (the classes seg-N, on bars and swatches) beyond the two page.css
    names, and the ink that reads on it (ink-N): the page's policy allows no inline style."""
    rules = []
    for index, colour in enumerate(PALETTE.series):
        ink = max((PALETTE.ink, PALETTE.background), key=lambda c: contrast(c, colour))
        if index > 1:
            rules.append(f".seg-{index}{{fill:{colour};background:{colour}}}")
        rules.append(f".chart .ink-{index}{{fill:{ink};font-weight:700}}")
    return "\n".join(rules) + "\n"
