"""The PowerPoint renderer: plan every slide (plan.py), then emit it thinly with python-pptx.

    plan_deck(deck, art, assets) -> DeckPlan        (pure)
    emit(plan, out) -> number of slides

Text goes into the template's placeholders as real, editable paragraphs;
tables are native; charts are pictures with alt text. Each slide is made from
the layout its role maps to (mapping.py); placeholders are found by their
place in the layout, not by idx, which LibreOffice leaves at 0. The file is
reproducible: fixed core properties and zip timestamps (SOURCE_DATE_EPOCH).
"""

from __future__ import annotations

import io
import os
import zipfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Mapping

from lxml import etree

from notedeck.errors import Problem
from notedeck.model import ChartArt, Deck, Meta, Run
from notedeck.render.contract import Assets
from notedeck.render.pptx import package
from notedeck.render.pptx.blocks import PPara, PRect, PText
from notedeck.render.pptx.layouts import EMU_PER_IN, NOT_CLONED, Box, Placeholder
from notedeck.render.pptx.mapping import Template
from notedeck.render.pptx.parts import linear_parts
from notedeck.render.pptx.plan import PlannedSlide, PPicture, plan
from notedeck.render.pptx.table import PTable
from notedeck.theme import DECK_TYPEFACE, PALETTE

DEFAULT_TEMPLATE = package.DEFAULT_TEMPLATE
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
P = "http://schemas.openxmlformats.org/presentationml/2006/main"
NO_STYLE_NO_GRID = "{2D5ABB26-0587-4C30-8999-92F81FD0307C}"
SLIDENUM_FIELD_ID = "{B6F15528-21DE-4FAA-801E-634DDDAF4B2B}"
FIXED_DATE = datetime(2000, 1, 1)
LANG = "en-GB"


@dataclass(frozen=True)
class DeckPlan:
    """Every slide planned, with what emitting needs besides: the template (its bytes and its
    roles), the art, the meta; and the template's warnings, for the build to report."""

    slides: tuple[PlannedSlide, ...]
    template_bytes: bytes
    template: Template
    art: Mapping[str, ChartArt]
    meta: Meta
    warnings: tuple[Problem, ...] = ()


def plan_deck(deck: Deck, art: Mapping[str, ChartArt], assets: Assets) -> DeckPlan:
    """Pure: the template resolved to roles, every slide laid out on it; refuses what cannot
    fit, and every fault of the template, at once."""
    from notedeck.render.pptx import audit

    data = assets.template if assets.template is not None else package.default_bytes()
    name = assets.template_name if assets.template is not None else package.DEFAULT_NAME
    resolved = package.load(assets.template, name, tuple(assets.template_map),
                            assets.template_map_name)
    sizes = {key: (a.width_in, a.height_in) for key, a in art.items()}
    slides = plan(deck, sizes, resolved, file="deck.pptx")
    return DeckPlan(slides, data, resolved, art, deck.meta, tuple(audit.contrast(resolved)))


def emit(planned: DeckPlan, out: Path) -> int:
    """Write the planned deck to `out` with python-pptx; returns the number of slides."""
    prs = package.open_presentation(planned.template_bytes, planned.template.file)
    _drop_slides(prs)
    linear_parts(prs)                    # python-pptx's own lookups are O(n) per slide
    masters = list(prs.slide_masters)
    for slide in planned.slides:
        mapped = planned.template.roles[slide.role]
        layout = masters[mapped.layout.master].slide_layouts[mapped.layout.index]
        _emit_slide(prs, layout, mapped, slide, planned.art)
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


def _emit_slide(prs, layout, mapped, planned: PlannedSlide, art: Mapping[str, ChartArt]) -> None:
    slide = prs.slides.add_slide(layout)
    shapes = dict(zip(_cloned(mapped.layout), _placeholders(slide)))
    used: set[int] = set()
    for shape in planned.shapes:
        match shape:
            case PText(slot=""):
                _write_text(slide.shapes.add_textbox(*_emu_box(shape.box)), shape, textbox=True)
            case PText():
                info = mapped.slots[shape.slot]
                used.add(info.position)
                _write_text(shapes[info.position], shape, at=_pinned_box(mapped.layout, info))
            case PTable():
                _emit_table(slide, shape)
            case PPicture():
                _emit_picture(slide, shape, art[shape.chart])
            case PRect():
                _emit_rect(slide, shape)
            case _:
                raise TypeError(f"cannot emit {type(shape).__name__}")
    for position, ph in shapes.items():
        if position not in used:
            ph._element.getparent().remove(ph._element)
    if planned.footer is not None:
        footer = _add_placeholder(slide, mapped.footer, "Footer")
        _write_text(footer, planned.footer, at=_pinned_box(mapped.layout, mapped.footer))
        number = _add_placeholder(slide, mapped.number, "Slide Number")
        _write_text(number, planned.number, slide_number=True,
                    at=_pinned_box(mapped.layout, mapped.number))
    if planned.notes:
        slide.notes_slide.notes_text_frame.text = "\n".join(planned.notes)


def _cloned(layout) -> list[int]:
    """Positions of the layout placeholders python-pptx copies onto a new slide, in order."""
    return [ph.position for ph in layout.placeholders if ph.type not in NOT_CLONED]


def _placeholders(slide) -> list:
    """The slide's placeholders in document order (python-pptx's own list sorts by idx)."""
    from pptx.shapes.shapetree import SlideShapeFactory

    return [SlideShapeFactory(e, slide.shapes) for e in slide.shapes._spTree.iter_ph_elms()]


def _pinned_box(layout, ph: Placeholder) -> Box | None:
    """Where a slide's placeholder must be given its box: when it would not inherit it, because
    another placeholder of the layout shares its idx (LibreOffice numbers them all 0) or it is
    the master's rather than the layout's."""
    own = [p for p in layout.placeholders if p.position == ph.position and p is ph]
    shared = [p for p in layout.placeholders if p.idx == ph.idx and p is not ph]
    return ph.box if (shared or not own) else None


def _emu_box(box: Box) -> tuple[int, int, int, int]:
    return tuple(round(v * EMU_PER_IN) for v in (box.x, box.y, box.w, box.h))


def _add_placeholder(slide, ph: Placeholder, name: str):
    """Footers and slide numbers are not copied from the layout by python-pptx: add them."""
    from pptx.oxml import parse_xml
    from pptx.shapes.shapetree import SlideShapeFactory

    shape_id = slide.shapes._next_shape_id
    sp = parse_xml(
        f'<p:sp xmlns:p="{P}" xmlns:a="{A}"><p:nvSpPr><p:cNvPr id="{shape_id}" name="{name}"/>'
        f'<p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr>'
        f'<p:ph type="{ph.type}" sz="quarter" idx="{ph.idx}"/></p:nvPr></p:nvSpPr><p:spPr/>'
        f'<p:txBody><a:bodyPr/><a:lstStyle/><a:p/></p:txBody></p:sp>')
    slide.shapes._spTree.append(sp)
    return SlideShapeFactory(sp, slide.shapes)


# --- text ----------------------------------------------------------------------------

def _write_text(shape, text: PText, textbox: bool = False, slide_number: bool = False,
                at: Box | None = None) -> None:
    box = text.box or at
    if box is not None and not textbox:
        shape.left, shape.top, shape.width, shape.height = _emu_box(box)
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
            _slide_number_field(p, para, text.size)
        else:
            for run in para.runs:
                colour = para.colour or (PALETTE.ink if textbox else "")
                _run(p, run, text.size * para.scale, colour)
        end = etree.SubElement(p, f"{{{A}}}endParaRPr", lang=LANG)
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


def _run_properties(parent, tag: str, size: float, bold: bool, italic: bool, colour: str):
    rpr = etree.SubElement(parent, f"{{{A}}}{tag}", lang=LANG, sz=str(round(size * 100)),
                           b=str(int(bold)), i=str(int(italic)), dirty="0")
    if colour:
        fill = etree.SubElement(rpr, f"{{{A}}}solidFill")
        etree.SubElement(fill, f"{{{A}}}srgbClr", val=colour.lstrip("#").upper())
    etree.SubElement(rpr, f"{{{A}}}latin", typeface=DECK_TYPEFACE)
    etree.SubElement(rpr, f"{{{A}}}cs", typeface=DECK_TYPEFACE)
    return rpr


def _run(p, run, size: float, colour: str) -> None:
    r = etree.SubElement(p, f"{{{A}}}r")
    _run_properties(r, "rPr", size, run.bold, run.italic, colour)
    etree.SubElement(r, f"{{{A}}}t").text = run.text


def _slide_number_field(p, para: PPara, size: float) -> None:
    field = etree.SubElement(p, f"{{{A}}}fld", id=SLIDENUM_FIELD_ID, type="slidenum")
    _run_properties(field, "rPr", size * para.scale, False, False, para.colour)
    etree.SubElement(field, f"{{{A}}}t").text = "".join(r.text for r in para.runs)


def _rgb(colour: str):
    from pptx.dml.color import RGBColor

    return RGBColor.from_string(colour.lstrip("#").upper())


# --- tables, pictures, rectangles -------------------------------------------------------

def _emit_table(slide, planned: PTable) -> None:
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
            _cell(grid.cell(r, c), value, planned, table.align[c], header or featured, fill, ink)


def _cell(cell, value: str, planned: PTable, align: str, bold: bool, fill: str,
          ink: str) -> None:
    tc = cell._tc
    for child in list(tc):
        tc.remove(child)
    body = etree.SubElement(tc, f"{{{A}}}txBody")
    etree.SubElement(body, f"{{{A}}}bodyPr")
    etree.SubElement(body, f"{{{A}}}lstStyle")
    p = etree.SubElement(body, f"{{{A}}}p")
    etree.SubElement(p, f"{{{A}}}pPr", algn="r" if align == "right" else "l")
    _run(p, Run(value, bold=bold), planned.size, ink)
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
