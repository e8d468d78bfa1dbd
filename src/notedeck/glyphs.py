"""Which characters the bundled fonts can draw: Liberation Sans first, DejaVu Sans as fallback."""

from __future__ import annotations

import importlib.util
import re
from functools import lru_cache
from pathlib import Path

from notedeck.theme import FONT_FILES

# Characters no output may carry: C0 and C1 controls (but tab, newline, carriage return and
# NEL), lone surrogates and non-characters. XML refuses them; PDF text would show boxes.
UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")


def dejavu_file(bold: bool = False) -> Path | None:
    """DejaVu Sans as matplotlib ships it, found without importing matplotlib."""
    spec = importlib.util.find_spec("matplotlib")
    if not spec or not spec.submodule_search_locations:
        return None
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    path = Path(spec.submodule_search_locations[0]) / "mpl-data" / "fonts" / "ttf" / name
    return path if path.exists() else None


@lru_cache(maxsize=4)
def _codepoints(path: str) -> frozenset[int]:
    from fontTools.ttLib import TTFont

    with TTFont(path, lazy=True) as font:
        return frozenset(font.getBestCmap())


def primary() -> frozenset[int]:
    return _codepoints(str(FONT_FILES["regular"]))


def fallback() -> frozenset[int]:
    path = dejavu_file()
    return _codepoints(str(path)) if path else frozenset()


def needs_fallback(char: str) -> bool:
    """Drawn by DejaVu Sans because Liberation Sans lacks it."""
    code = ord(char)
    return code not in primary() and code in fallback()


def undrawable(text: str) -> list[str]:
    """Characters neither font has, in order of first appearance (whitespace ignored)."""
    first = primary()
    unknown = {char for char in set(text) if ord(char) not in first and not char.isspace()}
    if unknown:                         # DejaVu Sans is read only when Liberation Sans lacks one
        unknown = {char for char in unknown if ord(char) not in fallback()}
    return [char for char in dict.fromkeys(text) if char in unknown]


def describe(chars: list[str]) -> str:
    """'😀 (U+1F600), 中 (U+4E2D)'."""
    return ", ".join(f"{c} (U+{ord(c):04X})" for c in chars[:8]) + (" …" if len(chars) > 8 else "")
