"""Tagged PDF (PDF/UA-1): one file's structure tree, and its pages' content marked for it.

A screen reader reads a PDF through its structure tree: headings, paragraphs,
lists, tables with header cells, figures with their text, in the note's order.
reportlab draws; this module adds the rest, for every PDF notedeck writes:

- the tree is built while the story or the slides are planned (`Tags.add`, `Tags.group`;
  for a platypus story tagstory.py, for a planned slide slidetags.py), so its order is
  the note's, whatever the order of drawing;
- every page is an artifact by default (rules, backgrounds, template decorations,
  repeated header rows), and what belongs to an element is wrapped in a
  marked-content sequence with its MCID while it is drawn (`Tags.leaf`): only the
  text of a paragraph or a cell (its background stays an artifact), everything of a
  figure; the running header and footer are pagination artifacts (`Tags.artifact`);
- the tree, the parent tree and the catalogue's entries are written with reportlab's
  own PDF objects when the file is saved (tagtree.py).

Text reaches the marks through `MarkedCanvas.drawText`, the one call every text of
reportlab goes through; a paragraph's bullet is its first text object, so it becomes
the list item's label (Lbl) and the rest its body (LBody). A slide's text, one text
object per frame, carries its paragraphs' marks inside it (`TextMarks`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from reportlab.pdfbase.pdfdoc import PDFObject
from reportlab.pdfgen.canvas import Canvas

from notedeck.render.pdfkit.tagtree import Annotation, Element, write_tree

ARTIFACT = "/Artifact BMC"


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
        self.annotations: list = []              # (Link, Annotation)

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

    def link(self, canvas, element: Element, url: str, x: float, y: float, w: float, h: float,
             description: str) -> None:
        """A link annotation to `url` over the box (x, y, w, h) of the canvas's current space,
        as part of `element` (a Link, whose text the caller marks as its content): the Link
        holds the annotation (OBJR), the annotation names its Link (StructParent), and says
        where it goes (Contents) as PDF/UA asks."""
        from reportlab.pdfbase.pdfdoc import PDFString

        corners = [canvas.absolutePosition(px, py) for px, py in ((x, y), (x + w, y + h))]
        key = _Key()
        canvas.linkURL(url, (*corners[0], *corners[1]), relative=0, thickness=0,
                       StructParent=key, Contents=PDFString(description))
        annotation = Annotation(canvas._annotationrefs[-1], len(self.pages) - 1, key)
        self.annotations.append((element, annotation))
        element.kids.append(annotation)

    # --- the file ------------------------------------------------------------------
    def write(self, canvas) -> None:
        """Put the tree, the parent tree and PDF/UA's catalogue entries into the canvas's
        document: call once, after the last page, before save()."""
        write_tree(self, canvas)


class _Key(PDFObject):
    """An annotation's key in the parent tree, known once every page is (after the pages'
    keys): written by reportlab as the number it is given then."""

    number = -1

    def format(self, document) -> bytes:
        return b"%d" % self.number


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


def building() -> Tags | None:
    """The Tags a story is being built for (Tags.building), if any."""
    return _BUILDING.get()
