"""Each Deck block as reportlab flowables: prose, tables, stats, callouts, charts, worksheets."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from io import BytesIO


from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (Flowable, Image, KeepTogether, ListFlowable, ListItem,
                                Spacer)
from reportlab.platypus import Table as RLTable
from reportlab.platypus import TableStyle

from notedeck.errors import NotedeckError
from notedeck.deck import (Block, BulletList, Callout, Chart, ChartArt, Heading, Paragraph, Stats,
                            Table, Worksheet)
from notedeck.render.pdfkit.sizing import column_widths, fit_box, raster_limit, stats_per_row
from notedeck.render.pdfkit.pieces import Piece as P, paragraphs
from notedeck.render.pdfkit.svg import vector_chart
from notedeck.render.pdfkit.styles import (ACCENT, BAND, BODY, BOLD, CELL, MUTED, REGULAR, RULE, Styles, esc, markup)
from notedeck.render.pdfkit.tagstory import figure, group, heading as tagged_heading, mark, mark_pieces


@dataclass(frozen=True)
class Place:
    """Where blocks go: the text width, the tallest a chart may be, the drawn charts."""

    width: float
    chart_height: float
    art: Mapping[str, ChartArt]
    page_height: float = 0.0     # the text block's height


def block_flowables(block: Block, place: Place,
                    lead: Sequence[Flowable] = ()) -> list[Flowable]:
    """The flowables for one block, with `lead` (headings) kept on its first page.

    A block type the handout does not know fails loudly.
    """
    lead = list(lead)
    match block:
        case Paragraph(runs=runs):
            return _keep(lead, mark_pieces("P", paragraphs(markup(runs), Styles.body)))
        case Heading():
            return lead + [tagged_heading(block.level, heading(block))]   # handed to the next
        case BulletList():
            return [KeepTogether(lead + [_bullets(block)])]   # no item alone on a page
        case Table():
            return [_table(block, place.width, lead)]
        case Stats(items=items):
            return _keep(lead, [_stats(items, place.width)] if items else [])
        case Callout(runs=runs):
            return _keep(lead, [_callout(markup(runs), place.width)])
        case Chart(spec=spec):
            flowable, _ = chart_flowable(_art_for(spec.name, place.art),
                                         place.width, place.chart_height)
            return _keep(lead, [Spacer(1, 4), figure(flowable, spec.alt_text), Spacer(1, 10)])
        case Worksheet():
            return _worksheet(block, lead)
        case _:
            raise TypeError(f"the PDF handout cannot place a {type(block).__name__} block")


def heading(block: Heading) -> Flowable:
    """A subheading in the prose: level 2, or 3 and below."""
    return P(esc(block.text), Styles.subheading if block.level <= 2 else Styles.minorheading)


def _keep(lead: list[Flowable], flowables: list[Flowable]) -> list[Flowable]:
    """`flowables`, in one KeepTogether with `lead` if there is a lead.

    (A heading's keepWithNext does not reach into a KeepTogether, and a
    KeepTogether nested in another always breaks the page: so headings are
    handed to the block that follows them.)
    """
    return [KeepTogether(lead + flowables)] if lead else flowables


# --- prose ---------------------------------------------------------------------

def _bullets(block: BulletList) -> ListFlowable:
    with group("L"):      # ListFlowable draws each bullet apart: the label is left an artifact
        items = [ListItem(_list_body(paragraphs(markup(text), Styles.item)))
                 for text in block.items]
    if block.ordered:
        return ListFlowable(items, bulletType="1", bulletFormat="%s.", bulletFontName=BOLD,
                            bulletFontSize=BODY, bulletColor=ACCENT, leftIndent=18,
                            spaceAfter=7)
    return ListFlowable(items, bulletType="bullet", start="\u2022", bulletFontName=REGULAR,
                        bulletFontSize=BODY, bulletColor=ACCENT, leftIndent=14,
                        spaceAfter=7)


def _list_body(pieces: list[P]) -> list[Flowable]:
    with group("LI"):
        return mark_pieces("LBody", pieces)


def _grid(rows: list[list], widths: list[float] | tuple[float, ...], style: list[tuple],
          **kwargs) -> RLTable:
    """A reportlab Table set in our font: Table.draw sets its cell font even
    when every cell is a Paragraph, and its default is the built-in Helvetica."""
    return RLTable(rows, colWidths=widths, hAlign="LEFT",
                   style=TableStyle([("FONTNAME", (0, 0), (-1, -1), REGULAR)] + style),
                   **kwargs)


def _callout(text: str, width: float) -> RLTable:
    """An emphasised line: a tinted box with an accent rule down its left edge."""
    return _grid([[mark("P", P(text, Styles.callout))]], [width], [
        ("BACKGROUND", (0, 0), (-1, -1), BAND),
        ("LINEBEFORE", (0, 0), (0, -1), 3, ACCENT),
        ("LEFTPADDING", (0, 0), (-1, -1), 11),
        ("RIGHTPADDING", (0, 0), (-1, -1), 11),
        ("TOPPADDING", (0, 0), (-1, -1), 7),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
    ], spaceBefore=3, spaceAfter=11)


STAT_PAD = (9, 12)   # left and right padding of a headline figure's cell


def _stats(items, width: float) -> RLTable:
    """Headline figures side by side, value over label, each with an accent bar."""
    value = Styles.stat_value
    per_row = stats_per_row(tuple(stringWidth(s.value, value.fontName, value.fontSize)
                                  + sum(STAT_PAD) for s in items), width)
    with group("Div"):
        return _stat_rows(items, per_row, width)


def _stat_rows(items, per_row: int, width: float) -> RLTable:
    """The figures in rows of `per_row`: each value, label and detail a paragraph."""
    value = Styles.stat_value
    rows, style = [], [("VALIGN", (0, 0), (-1, -1), "TOP"),
                       ("LEFTPADDING", (0, 0), (-1, -1), STAT_PAD[0]),
                       ("RIGHTPADDING", (0, 0), (-1, -1), STAT_PAD[1]),
                       ("TOPPADDING", (0, 0), (-1, -1), 1),
                       ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]
    for start in range(0, len(items), per_row):
        r = len(rows)
        chunk = items[start:start + per_row]
        cells = []
        for c, stat in enumerate(chunk):
            cell = [mark("P", P(esc(stat.value), value)),
                    mark("P", P(esc(stat.label), Styles.stat_label))]
            if stat.detail:
                cell.append(mark("P", P(esc(stat.detail), Styles.stat_detail)))
            cells.append(cell)
            style.append(("LINEBEFORE", (c, r), (c, r), 2, ACCENT))
        rows.append(cells + [""] * (per_row - len(chunk)))
        if r:
            style.append(("TOPPADDING", (0, r), (-1, r), 10))
    return _grid(rows, [width / per_row] * per_row, style, spaceBefore=4, spaceAfter=12)


# --- tables --------------------------------------------------------------------

PAD = 5          # cell padding left and right, points


class _KeepTable(KeepTogether):
    """Keep a table with its caption; one taller than a page starts where it
    is if a quarter of a page is left, rather than leaving that space empty."""

    def split(self, aW, aH):
        if getattr(self, "_wrapInfo", None) != (aW, aH):
            self.wrap(aW, aH)
        frame = getattr(self, "_frame", None)
        if frame is not None and self._H > frame._height and aH > frame._height / 4:
            return self._content[:]
        return super().split(aW, aH)


def _table(table: Table, width: float, lead: list[Flowable]) -> Flowable:
    with group("Table"):
        caption = [mark("Caption", P(esc(table.caption), Styles.caption))] \
            if table.caption else []
        return _KeepTable(lead + caption + [table_grid(table, width)])


def table_grid(table: Table, width: float) -> RLTable:
    """The table's rows as a reportlab Table that splits between rows, repeating its header."""
    right = [i < len(table.align) and table.align[i] == "right"
             for i in range(len(table.header))]
    widths = column_widths(*_measure(table, right), width)
    with group("TR"):
        head = [mark("TH", P(esc(text), Styles.cell_head_right if r else Styles.cell_head),
                     scope="Column") for text, r in zip(table.header, right)]
    body = []
    for n, row in enumerate(table.rows):
        wrap = "<b>{}</b>" if n == table.highlight else "{}"
        with group("TR"):
            body.append([mark("TD", P(wrap.format(esc(text)),
                                      Styles.cell_right if r else Styles.cell))
                         for text, r in zip(row, right)])
    return _grid([head] + body, widths, _table_style(table), repeatRows=1, spaceAfter=12)


def _table_style(table: Table) -> list[tuple]:
    style = [
        ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
        ("VALIGN", (0, 1), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), PAD),
        ("TOPPADDING", (0, 0), (-1, -1), 4),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
        ("BACKGROUND", (0, 0), (-1, 0), BAND),
        ("LINEBELOW", (0, 0), (-1, 0), 1, ACCENT),
        ("LINEBELOW", (0, 1), (-1, -2), 0.4, RULE),
        ("LINEBELOW", (0, -1), (-1, -1), 0.8, MUTED),
    ]
    if table.highlight is not None and 0 <= table.highlight < len(table.rows):
        row = table.highlight + 1
        style += [("BACKGROUND", (0, row), (-1, row), BAND),
                  ("LINEBEFORE", (0, row), (0, row), 2.5, ACCENT)]
    return style


def _measure(table: Table, right: list[bool]) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Each column's unwrapped width and the least it can take (its longest word;
    a right-aligned figure is never broken)."""
    def w(text: str, font: str) -> float:
        return stringWidth(text, font, CELL) + 2 * PAD + 1

    natural, minimum = [], []
    for c, is_right in enumerate(right):
        cells = [(row[c], BOLD if n == table.highlight else REGULAR)
                 for n, row in enumerate(table.rows) if c < len(row)]
        head = table.header[c]
        natural.append(max([w(head, BOLD)] + [w(t, f) for t, f in cells]))
        words = [w(word, BOLD) for word in head.split(" ") if word]     # no-break spaces hold
        if is_right:
            words += [w(t, f) for t, f in cells]
        else:
            words += [w(word, f) for t, f in cells for word in t.split(" ") if word]
        minimum.append(max(words, default=2 * PAD + 1))
    return tuple(natural), tuple(minimum)


# --- charts --------------------------------------------------------------------

def _art_for(name: str, art: Mapping[str, ChartArt]) -> ChartArt:
    try:
        return art[name]
    except KeyError:
        drawn = ", ".join(sorted(art)) or "none"
        raise NotedeckError(f"the handout needs chart {name!r}, but it was not drawn "
                            f"(drawn: {drawn})") from None


def chart_flowable(art: ChartArt, max_width: float, max_height: float) -> tuple[Flowable, str]:
    """The chart as vectors ("vector": matplotlib's SVG drawn directly by pdf_svg,
    other SVG through svglib), or if neither can read the SVG as the PNG placed
    no larger than keeps 300 dpi ("raster").

    Its size keeps the drawn aspect, at most the text width and `max_height`.
    """
    width, height = fit_box(art.width_in * 72, art.height_in * 72, max_width, max_height)
    fast = vector_chart(art.svg, width, height)   # matplotlib's SVG, read ~30x faster
    if fast is not None:
        return fast, "vector"
    drawing = _svg_drawing(art.svg)
    if drawing is not None and drawing.width > 0 and drawing.height > 0:
        drawing.scale(width / drawing.width, height / drawing.height)
        drawing.width, drawing.height = width, height
        drawing.initialFontName = REGULAR   # else renderPDF selects Helvetica
        drawing.hAlign = "CENTER"
        return drawing, "vector"
    pixels_wide, _ = ImageReader(BytesIO(art.png)).getSize()
    width, height = fit_box(width, height, raster_limit(pixels_wide), max_height)
    image = Image(BytesIO(art.png), width=width, height=height)
    image.hAlign = "CENTER"
    return image, "raster"


def _svg_drawing(svg: bytes):
    from svglib.svglib import svg2rlg   # only for SVG outside matplotlib's subset: 0.14 s

    try:
        return svg2rlg(BytesIO(svg))
    except Exception:   # svglib raises many kinds on SVG it cannot follow: use the PNG
        return None


# --- worksheet -------------------------------------------------------------------

class WritingLines(Flowable):
    """`count` ruled lines with room to write by hand between them."""

    GAP = 26   # points between lines: about 9 mm, a comfortable handwriting line

    def __init__(self, count: int):
        super().__init__()
        self.count = max(count, 0)

    def wrap(self, availWidth, availHeight):
        self.width = availWidth
        return availWidth, self.count * self.GAP

    def draw(self):
        self.canv.setStrokeColor(MUTED)
        self.canv.setLineWidth(0.4)
        for i in range(self.count):
            self.canv.line(0, i * self.GAP, self.width, i * self.GAP)


def _worksheet(sheet: Worksheet, lead: list[Flowable]) -> list[Flowable]:
    """Each prompt kept together with its lines; the title with the first prompt."""
    title = P(esc(sheet.title), Styles.subheading)
    lead = lead + ([tagged_heading(2, title)] if sheet.title else [])
    out: list[Flowable] = []
    for prompt in sheet.prompts:
        parts: list[Flowable] = [mark("P", P(esc(prompt.title), Styles.prompt))]
        if prompt.hint:
            parts += mark_pieces("P", paragraphs(esc(prompt.hint), Styles.hint))
        parts += [WritingLines(prompt.lines), Spacer(1, 14)]
        out.append(KeepTogether(lead + parts))
        lead = []
    return out or _keep(lead, [])
