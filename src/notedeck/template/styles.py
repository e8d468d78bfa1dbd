"""A template's look read from its XML: theme fonts and colour slots, colours, text styles.

Colours are kept as `Ink`: how the deck writes them (a theme slot such as
accent1, so a restyled theme recolours the deck) and the RGB they show as
(for contrast checks). A placeholder's `TextStyle` is what its text inherits
from the layout, master and theme; LibreOffice writes a template's look into
the sample text of its placeholders instead, which nothing inherits, so that
is kept apart as `explicit_*` for the emitter to write on each run.
"""

from __future__ import annotations

import colorsys
from dataclasses import dataclass, field
from functools import lru_cache

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
SLOTS = ("dk1", "lt1", "dk2", "lt2", "accent1", "accent2", "accent3", "accent4", "accent5",
         "accent6", "hlink", "folHlink")
DEFAULT_MAP = {"bg1": "lt1", "tx1": "dk1", "bg2": "lt2", "tx2": "dk2"}
_PRESET = {"black": "#000000", "white": "#FFFFFF", "red": "#FF0000", "blue": "#0000FF",
           "green": "#008000", "gray": "#808080", "grey": "#808080"}


@dataclass(frozen=True)
class Ink:
    """A colour as the deck writes it and as it shows: `slot` is a theme colour (tx1, bg2,
    accent1, ...) or "" for a template's own fixed colour `rgb`."""

    rgb: str
    slot: str = ""
    lum_mod: int = 100000        # PowerPoint's lighter/darker variants of a slot
    lum_off: int = 0


@dataclass(frozen=True)
class TextStyle:
    """The typeface and colour a placeholder's text shows at its first level."""

    typeface: str = ""
    colour: Ink | None = None
    explicit_typeface: str = ""  # only in the template's sample text: write it on each run
    explicit_colour: Ink | None = None
    box_typeface: str = ""       # what a text box names to look the same: "+mn-lt", ...
    caps: bool = False           # the template sets this text in capitals (cap="all")
    tracking: float = 0.0        # points after each character (spc), in placeholders only


@dataclass(frozen=True)
class Theme:
    """A master's theme: its two fonts and its colour slots, mapped through the master's
    colour map (tx1 -> dk1, bg1 -> lt1, ...)."""

    major: str = "Arial"
    minor: str = "Arial"
    colours: dict[str, str] = field(default_factory=dict)
    clr_map: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_MAP))
    # the theme's background fills a bgRef (idx 1001, 1002, ...) names: the modifiers a solid
    # fill applies to the referenced colour, None for another fill
    backgrounds: tuple[dict[str, int] | None, ...] = ()

    def rgb(self, slot: str) -> str:
        name = self.clr_map.get(slot, DEFAULT_MAP.get(slot, slot))
        return self.colours.get(name, "#000000")

    def ink(self, slot: str, lum_mod: int = 100000, lum_off: int = 0) -> Ink:
        mods = {k: v for k, v in (("lumMod", lum_mod), ("lumOff", lum_off)) if (k, v) not in _NEUTRAL}
        return Ink(_apply(self.rgb(slot), mods), slot, lum_mod, lum_off)

    def typeface(self, name: str) -> str:
        """A run's typeface with theme references (+mj-lt, +mn-lt) resolved."""
        if name.startswith("+mj"):
            return self.major
        if name.startswith("+mn"):
            return self.minor
        return name


def read_theme(master) -> Theme:
    """The master's theme part and colour map."""
    from lxml import etree

    element = None
    for rel in master.part.rels.values():
        if rel.reltype.endswith("/theme") and not rel.is_external:
            element = etree.fromstring(rel.target_part.blob,
                                       etree.XMLParser(resolve_entities=False, no_network=True))
            break
    clr_map = dict(DEFAULT_MAP)
    mapping = master._element.find(f"{P}clrMap")
    if mapping is not None:
        clr_map.update(mapping.attrib)
    if element is None:
        return Theme(clr_map=clr_map)
    colours: dict[str, str] = {}
    scheme = element.find(f".//{A}clrScheme")
    for slot in SLOTS:
        node = scheme.find(f"{A}{slot}") if scheme is not None else None
        if node is not None and len(node):
            colours[slot] = _plain_rgb(node[0]) or "#000000"
    return Theme(_font(element, "majorFont"), _font(element, "minorFont"), colours, clr_map,
                 _backgrounds(element))


def _backgrounds(theme) -> tuple[dict[str, int] | None, ...]:
    found = theme.find(f".//{A}fmtScheme/{A}bgFillStyleLst")
    out = []
    for fill in found if found is not None else ():
        colour = fill.find(f"{A}schemeClr") if fill.tag == f"{A}solidFill" else None
        out.append(_modifiers(colour) if colour is not None and colour.get("val") == "phClr"
                   else None)
    return tuple(out)


def restyled(rgb: str, mods: dict[str, int]) -> str:
    """A colour with a fill style's modifiers (lumMod, lumOff, tint, shade) applied."""
    return _apply(rgb, mods)


def _font(theme, which: str) -> str:
    latin = theme.find(f".//{A}fontScheme/{A}{which}/{A}latin")
    return (latin.get("typeface") if latin is not None else "") or "Arial"


# --- colours ---------------------------------------------------------------------------

def ink(node, theme: Theme) -> Ink | None:
    """An Ink from a colour element (srgbClr, schemeClr, sysClr, prstClr, scrgbClr)."""
    tag = node.tag.replace(A, "")
    mods = _modifiers(node)
    lum_mod, lum_off = mods.get("lumMod", 100000), mods.get("lumOff", 0)
    if tag == "schemeClr":
        slot = node.get("val", "tx1")
        if slot == "phClr":
            return None
        rgb = _apply(theme.rgb(slot), mods)
        return Ink(rgb, slot, lum_mod, lum_off)
    rgb = _plain_rgb(node)
    return None if rgb is None else Ink(_apply(rgb, mods))


def modified(rgb: str, node) -> str:
    """A colour with the modifiers of a colour element (lumMod, lumOff, tint, shade) applied."""
    return _apply(rgb, _modifiers(node))


def _modifiers(node) -> dict[str, int]:
    out = {}
    for child in node:
        try:
            out[child.tag.replace(A, "")] = int(child.get("val", "0") or 0)
        except ValueError:        # a modifier that is not a number: as if absent
            continue
    return out


def _plain_rgb(node) -> str | None:
    tag = node.tag.replace(A, "")
    if tag == "srgbClr":
        value = node.get("val", "")
    elif tag == "sysClr":
        value = node.get("lastClr", "") or ("FFFFFF" if node.get("val") == "window" else "000000")
    elif tag == "prstClr":
        return _PRESET.get(node.get("val", "").lower())
    elif tag == "scrgbClr":
        parts = [int(node.get(k, "0")) / 100000 for k in ("r", "g", "b")]
        return "#" + "".join(f"{round(min(max(p, 0), 1) * 255):02X}" for p in parts)
    else:
        return None
    value = value.strip().upper()
    if len(value) != 6 or any(c not in "0123456789ABCDEF" for c in value):
        return None
    return f"#{value}"


def _apply(rgb: str, mods: dict[str, int]) -> str:
    """The modifiers in their document order, as PowerPoint and LibreOffice apply them:
    luminance and saturation in HSL, tint and shade towards white and black in linear light."""
    if not mods:
        return rgb
    channels = [int(rgb[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    for name, value in mods.items():
        v = value / 100000
        if name in _HSL:
            h, l, s = colorsys.rgb_to_hls(*channels)
            l, s = _HSL[name](l, s, v)
            channels = list(colorsys.hls_to_rgb(h, min(max(l, 0.0), 1.0), min(max(s, 0.0), 1.0)))
        elif name == "tint" and 0 <= v < 1:
            channels = [(1 - (1 - c ** GAMMA) * v) ** (1 / GAMMA) for c in channels]
        elif name == "shade" and 0 <= v < 1:
            channels = [(c ** GAMMA * v) ** (1 / GAMMA) for c in channels]
    return _hex(channels)


GAMMA = 2.3                  # LibreOffice's linear-light exponent for tint and shade
_NEUTRAL = {("lumMod", 100000), ("lumOff", 0)}
_HSL = {"lumMod": lambda l, s, v: (l * v, s), "lumOff": lambda l, s, v: (l + v, s),
        "satMod": lambda l, s, v: (l, s * v), "satOff": lambda l, s, v: (l, s + v),
        "sat": lambda l, s, v: (l, v), "lum": lambda l, s, v: (v, s)}


def _hex(channels) -> str:
    return "#" + "".join(f"{round(min(max(c, 0), 1) * 255):02X}" for c in channels)


@lru_cache(maxsize=4096)
def luminance(rgb: str) -> float:
    lin = []
    for i in (1, 3, 5):
        c = int(rgb[i:i + 2], 16) / 255
        lin.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two "#RRGGBB" colours."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def fill_ink(parent, theme: Theme) -> Ink | None:
    """The colour of a solid fill, or the average of a gradient's stops, under `parent`."""
    solid = parent.find(f"{A}solidFill")
    if solid is not None and len(solid):
        return ink(solid[0], theme)
    stops = [ink(gs[0], theme) for gs in parent.iterfind(f"{A}gradFill/{A}gsLst/{A}gs")
             if len(gs)]
    stops = [s for s in stops if s is not None]
    if stops:
        mean = [sum(int(s.rgb[i:i + 2], 16) for s in stops) / len(stops) / 255
                for i in (1, 3, 5)]
        return Ink(_hex(mean))
    return None


# --- text styles ---------------------------------------------------------------------

_KIND = {"title": "titleStyle", "ctrTitle": "titleStyle", "dt": "otherStyle",
         "ftr": "otherStyle", "sldNum": "otherStyle", "hdr": "otherStyle"}


def presentation_defaults(prs):
    """The presentation's default text style (first level), or None."""
    return prs.part._element.find(f"{P}defaultTextStyle/{A}lvl1pPr/{A}defRPr")


def text_style(element, base, master, theme: Theme, defaults, ph_type: str) -> TextStyle:
    """Typeface and colour a placeholder's first-level text shows.

    Inherited, in order: the placeholder's list style, its master placeholder's, the
    master's text styles. Then the template's sample text (not inherited: explicit), the
    master's first: LibreOffice copies one master's layouts, samples and all, to every
    master. Then the presentation's defaults and the theme (minor font, tx1)."""
    kind = _KIND.get(ph_type, "bodyStyle")
    inherited = [_list_style(element), _list_style(base),
                 master._element.find(f"{P}txStyles/{P}{kind}/{A}lvl1pPr/{A}defRPr")]
    samples = [_sample(base), _sample(element)]
    face, face_from = _first(inherited, samples, defaults, _latin)
    colour, colour_from = _first(inherited, samples, defaults, lambda r: _colour(r, theme))
    major = kind == "titleStyle"
    face = theme.typeface(face or ("+mj-lt" if major else "+mn-lt"))
    colour = colour or theme.ink("tx1")
    named = {theme.minor: "+mn-lt", theme.major: "+mj-lt"}
    caps, _ = _first(inherited, [], defaults, lambda r: r.get("cap") or "")
    spacing, _ = _first(inherited, [], defaults, lambda r: r.get("spc") or "")
    return TextStyle(face, colour, face if face_from == "sample" else "",
                     colour if colour_from == "sample" else None,
                     named.get(face, face) if face_from != "sample" else face,
                     caps == "all", _tracking(spacing))


def _tracking(spc: str) -> float:
    """A run's spc (hundredths of a point) as points, within what an app would draw."""
    try:
        return min(max(int(spc) / 100, -4.0), 40.0)
    except (TypeError, ValueError):
        return 0.0


def _first(inherited, samples, defaults, read):
    for where, group in (("inherited", inherited), ("sample", samples),
                         ("inherited", [defaults])):
        for rpr in group:
            value = read(rpr) if rpr is not None else None
            if value:
                return value, where
    return None, ""


def _list_style(element):
    if element is None:
        return None
    return element.find(f"{P}txBody/{A}lstStyle/{A}lvl1pPr/{A}defRPr")


def _sample(element):
    """The run properties of a placeholder's first sample paragraph."""
    if element is None:
        return None
    paragraph = element.find(f"{P}txBody/{A}p")
    if paragraph is None:
        return None
    for path in (f"{A}r/{A}rPr", f"{A}fld/{A}rPr", f"{A}endParaRPr"):
        found = paragraph.find(path)
        if found is not None:
            return found
    return None


def _latin(rpr) -> str:
    latin = rpr.find(f"{A}latin")
    return (latin.get("typeface") or "") if latin is not None else ""


def _colour(rpr, theme: Theme) -> Ink | None:
    solid = rpr.find(f"{A}solidFill")
    return ink(solid[0], theme) if solid is not None and len(solid) else None
