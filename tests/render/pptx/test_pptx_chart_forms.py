"""Native charts of the forms the bundled note does not use, reopened with python-pptx: upright
and side-by-side bars of values, stacked columns with totals, linear axes, a lowered kind."""

from __future__ import annotations

import pytest
from pptx import Presentation
from pptx.enum.chart import XL_CHART_TYPE

from notedeck.deck import ChartArt
from notedeck.theme import chart_size
from render.small_charts import (ACROSS, LINEAR, RANKING, SMALL, UPRIGHT, UPRIGHT_STACKED,
                                 deck_of)
from support import render

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"


@pytest.fixture(scope="module")
def charts(tmp_path_factory) -> dict:
    """Each chart's native chart, by its spec's name."""
    deck = deck_of(*SMALL, RANKING)
    sizes = {spec.name: ChartArt(spec.name, b"", b"", *chart_size(spec)) for spec in deck.charts}
    out = render("deck", deck, sizes, tmp_path_factory.mktemp("forms") / "deck.pptx")
    found = {}
    for slide in Presentation(str(out)).slides:
        for shape in slide.shapes:
            if shape.has_chart:
                found[shape._element.nvGraphicFramePr.cNvPr.get("name").split(": ")[1]] = \
                    shape.chart
    assert set(found) == {spec.name for spec in deck.charts}
    return found


def labels(chart) -> list[str]:
    """Each data label's words (without the space that sets a label beside its point apart)."""
    return ["".join(t.text for t in d.iter(f"{A}t")).strip()
            for d in chart._chartSpace.iter(f"{C}dLbl")]


def test_upright_columns_of_values(charts):
    chart = charts[UPRIGHT.name]
    assert chart.chart_type == XL_CHART_TYPE.COLUMN_CLUSTERED
    (series,) = chart.plots[0].series
    assert list(series.values) == [b.segments[0].value for b in UPRIGHT.bars]
    assert list(chart.plots[0].categories) == [b.label for b in UPRIGHT.bars]
    assert labels(chart) == [b.segments[0].value_label for b in UPRIGHT.bars]
    assert not chart.has_legend                          # one series: the title names it
    assert not chart.category_axis.reverse_order


def test_stacked_columns_with_totals_and_short_segments_named_under_their_column(charts):
    chart = charts[UPRIGHT_STACKED.name]
    assert chart.chart_type == XL_CHART_TYPE.COLUMN_STACKED
    assert [s.name for s in chart.plots[0].series] == ["Service", "Waiting"]
    assert [list(s.values) for s in chart.plots[0].series] == [[1.0, 1.0, 1.0], [1.0, 3.0, 9.0]]
    categories = list(chart.plots[0].categories)
    assert [c.split("\n")[:2] for c in categories] == [[b.label, b.total_label]
                                                       for b in UPRIGHT_STACKED.bars]
    # a tenth of the tallest column is too short for its label: it goes under the column
    assert "Service 1 h" in categories[2] and "Waiting 1 h" not in categories[2]
    assert sorted(labels(chart)) == ["3 h", "9 h"]
    assert chart.has_legend


def test_side_by_side_bars_across_labelled_past_their_ends(charts):
    chart = charts[ACROSS.name]
    assert chart.chart_type == XL_CHART_TYPE.BAR_CLUSTERED
    assert chart.category_axis.reverse_order             # the first bar on top
    assert sorted(labels(chart)) == sorted(s.value_label for b in ACROSS.bars
                                           for s in b.segments)
    positions = {d.find(f"{C}dLblPos").get("val") for d in chart._chartSpace.iter(f"{C}dLbl")}
    assert positions == {"outEnd"}


def test_linear_axes_a_reference_and_labelled_points(charts):
    chart = charts[LINEAR.name]
    assert chart._chartSpace.find(f".//{C}scatterChart") is not None
    assert not list(chart._chartSpace.iter(f"{C}logBase"))
    names = [s.name for s in chart.plots[0].series]
    assert {"Wait", "Target 5 h", "Levels"} <= set(names)
    reference = chart.plots[0].series[names.index("Target 5 h")]
    assert set(reference.values) == {5.0}
    texts = labels(chart)
    assert {"50%: 1 h", "90%: 9 h", "Target 5 h", "50%", "75%", "90%", "5 h"} <= set(texts)
    low, high = chart.category_axis.minimum_scale, chart.category_axis.maximum_scale
    assert low < min(LINEAR.lines[0].x) and high > max(LINEAR.lines[0].x)


def test_a_kind_that_lowers_itself_is_a_native_chart_of_its_form(charts):
    chart = charts[RANKING.name]
    assert chart.chart_type == XL_CHART_TYPE.COLUMN_CLUSTERED
    assert list(chart.plots[0].categories) == ["Legal", "Payroll", "Support"]
    assert list(chart.plots[0].series[0].values) == [18.0, 8.0, 2.0]
