"""Tagging a platypus story: flowables marked as elements' content, and the tree built with the story.

While `Tags.building()` is open, `mark`, `mark_pieces`, `heading`, `item_pieces`,
`figure` and `group` add elements to that tree in the order the story is built (the
note's order) and wrap the flowables that draw them in `Marked`; with no tree being built
they return the flowables as they are. See tagging.py for how what is drawn is marked.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from reportlab.platypus import Flowable

from notedeck.render.pdfkit.tagging import Element, building

# --- flowables ----------------------------------------------------------------------

class Marked(Flowable):
    """A flowable whose drawing is the content of structure elements (see Tags.leaf). It
    behaves as the flowable it wraps; split parts keep the elements (a paragraph over two
    pages is one P; a list item's label is only on its first part). Drawn a second time
    (a table's header row repeated on the next page) it is an artifact."""

    _OWN = frozenset({"inner", "elements", "text_only", "box", "_drawn"})

    def __init__(self, inner: Flowable, elements: Sequence[Element], text_only: bool = True,
                 box: bool = False):
        for name, value in (("inner", inner), ("elements", list(elements)),
                            ("text_only", text_only), ("box", box), ("_drawn", False)):
            object.__setattr__(self, name, value)

    def __getattr__(self, name):
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)

    def __setattr__(self, name, value):
        if name in self._OWN:
            object.__setattr__(self, name, value)
        else:
            setattr(self.inner, name, value)

    def __delattr__(self, name):
        if name in self._OWN:
            object.__delattr__(self, name)
        else:
            delattr(self.inner, name)

    def wrap(self, available_width, available_height):
        return self.inner.wrap(available_width, available_height)

    def wrapOn(self, canv, available_width, available_height):
        return self.inner.wrapOn(canv, available_width, available_height)

    def split(self, available_width, available_height):
        return self._parts(self.inner.split(available_width, available_height))

    def splitOn(self, canv, available_width, available_height):
        return self._parts(self.inner.splitOn(canv, available_width, available_height))

    def _parts(self, parts: list) -> list:
        if len(parts) == 1 and parts[0] is self.inner:
            return [self]
        return [Marked(part, self.elements if n == 0 else self.elements[-1:], self.text_only,
                       self.box) for n, part in enumerate(parts)]

    def minWidth(self):
        return self.inner.minWidth()

    def getSpaceBefore(self):
        return self.inner.getSpaceBefore()

    def getSpaceAfter(self):
        return self.inner.getSpaceAfter()

    def getKeepWithNext(self):
        return self.inner.getKeepWithNext()

    def identity(self, maxLen=None):
        return self.inner.identity(maxLen)

    def drawOn(self, canvas, x, y, _sW=0):
        tags = getattr(canvas, "tags", None)
        if tags is None or self._drawn:
            self.inner.drawOn(canvas, x, y, _sW)
            return
        self._drawn = True
        if self.box:
            left = self.inner._hAlignAdjust(x, _sW)
            with tags.figure(canvas, self.elements[0], left, y, self.inner.width,
                             self.inner.height):
                self.inner.drawOn(canvas, x, y, _sW)
            return
        with tags.leaf(canvas, self.elements, self.text_only):
            self.inner.drawOn(canvas, x, y, _sW)


def unmarked(flowable: Flowable) -> Flowable:
    """The flowable a Marked wraps (the flowable itself if it is not marked)."""
    return flowable.inner if isinstance(flowable, Marked) else flowable


# --- building a story ------------------------------------------------------------------

def mark(role: str, flowable: Flowable, **attrs) -> Flowable:
    """`flowable` as the content of a new element `role` of the tree being built (the
    flowable itself when no tree is)."""
    tags = building()
    if tags is None:
        return flowable
    return Marked(flowable, [tags.add(role, **attrs)])


def mark_pieces(role: str, pieces: Sequence[Flowable], **attrs) -> list[Flowable]:
    """A paragraph's pieces (pieces.py) as the content of one new element `role`: a long
    paragraph set as several reportlab Paragraphs is one element of the tree."""
    tags = building()
    if tags is None:
        return list(pieces)
    element = tags.add(role, **attrs)
    return [Marked(piece, [element]) for piece in pieces]


TITLE = 0          # heading(TITLE, ...): the file's title, H1


def heading(level: int, flowable: Flowable) -> Flowable:
    """`flowable` as a heading `level` below a section's own (1: the section's heading; TITLE:
    the file's title)."""
    tags = building()
    if tags is None:
        return flowable
    role = tags.heading(1 if level == TITLE else tags.section_level + level - 1)
    return mark(role, flowable)


def item_pieces(pieces: Sequence[Flowable]) -> list[Flowable]:
    """A bulleted paragraph's pieces (pieces.py) as one list item: the first piece's bullet
    the label, the text of every piece the body."""
    tags = building()
    if tags is None or not pieces:
        return list(pieces)
    with tags.group("LI"):
        label, body = tags.add("Lbl"), tags.add("LBody")
    return [Marked(pieces[0], [label, body]), *(Marked(piece, [body]) for piece in pieces[1:])]


def figure(flowable: Flowable, alt: str) -> Flowable:
    """A chart as a Figure with its text (Alt) and its box on the page (BBox)."""
    tags = building()
    if tags is None:
        return flowable
    return Marked(flowable, [tags.add("Figure", alt=alt)], text_only=False, box=True)


@contextmanager
def group(role: str, **attrs) -> Iterator[Element | None]:
    """A new element of the tree being built, taking the elements made in the block."""
    tags = building()
    if tags is None:
        yield None
        return
    with tags.group(role, **attrs) as element:
        yield element
