"""What the preview shows now, shared by the build's thread and the server's: the last good
slides and handout pages, the last round's problems, and a version the page's events follow."""

from __future__ import annotations

import hashlib
import json
import threading

from notedeck.render.preview import page as html
from notedeck.render.preview.pictures import PAGE_SCALE, SLIDE_SCALE, page_pngs, slide_png
from notedeck.render.preview.shown import beside, slides_shown


EAGER = 3        # edited slides drawn before the files are written; the rest when asked for


class Showing:
    """The preview's state. Pictures are drawn when first asked for, once per key; the
    pictures of the slides and pages shown now and just before are kept, no others."""

    def __init__(self):
        self.changed = threading.Condition()
        self.version = 0
        self.closed = False
        self.title, self.lang, self.size = "", "en", (1280, 720)
        self.slides, self.earlier = (), {}
        self.pages, self.page_pictures, self.pdf_digest = [], {}, ""
        self.problems, self.warnings = [], []
        self.pictures: dict[str, bytes] = {}
        self.drawing = threading.Lock()        # one drawing at a time: the artist keeps caches

    # --- from the build -------------------------------------------------------------------
    def laid_out(self, deck, layout, art, warnings=()) -> None:
        """A build's slides, before its files are written: shown at once, the slides whose
        content changed (not only their footer: the build id is in it) drawn first."""
        if layout is None:
            return
        slides = slides_shown(deck, layout, art)
        bodies = {s.body for s in self.slides}
        edited = [s for s in slides if self.slides and s.body not in bodies][:EAGER]
        with self.drawing:
            drawn = {s.key: slide_png(*s.drawn) for s in edited}
        size = (round(layout.template.slide_w * 72 * SLIDE_SCALE),
                round(layout.template.slide_h * 72 * SLIDE_SCALE))
        with self.changed:
            keep = {s.key: s for s in (*self.slides, *slides)}
            self.earlier = keep
            self.pictures = {k: v for k, v in self.pictures.items() if k in keep} | drawn
            self.slides, self.size = slides, size
            self.title, self.lang = deck.meta.title, deck.meta.lang or "en"
            self.problems, self.warnings = [], list(warnings)
            self._bump()

    def failed(self, problems) -> None:
        """A round that built nothing: its problems, beside the last good slides."""
        with self.changed:
            self.problems = list(problems)
            self._bump()

    def built(self, warnings, handout) -> None:
        """A round that published its files: its warnings, and the handout's pages redrawn
        if its bytes changed."""
        pages = None
        if handout is not None:
            digest = hashlib.sha256(handout).hexdigest()
            if digest != self.pdf_digest:
                pages = self._pages(handout, digest)
        with self.changed:
            if pages is not None:
                self.pages, self.page_pictures, self.pdf_digest = pages
            self.problems, self.warnings = [], list(warnings)
            self._bump()

    @staticmethod
    def _pages(pdf: bytes, digest: str):
        from PIL import Image
        from io import BytesIO

        pictures, pages = {}, []
        for png in page_pngs(pdf, PAGE_SCALE):
            key = hashlib.sha256(png).hexdigest()[:20]
            pictures[key] = png
            pages.append((key, Image.open(BytesIO(png)).size))
        return pages, pictures, digest

    def _bump(self) -> None:
        self.version += 1
        self.changed.notify_all()

    # --- for the server ---------------------------------------------------------------------
    def wait(self, seen: int, timeout: float) -> int:
        """The version, once it differs from `seen` (or after `timeout`)."""
        with self.changed:
            self.changed.wait_for(lambda: self.version != seen or self.closed, timeout)
            return self.version

    def close(self) -> None:
        with self.changed:
            self.closed = True
            self.changed.notify_all()

    def picture(self, kind: str, key: str) -> bytes | None:
        """A slide's picture (drawn now if it was not yet) or a handout page's."""
        if kind == "page":
            return self.page_pictures.get(key)
        with self.changed:
            ready, slide = self.pictures.get(key), self.earlier.get(key)
        if ready is not None or slide is None:
            return ready
        with self.drawing:
            png = self.pictures.get(key) or slide_png(*slide.drawn)
        with self.changed:
            if key in self.earlier:
                self.pictures[key] = png
        return png

    def state(self) -> dict:
        """What the page's events carry: every slide and page by key, with its HTML."""
        with self.changed:
            placed, apart = beside((*self.problems, *self.warnings), self.slides)
            slides = [self._slide(s, placed.get(s.number, [])) for s in self.slides]
            pages = [{"key": key, "html": html.page_html(n, key, size)}
                     for n, (key, size) in enumerate(self.pages, start=1)]
            problems = html.problems_html(apart, bool(self.problems))
            return {"id": self.version, "slides": slides, "pages": pages, "problems": problems}

    def _slide(self, slide, problems: list[str]) -> dict:
        key = _keyed(slide, problems)
        return {"key": key, "html": html.slide_html(slide, self.size, problems, key)}

    def document(self) -> str:
        state = self.state()
        return html.document(self.title, self.lang, [s["html"] for s in state["slides"]],
                             [p["html"] for p in state["pages"]], state["problems"])

    def event(self) -> bytes:
        return f"data: {json.dumps(self.state())}\n\n".encode("utf-8")


def _keyed(slide, problems: list[str]) -> str:
    """A slide's key in the page: its picture's, then its notes' and problems'."""
    told = "\n".join((*slide.notes, "", *problems, slide.file, str(slide.line)))
    return f"{slide.key}-{hashlib.sha256(told.encode('utf-8')).hexdigest()[:8]}"
