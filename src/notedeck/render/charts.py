"""Every chart drawn once, from its spec alone: a PNG for slides and an SVG for print.

Each chart is planned in three steps: draw the data with matplotlib, let the
constrained layout settle the axes, then place the direct labels with the pure
functions `spread` and `place_label`, which know only boxes and points. Every
string shown comes from the spec; nothing here formats a number.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from .. import theme
from ..model import BottleneckChart, ChartSpec, DialChart, SpeedupChart, Tick

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
MIN_TEXT_CONTRAST = 3.0      # WCAG ratio for large text against the paper
SVG_HASH_SALT = "notedeck"   # fixed ids in the SVG: same spec, same bytes

Box = tuple[float, float, float, float]   # x0, y0, x1, y1 in display pixels


@dataclass(frozen=True)
class ChartArt:
    """One drawn chart: `png` at theme.CHART_DPI for slides, `svg` (text as paths) for print."""

    name: str
    png: bytes
    svg: bytes
    width_in: float
    height_in: float


def draw(spec: ChartSpec) -> ChartArt:
    """Draw one chart from its spec; the same spec always gives the same bytes."""
    painters = {DialChart: _paint_dial, BottleneckChart: _paint_bottleneck,
                SpeedupChart: _paint_speedup}
    painter = painters.get(type(spec))
    if painter is None:
        kinds = ", ".join(kind.__name__ for kind in painters)
        raise TypeError(f"cannot draw a {type(spec).__name__}; charts are {kinds}")
    import matplotlib

    width, height = chart_size(spec)
    with matplotlib.rc_context(_rc()):
        fig = _figure(width, height, spec.title)
        painter(fig, spec)
        png, svg = _png(fig), _svg(fig, spec)
    return ChartArt(spec.name, png, svg, width, height)


def draw_all(specs: Iterable[ChartSpec]) -> dict[str, ChartArt]:
    """Each chart drawn once, by name; two specs with one name are a mistake."""
    art: dict[str, ChartArt] = {}
    for spec in specs:
        if spec.name in art:
            raise ValueError(f"two charts are named {spec.name!r}; chart names must be unique")
        art[spec.name] = draw(spec)
    return art


def chart_size(spec: ChartSpec) -> tuple[float, float]:
    """Inches: by the chart's name, else by its kind's usual name."""
    kinds = {DialChart: "dial", BottleneckChart: "bottleneck", SpeedupChart: "speedup"}
    sizes = theme.CHART_SIZES_IN
    return sizes.get(spec.name) or sizes[kinds[type(spec)]]


# --- pure placement ------------------------------------------------------------

def spread(centres: Sequence[float], sizes: Sequence[float], lo: float, hi: float,
           gap: float = 0.0) -> list[float]:
    """Move labels along one axis so none overlap, each as little as it can.

    `centres` and `sizes` are the wanted centres and extents; the result keeps
    their order, leaves `gap` between neighbours and stays within [lo, hi]. If
    they cannot all fit, they are spaced evenly over the range.
    """
    order = sorted(range(len(centres)), key=lambda i: centres[i])
    want = [centres[i] for i in order]
    size = [sizes[i] for i in order]
    offset = [0.0]                        # centre of k relative to centre of 0, packed tight
    for k in range(1, len(order)):
        offset.append(offset[-1] + (size[k - 1] + size[k]) / 2 + gap)
    clusters: list[list[int]] = []        # runs of labels that touch; each moves as one
    for k in range(len(order)):
        clusters.append([k])
        while len(clusters) > 1 and _base(clusters[-2], want, offset) + offset[clusters[-2][-1]] \
                > _base(clusters[-1], want, offset) + offset[clusters[-1][0]] - \
                (size[clusters[-1][0]] + size[clusters[-2][-1]]) / 2 - gap:
            clusters[-2:] = [clusters[-2] + clusters[-1]]
    placed = [_base(c, want, offset) + offset[k] for c in clusters for k in c]
    placed = _clamp_run(placed, size, offset, lo, hi)
    result = [0.0] * len(order)
    for k, i in enumerate(order):
        result[i] = placed[k]
    return result


def _base(cluster: list[int], want: list[float], offset: list[float]) -> float:
    """The centre of label 0's slot that puts a cluster's labels nearest their wishes."""
    return sum(want[k] - offset[k] for k in cluster) / len(cluster)


def _clamp_run(placed: list[float], size: list[float], offset: list[float],
               lo: float, hi: float) -> list[float]:
    if not placed:
        return placed
    needed = offset[-1] + (size[0] + size[-1]) / 2
    if needed > hi - lo:                  # no room: space evenly
        step = (hi - lo - (size[0] + size[-1]) / 2) / max(len(placed) - 1, 1)
        return [lo + size[0] / 2 + k * step for k in range(len(placed))]
    out = list(placed)
    for k in range(len(out)):             # push up from the floor
        floor = lo + size[k] / 2 if k == 0 else out[k - 1] + offset[k] - offset[k - 1]
        out[k] = max(out[k], floor)
    for k in reversed(range(len(out))):   # then down from the ceiling
        roof = hi - size[k] / 2 if k == len(out) - 1 else out[k + 1] - offset[k + 1] + offset[k]
        out[k] = min(out[k], roof)
    return out


def place_label(boxes: Sequence[Box], blocked: Sequence[Box], points, bounds: Box) -> int:
    """Index of the first candidate box that stays in `bounds` and clears the rest.

    `blocked` are boxes already taken (labels), `points` an (n, 2) array of display
    points to keep clear (densified lines, markers). When every candidate collides,
    the one colliding least wins.
    """
    import numpy as np

    pts = np.asarray(points, dtype=float).reshape(-1, 2)
    costs = []
    for box in boxes:
        x0, y0, x1, y1 = box
        outside = max(bounds[0] - x0, 0) + max(x1 - bounds[2], 0) + \
            max(bounds[1] - y0, 0) + max(y1 - bounds[3], 0)
        overlap = sum(_overlap(box, other) for other in blocked)
        inside = (pts[:, 0] >= x0) & (pts[:, 0] <= x1) & (pts[:, 1] >= y0) & (pts[:, 1] <= y1)
        costs.append(1000 * outside + overlap + 100 * int(inside.sum()))
    return min(range(len(boxes)), key=lambda i: (costs[i], i))


def _overlap(a: Box, b: Box) -> float:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return width * height if width > 0 and height > 0 else 0.0


def densify(xy, step: float):
    """Points every `step` pixels along a display-space polyline."""
    import numpy as np

    xy = np.asarray(xy, dtype=float).reshape(-1, 2)
    out = [xy[:1]]
    for a, b in zip(xy[:-1], xy[1:]):
        count = max(int(np.hypot(*(b - a)) / step), 1)
        out.append(a + (b - a) * np.linspace(0, 1, count + 1)[1:, None])
    return np.concatenate(out) if len(xy) else xy


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
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=theme.CHART_DPI, metadata={"Software": None})
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
    for word in text.split():
        if lines and measure(fig, f"{lines[-1]} {word}", size, weight)[0] <= width_px:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return "\n".join(lines)


def _freeze(fig) -> None:
    """Settle the constrained layout once, then keep it while labels are placed."""
    fig.draw_without_rendering()
    fig.set_layout_engine("none")


def _ticks(axis, ticks: Sequence[Tick]) -> None:
    from matplotlib.ticker import NullLocator

    axis.set_ticks([t.value for t in ticks], labels=[t.label for t in ticks])
    axis.set_minor_locator(NullLocator())


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


def _pt(fig, pixels: float) -> float:
    return pixels * 72 / fig.dpi


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
        ax.plot(series.x, series.y, linewidth=LINE_WIDTH, markersize=MARKER_SIZE,
                markeredgecolor=P.paper, markeredgewidth=1.2, clip_on=False,
                **series_style(index))
    _ticks(ax.xaxis, spec.x_ticks)
    _ticks(ax.yaxis, spec.y_ticks)
    ax.set_xlabel(spec.x_label)
    ax.set_ylabel(spec.y_label)
    xs = [x for s in spec.series for x in s.x] + [t.value for t in spec.x_ticks]
    ys = [y for s in spec.series for y in s.y]
    pad = _px(fig, MARKER_SIZE)
    _fit_limits(ax, "x", min(xs, default=1), max(xs, default=10), pad, pad)
    _fit_limits(ax, "y", min(ys, default=1), max(ys, default=10), pad, pad)
    _freeze(fig)
    _fit_limits(ax, "x", min(xs, default=1), max(xs, default=10), pad, pad)
    _fit_limits(ax, "y", min(ys, default=1), max(ys, default=10), pad, pad)
    _end_labels(fig, ax, spec, names)


def _end_label_text(fig, label: str) -> str:
    return wrap(fig, label, T.chart_label, "bold", fig.bbox.width * END_LABEL_SHARE)


def _end_labels(fig, ax, spec: DialChart, names: list[str]) -> None:
    """Each series named at its right end, nudged apart where lines end close together."""
    ends = [(s.x[-1], s.y[-1]) for s in spec.series if s.x]
    if not ends:
        return
    shown = [name for s, name in zip(spec.series, names) if s.x]
    styles = [series_style(i)["color"] for i, s in enumerate(spec.series) if s.x]
    texts = [ax.annotate(name, xy=end, xycoords="data", xytext=(1, 0.5),
                         textcoords="axes fraction", ha="left", va="center",
                         fontsize=T.chart_label, fontweight="bold", color=readable(colour),
                         annotation_clip=False)
             for name, end, colour in zip(shown, ends, styles)]
    wanted = [ax.transData.transform(end)[1] for end in ends]
    heights = [_box(text, fig)[3] - _box(text, fig)[1] for text in texts]
    placed = spread(wanted, heights, ax.bbox.y0, ax.bbox.y1, gap=_px(fig, 2))
    column = ax.bbox.x1 + _px(fig, LABEL_GAP_PT)
    for text, want, got, colour in zip(texts, wanted, placed, styles):
        text.set_position(ax.transAxes.inverted().transform((column, got)))
        end_x = ax.transData.transform(text.xy)[0]
        if abs(got - want) > _px(fig, 3) or column - end_x > _px(fig, 3 * LABEL_GAP_PT):
            text.arrow_patch = None
            text.arrowprops = {"arrowstyle": "-", "color": colour, "linewidth": 1.2,
                               "shrinkA": 2, "shrinkB": _pt(fig, _px(fig, MARKER_SIZE / 2)),
                               "relpos": (0, 0.5)}
            text.update_positions(fig.canvas.get_renderer())
            _ensure_arrow(text)


def _ensure_arrow(text) -> None:
    """Give an annotation made without arrowprops its leader line."""
    from matplotlib.patches import FancyArrowPatch

    if text.arrow_patch is None:
        text.arrow_patch = FancyArrowPatch((0, 0), (1, 1), **text.arrowprops)


# --- (b) the bottleneck: writing and checking shares ----------------------------

def _paint_bottleneck(fig, spec: BottleneckChart) -> None:
    ax = fig.add_subplot()
    ax.set_axis_off()
    _freeze(fig)
    width, height = ax.bbox.width / fig.dpi, ax.bbox.height / fig.dpi
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)                 # inches, top down
    plans = [_bar_plan(fig, bar, width) for bar in spec.bars]
    line = T.chart_label * 1.35 / 72
    band = line + 0.16                     # leader and a line of outside labels
    rows = [line * (1 + plan["stacked"]) + (band if plan["outside"] else 0) for plan in plans]
    thickness = min(max((height - sum(rows) - 0.3 * (len(rows) - 1)) / max(len(rows), 1),
                        0.3), 1.0)
    slack = height - sum(rows) - thickness * len(rows)
    gap = min(slack / max(len(rows) - 1, 1), 0.8) if len(rows) > 1 else 0
    top = max((slack - gap * (len(rows) - 1)) / 2, 0)
    for bar, plan, row in zip(spec.bars, plans, rows):
        _draw_bar(ax, bar, plan, top, thickness, line, width)
        top += row + thickness + gap


def _bar_plan(fig, bar, width: float) -> dict:
    """Which segment labels fit inside their segment, and whether the heading needs two lines."""
    inch = fig.dpi
    pad = 0.12
    inside = []
    for seg in bar.segments:
        text = f"{seg.label} {seg.share_label}"
        room = max(seg.share, 0) * width - 2 * pad
        inside.append(measure(fig, text, T.chart_label, "bold")[0] / inch <= room)
    heading = measure(fig, bar.label, T.chart_label, "bold")[0] + \
        measure(fig, bar.total_label, T.chart_label)[0]
    return {"inside": inside, "outside": not all(inside),
            "stacked": heading / inch + 0.3 > width}


def _draw_bar(ax, bar, plan: dict, top: float, thickness: float, line: float,
              width: float) -> None:
    from matplotlib.patches import Rectangle

    ax.text(0, top, bar.label, ha="left", va="top", fontsize=T.chart_label, fontweight="bold")
    total_at = (0, top + line) if plan["stacked"] else (width, top)
    ax.text(*total_at, bar.total_label, ha="left" if plan["stacked"] else "right", va="top",
            fontsize=T.chart_label, color=P.ink)
    bar_top = top + line * (1 + plan["stacked"])
    left, outside = 0.0, []
    for index, (seg, fits) in enumerate(zip(bar.segments, plan["inside"])):
        colour = _segment_colour(index)
        span = max(seg.share, 0) * width
        ax.add_patch(Rectangle((left, bar_top), span, thickness, facecolor=colour,
                               edgecolor=P.paper, linewidth=1.5))
        text = f"{seg.label} {seg.share_label}"
        if fits:
            ax.text(left + span / 2, bar_top + thickness / 2, text, ha="center", va="center",
                    fontsize=T.chart_label, fontweight="bold", color=text_on(colour))
        else:
            outside.append((left + span / 2, text, colour))
        left += span
    _outside_labels(ax, outside, bar_top + thickness, width)


def _segment_colour(index: int) -> str:
    colours = (P.accent, P.accent2, *P.series[2:])
    return colours[index % len(colours)]


def _outside_labels(ax, labels: list, below: float, width: float) -> None:
    """Labels of narrow segments under the bar, spread sideways, each with a leader."""
    if not labels:
        return
    fig = ax.figure
    widths = [measure(fig, text, T.chart_label, "bold")[0] / fig.dpi for _, text, _ in labels]
    xs = spread([x for x, _, _ in labels], widths, 0, width, gap=0.15)
    leader = 0.14
    for (anchor, text, colour), x in zip(labels, xs):
        ax.plot([anchor, anchor, x], [below, below + leader / 2, below + leader],
                color=colour, linewidth=2, solid_capstyle="butt")
        ax.text(x, below + leader + 0.02, text, ha="center", va="top",
                fontsize=T.chart_label, fontweight="bold", color=P.ink)


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
    _ticks(ax.xaxis, spec.x_ticks)
    _ticks(ax.yaxis, spec.y_ticks)
    ax.set_xlabel(spec.x_label)
    ax.set_ylabel(spec.y_label)
    _speedup_limits(fig, ax, spec)
    _freeze(fig)
    _speedup_limits(fig, ax, spec)
    _speedup_labels(fig, ax, spec)


def _speedup_limits(fig, ax, spec: SpeedupChart) -> None:
    xs = [*spec.curve.x, *(t.value for t in spec.x_ticks), *(m.x for m in spec.markers)]
    ys = [*spec.curve.y, *(m.y for m in spec.markers), spec.ceiling]
    line = _px(fig, T.chart_label * 1.3)
    pad = _px(fig, FEATURED_MARKER_SIZE / 2 + 2)
    _fit_limits(ax, "x", min(xs, default=0), max(xs, default=1), pad, pad)
    _fit_limits(ax, "y", min(ys, default=1), max(ys, default=10), 2.2 * line, 1.8 * line)


def _speedup_labels(fig, ax, spec: SpeedupChart) -> None:
    """The ceiling's label, then the markers' (featured first), each clear of the rest."""
    import numpy as np

    data = ax.transData
    curve = densify(data.transform(np.column_stack([spec.curve.x, spec.curve.y])),
                    _px(fig, 2)) if spec.curve.x else np.empty((0, 2))
    y = data.transform((1, spec.ceiling))[1]
    ceiling = densify([(ax.bbox.x0, y), (ax.bbox.x1, y)], _px(fig, 2))
    dots = data.transform([(m.x, m.y) for m in spec.markers]).reshape(-1, 2)
    bounds = (ax.bbox.x0 + 2, ax.bbox.y0 + 2, ax.bbox.x1 - 2, ax.bbox.y1 - 2)
    blocked: list[Box] = []
    gap = _px(fig, LABEL_GAP_PT)
    label = ax.annotate(spec.ceiling_label, xy=(0, 0), xycoords="data", fontsize=T.chart_label,
                        color=P.muted, annotation_clip=False)
    right = ax.transData.inverted().transform((ax.bbox.x1 - gap, y))
    left = ax.transData.inverted().transform((ax.bbox.x0 + gap, y))
    candidates = [(right, 0, gap, "right", "bottom"), (right, 0, -gap, "right", "top"),
                  (left, 0, gap, "left", "bottom"), (left, 0, -gap, "left", "top")]
    blocked.append(_choose(fig, label, candidates, blocked, np.vstack([curve, dots]), bounds))
    order = sorted(range(len(spec.markers)), key=lambda i: not spec.markers[i].featured)
    for i in order:
        marker = spec.markers[i]
        text = ax.annotate(marker.label, xy=(marker.x, marker.y), xycoords="data",
                           fontsize=T.chart_label, annotation_clip=False,
                           fontweight="bold" if marker.featured else "normal",
                           color=P.ink)
        keep = np.vstack([curve, ceiling, np.delete(dots, i, axis=0), _ring(dots[i], fig)])
        blocked.append(_choose(fig, text, _around(marker, fig), blocked, keep, bounds))


def _ring(centre, fig):
    """Points around a marker so no label covers it."""
    import numpy as np

    radius = _px(fig, FEATURED_MARKER_SIZE / 2 + 1)
    angles = np.linspace(0, 2 * np.pi, 16, endpoint=False)
    return np.column_stack([centre[0] + radius * np.cos(angles),
                            centre[1] + radius * np.sin(angles)])


def _around(marker, fig) -> list:
    """Places beside a marker, nearest first: diagonals, sides, then farther with a leader."""
    near = FEATURED_MARKER_SIZE / 2 + LABEL_GAP_PT
    spots = []
    for reach in (near, 3 * near):
        for dx, dy, ha, va in ((1, 1, "left", "bottom"), (-1, -1, "right", "top"),
                               (1, -1, "left", "top"), (-1, 1, "right", "bottom"),
                               (1.3, 0, "left", "center"), (-1.3, 0, "right", "center"),
                               (0, 1.3, "center", "bottom"), (0, -1.3, "center", "top")):
            spots.append(((marker.x, marker.y), dx * reach, dy * reach, ha, va))
    return spots


def _choose(fig, text, candidates: list, blocked: list[Box], points, bounds: Box) -> Box:
    """Try each (anchor, dx pt, dy pt, ha, va) for `text`, keep the best, return its box."""
    boxes = []
    for anchor, dx, dy, ha, va in candidates:
        _put(text, anchor, dx, dy, ha, va)
        boxes.append(_box(text, fig))
    best = place_label(boxes, blocked, points, bounds)
    anchor, dx, dy, ha, va = candidates[best]
    _put(text, anchor, dx, dy, ha, va)
    if abs(dx) > 2 * (FEATURED_MARKER_SIZE / 2 + LABEL_GAP_PT) or \
            abs(dy) > 2 * (FEATURED_MARKER_SIZE / 2 + LABEL_GAP_PT):
        text.arrowprops = {"arrowstyle": "-", "color": P.muted, "linewidth": 1.2,
                           "shrinkA": 3, "shrinkB": FEATURED_MARKER_SIZE / 2 + 1}
        _ensure_arrow(text)
    return boxes[best]


def _put(text, anchor, dx: float, dy: float, ha: str, va: str) -> None:
    text.xy = tuple(anchor)
    text.set_anchor = None
    text.xyann = (dx, dy)
    text.set_annotation_clip(False)
    text._textcoords = "offset points"
    text.set_ha(ha)
    text.set_va(va)
