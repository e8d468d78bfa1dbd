"""Shrink-to-fit and splitting: text measured by the one engine (layout/measure.py) in boxes.

Pure functions. Sizes are points; boxes are inches (already net of insets).
Nothing here touches python-pptx, so other outputs can measure with the same rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Callable, Sequence, TypeVar

from notedeck.deck import (BulletList, Callout, Heading, Labels, Paragraph, Run, Stats, Table, Text,
                            fill_slots)
from notedeck.glyphs import UNSAFE
from notedeck.layout.measure import PT_PER_IN, as_runs, line_height, wrap
from notedeck.template.faces import Face

# Keep a little room on every line for renderers that space glyphs differently.
WIDTH_SLACK = 0.97
# A slide whose texts do not fit the template at their usual smallest sizes is planned again
# with each smallest size lowered to this share of itself (never below FLOOR_PT); a warning
# names each text set smaller than usual.
RELAXED = 0.6
FLOOR_PT = 8.0

_INVALID_XML = UNSAFE
_SPACES = re.compile(r"[ \t\r\n\x0b\x0c]+")


def clean(text: str) -> str:
    """Drop characters XML cannot hold; fold line breaks and runs of spaces into one space."""
    return _INVALID_XML.sub("", _SPACES.sub(" ", text))


def clean_runs(runs: Text) -> Text:
    """`clean` applied across runs: a space is never doubled at a run boundary."""
    out: list[Run] = []
    previous_space = True
    for run in runs:
        text = clean(run.text)
        if previous_space:
            text = text.lstrip(" ")
        if text:
            out.append(replace(run, text=text))
            previous_space = text.endswith(" ")
    if out and out[-1].text.endswith(" "):
        out[-1] = replace(out[-1], text=out[-1].text.rstrip(" "))
    return tuple(run for run in out if run.text)


def relaxed_minimum(smallest: float) -> float:
    """The smallest size of a text on a slide planned relaxed."""
    return max(FLOOR_PT, round(smallest * RELAXED))


# --- fitting -----------------------------------------------------------------------

@dataclass(frozen=True)
class Para:
    """A paragraph to measure: its runs, the room its indent takes, the space above it."""

    runs: Text
    indent: float = 0.0          # inches the left margin takes from the line
    space_before: float = 0.0    # em of this paragraph's size; ignored on the first paragraph
    scale: float = 1.0           # this paragraph's size relative to the frame's


@dataclass(frozen=True)
class FitResult:
    size: float                              # points, of scale-1 paragraphs
    lines: tuple[tuple[str, ...], ...]       # each paragraph's lines
    overflow: bool                           # True: does not fit even at the minimum size
    height: float                            # inches the text needs at `size`


def _as_para(paragraph: Para | Text | str) -> Para:
    return paragraph if isinstance(paragraph, Para) else Para(as_runs(paragraph))


def measure(paragraphs: Sequence[Para | Text | str], box_w_in: float, size: float,
            line_spacing: float = 1.0, face: Face | None = None
            ) -> tuple[tuple[tuple[str, ...], ...], float]:
    """Wrap every paragraph at `size`; return the lines and the height in inches."""
    all_lines, height = [], 0.0
    for i, paragraph in enumerate(map(_as_para, paragraphs)):
        para_size = size * paragraph.scale
        width = max(box_w_in - paragraph.indent, 0.0) * PT_PER_IN * WIDTH_SLACK
        lines = wrap(paragraph.runs, width, para_size, face)
        all_lines.append(lines)
        height += len(lines) * line_height(para_size, line_spacing, face)
        if i:
            height += paragraph.space_before * para_size
    return tuple(all_lines), height / PT_PER_IN


def fit(paragraphs: Sequence[Para | Text | str], box_w_in: float, box_h_in: float,
        size: float, min_size: float, line_spacing: float = 1.0,
        step: float = 1.0, face: Face | None = None) -> FitResult:
    """The largest size from `size` down to `min_size` (in `step`s) at which the text fits."""
    current = size
    while True:
        lines, height = measure(paragraphs, box_w_in, current, line_spacing, face)
        if height <= box_h_in + 1e-9:
            return FitResult(current, lines, False, height)
        if current - step < min_size - 1e-9:
            return FitResult(current, lines, True, height)
        current = max(current - step, min_size)


def sizes(size: float, min_size: float, step: float = 1.0) -> list[float]:
    """The sizes fitting tries, largest first."""
    out = [size]
    while out[-1] - step >= min_size - 1e-9:
        out.append(out[-1] - step)
    if out[-1] > min_size:
        out.append(min_size)
    return out


# --- splitting ---------------------------------------------------------------------

U = TypeVar("U")


# A slide's text continues on at most this many slides in all: a text that needs more even at
# the smallest size is refused (TooManyPages), before the work of balancing grows with it.
MAX_PAGES = 12


class TooManyPages(Exception):
    """The units need more than MAX_PAGES pages even at the smallest size."""


def paginate(units: Sequence[U], height: Callable[[Sequence[U]], float],
             capacity: float, max_pages: int | None = None) -> list[list[U]] | None:
    """Greedy pages of consecutive units; None when one unit alone is too tall;
    TooManyPages as soon as a page past `max_pages` would start."""
    pages: list[list[U]] = []
    page: list[U] = []
    for unit in units:
        if height([*page, unit]) <= capacity + 1e-9:
            page.append(unit)
            continue
        if not page or height([unit]) > capacity + 1e-9:
            return None
        pages.append(page)
        if max_pages is not None and len(pages) >= max_pages:
            raise TooManyPages()
        page = [unit]
    if page:
        pages.append(page)
    return pages


def balance(units: Sequence[U], height: Callable[[Sequence[U]], float],
            capacity: float, count: int) -> list[list[U]] | None:
    """`count` pages of consecutive units, each fitting, with the tallest as short as can be.
    A page's height only grows with what it holds, so the pages ending at a unit are tried
    from the shortest back until one is too tall, each range measured once."""
    n = len(units)
    inf = float("inf")
    # best[k][i]: smallest possible tallest page when units[:i] fill k pages
    best = [[inf] * (n + 1) for _ in range(count + 1)]
    cut = [[0] * (n + 1) for _ in range(count + 1)]
    best[0][0] = 0.0
    fitting: dict[int, list[tuple[int, float]]] = {}     # i -> [(j, height of units[j:i])]
    for i in range(1, n + 1):
        fitting[i] = []
        for j in range(i - 1, -1, -1):
            h = height(units[j:i])
            if h > capacity + 1e-9:
                break
            fitting[i].append((j, h))
        fitting[i].reverse()                              # as before: the earliest j first
    for k in range(1, count + 1):
        for i in range(1, n + 1):
            for j, h in fitting[i]:
                if j < k - 1 or best[k - 1][j] == inf:
                    continue
                worst = max(best[k - 1][j], h)
                if worst < best[k][i] - 1e-12:
                    best[k][i], cut[k][i] = worst, j
    if best[count][n] == inf:
        return None
    pages, i = [], n
    for k in range(count, 0, -1):
        j = cut[k][i]
        pages.append(list(units[j:i]))
        i = j
    return pages[::-1]


@dataclass(frozen=True)
class Split:
    size: float
    pages: tuple[tuple, ...]


def split(units: Sequence[U], height_at: Callable[[Sequence[U], float], float],
          capacity: float, size: float, min_size: float, step: float = 1.0) -> Split | None:
    """Fit units on as few pages as the minimum size allows, at the largest size that keeps
    that page count, balanced; one page whenever shrinking alone is enough. None: a unit
    does not fit a page on its own even at the minimum size; TooManyPages: they need more
    than MAX_PAGES pages. Text is no taller at a smaller size: when the units overflow one
    page at the first size and at the minimum, the sizes between are not measured."""
    candidates = sizes(size, min_size, step)
    for n, current in enumerate(candidates):
        if height_at(units, current) <= capacity + 1e-9:
            return Split(current, (tuple(units),))
        if n == 0 and height_at(units, min_size) > capacity + 1e-9:
            break
    at_min = paginate(units, lambda page: height_at(page, min_size), capacity, MAX_PAGES)
    if at_min is None:
        return None
    for current in candidates:
        pages = balance(units, lambda page: height_at(page, current), capacity, len(at_min))
        if pages is not None:
            return Split(current, tuple(tuple(page) for page in pages))
    return Split(min_size, tuple(tuple(page) for page in at_min))


# --- units of a slide's blocks -------------------------------------------------------

@dataclass(frozen=True)
class Unit:
    """The smallest piece a slide may be split between: a paragraph, one list item,
    a row of figures, a callout."""

    block: Paragraph | Heading | BulletList | Stats | Callout
    item: int | None = None      # for list items: the index in the list

    @property
    def runs(self) -> Text:
        if isinstance(self.block, BulletList):
            return self.block.items[self.item]
        if isinstance(self.block, Heading):
            return (Run(self.block.text, bold=True),)
        return self.block.runs


def block_units(blocks: Sequence[object]) -> tuple[Unit, ...]:
    units: list[Unit] = []
    for block in blocks:
        if isinstance(block, BulletList):
            units.extend(Unit(block, i) for i in range(len(block.items)))
        elif isinstance(block, (Paragraph, Heading, Stats, Callout)):
            units.append(Unit(block))
        else:
            raise TypeError(f"a {type(block).__name__} cannot be split into units")
    return tuple(units)


def table_pages(table: Table, pages: Sequence[Sequence[int]]) -> tuple[Table, ...]:
    """The table once per page of row indices; each repeats the header, keeps its highlight."""
    out = []
    for rows in pages:
        highlight = rows.index(table.highlight) if table.highlight in rows else None
        out.append(replace(table, rows=tuple(table.rows[i] for i in rows), highlight=highlight))
    return tuple(out)


def continuation_title(title: str, template: str = Labels.continued_title) -> str:
    """A continued slide's title: "Budgets (cont.)", or the deck's language's form."""
    return fill_slots(template, title=title)
