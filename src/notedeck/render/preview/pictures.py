"""A planned slide, or a page of a written PDF, as a PNG: slides drawn by slides.pdf's own artist.

A slide is drawn on a one-page PDF by render/pdfkit/slide.py (the artist slides.pdf,
the guide and the prints use), then rasterised by PDFium; a handout page is
rasterised from the written file. So the preview shows what the files hold: the
same boxes, line breaks, charts and template look.
"""

from __future__ import annotations

from io import BytesIO

SLIDE_SCALE = 4 / 3          # 960 pt wide slides as 1280 pixels
PAGE_SCALE = 1.25            # an A4 page as 744 pixels wide


def slide_png(artist, slide, meta) -> bytes:
    """`slide` drawn by `artist` (pdfkit.slide.SlideArtist) as a PNG."""
    from notedeck.render.pdfkit.pdffile import new_canvas
    from notedeck.render.pdfkit.tagging import page

    canvas, buffer = new_canvas((artist.width, artist.height), meta)
    with page(canvas):
        artist.draw(canvas, slide)
    canvas.showPage()
    canvas.save()
    return page_pngs(buffer.getvalue(), SLIDE_SCALE)[0]


def page_pngs(pdf: bytes, scale: float = PAGE_SCALE) -> list[bytes]:
    """Every page of a PDF as a PNG."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        return [_png(document[n].render(scale=scale).to_pil()) for n in range(len(document))]
    finally:
        document.close()


def _png(image) -> bytes:
    out = BytesIO()
    image.save(out, "PNG", compress_level=1)     # fast: the picture lives in memory a while
    return out.getvalue()
