"""The PowerPoint renderer: plan every slide (plan.py), then emit it thinly with python-pptx.

    plan_deck(deck, layout, art, charts) -> DeckPlan        (pure)
    emit(plan, out) -> number of slides

Text goes into the template's placeholders as real, editable paragraphs;
tables are native; charts are pictures with alt text. Each slide is made from
the layout its role maps to (mapping.py); placeholders are found by their
place in the layout, not by idx, which LibreOffice leaves at 0. A native chart shown
again is a copy of its first showing's parts (chart_parts.py); in a loaded process a
slide planned as an earlier build planned it is that build's bytes (slide_parts.py).
The file is reproducible: fixed core properties and zip timestamps (SOURCE_DATE_EPOCH).
"""

from __future__ import annotations

import os
import zipfile
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Mapping

from lxml import etree

from notedeck.deck import ChartArt, Deck, Meta, Stamp
from notedeck.template import package
from notedeck.layout.blocks import PRect, PText
from notedeck.template.geometry import NOT_CLONED, Box, Placeholder
from notedeck.template.mapping import Template
from notedeck.render.pptx.parts import linear_parts
from notedeck.layout.plan import PlannedSlide, PPicture
from notedeck.layout.planned import ChartPlace
from notedeck.layout.slide_layout import SlideLayout
from notedeck.layout.table import PTable
from notedeck.render.pptx.charts import PChart, plan_chart

DEFAULT_TEMPLATE = package.DEFAULT_TEMPLATE
FIXED_DATE = datetime(2000, 1, 1)


@dataclass(frozen=True)
class DeckPlan:
    """Every slide as laid out, each chart native or a picture, with what emitting needs
    besides: the template (its bytes and its roles), the art, the meta."""

    slides: tuple[PlannedSlide, ...]
    template_bytes: bytes
    template: Template
    art: Mapping[str, ChartArt]
    meta: Meta
    stamp: Stamp = Stamp()


def plan_deck(deck: Deck, layout: SlideLayout, art: Mapping[str, ChartArt],
              charts: str = "native", stamp: Stamp = Stamp()) -> DeckPlan:
    """Pure: the laid-out slides, each chart's place filled with a native chart (planned
    from its spec, editable) or with the drawn picture (`charts="picture"`)."""
    if charts == "picture":
        layout.require_art(art)
    slides = tuple(replace(slide, shapes=tuple(_chart(shape, charts) for shape in slide.shapes))
                   for slide in layout.slides)
    return DeckPlan(slides, layout.template_bytes, layout.template, art, deck.meta, stamp)


def _chart(shape, charts: str):
    if not isinstance(shape, ChartPlace):
        return shape
    if charts == "native":
        return plan_chart(shape.spec, shape.area, shape.look, shape.face)
    return shape.picture


def emit(planned: DeckPlan, out: Path) -> int:
    """Write the planned deck to `out` with python-pptx; returns the number of slides."""
    prs = package.open_presentation(planned.template_bytes, planned.template.file)
    _drop_slides(prs)
    _view_properties(prs)
    # imported here, as in the functions below: only writing the deck needs them, not
    # planning it (notedeck check, slides.pdf)
    from notedeck.render.pptx.chart_parts import ChartParts
    from notedeck.render.pptx.copies import Copies
    from notedeck.render.pptx.slide_parts import SlideParts

    linear_parts(prs)                    # python-pptx's own lookups are O(n) per slide
    copies = Copies(prs, *_kept("pptx.copies", planned))
    charts = ChartParts(*_kept("pptx.charts", planned))
    written = SlideParts(planned.template, planned.meta, planned.art,
                         *_kept("pptx.slides", planned))
    masters, when = list(prs.slide_masters), _fixed_time()
    for slide in planned.slides:
        mapped = planned.template.roles[slide.role]
        layout = masters[mapped.layout.master].slide_layouts[mapped.layout.index]
        key = written.key(slide, when)
        if not written.recalled(key, copies, charts, layout):
            made = _emit_slide((copies, charts), layout, mapped, slide, planned.art,
                               planned.meta)
            written.keep(key, made, layout, charts)
    _core_properties(prs, planned.meta)
    from notedeck.render.provenance import custom_xml

    write_package(_entries(prs), Path(out), slides=len(planned.slides),
                  custom=custom_xml(planned.meta, planned.stamp))
    return len(planned.slides)


def _kept(name: str, planned: DeckPlan) -> tuple:
    """A loaded process's shelf for `name` (render/kept.py) and the template's digest, which
    every key on it starts with; () in a plain build."""
    from notedeck.render import kept

    shelf = kept.shelf(name)
    if shelf is None:
        return ()
    import hashlib

    return shelf, hashlib.sha256(planned.template_bytes).hexdigest()


def _entries(prs) -> list[tuple[str, bytes]]:
    """The package's zip entries, named and in the order `prs.save` writes them, without
    the zip: written once, compressed once (write_package), not saved and then re-read."""
    from pptx.opc.serialized import PackageWriter

    entries: list[tuple[str, bytes]] = []

    class _Entries:
        @staticmethod
        def write(pack_uri, blob: bytes) -> None:
            entries.append((pack_uri.membername, blob))

    package = prs.part.package
    writer = PackageWriter(None, package._rels, tuple(package.iter_parts()))
    for step in (writer._write_content_types_stream, writer._write_pkg_rels,
                 writer._write_parts):
        step(_Entries)
    return entries


# --- slides --------------------------------------------------------------------------

VIEW_PROPS = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
              '<p:viewPr xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
              'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main">'
              '<p:gridSpacing cx="76200" cy="76200"/></p:viewPr>')


def _view_properties(prs) -> None:
    """A view-properties part where the template has none (LibreOffice writes none, and
    PowerPoint offers to repair a file without one)."""
    from pptx.opc.constants import CONTENT_TYPE, RELATIONSHIP_TYPE
    from pptx.opc.package import Part
    from pptx.opc.packuri import PackURI

    if any(rel.reltype == RELATIONSHIP_TYPE.VIEW_PROPS for rel in prs.part.rels.values()):
        return
    part = Part(PackURI("/ppt/viewProps.xml"), CONTENT_TYPE.PML_VIEW_PROPS,
                prs.part.package, VIEW_PROPS.encode())
    prs.part.relate_to(part, RELATIONSHIP_TYPE.VIEW_PROPS)


def _drop_slides(prs) -> None:
    """A template's own slides are not part of the deck."""
    id_list = prs.slides._sldIdLst
    for sld_id in list(id_list):
        prs.part.drop_rel(sld_id.rId)
        id_list.remove(sld_id)


def _backing(slide, chart: PChart) -> None:
    """A rectangle in the chart's backing colour under its whole frame: apps that inset the
    chart area's own fill (LibreOffice) would show the ground at its edges."""
    from notedeck.render.pptx.write import emit_rect

    backing = getattr(chart.look, "backing", None)
    if backing is not None:
        emit_rect(slide, PRect(chart.box, backing)).name = "Chart backing"


def _emit_slide(writers, layout, mapped, planned: PlannedSlide,
                art: Mapping[str, ChartArt], meta: Meta):
    """The planned slide written on a new slide of `layout`; returns the slide."""
    from notedeck.render.pptx.write import emit_picture, emit_rect, emit_table, write_text
    from notedeck.render.pptx.write import emu_box as _emu_box

    copies, charts = writers
    slide, placeholders = copies.add_slide(layout)
    lang = meta.lang
    shapes = dict(zip(_cloned(mapped.layout), placeholders))
    used: set[int] = set()
    for shape in planned.shapes:
        match shape:
            case PText(slot=""):
                write_text(slide.shapes.add_textbox(*_emu_box(shape.box)), shape, lang,
                           textbox=True)
            case PText() if mapped.slots[shape.slot].drawn:     # notedeck's own box
                write_text(slide.shapes.add_textbox(*_emu_box(shape.box or
                                                              mapped.slots[shape.slot].box)),
                           shape, lang, textbox=True)
            case PText():
                info = mapped.slots[shape.slot]
                used.add(info.position)
                write_text(shapes[info.position], shape, lang,
                           at=_pinned_box(mapped.layout, info))
            case PTable():
                emit_table(slide, shape, lang)
            case PPicture():
                emit_picture(slide, shape, art[shape.chart])
            case PRect():
                emit_rect(slide, shape)
            case PChart():
                _backing(slide, shape)
                charts.emit(slide, shape, _fixed_time)
            case _:
                raise TypeError(f"cannot emit {type(shape).__name__}")
    for position, ph in shapes.items():
        if position not in used:
            ph._element.getparent().remove(ph._element)
    title = mapped.slots.get("title")
    if title is not None and title.position in used:
        _first(slide, shapes[title.position])
    if planned.footer is not None:
        footer = _add_placeholder(slide, mapped.footer, "Footer")
        write_text(footer, planned.footer, lang, at=_pinned_box(mapped.layout, mapped.footer))
    if planned.number is not None and mapped.number.drawn:     # the template has none
        write_text(slide.shapes.add_textbox(*_emu_box(mapped.number.box)), planned.number,
                   lang, textbox=True, slide_number=True)
    elif planned.number is not None:
        number = _add_placeholder(slide, mapped.number, "Slide Number")
        write_text(number, planned.number, lang, slide_number=True,
                   at=_pinned_box(mapped.layout, mapped.number))
    if planned.notes:
        _write_notes(copies.notes_text_frame(slide), planned.notes, meta.declared_lang)
    return slide


def _first(slide, shape) -> None:
    """`shape` (the title) first in the slide's shape tree: the reading order a screen reader
    follows, and PowerPoint's Accessibility Checker wants, starts with the title."""
    first = next(iter(slide.shapes._spTree.iter_shape_elms()), None)
    if first is not None and first is not shape._element:
        first.addprevious(shape._element)


def _write_notes(frame, notes: tuple[str, ...], lang: str) -> None:
    """Speaker notes, their runs tagged with the deck's language when it declares one."""
    frame.text = "\n".join(notes)
    if lang:
        for paragraph in frame.paragraphs:
            for run in paragraph.runs:
                run._r.get_or_add_rPr().set("lang", lang)


def _cloned(layout) -> list[int]:
    """Positions of the layout placeholders python-pptx copies onto a new slide, in order."""
    return [ph.position for ph in layout.placeholders if ph.type not in NOT_CLONED]


def _pinned_box(layout, ph: Placeholder) -> Box | None:
    """Where a slide's placeholder must be given its box: when it would not inherit it, because
    another placeholder of the layout shares its idx (LibreOffice numbers them all 0) or it is
    the master's rather than the layout's."""
    own = [p for p in layout.placeholders if p.position == ph.position and p is ph]
    shared = [p for p in layout.placeholders if p.idx == ph.idx and p is not ph]
    return ph.box if (shared or not own or ph.pinned) else None


_TEXT_ONLY = ("ftr", "sldNum", "dt")    # placeholder types python-pptx proxies as SlidePlaceholder
_IDS = etree.XPath("//@id")     # compiled once (python-pptx compiles it for every new shape)


def _next_shape_id(slide) -> int:
    """`slide.shapes._next_shape_id`: one more than the largest numeric @id in the slide."""
    return max([int(v) for v in _IDS(slide.shapes._spTree) if v.isdigit()], default=0) + 1


def _add_placeholder(slide, ph: Placeholder, name: str):
    """Footers and slide numbers are not copied from the layout by python-pptx: add them."""
    from pptx.oxml import parse_xml
    from pptx.shapes.placeholder import SlidePlaceholder
    from pptx.shapes.shapetree import SlideShapeFactory

    from notedeck.render.pptx.write import A, P

    shape_id = _next_shape_id(slide)
    sp = parse_xml(
        f'<p:sp xmlns:p="{P}" xmlns:a="{A}"><p:nvSpPr><p:cNvPr id="{shape_id}" name="{name}"/>'
        f'<p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr>'
        f'<p:ph type="{ph.type}" sz="quarter" idx="{ph.idx}"/></p:nvPr></p:nvSpPr><p:spPr/>'
        f'<p:txBody><a:bodyPr/><a:lstStyle/><a:p/></p:txBody></p:sp>')
    slide.shapes._spTree.append(sp)
    if ph.type in _TEXT_ONLY:         # the class SlideShapeFactory gives, without its lookups
        return SlidePlaceholder(sp, slide.shapes)
    return SlideShapeFactory(sp, slide.shapes)


# --- reproducible package ------------------------------------------------------------

def _fixed_time() -> datetime:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.strip().isdigit():
        return datetime.fromtimestamp(int(epoch), tz=timezone.utc).replace(tzinfo=None)
    return FIXED_DATE


def _core_properties(prs, meta: Meta) -> None:
    from notedeck.layout.fit import clean

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


CUSTOM_PART = "docProps/custom.xml"
CUSTOM_TYPE = "application/vnd.openxmlformats-officedocument.custom-properties+xml"
CUSTOM_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties"


def normalise_package(source, dest: Path, slides: int = 0, custom: bytes | None = None) -> Path:
    """Rewrite a saved package with fixed entry timestamps and a neutral app.xml; `custom`
    (the build id and figures, render/provenance.py) becomes docProps/custom.xml."""
    with zipfile.ZipFile(source) as zin:
        entries = [(item.filename, zin.read(item.filename)) for item in zin.infolist()]
    return write_package(entries, dest, slides, custom)


def write_package(entries, dest: Path, slides: int = 0, custom: bytes | None = None) -> Path:
    """The package's (name, bytes) entries written with fixed entry timestamps and a neutral
    app.xml; `custom` (the build id and figures, render/provenance.py) becomes
    docProps/custom.xml."""
    when = _fixed_time()
    date_time = (max(when.year, 1980), when.month, when.day,
                 when.hour, when.minute, when.second)
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zout:
        def write(name: str, data: bytes) -> None:
            info = zipfile.ZipInfo(name, date_time=date_time)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = 0o644 << 16
            zout.writestr(info, data)

        parts = [(filename, _final(filename, data, slides, custom))
                 for filename, data in entries]
        for filename, data in parts:
            write(filename, data)
        if custom:
            from notedeck.render.provenance import seal_custom

            write(CUSTOM_PART, seal_custom(custom, parts))
    return Path(dest)


def _final(filename: str, data: bytes, slides: int, custom: bytes | None) -> bytes:
    """A part's bytes as the package holds them: a neutral app.xml, and custom.xml declared."""
    if filename == "docProps/app.xml":
        return APP_XML.format(slides=slides).encode()
    if custom and filename == "[Content_Types].xml":
        return data.replace(b"</Types>", f'<Override PartName="/{CUSTOM_PART}" '
                            f'ContentType="{CUSTOM_TYPE}"/></Types>'.encode())
    if custom and filename == "_rels/.rels":
        return data.replace(b"</Relationships>", f'<Relationship Id="rIdNotedeck" '
                            f'Type="{CUSTOM_REL}" Target="{CUSTOM_PART}"/>'
                            '</Relationships>'.encode())
    return data
