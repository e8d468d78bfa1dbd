"""render.charts: each chart drawn from a hand-built spec with the bundled note's numbers."""

from __future__ import annotations

import io
import subprocess
import sys
import warnings
import xml.etree.ElementTree as ET

import pytest
from matplotlib.text import Text
from PIL import Image

from notedeck import theme
from notedeck.stages import charts as chart_stage
from notedeck.deck import (Axis, Bar, BarChart, ChartArt, Line, LineChart, Point, Reference, Segment, Tick)
from notedeck.render.charts import draw as charts
from notedeck.render.charts import figure as chart_figure
from notedeck.render.charts import placement

STOPS = (100.0, 1_000.0, 10_000.0, 100_000.0, 1_000_000.0)
WORKLOADS = (("story endings", 1_000_000), ("app drafts", 800_000),
             ("critiqued candidates", 3_000_000), ("rehearsals", 10_000_000))


def dial_spec(workloads=WORKLOADS, stops=STOPS, name="dial",
              stop_labels=("100", "1K", "10K", "100K", "1M")) -> LineChart:
    lines = tuple(Line(label, stops, tuple(tokens / s for s in stops))
                  for label, tokens in workloads)
    return LineChart(
        name, "From 100 to 1M tokens/sec, writing time shrinks 10,000×", "Writing time ...",
        Axis("Writing speed (tokens/sec)",
             tuple(Tick(s, label) for s, label in zip(stops, stop_labels)), "log"),
        Axis("Writing time",
             (Tick(1, "1 second"), Tick(10, "10 seconds"), Tick(60, "1 min"),
              Tick(600, "10 min"), Tick(3600, "1 hour"), Tick(36_000, "10 hours"),
              Tick(86_400, "1 day")), "log"),
        lines)


def bottleneck_spec() -> BarChart:
    return BarChart("bottleneck", "At 1,000,000 tokens/sec, checking is 98.7% of the time",
                           "Two 100% bars ...", (
        Bar("100 tokens/sec", "2 h 14 min 20 s",
            (Segment("Writing", 8000 / 8060, "99.3%"), Segment("Checking", 60 / 8060, "0.7%"))),
        Bar("1,000,000 tokens/sec", "60.8 seconds",
            (Segment("Writing", 0.8 / 60.8, "1.3%"), Segment("Checking", 60 / 60.8, "98.7%"))),
    ))


def speedup_at(check: float) -> float:
    """The bundled note: 8,000 s of writing against 0.8 s, plus a fixed check."""
    return (8000 + check) / (0.8 + check)


XS = (0.0, *(86_400 * 10 ** (-6 + 6 * i / 99) for i in range(100)))
MARKERS = (Point(0, 10_000, "None: 10,000×"),
           Point(60, speedup_at(60), "60 seconds: 132.57×", featured=True),
           Point(900, speedup_at(900), "15 min: 9.88×"),
           Point(86_400, speedup_at(86_400), "24 h: 1.09×"))


def speedup_spec(markers=MARKERS, title="With 60 seconds of checking, 10,000× faster writing "
                 "gives 132.57× faster work", alt="Line chart ...") -> LineChart:
    curve = Line("End-to-end speedup", XS, tuple(speedup_at(x) for x in XS), marked=False,
                 named=False, points=markers, points_label="Marked checks")
    return LineChart(
        "speedup", title, alt,
        Axis("Fixed check after writing",
             (Tick(0, "0"), Tick(60, "1 min"), Tick(3600, "1 hour"), Tick(86_400, "1 day")),
             "symlog", grid=False),
        Axis("End-to-end speedup", tuple(Tick(10.0 ** k, f"{10 ** k:,}×") for k in range(5)),
             "log"),
        (curve,), (Reference(10_000, "Writing speedup 10,000×"),))


SPECS = {"dial": dial_spec, "bottleneck": bottleneck_spec, "speedup": speedup_spec}


@pytest.fixture(scope="module")
def art() -> dict[str, ChartArt]:
    return {spec.name: charts.draw(spec) for spec in (make() for make in SPECS.values())}


@pytest.mark.parametrize("name", SPECS)
def test_png_is_the_chart_size_at_chart_dpi(art, name):
    width, height = theme.chart_size(SPECS[name]())
    image = Image.open(io.BytesIO(art[name].png))
    assert image.format == "PNG"
    assert image.size == (round(width * theme.CHART_DPI), round(height * theme.CHART_DPI))
    assert (art[name].width_in, art[name].height_in) == (width, height)
    assert art[name].name == name


@pytest.mark.parametrize("name", SPECS)
def test_svg_parses_with_text_as_paths_and_no_dates(art, name):
    root = ET.fromstring(art[name].svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("width") == f"{theme.chart_size(SPECS[name]())[0] * 72:g}pt"
    assert not list(root.iter("{http://www.w3.org/2000/svg}text"))
    assert list(root.iter("{http://www.w3.org/2000/svg}path"))
    assert b"<dc:date>" not in art[name].svg
    assert b"Matplotlib v" not in art[name].svg


@pytest.mark.parametrize("name", SPECS)
def test_same_spec_same_bytes(art, name):
    again = charts.draw(SPECS[name]())
    assert again.png == art[name].png
    assert again.svg == art[name].svg


@pytest.mark.parametrize("name", SPECS)
def test_each_form_drawn_alone_is_the_same_bytes(art, name):
    svg_only, png_only = charts.draw(SPECS[name](), ("svg",)), charts.draw(SPECS[name](), ("png",))
    assert (svg_only.png, svg_only.svg) == (b"", art[name].svg)
    assert (png_only.png, png_only.svg) == (art[name].png, b"")


def test_png_carries_no_software_or_time(art):
    for drawn in art.values():
        info = Image.open(io.BytesIO(drawn.png)).info
        assert not {"Software", "Creation Time", "date:create"} & set(info)


def test_svg_is_readable_by_svglib(art):
    """The handout draws the SVG through svglib: it must come back at the chart's size."""
    from svglib.svglib import svg2rlg

    for name, drawn in art.items():
        drawing = svg2rlg(io.BytesIO(drawn.svg))
        assert drawing is not None
        assert (drawing.width, drawing.height) == pytest.approx(
            [v * 72 for v in theme.chart_size(SPECS[name]())])


def test_importing_charts_does_not_import_matplotlib_and_drawing_skips_pyplot():
    code = ("import sys, notedeck.render.charts.draw as c, notedeck.deck as m\n"
            "print(any(n == 'matplotlib' or n.startswith('matplotlib.') for n in sys.modules))\n"
            "c.draw(m.BarChart('bars', 't', '', ()))\n"
            "print('matplotlib.pyplot' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_drawing_leaves_matplotlib_settings_alone():
    import matplotlib

    before = dict(matplotlib.rcParams)
    charts.draw(bottleneck_spec())
    assert dict(matplotlib.rcParams) == before


def test_other_data_draws_too():
    """Eight series of very different sizes, three segments, a check far beyond a day."""
    width, height = theme.CHART_SIZES_IN["line"]
    assert Image.open(io.BytesIO(charts.draw(dial_spec(EIGHT)).png)).size == \
        (round(width * theme.CHART_DPI), round(height * theme.CHART_DPI))
    spec = BarChart("bottleneck", "", "", (
        Bar("a", "1 s", (Segment("x", 0.01, "1%"), Segment("y", 0.01, "1%"),
                         Segment("z", 0.98, "98%"))),))
    assert charts.draw(spec).png.startswith(b"\x89PNG")


def test_dollar_signs_stay_literal_text():
    """Labels are text, never mathtext: "$5" must not raise or turn italic."""
    spec = BarChart("bottleneck", "Costs $5 and $6", "", (
        Bar("$5 a day", "$6", (Segment("Writing $", 0.5, "50%"),
                               Segment("Checking $", 0.5, "50%"))),))
    assert charts.draw(spec).png.startswith(b"\x89PNG")


def test_text_is_set_in_liberation_sans_with_dejavu_for_missing_glyphs():
    from matplotlib.font_manager import findfont

    spec = BarChart("bottleneck", "Checked ✓", "", (
        Bar("100 tokens/sec", "1 s", (Segment("Writing ✓", 1.0, "100%"),)),))
    with warnings.catch_warnings():
        warnings.simplefilter("error")        # "Glyph ... missing from font(s)" would raise
        with charts.painted(spec) as fig:
            fig.canvas.draw()
            title = fig.texts[0]
            assert findfont(title.get_fontproperties()).endswith("LiberationSans-Bold.ttf")
            assert title.get_fontproperties().get_family()[:2] == ["Liberation Sans",
                                                                   "DejaVu Sans"]


def test_chart_size_is_the_drawn_forms():
    assert theme.chart_size(dial_spec(name="dial-team")) == theme.CHART_SIZES_IN["line"]
    assert theme.chart_size(bottleneck_spec()) == theme.CHART_SIZES_IN["bar"]


def test_duplicate_names_and_unknown_kinds_fail():
    with pytest.raises(ValueError, match="two charts are named 'dial'"):
        chart_stage.art([dial_spec(), dial_spec()], cache=False)
    with pytest.raises(TypeError, match="a chart is a LineChart, a BarChart"):
        charts.draw("not a spec")


# --- what the reader sees: every text on the canvas, none on another -----------------

EIGHT = (("short answers", 300), ("emails", 2_000), ("a long report for the quarterly board", 60_000),
         ("code reviews", 65_000), ("novels", 120_000_000), ("test suites", 4_000_000),
         ("translations", 4_500_000), ("agent days", 3e9))


def crowded_speedup() -> LineChart:
    checks = (0, 0.5, 1, 2, 5, 30, 60, 120, 600, 900, 86_400)
    return speedup_spec(tuple(Point(c, speedup_at(c), f"{c} s: {speedup_at(c):.2f}×", c == 60)
                              for c in checks), alt="")


def three_segment_bars() -> BarChart:
    shares = ((0.97, 0.02, 0.01), (0.6, 0.25, 0.15), (0.1, 0.5, 0.4), (0.005, 0.595, 0.4))
    return BarChart("bottleneck", "Four speeds, and a third step that stays put no "
                           "matter how fast the writing gets", "", tuple(
        Bar(f"{10 ** (i + 2):,} tokens/sec", "10 min 6 s",
            tuple(Segment(name, share, f"{share:.1%}")
                  for name, share in zip(("Writing", "Checking", "Review"), row)))
        for i, row in enumerate(shares)))


def text_boxes(fig) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every piece of text drawn: titles, axis and tick labels in view, annotations
    (the text alone, without its leader line)."""
    renderer = fig.canvas.get_renderer()
    texts = list(fig.texts)
    for ax in fig.axes:
        texts += [*ax.texts, ax.xaxis.label, ax.yaxis.label]
        for axis in (ax.xaxis, ax.yaxis):
            low, high = sorted(axis.get_view_interval())
            texts += [t.label1 for t in axis.get_major_ticks() if low <= t.get_loc() <= high]
    out = []
    for text in texts:
        if text.get_visible() and text.get_text().strip():
            box = Text.get_window_extent(text, renderer)
            out.append((text.get_text(), (box.x0, box.y0, box.x1, box.y1)))
    return out


def side_by_side_columns() -> BarChart:
    """Two series of columns whose value labels are wider than a column: drawn side by
    side, they would run into each other."""
    costs = ((7_200, 11_775), (14_400, 17_775), (28_800, 29_775), (43_200, 41_775))
    return BarChart("costs", "What each heat costs over the years", "Columns ...", tuple(
        Bar(f"{years} years", "", (Segment("Old heat", old / 43_200, f"€{old:,}"),
                                    Segment("New heat and outlay", new / 43_200, f"€{new:,}")))
        for years, (old, new) in zip((5, 10, 20, 30), costs)),
        stacked=False, normalised=False, horizontal=False)


LAYOUTS = {"bundled dial": dial_spec, "eight-series dial": lambda: dial_spec(EIGHT),
           "three-series dial": lambda: dial_spec(WORKLOADS[:3], (50.0, 500.0, 5000.0),
                                                  stop_labels=("50", "500", "5K")),
           "bundled bottleneck": bottleneck_spec, "three-segment bars": three_segment_bars,
           "bundled speedup": speedup_spec, "crowded speedup": crowded_speedup,
           "side-by-side columns": side_by_side_columns}


@pytest.mark.parametrize("make", LAYOUTS.values(), ids=LAYOUTS.keys())
def test_texts_stay_on_the_canvas_and_clear_of_each_other(make):
    with charts.painted(make()) as fig:
        fig.draw_without_rendering()
        boxes = text_boxes(fig)
        width, height = fig.bbox.width, fig.bbox.height
    assert len(boxes) > 5
    for text, (x0, y0, x1, y1) in boxes:
        assert x0 >= 0 and y0 >= 0 and x1 <= width and y1 <= height, text
    for i, (a, box_a) in enumerate(boxes):
        for b, box_b in boxes[i + 1:]:
            assert placement.overlap(box_a, box_b) < 1, (a, b)


def test_featured_marker_label_is_bold_and_every_marker_is_labelled():
    spec = speedup_spec()
    with charts.painted(spec) as fig:
        texts = {t.get_text(): t for t in fig.axes[0].texts}
    assert {m.label for m in spec.lines[0].points} | {spec.references[0].label} <= set(texts)
    assert texts["60 seconds: 132.57×"].get_fontweight() == "bold"
    assert texts["15 min: 9.88×"].get_fontweight() == "normal"


def test_dial_labels_follow_their_line_ends():
    """Each end label sits right of the plot, in the order its line ends in."""
    spec = dial_spec()
    with charts.painted(spec) as fig:
        ax = fig.axes[0]
        fig.draw_without_rendering()
        labels = {t.get_text(): Text.get_window_extent(t) for t in ax.texts}
        right = ax.bbox.x1
    ends = sorted(spec.lines, key=lambda s: s.y[-1])
    heights = [labels[s.label].y0 for s in ends]
    assert heights == sorted(heights)
    assert all(box.x0 >= right for box in labels.values())


# --- the pure placement helpers ---------------------------------------------------

def test_spread_leaves_labels_that_fit_alone():
    assert placement.spread([10, 50, 90], [10, 10, 10], 0, 100) == [10, 50, 90]


def test_spread_pushes_close_labels_apart_symmetrically_and_keeps_order():
    placed = placement.spread([50, 52, 10], [10, 10, 10], 0, 100, gap=2)
    assert placed[2] == 10
    assert placed[1] - placed[0] == pytest.approx(12)
    assert (placed[0] + placed[1]) / 2 == pytest.approx(51)


def test_spread_stays_in_range():
    placed = placement.spread([98, 99, 100], [10, 10, 10], 0, 100)
    assert placed == pytest.approx([75, 85, 95])
    crowded = placement.spread([5] * 5, [30] * 5, 0, 100)
    assert crowded[0] == pytest.approx(15) and crowded[-1] == pytest.approx(85)


def test_place_label_prefers_the_first_free_candidate():
    bounds = (0, 0, 100, 100)
    boxes = [(0, 0, 20, 10), (30, 30, 50, 40), (60, 60, 80, 70)]
    assert placement.place_label(boxes, [], [], bounds) == 0
    assert placement.place_label(boxes, [(0, 0, 25, 25)], [], bounds) == 1
    assert placement.place_label(boxes, [(0, 0, 25, 25)], [[40, 35]], bounds) == 2
    assert placement.place_label([(90, 90, 120, 100), (60, 60, 80, 70)], [], [], bounds) == 1


def test_segments_cross_and_boxes_attach():
    assert placement.crosses(((0, 0), (10, 10)), ((0, 10), (10, 0)))
    assert not placement.crosses(((0, 0), (10, 0)), ((0, 5), (10, 5)))
    assert placement.hits(((0, 5), (20, 5)), (8, 0, 12, 10))
    assert not placement.hits(((0, 20), (20, 20)), (8, 0, 12, 10))
    assert placement.attachment((0, 0, 10, 4), "right", "top") == (10, 4)
    assert placement.attachment((0, 0, 10, 4), "center", "bottom") == (5, 0)
    assert placement.distance((0, 0, 10, 10), (13, 14)) == 5
    assert placement.densify([(0, 0), (10, 0)], 2.5) == [(0, 0), (2.5, 0), (5, 0), (7.5, 0),
                                                         (10, 0)]


def test_readable_darkens_light_colours_only():
    assert chart_figure.readable(theme.PALETTE.accent) == theme.PALETTE.accent.lower()
    yellow = chart_figure.readable("#F0E442")
    assert chart_figure.contrast(yellow, theme.PALETTE.background) >= chart_figure.MIN_TEXT_CONTRAST
    assert chart_figure.text_on(theme.PALETTE.accent) == theme.PALETTE.background
    assert chart_figure.text_on(theme.PALETTE.accent2) == theme.PALETTE.ink


TITLES = ("From 100 to 1M tokens/sec, writing time shrinks 10,000×",
          "At 1,000,000 tokens/sec, checking is 98.7% of the time",
          "Four speeds, and a third step that stays put no matter how fast the writing gets",
          "A supercalifragilisticexpialidocious word and short ones i a")


@pytest.mark.parametrize("title", TITLES)
def test_wrap_takes_the_words_that_fit_one_by_one(title):
    """Lines found by halving are the lines adding one word at a time gives, at every width."""
    import matplotlib

    def one_by_one(fig, text, size, weight, width_px):
        lines: list[str] = []
        for word in (w for w in text.split(" ") if w):
            joined = f"{lines[-1]} {word}" if lines else word
            if lines and chart_figure.measure(fig, joined, size, weight)[0] <= width_px:
                lines[-1] = joined
            else:
                lines.append(word)
        return "\n".join(lines)

    with matplotlib.rc_context(chart_figure.rc()):
        fig = chart_figure.figure(12, 4.5, "")
        full = chart_figure.measure(fig, title, theme.TYPE.chart_title, "bold")[0]
        for width in [full * k / 12 for k in range(1, 14)] + [full]:
            for weight in ("bold", "normal"):
                assert chart_figure.wrap(fig, title, theme.TYPE.chart_title, weight, width) == \
                    one_by_one(fig, title, theme.TYPE.chart_title, weight, width), (width, weight)
