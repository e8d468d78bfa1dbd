"""The figure every chart is drawn on: style, fonts, colours, axes, exports, measuring."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache, lru_cache

from notedeck import theme
from notedeck.deck import ChartSpec, Tick
from notedeck.render.charts.placement import Box, overlap

P = theme.PALETTE
T = theme.TYPE

# Lines, markers and gaps, in points: thick enough for the back of a room.
LINE_WIDTH = 3.2
MARKER_SIZE = 9
FEATURED_MARKER_SIZE = 15
LABEL_GAP_PT = 5             # between a line's end, or a marker, and its label
MARKERS = ("o", "s", "D", "^", "v", "P", "X", "*")   # a second cue beside colour
LINE_STYLES = ("-", (0, (6, 2)), (0, (2, 2)))        # used once colours run out
SYMLOG_LINTHRESH = 1.0       # a symlog axis is linear below this (or its first positive tick)
END_LABEL_SHARE = 0.3        # lines' end labels take at most this share of the width
OWNER_MARGIN = 1.5           # a label this much nearer its own point than another's
MIN_TEXT_CONTRAST = 3.0      # WCAG ratio for large text against the background
SVG_HASH_SALT = "notedeck"   # fixed ids in the SVG: same spec, same bytes
PNG_COMPRESSION = 1          # zlib level: 1 encodes in half the time of 6; files 5-12% larger
BAR_THICKNESS_IN = (0.3, 1.1)    # a bar's least and greatest thickness
BAR_GAP_IN = (0.12, 0.6)         # and the least and greatest space between rows
BAR_TEXT_SIZES = (T.chart_label, T.chart_tick, 12)   # smaller only when bars would not fit
LEADER_IN = 0.14                 # from a bar down to an outside label


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
    """The colour, darkened just enough to read as text on the background."""
    from matplotlib.colors import to_hex, to_rgb

    rgb = to_rgb(colour)
    for step in range(11):
        shade = to_hex([c * (1 - step / 10) for c in rgb])
        if contrast(shade, P.background) >= MIN_TEXT_CONTRAST:
            return shade
    return P.ink


def text_on(fill: str) -> str:
    """Ink or background, whichever reads better on `fill`."""
    return max((P.ink, P.background), key=lambda c: contrast(c, fill))


def segment_colour(index: int) -> str:
    """A bar segment's fill: the accents first, then the rest of the series' colours."""
    colours = (P.accent, P.accent2, *P.series[2:])
    return colours[index % len(colours)]


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


def rc() -> dict:
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
        "figure.facecolor": P.background, "savefig.facecolor": P.background,
        "figure.titlesize": T.chart_title, "figure.titleweight": "bold",
        "figure.constrained_layout.w_pad": 6 / 72, "figure.constrained_layout.h_pad": 6 / 72,
        "svg.fonttype": "path", "svg.hashsalt": SVG_HASH_SALT,
    }


def figure(width: float, height: float, title: str):
    """A figure to paint on: it measures text on `measurer` until `done` gives it Agg's canvas."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=theme.CHART_DPI, layout="constrained")
    _measuring_canvas()(fig)
    if title:
        edge = 6 / 72 / width
        lines = wrap(fig, title, T.chart_title, "bold", fig.bbox.width * (1 - 2 * edge))
        fig.suptitle(lines, x=edge, ha="left", color=P.ink)
    return fig


def done(fig) -> None:
    """The painted figure on Agg's own canvas, which draws its pixels (and measures with the
    same numbers as `measurer`)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)


@cache
def measurer(dpi: float):
    """The renderer every chart at `dpi` is laid out with: Agg's, whose hinted text metrics
    the layout is made of, but 1 pixel square instead of a page-sized buffer made and cleared
    for each chart, and one for all, so its cache of text sizes serves every chart."""
    from matplotlib.backends.backend_agg import RendererAgg

    return RendererAgg(1, 1, dpi)


@cache
def _measuring_canvas():
    from matplotlib.backend_bases import FigureCanvasBase

    class MeasuringCanvas(FigureCanvasBase):
        """A canvas that only lays out: text is measured by `measurer`, nothing is drawn."""

        def get_renderer(self):
            return measurer(self.figure.dpi)

    return MeasuringCanvas


def png(fig) -> bytes:
    """The figure's pixels as savefig draws them, kept as RGB (the background is opaque) and
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


def svg(fig, spec: ChartSpec) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="svg", metadata={
        "Creator": None, "Date": None, "Title": spec.title, "Description": spec.alt_text})
    return buffer.getvalue()


def measure(fig, text: str, size: float, weight: str = "normal") -> tuple[float, float]:
    """Width and height in display pixels of one line of text as drawn."""
    return _measured(text, size, weight, fig.dpi)


@lru_cache(maxsize=4096)            # bounded: notedeck watch measures each edit's texts
def _measured(text: str, size: float, weight: str, dpi: float) -> tuple[float, float]:
    from matplotlib.font_manager import FontProperties

    prop = FontProperties(family=[theme.FONT_FAMILY, "DejaVu Sans"], size=size, weight=weight)
    width, height, _ = measurer(dpi).get_text_width_height_descent(text, prop, ismath=False)
    return width, height


def wrap(fig, text: str, size: float, weight: str, width_px: float) -> str:
    """Break text at spaces so no line is wider than `width_px` (a long word stays whole).

    Each line takes the most words that fit, as adding them one by one until one does not
    would; a line only widens with each word added, so the most is found by halving (and in
    one measure when the rest of the text fits).
    """
    words = [w for w in text.split(" ") if w]   # a no-break space keeps a number with its unit

    def fits(start: int, end: int) -> bool:
        return measure(fig, " ".join(words[start:end]), size, weight)[0] <= width_px

    lines, start = [], 0
    while start < len(words):
        low, high = start + 1, len(words)     # words[start:low] is a line (one word at least)
        if high > low and fits(start, high):
            low = high                        # else words[start:high] is too wide
        while high - low > 1:
            middle = (low + high) // 2
            low, high = (middle, high) if fits(start, middle) else (low, middle)
        lines.append(" ".join(words[start:low]))
        start = low
    return "\n".join(lines)


def finish_axes(fig, ax, spec, limits) -> None:
    """Ticks and labels from the spec, limits set before and after the layout is frozen
    (the second time the axes have their final size), then overlapping tick labels thinned."""
    set_ticks(ax.xaxis, spec.x.ticks)
    set_ticks(ax.yaxis, spec.y.ticks)
    ax.set_xlabel(spec.x.title)
    ax.set_ylabel(spec.y.title)
    limits(fig, ax, spec)
    freeze(fig)
    limits(fig, ax, spec)
    thin_ticks(fig, ax.xaxis, spec.x.ticks)
    thin_ticks(fig, ax.yaxis, spec.y.ticks)   # the layout is frozen: x's labels move no y tick


def freeze(fig) -> None:
    """Settle the constrained layout once, then keep it while labels are placed. The engine
    goes entirely (None, not "none", which leaves a placeholder engine): savefig then draws
    the figure once instead of twice."""
    fig.get_layout_engine().execute(fig)
    fig.set_layout_engine(None)


def set_ticks(axis, ticks: Sequence[Tick]) -> None:
    from matplotlib.ticker import NullLocator

    axis.set_ticks([t.value for t in ticks], labels=[t.label for t in ticks])
    axis.set_minor_locator(NullLocator())


def thin_ticks(fig, axis, ticks: Sequence[Tick]) -> None:
    """Blank each tick label that would touch the one before it; its tick and grid line stay.
    The axis has its final limits; its ticks are moved where those put them."""
    axis.get_majorticklabels()
    low, high = sorted(axis.get_view_interval())
    shown = sorted((t for t in axis.get_major_ticks() if low <= t.get_loc() <= high),
                   key=lambda t: t.get_loc())
    keep, last = set(), None
    for tick in shown:
        x0, y0, x1, y1 = box_of(tick.label1, fig)
        box = (x0 - px(fig, 3), y0 - px(fig, 1), x1 + px(fig, 3), y1 + px(fig, 1))
        if last is None or not overlap(box, last):
            keep.add(tick.get_loc())
            last = box
    if len(keep) < len(shown):
        axis.set_ticks([t.value for t in ticks],
                       labels=[t.label if t.value in keep else "" for t in ticks])


def fit_limits(ax, which: str, lo: float, hi: float, pad_lo: float, pad_hi: float) -> None:
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


def box_of(artist, fig) -> Box:
    extent = artist.get_window_extent(fig.canvas.get_renderer())
    return extent.x0, extent.y0, extent.x1, extent.y1


def px(fig, points: float) -> float:
    return points * fig.dpi / 72
