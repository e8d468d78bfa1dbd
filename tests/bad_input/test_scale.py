"""Work bounded while it happens: long paragraphs laid out in linear time, long lists split
without a cubic search, placeholders within one budget for the whole build.

No test here times anything: each counts the work done (heights measured, characters in one
reportlab Paragraph) or runs the CLI under the resource limits of helpers.bounded (1 GiB,
CPU_SECONDS of processor time), where the quadratic layout this replaced ran out of time.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from notedeck.layout import fit
from notedeck.render.pdfkit.pieces import PIECE, cut, paragraphs

from .budgets import SECTION, line_of, tiny
from .helpers import assert_clean, bounded

WORDS = ["alpha", "beta", "gamma", "delta", "words", "of", "the", "note", "writing", "speed"]


def long_text(size: int, seed: int = 1) -> str:
    pick = random.Random(seed)
    return " ".join(pick.choice(WORDS) for _ in range(size // 6))


def _put(note: Path, place: str, text: str) -> None:
    path = note / SECTION
    source = path.read_text(encoding="utf-8")
    marks = {"handout": ("# Handout\n", "# Handout\n\n{}\n"),
             "handout-item": ("# Handout\n", "# Handout\n\n- {}\n"),
             "notes": ("### Notes\n", "### Notes\n\n{}\n"),
             "facilitator": ("### Notes\n", "```facilitator\n{}\n```\n\n### Notes\n")}
    old, new = marks[place]
    assert old in source, old
    path.write_text(source.replace(old, new.format(text), 1), encoding="utf-8")


def test_a_paragraph_is_cut_into_pieces_that_keep_its_text_and_tags():
    markup = " ".join(["<b>bold words</b> plain &amp; text <i>it <b>nested</b> more</i>"] * 20000)
    pieces = cut(markup)
    strip = lambda text: re.sub(r"<[^>]*>", "", text)  # noqa: E731
    assert " ".join(strip(piece) for piece in pieces) == strip(markup)
    for piece in pieces:
        assert len(strip(piece)) <= PIECE * 1.5
        for tag in ("b", "i"):
            assert piece.count(f"<{tag}>") == piece.count(f"</{tag}>")
    assert cut("x" * 10 * PIECE) == ["x" * 10 * PIECE]         # no space: nowhere to cut


def test_a_short_paragraph_stays_one_paragraph():
    from notedeck.render.pdfkit.styles import Styles, register_fonts

    register_fonts()
    assert len(paragraphs("A paragraph of an ordinary note.", Styles.body)) == 1
    assert len(paragraphs(long_text(1_000_000), Styles.body)) >= 1_000_000 // PIECE // 2


@pytest.mark.parametrize("place", ["handout", "handout-item", "notes", "facilitator"])
def test_a_paragraph_as_long_as_a_file_may_hold_builds_within_the_limits(place, tmp_path):
    """990 KB of one paragraph (the section file just under its 1,000,000 bytes), in the small
    note of tests/notes/budgets."""
    note = tiny(tmp_path)
    room = 1_000_000 - len((note / SECTION).read_bytes()) - 200
    _put(note, place, long_text(room))
    assert len((note / SECTION).read_bytes()) < 1_000_000
    done = bounded("build", "--content", str(note), "--out", str(tmp_path / "out"), "--with",
                   "guide")
    assert_clean(done, 0)
    from pypdf import PdfReader

    pages = {name: len(PdfReader(tmp_path / "out" / name).pages)
             for name in ("handout.pdf", "guide.pdf")}
    assert max(pages.values()) > 100, pages          # the paragraph is there, whole


def test_balancing_a_split_measures_each_page_once():
    """The search for the most even split measures each candidate page once, and stops going
    back from a unit once a page is too tall: about units x units-per-page heights, where it
    measured pages x units x units."""
    measured = []

    def height(page) -> float:
        measured.append(len(page))
        return float(len(page))

    units = list(range(120))
    pages = fit.balance(units, height, capacity=10.0, count=12)
    assert [len(page) for page in pages] == [10] * 12
    assert len(measured) <= len(units) * 11


def test_a_text_past_the_slides_it_may_continue_on_is_refused_without_balancing():
    measured = []

    def height_at(page, size) -> float:
        measured.append(len(page))
        return len(page) * size / 100

    with pytest.raises(fit.TooManyPages):
        fit.split(list(range(100_000)), height_at, capacity=1.0, size=20, min_size=16)
    assert len(measured) < 20 * (fit.MAX_PAGES + 2) * 8
    assert measured.count(100_000) == 2      # the whole text at the first size and the least


@pytest.mark.parametrize("count, code", [(150, 0), (20_000, 2)])
def test_a_slide_of_many_bullets_splits_or_is_refused_within_the_limits(count, code, tmp_path):
    note = tiny(tmp_path)
    path = note / SECTION
    bullets = "".join(f"- item {n} of many\n" for n in range(count))
    path.write_text(path.read_text(encoding="utf-8").replace(
        "## One slide\n", f"## Many bullets\n\n{bullets}\n### Notes\n\nSaid.\n\n"
                          "## One slide\n", 1), encoding="utf-8")
    done = bounded("build", "--content", str(note), "--out", str(tmp_path / "out"), "--with",
                   "slides")
    assert_clean(done, code)
    if code:
        line = line_of(note, SECTION, "## Many bullets")
        assert (f"01-a.md:{line}: slide 3 'Many bullets': the text needs more "
                f"than {fit.MAX_PAGES} slides even at") in done.stderr
        assert done.stderr.count("error:") == 1
    else:
        from pptx import Presentation

        titles = [slide.shapes.title.text for slide in
                  Presentation(str(tmp_path / "out" / "deck.pptx")).slides if slide.shapes.title]
        assert 2 <= titles.count("Many bullets (cont.)") + 1 <= fit.MAX_PAGES


def test_what_a_page_leaves_of_a_chain_is_read_in_place_not_copied():
    from notedeck.render.pdfkit.tails import Tail, tail

    items = list(range(10))
    whole = tail(items)
    rest = whole.after(4, ["a", "b"])
    assert list(rest) == ["a", "b", 4, 5, 6, 7, 8, 9] and len(rest) == 8
    assert rest[1] == "b" and rest[2] == 4 and rest[-1] == 9 and rest[:3] == ["a", "b", 4]
    again = rest.after(1, ["c"])
    assert list(again) == ["c", "b", 4, 5, 6, 7, 8, 9]
    assert list(rest.after(5)) == [7, 8, 9] and rest.after(5).shared is whole.shared
    assert list(Tail()) == [] and len(rest.after(8)) == 0
    with pytest.raises(IndexError):
        rest[8]


def test_a_long_chain_breaks_page_by_page_sharing_what_is_left(tmp_path):
    """18,000 list items in one section cost 469 pages of copies of the rest (15 s): every
    page's rest now reads the first chain's list."""
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    from notedeck.render.pdfkit.flow import Chain
    from notedeck.render.pdfkit.styles import Styles, register_fonts

    register_fonts()
    items = [Paragraph(f"item {n} of many", Styles.body) for n in range(3000)]
    chain = Chain(items, [False] * len(items))
    shared, pages = chain.items.shared, []

    class Watched(SimpleDocTemplate):
        def handle_flowable(self, flowables):
            if flowables and isinstance(flowables[0], Chain):
                pages.append(flowables[0].items.shared is shared or len(flowables[0].items) < 60)
            super().handle_flowable(flowables)

    Watched(str(tmp_path / "chain.pdf")).build([chain])
    assert len(pages) > 40 and all(pages)
