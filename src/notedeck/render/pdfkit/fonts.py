"""The planned faces' font files registered with reportlab, and what each cannot draw.

Text is drawn with the very files it was measured with (faces.Face): the
bundled Liberation Sans under the names the handout uses, any other file under
a name made from its own (stable, so the same build gives the same bytes).
Characters a face lacks are drawn with DejaVu Sans, as in the handout. A file
reportlab cannot embed (a CFF-flavoured OpenType font) is drawn in the bundled
face of the same style instead.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import groupby
from pathlib import Path

from notedeck import glyphs
from notedeck.render.pdfkit.styles import FACES, fallback, register_fonts
from notedeck.template import faces
from notedeck.template.faces import Face
from notedeck.theme import FONT_FILES


def style(bold: bool, italic: bool) -> str:
    return {(False, False): "regular", (True, False): "bold", (False, True): "italic",
            (True, True): "bolditalic"}[(bold, italic)]


@lru_cache(maxsize=None)
def font_name(path: str, fallback_style: str = "regular") -> str:
    """The reportlab name of one font file, registering it on first use."""
    from reportlab.pdfbase import pdfmetrics
    from notedeck.render.pdfkit.subsets import FastTTFont as TTFont

    register_fonts()
    bundled = {str(Path(p).resolve()): FACES[s] for s, p in FONT_FILES.items()}
    resolved = str(Path(path).resolve())
    if resolved in bundled:
        return bundled[resolved]
    name = "nd-" + re.sub(r"[^A-Za-z0-9_-]", "", Path(path).stem)[:48]
    if name in pdfmetrics.getRegisteredFontNames():
        return name
    try:
        pdfmetrics.registerFont(TTFont(name, path))
    except Exception:     # not a TrueType file reportlab can subset: the bundled face
        return FACES[fallback_style]
    return name


def font(face: Face | None, bold: bool, italic: bool) -> str:
    kind = style(bold, italic)
    return font_name((face or faces.BUNDLED).file(kind), kind)


@lru_cache(maxsize=None)
def _coverage(name: str) -> frozenset[int] | None:
    """Code points a registered font maps (None: the bundled face, see glyphs)."""
    if name in FACES.values():
        return None
    from reportlab.pdfbase import pdfmetrics

    return frozenset(pdfmetrics.getFont(name).face.charToGlyph)


def parts(text: str, name: str) -> list[tuple[str, str]]:
    """(text, font) stretches: characters the font lacks go to DejaVu Sans."""
    covered = _coverage(name)
    if covered is None:
        if text.isascii():
            return [(text, name)]
        lacks = glyphs.needs_fallback
    else:
        has_fallback = glyphs.dejavu_file() is not None

        def lacks(ch: str) -> bool:
            return has_fallback and ch != " " and ord(ch) not in covered
    return [("".join(chars), fallback() if missing else name)
            for missing, chars in groupby(text, lacks)]
