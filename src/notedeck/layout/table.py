"""Planned native tables: column widths and row heights from measured cells, split with the
header repeated when the rows do not fit one slide."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from notedeck.deck import Run, Table
from notedeck.layout import fit, measure
from notedeck.template.geometry import Box, Frame
from notedeck.layout.blocks import PPara, PText, dressed
from notedeck.theme import TYPE

TABLE = (TYPE.slide_table, TYPE.slide_table_min)
CELL_INSETS = (0.12, 0.06, 0.12, 0.06)


@dataclass(frozen=True)
class PTable:
    box: Box
    col_widths: tuple[float, ...]
    row_heights: tuple[float, ...]       # the header's first
    table: Table                         # this slide's rows; highlight indexes them
    size: float
    insets: tuple[float, float, float, float] = CELL_INSETS
    look: object = None                  # colours.Look: header, band and rule colours


def _room(width: float) -> float:
    """Points a cell's text may use on one line."""
    return (width - CELL_INSETS[0] - CELL_INSETS[2]) * measure.PT_PER_IN * fit.WIDTH_SLACK


def _inches(points: float) -> float:
    return points / (measure.PT_PER_IN * fit.WIDTH_SLACK) + CELL_INSETS[0] + CELL_INSETS[2]


class _Geometry:
    """Column widths and row heights of one table at one size, in inches."""

    def __init__(self, table: Table, width: float, size: float, face=None):
        self.table, self.size, self.face = table, size, face
        rows = [(table.header, True)] + [(row, i == table.highlight)
                                         for i, row in enumerate(table.rows)]
        natural = [0.0] * len(table.header)
        longest_word = [0.0] * len(table.header)
        for row, bold in rows:
            for j, cell in enumerate(row):
                natural[j] = max(natural[j], _inches(measure.text_width(cell, size, bold,
                                                                     face=face)))
                words = cell.split(" ") or [""]
                longest_word[j] = max(longest_word[j], max(
                    _inches(measure.text_width(w, size, bold, face=face)) for w in words))
        # Numbers and their units are joined by no-break spaces: a column narrower than
        # such a group makes the apps break it between characters ("token s/sec").
        self.whole = sum(longest_word) <= width
        self.widths = _share(natural, longest_word, width)
        self.heights = [self._row_height(row, bold) for row, bold in rows]

    def _row_height(self, row: Sequence[str], bold: bool) -> float:
        runs = [(Run(cell, bold=bold),) for cell in row]
        lines = max(len(measure.wrap(r, _room(w), self.size, self.face))
                    for r, w in zip(runs, self.widths))
        return (lines * measure.line_height(self.size, face=self.face) / measure.PT_PER_IN
                + CELL_INSETS[1] + CELL_INSETS[3])

    def height(self, rows: Sequence[int]) -> float:
        return self.heights[0] + sum(self.heights[1 + i] for i in rows)


def _share(natural: list[float], minimum: list[float], width: float) -> list[float]:
    """Column widths summing to `width`: every column at its natural width with the spare
    shared equally; when too wide, wrap the columns that have room to give."""
    total = sum(natural)
    if total <= width:
        spare = (width - total) / len(natural)
        return [w + spare for w in natural]
    floor = sum(minimum)
    if floor <= width:
        give = [n - m for n, m in zip(natural, minimum)]
        return [m + (width - floor) * g / sum(give) for m, g in zip(minimum, give)]
    return [width * n / total for n in natural]


def plan_table_pages(table: Table, area: Box, caption: Sequence[PPara], caption_frame: Frame,
                     gap: float, caption_sizes: tuple[float, float], caption_slot: str = "caption",
                     face=None, look=None, sizes: tuple[float, float] = TABLE
                     ) -> list[tuple[PTable, PText | None]] | None:
    """The table on as few slides as its minimum size allows, each with the caption below;
    None when even one row with the header and caption cannot fit. `face` measures the
    cells (faces.Face; None: the bundled font)."""
    caption_size = caption_sizes[0]
    caption_h = 0.0
    if caption:
        caps = caption_frame.style.caps
        _, text_h = fit.measure([p.measure_para(caps) for p in caption], caption_frame.inner_w,
                                caption_size, face=_caption_face(caption_frame, caption_slot))
        caption_h = text_h + caption_frame.insets[1] + caption_frame.insets[3] + gap

    @lru_cache(maxsize=None)
    def geometry(size: float) -> _Geometry:
        return _Geometry(table, area.w, size, face)

    def height(rows: Sequence[int], size: float) -> float:
        return geometry(size).height(rows) + caption_h

    # Start no larger than the largest size at which no cell's group has to break.
    top = next((s for s in fit.sizes(*sizes) if geometry(s).whole), sizes[0])
    split = fit.split(list(range(len(table.rows))), height, area.h, top, sizes[1])
    if split is None:
        return None
    geo = geometry(split.size)
    pages = []
    for rows, part in zip(split.pages, fit.table_pages(table, split.pages)):
        heights = (geo.heights[0], *(geo.heights[1 + i] for i in rows))
        box = Box(area.x, area.y, area.w, sum(heights))
        planned = PTable(box, tuple(geo.widths), heights, part, split.size, look=look)
        pages.append((planned, _caption(caption, caption_frame, box.bottom + gap,
                                        caption_h - gap, caption_size, caption_slot)))
    return pages


def _caption(caption: Sequence[PPara], frame: Frame, y: float, h: float,
             size: float, slot: str) -> PText | None:
    if not caption:
        return None
    face = _caption_face(frame, slot)
    lines, _ = fit.measure([p.measure_para(frame.style.caps) for p in caption], frame.inner_w,
                           size, face=face)
    return PText(slot, Box(frame.box.x, y, frame.box.w, h), tuple(caption), size,
                 frame.insets, lines, face=face, **dressed(slot, frame))


def _caption_face(frame: Frame, slot: str):
    """A caption in a placeholder is spaced as the template spaces it; in a text box, not."""
    return frame.text_face if slot else frame.face
