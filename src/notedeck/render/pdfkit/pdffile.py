"""What every PDF notedeck draws on a bare canvas shares: metadata, language, tags, reproducibility."""

from __future__ import annotations

from contextlib import contextmanager
from io import BytesIO

from notedeck.deck import Meta
from notedeck.render.pdfkit.styles import REGULAR, clean, register_fonts

PDF_VERSION = (1, 7)         # PDF/UA-1 builds on ISO 32000-1 (PDF 1.7); /Tabs needs 1.5


def new_canvas(size: tuple[float, float], meta: Meta, title: str = ""):
    """A reportlab canvas writing into memory: reproducible (invariant), with the note's
    metadata and a structure tree (canvas.tags, written when it is saved); returns
    (canvas, buffer)."""
    from notedeck.render.pdfkit.tagging import MarkedCanvas, Tags

    register_fonts()
    buffer = BytesIO()
    canvas = MarkedCanvas(buffer, pagesize=size, invariant=1, pageCompression=1,
                          initialFontName=REGULAR,   # else every page names Helvetica, unembedded
                          pdfVersion=PDF_VERSION, lang=meta.lang)   # the catalogue's /Lang
    canvas.tags = Tags(clean(title or meta.title), meta.lang)
    canvas.setTitle(clean(title or meta.title))
    canvas.setAuthor(clean(meta.author))
    canvas.setSubject(clean(meta.subject))
    canvas.setKeywords([clean(k) for k in meta.keywords])
    canvas.setCreator("notedeck")
    canvas.setProducer("notedeck")
    return canvas, buffer


@contextmanager
def binary_streams():
    """Compressed streams written as binary, not ASCII85 (reportlab's default): files a
    fifth smaller, and reportlab's pure-Python ASCII85 encoder was half the time of a
    1,000-slide slides.pdf. Scoped to one document: the handout keeps its bytes."""
    from reportlab import rl_config

    saved = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = saved


def binary(function):
    """`function` run inside binary_streams()."""
    from functools import wraps

    @wraps(function)
    def run(*args, **kwargs):
        with binary_streams():
            return function(*args, **kwargs)

    return run

