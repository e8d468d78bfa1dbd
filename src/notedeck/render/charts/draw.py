"""Every chart drawn once, from its spec alone: a PNG for slides and an SVG for print.

Each chart is planned in three steps: draw the data with matplotlib, let the
constrained layout settle the axes, then place the direct labels with the pure
functions `spread` and `place_label`, which know only boxes and points. Every
string shown comes from the spec; nothing here formats a number.

The module holds all three charts because they share the figure, type and
limit machinery; the geometry they share lives in placement.py.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache

from notedeck import theme
from notedeck.model import BottleneckChart, ChartArt, ChartSpec, DialChart, SpeedupChart, Tick
from notedeck.render.charts.placement import (Box, Point, attachment, crosses, densify, distance, hits, overlap, place_label, spread)

P = theme.PALETTE
T = theme.TYPE

# Lines, markers and gaps, in points: thick enough for the back of a room.
LINE_WIDTH = 3.2
MARKER_SIZE = 9
FEATURED_MARKER_SIZE = 15
LABEL_GAP_PT = 5             # between a line's end, or a marker, and its label
MARKERS = ("o", "s", "D", "^", "v", "P", "X", "*")   # a second cue beside colour
LINE_STYLES = ("-", (0, (6, 2)), (0, (2, 2)))        # used once colours run out
SYMLOG_LINTHRESH = 1.0       # seconds: below it the speedup chart's x-axis is linear
END_LABEL_SHARE = 0.3        # the dial's end labels take at most this share of the width
OWNER_MARGIN = 1.5           # a label this much nearer its own point than another's
MIN_TEXT_CONTRAST = 3.0      # WCAG ratio for large text against the paper
SVG_HASH_SALT = "notedeck"   # fixed ids in the SVG: same spec, same bytes
PNG_COMPRESSION = 1          # zlib level: 1 encodes in half the time of 6; files 5-12% larger
BAR_THICKNESS_IN = (0.3, 1.1)    # a bottleneck bar's least and greatest thickness
BAR_GAP_IN = (0.12, 0.6)         # and the least and greatest space between rows
BAR_TEXT_SIZES = (T.chart_label, T.chart_tick, 12)   # smaller only when bars would not fit
LEADER_IN = 0.14                 # from a bar down to an outside label


def draw(spec: ChartSpec) -> ChartArt:
    """Draw one chart from its spec; the same spec always gives the same bytes."""
    with painted(spec) as fig:
        return ChartArt(spec.name, _png(fig), _svg(fig, spec), *theme.chart_size(spec))


@contextmanager
def painted(spec: ChartSpec):
    """The chart as a laid-out matplotlib Figure, inside the style it is drawn with."""
    painters = {DialChart: _paint_dial, BottleneckChart: _paint_bottleneck,
                SpeedupChart: _paint_speedup}
    painter = painters.get(type(spec))
    if painter is None:
        kinds = ", ".join(kind.__name__ for kind in painters)
        raise TypeError(f"cannot draw a {type(spec).__name__}; charts are {kinds}")
    import matplotlib

    with matplotlib.rc_context(_rc()):
        fig = _figure(*theme.chart_size(spec), spec.title)
        painter(fig, spec)
        yield fig


# --- colour --------------------------------------------------------------------

def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _luminance(colour: str) -> float:
    from matplotlib.colors import to_rgb

    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in to_rgb(colour)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def readable(colour: str) -> str:
    """The colour, darkened just enough to read as text on the paper."""
    from matplotlib.colors import to_hex, to_rgb

    rgb = to_rgb(colour)
    for step in range(11):
        shade = to_hex([c * (1 - step / 10) for c in rgb])
        if contrast(shade, P.paper) >= MIN_TEXT_CONTRAST:
            return shade
    return P.ink


def text_on(fill: str) -> str:
    """Ink or paper, whichever reads better on `fill`."""
    return max((P.ink, P.paper), key=lambda c: contrast(c, fill))


def series_style(index: int) -> dict:
    """Colour, marker and dash of the index-th line; dashes start once colours repeat."""
    count = len(P.series)
    return {"color": P.series[index % count], "marker": MARKERS[index % len(MARKERS)],
            "linestyle": LINE_STYLES[(index // count) % len(LINE_STYLES)]}


# --- the figure ----------------------------------------------------------------

@cache
def _register_fonts() -> None:
    from matplotlib import font_manager

    for path in theme.FONT_FILES.values():
        font_manager.fontManager.addfont(str(path))


def _rc() -> dict:
    _register_fonts()
    return {
        "font.family": [theme.FONT_FAMILY, "DejaVu Sans"],   # DejaVu fills missing glyphs
        "text.parse_math": False, "text.usetex": False,       # "$5" stays "$5"
        "text.color": P.ink, "axes.labelcolor": P.ink, "axes.edgecolor": P.muted,
        "axes.linewidth": 1.2, "axes.spines.top": False, "axes.spines.right": False,
        "axes.labelsize": T.chart_label, "axes.labelpad": 8,
        "xtick.labelsize": T.chart_tick, "ytick.labelsize": T.chart_tick,
        "xtick.color": P.muted, "ytick.color": P.muted,
        "xtick.labelcolor": P.ink, "ytick.labelcolor": P.ink,
        "xtick.major.size": 6, "ytick.major.size": 6,
        "xtick.major.width": 1.2, "ytick.major.width": 1.2,
        "grid.color": P.rule, "grid.linewidth": 0.8,
        "figure.facecolor": P.paper, "savefig.facecolor": P.paper,
        "figure.titlesize": T.chart_title, "figure.titleweight": "bold",
        "figure.constrained_layout.w_pad": 6 / 72, "figure.constrained_layout.h_pad": 6 / 72,
        "svg.fonttype": "path", "svg.hashsalt": SVG_HASH_SALT,
    }


def _figure(width: float, height: float, title: str):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=theme.CHART_DPI, layout="constrained")
    FigureCanvasAgg(fig)
    if title:
        edge = 6 / 72 / width
        lines = wrap(fig, title, T.chart_title, "bold", fig.bbox.width * (1 - 2 * edge))
        fig.suptitle(lines, x=edge, ha="left", color=P.ink)
    return fig


def _png(fig) -> bytes:
    """The figure's pixels as savefig draws them, kept as RGB (the paper is opaque) and
    compressed lightly: a third less encoding time than savefig's RGBA, the same pixels."""
    from PIL import Image

    fig.canvas.draw()
    width, height = fig.canvas.get_width_height(physical=True)
    pixels = Image.frombuffer("RGBA", (width, height), fig.canvas.buffer_rgba(), "raw", "RGBA",
                              0, 1).convert("RGB")
    buffer = io.BytesIO()
    pixels.save(buffer, format="png", compress_level=PNG_COMPRESSION,
                dpi=(theme.CHART_DPI, theme.CHART_DPI))
    return buffer.getvalue()


def _svg(fig, spec: ChartSpec) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="svg", metadata={
        "Creator": None, "Date": None, "Title": spec.title, "Description": spec.alt_text})
    return buffer.getvalue()


def measure(fig, text: str, size: float, weight: str = "normal") -> tuple[float, float]:
    """Width and height in display pixels of one line of text as drawn."""
    from matplotlib.font_manager import FontProperties

    prop = FontProperties(family=[theme.FONT_FAMILY, "DejaVu Sans"], size=size, weight=weight)
    width, height, _ = fig.canvas.get_renderer().get_text_width_height_descent(
        text, prop, ismath=False)
    return width, height


def wrap(fig, text: str, size: float, weight: str, width_px: float) -> str:
    """Break text at spaces so no line is wider than `width_px` (a long word stays whole)."""
    lines: list[str] = []
    for word in (w for w in text.split(" ") if w):    # a no-break space keeps a number with its unit
        if lines and measure(fig, f"{lines[-1]} {word}", size, weight)[0] <= width_px:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return "\n".join(lines)



def _finish_axes(fig, ax, spec, limits) -> None:
    """Ticks and labels from the spec, limits set before and after the layout is frozen
    (the second time the axes have their final size), then overlapping tick labels thinned."""
    _ticks(ax.xaxis, spec.x_ticks)
    _ticks(ax.yaxis, spec.y_ticks)
    ax.set_xlabel(spec.x_label)
    ax.set_ylabel(spec.y_label)
    limits(fig, ax, spec)
    _freeze(fig)
    limits(fig, ax, spec)
    _thin_ticks(fig, ax.xaxis, spec.x_ticks)
    _thin_ticks(fig, ax.yaxis, spec.y_ticks)

def _freeze(fig) -> None:
    """Settle the constrained layout once, then keep it while labels are placed."""
    fig.draw_without_rendering()
    fig.set_layout_engine("none")


def _ticks(axis, ticks: Sequence[Tick]) -> None:
    from matplotlib.ticker import NullLocator

    axis.set_ticks([t.value for t in ticks], labels=[t.label for t in ticks])
    axis.set_minor_locator(NullLocator())


def _thin_ticks(fig, axis, ticks: Sequence[Tick]) -> None:
    """Blank each tick label that would touch the one before it; its tick and grid line stay."""
    fig.draw_without_rendering()
    low, high = sorted(axis.get_view_interval())
    shown = sorted((t for t in axis.get_major_ticks() if low <= t.get_loc() <= high),
                   key=lambda t: t.get_loc())
    keep, last = set(), None
    for tick in shown:
        x0, y0, x1, y1 = _box(tick.label1, fig)
        box = (x0 - _px(fig, 3), y0 - _px(fig, 1), x1 + _px(fig, 3), y1 + _px(fig, 1))
        if last is None or not overlap(box, last):
            keep.add(tick.get_loc())
            last = box
    if len(keep) < len(shown):
        axis.set_ticks([t.value for t in ticks],
                       labels=[t.label if t.value in keep else "" for t in ticks])


def _fit_limits(ax, which: str, lo: float, hi: float, pad_lo: float, pad_hi: float) -> None:
    """Set limits so [lo, hi] spans the axis less `pad_lo`/`pad_hi` pixels, in the axis's scale."""
    import numpy as np

    axis = ax.xaxis if which == "x" else ax.yaxis
    length = ax.bbox.width if which == "x" else ax.bbox.height
    scale = axis.get_transform()
    a, b = scale.transform(np.array([lo, hi], dtype=float))
    if b <= a:
        a, b = a - 0.5, b + 0.5
    unit = (b - a) / max(length - pad_lo - pad_hi, length * 0.2)
    low, high = scale.inverted().transform(np.array([a - pad_lo * unit, b + pad_hi * unit]))
    (ax.set_xlim if which == "x" else ax.set_ylim)(low, high)


def _box(artist, fig) -> Box:
    extent = artist.get_window_extent(fig.canvas.get_renderer())
    return extent.x0, extent.y0, extent.x1, extent.y1


def _px(fig, points: float) -> float:
    return points * fig.dpi / 72


# --- (a) the dial: writing time against speed -----------------------------------

def _paint_dial(fig, spec: DialChart) -> None:
    names = [_end_label_text(fig, s.label) for s in spec.series]
    widest = max((measure(fig, line, T.chart_label, "bold")[0]
                  for name in names for line in name.split("\n")), default=0)
    margin = (widest + _px(fig, 2 * LABEL_GAP_PT + 4)) / fig.bbox.width
    fig.get_layout_engine().set(rect=(0, 0, 1 - margin, 1))
    ax = fig.add_subplot()
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.grid(True, which="major")
    ax.set_axisbelow(True)
    for index, series in enumerate(spec.series):
        style = series_style(index)
        ax.plot(series.x, series.y, linewidth=LINE_WIDTH, markeredgecolor=P.paper,
                markersize=MARKER_SIZE * (1.4 if style["marker"] == "*" else 1),
                markeredgewidth=1.2, clip_on=False, **style)
    _finish_axes(fig, ax, spec, _dial_limits)
    _end_labels(fig, ax, spec, names)


def _dial_limits(fig, ax, spec: DialChart) -> None:
    """Every point and every dial stop in view, a marker's width from the edges."""
    xs = [x for s in spec.series for x in s.x if x > 0] + \
        [t.value for t in spec.x_ticks if t.value > 0]
    ys = [y for s in spec.series for y in s.y if y > 0]
    pad = _px(fig, MARKER_SIZE)
    _fit_limits(ax, "x", min(xs, default=1), max(xs, default=10), pad, pad)
    _fit_limits(ax, "y", min(ys, default=1), max(ys, default=10), pad, pad)


def _end_label_text(fig, label: str) -> str:
    return wrap(fig, label, T.chart_label, "bold", fig.bbox.width * END_LABEL_SHARE)


def _end_labels(fig, ax, spec: DialChart, names: list[str]) -> None:
    """Each series named at its right end, nudged apart where lines end close together."""
    shown = [(i, s, name) for i, (s, name) in enumerate(zip(spec.series, names)) if s.x]
    ends = [(s.x[-1], s.y[-1]) for _, s, _ in shown]
    style = {"fontsize": T.chart_label, "fontweight": "bold", "ha": "left", "va": "center"}
    heights = []
    for (_, _, name), end in zip(shown, ends):
        probe = ax.annotate(name, xy=end, annotation_clip=False, **style)
        box = _box(probe, fig)
        heights.append(box[3] - box[1])
        probe.remove()
    wanted = [ax.transData.transform(end)[1] for end in ends]
    placed = spread(wanted, heights, ax.bbox.y0, ax.bbox.y1, gap=_px(fig, 2))
    column = ax.bbox.x1 + _px(fig, LABEL_GAP_PT)
    for (index, _, name), end, want, got in zip(shown, ends, wanted, placed):
        colour = series_style(index)["color"]
        end_x = ax.transData.transform(end)[0]
        far = abs(got - want) > _px(fig, 3) or column - end_x > _px(fig, 3 * LABEL_GAP_PT)
        leader = {"arrowstyle": "-", "color": colour, "linewidth": 1.2, "relpos": (0, 0.5),
                  "shrinkA": 2, "shrinkB": MARKER_SIZE / 2 + 1} if far else None
        ax.annotate(name, xy=end, xytext=ax.transAxes.inverted().transform((column, got)),
                    textcoords="axes fraction", color=readable(colour), arrowprops=leader,
                    annotation_clip=False, **style)


# --- (b) the bottleneck: writing and checking shares ----------------------------

def _paint_bottleneck(fig, spec: BottleneckChart) -> None:
    ax = fig.add_subplot()
    ax.set_axis_off()
    _freeze(fig)
    width, height = ax.bbox.width / fig.dpi, ax.bbox.height / fig.dpi
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)                 # inches, top down
    plan = _bars_plan(fig, spec, width, height)
    top = plan.top
    for bar, row in zip(spec.bars, plan.rows):
        _draw_bar(ax, bar, row, top, plan.thickness, width)
        top += row.height + plan.thickness + plan.gap


@dataclass(frozen=True)
class _Row:
    """One bar's text: its size, which segment labels fit inside, how many heading lines."""

    size: float
    inside: tuple[bool, ...]
    stacked: bool                          # total under the bar's label, not beside it

    @property
    def line(self) -> float:
        return self.size * 1.35 / 72

    @property
    def height(self) -> float:             # all but the bar itself
        outside = self.line + LEADER_IN if not all(self.inside) else 0
        return self.line * (1 + self.stacked) + outside


@dataclass(frozen=True)
class _BarsPlan:
    rows: tuple[_Row, ...]
    thickness: float
    gap: float
    top: float


def _bars_plan(fig, spec: BottleneckChart, width: float, height: float) -> _BarsPlan:
    """Rows at the label size, or smaller type if that is the only way they fit."""
    count = max(len(spec.bars), 1)
    for size in BAR_TEXT_SIZES:
        rows = tuple(_bar_row(fig, bar, width, size) for bar in spec.bars)
        text = sum(row.height for row in rows)
        least = BAR_THICKNESS_IN[0] * size / T.chart_label   # still holds a line of text
        if text + count * least + BAR_GAP_IN[0] * (count - 1) <= height:
            break
    free = height - text - BAR_GAP_IN[0] * (count - 1)
    thickness = min(max(free / count, least), BAR_THICKNESS_IN[1])
    slack = height - text - thickness * count
    gap = min(max(slack / (count - 1), 0), BAR_GAP_IN[1]) if count > 1 else 0
    return _BarsPlan(rows, thickness, gap, max((slack - gap * (count - 1)) / 2, 0))


def _bar_row(fig, bar, width: float, size: float) -> _Row:
    pad = 0.12
    inside = tuple(
        measure(fig, f"{seg.label} {seg.share_label}", size, "bold")[0] / fig.dpi
        <= max(seg.share, 0) * width - 2 * pad for seg in bar.segments)
    heading = measure(fig, bar.label, size, "bold")[0] + measure(fig, bar.total_label, size)[0]
    return _Row(size, inside, heading / fig.dpi + 0.3 > width)


def _draw_bar(ax, bar, row: _Row, top: float, thickness: float, width: float) -> None:
    from matplotlib.patches import Rectangle

    ax.text(0, top, bar.label, ha="left", va="top", fontsize=row.size, fontweight="bold")
    total_at = (0, top + row.line) if row.stacked else (width, top)
    ax.text(*total_at, bar.total_label, ha="left" if row.stacked else "right", va="top",
            fontsize=row.size)
    bar_top = top + row.line * (1 + row.stacked)
    left, outside = 0.0, []
    for index, (seg, fits) in enumerate(zip(bar.segments, row.inside)):
        colour = _segment_colour(index)
        span = max(seg.share, 0) * width
        ax.add_patch(Rectangle((left, bar_top), span, thickness, facecolor=colour,
                               edgecolor=P.paper, linewidth=1.5))
        text = f"{seg.label} {seg.share_label}"
        if fits:
            ax.text(left + span / 2, bar_top + thickness / 2, text, ha="center", va="center",
                    fontsize=row.size, fontweight="bold", color=text_on(colour))
        else:
            outside.append((left + span / 2, text, colour))
        left += span
    _outside_labels(ax, outside, bar_top + thickness, width, row.size)


def _segment_colour(index: int) -> str:
    colours = (P.accent, P.accent2, *P.series[2:])
    return colours[index % len(colours)]


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


# --- (c) the speedup: end-to-end speedup against a fixed check -------------------

def _paint_speedup(fig, spec: SpeedupChart) -> None:
    ax = fig.add_subplot()
    positive = [v for v in [*(t.value for t in spec.x_ticks), *(m.x for m in spec.markers)]
                if v > 0]
    ax.set_xscale("symlog", linthresh=min([SYMLOG_LINTHRESH, *positive]), linscale=0.5)
    ax.set_yscale("log")
    ax.grid(True, which="major", axis="y")
    ax.set_axisbelow(True)
    ax.plot(spec.curve.x, spec.curve.y, color=P.accent, linewidth=LINE_WIDTH + 0.8,
            solid_capstyle="round", zorder=2)
    ax.axhline(spec.ceiling, color=P.muted, linewidth=2, linestyle=(0, (6, 4)), zorder=1)
    for marker in spec.markers:
        size = FEATURED_MARKER_SIZE if marker.featured else MARKER_SIZE + 2
        ax.plot([marker.x], [marker.y], "o", markersize=size, clip_on=False, zorder=3,
                color=P.accent2 if marker.featured else P.accent,
                markeredgecolor=P.ink if marker.featured else P.paper, markeredgewidth=1.5)
    _finish_axes(fig, ax, spec, _speedup_limits)
    _speedup_labels(fig, ax, spec)


def _speedup_limits(fig, ax, spec: SpeedupChart) -> None:
    xs = [*spec.curve.x, *(t.value for t in spec.x_ticks), *(m.x for m in spec.markers)]
    ys = [y for y in (*spec.curve.y, *(m.y for m in spec.markers), spec.ceiling) if y > 0]
    line = _px(fig, T.chart_label * 1.3)
    pad = _px(fig, FEATURED_MARKER_SIZE / 2 + 2)
    _fit_limits(ax, "x", min(xs, default=0), max(xs, default=1), pad, pad)
    _fit_limits(ax, "y", min(ys, default=1), max(ys, default=10), 2.2 * line, 1.8 * line)


def _speedup_labels(fig, ax, spec: SpeedupChart) -> None:
    """The ceiling's label, then the markers' (featured first), each clear of the rest."""
    data = ax.transData
    step = _px(fig, 2)
    curve = densify(_display(data, zip(spec.curve.x, spec.curve.y)), step)
    y = data.transform((1, spec.ceiling))[1]
    ceiling = densify([(ax.bbox.x0, y), (ax.bbox.x1, y)], step)
    dots = _display(data, ((m.x, m.y) for m in spec.markers))
    scene = _Scene((ax.bbox.x0 + 2, ax.bbox.y0 + 2, ax.bbox.x1 - 2, ax.bbox.y1 - 2),
                   _px(fig, FEATURED_MARKER_SIZE / 2))
    ends = [data.inverted().transform((x, y)) for x in (ax.bbox.x1 - _px(fig, LABEL_GAP_PT),
                                                         ax.bbox.x0 + _px(fig, LABEL_GAP_PT))]
    spots = [(ends[0], 0, LABEL_GAP_PT, "right", "bottom"),
             (ends[0], 0, -LABEL_GAP_PT, "right", "top"),
             (ends[1], 0, LABEL_GAP_PT, "left", "bottom"),
             (ends[1], 0, -LABEL_GAP_PT, "left", "top")]
    _label(ax, scene, spec.ceiling_label, spots, curve + dots,
           {"fontsize": T.chart_label, "color": P.muted})
    for i in sorted(range(len(spec.markers)), key=lambda i: not spec.markers[i].featured):
        marker, others = spec.markers[i], dots[:i] + dots[i + 1:]
        style = {"fontsize": T.chart_label, "color": P.ink,
                 "fontweight": "bold" if marker.featured else "normal"}
        keep = curve + ceiling + others + _ring(dots[i], _px(fig, FEATURED_MARKER_SIZE / 2 + 1))
        _label(ax, scene, marker.label, _around(marker), keep, style, dots[i], others)


def _display(transform, points) -> list[Point]:
    points = list(points)
    return [tuple(p) for p in transform.transform(points)] if points else []


def _ring(centre: Point, radius: float) -> list[Point]:
    """Points around a marker so no label covers it."""
    import math

    return [(centre[0] + radius * math.cos(k * math.pi / 8),
             centre[1] + radius * math.sin(k * math.pi / 8)) for k in range(16)]


NEAR_PT = FEATURED_MARKER_SIZE / 2 + LABEL_GAP_PT   # a marker label's offset; 3x gets a leader
DIRECTIONS = ((1, 1, "left", "bottom"), (-1, -1, "right", "top"), (1, -1, "left", "top"),
              (-1, 1, "right", "bottom"), (1.3, 0, "left", "center"),
              (-1.3, 0, "right", "center"), (0, 1.3, "center", "bottom"),
              (0, -1.3, "center", "top"))


def _around(marker) -> list:
    """Places beside a marker, nearest first: diagonals, sides, then farther out."""
    return [((marker.x, marker.y), dx * reach, dy * reach, ha, va)
            for reach in (NEAR_PT, 3 * NEAR_PT) for dx, dy, ha, va in DIRECTIONS]


@dataclass
class _Scene:
    """Where labels may go, and what those placed so far occupy: boxes and leader lines."""

    bounds: Box
    dot_radius: float = 0.0
    boxes: list[Box] = field(default_factory=list)
    leaders: list[tuple[Point, Point]] = field(default_factory=list)


def _label(ax, scene: _Scene, text: str, spots: list, keep: list[Point], style: dict,
           owner: Point | None = None, rivals: Sequence[Point] = ()) -> None:
    """Draw `text` at the best of `spots` (anchor, dx pt, dy pt, ha, va).

    A label far from its `owner` point gets a leader, which may cross no other
    leader or label; a label near it must be clearly nearer it than any of `rivals`.
    """
    fig = ax.figure
    boxes, extra = [], []
    for anchor, dx, dy, ha, va in spots:
        probe = ax.annotate(text, xy=anchor, xytext=(dx, dy), textcoords="offset points",
                            ha=ha, va=va, annotation_clip=False, **style)
        box = _box(probe, fig)
        probe.remove()
        boxes.append(box)
        extra.append(_link_cost(scene, box, ha, va, owner, rivals, _leads(dx, dy)))
    best = place_label(boxes, scene.boxes, keep, scene.bounds, extra)
    anchor, dx, dy, ha, va = spots[best]
    leader = None
    if _leads(dx, dy) and owner is not None:
        start = attachment(boxes[best], ha, va)
        scene.leaders.append((start, owner))
        leader = {"arrowstyle": "-", "color": P.muted, "linewidth": 1.2,
                  "relpos": _relpos(ha, va), "shrinkA": 2,
                  "shrinkB": FEATURED_MARKER_SIZE / 2 + 1}
    ax.annotate(text, xy=anchor, xytext=(dx, dy), textcoords="offset points", ha=ha, va=va,
                arrowprops=leader, annotation_clip=False, **style)
    scene.boxes.append(boxes[best])


def _leads(dx: float, dy: float) -> bool:
    return max(abs(dx), abs(dy)) > 2 * NEAR_PT


def _relpos(ha: str, va: str) -> tuple[float, float]:
    return ({"left": 0.0, "center": 0.5, "right": 1.0}[ha],
            {"bottom": 0.0, "center": 0.5, "top": 1.0}[va])


def _link_cost(scene: _Scene, box: Box, ha: str, va: str, owner, rivals, leads: bool) -> float:
    """How badly a label placed in `box` would be tied to its point."""
    crossed = 100.0 * sum(hits(other, box) for other in scene.leaders)
    if owner is None:
        return crossed
    if not leads:       # read by nearness: another point must not be about as near
        near = distance(box, owner) * OWNER_MARGIN
        return crossed + 50.0 * any(distance(box, rival) < near for rival in rivals)
    line = (attachment(box, ha, va), owner)
    r = scene.dot_radius
    tangles = sum(crosses(line, other) for other in scene.leaders) + \
        sum(hits(line, other) for other in scene.boxes) + \
        sum(hits(line, (x - r, y - r, x + r, y + r)) for x, y in rivals)
    return crossed + 30.0 + 100.0 * tangles   # a leader is a little worse than none
