"""A planned slide drawn on a reportlab canvas, as LibreOffice and PowerPoint show it: slides.pdf,
the guide's thumbnails and the printed slides draw with it."""

from __future__ import annotations

from io import BytesIO
from typing import Mapping

from reportlab.lib.colors import HexColor
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from notedeck.theme import PALETTE
from notedeck.render.pdfkit.svg import Unsupported, to_pdf_ops
from notedeck.layout.blocks import PRect, PText
from notedeck.template.geometry import Box
from notedeck.template.mapping import Template
from notedeck.layout.plan import PlannedSlide, PPicture
from notedeck.layout.planned import ChartPlace
from notedeck.layout.table import PTable
from notedeck.render.pdfkit import fonts
from notedeck.template.backdrop import Decoration, placed
from notedeck.template.backgrounds import LayoutArt, TemplateArt
from notedeck.render.pdfkit.paint import Painter
from notedeck.render.pdfkit.slidetags import NO_TAGS
from notedeck.render.pdfkit.tagging import TextMarks, content, content_figure, pagination
from notedeck.layout.lines import Line, Piece, ascent
from notedeck.layout.measure import line_height

PT = 72.0
TABLE_RULE = 0.75            # points: the line under every cell (9525 EMU)


class SlideArtist:
    """Draws planned slides of one template; `charts` maps chart names to their art."""

    def __init__(self, template: Template, art: TemplateArt, charts: Mapping):
        self.template, self.art, self.charts = template, art, charts
        self.width, self.height = template.slide_w * PT, template.slide_h * PT
        self._images: dict[bytes, ImageReader] = {}
        self._painter = Painter(self.height)
        self._tags = NO_TAGS

    def draw(self, canvas, slide: PlannedSlide, tags=None) -> None:
        """Draw `slide`; `tags` (slidetags.SlideTags) marks its content for a tagged PDF."""
        self._tags = tags or NO_TAGS
        look = self.art.role(slide.role)
        self._background(canvas, look)
        for shape in slide.shapes:
            self._shape(canvas, slide, look, shape)
        for text in (slide.footer, slide.number):
            if text is not None:
                with pagination(canvas):
                    self._text(canvas, slide.role, look, text, slide.lines)

    def place(self, canvas, slide: PlannedSlide, x: float, y: float, w: float, h: float,
              tags=None) -> None:
        """Draw `slide` scaled into the box (x, y, w, h), clipped to its edges as a form is."""
        canvas.saveState()
        canvas.translate(x, y)
        canvas.scale(w / self.width, h / self.height)
        edge = canvas.beginPath()
        edge.rect(0, 0, self.width, self.height)
        canvas.clipPath(edge, stroke=0, fill=0)
        self.draw(canvas, slide, tags)
        canvas.restoreState()

    # --- behind the text ---------------------------------------------------------------
    def _background(self, canvas, look: LayoutArt) -> None:
        """The layout's background, then each of its decorations."""
        self._painter.background(canvas, look.backdrop)
        for decoration in look.decorations:
            self._decoration(canvas, decoration)

    def _decoration(self, canvas, item: Decoration) -> None:
        self._painter.decoration(canvas, item)

    def _image(self, canvas, data: bytes, box: Box) -> None:
        if data not in self._images:
            try:
                self._images[data] = ImageReader(BytesIO(data))
            except Exception:   # a picture format reportlab cannot read (EMF, SVG): left out
                self._images[data] = None
        reader = self._images[data]
        if reader is not None:
            canvas.drawImage(reader, *self._rect(box), mask="auto")

    def _rect(self, box: Box) -> tuple[float, float, float, float]:
        """A box in inches from the top-left as reportlab's x, y, w, h in points."""
        return box.x * PT, self.height - box.bottom * PT, box.w * PT, box.h * PT

    # --- shapes ------------------------------------------------------------------------
    def _shape(self, canvas, slide: PlannedSlide, look: LayoutArt, shape) -> None:
        role = slide.role
        match shape:
            case PText():
                self._text(canvas, role, look, shape, slide.lines)
            case PTable():
                self._table(canvas, role, shape, slide.lines[shape])
            case ChartPlace():
                self._backing(canvas, role, shape.area)
                self._chart(canvas, role, shape.picture)
            case PPicture():
                self._backing(canvas, role, shape.box)
                self._chart(canvas, role, shape)
            case PRect():
                canvas.setFillColor(HexColor(shape.fill.rgb))
                canvas.rect(*self._rect(shape.box), stroke=0, fill=1)
            case _:
                raise TypeError(f"slides.pdf cannot draw a {type(shape).__name__}")

    def _text(self, canvas, role: str, look: LayoutArt, text: PText, lines) -> None:
        """A text's lines, placed by the layout stage, on its fill, else the placeholder's."""
        box = text.box or self.template.frame(role, text.slot).box
        if text.fill is not None:
            canvas.setFillColor(HexColor(text.fill.rgb))
            canvas.rect(*self._rect(box), stroke=0, fill=1)
        elif text.slot in look.shapes:
            self._decoration(canvas, placed(look.shapes[text.slot], box))
        writer = _Writer(canvas)
        for line in lines[text]:
            if line.para != writer.para:
                writer.start(line.para, self._tags.paragraph(text, line.para))
            self._line(writer, line)
        writer.close()

    def _line(self, writer: "_Writer", line: Line) -> None:
        width = sum(_width(p) for p in line.pieces)
        x = {"r": line.x - width, "ctr": line.x - width / 2}.get(line.align, line.x)
        y = self.height - line.baseline
        if line.bullet is not None:
            writer.piece(line.bullet, line.bullet_x, y)
            writer.marks.advance()         # the bullet is the list item's label, then its body
        for piece in line.pieces:
            x = writer.piece(piece, x, y)

    def _table(self, canvas, role: str, planned: PTable, lines) -> None:
        """Cells in the look's colours: the header on accent1, the featured row on bg2, a
        rule under every cell; the text in the face the table was measured with."""
        table, look = planned.table, planned.look or self.template.look(role)
        face = self.template.frame(role, "table").face if self.template.has(role, "table") \
            else None
        top = planned.box.y * PT
        for r, (values, height) in enumerate(zip((table.header, *table.rows),
                                                 planned.row_heights)):
            header = r == 0
            featured = table.highlight is not None and r - 1 == table.highlight
            fill = look.header.rgb if header else look.band.rgb if featured else ""
            ink = (look.on_header if header else look.on_band if featured else look.ink).rgb
            x = planned.box.x * PT
            for c, (value, width) in enumerate(zip(values, planned.col_widths)):
                cell = Box(x / PT, top / PT, width, height)
                with content(canvas, self._tags.cell(planned, r, c)):
                    self._cell(canvas, planned, cell, lines[r][c], table.align[c] == "right",
                               header or featured, (fill, ink, look.rule.rgb), face)
                x += width * PT
            top += height * PT

    def _cell(self, canvas, planned: PTable, cell: Box, lines: tuple[str, ...], right: bool,
              bold: bool, colours: tuple[str, str, str], face) -> None:
        fill, ink, rule = colours
        x, y, w, h = self._rect(cell)
        if fill:
            canvas.setFillColor(HexColor(fill))
            canvas.rect(x, y, w, h, stroke=0, fill=1)
        canvas.setStrokeColor(HexColor(rule))
        canvas.setLineWidth(TABLE_RULE)
        canvas.line(x, y, x + w, y)
        l, t, r, b = (v * PT for v in planned.insets)
        step = line_height(planned.size, face=face)
        block = step * len(lines)
        block_top = cell.y * PT + t + (h - t - b - block) / 2     # from the slide's top
        writer = _Writer(canvas)
        for n, text in enumerate(lines):
            piece = Piece(text, bold, False, planned.size, ink, *((face,) if face else ()))
            start = x + w - r - _width(piece) if right else x + l
            writer.piece(piece, start, self.height - (block_top + n * step
                                                      + ascent(planned.size, face=face)))
        writer.close()

    def _backing(self, canvas, role: str, box: Box) -> None:
        """The chart's area filled, as the deck's chart area is (colours.Look.backing)."""
        look = self.template.looks.get(role)
        if look is not None and look.backing is not None:
            canvas.setFillColor(HexColor(look.backing.rgb))
            canvas.rect(*self._rect(box), stroke=0, fill=1)

    def _chart(self, canvas, role: str, picture: PPicture) -> None:
        """A chart as a figure (its alt text, its box) in a tagged PDF."""
        x, y, w, h = self._rect(picture.box)
        with content_figure(canvas, self._tags.figure(picture), x, y, w, h):
            self._vectors(canvas, role, picture, (x, y, w, h))

    def _vectors(self, canvas, role: str, picture: PPicture, rect) -> None:
        """A chart's vectors in the template's colours for the role's slides (as the deck's
        native chart has them), on no background of its own: the slide shows through."""
        art = self.charts[picture.chart]
        x, y, w, h = rect
        look = self.template.looks.get(role)
        recolour = chart_colours(look) if look is not None else ()
        try:
            ops, (vw, vh) = to_pdf_ops(art.svg, recolour, PALETTE.background if recolour else "")
        except (Unsupported, ValueError, KeyError, IndexError, SyntaxError):
            self._image(canvas, art.png, picture.box)
            return
        name = f"chart-{picture.chart}-{_key(recolour)}"
        made = canvas.__dict__.setdefault("_notedeck_forms", set())
        if name not in made:              # each chart's vectors once per file, placed by name
            canvas.beginForm(name, 0, 0, vw, vh)
            canvas.addLiteral(ops)
            canvas.endForm()
            made.add(name)
        canvas.saveState()
        canvas.translate(x, y)
        canvas.scale(w / vw, h / vh)
        canvas.doForm(name)
        canvas.restoreState()


def chart_colours(look) -> tuple[tuple[str, str], ...]:
    """The drawn charts' palette, role by role, to a template's look: text, axes, grid, the
    background's other uses, and the series in the theme's accents."""
    pairs = [(PALETTE.ink, look.text.rgb), (PALETTE.muted, look.muted.rgb),
             (PALETTE.rule, look.grid.rgb), (PALETTE.background, look.background.rgb)]
    pairs += [(colour, look.series[i % len(look.series)].rgb)
              for i, colour in enumerate(PALETTE.series)]
    seen, out = set(), []
    for old, new in pairs:
        if old.lower() not in seen:
            seen.add(old.lower())
            out.append((old.lower(), new.lower()))
    return tuple(out)


def _key(recolour) -> str:
    import hashlib

    return hashlib.sha1(repr(recolour).encode()).hexdigest()[:10]


def _parts(piece: Piece) -> list[tuple[str, str]]:
    """(text, font) stretches in the piece's face; what it lacks in DejaVu Sans."""
    return fonts.parts(piece.text, fonts.font(piece.face, piece.bold, piece.italic))


def _width(piece: Piece) -> float:
    return sum(stringWidth(text, font, piece.size) for text, font in _parts(piece)) \
        + piece.face.tracking * len(piece.text)


class _Writer:
    """One PDF text object for a frame's lines: far fewer operators than a drawString each;
    its paragraphs marked as their elements in a tagged PDF."""

    def __init__(self, canvas):
        self.canvas, self.text = canvas, canvas.beginText()
        self.font, self.colour, self.tracking = None, None, 0.0
        self.marks = TextMarks(canvas, self.text)
        self.para = -1

    def start(self, para: int, elements) -> None:
        """The lines that follow are paragraph `para`, marked as `elements`."""
        self.para = para
        self.marks.start(elements)

    def piece(self, piece: Piece, x: float, y: float) -> float:
        if piece.colour != self.colour:
            self.text.setFillColor(HexColor(piece.colour))
            self.colour = piece.colour
        if piece.face.tracking != self.tracking:
            self.text.setCharSpace(piece.face.tracking)
            self.tracking = piece.face.tracking
        for text, font in _parts(piece):
            if (font, piece.size) != self.font:
                self.text.setFont(font, piece.size)
                self.font = (font, piece.size)
            self.text.setTextOrigin(x, y)
            self.text.textOut(text)
            x += stringWidth(text, font, piece.size) + self.tracking * len(text)
        return x

    def close(self) -> None:
        if self.tracking:             # the spacing is page state in PDF: no later text keeps it
            self.text.setCharSpace(0)
        self.marks.draw()
