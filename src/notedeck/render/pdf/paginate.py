"""The handout as chains of flowables that break across pages by the rules of print.

Each section is one Chain (render/pdfkit/flow.py); what must not be parted is
glued: a heading to what follows it, a lead-in paragraph to the chart, table,
figures or worksheet it introduces, an experiment's title, arithmetic, scene
and "Still scarce" to each other, a worksheet prompt to its lines. Paragraphs
split keeping two lines on each side; charts shrink, down to lettering of
MIN_LETTERING points, rather than leave a hole; tables split between rows,
repeating their header. The last section runs on into the sources, so the
last page never holds a lone heading or a lone short section.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.platypus import Flowable

from notedeck.deck import (Block, BulletList, Callout, Chart, HandoutSection, Heading, Labels, Paragraph, Source, Stats, Table, Worksheet)
from notedeck.render.pdfkit import blocks
from notedeck.render.pdf.pages import Where
from notedeck.render.pdfkit.flow import Chain, Shrinkable, Whole
from notedeck.render.pdfkit.sizing import fit_box
from notedeck.render.pdfkit.pieces import Piece as P, glued_last, paragraphs
from notedeck.render.pdfkit.styles import ACCENT, Styles, esc, hex_of, markup
from notedeck.render.pdfkit.svg import draw_once, to_pdf_ops
from notedeck.render.pdfkit.tagstory import (figure, group, heading, item_pieces, mark,
                                              mark_pieces)
from notedeck.theme import TYPE

MIN_LETTERING = 6.0           # points: the smallest a shrunk chart's tick labels may print
FIGURES = (Chart, Table, Stats, Worksheet)
WHOLE_SHARE = 0.25            # of the page: a table shorter than this is never split

Item = tuple[Flowable, bool]  # a flowable, and whether it is glued to the next


def section_items(section: HandoutSection, place: blocks.Place,
                  where: dict[int, Where] | None = None) -> list[Item]:
    """The section's flowables; `where`, if given, learns what each shows and where the note
    writes it (by the flowable's id), for a problem setting it."""
    number = f'<font color="{hex_of(ACCENT)}">{esc(section.number)}</font>\u2003'
    where = {} if where is None else where
    with group("Sect"):
        items: list[Item] = [(heading(1, P(number + esc(section.title), Styles.heading)), True)]
        if section.headline:
            items.append((mark("P", P(esc(section.headline), Styles.headline)), True))
        for index, block in enumerate(section.blocks):
            following = section.blocks[index + 1] if index + 1 < len(section.blocks) else None
            made = _block(block, following, place)
            origin = section.origins[index] if index < len(section.origins) else None
            where.update((id(f), Where(_what(block, section), origin)) for f, _ in made)
            items += made
    return items


_KINDS = {Table: "the table", Chart: "the chart", Stats: "the headline figures",
          Worksheet: "the worksheet", Callout: "a callout", BulletList: "a list",
          Paragraph: "a paragraph", Heading: "a heading"}


def _what(block: Block, section: HandoutSection) -> str:
    """The block as a problem names it: "the table 'Budgets' in section 02"."""
    kind = _KINDS.get(type(block), "a part")
    name = block.caption or block.name if isinstance(block, Table) else \
        block.spec.name if isinstance(block, Chart) else ""
    return f"{kind} {name!r} in section {section.number}" if name else \
        f"{kind} in section {section.number}"


def sources_items(sources: Sequence[Source], boundaries: Sequence[str],
                  labels: Labels) -> list[Item]:
    """The sources in full, then the boundaries, under headings in the deck's language."""
    items: list[Item] = []
    with group("Sect"):
        if sources:
            items.append((heading(1, P(esc(labels.sources), Styles.heading)), True))
            items += [(mark("P", P(source_markup(s), Styles.source)), False) for s in sources]
        if boundaries:
            if items:
                items[-1] = (items[-1][0], True)    # no page starts with the boundaries alone
            items.append((heading(2, P(esc(labels.boundaries), Styles.subheading)), True))
            items += [(mark("P", P(esc(text), Styles.boundary)), False) for text in boundaries]
    return items


STRETCH = 0.15               # a page ending more empty than this spreads the gap over its gaps


def chains(sections: Sequence[list[Item]], closing: list[Item]) -> list[Flowable]:
    """The whole handout as one Chain, so every page break is chosen with the rules in
    view; the last section runs on into the closing matter (glued), so the last page
    never starts with the sources alone."""
    items: list[Item] = []
    for section in sections:
        items += section
    if items and closing:
        items[-1] = (items[-1][0], True)
    items += closing
    return [Chain([f for f, _ in items], [g for _, g in items], stretch=STRETCH)]


# --- blocks --------------------------------------------------------------------------

def _block(block: Block, following: Block | None, place: blocks.Place) -> list[Item]:
    match block:
        case Heading():
            return [(heading(block.level, blocks.heading(block)), True)]
        case Paragraph(runs=runs):
            lead_in = isinstance(following, FIGURES) or _scarce(following)
            return glued_last(mark_pieces("P", paragraphs(markup(runs), Styles.body)), lead_in)
        case BulletList():
            return _list(block)
        case Table():
            return _table(block, place)
        case Stats(items=items):
            return [(blocks._stats(items, place.width), False)] if items else []
        case Callout(runs=runs):
            return [(blocks._callout(markup(runs), place.width), True)]   # with its scene
        case Chart(spec=spec):
            chart = _chart(blocks._art_for(spec.name, place.art), place)
            return [(figure(chart, spec.alt_text), False)]
        case Worksheet():
            return _worksheet(block)
    raise TypeError(f"the PDF handout cannot place a {type(block).__name__} block")


def _scarce(block: Block | None) -> bool:
    """An experiment's closing line, in any language: a paragraph led by a bold label
    ("Still scarce:", "Weiterhin knapp:")."""
    return (isinstance(block, Paragraph) and bool(block.runs) and block.runs[0].bold
            and block.runs[0].text.strip().endswith(":"))


def _list(block: BulletList) -> list[Item]:
    """One paragraph per item; the first two and the last two items stay together."""
    count = len(block.items)
    out = []
    with group("L"):
        for n, runs in enumerate(block.items):
            if block.ordered:
                bullet, style = f"{n + 1}.", Styles.numbered_item
            else:
                bullet, style = "\u2022", Styles.bulleted_item
            glued = n == 0 and count > 1 or n == count - 2
            out += glued_last(item_pieces(paragraphs(markup(runs), style, bullet)), glued)
    if out:
        last = out[-1][0]
        last.style = style.clone(f"{style.name}_last", spaceAfter=7)
    return out


def _table(table: Table, place: blocks.Place) -> list[Item]:
    """The caption glued to the table; a table shorter than a quarter page is never split,
    a longer one splits between rows, repeating its header."""
    with group("Table"):
        caption = [(mark("Caption", P(esc(table.caption), Styles.caption)), True)] \
            if table.caption else []
        grid = Whole(blocks.table_grid(table, place.width), place.page_height * WHOLE_SHARE)
    return caption + [(grid, False)]


def _chart(art, place: blocks.Place) -> Flowable:
    """The chart as vectors at most the text width and the chart height, shrinking down
    to the size at which its smallest lettering prints at MIN_LETTERING.

    Its size comes from the chart's spec, so the pages are laid out while the chart
    helper still draws; the SVG is read only when the chart's page is drawn."""
    natural_w, natural_h = art.width_in * 72, art.height_in * 72
    width, height = fit_box(natural_w, natural_h, place.width, place.chart_height)

    def paint(canvas, w: float, h: float) -> None:
        try:
            ops, view = to_pdf_ops(art.svg)
        except Exception:        # not matplotlib's SVG: the handout's own fallbacks, in its box
            _paint_fallback(art, canvas, w, h)
            return
        draw_once(canvas, ops, view, w, h)     # each chart's vectors once per file

    smallest = natural_h * MIN_LETTERING / TYPE.chart_tick
    chart = Shrinkable(paint, width, height, min(height, smallest))
    chart.spaceBefore, chart.spaceAfter = 4, 10
    return chart


def _paint_fallback(art, canvas, width: float, height: float) -> None:
    """svglib's drawing of the SVG, or the PNG, centred in the chart's box."""
    flowable, _ = blocks.chart_flowable(art, width, height)
    drawn_w, drawn_h = flowable.wrapOn(canvas, width, height)
    flowable.drawOn(canvas, (width - drawn_w) / 2, height - drawn_h)


def _worksheet(sheet: Worksheet) -> list[Item]:
    """The title with the first prompt; each prompt's title, hint and lines together."""
    items: list[Item] = []
    if sheet.title:
        items.append((heading(2, P(esc(sheet.title), Styles.subheading)), True))
    for prompt in sheet.prompts:
        items.append((mark("P", P(esc(prompt.title), Styles.prompt)), True))
        if prompt.hint:
            items += glued_last(mark_pieces("P", paragraphs(esc(prompt.hint), Styles.hint)), True)
        lines = blocks.WritingLines(prompt.lines)      # ruled lines: an artifact
        lines.spaceAfter = 14
        items.append((lines, False))
    return items


def source_markup(source: Source) -> str:
    """ "Author, <i>Title</i>. Kind. Note." with empty parts left out."""
    title = f"<i>{esc(source.title)}</i>"
    head = f"{esc(source.author)}, {title}" if source.author else title
    return " ".join(_sentence(part) for part in (head, esc(source.kind), esc(source.note))
                    if part)


def _sentence(text: str) -> str:
    bare = text.removesuffix("</i>")
    return text if bare.rstrip()[-1:] in (".", "?", "!") else text + "."
