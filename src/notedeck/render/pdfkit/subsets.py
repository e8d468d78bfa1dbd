"""A TrueType font whose text already in its first subset is encoded without a Python loop.

reportlab draws a TrueType font's text as codes in 256-glyph subsets, giving each new
character the next code: `TTFont.splitString` walks the text character by character
for every string drawn, a tenth of writing a long handout. Once every character of a
text has its code in subset 0 (nearly always, after a page or two) the answer is that
text's codes: `FastTTFont` gets them with two `str.translate` calls, and otherwise
asks reportlab, which assigns new codes as before. Codes never change once given, so
the file is the same bytes (docs/architecture.md, "Library internals").
"""

from __future__ import annotations

from reportlab.pdfbase.ttfonts import TTFont

NBSP, SPACE = 0xA0, 0x20          # reportlab encodes a no-break space as a space


class FastTTFont(TTFont):
    def splitString(self, text, doc, encoding="utf-8"):
        state = self.state.get(doc) if isinstance(text, str) and text else None
        if state is None:
            return super().splitString(text, doc, encoding)
        tables = getattr(state, "_notedeck_tables", None)
        if tables is None or tables[0] != len(state.assignments):
            tables = state._notedeck_tables = _tables(state.assignments)
        _, known, codes = tables
        if text.translate(known):         # a character without a code in subset 0
            return super().splitString(text, doc, encoding)
        return [(0, text.translate(codes).encode("latin-1"))]


def _tables(assignments: dict[int, int]) -> tuple[int, dict, dict]:
    """(how many assignments they reflect, a table deleting every character coded in subset
    0, a table turning each into its code)."""
    codes = {char: chr(code) for char, code in assignments.items() if code < 256}
    if SPACE in codes:
        codes[NBSP] = codes[SPACE]
    else:
        codes.pop(NBSP, None)
    return len(assignments), dict.fromkeys(codes), codes
