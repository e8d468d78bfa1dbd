"""The renderer-neutral Deck, split by meaning; every name is handed on from here."""

from notedeck.deck.text import Run, Text, plain, strings
from notedeck.deck.charts import (SCALES, Axis, Bar, BarChart, ChartArt, ChartSpec, Drawn, Line,
                                  LineChart, NumberFormat, Point, Reference, Segment, Tick,
                                  drawable, on_scale)
from notedeck.deck.blocks import (Block, BulletList, Callout, Chart, Exercise, Heading,
                                  Paragraph, Passage, Prompt, Stat, Stats, Table, Worksheet)
from notedeck.deck.slides import (ORIGIN, ChartSlide, ContentSlide, Handout, HandoutSection,
                                  Origin, SectionSlide, Slide, Source, SourcesSlide, TableSlide,
                                  TitleSlide)
from notedeck.deck.live import (Choice, Control, Cursor, Emphasis, Live, LiveBlock, Panel,
                                Phrase, Reading, Readout, Slider, Stop, Varying)
from notedeck.deck.meta import SLOT, GuideLabels, Labels, Meta, fill_slots
from notedeck.deck.whole import Clock, ClockRow, Deck
from notedeck.deck.stamp import Beside, Stamp

__all__ = [
    "Run", "Text", "plain", "strings",
    "SCALES", "Axis", "Bar", "BarChart", "ChartArt", "ChartSpec", "Drawn", "Line", "LineChart",
    "NumberFormat", "Point", "Reference", "Segment", "Tick", "drawable", "on_scale",
    "Block", "BulletList", "Callout", "Chart", "Exercise", "Heading", "Paragraph", "Passage",
    "Prompt", "Stat", "Stats", "Table", "Worksheet",
    "ORIGIN", "ChartSlide", "ContentSlide", "Handout", "HandoutSection", "Origin", "SectionSlide",
    "Slide", "Source", "SourcesSlide", "TableSlide", "TitleSlide",
    "Choice", "Control", "Cursor", "Emphasis", "Live", "LiveBlock", "Panel", "Phrase", "Reading",
    "Readout", "Slider", "Stop", "Varying",
    "SLOT", "GuideLabels", "Labels", "Meta", "fill_slots",
    "Clock", "ClockRow", "Deck", "Beside", "Stamp",
]
