"""Generate src/notedeck/template/default.pptx: the shipped 16:9 template.

Starts from python-pptx's default template and rewrites its theme (Arial,
theme.PALETTE), its master and its slide layouts so that every layout the
renderer's roles name (notedeck.template.roles.SHIPPED) exists by name, with
placeholders placed for 13.333 x 7.5 in. A corporate template with the same
layout names and placeholder idx can replace it.

    python tools/make_template.py [OUT]
"""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass
from pathlib import Path

from lxml import etree
from pptx import Presentation
from pptx.oxml import parse_xml

from notedeck.template.package import DEFAULT_TEMPLATE
from notedeck.template.roles import SHIPPED_LAYOUTS as LAYOUTS
from notedeck.render.pptx.emit import FIXED_DATE, normalise_package
from notedeck.theme import DECK_TYPEFACE, PALETTE, SLIDE_HEIGHT_IN, SLIDE_WIDTH_IN

NS_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
NSDECL = ('xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
          'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" '
          'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"')
SLIDE_W, SLIDE_H = 12192000, 6858000          # 13.333 x 7.5 in
assert abs(SLIDE_W / 914400 - SLIDE_WIDTH_IN) < 0.001
assert abs(SLIDE_H / 914400 - SLIDE_HEIGHT_IN) < 0.001

MARGIN = 0.6
CONTENT_W = SLIDE_WIDTH_IN - 2 * MARGIN       # 12.133


def emu(inches: float) -> int:
    return round(inches * 914400)


def hex6(colour: str) -> str:
    return colour.lstrip("#").upper()


# --- placeholders as data ----------------------------------------------------------

@dataclass(frozen=True)
class Ph:
    """One placeholder on a layout (or the master)."""

    name: str
    ph_type: str                  # title ctrTitle subTitle body pic tbl ftr sldNum
    idx: int | None
    box: tuple[float, float, float, float]
    size: float = 0               # pt; 0 = inherit
    bold: bool | None = None
    colour: str = ""              # scheme name ("tx1", "tx2", "bg1", "bg2", "accent1") or ""
    anchor: str = "t"
    align: str = "l"
    insets: tuple[float, float, float, float] = (0, 0.05, 0, 0.05)
    prompt: str = ""
    bullets: bool = False         # keep the master's bullets (body text)
    fill: str = ""                # hex fill of the placeholder shape
    line_spacing: int = 100       # percent


TITLE_BOX = (MARGIN, 0.35, CONTENT_W, 1.1)
FOOTER_BOX = (MARGIN, 6.95, 9.5, 0.35)
NUMBER_BOX = (SLIDE_WIDTH_IN - MARGIN - 1.4, 6.95, 1.4, 0.35)
TOP = 1.75                                     # content starts below the title rule


def title(**kw) -> Ph:
    return Ph("Title", "title", None, TITLE_BOX, anchor="b", prompt="Slide title", **kw)


def footer(colour: str = "tx2") -> list[Ph]:
    return [Ph("Footer", "ftr", 11, FOOTER_BOX, colour=colour, anchor="ctr", insets=(0, 0, 0, 0)),
            Ph("Slide number", "sldNum", 12, NUMBER_BOX, colour=colour, anchor="ctr",
               align="r", insets=(0, 0, 0, 0))]


def caption(y: float, h: float) -> Ph:
    return Ph("Caption", "body", 14, (MARGIN, y, CONTENT_W, h), size=16, colour="tx2",
              prompt="Caption")


@dataclass(frozen=True)
class Layout:
    name: str
    ppt_type: str                 # sldLayout@type; "" for custom
    placeholders: list[Ph]
    master_shapes: bool = True    # show the master's title rule
    background: str = ""          # hex
    decor: tuple[tuple[float, float, float, float, str], ...] = ()   # plain rectangles


LAYOUT_SPECS = [
    Layout("Title", "title", [
        Ph("Title", "ctrTitle", None, (1.0, 1.5, 11.5, 2.3), size=40, bold=True, colour="tx1",
           anchor="b", prompt="Deck title", line_spacing=90),
        Ph("Subtitle", "subTitle", 1, (1.0, 4.0, 11.5, 1.1), size=24, colour="tx2",
           prompt="Subtitle"),
        Ph("Details", "body", 13, (1.0, 5.45, 11.5, 1.1), size=18, colour="tx2",
           prompt="Audience and date"),
    ], master_shapes=False,
        decor=((0, 0, 0.3, SLIDE_HEIGHT_IN, "accent1"),
               (1.0, 3.88, 1.2, 0.06, "accent2"))),
    Layout("Section", "secHead", [
        Ph("Number", "body", 13, (0.9, 1.0, 11.5, 1.3), size=60, bold=True, colour="bg1",
           anchor="b", prompt="01"),
        Ph("Title", "title", None, (0.9, 2.55, 11.5, 1.5), size=40, bold=True, colour="bg1",
           prompt="Section title", line_spacing=90),
        Ph("Headline", "body", 1, (0.9, 4.25, 11.5, 2.0), size=24, colour="bg2",
           prompt="The section's claim"),
        *footer("bg2"),
    ], master_shapes=False, background="accent1",
        decor=((0.9, 2.4, 1.2, 0.06, "accent2"),)),
    Layout("Content", "obj", [
        title(),
        Ph("Body", "body", 1, (MARGIN, TOP, CONTENT_W, 5.0), bullets=True, prompt="Text"),
        *footer(),
    ]),
    Layout("Chart", "", [
        title(),
        Ph("Chart", "pic", 1, (MARGIN, TOP, CONTENT_W, 4.6), prompt="Chart"),
        caption(6.4, 0.5),
        *footer(),
    ]),
    Layout("Chart and Text", "", [
        title(),
        Ph("Chart", "pic", 1, (MARGIN, TOP, 6.7, 4.6), prompt="Chart"),
        Ph("Side text", "body", 2, (7.65, TOP, SLIDE_WIDTH_IN - MARGIN - 7.65, 4.6),
           bullets=True, prompt="Text beside the chart"),
        caption(6.4, 0.5),
        *footer(),
    ]),
    Layout("Table", "", [
        title(),
        Ph("Table", "tbl", 1, (MARGIN, TOP, CONTENT_W, 4.35), prompt="Table"),
        caption(6.15, 0.75),
        *footer(),
    ]),
    Layout("Sources", "", [
        title(),
        Ph("Sources", "body", 1, (MARGIN, TOP, 7.45, 5.0), size=18, prompt="Sources"),
        Ph("Boundaries", "body", 2, (8.45, TOP, SLIDE_WIDTH_IN - MARGIN - 8.45, 5.0), size=18,
           colour="tx1", insets=(0.25, 0.2, 0.25, 0.2), fill="bg2",
           prompt="What these numbers do not say"),
        *footer(),
    ]),
]
assert [layout.name for layout in LAYOUT_SPECS] == list(LAYOUTS)


# --- XML ---------------------------------------------------------------------------

def colour_xml(colour: str) -> str:
    if not colour:
        return ""
    if colour in {"tx1", "tx2", "bg1", "bg2", "accent1", "accent2"}:
        return f'<a:solidFill><a:schemeClr val="{colour}"/></a:solidFill>'
    return f'<a:solidFill><a:srgbClr val="{colour}"/></a:solidFill>'


RECT = '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom>'


def xfrm_xml(x: float, y: float, w: float, h: float) -> str:
    return (f'<a:xfrm><a:off x="{emu(x)}" y="{emu(y)}"/>'
            f'<a:ext cx="{emu(w)}" cy="{emu(h)}"/></a:xfrm>')


def sp_xml(shape_id: int, ph: Ph) -> str:
    idx = "" if ph.idx is None else f' idx="{ph.idx}"'
    quarter = ph.ph_type in {"ftr", "sldNum", "body", "pic", "tbl"} and ph.idx
    size = ' sz="quarter"' if quarter else ""
    x, y, w, h = ph.box
    fill = colour_xml(ph.fill)
    l, t, r, b = (emu(v) for v in ph.insets)
    body = (f'<a:bodyPr vert="horz" wrap="square" lIns="{l}" tIns="{t}" rIns="{r}" bIns="{b}" '
            f'rtlCol="0" anchor="{ph.anchor}"><a:normAutofit/></a:bodyPr>')
    return (f'<p:sp><p:nvSpPr><p:cNvPr id="{shape_id}" name="{ph.name}"/>'
            f'<p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr>'
            f'<p:nvPr><p:ph type="{ph.ph_type}"{size}{idx}/></p:nvPr></p:nvSpPr>'
            f'<p:spPr>{xfrm_xml(x, y, w, h)}{RECT}{fill}</p:spPr>'
            f'<p:txBody>{body}<a:lstStyle>{lvl1_xml(ph)}</a:lstStyle>{prompt_xml(ph)}'
            '</p:txBody></p:sp>')


def lvl1_xml(ph: Ph) -> str:
    """The placeholder's own first-level style: alignment, bullets, size, colour."""
    attrs = f' algn="{ph.align}"'
    bullets = ""
    if not ph.bullets and ph.ph_type not in {"title", "ctrTitle"}:
        attrs = f' marL="0" indent="0"{attrs}'
        bullets = "<a:buNone/>"
    spacing = (f'<a:lnSpc><a:spcPct val="{ph.line_spacing * 1000}"/></a:lnSpc>'
               if ph.line_spacing != 100 else "")
    run = ""
    if ph.size:
        run += f' sz="{round(ph.size * 100)}"'
    if ph.bold is not None:
        run += f' b="{int(ph.bold)}"'
    return (f'<a:lvl1pPr{attrs}>{spacing}{bullets}<a:defRPr{run}>{colour_xml(ph.colour)}'
            f'</a:defRPr></a:lvl1pPr>')


def prompt_xml(ph: Ph) -> str:
    if ph.ph_type == "sldNum":
        return ('<a:p><a:fld id="{B6F15528-21DE-4FAA-801E-634DDDAF4B2B}" type="slidenum">'
                '<a:rPr lang="en-GB"/><a:t>‹#›</a:t></a:fld></a:p>')
    if not ph.prompt:
        return '<a:p><a:endParaRPr lang="en-GB"/></a:p>'
    return f'<a:p><a:r><a:rPr lang="en-GB"/><a:t>{ph.prompt}</a:t></a:r></a:p>'


def rect_xml(shape_id: int, box: tuple[float, float, float, float], fill: str) -> str:
    x, y, w, h = box
    return (f'<p:sp><p:nvSpPr><p:cNvPr id="{shape_id}" name="Decoration {shape_id}"/>'
            f'<p:cNvSpPr/><p:nvPr userDrawn="1"/></p:nvSpPr>'
            f'<p:spPr>{xfrm_xml(x, y, w, h)}{RECT}{colour_xml(fill)}'
            f'<a:ln><a:noFill/></a:ln></p:spPr></p:sp>')


SPTREE_HEAD = ('<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>'
               '<p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/>'
               '<a:chOff x="0" y="0"/><a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr>')


def background_xml(fill: str) -> str:
    if not fill:
        return ""
    return f'<p:bg><p:bgPr>{colour_xml(fill)}<a:effectLst/></p:bgPr></p:bg>'


def layout_xml(layout: Layout) -> str:
    shapes = [rect_xml(2 + i, box[:4], box[4]) for i, box in enumerate(layout.decor)]
    first = 2 + len(shapes)
    shapes += [sp_xml(first + i, ph) for i, ph in enumerate(layout.placeholders)]
    ppt_type = f' type="{layout.ppt_type}"' if layout.ppt_type else ""
    show = "" if layout.master_shapes else ' showMasterSp="0"'
    return (f'<p:sldLayout {NSDECL}{ppt_type}{show} preserve="1">'
            f'<p:cSld name="{layout.name}">{background_xml(layout.background)}'
            f'<p:spTree>{SPTREE_HEAD}{"".join(shapes)}</p:spTree></p:cSld>'
            f'<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>')


MASTER_PLACEHOLDERS = [
    Ph("Title", "title", None, TITLE_BOX, anchor="b", prompt="Slide title"),
    Ph("Body", "body", 1, (MARGIN, TOP, CONTENT_W, 5.0), bullets=True, prompt="Text"),
    Ph("Footer", "ftr", 3, FOOTER_BOX, colour="tx2", anchor="ctr", insets=(0, 0, 0, 0)),
    Ph("Slide number", "sldNum", 4, NUMBER_BOX, colour="tx2", anchor="ctr", align="r",
       insets=(0, 0, 0, 0)),
]
TITLE_RULE = (MARGIN, 1.53, 0.9, 0.06, "accent1")   # theme slots: a restyled theme recolours


def level_xml(level: int, size: float, bullet: str, mar: float, hang: float) -> str:
    return (f'<a:lvl{level}pPr marL="{emu(mar)}" indent="{-emu(hang)}" algn="l" rtl="0" '
            f'eaLnBrk="1" latinLnBrk="0" hangingPunct="1">'
            f'<a:lnSpc><a:spcPct val="100000"/></a:lnSpc>'
            f'<a:spcBef><a:spcPts val="{round(size * 50)}"/></a:spcBef>'
            f'<a:buClr><a:schemeClr val="accent1"/></a:buClr>'
            f'<a:buFontTx/><a:buChar char="{bullet}"/>'
            f'<a:defRPr sz="{round(size * 100)}" kern="0">{colour_xml("tx1")}'
            f'<a:latin typeface="+mn-lt"/><a:ea typeface="+mn-ea"/><a:cs typeface="+mn-cs"/>'
            f'</a:defRPr></a:lvl{level}pPr>')


def text_styles_xml() -> str:
    title_style = ('<p:titleStyle><a:lvl1pPr algn="l" rtl="0" eaLnBrk="1" latinLnBrk="0" '
                   'hangingPunct="1"><a:lnSpc><a:spcPct val="90000"/></a:lnSpc>'
                   '<a:spcBef><a:spcPct val="0"/></a:spcBef><a:buNone/>'
                   f'<a:defRPr sz="3200" b="1" kern="0">{colour_xml("tx1")}'
                   '<a:latin typeface="+mj-lt"/><a:ea typeface="+mj-ea"/><a:cs typeface="+mj-cs"/>'
                   '</a:defRPr></a:lvl1pPr></p:titleStyle>')
    levels = [(22, "•", 0.35, 0.35), (20, "–", 0.8, 0.35), (18, "•", 1.2, 0.3),
              (18, "–", 1.6, 0.3), (18, "•", 2.0, 0.3)]
    body = "".join(level_xml(i + 1, *spec) for i, spec in enumerate(levels))
    other = ('<p:otherStyle><a:defPPr><a:defRPr lang="en-GB"/></a:defPPr>'
             '<a:lvl1pPr marL="0" algn="l" rtl="0" eaLnBrk="1" latinLnBrk="0" hangingPunct="1">'
             f'<a:defRPr sz="1800" kern="0">{colour_xml("tx1")}'
             '<a:latin typeface="+mn-lt"/><a:ea typeface="+mn-ea"/><a:cs typeface="+mn-cs"/>'
             '</a:defRPr></a:lvl1pPr></p:otherStyle>')
    return f'<p:txStyles>{title_style}<p:bodyStyle>{body}</p:bodyStyle>{other}</p:txStyles>'


def master_xml(layout_rids: list[str]) -> str:
    shapes = [rect_xml(2, TITLE_RULE[:4], TITLE_RULE[4])]
    shapes += [sp_xml(3 + i, ph) for i, ph in enumerate(MASTER_PLACEHOLDERS)]
    ids = "".join(f'<p:sldLayoutId id="{2147483649 + i}" r:id="{rid}"/>'
                  for i, rid in enumerate(layout_rids))
    return (f'<p:sldMaster {NSDECL}><p:cSld>'
            f'<p:bg><p:bgRef idx="1001"><a:schemeClr val="bg1"/></p:bgRef></p:bg>'
            f'<p:spTree>{SPTREE_HEAD}{"".join(shapes)}</p:spTree></p:cSld>'
            '<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" '
            'accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" '
            'accent6="accent6" hlink="hlink" folHlink="folHlink"/>'
            f'<p:sldLayoutIdLst>{ids}</p:sldLayoutIdLst>{text_styles_xml()}</p:sldMaster>')


# --- theme -------------------------------------------------------------------------

THEME_COLOURS = {
    "dk1": PALETTE.ink, "lt1": PALETTE.paper, "dk2": PALETTE.muted, "lt2": PALETTE.band,
    "accent1": PALETTE.series[0], "accent2": PALETTE.series[1], "accent3": PALETTE.series[2],
    "accent4": PALETTE.series[3], "accent5": PALETTE.series[4], "accent6": PALETTE.series[5],
    "hlink": PALETTE.accent, "folHlink": PALETTE.muted,
}


def rework_theme(blob: bytes) -> bytes:
    root = etree.fromstring(blob)
    root.set("name", "notedeck")
    scheme = root.find(f".//{{{NS_A}}}clrScheme")
    scheme.set("name", "notedeck")
    for slot, colour in THEME_COLOURS.items():
        element = scheme.find(f"{{{NS_A}}}{slot}")
        for child in list(element):
            element.remove(child)
        etree.SubElement(element, f"{{{NS_A}}}srgbClr", val=hex6(colour))
    fonts = root.find(f".//{{{NS_A}}}fontScheme")
    fonts.set("name", "notedeck")
    for which in ("majorFont", "minorFont"):
        font = fonts.find(f"{{{NS_A}}}{which}")
        font.find(f"{{{NS_A}}}latin").set("typeface", DECK_TYPEFACE)
    root.find(f".//{{{NS_A}}}fmtScheme").set("name", "notedeck")
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


# --- assembly ----------------------------------------------------------------------

def build(out: Path) -> Path:
    prs = Presentation()
    prs.slide_width, prs.slide_height = SLIDE_W, SLIDE_H
    slide_size = prs.part._element.find(
        "{http://schemas.openxmlformats.org/presentationml/2006/main}sldSz")
    slide_size.attrib.pop("type", None)
    master = prs.slide_master
    layout_rels = sorted((rel for rel in master.part.rels.values()
                          if rel.reltype.endswith("/slideLayout")),
                         key=lambda rel: rel.target_part.partname.idx)
    keep = layout_rels[:len(LAYOUT_SPECS)]
    for rel in layout_rels[len(LAYOUT_SPECS):]:
        master.part.drop_rel(rel.rId)
    for rel, spec in zip(keep, LAYOUT_SPECS):
        rel.target_part._element = parse_xml(layout_xml(spec))
    master.part._element = parse_xml(master_xml([rel.rId for rel in keep]))
    for rel in master.part.rels.values():
        if rel.reltype.endswith("/theme"):
            rel.target_part._blob = rework_theme(rel.target_part.blob)
    for rel in list(prs.part.rels.values()):
        if rel.reltype.endswith("/printerSettings"):
            prs.part.drop_rel(rel.rId)
    package_rels = prs.part.package._rels   # python-pptx's stock thumbnail would preview
    for rel in list(package_rels.values()):  # every deck as a blank slide: leave none
        if rel.reltype.endswith("/thumbnail"):
            package_rels.pop(rel.rId)
    core = prs.core_properties
    core.title, core.author, core.subject = "notedeck default template", "notedeck", ""
    core.comments, core.last_modified_by, core.revision = "", "notedeck", 1
    core.created = core.modified = core.last_printed = FIXED_DATE
    out.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    prs.save(buffer)
    return normalise_package(buffer, out)


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else DEFAULT_TEMPLATE
    print(build(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
