"""Tagged PDF (PDF/UA-1): one file's structure tree, and its pages' content marked for it.

A screen reader reads a PDF through its structure tree: headings, paragraphs,
lists, tables with header cells, figures with their text, in the note's order.
reportlab draws; this module adds the rest, for every PDF notedeck writes:

- the tree is built while the story or the slides are planned (`Tags.building`,
  `group`, `mark`), so its order is the note's, whatever the order of drawing;
- every page is an artifact by default (rules, backgrounds, template decorations,
  repeated header rows), and what belongs to an element is wrapped in a
  marked-content sequence with its MCID while it is drawn (`Tags.leaf`): only the
  text of a paragraph or a cell (its background stays an artifact), everything of a
  figure; the running header and footer are pagination artifacts (`Tags.artifact`);
- the tree, the parent tree and the catalogue's entries are written with reportlab's
  own PDF objects when the file is saved (tagtree.py).

Text reaches the marks through `MarkedCanvas.drawText`, the one call every text of
reportlab goes through; a paragraph's bullet is its first text object, so it becomes
the list item's label (Lbl) and the rest its body (LBody).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

ARTIFACT = "/Artifact BMC"


@dataclass(eq=False)
class Element:
    """One structure element: its role (a standard structure type), what it holds in
    reading order (elements, and (page, MCID) content items) and its attributes."""

    role: str
    parent: Element | None = None
    alt: str = ""                 # a Figure's text
    scope: str = ""               # a header cell's: "Column" | "Row"
    kids: list = field(default_factory=list)
    bbox: tuple[float, float, float, float] | None = None    # a Figure's, on its page

    def add(self, role: str, **attrs) -> Element:
        child = Element(role, self, **attrs)
        self.kids.append(child)
        return child


_BUILDING: ContextVar[Tags | None] = ContextVar("notedeck_tags", default=None)


class Tags:
    """The structure tree of one PDF and the state of its marked content.

    `section_level`: the heading level of a note's section in this file (2 in the handout,
    under the note's title; 1 where the file has no heading per section)."""

    def __init__(self, title: str, lang: str, section_level: int = 2):
        self.title, self.lang, self.section_level = title, lang, section_level
        self.root = Element("Document")
        self.pages: list[list[Element]] = []     # per page: the element of each MCID
        self._groups = [self.root]
        self._open: Element | str | None = None  # the open sequence: an element, ARTIFACT
        self._leaf: list | None = None           # [elements, texts seen, text only]
        self._heading = 0                        # the level of the last heading made

    # --- the tree ------------------------------------------------------------------
    def add(self, role: str, **attrs) -> Element:
        """A new element in the innermost open group."""
        return self._groups[-1].add(role, **attrs)

    @contextmanager
    def group(self, role: str, **attrs) -> Iterator[Element]:
        """A new element that takes the elements made inside the block."""
        element = self.add(role, **attrs)
        self._groups.append(element)
        try:
            yield element
        finally:
            self._groups.pop()

    @contextmanager
    def building(self) -> Iterator[Tags]:
        """Make `mark` and `group` add to this tree while the block builds a story."""
        token = _BUILDING.set(self)
        try:
            yield self
        finally:
            _BUILDING.reset(token)

    def heading(self, level: int) -> str:
        """The role of a heading at `level` (1: H1) that skips no level below the last heading
        made (a note's section may go from its title straight to a level-3 heading)."""
        level = max(1, min(level, self._heading + 1, 6))
        self._heading = level
        return f"H{level}"

    # --- marking what is drawn -------------------------------------------------------
    def begin_page(self, canvas) -> None:
        """A new page: what is drawn on it is an artifact until an element claims it."""
        self.pages.append([])
        self._emit(canvas, ARTIFACT)
        self._open = ARTIFACT

    def end_page(self, canvas) -> None:
        self._close(canvas)

    @contextmanager
    def leaf(self, canvas, elements: Sequence[Element], text_only: bool = True):
        """Mark what the block draws as content of `elements`: with `text_only`, each text
        object goes to the next element (the last takes the rest), and shapes stay artifacts;
        else everything drawn goes to the first."""
        if self._leaf is not None:
            raise RuntimeError("marked content cannot nest: a leaf is already open")
        if not elements:
            yield
            return
        self._leaf = [list(elements), 0, text_only]
        if not text_only:
            self._switch(canvas, elements[0])
        try:
            yield
        finally:
            self._leaf = None
            if isinstance(self._open, Element):
                self._close(canvas)
                self._emit(canvas, ARTIFACT)
                self._open = ARTIFACT

    @contextmanager
    def figure(self, canvas, element: Element, x: float, y: float, w: float, h: float):
        """`leaf` for a figure drawn in the box (x, y, w, h) of the canvas's current space,
        which becomes the figure's BBox on the page."""
        corners = [canvas.absolutePosition(px, py) for px, py in
                   ((x, y), (x + w, y), (x, y + h), (x + w, y + h))]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        element.bbox = element.bbox or (min(xs), min(ys), max(xs), max(ys))
        with self.leaf(canvas, [element], text_only=False):
            yield

    @contextmanager
    def artifact(self, canvas, subtype: str = "Footer"):
        """A running header or footer: a pagination artifact."""
        on_page = self._open is not None
        self._close(canvas)
        self._emit(canvas, f"/Artifact <</Type /Pagination /Subtype /{subtype}>> BDC")
        try:
            yield
        finally:
            self._emit(canvas, "EMC")
            if on_page:
                self._emit(canvas, ARTIFACT)
                self._open = ARTIFACT

    def text(self, canvas) -> None:
        """A text object is about to be drawn (MarkedCanvas.drawText)."""
        leaf = self._leaf
        if leaf is None or not leaf[2]:
            return
        elements, seen = leaf[0], leaf[1]
        leaf[1] = seen + 1
        target = elements[min(seen, len(elements) - 1)]
        if self._open is not target:
            self._switch(canvas, target)

    def _switch(self, canvas, element: Element) -> None:
        self._close(canvas)
        self._emit(canvas, self.begin(element))
        self._open = element

    def begin(self, element: Element) -> str:
        """The operator that begins a new content item of `element` on this page (BDC with
        its MCID), for the caller to write."""
        page = len(self.pages) - 1
        if page < 0:
            raise RuntimeError("content marked outside a page: call begin_page first")
        mcid = len(self.pages[page])
        self.pages[page].append(element)
        element.kids.append((page, mcid))
        return f"/{element.role} <</MCID {mcid}>> BDC"

    @contextmanager
    def outside_artifacts(self, canvas):
        """Draw something that carries its own marks (a text object with content items in
        it: TextMarks) where no artifact is open, as content may not sit in an artifact."""
        if self._leaf is not None or isinstance(self._open, Element):
            raise RuntimeError("marked content cannot nest: content is open")
        was = self._open
        self._close(canvas)
        try:
            yield
        finally:
            if was is not None:
                self._emit(canvas, ARTIFACT)
                self._open = ARTIFACT

    def _close(self, canvas) -> None:
        if self._open is not None:
            self._emit(canvas, "EMC")
            self._open = None

    @staticmethod
    def _emit(canvas, operator: str) -> None:
        canvas.addLiteral(operator)

    # --- the file ------------------------------------------------------------------
    def write(self, canvas) -> None:
        """Put the tree, the parent tree and PDF/UA's catalogue entries into the canvas's
        document: call once, after the last page, before save()."""
        from notedeck.render.pdfkit.tagtree import write_tree

        write_tree(self, canvas)


class MarkedCanvas(Canvas):
    """A reportlab canvas that tells its Tags (if any) of every text object it draws, and
    writes their tree when it is saved."""

    tags: Tags | None = None

    def drawText(self, aTextObject):
        if self.tags is not None:
            self.tags.text(self)
        super().drawText(aTextObject)

    def save(self):
        if self.tags is not None:
            if self._code:
                self.showPage()
            self.tags.write(self)
        super().save()


class TextMarks:
    """Content items inside one reportlab text object: each paragraph's elements in turn,
    so a frame of slide text stays one text object (a text object per paragraph cost a
    tenth of slides.pdf's writing). Writes into the text object's operators (its private
    `_code`, see docs/architecture.md)."""

    def __init__(self, canvas, text):
        self.tags: Tags | None = getattr(canvas, "tags", None)
        self.canvas, self.text = canvas, text
        self._queue: list[Element] = []
        self._open = self._used = False

    def start(self, elements: Sequence[Element]) -> None:
        """What follows is the next paragraph: the first of `elements` (then the next, at
        each `advance`)."""
        self._end()
        self._queue = list(elements)
        self.advance()

    def advance(self) -> None:
        """What follows goes to the paragraph's next element (after a bullet: its body)."""
        if self.tags is None or not self._queue:
            return
        self._end()
        self.text._code.append(self.tags.begin(self._queue.pop(0)))
        self._open = self._used = True

    def draw(self) -> None:
        """End the marks and draw the text object (outside any artifact if it holds content)."""
        self._end()
        if not self._used:
            self.canvas.drawText(self.text)
            return
        with self.tags.outside_artifacts(self.canvas):
            self.canvas.drawText(self.text)

    def _end(self) -> None:
        if self._open:
            self.text._code.append("EMC")
            self._open = False


def on_page(canvas, doc) -> None:
    """PageTemplate onPage hook: a platypus page begins."""
    tags = getattr(canvas, "tags", None)
    if tags is not None:
        tags.begin_page(canvas)


def on_page_end(canvas, doc) -> None:
    """PageTemplate onPageEnd hook: a platypus page ends."""
    tags = getattr(canvas, "tags", None)
    if tags is not None:
        tags.end_page(canvas)


@contextmanager
def page(canvas) -> Iterator[None]:
    """One page of a bare canvas, marked (a no-op on an untagged canvas)."""
    tags = getattr(canvas, "tags", None)
    if tags is not None:
        tags.begin_page(canvas)
    yield
    if tags is not None:
        tags.end_page(canvas)


@contextmanager
def pagination(canvas, subtype: str = "Footer") -> Iterator[None]:
    """A running header or footer (a no-op on an untagged canvas)."""
    tags = getattr(canvas, "tags", None)
    if tags is None:
        yield
        return
    with tags.artifact(canvas, subtype):
        yield


@contextmanager
def content(canvas, elements: Sequence[Element], text_only: bool = True) -> Iterator[None]:
    """Tags.leaf on the canvas's Tags (a no-op on an untagged canvas or for no element)."""
    tags = getattr(canvas, "tags", None)
    if tags is None or not elements:
        yield
        return
    with tags.leaf(canvas, elements, text_only):
        yield


@contextmanager
def content_figure(canvas, element: Element | None, x: float, y: float, w: float,
                   h: float) -> Iterator[None]:
    """Tags.figure on the canvas's Tags (a no-op on an untagged canvas or for no element)."""
    tags = getattr(canvas, "tags", None)
    if tags is None or element is None:
        yield
        return
    with tags.figure(canvas, element, x, y, w, h):
        yield


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

def building() -> Tags | None:
    """The Tags a story is being built for, if any."""
    return _BUILDING.get()


def mark(role: str, flowable: Flowable, **attrs) -> Flowable:
    """`flowable` as the content of a new element `role` of the tree being built (the
    flowable itself when no tree is)."""
    tags = _BUILDING.get()
    if tags is None:
        return flowable
    return Marked(flowable, [tags.add(role, **attrs)])


TITLE = 0          # heading(TITLE, ...): the file's title, H1


def heading(level: int, flowable: Flowable) -> Flowable:
    """`flowable` as a heading `level` below a section's own (1: the section's heading; TITLE:
    the file's title)."""
    tags = _BUILDING.get()
    if tags is None:
        return flowable
    role = tags.heading(1 if level == TITLE else tags.section_level + level - 1)
    return mark(role, flowable)


def item(flowable: Flowable) -> Flowable:
    """A paragraph with a bullet as a list item (LI) of the open list (L): its bullet the
    label, its text the body."""
    tags = _BUILDING.get()
    if tags is None:
        return flowable
    with tags.group("LI"):
        label, body = tags.add("Lbl"), tags.add("LBody")
    return Marked(flowable, [label, body])


def figure(flowable: Flowable, alt: str) -> Flowable:
    """A chart as a Figure with its text (Alt) and its box on the page (BBox)."""
    tags = _BUILDING.get()
    if tags is None:
        return flowable
    return Marked(flowable, [tags.add("Figure", alt=alt)], text_only=False, box=True)


@contextmanager
def group(role: str, **attrs) -> Iterator[Element | None]:
    """A new element of the tree being built, taking the elements made in the block."""
    tags = _BUILDING.get()
    if tags is None:
        yield None
        return
    with tags.group(role, **attrs) as element:
        yield element
