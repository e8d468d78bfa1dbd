"""A template's look as plain data: each layout's background, decorations and placeholder colours.

What PowerPoint draws behind the text of a slide comes from its layout and
master: a background colour or picture, rectangles and pictures that are not
placeholders, and the colour and fill each placeholder gives its text. This
module reads that subset (solid fills, theme colours with lumMod/lumOff,
pictures, rectangles and lines) so slides.pdf draws the same slide;
anything else in a template (gradients, grouped or custom shapes, text in
decorations) is left out.
"""

from __future__ import annotations

import colorsys
from dataclasses import dataclass, field
from pathlib import Path

from notedeck.render.pptx.layouts import EMU_PER_IN, LAYOUTS, NO_FOOTER, Box

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
R_EMBED = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}embed"
ROLE_TYPES = {"footer": "ftr", "slide_number": "sldNum"}


@dataclass(frozen=True)
class Decoration:
    """A shape behind the text: a filled or outlined rectangle, a line, or a picture."""

    box: Box
    fill: str = ""               # "#RRGGBB" or ""
    stroke: str = ""
    stroke_width: float = 0.0    # points
    line: bool = False           # a straight line from the box's top-left to bottom-right
    image: bytes = b""


@dataclass(frozen=True)
class LayoutArt:
    background: str = "#FFFFFF"
    background_image: bytes = b""
    decorations: tuple[Decoration, ...] = ()
    ink: dict[str, str] = field(default_factory=dict)     # role -> text colour
    fills: dict[str, str] = field(default_factory=dict)   # role -> placeholder fill


@dataclass(frozen=True)
class TemplateArt:
    layouts: dict[str, LayoutArt]

    def layout(self, name: str) -> LayoutArt:
        return self.layouts.get(name, LayoutArt())


def read_art(source: bytes | Path) -> TemplateArt:
    """Every contract layout's art; a template the contract accepts always reads."""
    from io import BytesIO

    from pptx import Presentation

    prs = Presentation(BytesIO(source) if isinstance(source, bytes) else str(source))
    master = prs.slide_master
    colours = _Colours(master)
    by_name = {layout.name: layout for layout in prs.slide_layouts}
    return TemplateArt({name: _layout_art(by_name[name], master, colours, name)
                        for name in LAYOUTS if name in by_name})


def _layout_art(layout, master, colours: _Colours, name: str) -> LayoutArt:
    background, image = _background(layout, colours)
    if not background and not image:
        background, image = _background(master, colours)
    shapes = []
    if layout._element.get("showMasterSp", "1") not in ("0", "false"):
        shapes += _decorations(master, colours)
    shapes += _decorations(layout, colours)
    roles = dict(LAYOUTS[name])
    if name not in NO_FOOTER:
        roles.update(ROLE_TYPES)
    ink, fills = {}, {}
    for role, key in roles.items():
        ph = _placeholder(layout, key)
        twin = _placeholder(master, _ph_type(ph) if ph is not None else "body")
        ink[role] = (_text_colour(ph, colours) or _text_colour(twin, colours)
                     or _style_colour(master, _ph_type(ph) if ph is not None else "body", colours)
                     or "#000000")
        fills[role] = _fill(_sp_pr(ph), colours) or _fill(_sp_pr(twin), colours)
    return LayoutArt(background or "#FFFFFF", image, tuple(shapes), ink, fills)


# --- backgrounds and decorations ---------------------------------------------------------

def _background(part, colours: _Colours) -> tuple[str, bytes]:
    bg = part._element.find(f"{P}cSld/{P}bg")
    if bg is None:
        return "", b""
    pr = bg.find(f"{P}bgPr")
    if pr is not None:
        blip = pr.find(f"{A}blipFill/{A}blip")
        if blip is not None:
            return "", _blob(part, blip.get(R_EMBED))
        return _fill(pr, colours), b""
    ref = bg.find(f"{P}bgRef")
    return (colours.of(ref) if ref is not None else ""), b""


def _decorations(part, colours: _Colours) -> list[Decoration]:
    out = []
    for shape in part._element.find(f"{P}cSld/{P}spTree"):
        tag = shape.tag.rsplit("}", 1)[-1]
        if shape.find(f".//{P}nvPr/{P}ph") is not None:
            continue
        box = _box(shape)
        if box is None:
            continue
        if tag == "pic":
            blip = shape.find(f"{P}blipFill/{A}blip")
            if blip is not None:
                out.append(Decoration(box, image=_blob(part, blip.get(R_EMBED))))
        elif tag in ("sp", "cxnSp"):
            pr = shape.find(f"{P}spPr")
            geometry = pr.find(f"{A}prstGeom") if pr is not None else None
            kind = geometry.get("prst") if geometry is not None else "rect"
            line = kind in ("line", "straightConnector1") or tag == "cxnSp"
            stroke, width = _outline(pr, colours)
            fill = "" if line else _fill(pr, colours)
            if fill or stroke:
                out.append(Decoration(box, fill, stroke, width, line))
    return out


def _box(shape) -> Box | None:
    off = shape.find(f".//{A}xfrm/{A}off")
    ext = shape.find(f".//{A}xfrm/{A}ext")
    if off is None or ext is None:
        return None
    values = [int(v) / EMU_PER_IN for v in (off.get("x"), off.get("y"), ext.get("cx"),
                                             ext.get("cy"))]
    return Box(*values)


def _blob(part, rid: str | None) -> bytes:
    try:
        return part.part.related_part(rid).blob
    except (KeyError, AttributeError):
        return b""


def _outline(pr, colours: _Colours) -> tuple[str, float]:
    ln = pr.find(f"{A}ln") if pr is not None else None
    if ln is None or ln.find(f"{A}noFill") is not None:
        return "", 0.0
    return _fill(ln, colours), int(ln.get("w", "12700")) / 12700


# --- placeholders and colours -----------------------------------------------------------

def _ph_type(ph) -> str:
    if ph is None:
        return "body"
    return ph.find(f".//{P}nvPr/{P}ph").get("type", "body")


def _placeholder(part, key):
    """A placeholder of a layout by idx (int) or of either part by type (str)."""
    for shape in part._element.find(f"{P}cSld/{P}spTree"):
        ph = shape.find(f".//{P}nvPr/{P}ph")
        if ph is None:
            continue
        if isinstance(key, int) and int(ph.get("idx", "0")) == key:
            return shape
        kind = ph.get("type", "body")
        if isinstance(key, str) and (kind == key or {kind, key} <= {"title", "ctrTitle"}):
            return shape
    return None


def _sp_pr(shape):
    return None if shape is None else shape.find(f"{P}spPr")


def _fill(pr, colours: _Colours) -> str:
    if pr is None:
        return ""
    solid = pr.find(f"{A}solidFill")
    return colours.of(solid) if solid is not None else ""


def _text_colour(shape, colours: _Colours) -> str:
    if shape is None:
        return ""
    fill = shape.find(f"{P}txBody/{A}lstStyle/{A}lvl1pPr/{A}defRPr/{A}solidFill")
    return colours.of(fill) if fill is not None else ""


def _style_colour(master, ph_type: str, colours: _Colours) -> str:
    style = {"title": "titleStyle", "ctrTitle": "titleStyle", "body": "bodyStyle",
             "subTitle": "bodyStyle", "obj": "bodyStyle"}.get(ph_type, "otherStyle")
    fill = master._element.find(f"{P}txStyles/{P}{style}/{A}lvl1pPr/{A}defRPr/{A}solidFill")
    return colours.of(fill) if fill is not None else ""


class _Colours:
    """Colour elements as #RRGGBB: sRGB, system and theme colours through the master's map."""

    def __init__(self, master):
        self.scheme: dict[str, str] = {}
        self.mapping = dict(master._element.find(f"{P}clrMap").attrib) \
            if master._element.find(f"{P}clrMap") is not None else {}
        try:
            theme = next(rel.target_part for rel in master.part.rels.values()
                         if rel.reltype.endswith("/theme"))
            from lxml import etree

            root = etree.fromstring(theme.blob, etree.XMLParser(resolve_entities=False,
                                                                no_network=True))
            for item in root.find(f".//{A}clrScheme"):
                self.scheme[item.tag.rsplit("}", 1)[-1]] = self._plain(item[0]) if len(item) else ""
        except (StopIteration, AttributeError, ValueError, IndexError):
            pass

    def _plain(self, element) -> str:
        tag = element.tag.rsplit("}", 1)[-1]
        if tag == "srgbClr":
            return "#" + element.get("val", "000000").upper()
        if tag == "sysClr":
            return "#" + element.get("lastClr", "000000").upper()
        return ""

    def of(self, holder) -> str:
        """The colour an element holding one colour child names, transforms applied."""
        for element in holder:
            tag = element.tag.rsplit("}", 1)[-1]
            if tag == "schemeClr":
                name = element.get("val", "")
                base = self.scheme.get(self.mapping.get(name, name), "")
            else:
                base = self._plain(element)
            if base:
                return _transformed(base, element)
        return ""


def _transformed(colour: str, element) -> str:
    """lumMod / lumOff (PowerPoint's "lighter 40%"), the transforms templates use most."""
    mod = element.find(f"{A}lumMod")
    off = element.find(f"{A}lumOff")
    if mod is None and off is None:
        return colour
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    h, l, s = colorsys.rgb_to_hls(r, g, b)
    l = l * (int(mod.get("val")) / 100000 if mod is not None else 1)
    l = min(1.0, l + (int(off.get("val")) / 100000 if off is not None else 0))
    r, g, b = colorsys.hls_to_rgb(h, l, s)
    return "#" + "".join(f"{round(v * 255):02X}" for v in (r, g, b))
