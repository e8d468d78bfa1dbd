"""Writing planned shapes as DrawingML: text with its runs, tables, pictures, rectangles.

Colours are written as the theme slots they come from (<a:schemeClr val="accent1"/>),
with PowerPoint's lighter and darker variants as lumMod/lumOff, so a restyled
theme recolours them; only a colour the template itself fixes is written as
RGB. Runs name a typeface only where the placeholder would not give it: a
theme font ("+mn-lt") for a new text box, the template's own font where its
look lives only in sample text.
"""

from __future__ import annotations

import io

from lxml import etree

from notedeck.deck import ChartArt, Run
from notedeck.layout.blocks import PPara, PRect, PText
from notedeck.template.geometry import EMU_PER_IN, Box
from notedeck.template.styles import Ink
from notedeck.layout.table import PTable

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
P = "http://schemas.openxmlformats.org/presentationml/2006/main"
NO_STYLE_NO_GRID = "{2D5ABB26-0587-4C30-8999-92F81FD0307C}"
SLIDENUM_FIELD_ID = "{B6F15528-21DE-4FAA-801E-634DDDAF4B2B}"
BULLET = Ink("", "accent1")
_SCRIPT = {"+mn-lt": "+mn-cs", "+mj-lt": "+mj-cs"}


def emu_box(box: Box) -> tuple[int, int, int, int]:
    return tuple(round(v * EMU_PER_IN) for v in (box.x, box.y, box.w, box.h))


def colour(parent, ink: Ink):
    """The colour element of an Ink, appended to `parent`: its theme slot, else its RGB."""
    if ink.slot:
        element = etree.SubElement(parent, f"{{{A}}}schemeClr", val=ink.slot)
        if ink.lum_mod != 100000:
            etree.SubElement(element, f"{{{A}}}lumMod", val=str(ink.lum_mod))
        if ink.lum_off:
            etree.SubElement(element, f"{{{A}}}lumOff", val=str(ink.lum_off))
        return element
    return etree.SubElement(parent, f"{{{A}}}srgbClr", val=ink.rgb.lstrip("#").upper())


def solid(parent, ink: Ink):
    fill = etree.SubElement(parent, f"{{{A}}}solidFill")
    colour(fill, ink)
    return fill


def fill_shape(shape, ink: Ink) -> None:
    """A shape's fill set to an Ink (python-pptx writes the solidFill in its place)."""
    shape.fill.solid()
    fill = shape.fill._xPr.find(f"{{{A}}}solidFill")
    for child in list(fill):
        fill.remove(child)
    colour(fill, ink)


# --- text ----------------------------------------------------------------------------

def write_text(shape, text: PText, lang: str, textbox: bool = False,
               slide_number: bool = False, at: Box | None = None) -> None:
    box = text.box or at
    if box is not None and not textbox:
        shape.left, shape.top, shape.width, shape.height = emu_box(box)
    if text.fill is not None:
        fill_shape(shape, text.fill)
    body = shape.text_frame._txBody
    _body_properties(body.bodyPr, text)
    for p in body.findall(f"{{{A}}}p"):
        body.remove(p)
    for i, para in enumerate(text.paras):
        p = etree.SubElement(body, f"{{{A}}}p")
        _paragraph(p, para, text, first=i == 0)
        ink = para.colour or text.ink
        if slide_number:
            _slide_number_field(p, para, text, ink, lang)
        else:
            for run in para.runs:
                _run(p, run, text.size * para.scale, ink, text.typeface, lang)
        end = etree.SubElement(p, f"{{{A}}}endParaRPr", lang=lang)
        end.set("sz", str(round(text.size * para.scale * 100)))


def _body_properties(body_pr, text: PText) -> None:
    for child in list(body_pr):
        body_pr.remove(child)
    l, t, r, b = (str(round(v * EMU_PER_IN)) for v in text.insets)
    for key, value in (("wrap", "square"), ("lIns", l), ("tIns", t), ("rIns", r), ("bIns", b),
                       ("rtlCol", "0"), ("anchor", text.anchor)):
        body_pr.set(key, value)
    etree.SubElement(body_pr, f"{{{A}}}noAutofit")


def _paragraph(p, para: PPara, text: PText, first: bool) -> None:
    size = text.size * para.scale
    ppr = etree.SubElement(p, f"{{{A}}}pPr", marL=str(round(para.indent * EMU_PER_IN)),
                           indent=str(-round(para.indent * EMU_PER_IN)), algn=para.align)
    spacing = etree.SubElement(etree.SubElement(ppr, f"{{{A}}}lnSpc"), f"{{{A}}}spcPct")
    spacing.set("val", str(round(text.line_spacing * 100000)))
    before = 0 if first else para.space_before * size
    etree.SubElement(etree.SubElement(ppr, f"{{{A}}}spcBef"), f"{{{A}}}spcPts",
                     val=str(round(before * 100)))
    etree.SubElement(etree.SubElement(ppr, f"{{{A}}}spcAft"), f"{{{A}}}spcPts", val="0")
    if not para.bullet:
        etree.SubElement(ppr, f"{{{A}}}buNone")
        return
    colour(etree.SubElement(ppr, f"{{{A}}}buClr"), BULLET)
    etree.SubElement(ppr, f"{{{A}}}buFontTx")
    if para.bullet == "number":
        etree.SubElement(ppr, f"{{{A}}}buAutoNum", type="arabicPeriod", startAt=str(para.number))
    else:
        etree.SubElement(ppr, f"{{{A}}}buChar", char="\u2022")


def _run_properties(parent, tag: str, size: float, bold: bool, italic: bool,
                    ink: Ink | None, typeface: str, lang: str):
    rpr = etree.SubElement(parent, f"{{{A}}}{tag}", lang=lang, sz=str(round(size * 100)),
                           b=str(int(bold)), i=str(int(italic)), dirty="0")
    if ink is not None:
        solid(rpr, ink)
    if typeface:
        etree.SubElement(rpr, f"{{{A}}}latin", typeface=typeface)
        etree.SubElement(rpr, f"{{{A}}}cs", typeface=_SCRIPT.get(typeface, typeface))
    return rpr


def _run(p, run: Run, size: float, ink: Ink | None, typeface: str, lang: str) -> None:
    r = etree.SubElement(p, f"{{{A}}}r")
    _run_properties(r, "rPr", size, run.bold, run.italic, ink, typeface, lang)
    etree.SubElement(r, f"{{{A}}}t").text = run.text


def _slide_number_field(p, para: PPara, text: PText, ink: Ink | None, lang: str) -> None:
    field = etree.SubElement(p, f"{{{A}}}fld", id=SLIDENUM_FIELD_ID, type="slidenum")
    _run_properties(field, "rPr", text.size * para.scale, False, False, ink, text.typeface,
                    lang)
    etree.SubElement(field, f"{{{A}}}t").text = "".join(r.text for r in para.runs)


# --- tables, pictures, rectangles -------------------------------------------------------

def emit_table(slide, planned: PTable, lang: str) -> None:
    table, look = planned.table, planned.look
    frame = slide.shapes.add_table(len(table.rows) + 1, len(table.header),
                                   *emu_box(planned.box))
    frame.name = f"Table: {table.name}"
    grid = frame.table
    grid.first_row, grid.horz_banding = True, False
    grid._tbl.tblPr.find(f"{{{A}}}tableStyleId").text = NO_STYLE_NO_GRID
    # python-pptx sums every column (row) again at each one set; the frame is given the sum
    # once, after the last, as it ends up either way
    sized = [column._gridCol for column, _ in zip(grid.columns, planned.col_widths)]
    for grid_col, width in zip(sized, planned.col_widths):
        grid_col.w = round(width * EMU_PER_IN)
    if sized:
        grid.notify_width_changed()
    rows = [row._tr for row, _ in zip(grid.rows, planned.row_heights)]
    for tr, height in zip(rows, planned.row_heights):
        tr.h = round(height * EMU_PER_IN)
    if rows:
        grid.notify_height_changed()
    for r, values in enumerate((table.header, *table.rows)):
        header, featured = r == 0, table.highlight is not None and r - 1 == table.highlight
        fill = look.header if header else look.band if featured else None
        ink = look.on_header if header else look.on_band if featured else look.ink
        for c, value in enumerate(values):
            _cell(grid.cell(r, c), value, planned, table.align[c], header or featured, fill, ink,
                  lang)


def _cell(cell, value: str, planned: PTable, align: str, bold: bool, fill: Ink | None,
          ink: Ink, lang: str) -> None:
    tc = cell._tc
    for child in list(tc):
        tc.remove(child)
    body = etree.SubElement(tc, f"{{{A}}}txBody")
    etree.SubElement(body, f"{{{A}}}bodyPr")
    etree.SubElement(body, f"{{{A}}}lstStyle")
    p = etree.SubElement(body, f"{{{A}}}p")
    etree.SubElement(p, f"{{{A}}}pPr", algn="r" if align == "right" else "l")
    _run(p, Run(value, bold=bold), planned.size, ink, planned.look.typeface, lang)
    l, t, r, b = (str(round(v * EMU_PER_IN)) for v in planned.insets)
    tcpr = etree.SubElement(tc, f"{{{A}}}tcPr", marL=l, marR=r, marT=t, marB=b, anchor="ctr")
    for side in ("lnL", "lnR", "lnT", "lnB"):
        line = etree.SubElement(tcpr, f"{{{A}}}{side}", w="0" if side != "lnB" else "9525")
        if side == "lnB":
            solid(line, planned.look.rule)
        else:
            etree.SubElement(line, f"{{{A}}}noFill")
    if fill is not None:
        solid(tcpr, fill)
    else:
        etree.SubElement(tcpr, f"{{{A}}}noFill")


def emit_picture(slide, planned, art: ChartArt) -> None:
    picture = slide.shapes.add_picture(io.BytesIO(art.png), *emu_box(planned.box))
    c_nv_pr = picture._element.nvPicPr.cNvPr
    c_nv_pr.set("name", f"Chart: {planned.name or planned.chart}")
    c_nv_pr.set("descr", planned.alt_text)


def emit_rect(slide, planned: PRect):
    from pptx.enum.shapes import MSO_SHAPE

    shape = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, *emu_box(planned.box))
    fill_shape(shape, planned.fill)
    shape.line.fill.background()
    shape.shadow.inherit = False
    shape.name = "Accent"
    return shape
