"""The template contract: slide layouts by name, placeholders by role, read as plain geometry.

A template (the shipped ``templates/default.pptx`` or a corporate one) must
hold a slide layout for every name in ``LAYOUTS``, and in each layout a
placeholder with the listed ``idx`` for every role. Titles are the layout's
title placeholder; footers and slide numbers are its ``ftr`` and ``sldNum``
placeholders (every layout but "Title"). Positions, insets and anchors come
from the template; fonts and sizes are set by the renderer.
"""

from __future__ import annotations

import functools
import io
from dataclasses import dataclass
from pathlib import Path

from notedeck.errors import fail

DEFAULT_TEMPLATE = Path(__file__).resolve().parents[2] / "templates" / "default.pptx"

EMU_PER_IN = 914400

# layout name -> role -> placeholder idx (the title is always idx 0)
LAYOUTS: dict[str, dict[str, int]] = {
    "Title": {"title": 0, "subtitle": 1, "details": 13},
    "Section": {"title": 0, "headline": 1, "number": 13},
    "Content": {"title": 0, "body": 1},
    "Chart": {"title": 0, "chart": 1, "caption": 14},
    "Chart and Text": {"title": 0, "chart": 1, "side": 2, "caption": 14},
    "Table": {"title": 0, "table": 1, "caption": 14},
    "Sources": {"title": 0, "sources": 1, "boundaries": 2},
}
# Roles found by placeholder type rather than idx; every layout but these needs them.
FOOTER_TYPES = {"footer": "ftr", "slide_number": "sldNum"}
NO_FOOTER = frozenset({"Title"})


@dataclass(frozen=True)
class Box:
    """A rectangle in inches from the slide's top-left corner."""

    x: float
    y: float
    w: float
    h: float

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def right(self) -> float:
        return self.x + self.w


@dataclass(frozen=True)
class Frame:
    """A placeholder's box and text insets (left, top, right, bottom), inches."""

    box: Box
    insets: tuple[float, float, float, float] = (0.1, 0.05, 0.1, 0.05)
    anchor: str = "t"

    @property
    def inner_w(self) -> float:
        return self.box.w - self.insets[0] - self.insets[2]


@dataclass(frozen=True)
class Template:
    """Everything the planner needs to know about a template, as plain data."""

    path: Path
    slide_w: float
    slide_h: float
    layouts: dict[str, dict[str, Frame]]   # layout name -> role -> frame

    def frame(self, layout: str, role: str) -> Frame:
        return self.layouts[layout][role]


def read_template(source: bytes | Path, name: str = "") -> Template:
    """Read a template's geometry and check it honours the contract; fail naming what is missing."""
    if isinstance(source, bytes):
        return _read_bytes(source, name)
    return _read(source, name)


@functools.lru_cache(maxsize=4)
def _read_bytes(source: bytes, name: str) -> Template:
    """The same template bytes give the same geometry: check plans every variant on them."""
    return _read(source, name)


def _read(source: bytes | Path, name: str) -> Template:
    from pptx import Presentation   # python-pptx only when a deck is rendered

    path = Path(name or (source if isinstance(source, Path) else "template.pptx"))
    prs = Presentation(io.BytesIO(source) if isinstance(source, bytes) else str(source))
    by_name = {layout.name: layout for layout in prs.slide_layouts}
    frames = {name: _layout_frames(path, name, by_name) for name in LAYOUTS}
    size = prs.slide_width / EMU_PER_IN, prs.slide_height / EMU_PER_IN
    for name, roles in frames.items():
        for role, frame in roles.items():
            _check_frame(path, name, role, frame, size)
    return Template(Path(path), *size, frames)


MIN_SIDE_IN = 0.2          # a placeholder smaller than this holds no line of text
SLACK_IN = 0.01            # rounding in the template's EMU


def _check_frame(path: Path, layout: str, role: str, frame: Frame,
                 slide: tuple[float, float]) -> None:
    """A placeholder the contract uses must be a real box on the slide: the template's fault if not."""
    box, (width, height) = frame.box, slide
    inner_h = box.h - frame.insets[1] - frame.insets[3]
    if min(box.w, box.h) < MIN_SIDE_IN or frame.inner_w <= 0 or inner_h <= 0:
        raise fail(path, f"slide layout {layout!r}: the {role} placeholder is {box.w:.2f} × "
                         f"{box.h:.2f} in (inside its margins {max(frame.inner_w, 0):.2f} × "
                         f"{max(inner_h, 0):.2f} in); expected at least {MIN_SIDE_IN} in each way")
    if box.x < -SLACK_IN or box.y < -SLACK_IN or box.right > width + SLACK_IN or \
            box.bottom > height + SLACK_IN:
        raise fail(path, f"slide layout {layout!r}: the {role} placeholder reaches from "
                         f"({box.x:.2f}, {box.y:.2f}) to ({box.right:.2f}, {box.bottom:.2f}) in, "
                         f"off the {width:.2f} × {height:.2f} in slide; the layouts were drawn "
                         "for another slide size")


def _layout_frames(path: Path, name: str, by_name: dict) -> dict[str, Frame]:
    layout = by_name.get(name)
    if layout is None:
        raise fail(path, f"template has no slide layout {name!r}; layouts are: "
                         f"{', '.join(repr(n) for n in by_name) or 'none'}")
    by_idx = {ph.placeholder_format.idx: ph for ph in layout.placeholders}
    by_type = {_ph_type(ph): ph for ph in layout.placeholders}
    found: dict[str, object] = {}
    for role, idx in LAYOUTS[name].items():
        found[role] = by_idx.get(idx)
    if name not in NO_FOOTER:
        for role, ph_type in FOOTER_TYPES.items():
            found[role] = by_type.get(ph_type)
    missing = [role for role, ph in found.items() if ph is None]
    if missing:
        have = ", ".join(f"idx {i} ({_ph_type(ph)})" for i, ph in sorted(by_idx.items()))
        raise fail(path, f"slide layout {name!r} lacks placeholder(s) for "
                         f"{', '.join(missing)}; it has: {have or 'none'}")
    return {role: _frame(ph) for role, ph in found.items()}


def _ph_type(ph) -> str:
    return ph._element.ph.get("type", "obj")


def _frame(ph) -> Frame:
    box = Box(*(v / EMU_PER_IN for v in (ph.left, ph.top, ph.width, ph.height)))
    return Frame(box, _insets(ph), _body_attr(ph, "anchor", "t"))


_INSET_DEFAULTS = (("lIns", 91440), ("tIns", 45720), ("rIns", 91440), ("bIns", 45720))


def _insets(ph) -> tuple[float, float, float, float]:
    values = []
    for attr, default in _INSET_DEFAULTS:
        values.append(int(_body_attr(ph, attr, default)) / EMU_PER_IN)
    return tuple(values)


def _body_attr(ph, attr: str, default):
    """A bodyPr attribute from the layout placeholder, else the master's, else the default."""
    for element in (ph._element, _master_twin(ph)):
        if element is None:
            continue
        body = element.find(".//{http://schemas.openxmlformats.org/drawingml/2006/main}bodyPr")
        if body is not None and body.get(attr) is not None:
            return body.get(attr)
    return default


def _master_twin(ph):
    base = getattr(ph, "_base_placeholder", None)
    return None if base is None else base._element
