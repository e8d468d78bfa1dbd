"""A template as plain geometry: every master, layout and placeholder, read from python-pptx.

`discover(prs, file)` walks every slide master and every layout of a
Presentation (opened from bytes; nothing here reads a file) and returns a
TemplateInfo: names, placeholder types, idx values, boxes, insets, anchors and
the text style each placeholder shows. Which layout serves which purpose is
decided elsewhere (roles.py); this module only describes what is there.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from notedeck.template import backdrop, styles
from notedeck.template.backdrop import Backdrop, Decoration
from notedeck.template.boxes import EMU_PER_IN, Box
from notedeck.template.styles import TextStyle

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
# Placeholder types that hold the slide's furniture, never one of our texts.
FURNITURE = frozenset({"dt", "ftr", "sldNum", "hdr"})
# python-pptx clones every other placeholder of a layout onto a new slide, in order.
NOT_CLONED = frozenset({"dt", "ftr", "sldNum"})


@dataclass(frozen=True)
class Frame:
    """Where a text or picture goes: a box, its text insets (left, top, right, bottom, inches)
    and anchor, and for messages the placeholder and layout it comes from."""

    box: Box
    insets: tuple[float, float, float, float] = (0.1, 0.05, 0.1, 0.05)
    anchor: str = "t"
    label: str = ""              # "placeholder 'Body' of layout 'Content'"
    style: TextStyle = field(default_factory=TextStyle)
    room: Box | None = None      # where the text may run when it fits nowhere else

    @property
    def inner_w(self) -> float:
        return self.box.w - self.insets[0] - self.insets[2]

    @property
    def face(self):
        """The font files that measure this frame's text (faces.py)."""
        from notedeck.template import faces

        return faces.find(self.style.typeface)

    @property
    def text_face(self):
        """The face of the text the placeholder itself holds: with the template's letter
        spacing, which text boxes, tables and charts do not inherit."""
        face = self.face
        return replace(face, tracking=self.style.tracking) if self.style.tracking else face


@dataclass(frozen=True)
class Placeholder:
    """One placeholder of a layout, with what notedeck needs to place text in it."""

    name: str
    type: str                    # title, ctrTitle, subTitle, body, obj, pic, tbl, chart, ...
    idx: int
    box: Box | None              # None: neither the layout nor its master gives a position
    insets: tuple[float, float, float, float]
    anchor: str
    position: int                # its place among the layout's placeholders
    vertical: bool = False
    style: TextStyle = field(default_factory=TextStyle)
    shape: Decoration | None = None          # its own fill and line, under its text
    drawn: bool = False          # notedeck's own (a slide number the template lacks): a text box
    pinned: bool = False         # moved from where the layout has it: each slide says where
    room: Box | None = None      # where its text may run when it fits nowhere else

    @property
    def furniture(self) -> bool:
        return self.type in FURNITURE

    def describe(self) -> str:
        return f"{self.name!r} ({self.type}, idx {self.idx})"

    def frame(self, layout: "Layout") -> Frame:
        label = (f"notedeck's own {self.name.removeprefix('notedeck ')} box on layout "
                 f"{layout.name!r}" if self.drawn else
                 f"placeholder {self.name!r} of layout {layout.name!r}")
        return Frame(self.box, self.insets, self.anchor, label, self.style, self.room)


@dataclass(frozen=True)
class Layout:
    master: int                  # 0-based
    index: int                   # 0-based within its master
    name: str
    placeholders: tuple[Placeholder, ...]
    backdrop: Backdrop = field(default_factory=lambda: Backdrop((0.0, 0.0)))   # behind text

    def by_type(self, *types: str) -> list[Placeholder]:
        return [ph for ph in self.placeholders if ph.type in types]

    def label(self) -> str:
        return f"layout {self.name!r} of master {self.master + 1}"

    def behind(self, box: Box) -> list[str | None]:
        """The colours a person sees behind a box, at points across it (None: a picture)."""
        return self.backdrop.colours(box)

    def behind_chart(self, box: Box) -> list[str | None]:
        """The colours behind a chart's box, out to its edges (None: a picture)."""
        return self.backdrop.colours(box, backdrop.GRAPHIC)


@dataclass(frozen=True)
class Master:
    index: int
    name: str
    layouts: tuple[Layout, ...]
    theme: styles.Theme
    footer: Placeholder | None = None       # the master's own ftr and sldNum
    number: Placeholder | None = None
    title_style: TextStyle = field(default_factory=TextStyle)   # for notedeck's own text
    body_style: TextStyle = field(default_factory=TextStyle)    # boxes (places.py)


@dataclass(frozen=True)
class TemplateInfo:
    """Every master and layout of a template, as plain data."""

    file: str                    # named in every message
    slide_w: float
    slide_h: float
    masters: tuple[Master, ...]

    def layouts(self) -> list[Layout]:
        return [layout for master in self.masters for layout in master.layouts]

    def layout_names(self) -> list[str]:
        return list(dict.fromkeys(layout.name for layout in self.layouts()))


def discover(prs, file: str) -> TemplateInfo:
    """The whole template as plain data."""
    size = (prs.slide_width / EMU_PER_IN, prs.slide_height / EMU_PER_IN)
    masters = tuple(_master(prs, index, master, size) for index, master in
                    enumerate(prs.slide_masters))
    return TemplateInfo(file, *size, masters)


def _master(prs, index: int, master, size: tuple[float, float]) -> Master:
    theme = styles.read_theme(master)
    defaults = styles.presentation_defaults(prs)
    shapes = backdrop.decorations(master, theme)
    twins = _twins(master)
    layouts = tuple(_layout(index, i, layout, master, theme, defaults,
                            backdrop.read(layout, master, theme, size, shapes), twins)
                    for i, layout in enumerate(master.slide_layouts))
    own = {ph_type(ph): _placeholder(ph, i, None, master, theme, defaults)
           for i, ph in enumerate(master.placeholders)}
    name = master._element.cSld.get("name") or f"Master {index + 1}"
    title, body = (own.get(kind) or own.get(other) for kind, other in (("title", "ctrTitle"),
                                                                       ("body", "obj")))
    return Master(index, name, layouts, theme, own.get("ftr"), own.get("sldNum"),
                  title.style if title else styles.text_style(None, None, master, theme,
                                                              defaults, "title"),
                  body.style if body else styles.text_style(None, None, master, theme,
                                                            defaults, "body"))


def _layout(master_index: int, index: int, layout, master, theme, defaults,
            behind: Backdrop, twins: dict) -> Layout:
    placeholders = tuple(_placeholder(ph, i, layout, master, theme, defaults, twins)
                         for i, ph in enumerate(layout.placeholders))
    return Layout(master_index, index, layout.name, placeholders, behind)


def ph_type(ph) -> str:
    return ph._element.ph.get("type", "obj")


def _placeholder(ph, position: int, layout, master, theme, defaults,
                 twins: dict | None = None) -> Placeholder:
    element = ph._element.ph
    base = _master_twin(ph, twins) if layout is not None else None
    vertical = element.get("orient") == "vert" or _body_attr(ph, "vert", "horz", base) not in (
        "horz", "")
    box = _box(ph._element, base)
    owner = layout if layout is not None else master
    shape = None if box is None else backdrop.placeholder_shape(
        ((ph._element, owner.part), (base, master.part)), box, theme)
    return Placeholder(
        name=ph.name or f"Placeholder {position + 1}", type=ph_type(ph),
        idx=_idx(element), box=box, insets=_insets(ph, base),
        anchor=_body_attr(ph, "anchor", "t", base), position=position, vertical=vertical,
        style=styles.text_style(ph._element, base, master, theme, defaults, ph_type(ph)),
        shape=shape)


def _idx(element) -> int:
    try:
        return int(element.get("idx", "0"))
    except ValueError:
        return 0


def _box(element, base) -> Box | None:
    """Each of left, top, width and height the placeholder's own, else its master twin's
    (`base`), as python-pptx inherits them (read here from the elements: its lookup of the
    twin is repeated per attribute, and was most of a template's inspection)."""
    try:
        values = tuple(_own_else(element, base, name) for name in ("x", "y", "cx", "cy"))
    except (AttributeError, KeyError, ValueError):
        return None
    if any(v is None for v in values):
        return None
    return Box(*(v / EMU_PER_IN for v in values))


def _own_else(element, base, name: str):
    own = getattr(element, name)
    return own if own is not None or base is None else getattr(base, name)


_INSET_DEFAULTS = (("lIns", 91440), ("tIns", 45720), ("rIns", 91440), ("bIns", 45720))


def _insets(ph, base) -> tuple[float, float, float, float]:
    values = []
    for attr, default in _INSET_DEFAULTS:
        try:
            values.append(max(int(_body_attr(ph, attr, default, base)), 0) / EMU_PER_IN)
        except ValueError:
            values.append(default / EMU_PER_IN)
    return tuple(values)


def _body_attr(ph, attr: str, default, base=None):
    """A bodyPr attribute from the layout placeholder, else the master's (`base`), else the
    default."""
    for element in (ph._element, base):
        if element is None:
            continue
        body = element.find(f".//{A}bodyPr")
        if body is not None and body.get(attr) is not None:
            return body.get(attr)
    return default


def _twins(master) -> dict:
    """The master's placeholder elements by type, the first of each (python-pptx's
    `placeholders.get(type)`), indexed once: its lookup walks the master's shapes."""
    twins: dict = {}
    for ph in master.placeholders:
        try:
            twins.setdefault(ph._element.ph_type, ph._element)
        except (AttributeError, KeyError, ValueError):
            continue                    # a type python-pptx does not know: no layout's twin
    return twins


def _master_twin(ph, twins: dict):
    """The master placeholder this layout placeholder inherits from, as an element."""
    try:
        kind = ph._element.ph_type
    except (AttributeError, KeyError, ValueError):
        return None
    return twins.get(_twin_type(kind))


def _twin_type(kind):
    """python-pptx's inheritance (LayoutPlaceholder._base_placeholder): the type of the master
    placeholder a layout placeholder of type `kind` inherits from; for most types, the body."""
    from pptx.enum.shapes import PP_PLACEHOLDER as PH

    same = (PH.TITLE, PH.DATE, PH.FOOTER, PH.SLIDE_NUMBER)
    return PH.TITLE if kind == PH.CENTER_TITLE else kind if kind in same else PH.BODY
