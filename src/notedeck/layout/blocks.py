"""Planned text for slides: paragraphs, fitted frames, and a content area's stacked blocks.

Pure data and arithmetic, in inches and points. A BlockStack lays out a
slide's units (paragraphs, list items, rows of figures, callouts) top to
bottom in one placeholder's area: consecutive text in one frame, figures in
a row of text boxes, a callout in a tinted box with an accent bar.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from notedeck.deck import BulletList, Callout, Stats, Text, Run
from notedeck.layout import fit, measure
from notedeck.template.geometry import Box, Frame
from notedeck.template.styles import Ink
from notedeck.theme import TYPE

BULLET_INDENT = 0.35          # inches from the bullet to its text
ITEM_SPACE = 0.45             # em above a list item or paragraph
REGION_GAP = 0.3              # inches between stacked blocks
BODY_SIZE = TYPE.slide_body   # figures are drawn at their full sizes when the body is
STAT_VALUE = (TYPE.slide_stat, 20)   # (pt at full size, never below)
STAT_LABEL = (18, 14)
STAT_DETAIL = (14, 12)
STAT_GAP = 0.35               # inches between figures in a row
STAT_ROW_GAP = 0.25           # inches between rows of figures
STAT_MIN_W = 2.2              # narrower than this per figure: wrap onto another row
CALLOUT_INSETS = (0.3, 0.14, 0.25, 0.14)
CALLOUT_BAR = 0.08


@dataclass(frozen=True)
class PPara:
    """A planned paragraph. Sizes are the frame's size times `scale`."""

    runs: Text
    space_before: float = 0.0   # em; the first paragraph of a frame gets none
    indent: float = 0.0         # inches of left margin (a bullet hangs in it)
    bullet: str = ""            # "" | "bullet" | "number"
    number: int = 1             # where a numbered list starts
    scale: float = 1.0
    colour: Ink | None = None   # None: the text's own colour
    align: str = "l"            # "l" | "r" | "ctr"

    def measure_para(self, caps: bool = False) -> fit.Para:
        """The paragraph as measured; in capitals where the template sets it so."""
        runs = tuple(replace(r, text=r.text.upper()) for r in self.runs) if caps else self.runs
        return fit.Para(runs, self.indent, self.space_before, self.scale)


@dataclass(frozen=True)
class PText:
    """Text in a placeholder (its slot: "title", "body", ...) or, with slot "", in a new
    text box."""

    slot: str
    box: Box | None               # None: where the placeholder already is
    paras: tuple[PPara, ...]
    size: float
    insets: tuple[float, float, float, float]
    lines: tuple[tuple[str, ...], ...]  # as measured, for checks
    line_spacing: float = 1.0
    anchor: str = "t"
    fill: Ink | None = None
    face: object = None           # faces.Face the lines were measured with (None: bundled)
    ink: Ink | None = None        # the runs' colour (None: the placeholder's, inherited)
    typeface: str = ""            # the runs' typeface ("": the placeholder's, inherited)


@dataclass(frozen=True)
class PRect:
    box: Box
    fill: Ink


def dressed(slot: str, frame: Frame) -> dict:
    """How a text writes its colour and typeface: a placeholder inherits them from the
    template (unless the template keeps them only in its sample text); a new text box names
    the placeholder's colour and a theme font, to look the same."""
    style = frame.style
    if slot:
        return {"ink": style.explicit_colour, "typeface": style.explicit_typeface}
    return {"ink": style.colour, "typeface": style.box_typeface or "+mn-lt"}


def text_frame(slot: str, frame: Frame, paras: Sequence[PPara], sizes: tuple[float, float],
               line_spacing: float = 1.0, box: Box | None = None,
               anchor: str | None = None) -> PText | None:
    """Paragraphs shrunk to fit the frame (or `box` with the frame's insets); None if they
    cannot."""
    outer = box or frame.box
    l, t, r, b = frame.insets
    caps = bool(slot) and frame.style.caps
    face = frame.text_face if slot else frame.face
    result = fit.fit([p.measure_para(caps) for p in paras], outer.w - l - r, outer.h - t - b,
                     sizes[0], sizes[1], line_spacing, face=face)
    if result.overflow:
        return None
    return PText(slot, box, tuple(paras), result.size, frame.insets, result.lines,
                 line_spacing, anchor or frame.anchor, face=face, **dressed(slot, frame))


class FlowText:
    """Paragraphs flowing in one placeholder, measured at a given size."""

    def __init__(self, frame: Frame):
        self.frame = frame

    def height(self, paras: Sequence[PPara], size: float) -> float:
        caps = self.frame.style.caps
        _, h = fit.measure([p.measure_para(caps) for p in paras], self.frame.inner_w, size,
                           face=self.frame.text_face)
        return h + self.frame.insets[1] + self.frame.insets[3]

    def text(self, slot: str, paras: Sequence[PPara], size: float) -> PText:
        caps = self.frame.style.caps       # measured so even where a text box takes it
        lines, _ = fit.measure([p.measure_para(caps) for p in paras], self.frame.inner_w, size,
                               face=self.frame.text_face)
        return PText(slot, None, tuple(paras), size, self.frame.insets, lines,
                     anchor=self.frame.anchor,
                     face=self.frame.text_face if slot else self.frame.face,
                     **dressed(slot, self.frame))


def _regions(units: Sequence[fit.Unit]) -> list[tuple[str, list[fit.Unit]]]:
    regions: list[tuple[str, list[fit.Unit]]] = []
    for unit in units:
        kind = ("stats" if isinstance(unit.block, Stats)
                else "callout" if isinstance(unit.block, Callout) else "text")
        if kind == "text" and regions and regions[-1][0] == "text":
            regions[-1][1].append(unit)
        else:
            regions.append((kind, [unit]))
    return regions


def _text_paras(units: Sequence[fit.Unit], face=None) -> list[PPara]:
    paras = []
    for unit in units:
        runs = fit.clean_runs(unit.runs)
        if isinstance(unit.block, BulletList):
            paras.append(PPara(runs, ITEM_SPACE, _indent(unit.block, face),
                               "number" if unit.block.ordered else "bullet", unit.item + 1))
        else:
            paras.append(PPara(runs, ITEM_SPACE))
    return paras


def _indent(block: BulletList, face=None) -> float:
    """Room for the bullet, or for the widest number ("30.") at the largest body size."""
    if not block.ordered:
        return BULLET_INDENT
    label = "8" * len(str(len(block.items))) + "."
    return max(BULLET_INDENT, measure.em_width(label, face=face) * BODY_SIZE / measure.PT_PER_IN + 0.15)


class BlockStack:
    """Units stacked top to bottom in a placeholder's area."""

    def __init__(self, frame: Frame, look):
        self.frame, self.look = frame, look      # look: colours.Look of the slide's role
        self.x = frame.box.x + frame.insets[0]
        self.w = frame.inner_w
        self._grids: dict[tuple[int, float], tuple[Stats, _StatsGrid]] = {}

    # heights (inches) ------------------------------------------------------------
    def height(self, units: Sequence[fit.Unit], size: float) -> float:
        parts = [self._region_height(kind, group, size) for kind, group in _regions(units)]
        return sum(parts) + REGION_GAP * max(len(parts) - 1, 0)

    def _region_height(self, kind: str, group: list[fit.Unit], size: float) -> float:
        if kind == "text":
            return FlowText(self.frame).height(_text_paras(group, self.frame.face), size)
        if kind == "stats":
            return self._stats(group[0].block, size).height
        return self._callout_height(group[0].block, size)

    def _callout_height(self, callout: Callout, size: float) -> float:
        l, t, r, b = CALLOUT_INSETS
        _, h = fit.measure([fit.clean_runs(callout.runs)], self.w - l - r, size,
                           face=self.frame.face)
        return h + t + b

    def _stats(self, stats: Stats, size: float) -> "_StatsGrid":
        """The figures' grid at `size`, laid out once: fitting asks a slide's height at each
        size it tries, then its shapes at the size chosen."""
        known = self._grids.get((id(stats), size))
        if known is None or known[0] is not stats:
            known = self._grids[(id(stats), size)] = (
                stats, _StatsGrid(stats, self.w, size, self.look, self.frame))
        return known[1]

    # shapes ----------------------------------------------------------------------
    def shapes(self, units: Sequence[fit.Unit], size: float, slot: str = "body") -> list:
        regions = _regions(units)
        only_text = len(regions) == 1 and regions[0][0] == "text"
        y, out, placeholder_used = self.frame.box.y, [], False
        for kind, group in regions:
            h = self._region_height(kind, group, size)
            if kind == "text":
                use_placeholder = not placeholder_used
                placeholder_used = True
                box = None if only_text else Box(self.frame.box.x, y, self.frame.box.w, h)
                text = FlowText(self.frame).text(slot if use_placeholder else "",
                                                 _text_paras(group, self.frame.face), size)
                out.append(replace(text, box=box, anchor="t"))
            elif kind == "stats":
                out.extend(self._stats(group[0].block, size).shapes(self.x, y))
            else:
                out.extend(self._callout(group[0].block, y, h, size))
            y += h + REGION_GAP
        return out

    def _callout(self, callout: Callout, y: float, h: float, size: float) -> list:
        runs = fit.clean_runs(callout.runs)
        lines, _ = fit.measure([runs], self.w - CALLOUT_INSETS[0] - CALLOUT_INSETS[2], size,
                               face=self.frame.face)
        look = self.look
        return [PText("", Box(self.x, y, self.w, h), (PPara(runs, colour=look.on_band),), size,
                      CALLOUT_INSETS, lines, anchor="ctr", fill=look.band,
                      face=self.frame.face, **dressed("", self.frame)),
                PRect(Box(self.x, y, CALLOUT_BAR, h), look.accent)]


def _column(width: float, per_row: int) -> float:
    return (width - STAT_GAP * (per_row - 1)) / per_row


class _StatsGrid:
    """Figures in rows of equal columns: the value large in the accent colour, the label
    and detail below it. Sizes follow the body size, so figures shrink with the text."""

    def __init__(self, stats: Stats, width: float, size: float, look, frame: Frame):
        self.look, self.frame, self.face = look, frame, frame.face
        n = max(len(stats.items), 1)
        self.items = stats.items
        factor = size / BODY_SIZE
        relaxed = size < TYPE.slide_body_min          # the slide is planned relaxed

        def least(sizes: tuple[float, float]) -> float:
            return fit.relaxed_minimum(sizes[1]) if relaxed else sizes[1]

        self.least_value = least(STAT_VALUE)
        self.label_size = max(least(STAT_LABEL), round(STAT_LABEL[0] * factor))
        self.detail_size = max(least(STAT_DETAIL), round(STAT_DETAIL[0] * factor))
        per_row = max(1, min(n, int((width + STAT_GAP) // (STAT_MIN_W + STAT_GAP))))
        while per_row > 1 and not self._whole(_column(width, per_row)):
            per_row -= 1           # fewer, wider columns: a unit stays with its number
        self.per_row = per_row
        self.col_w = _column(width, per_row)
        self.value_size = self._value_size(max(self.least_value,
                                               round(STAT_VALUE[0] * factor)))
        self.cells = [self._cell_paras(item) for item in self.items]
        self.cell_heights = [self._cell_height(paras) for paras in self.cells]
        rows = [self.cell_heights[i:i + per_row] for i in range(0, n, per_row)]
        self.row_heights = [max(row) for row in rows]
        self.height = sum(self.row_heights) + STAT_ROW_GAP * (len(rows) - 1)

    def _whole(self, col_w: float) -> bool:
        """Whether every label's and detail's no-break group (a number and its unit) fits
        one line of a column; the apps break a wider one between characters."""
        room = col_w * measure.PT_PER_IN * fit.WIDTH_SLACK
        values_fit = all(measure.text_width(group, self.least_value, bold=True,
                                            face=self.face) <= room
                         for item in self.items for group in fit.clean(item.value).split(" "))
        return values_fit and all(measure.text_width(group, size, face=self.face) <= room
                                  for item in self.items
                                  for text, size in ((item.label, self.label_size),
                                                     (item.detail, self.detail_size))
                                  for group in fit.clean(text).split(" "))

    def _value_size(self, start: float) -> float:
        for size in fit.sizes(start, self.least_value):
            widest = max((measure.text_width(fit.clean(s.value), size, bold=True, face=self.face)
                          for s in self.items), default=0.0)
            if widest <= self.col_w * measure.PT_PER_IN * fit.WIDTH_SLACK:
                return size
        return self.least_value

    def _cell_paras(self, item) -> list[PPara]:
        paras = [PPara((Run(fit.clean(item.value), bold=True),),
                       scale=self.value_size / self.label_size, colour=self.look.figure),
                 PPara(fit.clean_runs((Run(item.label),)), space_before=0.15,
                       colour=self.look.ink)]
        if fit.clean(item.detail).strip():
            paras.append(PPara(fit.clean_runs((Run(item.detail),)), space_before=0.2,
                               scale=self.detail_size / self.label_size,
                               colour=self.look.muted))
        return paras

    def _cell_height(self, paras: list[PPara]) -> float:
        _, h = fit.measure([p.measure_para() for p in paras], self.col_w, self.label_size,
                           face=self.face)
        return h

    def shapes(self, x: float, y: float) -> list[PText]:
        out = []
        for i, paras in enumerate(self.cells):
            row, col = divmod(i, self.per_row)
            top = y + sum(self.row_heights[:row]) + STAT_ROW_GAP * row
            box = Box(x + col * (self.col_w + STAT_GAP), top, self.col_w, self.row_heights[row])
            lines, _ = fit.measure([p.measure_para() for p in paras], self.col_w,
                                   self.label_size, face=self.face)
            out.append(PText("", box, tuple(paras), self.label_size, (0, 0, 0, 0), lines,
                             face=self.face, **dressed("", self.frame)))
        return out
