"""How full each page of a PDF is, measured from what is drawn inside its text frame."""

from __future__ import annotations

from notedeck.paper import Paper

from . import pdfpage


def emptiness(path, paper: Paper) -> list[float]:
    """Per page, the share of the text frame's height left empty below the last thing drawn
    in it (text, lines, rectangles, curves, images). The footer sits below the frame."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(path))
    try:
        return [empty_share(page, paper) for page in document]
    finally:
        document.close()


def empty_share(page, paper: Paper) -> float:
    """emptiness of one pypdfium2 page."""
    top = paper.top                             # frame top, from the page's top
    bottom = page.get_height() - paper.bottom   # frame bottom, from the page's top
    drawn = [o.bottom for o in pdfpage.objects(page) if o.top < bottom - 1 and o.bottom > top]
    drawn += [c.bottom for c in pdfpage.chars(page) if c.top < bottom - 1 and c.bottom > top]
    lowest = min(max(drawn, default=top), bottom)
    return (bottom - lowest) / (bottom - top)


def page_texts(path) -> list[str]:
    from pypdf import PdfReader

    return [" ".join((page.extract_text() or "").split()) for page in PdfReader(path).pages]
