"""What every PDF notedeck draws on a bare canvas shares: metadata, language, reproducibility."""

from __future__ import annotations

from contextlib import contextmanager
from io import BytesIO

from notedeck.deck import Meta
from notedeck.render.pdfkit.styles import REGULAR, clean, register_fonts


def new_canvas(size: tuple[float, float], meta: Meta, title: str = ""):
    """A reportlab canvas writing into memory: reproducible (invariant), with the note's
    metadata; returns (canvas, buffer)."""
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=size, invariant=1, pageCompression=1,
                    initialFontName=REGULAR,   # else every page names Helvetica, unembedded
                    lang=meta.declared_lang or None)       # the catalogue's /Lang
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

