"""The one text-measuring engine: a face's advances, words, and greedy lines.

Widths come from the font files of a `faces.Face` (the template's typeface, or
one with the same widths; by default the bundled Liberation Sans,
metric-identical to Arial), read with fontTools. Text is measured two ways
with the same line breaking: as the planner measures it (each character's
advance in em, no kerning; `wrap`), and as presenting apps set it (advances at
the size LibreOffice sets, on its 1/20 pt grid, pair kerning, a break after a
hyphen between letters; `wrap_as_set`). Sizes are points.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, NamedTuple

from notedeck.deck import Run, Text
from notedeck.template import faces
from notedeck.template.faces import Face

PT_PER_IN = 72.0
# One line at 100% spacing, in em. PowerPoint sets Arial at about 1.2 em;
# LibreOffice sets Liberation Sans at 1.15 em. Measure with the taller, or with
# the font's own line height where that is taller still.
LINE_HEIGHT = 1.2
TWIPS = 20.0        # LibreOffice places glyphs on a grid of 1/20 pt
HMM = 2540.0        # hundredths of a millimetre per inch: LibreOffice's unit for font heights
_STYLES = {(False, False): "regular", (True, False): "bold", (False, True): "italic",
           (True, True): "bolditalic"}
_HYPHEN = re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])")


# --- advances ----------------------------------------------------------------------

@lru_cache(maxsize=None)
def _advances(path: str) -> tuple[dict[int, float], float]:
    """Advance width of every mapped character, in em, and the fallback (.notdef) width."""
    from fontTools.ttLib import TTFont

    font = TTFont(path, lazy=True)
    # Glyphs named by number: decoding their real names (the 'post' table) would cost more
    # than reading the widths. Glyph 0 is .notdef in every TrueType and OpenType font.
    font.setGlyphOrder([f"glyph{i}" for i in range(font["maxp"].numGlyphs)])
    upm = font["head"].unitsPerEm
    metrics = font["hmtx"].metrics
    widths = {cp: metrics[glyph][0] / upm for cp, glyph in font.getBestCmap().items()}
    return widths, metrics["glyph0"][0] / upm


def _widths(bold: bool, italic: bool, face: Face | None):
    return _advances((face or faces.BUNDLED).file(_STYLES[(bold, italic)]))


def em_width(text: str, bold: bool = False, italic: bool = False,
             face: Face | None = None) -> float:
    widths, fallback = _widths(bold, italic, face)
    return sum(widths.get(ord(ch), fallback) for ch in text)


def text_width(text: str, size: float, bold: bool = False, italic: bool = False,
               face: Face | None = None) -> float:
    """Width of one line of text, in points, without kerning (kerning only narrows it)."""
    tracking = face.tracking * len(text) if face is not None else 0.0
    return em_width(text, bold, italic, face) * size + tracking


def line_height(size: float, line_spacing: float = 1.0, face: Face | None = None) -> float:
    """Height of one line, in points."""
    em = LINE_HEIGHT
    if face is not None and face is not faces.BUNDLED and face.measured_with != \
            faces.BUNDLED.measured_with:
        em = max(em, faces.line_height(face.file("regular")))
    return size * em * line_spacing


def set_size(size: float) -> float:
    """The size LibreOffice sets a font at: its height in whole hundredths of a millimetre
    (16 pt is set at 15.987 pt)."""
    return round(size / PT_PER_IN * HMM) / HMM * PT_PER_IN


@lru_cache(maxsize=16)
def _kerning(path: str) -> dict[tuple[str, str], float]:
    """The font's pair kerning (its 'kern' table) in em, by characters; LibreOffice kerns
    every pair the table names. A font with kerning only in GPOS is measured unkerned."""
    from fontTools.ttLib import TTFont

    font = TTFont(path, lazy=True)
    if "kern" not in font:
        return {}
    upm = font["head"].unitsPerEm
    chars: dict[str, list[str]] = {}
    for code, glyph in font.getBestCmap().items():
        chars.setdefault(glyph, []).append(chr(code))
    pairs = {}
    for table in font["kern"].kernTables:
        for (left, right), value in getattr(table, "kernTable", {}).items():
            for a in chars.get(left, ()):
                for b in chars.get(right, ()):
                    pairs[(a, b)] = value / upm
    return pairs


@lru_cache(maxsize=256)
def _set_advances(bold: bool, italic: bool, size: float, face: Face) -> dict[str, float]:
    """Advances in points as set, per face, style and size (filled as characters are met)."""
    return {}


def _set_advance(ch: str, bold: bool, italic: bool, size: float, face: Face) -> float:
    table = _set_advances(bold, italic, size, face)
    width = table.get(ch)
    if width is None:
        width = table[ch] = round(em_width(ch, bold, italic, face) * set_size(size) * TWIPS
                                  ) / TWIPS
    return width


# --- words -------------------------------------------------------------------------

class Part(NamedTuple):
    """A stretch a line may end after: a word, or a word's piece up to a hyphen."""

    text: str
    widths: tuple[float, ...]    # each character's
    width: float                 # the sum of its characters'
    gap: float                   # the width that joins it to a line's text before it
    joiner: str                  # " " after a space, "" after a hyphen


def as_runs(text: Text | str) -> Text:
    return (Run(text),) if isinstance(text, str) else tuple(text)


def _part(text: str, chars: list[float], space: float) -> Part:
    return Part(text, tuple(chars), sum(chars), space, " ")


# Em widths do not depend on the size: fitting wraps the same runs at every size it tries,
# so each text is cut into words once.
@lru_cache(maxsize=4096)
def _planned_words(runs: Text, face: Face | None = None) -> tuple[Part, ...]:
    """Per word, in em: its characters' advances and the space before it (its run's)."""
    words: list[Part] = []
    text, chars, space, pending_space = "", [], 0.0, 0.0
    for run in runs:
        widths, fallback = _widths(run.bold, run.italic, face)
        for ch in run.text:
            if ch == " ":
                if text:
                    words.append(_part(text, chars, space))
                    text, chars = "", []
                pending_space = widths.get(32, fallback)
                continue
            if not text:
                space = pending_space if words else 0.0
            text += ch
            chars.append(widths.get(ord(ch), fallback))
    if text:
        words.append(_part(text, chars, space))
    return tuple(words)


def _set_parts(runs: Text, size: float, face: Face) -> list[Part]:
    """Per word, in points as set: its parts (split after hyphens), the first joined by the
    space before it; each character carries its pair's kern."""
    text = "".join(run.text for run in runs)
    widths: list[float] = []
    for run in runs:
        table = _set_advances(run.bold, run.italic, size, face)
        kerning = _kerning(face.file(_STYLES[(run.bold, run.italic)]))
        for i, ch in enumerate(run.text):
            width = table.get(ch)
            width = width if width is not None else _set_advance(ch, run.bold, run.italic, size,
                                                                 face)
            if kerning and i + 1 < len(run.text):
                width += kerning.get((ch, run.text[i + 1]), 0.0) * set_size(size)
            widths.append(width)
    out: list[Part] = []
    for match in re.finditer(r"[^ ]+", text):
        a, b = match.span()
        space = widths[a - 1] if a and out else 0.0
        word = match.group()
        cuts = [0, *(m.end() for m in _HYPHEN.finditer(word)), b - a] if "-" in word \
            else [0, b - a]
        for n, (i, j) in enumerate((i, j) for i, j in zip(cuts, cuts[1:]) if j > i):
            chars = widths[a + i:a + j]
            gap = space if n == 0 else 0.0
            out.append(Part(word[i:j], tuple(chars), sum(chars), gap, " " if gap else ""))
    return out


# --- lines -------------------------------------------------------------------------

def break_lines(parts: Iterable[Part], limit: float) -> tuple[str, ...]:
    """Greedy lines: each part joins the line while it fits; a part wider than a line breaks
    between characters."""
    lines: list[str] = []
    line, line_w = "", 0.0
    for part in parts:
        if line and line_w + part.gap + part.width <= limit:
            line, line_w = line + part.joiner + part.text, line_w + part.gap + part.width
            continue
        if line:
            lines.append(line)
        if part.width <= limit:
            line, line_w = part.text, part.width
            continue
        line, line_w = "", 0.0
        for ch, w in zip(part.text, part.widths):
            if line and line_w + w > limit:
                lines.append(line)
                line, line_w = "", 0.0
            line, line_w = line + ch, line_w + w
    lines.append(line)
    return tuple(lines)


def wrap(text: Text | str, width_pt: float, size: float,
         face: Face | None = None) -> tuple[str, ...]:
    """Lines as the planner measures them: by words, in em, unkerned."""
    parts = _planned_words(as_runs(text), face)
    if face is not None and face.tracking:
        parts = _tracked(parts, face.tracking / size)
    return break_lines(parts, width_pt / size)


def wrap_as_set(runs: Text, width_pt: float, size: float, face: Face | None = None
                ) -> tuple[str, ...]:
    """Lines as presenting apps break them: at spaces, and after a hyphen between letters
    ("Sarathi-" / "Serve"); widths add each glyph's advance at the size LibreOffice sets and
    the font's pair kerning."""
    face = face or faces.BUNDLED
    parts = _set_parts(runs, size, face)
    return break_lines(_tracked(parts, face.tracking) if face.tracking else parts, width_pt)


def _tracked(parts, tracking: float) -> list[Part]:
    """Parts with a template's letter spacing after each character (the space's too)."""
    return [Part(p.text, tuple(w + tracking for w in p.widths), p.width + tracking * len(p.text),
                 p.gap + tracking if p.gap else p.gap, p.joiner) for p in parts]
