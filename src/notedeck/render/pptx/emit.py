"""The PowerPoint renderer: plan every slide (pptx_plan), then emit it thinly with python-pptx.

    render(deck, art, out, template=None) -> out

Text goes into the template's placeholders as real, editable paragraphs;
tables are native; charts are pictures with alt text. The file is
reproducible: fixed core properties and zip timestamps (SOURCE_DATE_EPOCH).
"""

from __future__ import annotations

import io
import os
import zipfile
from datetime import datetime, timezone
from pathlib import Path
from dataclasses import dataclass
from typing import Mapping

from lxml import etree

from notedeck.errors import NotedeckError, fail
from notedeck.model import ChartArt, Deck, Meta, Run
from notedeck.render.contract import Assets
from notedeck.render.pptx.layouts import (DEFAULT_TEMPLATE, EMU_PER_IN, LAYOUTS, Box, Template,
                                          read_template)
from notedeck.render.pptx.blocks import PPara, PRect, PText
from notedeck.render.pptx.parts import linear_parts
from notedeck.render.pptx.plan import PlannedSlide, PPicture, plan
from notedeck.render.pptx.table import PTable
from notedeck.theme import DECK_TYPEFACE, PALETTE

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
P = "http://schemas.openxmlformats.org/presentationml/2006/main"
NO_STYLE_NO_GRID = "{2D5ABB26-0587-4C30-8999-92F81FD0307C}"
SLIDENUM_FIELD_ID = "{B6F15528-21DE-4FAA-801E-634DDDAF4B2B}"
FIXED_DATE = datetime(2000, 1, 1)


@dataclass(frozen=True)
class DeckPlan:
    """Every slide planned, with what emitting needs besides: the template, the art, the meta."""

    slides: tuple[PlannedSlide, ...]
    template: bytes | None           # None: the bundled default template
    art: Mapping[str, ChartArt]
    meta: Meta


def plan_deck(deck: Deck, art: Mapping[str, ChartArt], assets: Assets) -> DeckPlan:
    """Pure: lay out every slide on the template's geometry; refuses what cannot fit."""
    geometry = _geometry(assets)
    sizes = {name: (a.width_in, a.height_in) for name, a in art.items()}
    return DeckPlan(tuple(plan(deck, sizes, geometry, file="deck.pptx")), assets.template,
                    art, deck.meta)


def _geometry(assets: Assets) -> Template:
    if assets.template is None:
        return read_template(DEFAULT_TEMPLATE)
    try:
        return read_template(assets.template, assets.template_name)
    except NotedeckError:
        raise
    except Exception as exc:   # not a zip, not a presentation, a broken part: say so plainly
        raise fail(assets.template_name, "expected a PowerPoint template (.pptx) with "
                   f"notedeck's layout names; could not read it ({type(exc).__name__})") from None


def emit(planned: DeckPlan, out: Path) -> int:
    """Write the planned deck to `out` with python-pptx; returns the number of slides."""
    from pptx import Presentation

    source = io.BytesIO(planned.template) if planned.template else str(DEFAULT_TEMPLATE)
    prs = Presentation(source)
    _drop_slides(prs)
    linear_parts(prs)                    # python-pptx's own lookups are O(n) per slide
    layouts = {layout.name: layout for layout in prs.slide_layouts}
    for slide in planned.slides:
        _emit_slide(prs, layouts[slide.layout], slide, planned.art, planned.meta)
    _core_properties(prs, planned.meta)
    buffer = io.BytesIO()
    prs.save(buffer)
    normalise_package(buffer, Path(out), slides=len(planned.slides))
    return len(planned.slides)


# --- slides --------------------------------------------------------------------------

def _drop_slides(prs) -> None:
    """A template's own slides are not part of the deck."""
    id_list = prs.slides._sldIdLst
    for sld_id in list(id_list):
        prs.part.drop_rel(sld_id.rId)
        id_list.remove(sld_id)


def _emit_slide(prs, layout, planned: PlannedSlide, art: Mapping[str, ChartArt],
                meta: Meta) -> None:
    slide = prs.slides.add_slide(layout)
    lang = meta.lang
    roles = LAYOUTS[planned.layout]
    placeholders = {ph.placeholder_format.idx: ph for ph in slide.placeholders}
    used: set[int] = set()
    for shape in planned.shapes:
        match shape:
            case PText(role=""):
                _write_text(slide.shapes.add_textbox(*_emu_box(shape.box)), shape, lang,
                            textbox=True)
            case PText():
                idx = roles[shape.role]
                used.add(idx)
                _write_text(placeholders[idx], shape, lang)
            case PTable():
                _emit_table(slide, shape, lang)
            case PPicture():
                _emit_picture(slide, shape, art[shape.chart])
            case PRect():
                _emit_rect(slide, shape)
            case _:
                raise TypeError(f"cannot emit {type(shape).__name__}")
    for idx, ph in placeholders.items():
        if idx not in used:
            ph._element.getparent().remove(ph._element)
    if planned.footer is not None:
        _write_text(_clone_placeholder(slide, layout, "ftr", "Footer"), planned.footer, lang)
        _write_text(_clone_placeholder(slide, layout, "sldNum", "Slide Number"),
                    planned.number, lang, slide_number=True)
    if planned.notes:
        _write_notes(slide.notes_slide.notes_text_frame, planned.notes, meta.declared_lang)


def _write_notes(frame, notes: tuple[str, ...], lang: str) -> None:
    """Speaker notes, their runs tagged with the deck's language when it declares one."""
    frame.text = "\n".join(notes)
    if lang:
        for paragraph in frame.paragraphs:
            for run in paragraph.runs:
                run._r.get_or_add_rPr().set("lang", lang)


def _emu_box(box: Box) -> tuple[int, int, int, int]:
    return tuple(round(v * EMU_PER_IN) for v in (box.x, box.y, box.w, box.h))


def _clone_placeholder(slide, layout, ph_type: str, name: str):
    """Footers and slide numbers are not copied from the layout by python-pptx: add them."""
    from pptx.oxml import parse_xml

    layout_ph = next(ph for ph in layout.placeholders
                     if ph._element.ph.get("type") == ph_type)
    idx = layout_ph.placeholder_format.idx
    shape_id = slide.shapes._next_shape_id
    sp = parse_xml(
        f'<p:sp xmlns:p="{P}" xmlns:a="{A}"><p:nvSpPr><p:cNvPr id="{shape_id}" name="{name}"/>'
        f'<p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr>'
        f'<p:ph type="{ph_type}" sz="quarter" idx="{idx}"/></p:nvPr></p:nvSpPr><p:spPr/>'
        f'<p:txBody><a:bodyPr/><a:lstStyle/><a:p/></p:txBody></p:sp>')
    slide.shapes._spTree.append(sp)
    return slide.placeholders[idx]


# --- text ----------------------------------------------------------------------------

def _write_text(shape, text: PText, lang: str, textbox: bool = False,
                slide_number: bool = False) -> None:
    if text.box is not None and not textbox:
        shape.left, shape.top, shape.width, shape.height = _emu_box(text.box)
    if text.fill:
        shape.fill.solid()
        shape.fill.fore_color.rgb = _rgb(text.fill)
    body = shape.text_frame._txBody
    _body_properties(body.bodyPr, text)
    for p in body.findall(f"{{{A}}}p"):
        body.remove(p)
    for i, para in enumerate(text.paras):
        p = etree.SubElement(body, f"{{{A}}}p")
        _paragraph(p, para, text, first=i == 0)
        if slide_number:
            _slide_number_field(p, para, text.size, lang)
        else:
            for run in para.runs:
                colour = para.colour or (PALETTE.ink if textbox else "")
                _run(p, run, text.size * para.scale, colour, lang)
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
    colour = etree.SubElement(ppr, f"{{{A}}}buClr")
    etree.SubElement(colour, f"{{{A}}}srgbClr", val=PALETTE.accent.lstrip("#").upper())
    etree.SubElement(ppr, f"{{{A}}}buFont", typeface=DECK_TYPEFACE)
    if para.bullet == "number":
        etree.SubElement(ppr, f"{{{A}}}buAutoNum", type="arabicPeriod", startAt=str(para.number))
    else:
        etree.SubElement(ppr, f"{{{A}}}buChar", char="\u2022")


def _run_properties(parent, tag: str, size: float, bold: bool, italic: bool, colour: str,
                    lang: str):
    rpr = etree.SubElement(parent, f"{{{A}}}{tag}", lang=lang, sz=str(round(size * 100)),
                           b=str(int(bold)), i=str(int(italic)), dirty="0")
    if colour:
        fill = etree.SubElement(rpr, f"{{{A}}}solidFill")
        etree.SubElement(fill, f"{{{A}}}srgbClr", val=colour.lstrip("#").upper())
    etree.SubElement(rpr, f"{{{A}}}latin", typeface=DECK_TYPEFACE)
    etree.SubElement(rpr, f"{{{A}}}cs", typeface=DECK_TYPEFACE)
    return rpr


def _run(p, run, size: float, colour: str, lang: str) -> None:
    r = etree.SubElement(p, f"{{{A}}}r")
    _run_properties(r, "rPr", size, run.bold, run.italic, colour, lang)
    etree.SubElement(r, f"{{{A}}}t").text = run.text


def _slide_number_field(p, para: PPara, size: float, lang: str) -> None:
    field = etree.SubElement(p, f"{{{A}}}fld", id=SLIDENUM_FIELD_ID, type="slidenum")
    _run_properties(field, "rPr", size * para.scale, False, False, para.colour, lang)
    etree.SubElement(field, f"{{{A}}}t").text = "".join(r.text for r in para.runs)


def _rgb(colour: str):
    from pptx.dml.color import RGBColor

    return RGBColor.from_string(colour.lstrip("#").upper())


# --- tables, pictures, rectangles -------------------------------------------------------

def _emit_table(slide, planned: PTable, lang: str) -> None:
    table = planned.table
    frame = slide.shapes.add_table(len(table.rows) + 1, len(table.header),
                                   *_emu_box(planned.box))
    frame.name = f"Table: {table.name}"
    grid = frame.table
    grid.first_row, grid.horz_banding = True, False
    grid._tbl.tblPr.find(f"{{{A}}}tableStyleId").text = NO_STYLE_NO_GRID
    for column, width in zip(grid.columns, planned.col_widths):
        column.width = round(width * EMU_PER_IN)
    for row, height in zip(grid.rows, planned.row_heights):
        row.height = round(height * EMU_PER_IN)
    for r, values in enumerate((table.header, *table.rows)):
        header, featured = r == 0, table.highlight is not None and r - 1 == table.highlight
        fill = PALETTE.accent if header else PALETTE.band if featured else ""
        ink = PALETTE.paper if header else PALETTE.ink
        for c, value in enumerate(values):
            _cell(grid.cell(r, c), value, planned, table.align[c], header or featured, fill, ink,
                  lang)


def _cell(cell, value: str, planned: PTable, align: str, bold: bool, fill: str,
          ink: str, lang: str) -> None:
    tc = cell._tc
    for child in list(tc):
        tc.remove(child)
    body = etree.SubElement(tc, f"{{{A}}}txBody")
    etree.SubElement(body, f"{{{A}}}bodyPr")
    etree.SubElement(body, f"{{{A}}}lstStyle")
    p = etree.SubElement(body, f"{{{A}}}p")
    etree.SubElement(p, f"{{{A}}}pPr", algn="r" if align == "right" else "l")
    _run(p, Run(value, bold=bold), planned.size, ink, lang)
    l, t, r, b = (str(round(v * EMU_PER_IN)) for v in planned.insets)
    tcpr = etree.SubElement(tc, f"{{{A}}}tcPr", marL=l, marR=r, marT=t, marB=b, anchor="ctr")
    for side in ("lnL", "lnR", "lnT", "lnB"):
        line = etree.SubElement(tcpr, f"{{{A}}}{side}", w="0" if side != "lnB" else "9525")
        if side == "lnB":
            solid = etree.SubElement(line, f"{{{A}}}solidFill")
            etree.SubElement(solid, f"{{{A}}}srgbClr", val=PALETTE.rule.lstrip("#").upper())
        else:
            etree.SubElement(line, f"{{{A}}}noFill")
    if fill:
        solid = etree.SubElement(tcpr, f"{{{A}}}solidFill")
        etree.SubElement(solid, f"{{{A}}}srgbClr", val=fill.lstrip("#").upper())
    else:
        etree.SubElement(tcpr, f"{{{A}}}noFill")


def _emit_picture(slide, planned: PPicture, art: ChartArt) -> None:
    picture = slide.shapes.add_picture(io.BytesIO(art.png), *_emu_box(planned.box))
    c_nv_pr = picture._element.nvPicPr.cNvPr
    c_nv_pr.set("name", f"Chart: {planned.name or planned.chart}")
    c_nv_pr.set("descr", planned.alt_text)


def _emit_rect(slide, planned: PRect) -> None:
    from pptx.enum.shapes import MSO_SHAPE

    shape = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, *_emu_box(planned.box))
    shape.fill.solid()
    shape.fill.fore_color.rgb = _rgb(planned.fill)
    shape.line.fill.background()
    shape.shadow.inherit = False
    shape.name = "Accent"


# --- reproducible package ------------------------------------------------------------

def _fixed_time() -> datetime:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.strip().isdigit():
        return datetime.fromtimestamp(int(epoch), tz=timezone.utc).replace(tzinfo=None)
    return FIXED_DATE


def _core_properties(prs, meta: Meta) -> None:
    from notedeck.render.pptx.fit import clean

    core = prs.core_properties
    core.title, core.author = clean(meta.title), clean(meta.author)
    core.subject = clean(meta.subject)
    core.keywords = ", ".join(clean(k) for k in meta.keywords)
    core.last_modified_by, core.comments, core.category = clean(meta.author), "", ""
    core.revision = 1
    core.created = core.modified = _fixed_time()
    core.last_printed = _fixed_time()


APP_XML = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
           '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/'
           'extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/'
           '2006/docPropsVTypes"><Application>notedeck</Application>'
           '<PresentationFormat>Widescreen</PresentationFormat><Slides>{slides}</Slides>'
           '</Properties>')


def normalise_package(source, dest: Path, slides: int = 0) -> Path:
    """Rewrite a saved package with fixed entry timestamps and a neutral app.xml."""
    stamp = _fixed_time()
    date_time = (max(stamp.year, 1980), stamp.month, stamp.day,
                 stamp.hour, stamp.minute, stamp.second)
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename == "docProps/app.xml":
                data = APP_XML.format(slides=slides).encode()
            info = zipfile.ZipInfo(item.filename, date_time=date_time)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = 0o644 << 16
            zout.writestr(info, data)
    return Path(dest)
