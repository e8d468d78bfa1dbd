"""Which font files measure a template's typeface: the real font, else a metric-compatible one.

Text is measured with the font it will be drawn in, so it fits. When the
template's font is installed here, its own files are used. Otherwise a font
with the same widths (Liberation Sans for Arial and Helvetica, Carlito for
Calibri, ...), when one is bundled or installed. Otherwise the font this
machine draws in its place (fontconfig's choice, which LibreOffice follows),
and `template show` says so. Nothing here decides how text looks in the deck.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from notedeck.theme import FONT_FAMILY, FONT_FILES

STYLES = ("regular", "bold", "italic", "bolditalic")
# Where fonts are installed (fontconfig's defaults on Linux, and macOS's folders).
FONT_FOLDERS = ("/usr/share/fonts", "/usr/local/share/fonts", "~/.fonts",
                "$XDG_DATA_HOME/fonts", "~/.local/share/fonts", "/Library/Fonts",
                "~/Library/Fonts", "/System/Library/Fonts")
MAX_FONT_FOLDERS = 5000
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
    installed = _installed()
    if key in installed:
        return Face(wanted, _styles(installed[key]), installed[key][0][0], "installed")
    if twin is not None:
        if twin.lower() in installed:
            return Face(wanted, _styles(installed[twin.lower()]), twin, "twin")
    family = _substitute(wanted)
    if family and family.lower() in installed:
        return Face(wanted, _styles(installed[family.lower()]), family, "substitute")
    return Face(wanted, BUNDLED.files, FONT_FAMILY, "substitute")


def installed_stamp() -> str:
    """Which fonts are installed, cheaply: every font folder's path and modification time
    (a font added or removed changes its folder's), as fontconfig checks its own caches. The
    build record keys it, since an installed font may measure a template's text."""
    lines = []
    for name in FONT_FOLDERS:
        if name.startswith("$XDG_DATA_HOME") and not os.environ.get("XDG_DATA_HOME"):
            continue
        root = Path(os.path.expanduser(os.path.expandvars(name)))
        for folder, _, _ in os.walk(root):
            try:
                lines.append(f"{folder}\0{os.stat(folder).st_mtime_ns}")
            except OSError:
                continue
            if len(lines) > MAX_FONT_FOLDERS:
                return "\n".join(lines)
    return "\n".join(lines)


@lru_cache(maxsize=1)
def _installed() -> dict[str, list[tuple[str, int, int, str]]]:
    """Installed font files by lower-case family: (family, weight, slant, file)."""
    if shutil.which("fc-list") is None:
        return {}
    try:
        listing = subprocess.run(
            ["fc-list", "--format", "%{family}|%{weight}|%{slant}|%{width}|%{file}\n"],
            capture_output=True, text=True, timeout=20, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return {}
    fonts: dict[str, list[tuple[str, int, int, str]]] = {}
    for line in listing.splitlines():
        parts = line.split("|")
        if len(parts) != 5 or not parts[4].lower().endswith((".ttf", ".otf")):
            continue
        families, weight, slant, width, path = parts
        if not (weight.isdigit() and slant.isdigit()) or width not in ("", "100"):
            continue
        for family in families.split(","):
            fonts.setdefault(family.strip().lower(), []).append(
                (family.strip(), int(weight), int(slant), path))
    return fonts


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
