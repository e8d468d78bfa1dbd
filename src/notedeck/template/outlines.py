"""A shape's outline as paths: DrawingML's preset shapes and custom geometry, with their guides.

A path is (ops, filled, stroked); ops are ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2,
x, y) and ("Z",), in inches from the top-left of the shape's own box, y down. Arcs and
quadratic curves become cubic curves here, so whatever draws or samples a path needs only
those four. Guides are DrawingML's formulas (`*/`, `+-`, `pin`, `at2`, ...) over the box's
own values (w, h, ss, wd2, cd4, ...) and the shape's adjustments; presets are written in the
same language (`PRESETS`), from the spec's definitions of the shapes templates use.
"""

from __future__ import annotations

import math

from notedeck.template.boxes import EMU_PER_IN

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
MAX_GUIDES = 400             # formulas of one shape's geometry
MAX_OPS = 4000               # path steps of one shape
DEG = 60000                  # DrawingML angles: 60000ths of a degree

Path = tuple                 # (ops, filled, stroked)


class Unsupported(ValueError):
    """A geometry this module cannot read: the shape is left out."""


# --- the guide language --------------------------------------------------------------

def _angle(value: float) -> float:
    return math.radians(value / DEG)


_OPS = {
    "*/": lambda x, y, z: x * y / z if z else 0.0,
    "+-": lambda x, y, z: x + y - z,
    "+/": lambda x, y, z: (x + y) / z if z else 0.0,
    "?:": lambda x, y, z: y if x > 0 else z,
    "abs": lambda x: abs(x),
    "at2": lambda x, y: math.degrees(math.atan2(y, x)) * DEG,
    "cat2": lambda x, y, z: x * math.cos(math.atan2(z, y)),
    "cos": lambda x, y: x * math.cos(_angle(y)),
    "max": max,
    "min": min,
    "mod": lambda x, y, z: math.sqrt(x * x + y * y + z * z),
    "pin": lambda x, y, z: x if y < x else z if y > z else y,
    "sat2": lambda x, y, z: x * math.sin(math.atan2(z, y)),
    "sin": lambda x, y: x * math.sin(_angle(y)),
    "sqrt": lambda x: math.sqrt(max(x, 0.0)),
    "tan": lambda x, y: x * math.tan(_angle(y)),
    "val": lambda x: x,
}


def builtins(w: float, h: float) -> dict[str, float]:
    """The values every geometry may name, for a w x h box (EMU)."""
    ss, ls = min(w, h), max(w, h)
    names = {"w": w, "h": h, "l": 0.0, "t": 0.0, "r": w, "b": h, "hc": w / 2, "vc": h / 2,
             "ss": ss, "ls": ls, "cd2": 10800000.0, "cd4": 5400000.0, "cd8": 2700000.0,
             "3cd4": 16200000.0, "3cd8": 8100000.0, "5cd8": 13500000.0, "7cd8": 18900000.0}
    for n in (2, 3, 4, 5, 6, 8, 10, 12, 32):
        names[f"wd{n}"], names[f"hd{n}"] = w / n, h / n
    for n in (2, 4, 6, 8, 16, 32):
        names[f"ssd{n}"] = ss / n
    return names


def evaluate(guides: list[tuple[str, str]], names: dict[str, float]) -> dict[str, float]:
    """Each guide's formula in order, each seeing those before it."""
    for name, formula in guides[:MAX_GUIDES]:
        op, *args = formula.split()
        try:
            values = [_value(a, names) for a in args]
            names[name] = float(_OPS[op](*values))
        except (KeyError, TypeError, ValueError, OverflowError, ZeroDivisionError):
            raise Unsupported(f"guide {name!r}: {formula!r}") from None
    return names


def _value(token: str, names: dict[str, float]) -> float:
    if token in names:
        return names[token]
    return float(token)


# --- paths -------------------------------------------------------------------------

class _Pen:
    """Builds one path's ops in EMU, tracking the current point for arcs."""

    def __init__(self, sx: float, sy: float):
        self.sx, self.sy = sx, sy
        self.ops: list[tuple] = []
        self.at = (0.0, 0.0)
        self.start = (0.0, 0.0)

    def move(self, x: float, y: float) -> None:
        self.at = self.start = (x * self.sx, y * self.sy)
        self.ops.append(("M", *self.at))

    def line(self, x: float, y: float) -> None:
        self.at = (x * self.sx, y * self.sy)
        self.ops.append(("L", *self.at))

    def cubic(self, *points: float) -> None:
        scaled = [v * (self.sx if i % 2 == 0 else self.sy) for i, v in enumerate(points)]
        self.at = (scaled[4], scaled[5])
        self.ops.append(("C", *scaled))

    def quad(self, x1: float, y1: float, x: float, y: float) -> None:
        (x0, y0), (qx, qy) = self.at, (x1 * self.sx, y1 * self.sy)
        ex, ey = x * self.sx, y * self.sy
        self.ops.append(("C", x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0),
                         ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey))
        self.at = (ex, ey)

    def arc(self, wr: float, hr: float, start: float, sweep: float) -> None:
        """DrawingML's arcTo: an arc of the ellipse with radii wr, hr from the current point,
        starting at the angle `start`, turning by `sweep` (60000ths of a degree)."""
        wr, hr = wr * self.sx, hr * self.sy
        st = _parametric(_angle(start), wr, hr)
        end = _parametric(_angle(start + sweep), wr, hr)
        sw = end - st
        turn = _angle(sweep)
        if turn > 0 and sw <= 1e-9:
            sw += 2 * math.pi
        elif turn < 0 and sw >= -1e-9:
            sw -= 2 * math.pi
        if abs(turn) >= 2 * math.pi - 1e-9:
            sw = math.copysign(2 * math.pi, turn)
        cx, cy = self.at[0] - wr * math.cos(st), self.at[1] - hr * math.sin(st)
        pieces = max(1, math.ceil(abs(sw) / (math.pi / 2) - 1e-9))
        step = sw / pieces
        k = 4 / 3 * math.tan(step / 4)
        a = st
        for _ in range(pieces):
            b = a + step
            x0, y0 = math.cos(a), math.sin(a)
            x1, y1 = math.cos(b), math.sin(b)
            self.ops.append(("C", cx + wr * (x0 - k * y0), cy + hr * (y0 + k * x0),
                             cx + wr * (x1 + k * y1), cy + hr * (y1 - k * x1),
                             cx + wr * x1, cy + hr * y1))
            a = b
        self.at = (cx + wr * math.cos(a), cy + hr * math.sin(a))

    def close(self) -> None:
        self.ops.append(("Z",))
        self.at = self.start


def _parametric(angle: float, wr: float, hr: float) -> float:
    """The parameter of the point of an ellipse seen at `angle` from its centre."""
    return math.atan2(wr * math.sin(angle), hr * math.cos(angle))


def _inches(ops: list[tuple]) -> tuple:
    return tuple((op[0], *(v / EMU_PER_IN for v in op[1:])) for op in ops)


# --- custom geometry -----------------------------------------------------------------

def custom(geometry, w: float, h: float) -> tuple[Path, ...]:
    """A custGeom's paths for a w x h EMU box."""
    names = builtins(w, h)
    guides = [(gd.get("name", ""), gd.get("fmla", "")) for gd in geometry.iterfind(f"{A}avLst/{A}gd")]
    guides += [(gd.get("name", ""), gd.get("fmla", "")) for gd in geometry.iterfind(f"{A}gdLst/{A}gd")]
    names = evaluate(guides, names)
    paths, steps = [], 0
    for path in geometry.iterfind(f"{A}pathLst/{A}path"):
        pw, ph = (_number(path.get(k), 0.0) for k in ("w", "h"))
        pen = _Pen(w / pw if pw > 0 else 1.0, h / ph if ph > 0 else 1.0)
        for step in path:
            steps += 1
            if steps > MAX_OPS:
                raise Unsupported("too many path steps")
            _step(pen, step, names)
        if pen.ops:
            paths.append((_inches(pen.ops), path.get("fill", "norm") != "none",
                          path.get("stroke", "1") not in ("0", "false")))
    return tuple(paths)


def _step(pen: _Pen, step, names: dict[str, float]) -> None:
    op = step.tag.replace(A, "")
    points = [(_value(pt.get("x", "0"), names), _value(pt.get("y", "0"), names))
              for pt in step.iterfind(f"{A}pt")]
    if op == "moveTo" and points:
        pen.move(*points[0])
    elif op == "lnTo" and points:
        pen.line(*points[0])
    elif op == "cubicBezTo" and len(points) == 3:
        pen.cubic(*points[0], *points[1], *points[2])
    elif op == "quadBezTo" and len(points) == 2:
        pen.quad(*points[0], *points[1])
    elif op == "arcTo":
        values = [_value(step.get(k, "0"), names) for k in ("wR", "hR", "stAng", "swAng")]
        pen.arc(*values)
    elif op == "close":
        pen.close()
    else:
        raise Unsupported(f"path step {op!r}")


def _number(value, default: float) -> float:
    try:
        return float(value) if value not in (None, "") else default
    except ValueError:
        return default


# --- presets -------------------------------------------------------------------------

# name -> (adjustments, guides, paths). A path is its steps, "M x y", "L x y", "A wR hR st sw",
# "C x1 y1 x2 y2 x y", "Q x1 y1 x y", "Z", separated by ";"; it may start "nofill:" (a line
# only) and "@W H:" (its own coordinate size).
PRESETS: dict[str, tuple[dict[str, str], str, tuple[str, ...]]] = {
    "rect": ({}, "", ("M l t; L r t; L r b; L l b; Z",)),
    "flowChartProcess": ({}, "", ("M l t; L r t; L r b; L l b; Z",)),
    "ellipse": ({}, "", ("M l vc; A wd2 hd2 cd2 cd4; A wd2 hd2 3cd4 cd4; A wd2 hd2 0 cd4; "
                         "A wd2 hd2 cd4 cd4; Z",)),
    "flowChartConnector": ({}, "", ("M l vc; A wd2 hd2 cd2 cd4; A wd2 hd2 3cd4 cd4; "
                                    "A wd2 hd2 0 cd4; A wd2 hd2 cd4 cd4; Z",)),
    "roundRect": ({"adj": "16667"}, "a = pin 0 adj 50000; x1 = */ ss a 100000; "
                  "x2 = +- r 0 x1; y2 = +- b 0 x1",
                  ("M l x1; A x1 x1 cd2 cd4; L x2 t; A x1 x1 3cd4 cd4; L r y2; "
                   "A x1 x1 0 cd4; L x1 b; A x1 x1 cd4 cd4; Z",)),
    "flowChartAlternateProcess": ({}, "x2 = +- r 0 ssd6; y2 = +- b 0 ssd6",
                                  ("M l ssd6; A ssd6 ssd6 cd2 cd4; L x2 t; "
                                   "A ssd6 ssd6 3cd4 cd4; L r y2; A ssd6 ssd6 0 cd4; L ssd6 b; "
                                   "A ssd6 ssd6 cd4 cd4; Z",)),
    "round1Rect": ({"adj": "16667"}, "a = pin 0 adj 50000; dx1 = */ ss a 100000; "
                   "x1 = +- r 0 dx1",
                   ("M l t; L x1 t; A dx1 dx1 3cd4 cd4; L r b; L l b; Z",)),
    "round2SameRect": ({"adj1": "16667", "adj2": "0"},
                       "a1 = pin 0 adj1 50000; a2 = pin 0 adj2 50000; tx1 = */ ss a1 100000; "
                       "tx2 = +- r 0 tx1; bx1 = */ ss a2 100000; bx2 = +- r 0 bx1; "
                       "by1 = +- b 0 bx1",
                       ("M tx1 t; L tx2 t; A tx1 tx1 3cd4 cd4; L r by1; A bx1 bx1 0 cd4; "
                        "L bx1 b; A bx1 bx1 cd4 cd4; L l tx1; A tx1 tx1 cd2 cd4; Z",)),
    "round2DiagRect": ({"adj1": "16667", "adj2": "0"},
                       "a1 = pin 0 adj1 50000; a2 = pin 0 adj2 50000; x1 = */ ss a1 100000; "
                       "y1 = +- b 0 x1; a = */ ss a2 100000; x2 = +- r 0 a; y2 = +- b 0 a",
                       ("M x1 t; L x2 t; A a a 3cd4 cd4; L r y1; A x1 x1 0 cd4; L a b; "
                        "A a a cd4 cd4; L l x1; A x1 x1 cd2 cd4; Z",)),
    "snip1Rect": ({"adj": "16667"}, "a = pin 0 adj 50000; dx1 = */ ss a 100000; "
                  "x1 = +- r 0 dx1", ("M l t; L x1 t; L r dx1; L r b; L l b; Z",)),
    "snip2SameRect": ({"adj1": "16667", "adj2": "0"},
                      "a1 = pin 0 adj1 50000; a2 = pin 0 adj2 50000; tx1 = */ ss a1 100000; "
                      "tx2 = +- r 0 tx1; bx1 = */ ss a2 100000; bx2 = +- r 0 bx1; "
                      "by1 = +- b 0 bx1",
                      ("M tx1 t; L tx2 t; L r tx1; L r by1; L bx2 b; L bx1 b; L l by1; "
                       "L l tx1; Z",)),
    "snip2DiagRect": ({"adj1": "0", "adj2": "16667"},
                      "a1 = pin 0 adj1 50000; a2 = pin 0 adj2 50000; lx1 = */ ss a1 100000; "
                      "lx2 = +- r 0 lx1; ly1 = +- b 0 lx1; rx1 = */ ss a2 100000; "
                      "rx2 = +- r 0 rx1; ry1 = +- b 0 rx1",
                      ("M lx1 t; L rx2 t; L r rx1; L r ly1; L lx2 b; L rx1 b; L l ry1; "
                       "L l lx1; Z",)),
    "triangle": ({"adj": "50000"}, "a = pin 0 adj 100000; x2 = */ w a 100000",
                 ("M l b; L x2 t; L r b; Z",)),
    "flowChartExtract": ({}, "", ("M l b; L hc t; L r b; Z",)),
    "rtTriangle": ({}, "", ("M l t; L r b; L l b; Z",)),
    "diamond": ({}, "", ("M l vc; L hc t; L r vc; L hc b; Z",)),
    "flowChartDecision": ({}, "", ("M l vc; L hc t; L r vc; L hc b; Z",)),
    "parallelogram": ({"adj": "25000"}, "maxAdj = */ 100000 w ss; a = pin 0 adj maxAdj; "
                      "x2 = */ ss a 100000; x5 = +- r 0 x2",
                      ("M l b; L x2 t; L r t; L x5 b; Z",)),
    "trapezoid": ({"adj": "25000"}, "maxAdj = */ 50000 w ss; a = pin 0 adj maxAdj; "
                  "x2 = */ ss a 100000; x3 = +- r 0 x2", ("M l b; L x2 t; L x3 t; L r b; Z",)),
    "hexagon": ({"adj": "25000", "vf": "115470"},
                "maxAdj = */ 50000 w ss; a = pin 0 adj maxAdj; shd2 = */ hd2 vf 100000; "
                "x1 = */ ss a 100000; x2 = +- r 0 x1; dy1 = sin shd2 3600000; "
                "y1 = +- vc 0 dy1; y2 = +- vc dy1 0",
                ("M l vc; L x1 y1; L x2 y1; L r vc; L x2 y2; L x1 y2; Z",)),
    "octagon": ({"adj": "29289"}, "a = pin 0 adj 50000; x1 = */ ss a 100000; "
                "x2 = +- r 0 x1; y2 = +- b 0 x1",
                ("M l x1; L x1 t; L x2 t; L r x1; L r y2; L x2 b; L x1 b; L l y2; Z",)),
    "pentagon": ({"hf": "105146", "vf": "110557"},
                 "swd2 = */ wd2 hf 100000; shd2 = */ hd2 vf 100000; svc = */ vc vf 100000; "
                 "dx1 = cos swd2 1080000; dx2 = cos swd2 18360000; dy1 = sin shd2 1080000; "
                 "dy2 = sin shd2 18360000; x1 = +- hc 0 dx1; x2 = +- hc 0 dx2; "
                 "x3 = +- hc dx2 0; x4 = +- hc dx1 0; y1 = +- svc 0 dy1; y2 = +- svc 0 dy2",
                 ("M x1 y1; L hc t; L x4 y1; L x3 y2; L x2 y2; Z",)),
    "homePlate": ({"adj": "50000"}, "maxAdj = */ 100000 w ss; a = pin 0 adj maxAdj; "
                  "dx1 = */ ss a 100000; x1 = +- r 0 dx1",
                  ("M l t; L x1 t; L r vc; L x1 b; L l b; Z",)),
    "chevron": ({"adj": "50000"}, "maxAdj = */ 100000 w ss; a = pin 0 adj maxAdj; "
                "x1 = */ ss a 100000; x2 = +- r 0 x1",
                ("M l t; L x2 t; L r vc; L x2 b; L l b; L x1 vc; Z",)),
    "plus": ({"adj": "25000"}, "a = pin 0 adj 50000; x1 = */ ss a 100000; x2 = +- r 0 x1; "
             "y2 = +- b 0 x1",
             ("M l x1; L x1 x1; L x1 t; L x2 t; L x2 x1; L r x1; L r y2; L x2 y2; L x2 b; "
              "L x1 b; L x1 y2; L l y2; Z",)),
    "flowChartDocument": ({}, "", ("@21600 21600: M 0 0; L 21600 0; L 21600 17322; "
                                   "C 10800 17322 10800 23922 0 20172; Z",)),
    "wave": ({"adj1": "12500", "adj2": "0"},
             "a1 = pin 0 adj1 20000; a2 = pin -10000 adj2 10000; y1 = */ h a1 100000; "
             "dy2 = */ y1 10 3; y2 = +- y1 0 dy2; y3 = +- y1 dy2 0; y4 = +- b 0 y1; "
             "y5 = +- y4 0 dy2; y6 = +- y4 dy2 0; dx1 = */ w a2 100000; of2 = */ w a2 50000; "
             "x1 = abs dx1; dx2 = ?: of2 0 of2; x2 = +- l 0 dx2; dx5 = ?: of2 of2 0; "
             "x5 = +- r 0 dx5; dx3 = +/ dx2 x5 3; x3 = +- x2 dx3 0; x4 = +/ x3 x5 2; "
             "x6 = +- l dx5 0; x10 = +- r dx2 0; x7 = +- x6 dx3 0; x8 = +/ x7 x10 2; "
             "x9 = +- r 0 x1",
             ("M x2 y1; C x3 y2 x4 y3 x5 y1; L x10 y4; C x8 y6 x7 y5 x6 y4; Z",)),
    "line": ({}, "", ("nofill: M l t; L r b",)),
    "straightConnector1": ({}, "", ("nofill: M l t; L r b",)),
    "bentConnector2": ({}, "", ("nofill: M l t; L r t; L r b",)),
    "bentConnector3": ({"adj1": "50000"}, "x1 = */ w adj1 100000",
                       ("nofill: M l t; L x1 t; L x1 b; L r b",)),
    "curvedConnector3": ({"adj1": "50000"}, "x2 = */ w adj1 100000; x1 = +/ l x2 2; "
                         "x3 = +/ r x2 2; y3 = */ h 3 4",
                         ("nofill: M l t; C x1 t x2 hd4 x2 vc; C x2 y3 x3 b r b",)),
    "wedgeRectCallout": ({"adj1": "-20833", "adj2": "62500"},
                         "dxPos = */ w adj1 100000; dyPos = */ h adj2 100000; "
                         "xPos = +- hc dxPos 0; yPos = +- vc dyPos 0; dx = */ dxPos h 1; "
                         "dy = */ dyPos w 1; adx = abs dx; ady = abs dy; dq = +- adx 0 ady; "
                         "x1 = */ w 1 12; x2 = */ w 1 6; ys = ?: dyPos 1 0; "
                         "yb = ?: ys b t; xl = ?: dq l l; x3 = ?: dxPos x2 x1",
                         ("M l t; L r t; L r b; L l b; Z",
                          "M x1 yb; L xPos yPos; L x2 yb; Z")),
}


def preset(name: str, adjustments: dict[str, str], w: float, h: float) -> tuple[Path, ...]:
    """A preset shape's paths for a w x h EMU box; Unsupported for a preset not defined."""
    if name not in PRESETS:
        raise Unsupported(f"preset shape {name!r}")
    defaults, guides, paths = PRESETS[name]
    names = builtins(w, h)
    values = {**defaults, **{k: v for k, v in adjustments.items() if k in defaults}}
    for key, formula in values.items():
        names[key] = _value(formula.split()[-1], names)
    names = evaluate([_guide(g) for g in guides.split(";") if g.strip()], names)
    return tuple(_preset_path(spec, names, w, h) for spec in paths)


def _guide(text: str) -> tuple[str, str]:
    name, formula = text.split("=", 1)
    return name.strip(), formula.strip()


def _preset_path(spec: str, names: dict[str, float], w: float, h: float) -> Path:
    filled = not spec.startswith("nofill:")
    spec = spec.removeprefix("nofill:").strip()
    sx = sy = 1.0
    if spec.startswith("@"):
        size, spec = spec[1:].split(":", 1)
        pw, ph = (float(v) for v in size.split())
        sx, sy = w / pw, h / ph
    pen = _Pen(sx, sy)
    for step in spec.split(";"):
        op, *args = step.split()
        values = [_value(a, names) for a in args]
        if op == "M":
            pen.move(*values)
        elif op == "L":
            pen.line(*values)
        elif op == "C":
            pen.cubic(*values)
        elif op == "Q":
            pen.quad(*values)
        elif op == "A":
            pen.arc(*values)
        elif op == "Z":
            pen.close()
    return _inches(pen.ops), filled, True


def adjustments(geometry) -> dict[str, str]:
    """A prstGeom's avLst: adjustment name -> its value ("val 25000" -> "25000")."""
    return {gd.get("name", ""): gd.get("fmla", "") for gd in geometry.iterfind(f"{A}avLst/{A}gd")}


# --- flattening, for sampling --------------------------------------------------------

def polygons(paths: tuple[Path, ...], steps: int = 8) -> list[list[tuple[float, float]]]:
    """Each filled subpath as a polygon (curves cut into `steps` lines), for point tests."""
    out: list[list[tuple[float, float]]] = []
    for ops, filled, _ in paths:
        if not filled:
            continue
        current: list[tuple[float, float]] = []
        for op in ops:
            if op[0] == "M":
                if len(current) > 2:
                    out.append(current)
                current = [(op[1], op[2])]
            elif op[0] == "L":
                current.append((op[1], op[2]))
            elif op[0] == "C" and current:
                (x0, y0), (x1, y1, x2, y2, x3, y3) = current[-1], op[1:]
                for i in range(1, steps + 1):
                    t = i / steps
                    u = 1 - t
                    current.append((u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2
                                    + t ** 3 * x3,
                                    u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2
                                    + t ** 3 * y3))
        if len(current) > 2:
            out.append(current)
    return out


def inside(polygons_: list[list[tuple[float, float]]], x: float, y: float) -> bool:
    """Whether a point lies inside the polygons (even-odd across them all, as a path fills)."""
    crossings = 0
    for polygon in polygons_:
        for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
            if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                crossings += 1
    return crossings % 2 == 1
