"""matplotlib's SVG drawn straight onto a reportlab canvas, as vectors.

svglib reads any SVG into a reportlab Drawing, but for notedeck's three charts
that took most of the handout's time (about 0.35 s of 0.5 s, see
CHANGES.md). matplotlib writes a small, regular subset of SVG: groups
with transforms and clip rectangles, paths of absolute M/L/Q/C/Z, <use> of glyph
and marker definitions, flat colours. `vector_chart` turns exactly that subset
into one PDF content-stream fragment and returns a Flowable that draws it; on
anything outside the subset it returns None and the caller uses svglib.
"""

from __future__ import annotations

import hashlib

import math
import re
from functools import lru_cache
from types import MappingProxyType
from xml.etree import ElementTree

from reportlab.platypus import Flowable

SVG = "{http://www.w3.org/2000/svg}"
HREF = "{http://www.w3.org/1999/xlink}href"
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_TOKEN = re.compile(rf"[A-Za-z]|{_NUMBER}")
_SEPARATORS = re.compile(r"[\s,]+")
_TRANSFORM = re.compile(r"\s*(translate|scale|rotate|matrix)\s*\(([^)]*)\)\s*,?")
_ARITY = {"M": 2, "L": 2, "Q": 4, "C": 6, "Z": 0, "z": 0}
_ALLOWED = {                      # attributes each element may carry; any other means "not ours"
    "g": {"id", "style", "transform", "clip-path"},
    "path": {"id", "d", "style", "transform", "clip-path"},
    "use": {HREF, "x", "y", "style", "transform"},
    "rect": {"id", "x", "y", "width", "height", "style", "transform", "clip-path"},
}
_SKIPPED = {"title", "desc", "metadata", "defs", "style", "clipPath"}
_CAPS = {"butt": "0", "round": "1", "square": "2"}
_JOINS = {"miter": "0", "round": "1", "bevel": "2"}
_NAMED = {"black": "#000000", "white": "#ffffff"}
_STYLE_KEYS = {"fill", "fill-opacity", "fill-rule", "stroke", "stroke-opacity", "stroke-width",
               "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray",
               "stroke-dashoffset", "opacity", "clip-rule"}
_ROOT_STYLE = {"fill": "#000000", "stroke": "none", "stroke-width": "1",
               "stroke-linecap": "butt", "stroke-linejoin": "miter", "stroke-miterlimit": "4",
               "stroke-dasharray": "none", "stroke-dashoffset": "0", "fill-rule": "nonzero"}


class Unsupported(ValueError):
    """The SVG uses something outside matplotlib's subset; svglib should read it."""


class VectorChart(Flowable):
    """A chart as PDF path operators, scaled to `width` x `height` points."""

    def __init__(self, ops: str, view: tuple[float, float], width: float, height: float):
        super().__init__()
        self._ops, self._view = ops, view
        self.width, self.height = width, height
        self.hAlign = "CENTER"

    def wrap(self, available_width, available_height):
        return self.width, self.height

    def draw(self):
        canvas = self.canv
        draw_once(canvas, self._ops, self._view, self.width, self.height)


def draw_once(canvas, ops: str, view: tuple[float, float], width: float, height: float) -> None:
    """`ops` scaled to `width` x `height`: one form XObject per file, placed wherever shown."""
    name = "vchart-" + hashlib.sha1(ops.encode()).hexdigest()[:16]
    made = canvas.__dict__.setdefault("_notedeck_forms", set())
    if name not in made:
        w, h = view                       # a box wide of the view: strokes on its edge not clipped
        canvas.beginForm(name, -w, -h, 2 * w, 2 * h)
        canvas.addLiteral(ops)
        canvas.endForm()
        made.add(name)
    canvas.saveState()
    canvas.scale(width / view[0], height / view[1])
    canvas.doForm(name)
    canvas.restoreState()


def vector_chart(svg: bytes, width: float, height: float) -> VectorChart | None:
    """The SVG as a Flowable `width` x `height` points, or None if it is not matplotlib's subset."""
    try:
        ops, view = to_pdf_ops(svg)
    except (Unsupported, ElementTree.ParseError, ValueError, KeyError, IndexError):
        return None
    return VectorChart(ops, view, width, height)


@lru_cache(maxsize=32)          # variants built in one process often share a chart
def to_pdf_ops(svg: bytes, recolour: tuple[tuple[str, str], ...] = (), background: str = ""
               ) -> tuple[str, tuple[float, float]]:
    """PDF content-stream operators drawing `svg` in its viewBox units (y up), and the viewBox size.

    `recolour` maps colours ("#rrggbb", lower case) to others, so a chart drawn in the
    palette's roles shows in a template's; with `background`, the patches matplotlib fills with it
    (the figure's and the axes' backgrounds, a legend's frame) are left unfilled, so the
    slide shows through."""
    root = ElementTree.fromstring(svg)
    if root.tag != f"{SVG}svg":
        raise Unsupported("not an SVG document")
    x0, y0, w, h = (float(v) for v in root.get("viewBox", "").replace(",", " ").split())
    if x0 or y0 or w <= 0 or h <= 0:
        raise Unsupported("viewBox must start at 0 0")
    reader = _Reader(root, dict(recolour), background.lower())
    out = ["q", f"1 0 0 -1 0 {_num(h, 8)} cm", f"{_ROOT_STYLE['stroke-miterlimit']} M"]
    for child in root:
        reader.element(child, reader.root_style, out)
    out.append("Q")
    return "\n".join(out), (w, h)


class _Reader:
    def __init__(self, root, recolour: dict[str, str] | None = None, background: str = ""):
        self.recolour, self.background = recolour or {}, background
        self.ids = {e.get("id"): e for e in root.iter() if e.get("id")}
        self.root_style = dict(_ROOT_STYLE)
        for style in root.iter(f"{SVG}style"):
            self.root_style.update(_css_star(style.text or ""))
        self.shapes: dict[str, list[str]] = {}

    def element(self, node, inherited: dict, out: list[str], patch: bool = False) -> None:
        tag = _local(node)
        if tag in _SKIPPED:
            return
        if tag not in _ALLOWED:
            raise Unsupported(f"<{tag}>")
        if not _ALLOWED[tag].issuperset(node.attrib):
            raise Unsupported(f"<{tag}> attributes {sorted(set(node.attrib) - _ALLOWED[tag])}")
        style = {**inherited, **_style(node.get("style", ""))}
        out.append("q")
        if tag == "use":
            self._use(node, style, out)
        else:
            out += _transform(node.get("transform", ""))
            out += self._clip(node.get("clip-path"))
            patch = patch or (node.get("id") or "").startswith("patch_")
            if tag == "g":
                for child in node:
                    self.element(child, style, out, patch)
            else:
                if patch and self.background and style["fill"].strip().lower() == self.background:
                    style["fill"] = "none"
                self._paint(self._shape(node), style, out)
        out.append("Q")

    def _use(self, node, style: dict, out: list[str]) -> None:
        target = self.ids[node.get(HREF, "").removeprefix("#")]
        out += _transform(node.get("transform", ""))
        x, y = node.get("x", "0"), node.get("y", "0")
        if float(x) or float(y):
            out.append(f"1 0 0 1 {_num(float(x), 8)} {_num(float(y), 8)} cm")
        if _local(target) not in ("path", "rect"):
            raise Unsupported("<use> of anything but a path")
        own = {**style, **_style(target.get("style", ""))}
        if set(target.attrib) - _ALLOWED[_local(target)]:
            raise Unsupported("a referenced path with unknown attributes")
        out += _transform(target.get("transform", ""))
        out += self._clip(target.get("clip-path"))
        self._paint(self._shape(target), own, out)

    def _shape(self, node) -> list[str]:
        key = node.get("id")
        if key and key in self.shapes:
            return self.shapes[key]
        shape = _rect(node) if _local(node) == "rect" else _path(node.get("d", ""))
        if key:
            self.shapes[key] = shape
        return shape

    def _clip(self, ref: str | None) -> list[str]:
        if not ref:
            return []
        match = re.fullmatch(r"url\(#([^)]+)\)", ref.strip())
        clip = self.ids[match.group(1)] if match else None
        if clip is None or _local(clip) != "clipPath" or len(clip) != 1:
            raise Unsupported("a clip path that is not one shape")
        shape = clip[0]
        if set(shape.attrib) - {"id", "x", "y", "width", "height", "d"}:
            raise Unsupported("a clip shape with a transform or style")
        return [*self._shape(shape), "W n"]

    def _paint(self, shape: list[str], style: dict, out: list[str]) -> None:
        for key in ("opacity", "fill-opacity", "stroke-opacity"):
            if float(style.get(key, "1")) != 1:
                raise Unsupported("transparency")
        fill, stroke = (_colour(self._mapped(style[key])) for key in ("fill", "stroke"))
        if fill:
            out.append(f"{fill} rg")
        if stroke:
            out.append(f"{stroke} RG")
            out.append(f"{_num(float(style['stroke-width']))} w")
            out.append(f"{_CAPS[style['stroke-linecap']]} J {_JOINS[style['stroke-linejoin']]} j")
            if style["stroke-miterlimit"] != _ROOT_STYLE["stroke-miterlimit"]:
                out.append(f"{_num(float(style['stroke-miterlimit']))} M")
            out.append(_dash(style["stroke-dasharray"], style["stroke-dashoffset"]))
        out += shape
        even = "*" if style.get("fill-rule") == "evenodd" else ""
        out.append(("B" + even) if fill and stroke else ("f" + even) if fill else
                   "S" if stroke else "n")


    def _mapped(self, value: str) -> str:
        value = _NAMED.get(value.strip().lower(), value.strip().lower())
        return self.recolour.get(value, value)


def _local(node) -> str:
    tag = node.tag
    if not isinstance(tag, str) or not tag.startswith(SVG):
        raise Unsupported(f"element {tag!r} outside the SVG namespace")
    return tag[len(SVG):]


def _css_star(text: str) -> dict:
    """The declarations of a stylesheet that is only `*{...}` rules (what matplotlib writes)."""
    style: dict = {}
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", text):
        if selector.strip() != "*":
            raise Unsupported(f"CSS selector {selector.strip()!r}")
        style.update(_style(body))
    if re.sub(r"[^{}]+\{[^{}]*\}", "", text).strip():
        raise Unsupported("CSS that is not a list of rules")
    return style


@lru_cache(maxsize=1024)
def _style(text: str) -> MappingProxyType:
    """A style attribute's declarations (read-only: one mapping serves every element with them)."""
    style = {}
    for declaration in text.split(";"):
        if not declaration.strip():
            continue
        key, _, value = declaration.partition(":")
        key, value = key.strip(), value.strip()
        if key not in _STYLE_KEYS or not value:
            raise Unsupported(f"style {key!r}")
        style[key] = value
    return MappingProxyType(style)


@lru_cache(maxsize=256)
def _colour(value: str) -> str:
    value = _NAMED.get(value.strip().lower(), value.strip().lower())
    if value == "none":
        return ""
    if re.fullmatch(r"#[0-9a-f]{3}", value):
        value = "#" + "".join(c * 2 for c in value[1:])
    if not re.fullmatch(r"#[0-9a-f]{6}", value):
        raise Unsupported(f"colour {value!r}")
    return " ".join(_num(int(value[i:i + 2], 16) / 255) for i in (1, 3, 5))


def _dash(array: str, offset: str) -> str:
    if array == "none":
        return "[] 0 d"
    lengths = [float(v) for v in array.replace(",", " ").split()]
    if any(v < 0 for v in lengths) or not any(lengths):
        return "[] 0 d"
    return f"[{' '.join(_num(v) for v in lengths)}] {_num(float(offset))} d"


@lru_cache(maxsize=4096)
def _transform(text: str) -> tuple[str, ...]:
    ops, end = [], 0
    for match in _TRANSFORM.finditer(text):
        if match.start() != end:
            break
        end = match.end()
        name, args = match.group(1), [float(v) for v in re.findall(_NUMBER, match.group(2))]
        ops.append(" ".join(_num(v, 8) for v in _matrix(name, args)) + " cm")
    if text[end:].strip():
        raise Unsupported(f"transform {text!r}")
    return tuple(ops)


def _matrix(name: str, args: list[float]) -> tuple[float, ...]:
    match name, len(args):
        case "translate", 1 | 2:
            return 1, 0, 0, 1, args[0], args[1] if len(args) == 2 else 0
        case "scale", 1 | 2:
            return args[0], 0, 0, args[-1], 0, 0
        case "rotate", 1:
            a = math.radians(args[0])
            return math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0, 0
        case "matrix", 6:
            return tuple(args)
    raise Unsupported(f"{name} with {len(args)} arguments")


def _rect(node) -> list[str]:
    values = [float(node.get(k, "0")) for k in ("x", "y", "width", "height")]
    return [" ".join(_num(v) for v in values) + " re"]


@lru_cache(maxsize=4096)       # the charts of a build draw the same glyphs
def _path(d: str) -> tuple[str, ...]:
    """Absolute M, L, Q, C and Z as PDF path operators (quadratics raised to cubics)."""
    tokens = _TOKEN.findall(d)
    if "".join(tokens) != _SEPARATORS.sub("", d):
        raise Unsupported("path data with stray characters")
    ops: list[str] = []
    current = start = ("0", "0")      # as written; read as numbers only by a quadratic
    i, command = 0, ""
    while i < len(tokens):
        if tokens[i].isalpha():
            command, i = tokens[i], i + 1
            if command not in _ARITY:
                raise Unsupported(f"path command {command!r}")
            if command in "Zz":
                ops.append("h")
                current = start
                continue
        elif command in ("", "Z", "z"):
            raise Unsupported("path data without a command")
        arity = _ARITY[command]
        values = tokens[i:i + arity]
        if len(values) != arity or not all(_is_number(v) for v in values):
            raise Unsupported("path data ends mid-command")
        i += arity
        if command == "Q":
            (cx, cy), (qx, qy, x, y) = (float(v) for v in current), (float(v) for v in values)
            ops.append(" ".join(_num(v) for v in (
                cx + 2 / 3 * (qx - cx), cy + 2 / 3 * (qy - cy),
                x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y)) + " c")
        else:
            ops.append(" ".join(map(_written, values)) + _OPERATOR[command])
        current = (values[-2], values[-1])
        if command == "M":
            start = current
            command = "L"           # further pairs after M are lines
    return tuple(ops)


_OPERATOR = {"M": " m", "L": " l", "C": " c"}


def _is_number(token: str) -> bool:
    return not token.isalpha()


@lru_cache(maxsize=16384)
def _written(token: str) -> str:
    """A number of the path data as a PDF number (one token is often written many times)."""
    return _num(float(token))


def _num(value: float, places: int = 4) -> str:
    """A PDF number: fixed notation, at most `places` decimals, no trailing zeros."""
    text = format(value, _FIXED.get(places) or f".{places}f").rstrip("0").rstrip(".")
    return "0" if text == "-0" or not text else text


_FIXED = {4: ".4f", 8: ".8f"}
