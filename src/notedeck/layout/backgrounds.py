"""A template's look as plain data: each role's layout background, decorations and placeholder colours.

What PowerPoint draws behind the text of a slide comes from the layout its
role maps to (in any slide master) and that layout's master: a background
colour or picture, shapes that are not placeholders (the master's only when
the layout shows them), and the fill and text colour of each placeholder.
Colours are resolved by layout/styles.py (theme slots through the
master's colour map, lumMod/lumOff, tint, shade; a gradient as the mean of its
stops); the placeholders' text colours are their TextStyles, already resolved
when the template was read. Drawn: solid fills, pictures, rectangles, rounded
rectangles, ellipses, lines and custom shapes of straight lines and curves;
left out: arcs, groups, text in decorations.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from notedeck.layout import styles
from notedeck.layout.geometry import EMU_PER_IN, Box
from notedeck.layout.mapping import Template
from notedeck.layout.roles import Mapped

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
R_EMBED = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}embed"
LINES = ("line", "straightConnector1")
ROUND = ("roundRect",)
OVAL = ("ellipse",)
BOXES = ("rect", "roundRect", "snip1Rect", "snip2SameRect", "round1Rect", "round2SameRect",
         "flowChartProcess", "ellipse")


@dataclass(frozen=True)
class Decoration:
    """A shape behind the text: a filled or outlined box (rect, round, oval), a line, or a
    picture."""

    box: Box
    fill: str = ""               # "#RRGGBB" or ""
    stroke: str = ""
    stroke_width: float = 0.0    # points
    kind: str = "rect"           # "rect" | "round" | "oval" | "line" | "path" | "picture"
    image: bytes = b""
    flip: tuple[bool, bool] = (False, False)   # a line's flipH, flipV
    path: tuple = ()             # a custom shape's outlines: (op, (x, y)...) as fractions


@dataclass(frozen=True)
class LayoutArt:
    """One role's slides: what lies behind the text, and each slot's text colour and fill."""

    background: str = "#FFFFFF"
    background_image: bytes = b""
    decorations: tuple[Decoration, ...] = ()
    ink: dict[str, str] = field(default_factory=dict)     # slot -> text colour
    fills: dict[str, str] = field(default_factory=dict)   # slot -> placeholder fill
    caps: frozenset[str] = frozenset()                    # slots the template sets in capitals


@dataclass(frozen=True)
class TemplateArt:
    roles: dict[str, LayoutArt]

    def role(self, name: str) -> LayoutArt:
        return self.roles.get(name, LayoutArt())


def read_art(data: bytes, template: Template) -> TemplateArt:
    """Every mapped role's art, read from the template's package."""
    from notedeck.layout.package import open_presentation

    prs = open_presentation(data, template.file)
    masters = list(prs.slide_masters)
    return TemplateArt({name: _role_art(mapped, masters[mapped.layout.master], template)
                        for name, mapped in template.roles.items()})


def _role_art(mapped: Mapped, master, template: Template) -> LayoutArt:
    layout = master.slide_layouts[mapped.layout.index]
    theme = template.info.masters[mapped.layout.master].theme
    background, image = _background(layout, master, theme)
    shapes = []
    if layout._element.get("showMasterSp", "1") not in ("0", "false"):
        shapes += _decorations(master, theme)
    shapes += _decorations(layout, theme)
    slots = dict(mapped.slots)
    if mapped.footer is not None and mapped.number is not None:
        slots.update({"footer": mapped.footer, "slide_number": mapped.number})
    ink, fills = {}, {}
    for slot, ph in slots.items():
        ink[slot] = (ph.style.colour or theme.ink("tx1")).rgb
        fill = _placeholder_fill(mapped, ph, layout, master, theme)
        if fill:
            fills[slot] = fill
    caps = frozenset(slot for slot, ph in slots.items() if ph.style.caps)
    return LayoutArt(background, image, tuple(shapes), ink, fills, caps)


# --- backgrounds and decorations ---------------------------------------------------------

def _background(layout, master, theme: styles.Theme) -> tuple[str, bytes]:
    """The first of the layout's and the master's backgrounds: a colour, or a picture (with
    the theme's bg1 under it)."""
    for part in (layout, master):
        bg = part._element.find(f"{P}cSld/{P}bg")
        if bg is None:
            continue
        props = bg.find(f"{P}bgPr")
        if props is not None:
            blip = props.find(f"{A}blipFill/{A}blip")
            if blip is not None:
                return theme.rgb("bg1"), _blob(part, blip.get(R_EMBED))
            ink = styles.fill_ink(props, theme)
            return (ink.rgb if ink else theme.rgb("bg1")), b""
        ref = bg.find(f"{P}bgRef")
        ink = styles.ink(ref[0], theme) if ref is not None and len(ref) else None
        return (ink.rgb if ink else theme.rgb("bg1")), b""
    return theme.rgb("bg1"), b""


def _decorations(part, theme: styles.Theme) -> list[Decoration]:
    out = []
    for shape in part._element.find(f"{P}cSld/{P}spTree"):
        tag = shape.tag.rsplit("}", 1)[-1]
        if shape.find(f".//{P}nvPr/{P}ph") is not None:
            continue
        box, flip = _box(shape)
        if box is None:
            continue
        if tag == "pic":
            blip = shape.find(f"{P}blipFill/{A}blip")
            if blip is not None:
                out.append(Decoration(box, kind="picture", image=_blob(part, blip.get(R_EMBED))))
        elif tag in ("sp", "cxnSp"):
            decoration = _drawn(shape, tag, box, flip, theme)
            if decoration is not None:
                out.append(decoration)
    return out


def _drawn(shape, tag: str, box: Box, flip, theme: styles.Theme) -> Decoration | None:
    pr = shape.find(f"{P}spPr")
    if pr is None:
        return None
    custom = pr.find(f"{A}custGeom")
    path = _path(custom) if custom is not None else ()
    if custom is not None and not path:
        return None
    geometry = pr.find(f"{A}prstGeom")
    preset = geometry.get("prst", "rect") if geometry is not None else "rect"
    line = preset in LINES or (tag == "cxnSp" and not path)
    if not line and not path and preset not in BOXES:
        return None
    style = shape.find(f"{P}style")
    stroke, width = _outline(pr, style, theme)
    fill = "" if line else _fill(pr, style, theme)
    if not (fill or stroke):
        return None
    kind = ("path" if path else "line" if line else "round" if preset in ROUND
            else "oval" if preset in OVAL else "rect")
    return Decoration(box, fill, stroke, width, kind, flip=flip, path=path)


def _path(custom) -> tuple:
    """A custom shape's outlines made of straight lines and cubic curves, each point as a
    fraction of the box; () when it has anything else (arcs, guides): left out."""
    out = []
    for path in custom.iterfind(f"{A}pathLst/{A}path"):
        try:
            w, h = float(path.get("w", "0")), float(path.get("h", "0"))
            if w <= 0 or h <= 0:
                return ()
            for step in path:
                op = step.tag.rsplit("}", 1)[-1]
                if op == "close":
                    out.append(("close",))
                elif op in ("moveTo", "lnTo", "cubicBezTo"):
                    out.append((op, *((float(pt.get("x")) / w, float(pt.get("y")) / h)
                                      for pt in step.iterfind(f"{A}pt"))))
                else:
                    return ()
        except (TypeError, ValueError):     # a point given by a guide's name
            return ()
    return tuple(out)


def _box(shape) -> tuple[Box | None, tuple[bool, bool]]:
    xfrm = shape.find(f".//{A}xfrm")
    off = xfrm.find(f"{A}off") if xfrm is not None else None
    ext = xfrm.find(f"{A}ext") if xfrm is not None else None
    if off is None or ext is None:
        return None, (False, False)
    values = [int(v) / EMU_PER_IN for v in (off.get("x", 0), off.get("y", 0), ext.get("cx", 0),
                                             ext.get("cy", 0))]
    flip = tuple(xfrm.get(k) in ("1", "true") for k in ("flipH", "flipV"))
    return Box(*values), flip


def _blob(part, rid: str | None) -> bytes:
    try:
        return part.part.related_part(rid).blob
    except (KeyError, AttributeError):
        return b""


def _fill(pr, style, theme: styles.Theme) -> str:
    """A shape's own fill, else its style's fill reference; "" for none."""
    if pr.find(f"{A}noFill") is not None:
        return ""
    ink = styles.fill_ink(pr, theme)
    if ink is None and style is not None:
        ref = style.find(f"{A}fillRef")
        if ref is not None and ref.get("idx", "0") != "0" and len(ref):
            ink = styles.ink(ref[0], theme)
    return ink.rgb if ink else ""


def _outline(pr, style, theme: styles.Theme) -> tuple[str, float]:
    ln = pr.find(f"{A}ln")
    if ln is not None and ln.find(f"{A}noFill") is not None:
        return "", 0.0
    width = int(ln.get("w", "12700")) / 12700 if ln is not None else 1.0
    ink = styles.fill_ink(ln, theme) if ln is not None else None
    if ink is None and style is not None:
        ref = style.find(f"{A}lnRef")
        if ref is not None and ref.get("idx", "0") != "0" and len(ref):
            ink = styles.ink(ref[0], theme)
    return (ink.rgb, width) if ink else ("", 0.0)


# --- placeholders ----------------------------------------------------------------------

def _placeholder_fill(mapped: Mapped, ph, layout, master, theme: styles.Theme) -> str:
    """The placeholder's own fill, else the fill of the master placeholder it inherits."""
    own = any(p is ph for p in mapped.layout.placeholders)
    shapes = list(layout.placeholders if own else master.placeholders)
    if not 0 <= ph.position < len(shapes):
        return ""
    shape = shapes[ph.position]
    elements = [shape._element]
    if own:
        try:
            base = shape._base_placeholder
        except (AttributeError, KeyError, ValueError):
            base = None
        if base is not None:
            elements.append(base._element)
    for element in elements:
        pr = element.find(f"{P}spPr")
        if pr is None:
            continue
        if pr.find(f"{A}noFill") is not None:
            return ""
        ink = styles.fill_ink(pr, theme)
        if ink is not None:
            return ink.rgb
    return ""
