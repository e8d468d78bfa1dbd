"""The web page's charts of the forms the bundled note does not use, read back from the page's
SVG and HTML: upright and side-by-side bars of values, linear axes, a lowered kind."""

from __future__ import annotations

import re

import pytest
from lxml import html as lxml_html

from notedeck.render.web.plan import plan
from render.small_charts import (ACROSS, LINEAR, RANKING, SMALL, UPRIGHT, UPRIGHT_STACKED,
                                 deck_of)


@pytest.fixture(scope="module")
def page():
    return lxml_html.fromstring(plan(deck_of(*SMALL, RANKING)).html)


def chart_svg(page, name: str):
    (svg,) = page.xpath(f"//*[local-name()='svg'][contains(@class, '{name}-chart')]")
    return svg


def svg_texts(svg) -> list[str]:
    return [t.text_content() for t in svg.xpath(".//*[local-name()='text']")]


def heights(svg, series: int) -> list[float]:
    return [float(r.get("height"))
            for r in svg.xpath(f".//*[local-name()='rect'][@class='seg-{series}']")]


def test_upright_columns_in_proportion_with_their_values_and_names(page):
    svg = chart_svg(page, UPRIGHT.name)
    values = [b.segments[0].value for b in UPRIGHT.bars]
    assert heights(svg, 0) == pytest.approx([v / max(values) * heights(svg, 0)[0] for v in values],
                                            abs=0.1)
    texts = svg_texts(svg)
    assert {b.label for b in UPRIGHT.bars} | {"8 h", "4 h", "2 h"} <= set(texts)
    assert svg.xpath("*[local-name()='title']")[0].text_content() == UPRIGHT.title
    assert svg.xpath("*[local-name()='desc']")[0].text_content() == UPRIGHT.alt_text


def test_stacked_columns_carry_their_totals_and_a_legend(page):
    svg = chart_svg(page, UPRIGHT_STACKED.name)
    assert {"2 h", "4 h", "10 h", "9 h", "3 h"} <= set(svg_texts(svg))
    assert heights(svg, 1) == pytest.approx([heights(svg, 1)[0] * v for v in (1, 3, 9)], abs=0.1)
    legend = svg.getparent().xpath(".//ul[@class='legend']/li")
    assert [li.text_content() for li in legend] == ["Service", "Waiting"]


def test_side_by_side_rows_say_every_value(page):
    (figure,) = [f for f in page.xpath("//figure[@class='bars']")
                 if f.xpath("figcaption")[0].text_content() == ACROSS.title]
    shares = [p.text_content() for p in figure.xpath(".//p[@class='bar-shares']")]
    assert shares == ["Wait (h) 6 h · Queue 5 items", "Wait (h) 3 h · Queue 2 items"]
    widths = [float(r.get("width")) for r in figure.xpath(".//*[local-name()='rect']")]
    assert widths == pytest.approx([1000, 1000 * 5 / 6, 500, 1000 * 2 / 6], abs=0.1)


def test_linear_line_chart_with_its_reference_and_points(page):
    for svg in page.xpath(f"//*[local-name()='svg'][contains(@class, '{LINEAR.name}-chart')]"):
        assert svg.xpath(".//*[local-name()='line'][@class='reference']")
        assert len(svg.xpath(".//*[local-name()='polyline']")) == 1
    wide = page.xpath(f"//div[@class='wide']/*[contains(@class, '{LINEAR.name}-chart')]")[0]
    assert {"50%: 1 h", "90%: 9 h", "Target 5 h", "50%", "75%", "90%"} <= set(svg_texts(wide))
    listed = page.xpath(f"//figure[contains(@class, '{LINEAR.name}-figure')]"
                        "//ul[contains(@class, 'marks')]/li")
    assert [li.text_content() for li in listed] == ["50%: 1 h", "90%: 9 h"]


def test_a_kind_that_lowers_itself_is_drawn_as_its_form(page):
    svg = chart_svg(page, RANKING.name)
    names = [t for t in svg_texts(svg) if re.fullmatch(r"[A-Z][a-z]+", t)]
    assert names == ["Legal", "Payroll", "Support"]


def test_crowded_point_labels_keep_clear_of_one_another_and_the_line():
    """Four levels close together on a log axis (the queue note's chart): each label moves
    to another corner of its point when the usual one would cover another label, a dot or
    the line."""
    from notedeck.deck import Axis, Line, LineChart, Point, Reference, Tick
    from notedeck.render.web.svg import CHAR_WIDTH

    levels = tuple(u / 100 for u in range(5, 100))
    waits = tuple(u / (1 - u) * 3600 for u in levels)
    marked = (0.5, 0.75, 0.9, 0.95)
    crowded = LineChart(
        "crowded", "The wait", "The wait against utilisation",
        Axis("Busy", tuple(Tick(t / 5, f"{t * 20}%") for t in range(6))),
        Axis("Wait", tuple(Tick(v, str(v)) for v in (600, 3600, 36000, 86400)), "log"),
        (Line("Wait", levels, waits, marked=False, named=False,
              points=tuple(Point(u, u / (1 - u) * 3600, f"{u:.0%}: {u / (1 - u):g} h",
                                 featured=u == 0.9) for u in marked)),),
        (Reference(3600, "The work itself: 1 h"),))
    page = lxml_html.fromstring(plan(deck_of(crowded)).html)
    wide = page.xpath("//div[@class='wide']/*[contains(@class, 'crowded-chart')]")[0]
    font = float(wide.get("font-size"))
    boxes = []
    for text in wide.xpath(".//*[local-name()='text'][@class='note']"):
        width = len(text.text_content()) * CHAR_WIDTH * font
        x, y = float(text.get("x")), float(text.get("y"))
        left = x - width if text.get("text-anchor") == "end" else x
        boxes.append((left, y - font, left + width, y + font / 4))
    assert len(boxes) == 5
    gap = font / 3                      # glyph widths are estimates: keep some room across
    for i, one in enumerate(boxes):
        for other in boxes[i + 1:]:
            apart = one[2] + gap <= other[0] or other[2] + gap <= one[0] or \
                one[3] <= other[1] or other[3] <= one[1]
            assert apart, (one, other)
    for dot in wide.xpath(".//*[local-name()='circle']"):
        x, y, r = (float(dot.get(k)) for k in ("cx", "cy", "r"))
        for box in boxes:
            assert x + r <= box[0] or box[2] <= x - r or y + r <= box[1] or box[3] <= y - r
