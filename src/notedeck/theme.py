"""One palette, one type family and one scale, shared by charts, deck and handout."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

FONT_DIR = Path(__file__).parent / "fonts"

# The deck names Arial: every presenting app has it (LibreOffice maps it to the
# metric-identical Liberation Sans), so widths measured here hold everywhere.
DECK_TYPEFACE = "Arial"
# Charts and the handout embed Liberation Sans itself.
FONT_FAMILY = "Liberation Sans"
FONT_FILES = {
    "regular": FONT_DIR / "LiberationSans-Regular.ttf",
    "bold": FONT_DIR / "LiberationSans-Bold.ttf",
    "italic": FONT_DIR / "LiberationSans-Italic.ttf",
    "bolditalic": FONT_DIR / "LiberationSans-BoldItalic.ttf",
}


@dataclass(frozen=True)
class Palette:
    """Okabe-Ito based: distinguishable with every common colour-vision deficiency."""

    ink: str = "#1F2328"        # body text
    muted: str = "#57606A"      # captions, footers
    background: str = "#FFFFFF"
    rule: str = "#D0D7DE"       # hairlines, table borders
    accent: str = "#0072B2"     # blue: headings, featured figures, "writing"
    accent2: str = "#E69F00"    # orange: "checking", the slow step
    band: str = "#EEF4FA"       # table header and highlighted row fill
    series: tuple[str, ...] = (
        "#0072B2", "#E69F00", "#009E73", "#CC79A7",
        "#56B4E9", "#D55E00", "#F0E442", "#000000",
    )


PALETTE = Palette()


@dataclass(frozen=True)
class TypeScale:
    """Point sizes. Slides are read from the back of a room; print is read in the hand."""

    slide_title: float = 32
    slide_section_number: float = 60
    slide_section_title: float = 40
    slide_body: float = 22
    slide_body_min: float = 16     # text fitting never shrinks below this
    slide_stat: float = 40
    slide_table: float = 18
    slide_table_min: float = 12
    slide_footer: float = 11
    slide_notes: float = 12
    chart_title: float = 20
    chart_label: float = 16
    chart_tick: float = 14
    print_title: float = 24
    print_heading: float = 15
    print_body: float = 10.5
    print_small: float = 8.5


TYPE = TypeScale()

# Slide geometry (inches, 16:9).
SLIDE_WIDTH_IN = 13.333
SLIDE_HEIGHT_IN = 7.5

# Charts are drawn once at these sizes (inches) and placed at them on slides;
# the handout scales them down to its text width. By the form a chart is drawn as:
# lines across a slide, bars beside its text.
CHART_SIZES_IN = {
    "line": (12.1, 4.5),
    "bar": (6.7, 4.5),
}


def chart_size(spec) -> tuple[float, float]:
    """Inches, by the form the chart is drawn as."""
    from notedeck.deck import LineChart, drawable

    return CHART_SIZES_IN["line" if isinstance(drawable(spec), LineChart) else "bar"]


CHART_DPI = 200   # twice the 100 dpi a projected 16:9 slide needs at 1333 px
