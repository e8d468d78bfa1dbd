"""The handout's fonts, colours, paragraph styles and text-to-markup escaping."""

from __future__ import annotations

from itertools import groupby
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from notedeck.render.pdfkit.subsets import FastTTFont as TTFont

from notedeck import glyphs
from notedeck.glyphs import UNSAFE
from notedeck.deck import Text
from notedeck.theme import FONT_FILES, PALETTE, TYPE

# reportlab names for the four faces of the bundled Liberation Sans.
FAMILY = "LiberationSans"
FACES = {
    "regular": FAMILY,
    "bold": f"{FAMILY}-Bold",
    "italic": f"{FAMILY}-Italic",
    "bolditalic": f"{FAMILY}-BoldItalic",
}
REGULAR, BOLD, ITALIC = FACES["regular"], FACES["bold"], FACES["italic"]
FALLBACK = "DejaVuSans"   # draws what Liberation Sans lacks (✓, ★, arrows, many symbols)

INK = colors.HexColor(PALETTE.ink)
MUTED = colors.HexColor(PALETTE.muted)
RULE = colors.HexColor(PALETTE.rule)
ACCENT = colors.HexColor(PALETTE.accent)
BAND = colors.HexColor(PALETTE.band)


def register_fonts() -> None:
    """Register Liberation Sans as a family, so <b> and <i> pick its faces.

    reportlab always embeds (a subset of) a TrueType font, and unlike the
    built-in Helvetica it has ×, ÷, arrows and typographic quotes.
    """
    known = set(pdfmetrics.getRegisteredFontNames())
    for face, name in FACES.items():
        if name not in known:
            pdfmetrics.registerFont(TTFont(name, str(FONT_FILES[face])))
    pdfmetrics.registerFontFamily(FAMILY, normal=FACES["regular"], bold=FACES["bold"],
                                  italic=FACES["italic"], boldItalic=FACES["bolditalic"])


def fallback() -> str:
    """FALLBACK, registered the first time a text needs it: DejaVu Sans is the largest
    font read, and most notes never reach for it."""
    dejavu = glyphs.dejavu_file()
    if dejavu and FALLBACK not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(FALLBACK, str(dejavu)))
    return FALLBACK


# --- text ----------------------------------------------------------------------

# Characters XML 1.0 forbids (reportlab's markup parser is XML-like), plus
# C1 controls and non-characters that no font draws.
_INVALID = UNSAFE


def clean(text: str) -> str:
    """`text` without characters that cannot go into a PDF's text."""
    return _INVALID.sub("", text)


def esc(text: str) -> str:
    """Plain text made safe for reportlab Paragraph markup; glyphs Liberation lacks in DejaVu."""
    # reportlab breaks lines at U+202F, the narrow no-break space of French figures
    # ("1 000 000", "98,7 %"), as at any space; U+00A0 it keeps whole.
    escaped = escape(clean(text)).replace("\u202f", "\u00a0")
    if escaped.isascii() or not any(map(glyphs.needs_fallback, set(escaped))):
        return escaped
    return "".join(f'<font name="{fallback()}">{"".join(run)}</font>' if lacking else "".join(run)
                   for lacking, run in groupby(escaped, glyphs.needs_fallback))


def markup(runs: Text) -> str:
    """Styled runs as Paragraph markup: bold and italic become <b> and <i>."""
    parts = []
    for run in runs:
        text = esc(run.text)
        if run.italic:
            text = f"<i>{text}</i>"
        if run.bold:
            text = f"<b>{text}</b>"
        parts.append(text)
    return "".join(parts)


def hex_of(color: colors.Color) -> str:
    """A colour as the #rrggbb a <font color> tag takes."""
    return "#" + color.hexval()[2:]


# --- styles --------------------------------------------------------------------

BODY = TYPE.print_body            # 10.5 pt
SMALL = TYPE.print_small          # 8.5 pt
CELL = 9.5                        # table text: between body and small


def _style(name: str, size: float, leading: float, font: str = REGULAR,
           color: colors.Color = INK, **kw) -> ParagraphStyle:
    return ParagraphStyle(name, fontName=font, fontSize=size, leading=leading,
                          textColor=color, bulletFontName=REGULAR, **kw)


class Styles:
    """Every paragraph style the handout uses, from title down to table cells."""

    title = _style("title", TYPE.print_title, TYPE.print_title * 1.2, BOLD, spaceAfter=4)
    subtitle = _style("subtitle", 13, 17, color=MUTED, spaceAfter=10)
    kicker = _style("kicker", 9, 12, BOLD, ACCENT, spaceAfter=6)
    byline = _style("byline", 9.5, 13, color=MUTED)
    heading = _style("heading", TYPE.print_heading, TYPE.print_heading * 1.25, BOLD,
                     spaceBefore=22, spaceAfter=3, keepWithNext=1)
    headline = _style("headline", 12, 16, ITALIC, spaceAfter=10, keepWithNext=1)
    subheading = _style("subheading", 11.5, 15, BOLD, spaceBefore=8, spaceAfter=4,
                        keepWithNext=1)
    minorheading = _style("minorheading", BODY, BODY * 1.35, BOLD, spaceBefore=6,
                          spaceAfter=2, keepWithNext=1)
    body = _style("body", BODY, BODY * 1.43, spaceAfter=7, allowWidows=0)
    item = _style("item", BODY, BODY * 1.43, spaceAfter=3, allowWidows=0)
    bulleted_item = _style("bulleted_item", BODY, BODY * 1.43, spaceAfter=3, allowWidows=0,
                           leftIndent=14, bulletIndent=0, bulletFontSize=BODY,
                           bulletColor=ACCENT)
    numbered_item = _style("numbered_item", BODY, BODY * 1.43, spaceAfter=3, allowWidows=0,
                           leftIndent=18, bulletIndent=0, bulletFontSize=BODY,
                           bulletColor=ACCENT)
    callout = _style("callout", 11, 15.5)
    caption = _style("caption", CELL, CELL * 1.3, BOLD, spaceAfter=5)
    cell = _style("cell", CELL, CELL * 1.3)
    cell_right = _style("cell_right", CELL, CELL * 1.3, alignment=TA_RIGHT)
    cell_head = _style("cell_head", CELL, CELL * 1.3, BOLD)
    cell_head_right = _style("cell_head_right", CELL, CELL * 1.3, BOLD, alignment=TA_RIGHT)
    stat_value = _style("stat_value", 20, 24, BOLD, ACCENT)
    stat_label = _style("stat_label", 9, 11.5, BOLD, spaceBefore=2)
    stat_detail = _style("stat_detail", SMALL, SMALL * 1.3, color=MUTED, spaceBefore=1)
    prompt = _style("prompt", BODY, BODY * 1.35, BOLD, spaceAfter=1)
    hint = _style("hint", 9.5, 12.5, ITALIC, MUTED)
    source = _style("source", 9.5, 13, leftIndent=14, firstLineIndent=-14, spaceAfter=5,
                    allowWidows=0)
    boundary = _style("boundary", 9.5, 13, color=MUTED, spaceAfter=5, allowWidows=0)

