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

from collections import Counter

from dataclasses import dataclass

from notedeck.template import paint
from notedeck.theme import PALETTE
from notedeck.template.legible import LARGE, readable, readable_on, reads_everywhere
from notedeck.template.roles import Mapped
from notedeck.template.styles import Ink, Theme

# The placeholder whose text a role's own text boxes match.
TEXT_SLOT = {"title": "subtitle", "section": "headline", "content": "body",
             "chart": "caption", "chart-and-text": "side", "table": "caption",
             "sources": "sources"}
ACCENTS = ("accent1", "accent2", "accent3", "accent4", "accent5", "accent6")
VARYING = 1.2                # on a ground of several colours, series must read this much more
GRAPHICS = 3.0               # WCAG's contrast for graphics: a chart's series on its background
# PowerPoint's darker and lighter variants of a theme colour (lumMod, lumOff), nearest first.
DARKER = ((75000, 0), (50000, 0), (25000, 0), (10000, 0))
LIGHTER = ((60000, 40000), (40000, 60000), (20000, 80000), (10000, 90000))


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
    backing: Ink | None = None   # a fill behind the chart where the ground under it is split


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
    chart_behind = tuple(mapped.layout.behind_chart(chart.box))
    backing = chart_backing(theme, chart_behind)
    if backing is not None:
        chart_behind = (backing.rgb,)
    text = readable_on(chart_behind, (theme.ink("tx1"), ink, theme.ink("bg1")))
    return Look(
        ink=ink, muted=readable_on(behind, (theme.ink("tx2"), ink)),
        accent=theme.ink("accent1"),
        figure=readable_on(behind, (theme.ink("accent1"), ink), LARGE), band=band,
        on_band=readable(band, (ink, theme.ink("tx1"), theme.ink("tx2"), theme.ink("bg1"))),
        header=header, on_header=readable(header, (theme.ink("bg1"), theme.ink("tx1"))),
        rule=theme.ink("tx1", 25000, 75000), behind=behind,
        typeface=typeface, series=series(theme, chart_behind)[0],
        text=text, background=theme.ink("bg1"), grid=_faint(text, theme, chart_behind),
        chart_behind=chart_behind, backing=backing)


def chart_backing(theme: Theme, behind) -> Ink | None:
    """A fill behind the chart where what lies under its box cannot be relied on: a picture
    (its colours are not judged), or grounds of several colours that the series do not read
    on at 3:1 with a margin (a band across part of the box; a gradient, which an app may draw
    a little darker than its stops). The ground most of the box shows, as the theme colour it is
    where one is; under a picture, the theme's background colour (bg1). Else None."""
    if any(c is None for c in behind):
        return theme.ink("bg1")
    known = [c.upper() for c in behind]
    if len(set(known)) < 2:
        return None
    inks, _ = series(theme, known)
    if all(reads_everywhere(ink.rgb, known)[0] >= GRAPHICS * VARYING for ink in inks):
        return None
    ground = Counter(known).most_common(1)[0][0]
    slots = ("bg1", "bg2", "tx1", "tx2", "lt1", "dk1", "lt2", "dk2")
    return next((theme.ink(s) for s in slots if theme.ink(s).rgb.upper() == ground), Ink(ground))


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


def series(theme: Theme, behind) -> tuple[tuple[Ink, ...], str]:
    """A chart's series colours: the theme's accents that read at 3:1 on what lies behind the
    chart, in order, then each one that does not in a darker or lighter variant that does
    (darker and lighter in turn, so that they stay apart); and what was changed, in words."""
    accents = [theme.ink(a) for a in ACCENTS]
    known = [c for c in behind if c is not None]
    if not known:
        return tuple(accents), ""
    reads = {a.rgb: reads_everywhere(a.rgb, known) for a in accents}
    good = [a for a in accents if reads[a.rgb][0] >= GRAPHICS or _own(a, known)]
    failing = [a for a in accents if a not in good]
    if not failing:
        return tuple(good), ""
    shades = [_shade(a, theme, known, i % 2 == 1) for i, a in enumerate(failing)]
    worst = reads[failing[0].rgb][1]
    said = (", ".join(f"{a.slot} {a.rgb} ({reads[a.rgb][0]:.2f}:1)" for a in failing)
            + f" read below the {GRAPHICS:g}:1 WCAG asks of graphics on {worst}; their series "
            "take " + ", ".join(f"{ink.rgb} ({_variant(ink)})" for ink in shades)
            + ", after the accents that read")
    return tuple(good + shades), said


def _own(accent: Ink, known) -> bool:
    """notedeck's own palette on its own white: the colours every output (the handout, the
    web page) draws its charts in, kept so that the deck shows the same (each series is
    labelled in words as well)."""
    return (accent.rgb.upper() in {c.upper() for c in PALETTE.series}
            and all(c.upper() == PALETTE.background.upper() for c in known))


def _shade(accent: Ink, theme: Theme, known, lighter_first: bool) -> Ink:
    """The accent's nearest darker (or lighter, first) variant that reads on the background,
    else the one that reads best."""
    order = LIGHTER + DARKER if lighter_first else DARKER + LIGHTER
    tried = [theme.ink(accent.slot, m, o) for m, o in order]
    tried += [theme.ink("lt1"), theme.ink("dk1")]    # on two colours, only these may do
    for ink in tried:
        if reads_everywhere(ink.rgb, known)[0] >= GRAPHICS:
            return ink
    return max(tried, key=lambda ink: reads_everywhere(ink.rgb, known)[0])


def _variant(ink: Ink) -> str:
    if not ink.slot.startswith("accent"):
        return ink.slot
    if ink.lum_off:
        return f"{ink.slot}, lighter {ink.lum_off // 1000}%"
    return f"{ink.slot}, darker {100 - ink.lum_mod // 1000}%"
