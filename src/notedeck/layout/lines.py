"""Where each planned line of slide text sits, as LibreOffice and PowerPoint set it: pure arithmetic.

The planner (layout/plan.py) has already chosen every box and size, and
measured its lines a little narrower than the box (WIDTH_SLACK) so that any
presenting app fits them; PowerPoint and LibreOffice then break the lines at
the box's full width, and so does this module. Points from the slide's
top-left corner. The line model was measured from LibreOffice's rendering of the
bundled deck: one line is 1.2 em at 100% spacing, its baseline 0.2 em above
the line's foot, and a spacing below 100% takes its height off the ascent. A
template's face with a taller line of its own takes that line, as the planner
measured it. Widths come from the face's own files (faces.Face).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from notedeck.deck import Run, Text
from notedeck.layout import measure
from notedeck.template import faces
from notedeck.layout.blocks import PPara, PText
from notedeck.layout.table import PTable
from notedeck.template.faces import Face
from notedeck.template.geometry import Box

PT = measure.PT_PER_IN
LINE = measure.LINE_HEIGHT   # em per line at 100% spacing
DESCENT = 0.2                # em from the baseline to the line's foot


@dataclass(frozen=True)
class Piece:
    """Characters of one style on one line."""

    text: str
    bold: bool
    italic: bool
    size: float
    colour: str
    face: Face = faces.BUNDLED


@dataclass(frozen=True)
class Line:
    """One line: where its text starts (or ends, or centres), its baseline and its pieces."""

    x: float
    baseline: float
    align: str                   # "l" | "r" | "ctr"
    pieces: tuple[Piece, ...]
    bullet: Piece | None = None
    bullet_x: float = 0.0
    para: int = 0                # the index of its paragraph in the text


def _em(face: Face | None) -> float:
    """A line at 100% spacing, in em: 1.2, or the face's own line where that is taller."""
    return measure.line_height(1.0, 1.0, face)


def ascent(size: float, spacing: float = 1.0, face: Face | None = None) -> float:
    return measure.line_height(size, spacing, face) - size * DESCENT * _em(face) / LINE


def _runs(text: PText, para: PPara, caps: bool) -> Text:
    return tuple(replace(r, text=r.text.upper()) for r in para.runs) if caps else para.runs


def full_width_lines(text: PText, box: Box, caps: bool = False) -> tuple[tuple[str, ...], ...]:
    """Each paragraph's lines broken at the box's full inner width, as presenting apps do."""
    inner = (box.w - text.insets[0] - text.insets[2]) * PT
    return tuple(measure.wrap_as_set(_runs(text, para, caps),
                                     max(inner - para.indent * PT, 0.0),
                                     text.size * para.scale, text.face)
                 for para in text.paras)


def block_height(text: PText, lines: tuple[tuple[str, ...], ...] | None = None) -> float:
    """Points the lines take, paragraph spacing included."""
    total = 0.0
    for i, (para, para_lines) in enumerate(zip(text.paras, lines or text.lines)):
        size = text.size * para.scale
        total += len(para_lines) * measure.line_height(size, text.line_spacing, text.face)
        if i:
            total += para.space_before * size
    return total


def lay_out(text: PText, box: Box, colour: str, bullet: str = "#000000",
            caps: bool = False) -> list[Line]:
    """Every line of `text` placed in `box` (inches) with its insets and anchor; `colour`
    is the ink of paragraphs that name none, `bullet` the bullets' colour; `caps`: the
    template sets the text in capitals."""
    l, t, r, b = (v * PT for v in text.insets)
    left, top = box.x * PT + l, box.y * PT + t
    right, bottom = box.right * PT - r, box.bottom * PT - b
    face = text.face or faces.BUNDLED
    wrapped = full_width_lines(text, box, caps)
    height = block_height(text, wrapped)
    y = {"t": top, "b": bottom - height, "ctr": (top + bottom - height) / 2}.get(text.anchor, top)
    out: list[Line] = []
    for i, (para, lines) in enumerate(zip(text.paras, wrapped)):
        size = text.size * para.scale
        if i:
            y += para.space_before * size
        ink = para.colour.rgb if para.colour is not None else colour
        pieces = split_lines(_runs(text, para, caps), lines)
        for n, line in enumerate(pieces):
            baseline = y + ascent(size, text.line_spacing, text.face)
            styled = tuple(Piece(t, bold, italic, size, ink, face) for t, bold, italic in line)
            x = {"r": right, "ctr": (left + para.indent * PT + right) / 2}.get(
                para.align, left + para.indent * PT)
            mark = _bullet(para, size, bullet, face) if n == 0 and para.bullet else None
            out.append(Line(x, baseline, para.align, styled, mark, left, i))
            y += measure.line_height(size, text.line_spacing, text.face)
    return out


def _bullet(para: PPara, size: float, colour: str, face: Face) -> Piece:
    mark = f"{para.number}." if para.bullet == "number" else "\u2022"
    return Piece(mark, False, False, size, colour, face)


def split_lines(runs: Text, lines: tuple[str, ...]) -> list[list[tuple[str, bool, bool]]]:
    """The lines, each as (text, bold, italic) pieces taken from the runs.

    The lines are the runs' characters with the break spaces dropped
    (a word too long for a line is broken with no space); walking both together
    gives each character its style back.
    """
    styles = [(run.bold, run.italic) for run in runs for _ in run.text]
    chars = "".join(run.text for run in runs)
    at, out = 0, []
    for line in lines:
        while at < len(chars) and chars[at] == " " and not line.startswith(" "):
            at += 1
        pieces: list[tuple[str, bool, bool]] = []
        for ch in line:
            style = styles[at] if at < len(styles) else (False, False)
            at += 1
            if pieces and (pieces[-1][1], pieces[-1][2]) == style:
                pieces[-1] = (pieces[-1][0] + ch, *style)
            else:
                pieces.append((ch, *style))
        out.append(pieces)
    return out


def plain_runs(text: str, bold: bool = False) -> Text:
    return (Run(text, bold=bold),)


def placed(slides: tuple, template, art) -> tuple:
    """The planned slides with every text's lines placed, for outputs that draw slides
    (`art`: the template's backgrounds as data, template/backgrounds.py)."""
    from types import MappingProxyType

    return tuple(replace(slide, lines=MappingProxyType(slide_lines(slide, template, art)))
                 for slide in slides)


def slide_lines(slide, template, art) -> dict[PText, tuple[Line, ...]]:
    """Every text of a planned slide (its shapes, footer and number) as placed lines, in the
    colours of the template's look for the slide's role (`art`: its backgrounds as data)."""
    look, out = art.role(slide.role), {}
    for text in (*slide.shapes, slide.footer, slide.number):
        if isinstance(text, PText) and text not in out:
            out[text] = tuple(text_lines(text, slide.role, template, look))
        elif isinstance(text, PTable) and text not in out:
            out[text] = cell_lines(text, slide.role, template)
    return out


def cell_lines(planned: PTable, role: str, template) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """Each cell's lines, row by row (the header first), broken at the cell's full inner width
    as presenting apps break them, in the face the table was measured with."""
    table = planned.table
    face = template.frame(role, "table").face if template.has(role, "table") else None
    left, right = planned.insets[0] * PT, planned.insets[2] * PT
    rows = []
    for r, values in enumerate((table.header, *table.rows)):
        bold = r == 0 or (table.highlight is not None and r - 1 == table.highlight)
        rows.append(tuple(measure.wrap_as_set((Run(value, bold=bold),),
                                              width * PT - left - right, planned.size, face)
                          for value, width in zip(values, planned.col_widths)))
    return tuple(rows)


def text_lines(text: PText, role: str, template, look) -> list[Line]:
    """A text in its placeholder's box (or its own) and its ink, else the colour the
    layout's look gives its placeholder, else the template's for the role."""
    box = text.box or template.frame(role, text.slot).box
    theme = template.look(role)
    ink = (text.ink.rgb if text.ink is not None
           else look.ink.get(text.slot, theme.ink.rgb) if text.slot else theme.ink.rgb)
    return lay_out(text, box, ink, theme.accent.rgb, text.slot in look.caps)
