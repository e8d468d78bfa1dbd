"""What lies behind a layout's text, as data: the background and every shape of the layout (and
of its master, where the layout shows them) that is not a placeholder.

Each shape is a `Decoration`: its outline as paths in its own box (outlines.py), its fill and
line (paint.py), a hard shadow where it has one, and the transform that places its box on
the slide (its offset, rotation and flips, inside every group that holds it). slides.pdf
draws them; `Backdrop.colours` samples them, composited with their alpha, for the contrast
check. Left out: text inside decorations, soft effects (glow, blur), 3-D, charts and tables.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cached_property

from notedeck.template import outlines, paint, styles
from notedeck.template.boxes import EMU_PER_IN, Box
from notedeck.template.paint import Paint, Solid, Stroke

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
MAX_SHAPES = 2000            # decorations read from one master or layout
MAX_DEPTH = 12               # groups inside groups
IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
SAMPLES_X = (0.1, 0.3, 0.5, 0.7, 0.9)     # where a box's colours are sampled, as fractions
SAMPLES_Y = (0.2, 0.5, 0.8)
# A chart's ground, where a line or a bar may run to any edge: seven by five, edges included
GRAPHIC = ((0.02, 0.18, 0.34, 0.5, 0.66, 0.82, 0.98), (0.02, 0.26, 0.5, 0.74, 0.98))

Affine = tuple[float, float, float, float, float, float]   # x' = a x + c y + e, y' = b x + d y + f


@dataclass(frozen=True)
class Shadow:
    """A hard shadow: the shape's outline in `colour`, moved by dx, dy inches."""

    colour: Solid
    dx: float
    dy: float


@dataclass(frozen=True)
class Decoration:
    """A shape behind the text: its outline in its own w x h box (inches), its fill and line,
    and where the box sits on the slide."""

    paths: tuple
    size: tuple[float, float]
    transform: Affine = IDENTITY
    fill: Paint | None = None
    line: Stroke | None = None
    shadow: Shadow | None = None

    @property
    def bounds(self) -> Box:
        """The slide's box around the placed shape."""
        w, h = self.size
        points = [apply(self.transform, x, y) for x, y in ((0, 0), (w, 0), (0, h), (w, h))]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    @cached_property
    def _polygons(self):
        return outlines.polygons(self.paths)

    @cached_property
    def _extent(self) -> tuple[float, float, float, float]:
        """The polygons' bounds in the shape's own space: a point outside is not covered."""
        points = [point for polygon in self._polygons for point in polygon] or [(0.0, 0.0)]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return min(xs), min(ys), max(xs), max(ys)

    def covers(self, x: float, y: float) -> bool:
        """Whether the shape's fill covers a point of the slide."""
        local = invert(self.transform)
        if local is None:
            return False
        u, v = apply(local, x, y)
        x0, y0, x1, y1 = self._extent
        return x0 <= u <= x1 and y0 <= v <= y1 and outlines.inside(self._polygons, u, v)

    def local(self, x: float, y: float) -> tuple[float, float]:
        inverse = invert(self.transform)
        return apply(inverse, x, y) if inverse else (x, y)


@dataclass(frozen=True)
class Backdrop:
    """A layout's background over the theme's bg1, and its decorations in drawing order."""

    size: tuple[float, float]                 # the slide, inches
    base: str = "#FFFFFF"                     # bg1, under a picture or translucent background
    background: Paint | None = None
    decorations: tuple[Decoration, ...] = ()

    def colour_at(self, x: float, y: float) -> str | None:
        """The colour a person sees at a point of the slide, with every translucent shape laid
        over what is below it; None where a picture shows."""
        seen: str | None = self.base
        if self.background is not None:
            seen = _over(self.background, self.size, (x, y), seen)
        for item in self.decorations:
            if item.fill is None or not item.covers(x, y):
                continue
            seen = _over(item.fill, item.size, item.local(x, y), seen)
        return seen

    def colours(self, box: Box, grid=(SAMPLES_X, SAMPLES_Y)) -> list[str | None]:
        """The colours behind a box at the points of `grid` (fractions across and down it):
        fifteen, five by three, unless another grid is given (GRAPHIC: a chart's)."""
        across, down = grid
        return [self.colour_at(box.x + box.w * fx, box.y + box.h * fy)
                for fy in down for fx in across]

    def covered(self, box: Box) -> float:
        """The share of a box that decoration lies over: 0 clear, 1 covered."""
        area = sum(w * h for w, h in (box.overlap(d.bounds) for d in self.decorations
                                      if d.fill is not None))
        return min(area / max(box.area, 1e-9), 1.0)


def _over(fill: Paint, size, at, below: str | None) -> str | None:
    shown = paint.colour_at(fill, *size, *at)
    if shown is None:
        return None
    if shown[1] >= 0.999:
        return shown[0]
    if below is None:
        return None
    return paint.over(shown, below)


# --- reading -------------------------------------------------------------------------

def read(layout, master, theme: styles.Theme, size: tuple[float, float],
         master_decorations: tuple[Decoration, ...] | None = None) -> Backdrop:
    """A layout's backdrop; its master's decorations may be passed in when already read."""
    shows_master = layout._element.get("showMasterSp", "1") not in ("0", "false")
    own = decorations(layout, theme)
    if shows_master:
        if master_decorations is None:
            master_decorations = decorations(master, theme)
        own = master_decorations + own
    return Backdrop(size, theme.rgb("bg1"), background(layout, master, theme), own)


def background(layout, master, theme: styles.Theme) -> Paint:
    """The first of the layout's and the master's backgrounds; bg1 where neither has one."""
    for part in (layout, master):
        bg = part._element.find(f"{P}cSld/{P}bg")
        if bg is None:
            continue
        props = bg.find(f"{P}bgPr")
        if props is not None:
            return paint.fill(props, theme, part.part) or Solid(theme.rgb("bg1"))
        ref = bg.find(f"{P}bgRef")
        found = paint.colour(ref[0], theme) if ref is not None and len(ref) else None
        if not found:
            return Solid(theme.rgb("bg1"))
        return Solid(_styled(found[0], ref.get("idx", ""), theme), found[1])
    return Solid(theme.rgb("bg1"))


def _styled(rgb: str, idx: str, theme: styles.Theme) -> str:
    """A bgRef's colour through the theme's background fill it names (idx 1001 the first),
    where that is a solid fill with modifiers (Office's second: tint 95%)."""
    n = int(idx) - 1001 if idx.isdigit() else -1
    mods = theme.backgrounds[n] if 0 <= n < len(theme.backgrounds) else None
    return styles.restyled(rgb, mods) if mods else rgb


def decorations(part, theme: styles.Theme) -> tuple[Decoration, ...]:
    """Every shape of a master or layout that is not a placeholder, in drawing order."""
    tree = part._element.find(f"{P}cSld/{P}spTree")
    out: list[Decoration] = []
    if tree is not None:
        _walk(tree, IDENTITY, None, part, theme, out, 0)
    return tuple(out)


def _walk(tree, transform: Affine, group_fill, part, theme, out: list, depth: int) -> None:
    for shape in tree:
        if len(out) >= MAX_SHAPES:
            return
        tag = shape.tag.replace(P, "")
        if tag not in ("sp", "cxnSp", "pic", "grpSp") or _hidden(shape):
            continue
        if shape.find(f"{P}nvSpPr/{P}nvPr/{P}ph") is not None or \
                shape.find(f"{P}nvPicPr/{P}nvPr/{P}ph") is not None:
            continue
        if tag == "grpSp":
            if depth < MAX_DEPTH:
                props = shape.find(f"{P}grpSpPr")
                inner = _group(props)
                fill = paint.fill(props, theme, part.part) if props is not None else None
                _walk(shape, compose(transform, inner), fill or group_fill, part, theme, out,
                      depth + 1)
            continue
        made = _decoration(shape, tag, transform, group_fill, part, theme)
        if made is not None:
            out.append(made)


def _hidden(shape) -> bool:
    for path in (f"{P}nvSpPr/{P}cNvPr", f"{P}nvCxnSpPr/{P}cNvPr", f"{P}nvPicPr/{P}cNvPr",
                 f"{P}nvGrpSpPr/{P}cNvPr"):
        found = shape.find(path)
        if found is not None:
            return found.get("hidden") in ("1", "true")
    return False


def _decoration(shape, tag: str, transform: Affine, group_fill, part, theme
                ) -> Decoration | None:
    pr = shape.find(f"{P}spPr")
    placed = _placement(pr)
    if placed is None:
        return None
    (w, h), own = placed
    style = shape.find(f"{P}style")
    if tag == "pic":
        blip = shape.find(f"{P}blipFill")
        fill = paint.picture(blip, part.part) if blip is not None else None
        line = paint.stroke(pr, style, theme)
    else:
        fill = _shape_fill(pr, style, theme, part, group_fill)
        line = paint.stroke(pr, style, theme)
    try:
        paths = _outline(pr, w, h)
    except outlines.Unsupported:
        return None
    if not paths or (fill is None and line is None):
        return None
    if not any(filled for _, filled, _ in paths):
        fill = None
        if line is None:
            return None
    return Decoration(paths, (w, h), compose(transform, own), fill, line, _shadow(pr, theme))


def _shape_fill(pr, style, theme, part, group_fill) -> Paint | None:
    named = next((c for c in pr if c.tag.replace(A, "") in paint.FILLS), None)
    if named is not None and named.tag == f"{A}grpFill":
        return group_fill
    return paint.fill(pr, theme, part.part, style)


def _outline(pr, w: float, h: float) -> tuple:
    emu_w, emu_h = w * EMU_PER_IN, h * EMU_PER_IN
    custom = pr.find(f"{A}custGeom")
    if custom is not None:
        return outlines.custom(custom, emu_w, emu_h)
    geometry = pr.find(f"{A}prstGeom")
    if geometry is None:
        return outlines.preset("rect", {}, emu_w, emu_h)
    return outlines.preset(geometry.get("prst", "rect"), outlines.adjustments(geometry),
                           emu_w, emu_h)


def _shadow(pr, theme) -> Shadow | None:
    found = pr.find(f"{A}effectLst/{A}outerShdw")
    if found is None or not len(found):
        return None
    shown = paint.colour(found[0], theme)
    if shown is None:
        return None
    dist = _number(found.get("dist")) / EMU_PER_IN
    angle = math.radians(_number(found.get("dir")) / 60000)
    if _number(found.get("blurRad")) > 0:        # a soft shadow: its core, fainter
        shown = (shown[0], shown[1] * 0.5)
    return Shadow(Solid(*shown), dist * math.cos(angle), dist * math.sin(angle))


# --- placement -------------------------------------------------------------------------

def _placement(pr) -> tuple[tuple[float, float], Affine] | None:
    """A shape's size and the transform from its box to its parent's space."""
    xfrm = pr.find(f"{A}xfrm") if pr is not None else None
    if xfrm is None:
        return None
    off, ext = xfrm.find(f"{A}off"), xfrm.find(f"{A}ext")
    if off is None or ext is None:
        return None
    x, y = _number(off.get("x")) / EMU_PER_IN, _number(off.get("y")) / EMU_PER_IN
    w, h = _number(ext.get("cx")) / EMU_PER_IN, _number(ext.get("cy")) / EMU_PER_IN
    if w < 0 or h < 0 or (w == 0 and h == 0):
        return None
    return (w, h), _place(xfrm, x, y, w, h)


def _place(xfrm, x: float, y: float, w: float, h: float) -> Affine:
    """Flips, then the rotation about the box's centre, then the offset."""
    flip_h, flip_v = (xfrm.get(k) in ("1", "true") for k in ("flipH", "flipV"))
    m = (-1.0 if flip_h else 1.0, 0.0, 0.0, -1.0 if flip_v else 1.0,
         w if flip_h else 0.0, h if flip_v else 0.0)
    angle = math.radians(_number(xfrm.get("rot")) / 60000)
    if angle:
        cos, sin = math.cos(angle), math.sin(angle)
        cx, cy = w / 2, h / 2
        m = compose((cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy), m)
    return compose((1.0, 0.0, 0.0, 1.0, x, y), m)


def _group(props) -> Affine:
    """A group's transform: its children's space (chOff, chExt) onto its box, then its box."""
    xfrm = props.find(f"{A}xfrm") if props is not None else None
    if xfrm is None:
        return IDENTITY
    values = {}
    for name, keys in (("off", ("x", "y")), ("ext", ("cx", "cy")), ("chOff", ("x", "y")),
                       ("chExt", ("cx", "cy"))):
        node = xfrm.find(f"{A}{name}")
        values[name] = tuple(_number(node.get(k)) / EMU_PER_IN if node is not None else 0.0
                             for k in keys)
    (x, y), (w, h) = values["off"], values["ext"]
    (cx, cy), (cw, ch) = values["chOff"], values["chExt"]
    sx = w / cw if cw else 1.0
    sy = h / ch if ch else 1.0
    inner = (sx, 0.0, 0.0, sy, -cx * sx, -cy * sy)
    return compose(_place(xfrm, x, y, w, h), inner)


def _number(value) -> float:
    try:
        return float(value) if value not in (None, "") else 0.0
    except ValueError:
        return 0.0


# --- affine transforms ---------------------------------------------------------------

def compose(outer: Affine, inner: Affine) -> Affine:
    """The transform that applies `inner`, then `outer`."""
    a1, b1, c1, d1, e1, f1 = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (a1 * a2 + c1 * b2, b1 * a2 + d1 * b2, a1 * c2 + c1 * d2, b1 * c2 + d1 * d2,
            a1 * e2 + c1 * f2 + e1, b1 * e2 + d1 * f2 + f1)


def apply(m: Affine, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def invert(m: Affine) -> Affine | None:
    a, b, c, d, e, f = m
    det = a * d - b * c
    if abs(det) < 1e-12:
        return None
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


# --- placeholders ----------------------------------------------------------------------

def placeholder_shape(sources, box: Box, theme: styles.Theme) -> Decoration | None:
    """A placeholder's own fill and line, drawn under its text: from the first of `sources`
    ((element, part): the layout's placeholder, then the master's it inherits) that names
    each; None when it has neither."""
    fill = line = None
    fill_told = line_told = False
    geometry = None
    for element, part in sources:
        pr = element.find(f"{P}spPr") if element is not None else None
        if pr is None:
            continue
        style = element.find(f"{P}style")
        if not fill_told and any(c.tag.replace(A, "") in paint.FILLS for c in pr):
            fill, fill_told = paint.fill(pr, theme, getattr(part, "part", part), style), True
        if not line_told and pr.find(f"{A}ln") is not None:
            line, line_told = paint.stroke(pr, style, theme), True
        if geometry is None and (pr.find(f"{A}prstGeom") is not None
                                 or pr.find(f"{A}custGeom") is not None):
            geometry = pr
    if fill is None and line is None:
        return None
    try:
        paths = _outline(geometry if geometry is not None else _RECT, box.w, box.h)
    except outlines.Unsupported:
        paths = _outline(_RECT, box.w, box.h)
    return Decoration(paths, (box.w, box.h), (1.0, 0.0, 0.0, 1.0, box.x, box.y), fill, line)


def _rect():
    from lxml import etree

    return etree.fromstring(f'<p:spPr xmlns:p="{P[1:-1]}" xmlns:a="{A[1:-1]}">'
                            '<a:prstGeom prst="rect"/></p:spPr>')


_RECT = _rect()


def placed(shape: Decoration, box: Box) -> Decoration:
    """A placeholder's shape moved (and stretched) to the box its text was given."""
    w, h = shape.size
    sx, sy = (box.w / w if w else 1.0), (box.h / h if h else 1.0)
    if abs(sx - 1) < 1e-6 and abs(sy - 1) < 1e-6:
        return replace(shape, transform=(1.0, 0.0, 0.0, 1.0, box.x, box.y))
    return replace(shape, transform=(sx, 0.0, 0.0, sy, box.x, box.y))
