"""Which font files measure a template's typeface: the real font, else a metric-compatible one.

Text is measured with the font it will be drawn in, so it fits. When the
template's font is installed here, its own files are used. Otherwise a font
with the same widths (Liberation Sans for Arial and Helvetica, Carlito for
Calibri, ...), when one is bundled or installed. Otherwise the font this
machine draws in its place (fontconfig's choice, which LibreOffice follows),
and `template show` says so. Nothing here decides how text looks in the deck.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from functools import lru_cache

from notedeck.template import installed as fonts
from notedeck.theme import FONT_FAMILY, FONT_FILES

STYLES = ("regular", "bold", "italic", "bolditalic")
# Fonts drawn with the same advance widths as a common typeface.
METRIC_TWINS = {
    "arial": "Liberation Sans", "helvetica": "Liberation Sans",
    "arial narrow": "Liberation Sans Narrow", "times new roman": "Liberation Serif",
    "times": "Liberation Serif", "courier new": "Liberation Mono", "courier": "Liberation Mono",
    "calibri": "Carlito", "cambria": "Caladea", "georgia": "Gelasio",
}


@dataclass(frozen=True)
class Face:
    """The font files that measure one typeface, and how they were found."""

    name: str                                  # the typeface the template asks for
    files: tuple[tuple[str, str], ...]         # (style, path) for regular, bold, ...
    measured_with: str                         # the family whose files these are
    how: str                                   # "installed" | "twin" | "bundled" | "substitute"
    tracking: float = 0.0                      # points after each character (a template's spc)

    def file(self, style: str) -> str:
        found = dict(self.files)
        return found.get(style) or found.get("bold" if "bold" in style else "regular") \
            or found["regular"]


BUNDLED = Face(FONT_FAMILY, tuple((s, str(FONT_FILES[s])) for s in STYLES), FONT_FAMILY,
               "bundled")


def explain(face: Face) -> str:
    """How a face is measured, in words for `template show`."""
    if face.how == "installed":
        return "measured with the installed font itself"
    if face.how in ("twin", "bundled") and face.measured_with != face.name:
        return f"measured with {face.measured_with}, which has the same character widths"
    if face.how == "bundled":
        return "measured with the copy bundled with notedeck"
    return (f"not installed here and no font with the same widths is: measured with "
            f"{face.measured_with}, which this machine draws in its place; install "
            f"{face.name} for exact measures")


@lru_cache(maxsize=None)
def line_height(path: str) -> float:
    """The font's own line height in em (ascent, descent and gap), read once."""
    from fontTools.ttLib import TTFont

    font = TTFont(path, lazy=True)
    hhea, upm = font["hhea"], font["head"].unitsPerEm
    return (hhea.ascent - hhea.descent + max(hhea.lineGap, 0)) / upm


@lru_cache(maxsize=64)
def find(name: str) -> Face:
    """The files that measure typeface `name` (see the module's docstring)."""
    wanted = (name or "").strip()
    key = wanted.lower()
    if not wanted or key == FONT_FAMILY.lower():
        return BUNDLED
    twin = METRIC_TWINS.get(key)
    if twin is not None and twin.lower() == FONT_FAMILY.lower():
        return Face(wanted, BUNDLED.files, FONT_FAMILY, "twin")   # the very widths: no lookup
    installed = fonts.installed()
    if key in installed:
        return Face(wanted, _styles(installed[key]), installed[key][0][0], "installed")
    if twin is not None:
        if twin.lower() in installed:
            return Face(wanted, _styles(installed[twin.lower()]), twin, "twin")
    family = _substitute(wanted)
    if family and family.lower() in installed:
        return Face(wanted, _styles(installed[family.lower()]), family, "substitute")
    return Face(wanted, BUNDLED.files, FONT_FAMILY, "substitute")


def _styles(entries: list[tuple[str, int, int, str]]) -> tuple[tuple[str, str], ...]:
    """Regular, bold, italic and bold italic files of one family, nearest weight first."""
    out = []
    for style in STYLES:
        weight = 200 if "bold" in style else 80
        italic = "italic" in style
        best = min(entries, key=lambda e: (bool(e[2]) != italic, abs(e[1] - weight), e[3]))
        if bool(best[2]) == italic and (abs(best[1] - weight) < 60 or style == "regular"):
            out.append((style, best[3]))
    if not any(style == "regular" for style, _ in out):
        out.insert(0, ("regular", min(entries, key=lambda e: (abs(e[1] - 80), e[3]))[3]))
    return tuple(out)


def _substitute(name: str) -> str:
    if shutil.which("fc-match") is None:
        return ""
    try:
        return subprocess.run(["fc-match", "--format", "%{family[0]}", name],
                              capture_output=True, text=True, timeout=20,
                              check=True).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""
