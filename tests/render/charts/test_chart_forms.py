"""render.charts: the chart forms the bundled note does not use (upright and side-by-side
bars, values rather than shares, linear axes) and a kind that lowers itself, drawn."""

from __future__ import annotations

import io

import pytest
from matplotlib.patches import Rectangle
from matplotlib.text import Text
from PIL import Image

from notedeck import theme
from notedeck.deck import drawable
from notedeck.render.charts import draw as charts
from notedeck.render.charts import placement
from render.small_charts import ACROSS, LINEAR, RANKING, SMALL, UPRIGHT, UPRIGHT_STACKED

FORMS = {spec.name: spec for spec in (*SMALL, RANKING)}


def texts(fig) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every text drawn, with its box: titles, tick and axis labels, annotations, legends."""
    renderer = fig.canvas.get_renderer()
    found = list(fig.texts)
    for ax in fig.axes:
        found += [*ax.texts, ax.xaxis.label, ax.yaxis.label]
        for axis in (ax.xaxis, ax.yaxis):
            if axis.get_visible():
                low, high = sorted(axis.get_view_interval())
                found += [t.label1 for t in axis.get_major_ticks() if low <= t.get_loc() <= high]
        if ax.get_legend():
            found += list(ax.get_legend().get_texts())
    out = []
    for text in found:
        if text.get_visible() and text.get_text().strip():
            box = Text.get_window_extent(text, renderer)
            out.append((text.get_text(), (box.x0, box.y0, box.x1, box.y1)))
    return out


def expected(spec) -> set[str]:
    """Every label the spec asks for."""
    spec = drawable(spec)
    if hasattr(spec, "bars"):
        return ({b.label for b in spec.bars} | {b.total_label for b in spec.bars if b.total_label}
                | {s.value_label for b in spec.bars for s in b.segments})
    return ({p.label for line in spec.lines for p in line.points}
            | {r.label for r in spec.references} | {t.label for t in spec.x.ticks})


@pytest.mark.parametrize("name", FORMS)
def test_every_label_is_drawn_on_the_canvas_clear_of_the_others(name):
    spec = FORMS[name]
    with charts.painted(spec) as fig:
        fig.draw_without_rendering()
        boxes = texts(fig)
        width, height = fig.bbox.width, fig.bbox.height
    drawn = " ".join(text for text, _ in boxes)
    assert all(label in drawn for label in expected(spec)), (expected(spec), drawn)
    for text, (x0, y0, x1, y1) in boxes:
        assert x0 >= 0 and y0 >= 0 and x1 <= width and y1 <= height, text
    for i, (a, box_a) in enumerate(boxes):
        for b, box_b in boxes[i + 1:]:
            assert placement.overlap(box_a, box_b) < 1, (a, b)


@pytest.mark.parametrize("name", FORMS)
def test_drawn_at_the_size_of_its_form(name):
    art = charts.draw(FORMS[name])
    width, height = theme.chart_size(FORMS[name])
    assert Image.open(io.BytesIO(art.png)).size == (round(width * theme.CHART_DPI),
                                                    round(height * theme.CHART_DPI))
    assert b"<path" in art.svg and b"<text" not in art.svg      # text as paths, for print


def bar_patches(fig) -> list[Rectangle]:
    return [p for p in fig.axes[0].patches if isinstance(p, Rectangle)]


def test_upright_columns_stand_in_proportion_to_their_values():
    with charts.painted(UPRIGHT) as fig:
        heights = [p.get_height() for p in bar_patches(fig)]
    values = [b.segments[0].value for b in UPRIGHT.bars]
    assert heights == pytest.approx([v / max(values) for v in values])


def test_stacked_columns_are_their_segments_end_to_end():
    with charts.painted(UPRIGHT_STACKED) as fig:
        patches = bar_patches(fig)
    lengths = UPRIGHT_STACKED.lengths()
    tops = [p.get_y() + p.get_height() for p in patches]
    assert tops == pytest.approx([sum(row[:j + 1]) for row in lengths for j in range(len(row))])
    assert max(tops) == pytest.approx(1.0)          # the tallest column fills the value range


def test_side_by_side_bars_are_one_under_another_in_proportion():
    with charts.painted(ACROSS) as fig:
        patches = bar_patches(fig)
    widths = [p.get_width() for p in patches]
    values = [s.value for b in ACROSS.bars for s in b.segments]
    assert widths == pytest.approx([v / max(values) * widths[0] for v in values])
    ys = [p.get_y() for p in patches[:2]]
    assert ys[1] > ys[0]                             # the second series under the first


def test_linear_axes_and_a_reference_line():
    with charts.painted(LINEAR) as fig:
        ax = fig.axes[0]
        assert (ax.get_xscale(), ax.get_yscale()) == ("linear", "linear")
        dashed = [line for line in ax.lines if line.get_linestyle() == "--"]
        assert [tuple(line.get_ydata()) for line in dashed] == [(5.0, 5.0)]
        labels = {t.get_text(): t for t in ax.texts}
        assert labels["90%: 9 h"].get_fontweight() == "bold"


def test_a_kind_that_lowers_itself_is_drawn_as_its_form():
    assert charts.draw(RANKING).png == charts.draw(RANKING.lower()).png
