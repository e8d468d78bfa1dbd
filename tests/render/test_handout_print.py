"""The handout prints well: no holes, lead-ins with what they introduce, experiments whole,
no heading at the foot of a page, no lone section on the last page."""

from __future__ import annotations

import pytest

from notedeck.deck import Heading, Paragraph, Table, plain
from notedeck.render.pdf import emit as pdf
from notedeck.paper import PAPERS

from .editions import AUDIENCES, BUNDLED, composed
from .longnote import long_note
from . import pdfpage
from .pages import empty_share, page_texts

CASES = [(audience, paper) for audience in AUDIENCES for paper in ("a4", "letter")]


@pytest.fixture(scope="module")
def long_folder(tmp_path_factory):
    return long_note(tmp_path_factory.mktemp("long") / "note")


def handout(tmp_path, audience, paper, content=BUNDLED):
    deck, art = composed(audience, content)
    out = tmp_path / f"handout-{paper}.pdf"
    pdf.emit(pdf.plan(deck, art, paper), out)
    return deck, out


def frames(path, paper) -> list[tuple[float, str]]:
    """Per page, read once: the share of its text frame left empty (pages.emptiness) and the
    last text line inside the frame (the footer left out)."""
    import pypdfium2 as pdfium

    found = []
    document = pdfium.PdfDocument(str(path))
    try:
        for page in document:
            inside = [line for line in pdfpage.lines(pdfpage.chars(page))
                      if line.bottom < page.get_height() - PAPERS[paper].bottom + 1]
            found.append((empty_share(page, PAPERS[paper]),
                          inside[-1].text.strip() if inside else ""))
    finally:
        document.close()
    return found


def headings(deck) -> set[str]:
    labels = deck.meta.labels
    found = {labels.sources, labels.boundaries, "Worksheet"}
    for section in deck.handout.sections:
        found.add(f"{section.number} {section.title}")
        found.add(section.headline)
        found.update(b.text for b in section.blocks if isinstance(b, Heading))
    return found


def check_rules(deck, out, paper) -> None:
    shares, last_lines = zip(*frames(out, paper))
    assert all(share <= 0.25 for share in shares[:-1]), [round(s, 2) for s in shares]
    texts = page_texts(out)
    scene_ends = {" ".join(plain(b.runs).split()[-4:])
                  for s in deck.handout.sections for b in s.blocks
                  if isinstance(b, Paragraph) and b.runs and not b.runs[0].bold}
    for number, text in enumerate(texts, start=1):
        at = text.find("Still scarce:")
        while at >= 0:
            before = text[:at].rstrip()
            assert any(before.endswith(end) for end in scene_ends), \
                f"page {number}: 'Still scarce' without its scene before it"
            at = text.find("Still scarce:", at + 1)
    heads = {" ".join(h.split()) for h in headings(deck)}
    for number, line in enumerate(last_lines[:-1], start=1):
        assert " ".join(line.split()) not in heads, f"page {number} ends with a heading: {line}"
    last = texts[-1]
    assert not last.startswith(deck.meta.labels.sources) and len(last) > 200


@pytest.mark.parametrize("audience,paper", CASES)
def test_bundled_note_and_audiences_print_well(audience, paper, tmp_path):
    deck, out = handout(tmp_path, audience, paper)
    check_rules(deck, out, paper)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_forty_long_experiments_print_well(paper, long_folder, tmp_path):
    deck, out = handout(tmp_path, None, paper, long_folder)
    assert sum(1 for s in deck.handout.sections for b in s.blocks
               if isinstance(b, Paragraph) and b.runs and b.runs[0].bold
               and b.runs[0].text.startswith("Still scarce")) == 40
    check_rules(deck, out, paper)


def test_a_lead_in_stays_with_its_table(tmp_path):
    deck, out = handout(tmp_path, None, "a4")
    texts = page_texts(out)
    for section in deck.handout.sections:
        for block, following in zip(section.blocks, section.blocks[1:]):
            if isinstance(block, Paragraph) and isinstance(following, Table):
                lead = " ".join(plain(block.runs).split()[-4:])
                page = next(n for n, t in enumerate(texts) if lead in t)
                assert following.caption in texts[page], lead
