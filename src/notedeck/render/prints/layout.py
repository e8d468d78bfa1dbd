"""Where each slide goes on a printed page, as plain numbers (points, origin bottom-left).

PowerPoint's handout layouts: 1 and 2 to a page stacked at the text width, 3
in a column with ruled lines for notes beside each, 4 and 6 in a grid of two
columns. Every slide keeps its aspect and is centred in its cell.
"""

from __future__ import annotations

from dataclasses import dataclass

from notedeck.errors import NotedeckError
from notedeck.paper import MM, Paper

LAYOUTS = (1, 2, 3, 4, 6)
GAP = 8 * MM             # between slides
LINE_GAP = 8 * MM        # between the ruled lines beside a slide of the 3-up layout
NOTES_SHARE = 0.42       # of the text width, for the lines beside each slide (3-up)
TOP_BAND = 10 * MM       # the deck's title above the slides


@dataclass(frozen=True)
class Cell:
    """One slide's place: its frame, and (3-up) the ruled lines' area beside it."""

    x: float
    y: float
    w: float
    h: float
    lines: tuple[float, float, float, float] | None = None   # x, y, w, h of the note area


def check_layout(per_page: int) -> int:
    if per_page not in LAYOUTS:
        raise NotedeckError(f"unknown print layout {per_page}: choose one of "
                            f"{', '.join(map(str, LAYOUTS))} slides per page")
    return per_page


def cells(paper: Paper, per_page: int, aspect: float) -> list[Cell]:
    """The cells of one page, in reading order; `aspect` is the slide's width / height."""
    check_layout(per_page)
    left, bottom = paper.left, paper.bottom
    width, height = paper.text_width, paper.text_height - TOP_BAND
    if per_page == 3:
        slide_w = width * (1 - NOTES_SHARE) - GAP / 2
        rows = _rows(3, height, bottom)
        out = []
        for top, row_h in rows:
            w, h = _fit(slide_w, row_h, aspect)
            y = top - (row_h + h) / 2
            out.append(Cell(left, y, w, h, (left + w + GAP, y, width - w - GAP, h)))
        return out
    columns = 1 if per_page <= 2 else 2
    per_column = per_page // columns
    col_w = (width - GAP * (columns - 1)) / columns
    out = []
    for top, row_h in _rows(per_column, height, bottom):
        for c in range(columns):
            w, h = _fit(col_w, row_h, aspect)
            x = left + c * (col_w + GAP) + (col_w - w) / 2
            out.append(Cell(x, top - (row_h + h) / 2, w, h))
    return out


def _rows(count: int, height: float, bottom: float) -> list[tuple[float, float]]:
    """(top y, height) of `count` equal rows filling `height` points above `bottom`."""
    row_h = (height - GAP * (count - 1)) / count
    return [(bottom + height - i * (row_h + GAP), row_h) for i in range(count)]


def _fit(width: float, height: float, aspect: float) -> tuple[float, float]:
    if width / height > aspect:
        return height * aspect, height
    return width, width / aspect


def note_lines(area: tuple[float, float, float, float]) -> list[float]:
    """The y of each ruled line in a note area, the first a line's gap below its top."""
    x, y, w, h = area
    count = int(h // LINE_GAP)
    return [y + h - LINE_GAP * (i + 1) for i in range(count)]


def pages(slides: int, per_page: int) -> int:
    return max(1, -(-slides // per_page))
