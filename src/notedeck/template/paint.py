"""A template shape's fill and line as data (solid, gradient, picture, pattern; alpha kept), and
the colour a fill shows at a point.

Read from DrawingML: the fill a shape names in its properties, else the colour its style
refers to; colours through the master's colour map and their modifiers (lumMod, lumOff,
tint, shade, alpha). slides.pdf draws these values (render/pdfkit/paint.py) and the contrast
check samples them (`colour_at`), so what is judged is what is drawn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from notedeck.template import styles
from notedeck.template.styles import Theme

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
R_EMBED = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}embed"
FILLS = ("noFill", "solidFill", "gradFill", "blipFill", "pattFill", "grpFill")


@dataclass(frozen=True)
class Solid:
    rgb: str                     # "#RRGGBB"
    alpha: float = 1.0


@dataclass(frozen=True)
class Gradient:
    """Colour stops along a line at `angle` (linear) or out from a focus (circle, rect, shape);
    stop 0 at the start of the line or at the focus."""

    stops: tuple[tuple[float, str, float], ...]      # (position 0-1, "#RRGGBB", alpha)
    kind: str = "linear"         # "linear" | "circle" | "rect" | "shape"
    angle: float = 0.0           # degrees, clockwise from the x axis
    scaled: bool = False         # the angle is given in the unit square and stretched
    focus: tuple[float, float, float, float] = (0.5, 0.5, 0.5, 0.5)   # l, t, r, b insets

    def at(self, t: float) -> tuple[str, float]:
        """The colour and alpha at position t (0-1) along the gradient."""
        stops = self.stops
        if t <= stops[0][0]:
            return stops[0][1], stops[0][2]
        for (p0, c0, a0), (p1, c1, a1) in zip(stops, stops[1:]):
            if t <= p1:
                f = 0.0 if p1 <= p0 else (t - p0) / (p1 - p0)
                return _mix(c0, c1, f), a0 + (a1 - a0) * f
        return stops[-1][1], stops[-1][2]

    def position(self, w: float, h: float, x: float, y: float) -> float:
        """Where a point of a w x h box (from its top-left) falls along the gradient, 0-1."""
        if self.kind == "linear":
            g, c = self.direction(w, h)
            return min(max(g[0] * (x - c[0]) + g[1] * (y - c[1]) + 0.5, 0.0), 1.0)
        (fx, fy), radius = self.circle(w, h)
        if self.kind == "circle":
            return min(math.hypot(x - fx, y - fy) / max(radius, 1e-9), 1.0)
        dx = abs(x - fx) / max(w / 2, 1e-9)
        dy = abs(y - fy) / max(h / 2, 1e-9)
        return min(max(dx, dy), 1.0)

    def direction(self, w: float, h: float) -> tuple[tuple[float, float], tuple[float, float]]:
        """(g, centre): position = g . (p - centre) + 0.5 across a w x h box."""
        a = math.radians(self.angle)
        cos, sin = math.cos(a), math.sin(a)
        if self.scaled:
            reach = abs(cos) + abs(sin)
            g = (cos / max(w, 1e-9) / reach, sin / max(h, 1e-9) / reach)
        else:
            reach = max(w * abs(cos) + h * abs(sin), 1e-9)
            g = (cos / reach, sin / reach)
        return g, (w / 2, h / 2)

    def circle(self, w: float, h: float) -> tuple[tuple[float, float], float]:
        """The focus of a path gradient in a w x h box (the middle of its fillToRect), and
        its radius: half the box's diagonal, wherever the focus is, as LibreOffice draws it."""
        l, t, r, b = self.focus
        fx, fy = w * (l + 1 - r) / 2, h * (t + 1 - b) / 2
        return (fx, fy), math.hypot(w, h) / 2

    @property
    def alpha_varies(self) -> bool:
        return len({round(a, 3) for _, _, a in self.stops}) > 1

    @property
    def mean(self) -> str:
        return _mean([c for _, c, _ in self.stops])


@dataclass(frozen=True)
class Picture:
    """An image stretched over the shape's box (cropped by `crop`), or tiled from its
    top-left at `tile` = (scale x, scale y, offset x, offset y in inches)."""

    image: bytes
    alpha: float = 1.0
    crop: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)   # l, t, r, b fractions
    tile: tuple[float, float, float, float] | None = None
    grey: bool = False                        # the blip's grayscl: drawn in shades of grey
    bright: float = 0.0                       # the blip's lum: brightness and contrast, -1..1
    contrast: float = 0.0


# Each preset pattern's hatch, as LibreOffice draws it: (directions, distance in mm).
HATCHES = {
    "pct5": (1, 2.5), "pct10": (1, 2), "pct20": (1, 1.5), "pct25": (2, 2), "pct30": (2, 1.75),
    "pct40": (2, 1.5), "pct50": (2, 1.25), "pct60": (3, 1.5), "pct70": (3, 1.25),
    "pct75": (3, 1), "pct80": (3, 0.75), "pct90": (3, 0.5), "horz": (1, 1), "vert": (1, 1),
    "ltHorz": (1, 0.5), "ltVert": (1, 0.5), "dkHorz": (1, 0.25), "dkVert": (1, 0.25),
    "narHorz": (1, 0.5), "narVert": (1, 0.5), "dashHorz": (1, 1.5), "dashVert": (1, 1.5),
    "cross": (2, 1), "dnDiag": (1, 1), "upDiag": (1, 1), "ltDnDiag": (1, 0.5),
    "ltUpDiag": (1, 0.5), "dkDnDiag": (1, 0.5), "dkUpDiag": (1, 0.5), "wdDnDiag": (1, 1),
    "wdUpDiag": (1, 1), "dashDnDiag": (1, 1.5), "dashUpDiag": (1, 1.5), "diagCross": (2, 1),
    "smCheck": (2, 0.5), "lgCheck": (2, 1), "smGrid": (2, 0.5), "lgGrid": (2, 1),
    "dotGrid": (2, 4), "smConfetti": (1, 2), "lgConfetti": (1, 1), "horzBrick": (2, 3),
    "diagBrick": (2, 3), "solidDmnd": (2, 1), "openDmnd": (2, 1), "dotDmnd": (2, 3),
    "plaid": (3, 2), "sphere": (3, 1), "weave": (2, 1.5), "divot": (3, 4), "shingle": (1, 2),
    "wave": (1, 1), "trellis": (2, 0.75), "zigZag": (1, 0.75),
}
HATCH_ANGLES = {"horz": 0, "vert": 90, "ltHorz": 0, "ltVert": 90, "dkHorz": 0, "dkVert": 90,
                "narHorz": 0, "narVert": 90, "dashHorz": 0, "dashVert": 90, "cross": 0,
                "smGrid": 0, "lgGrid": 0, "dotGrid": 0, "horzBrick": 0, "sphere": 0,
                "wave": 0, "zigZag": 0, "plaid": 90, "smConfetti": 60, "lgConfetti": 60,
                "dnDiag": 135, "ltDnDiag": 135, "dkDnDiag": 135, "wdDnDiag": 135,
                "dashDnDiag": 135, "shingle": 135}


def hatch(name: str) -> tuple[int, float, float]:
    """A preset pattern's hatch: (directions, distance in inches, angle in degrees)."""
    directions, distance = HATCHES.get(name, (1, 1.0))
    return directions, distance / 25.4, HATCH_ANGLES.get(name, 45)


@dataclass(frozen=True)
class Pattern:
    """One of DrawingML's two-colour preset patterns (prst: "pct20", "ltUpDiag", ...)."""

    name: str
    fg: tuple[str, float]        # colour and alpha of the set pixels
    bg: tuple[str, float]


Paint = Solid | Gradient | Picture | Pattern


@dataclass(frozen=True)
class Stroke:
    """A shape's line: its colour, width (points), dashes (in multiples of the width), ends."""

    paint: Solid
    width: float
    dash: tuple[float, ...] = ()
    cap: str = "flat"            # "flat" | "rnd" | "sq"
    join: str = "round"          # "round" | "bevel" | "miter"


# --- reading -------------------------------------------------------------------------

def colour(node, theme: Theme, placeholder: tuple[str, float] | None = None
           ) -> tuple[str, float] | None:
    """("#RRGGBB", alpha) of a colour element; phClr takes `placeholder` (a style's colour)."""
    if node is None:
        return None
    alpha = 1.0
    for mod in node:
        if mod.tag == f"{A}alpha":
            alpha = _fraction(mod.get("val"), 100000)
        elif mod.tag == f"{A}alphaMod":
            alpha *= _fraction(mod.get("val"), 100000)
    if node.tag == f"{A}schemeClr" and node.get("val") == "phClr":
        if placeholder is None:
            return None
        return styles.modified(placeholder[0], node), placeholder[1] * alpha
    ink = styles.ink(node, theme)
    return None if ink is None else (ink.rgb, min(max(alpha, 0.0), 1.0))


def fill(parent, theme: Theme, part=None, style=None) -> Paint | None:
    """The fill an element names (spPr, bgPr, ...); else its style's fill reference; None for
    none or one that cannot be told."""
    if parent is None:
        return None
    for child in parent:
        tag = child.tag.replace(A, "")
        if tag in FILLS:
            return named_fill(child, theme, part)
    if style is not None:
        ref = style.find(f"{A}fillRef")
        if ref is not None and ref.get("idx", "0") not in ("0", "1000") and len(ref):
            found = colour(ref[0], theme)
            return Solid(*found) if found else None
    return None


def named_fill(node, theme: Theme, part=None, placeholder=None) -> Paint | None:
    """A fill element: noFill, solidFill, gradFill, blipFill or pattFill."""
    tag = node.tag.replace(A, "")
    if tag == "solidFill":
        found = colour(node[0] if len(node) else None, theme, placeholder)
        return Solid(*found) if found else None
    if tag == "gradFill":
        return _gradient(node, theme, placeholder)
    if tag == "blipFill":
        return picture(node, part)
    if tag == "pattFill":
        fg = colour(_first(node.find(f"{A}fgClr")), theme, placeholder) or ("#000000", 1.0)
        bg = colour(_first(node.find(f"{A}bgClr")), theme, placeholder) or ("#FFFFFF", 1.0)
        return Pattern(node.get("prst", "pct5"), fg, bg)
    return None


def _first(node):
    return node[0] if node is not None and len(node) else None


def _gradient(node, theme: Theme, placeholder) -> Gradient | None:
    stops = []
    for gs in node.iterfind(f"{A}gsLst/{A}gs"):
        found = colour(_first(gs), theme, placeholder)
        if found is not None:
            stops.append((min(max(_fraction(gs.get("pos"), 100000), 0.0), 1.0), *found))
    if not stops:
        return None
    stops.sort(key=lambda s: s[0])
    lin, path = node.find(f"{A}lin"), node.find(f"{A}path")
    if path is not None:
        rect = path.find(f"{A}fillToRect")
        focus = tuple(_fraction(rect.get(k), 100000) if rect is not None else 0.0
                      for k in ("l", "t", "r", "b"))
        kind = path.get("path", "circle")
        return Gradient(tuple(stops), kind if kind in ("circle", "rect", "shape") else "circle",
                        focus=focus)
    angle = _fraction(lin.get("ang"), 60000) if lin is not None else 0.0
    scaled = lin is not None and lin.get("scaled") in ("1", "true")
    return Gradient(tuple(stops), "linear", angle, scaled)


def picture(node, part) -> Picture | None:
    """A blipFill (of a shape, a background or a picture) as a Picture; None without an image."""
    blip = node.find(f"{A}blip")
    image = blob(part, blip.get(R_EMBED)) if blip is not None else b""
    if not image:
        return None
    alpha = 1.0
    fix = blip.find(f"{A}alphaModFix")
    if fix is not None:
        alpha = _fraction(fix.get("amt"), 100000)
    src = node.find(f"{A}srcRect")
    crop = tuple(_fraction(src.get(k), 100000) if src is not None else 0.0
                 for k in ("l", "t", "r", "b"))
    tile = node.find(f"{A}tile")
    tiling = None
    if tile is not None:
        tiling = (_fraction(tile.get("sx"), 100000, 1.0), _fraction(tile.get("sy"), 100000, 1.0),
                  _fraction(tile.get("tx"), 914400), _fraction(tile.get("ty"), 914400))
    grey = blip.find(f"{A}grayscl") is not None
    lum = blip.find(f"{A}lum")
    bright, contrast = ((_fraction(lum.get(k), 100000) for k in ("bright", "contrast"))
                        if lum is not None else (0.0, 0.0))
    return Picture(image, min(max(alpha, 0.0), 1.0), crop, tiling, grey,
                   min(max(bright, -1.0), 1.0), min(max(contrast, -1.0), 1.0))


def blob(part, rid: str | None) -> bytes:
    """The bytes of a part related to `part` (a picture), or b""."""
    if part is None or not rid:
        return b""
    try:
        return part.related_part(rid).blob
    except (KeyError, AttributeError):
        return b""


# PowerPoint's preset dashes, in multiples of the line's width: (dash, space, ...).
DASHES = {"dash": (4, 3), "dashDot": (4, 3, 1, 3), "dot": (1, 3), "lgDash": (8, 3),
          "lgDashDot": (8, 3, 1, 3), "lgDashDotDot": (8, 3, 1, 3, 1, 3), "sysDash": (3, 1),
          "sysDot": (1, 1), "sysDashDot": (3, 1, 1, 1), "sysDashDotDot": (3, 1, 1, 1, 1, 1)}
HAIRLINE = 0.5               # points: what a line of width 0 is drawn at


def stroke(pr, style, theme: Theme) -> Stroke | None:
    """The line of a shape: its `ln`, else its style's line reference; None for no line."""
    ln = pr.find(f"{A}ln") if pr is not None else None
    paint = None
    if ln is not None:
        named = next((c for c in ln if c.tag.replace(A, "") in FILLS), None)
        if named is not None and named.tag == f"{A}noFill":
            return None
        if named is not None:
            paint = named_fill(named, theme)
    if paint is None and style is not None:
        ref = style.find(f"{A}lnRef")
        if ref is not None and ref.get("idx", "0") != "0" and len(ref):
            found = colour(ref[0], theme)
            paint = Solid(*found) if found else None
    if isinstance(paint, Gradient):
        paint = Solid(paint.mean, max(a for _, _, a in paint.stops))
    elif isinstance(paint, Pattern):
        paint = Solid(*paint.fg)
    if not isinstance(paint, Solid):
        return None
    width = _fraction(ln.get("w"), 12700, 1.0) if ln is not None else 1.0
    return Stroke(paint, width if width > 0 else HAIRLINE, _dash(ln), _attr(ln, "cap", "flat"),
                  _join(ln))


def _dash(ln) -> tuple[float, ...]:
    if ln is None:
        return ()
    preset = ln.find(f"{A}prstDash")
    if preset is not None:
        return DASHES.get(preset.get("val", "solid"), ())
    custom = ln.find(f"{A}custDash")
    if custom is None:
        return ()
    out = []
    for ds in custom.iterfind(f"{A}ds"):
        out += [_fraction(ds.get("d"), 100000), _fraction(ds.get("sp"), 100000)]
    return tuple(v for v in out) if any(out) else ()


def _attr(ln, name: str, default: str) -> str:
    return (ln.get(name) or default) if ln is not None else default


def _join(ln) -> str:
    if ln is None:
        return "round"
    for join in ("round", "bevel", "miter"):
        if ln.find(f"{A}{join}") is not None:
            return join
    return "round"


def _fraction(value, unit: float, default: float = 0.0) -> float:
    try:
        return float(value) / unit if value not in (None, "") else default
    except (TypeError, ValueError):
        return default


# --- what a fill shows ----------------------------------------------------------------

# How much of a pattern's area its lines cover, for judging what text lies on: a hairline
# (a quarter millimetre) in one, two or three directions, at the pattern's distance.
HAIRLINE_MM = 0.25


def colour_at(paint: Paint, w: float, h: float, x: float, y: float) -> tuple[str, float] | None:
    """The colour and alpha a fill shows at (x, y) of its w x h box; None for a picture,
    whose colours are not judged."""
    match paint:
        case Solid():
            return paint.rgb, paint.alpha
        case Gradient():
            return paint.at(paint.position(w, h, x, y))
        case Pattern():
            directions, distance_mm = HATCHES.get(paint.name, (1, 1.0))
            share = min(1.0, directions * HAIRLINE_MM / distance_mm)
            return _mix(paint.bg[0], paint.fg[0], share), paint.bg[1] + (
                paint.fg[1] - paint.bg[1]) * share
    return None


def over(top: tuple[str, float], below: str) -> str:
    """A colour with alpha laid over an opaque one."""
    return _mix(below, top[0], top[1])


def _mix(a: str, b: str, f: float) -> str:
    """a -> b by f (0-1), per channel."""
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * f):02X}" for x, y in zip(ca, cb))


def _mean(colours: list[str]) -> str:
    channels = [sum(int(c[i:i + 2], 16) for c in colours) / len(colours) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(v):02X}" for v in channels)
