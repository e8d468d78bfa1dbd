"""The fonts installed here: fontconfig's list, else the font folders read directly (Windows, macOS).

Each installed file is (family, weight, slant, file) on fontconfig's scales
(weight 80 regular, 200 bold; slant 0 upright, 100 italic), whichever way it
was found, so faces.py picks styles the same way on every system.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

Entry = tuple[str, int, int, str]          # (family, weight, slant, file)

# Where fonts are installed: fontconfig's defaults on Linux, macOS's folders, and Windows'
# system and per-user folders. A folder named by an unset variable is skipped.
FONT_FOLDERS = ("/usr/share/fonts", "/usr/local/share/fonts", "~/.fonts",
                "$XDG_DATA_HOME/fonts", "~/.local/share/fonts", "/Library/Fonts",
                "~/Library/Fonts", "/System/Library/Fonts", "$WINDIR/Fonts",
                "$LOCALAPPDATA/Microsoft/Windows/Fonts")
MAX_FONT_FOLDERS = 5000
MAX_FONT_FILES = 20000
SUFFIXES = (".ttf", ".otf")
# OpenType weight classes -> fontconfig's weights (fontconfig's own FcWeightFromOpenType).
_WEIGHTS = ((100, 0), (200, 40), (300, 50), (350, 55), (380, 75), (400, 80), (500, 100),
            (600, 180), (700, 200), (800, 205), (900, 210))


def folders() -> list[Path]:
    """The font folders of this machine that exist, each once."""
    found = []
    for name in FONT_FOLDERS:
        if name.startswith("$") and not os.environ.get(name[1:].split("/")[0]):
            continue
        root = Path(os.path.expanduser(os.path.expandvars(name)))
        if root.is_dir() and root not in found:
            found.append(root)
    return found


def installed_stamp() -> str:
    """Which fonts are installed, cheaply: every font folder's path and modification time
    (a font added or removed changes its folder's), as fontconfig checks its own caches. The
    build record keys it, since an installed font may measure a template's text."""
    lines = []
    for root in folders():
        for folder, _, _ in os.walk(root):
            try:
                lines.append(f"{folder}\0{os.stat(folder).st_mtime_ns}")
            except OSError:
                continue
            if len(lines) > MAX_FONT_FOLDERS:
                return "\n".join(lines)
    return "\n".join(lines)


@lru_cache(maxsize=1)
def installed() -> dict[str, list[Entry]]:
    """Installed font files by lower-case family: fontconfig's list where it is installed,
    else every font file of the font folders."""
    fonts: dict[str, list[Entry]] = {}
    for family, weight, slant, path in (_listed() if shutil.which("fc-list") else _read()):
        fonts.setdefault(family.lower(), []).append((family, weight, slant, path))
    return fonts


def _listed() -> list[Entry]:
    """fontconfig's list of upright-width TrueType and OpenType files."""
    try:
        listing = subprocess.run(
            ["fc-list", "--format", "%{family}|%{weight}|%{slant}|%{width}|%{file}\n"],
            capture_output=True, text=True, timeout=20, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    out = []
    for line in listing.splitlines():
        parts = line.split("|")
        if len(parts) != 5 or not parts[4].lower().endswith(SUFFIXES):
            continue
        families, weight, slant, width, path = parts
        if not (weight.isdigit() and slant.isdigit()) or width not in ("", "100"):
            continue
        out.extend((family.strip(), int(weight), int(slant), path)
                   for family in families.split(","))
    return out


def _read() -> list[Entry]:
    """Every TrueType and OpenType file of the font folders, its family and style read from
    the file itself (no fontconfig: Windows, and macOS without it)."""
    out, count = [], 0
    for root in folders():
        for folder, _, names in os.walk(root):
            for name in sorted(n for n in names if n.lower().endswith(SUFFIXES)):
                count += 1
                if count > MAX_FONT_FILES:
                    return out
                entry = _entry(os.path.join(folder, name))
                if entry is not None:
                    out.append(entry)
    return out


def _entry(path: str) -> Entry | None:
    """A font file's family, weight and slant on fontconfig's scales; None for a file that is
    no readable font, or one of a narrow or wide width."""
    from fontTools.ttLib import TTFont, TTLibError

    try:
        font = TTFont(path, lazy=True, fontNumber=0)
        names, os2 = font["name"], font["OS/2"]
        family = names.getDebugName(16) or names.getDebugName(1)
        weight, width, italic = os2.usWeightClass, os2.usWidthClass, bool(os2.fsSelection & 1)
    except (OSError, KeyError, AttributeError, TTLibError, ValueError, IndexError):
        return None
    if not family or width != 5:
        return None
    nearest = min(_WEIGHTS, key=lambda pair: abs(pair[0] - weight))[1]
    return (family.strip(), nearest, 100 if italic else 0, path)
