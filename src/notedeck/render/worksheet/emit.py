"""worksheet.pdf: the worksheet of the note's handout (section 05 in the bundled note), alone.

A short PDF to print one per participant: the note's title, the section the
worksheet belongs to, a line for a name, then each prompt with its hint and
ruled lines to write on, as in the handout, as many lines as fill one page
(at least two each). Refused, naming the fix, when no section's handout
holds a worksheet.
"""

from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

from notedeck.errors import NotedeckError
from notedeck.deck import Deck, HandoutSection, Meta, Stamp, Worksheet, fill_slots
from notedeck.paper import DEFAULT, Paper, paper as paper_named

from notedeck.render.pdfkit.pdffile import binary

FILENAME = "worksheet.pdf"


@dataclass(frozen=True)
class WorksheetPlan:
    meta: Meta
    section: HandoutSection
    sheet: Worksheet
    paper: Paper
    stamp: Stamp = Stamp()


def plan(deck: Deck, paper: str = DEFAULT, stamp: Stamp = Stamp()) -> WorksheetPlan:
    for section in deck.handout.sections:
        for block in section.blocks:
            if isinstance(block, Worksheet):
                return WorksheetPlan(deck.meta, section, block, paper_named(paper), stamp)
    raise NotedeckError("worksheet.pdf: no section's handout holds a worksheet; add a "
                        "```worksheet fence to a section's '# Handout' part, or drop "
                        "'worksheet' from the outputs")


def shows(deck: Deck) -> tuple:
    """Every text the worksheet prints (what verify judges it by): the note's title, audience
    and footer, the worksheet's section and its prompts, and the words around them."""
    planned = plan(deck)
    meta, section = planned.meta, planned.section
    return (meta.title, meta.audience, meta.footer, meta.labels.name_line,
            meta.labels.worksheet, section.number, section.title, section.headline,
            planned.sheet)


MOST_LINES, FEWEST_LINES = 10, 2


def emit(planned: WorksheetPlan, out: Path) -> int:
    """Write the worksheet with the most ruled lines that keep it on one page."""
    from dataclasses import replace

    for lines in range(MOST_LINES, FEWEST_LINES - 1, -1):
        sheet = replace(planned.sheet, prompts=tuple(replace(p, lines=lines)
                                                      for p in planned.sheet.prompts))
        data, pages = _render(planned, sheet)
        if pages == 1:
            break
    Path(out).write_bytes(data)
    return pages


@binary
def _render(planned: WorksheetPlan, worksheet: Worksheet) -> tuple[bytes, int]:
    from reportlab.platypus import Spacer
    from reportlab.platypus import Paragraph as P

    from notedeck.render.pdfkit.blocks import Place, block_flowables
    from notedeck.render.pdfkit.document import document
    from notedeck.render.pdfkit.styles import Styles, clean, esc, register_fonts
    from notedeck.render.pdfkit.footer import numbered_canvas
    from notedeck.render.pdfkit.tagging import Tags
    from notedeck.render.pdfkit.tagstory import TITLE, heading, mark

    register_fonts()
    sheet, meta, section = planned.paper, planned.meta, planned.section
    buffer = BytesIO()
    title = f"{meta.title}: {meta.labels.worksheet}"
    doc = document(buffer, meta, sheet, title)
    tags = Tags(clean(title), meta.lang, section_level=1)     # no heading per section
    with tags.building():
        story = [mark("P", P(esc(f"{section.number}  {section.title}"), Styles.kicker)),
                 heading(TITLE, P(esc(meta.title), Styles.title)),
                 mark("P", P(esc(section.headline), Styles.subtitle)),
                 mark("P", P(esc(fill_slots(meta.labels.name_line, line="_" * 40)),
                             Styles.byline)),
                 Spacer(1, 12)]
        story += block_flowables(worksheet, Place(sheet.text_width, 0, {}))
    doc.build(story, canvasmaker=numbered_canvas(
        sheet, f"{clean(meta.footer)} \u00b7 {meta.labels.worksheet}", meta, planned.stamp,
        tags))
    return buffer.getvalue(), doc.page
