"""What every PDF notedeck draws on a bare canvas shares: metadata, reproducibility, atomic writing."""

from __future__ import annotations

import os
from io import BytesIO
from pathlib import Path

from notedeck.model import Meta
from notedeck.render.pdf.styles import REGULAR, clean, register_fonts


def new_canvas(size: tuple[float, float], meta: Meta, title: str = ""):
    """A reportlab canvas writing into memory: reproducible (invariant), with the note's
    metadata; returns (canvas, buffer)."""
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=size, invariant=1, pageCompression=1,
                    initialFontName=REGULAR)   # else every page names Helvetica, unembedded
    canvas.setTitle(clean(title or meta.title))
    canvas.setAuthor(clean(meta.author))
    canvas.setSubject(clean(meta.subject))
    canvas.setKeywords([clean(k) for k in meta.keywords])
    canvas.setCreator("notedeck")
    canvas.setProducer("notedeck")
    return canvas, buffer


def write_atomically(out: Path, data: bytes) -> None:
    """`data` into `out` through a temporary name, so a failure leaves no half-written file."""
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(f".{out.name}.partial")
    try:
        partial.write_bytes(data)
        os.replace(partial, out)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise

