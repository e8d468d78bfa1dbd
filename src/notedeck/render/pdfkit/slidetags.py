"""The structure of one planned slide in a tagged PDF, made in reading order and looked up as it is drawn.

A slide is a section (Sect) holding its title first, as a heading where the file
has headings (slides.pdf, the printed slides) and a paragraph where it has none
(the guide's thumbnails); a section slide's number is a paragraph after it (a heading
of one content item, which checkers read best). Then its shapes in the deck's order: each paragraph a P, bullets a list (L, LI
with its bullet as Lbl and its text as LBody), a table's cells TH (the header row,
scope Column) and TD, a chart a Figure with the chart's alt text. Backgrounds,
decorations, fills and the slide's footer and number are artifacts.
"""

from __future__ import annotations

from notedeck.layout.blocks import PRect, PText
from notedeck.layout.plan import PlannedSlide, PPicture
from notedeck.layout.planned import ChartPlace
from notedeck.layout.table import PTable
from notedeck.render.pdfkit.tagging import Element, Tags



def slide_headings(slides) -> list[int]:
    """Each planned slide's heading level, as slides.pdf's bookmarks nest them: the deck's
    title H1, sections and the slides outside them H2, the slides of a section H3."""
    levels, in_section = [], False
    for slide in slides:
        if slide.role in ("section", "title", "sources"):
            in_section = slide.role == "section"
            levels.append(1 if slide.role == "title" else 2)
        else:
            levels.append(3 if in_section else 2)
    return levels


class SlideTags:
    """The elements of one slide, under a new `role` element of the open group of `tags`."""

    def __init__(self, tags: Tags, slide: PlannedSlide, heading: int | None, role: str = "Sect"):
        self._paras: dict[tuple[int, int], list[Element]] = {}
        self._cells: dict[tuple[int, int, int], list[Element]] = {}
        self._figures: dict[int, Element] = {}
        titles = [s for s in slide.shapes if isinstance(s, PText) and s.slot == "title"]
        rest = [s for s in slide.shapes if not any(s is t for t in titles)]
        with tags.group(role) as self.element:
            for shape in titles + rest:
                if isinstance(shape, PText) and shape.slot == "title" and heading:
                    head = tags.add(tags.heading(heading))
                    self._paras.update({(id(shape), i): [head] for i in range(len(shape.paras))})
                elif isinstance(shape, PText):
                    self._text(tags, shape)
                elif isinstance(shape, PTable):
                    self._table(tags, shape)
                elif isinstance(shape, (PPicture, ChartPlace)):
                    picture = shape.picture if isinstance(shape, ChartPlace) else shape
                    self._figures[id(picture)] = tags.add("Figure", alt=picture.alt_text)
                elif not isinstance(shape, PRect):     # a fill: an artifact
                    raise TypeError(f"a tagged PDF has no structure for a "
                                    f"{type(shape).__name__}: add it to slidetags.py")

    def _text(self, tags: Tags, text: PText) -> None:
        """A P per paragraph; a run of bulleted paragraphs one list."""
        listing = None
        for i, para in enumerate(text.paras):
            if not any(run.text.strip() for run in para.runs):
                listing = None
                continue
            if not para.bullet:
                listing = None
                self._paras[(id(text), i)] = [tags.add("P")]
                continue
            if listing is None:
                listing = tags.add("L")
            entry = listing.add("LI")
            self._paras[(id(text), i)] = [entry.add("Lbl"), entry.add("LBody")]

    def _table(self, tags: Tags, planned: PTable) -> None:
        table = planned.table
        with tags.group("Table"):
            for r, values in enumerate((table.header, *table.rows)):
                with tags.group("TR") as row:
                    for c in range(len(values)):
                        cell = row.add("TH", scope="Column") if r == 0 else row.add("TD")
                        self._cells[(id(planned), r, c)] = [cell]

    def paragraph(self, text: PText, index: int) -> list[Element]:
        """The elements paragraph `index` of `text` marks, one per text object it draws
        (a bullet, then its text); none for a footer or the slide's number."""
        return self._paras.get((id(text), index), [])

    def cell(self, table: PTable, row: int, column: int) -> list[Element]:
        """The cell in `row` (0: the header) and `column` of a planned table."""
        return self._cells.get((id(table), row, column), [])

    def figure(self, picture: PPicture) -> Element | None:
        return self._figures.get(id(picture))


class NoTags:
    """What SlideArtist asks when a slide is drawn untagged: no element for anything."""

    def paragraph(self, text, index):
        return []

    def cell(self, table, row, column):
        return []

    def figure(self, picture):
        return None


NO_TAGS = NoTags()
