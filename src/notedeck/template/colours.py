"""The template's look for notedeck's own shapes: which theme slot colours what.

Text boxes, figures, callouts, tables and chart series take their colours from
the theme's slots (tx1, tx2, bg1, bg2, accent1-6) through the master's colour
map, never from fixed values, so a restyled theme recolours them. Text on a
fill takes whichever of the theme's text and background colours reads best
on it, and text straight on the slide (figures, notes, a chart's text, axes and
labels) the slot meant for it where that reads on what lies behind, else the
colour the template gives its own text there: a converted template that keeps
Office's default theme (tx1 black) on a dark slide gets light chart text.
`Look` holds the choices for one role's slides, as Inks (slot and RGB), each
named for its part (a colour role), never for a chart.
"""

from __future__ import annotations

from dataclasses import dataclass

from notedeck.template import paint
from notedeck.template.legible import LARGE, readable, readable_on
from notedeck.template.roles import Mapped
from notedeck.template.styles import Ink, Theme

# The placeholder whose text a role's own text boxes match.
TEXT_SLOT = {"title": "subtitle", "section": "headline", "content": "body",
             "chart": "caption", "chart-and-text": "side", "table": "caption",
             "sources": "sources"}
ACCENTS = ("accent1", "accent2", "accent3", "accent4", "accent5", "accent6")


@dataclass(frozen=True)
class Look:
    """Colours and the typeface of the shapes notedeck adds to one role's slides."""

    ink: Ink                     # text, as the role's text placeholder shows it
    muted: Ink                   # details, sources' notes, chart axes: tx2 where it reads
    accent: Ink                  # bullets, callout bars, a chart's first line: accent1
    figure: Ink                  # big figures: accent1 where it reads, else the text's
    band: Ink                    # callout and highlighted-row fill: bg2
    on_band: Ink                 # text on the band
    header: Ink                  # table header fill: accent1
    on_header: Ink               # text on the header
    rule: Ink                    # table rules: tx1, lighter
    behind: tuple[str | None, ...]   # colours behind the role's text (None: a picture)
    typeface: str                # for text boxes: "+mn-lt", or the template's own font
    series: tuple[Ink, ...]      # chart series: accent1-6
    text: Ink                    # chart text, axes and labels: tx1 where it reads
    background: Ink              # bg1: what chart text and marker rims stand on
    grid: Ink                    # chart gridlines: the chart text, much fainter
    chart_behind: tuple[str | None, ...] = ()   # colours behind the chart's area


def look(mapped: Mapped, theme: Theme) -> Look:
    """The look of one role's slides, from its layout's placeholders and its master's theme."""
    slot = TEXT_SLOT[mapped.role.name]
    ph = mapped.slots.get(slot) or mapped.slots.get(mapped.role.main)
    style = ph.style
    ink = style.colour or theme.ink("tx1")
    band, header = theme.ink("bg2"), theme.ink("accent1")
    typeface = style.explicit_typeface or ("+mn-lt" if style.typeface in ("", theme.minor)
                                           else style.typeface)
    behind = tuple(mapped.layout.behind(ph.box))
    chart = mapped.slots.get("chart") or ph
    chart_behind = tuple(mapped.layout.behind(chart.box))
    text = readable_on(chart_behind, (theme.ink("tx1"), ink, theme.ink("bg1")))
    return Look(
        ink=ink, muted=readable_on(behind, (theme.ink("tx2"), ink)),
        accent=theme.ink("accent1"),
        figure=readable_on(behind, (theme.ink("accent1"), ink), LARGE), band=band,
        on_band=readable(band, (ink, theme.ink("tx1"), theme.ink("tx2"), theme.ink("bg1"))),
        header=header, on_header=readable(header, (theme.ink("bg1"), theme.ink("tx1"))),
        rule=theme.ink("tx1", 25000, 75000), behind=behind,
        typeface=typeface, series=tuple(theme.ink(a) for a in ACCENTS),
        text=text, background=theme.ink("bg1"), grid=_faint(text, theme, chart_behind),
        chart_behind=chart_behind)


def _faint(text: Ink, theme: Theme, behind) -> Ink:
    """Gridlines: tx1 much lighter where the chart text is tx1 (a light slide), else the chart
    text mixed most of the way into what lies behind."""
    if text.slot == "tx1" and text.lum_mod == 100000:
        return theme.ink("tx1", 15000, 85000)
    known = [c for c in behind if c is not None]
    if not known:
        return text
    mean = "#" + "".join(f"{round(sum(int(c[i:i + 2], 16) for c in known) / len(known)):02X}"
                         for i in (1, 3, 5))
    return Ink(paint.over((text.rgb, 0.3), mean))
