"""The template's look for notedeck's own shapes: which theme slot colours what.

Text boxes, figures, callouts, tables and chart series take their colours from
the theme's slots (tx1, tx2, bg1, bg2, accent1-6) through the master's colour
map, never from fixed values, so a restyled theme recolours them. Text on a
fill takes whichever of the theme's text and background colours reads best
on it. `Look` holds the choices for one role's slides, as Inks (slot and RGB).
"""

from __future__ import annotations

from dataclasses import dataclass

from notedeck.layout.roles import Mapped
from notedeck.layout.styles import Ink, Theme, contrast

# The placeholder whose text a role's own text boxes match.
TEXT_SLOT = {"title": "subtitle", "section": "headline", "content": "body",
             "chart": "caption", "chart-and-text": "side", "table": "caption",
             "sources": "sources"}
ACCENTS = ("accent1", "accent2", "accent3", "accent4", "accent5", "accent6")


@dataclass(frozen=True)
class Look:
    """Colours and the typeface of the shapes notedeck adds to one role's slides."""

    ink: Ink                     # text, as the role's text placeholder shows it
    muted: Ink                   # details, sources' notes: tx2
    accent: Ink                  # big figures, bullets, callout bars: accent1
    band: Ink                    # callout and highlighted-row fill: bg2
    on_band: Ink                 # text on the band
    header: Ink                  # table header fill: accent1
    on_header: Ink               # text on the header
    rule: Ink                    # table rules: tx1, lighter
    behind: Ink | None           # what lies behind the role's text (None: a picture)
    typeface: str                # for text boxes: "+mn-lt", or the template's own font
    series: tuple[Ink, ...]      # chart series: accent1-6
    text: Ink                    # chart text: tx1
    paper: Ink                   # bg1
    grid: Ink                    # chart gridlines: tx1, much lighter


def look(mapped: Mapped, theme: Theme) -> Look:
    """The look of one role's slides, from its layout's placeholders and its master's theme."""
    slot = TEXT_SLOT[mapped.role.name]
    ph = mapped.slots.get(slot) or mapped.slots.get(mapped.role.main)
    style = ph.style
    ink = style.colour or theme.ink("tx1")
    band, header = theme.ink("bg2"), theme.ink("accent1")
    typeface = style.explicit_typeface or ("+mn-lt" if style.typeface in ("", theme.minor)
                                           else style.typeface)
    return Look(
        ink=ink, muted=theme.ink("tx2"), accent=theme.ink("accent1"), band=band,
        on_band=readable(band, (ink, theme.ink("tx1"), theme.ink("tx2"), theme.ink("bg1"))),
        header=header, on_header=readable(header, (theme.ink("bg1"), theme.ink("tx1"))),
        rule=theme.ink("tx1", 25000, 75000), behind=mapped.layout.under(ph.box),
        typeface=typeface, series=tuple(theme.ink(a) for a in ACCENTS),
        text=theme.ink("tx1"), paper=theme.ink("bg1"), grid=theme.ink("tx1", 15000, 85000))


def readable(fill: Ink, choices: tuple[Ink, ...], enough: float = 4.5) -> Ink:
    """The first choice that reads at `enough` on the fill, else the one that reads best."""
    for choice in choices:
        if contrast(choice.rgb, fill.rgb) >= enough:
            return choice
    return max(choices, key=lambda c: contrast(c.rgb, fill.rgb))
