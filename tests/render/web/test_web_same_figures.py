"""For the bundled note and every bundled audience, `build --with web` gives a page that shows
the same figures as the deck and the handout built with it."""

from __future__ import annotations

import re

import pytest
from lxml import html as lxml_html
from pptx import Presentation
from pypdf import PdfReader

from support import build

from webpage import BUNDLED, VARIANTS, by_class, plain, text, texts


@pytest.fixture(scope="module", params=VARIANTS, ids=lambda v: v or "note")
def outputs(request, tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    result = build(BUNDLED, out, request.param, outputs=("deck", "handout", "web"))
    assert [w.path.name for w in result.files] == ["deck.pptx", "handout.pdf", "index.html"]
    assert [w.unit for w in result.files] == ["slides", "pages", "pages"]
    page = lxml_html.fromstring((out / "web" / "index.html").read_text(encoding="utf-8"))
    deck = Presentation(str(out / "deck.pptx"))
    handout = " ".join(" ".join(p.extract_text().split())
                       for p in PdfReader(str(out / "handout.pdf")).pages)
    return page, deck, handout


def deck_tables(deck) -> list[list[list[str]]]:
    return [[[cell.text for cell in row.cells] for row in shape.table.rows]
            for slide in deck.slides for shape in slide.shapes if shape.has_table]


def deck_text(deck) -> str:
    parts = [shape.text_frame.text for slide in deck.slides for shape in slide.shapes
             if shape.has_text_frame]
    return " ".join(" ".join(parts).split())


def test_the_tables_are_the_decks_and_the_handouts(outputs):
    page, deck, handout = outputs
    shown = [[texts(row, "th|td") for row in table.xpath(".//tr")] for table in page.xpath("//table")]
    assert shown == plain(deck_tables(deck))
    for table in shown:
        for row in table[1:]:
            assert all(cell in handout for cell in row), row


def test_the_headline_figures_are_the_decks_and_the_handouts(outputs):
    page, deck, handout = outputs
    slides = deck_text(deck)
    stats = page.xpath(f"//dl[{by_class('stats')}]")
    assert len(stats) == 2                                 # live, and the printed copy
    live, printed = ([text(v) for v in s.xpath(f".//dd[{by_class('value')}]")] for s in stats)
    assert live == printed
    for value in live:
        assert value in slides and value in handout
    bars = [text(t) for t in page.xpath(f"//div[{by_class('static')}]//*[{by_class('bar-total')}]")]
    assert bars == live[:2]
    readout = [text(t) for t in page.xpath(f"//dd[{by_class('figure')}]")]
    assert all(value in slides and value in handout for value in readout)


def test_the_charts_say_what_the_decks_alt_text_says(outputs):
    page, deck, _ = outputs
    descriptions = {" ".join(d.text_content().split())
                    for d in page.xpath("//*[local-name()='desc']")}
    pictures = [shape._element.xpath(".//p:cNvPr/@descr")[0] for slide in deck.slides
                for shape in slide.shapes if shape.shape_type == 13 or shape.has_chart]
    dial_and_speedup = [alt for alt in pictures if alt.startswith("Line chart")]
    assert len(dial_and_speedup) == 2
    assert all(" ".join(alt.split()) in descriptions for alt in dial_and_speedup)
    bottleneck = next(alt for alt in pictures if alt.startswith("Two 100% bars"))
    for total in re.findall(r"At ([^:]+): (.+?) in all", bottleneck):
        assert plain(f"{total[0]}: {total[1]}") in {" ".join(t.text_content().split()) for t in
                                             page.xpath("//*[local-name()='title']")}
