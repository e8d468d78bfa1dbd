"""How a deck's native chart series read on what a PDF of it shows behind them, in pixels: the
series' colours from the chart's XML, the ground from the page drawn at 72 dpi inside the
chart's box, away from every vector and letter drawn there (render/pdfpage.py: PDFium draws
the page and lists what is drawn on it)."""

from __future__ import annotations

from pathlib import Path

from . import pdfpage

C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
SHARE = 0.03                 # a ground colour counts when it covers this share of the ground
MARGIN = 2.0                 # points around each drawn thing that are not taken as ground
DPI = 72
AROUND = 6.0                 # points of ground judged around the series' drawing


def _luminance(rgb) -> float:
    def lin(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = map(lin, rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _series(shape, theme) -> set:
    """The colours a native chart's series are filled or stroked in (its XML's, through the
    master's theme and colour map)."""
    from notedeck.template.styles import ink

    found = set()
    for ser in shape.chart._chartSpace.iter(f"{C}ser"):
        props = ser.find(f"{C}spPr")
        if props is None:
            continue
        # a bar's fill (its outline only parts it from the next), else a line's stroke
        fill = props.find(f"{A}solidFill")
        fill = fill if fill is not None else props.find(f"{A}ln/{A}solidFill")
        for node in fill if fill is not None else ():
            if (made := ink(node, theme)) is not None:
                found.add(tuple(int(made.rgb[i:i + 2], 16) for i in (1, 3, 5)))
    return found


def _ground(image, crop: list, box, scale: float, series: set) -> list[tuple[int, int, int]]:
    """The colours most of the box shows away from every drawn vector and letter (each
    masked with a margin, so that no blended edge counts)."""
    from PIL import Image, ImageDraw

    mask = Image.new("1", image.size, 1)
    draw = ImageDraw.Draw(mask)
    pad = MARGIN
    for item in crop:
        if item.kind == "image":
            continue                  # a picture behind the chart: ground
        if item.kind == "rect" and _big(item, box) and not _in_series(item, series):
            continue                  # the chart's own area: ground
        x0, x1 = (item.x0 - box[0] - pad) * scale, (item.x1 - box[0] + pad) * scale
        y0, y1 = (item.top - box[1] - pad) * scale, (item.bottom - box[1] + pad) * scale
        draw.rectangle((x0, y0, x1, y1), fill=0)
    import numpy

    pixels = numpy.asarray(image, dtype=numpy.int64).reshape(-1, 3)
    pixels = pixels[numpy.asarray(mask, dtype=bool).reshape(-1)]
    if not len(pixels):
        return []
    buckets = pixels // 16                       # colours within 16 levels are one colour
    keys = (buckets[:, 0] * 16 + buckets[:, 1]) * 16 + buckets[:, 2]
    _, which, counts = numpy.unique(keys, return_inverse=True, return_counts=True)
    sums = numpy.zeros((len(counts), 3))
    numpy.add.at(sums, which.reshape(-1), pixels)
    total = counts.sum()
    return [tuple(round(float(v) / int(n)) for v in sums[i]) for i, n in enumerate(counts)
            if n >= SHARE * total]               # each colour as the mean of its pixels


def _around(crop: list, series: set, box) -> tuple:
    """The part of the chart's box its series are drawn in, with a margin: the ground that
    matters is what lies around them, not a strip at the box's edge."""
    found = [item for item in crop if item.kind in ("rect", "path")
             and _in_series(item, series) and not _big(item, box)]
    if not found:
        return box
    return (max(box[0], min(i.x0 for i in found) - AROUND),
            max(box[1], min(i.top for i in found) - AROUND),
            min(box[2], max(i.x1 for i in found) + AROUND),
            min(box[3], max(i.bottom for i in found) + AROUND))


def _in_series(item, series: set) -> bool:
    """Whether a vector is stroked or filled in one of the series' colours."""
    for rgb in (item.stroke, item.fill):
        if rgb and any(sum((a - b) ** 2 for a, b in zip(rgb, c)) <= 12 ** 2 for c in series):
            return True
    return False


def _big(item, box) -> bool:
    area = abs((item.x1 - item.x0) * (item.bottom - item.top))
    return area > 0.3 * (box[2] - box[0]) * (box[3] - box[1])


def weakest_series(deck: Path, pdf: Path) -> list[tuple[int, tuple, float]]:
    """(slide, series colour, its lowest contrast on the ground around it) for every series
    of every native chart of `deck`, as `pdf` (the deck drawn, one page a slide) shows it."""
    import pypdfium2 as pdfium
    from pptx import Presentation

    prs = Presentation(str(deck))
    out = []
    document = pdfium.PdfDocument(str(pdf))
    try:
        for number, slide in enumerate(prs.slides):
            charts = [s for s in slide.shapes if getattr(s, "has_chart", False)]
            if charts:
                page = document[number]
                drawn = pdfpage.objects(page)
                out += [row for shape in charts for row in
                        _chart(page, drawn, prs, shape, number + 1,
                               slide.slide_layout.slide_master)]
    finally:
        document.close()
    return out


def _chart(page, drawn: list[dict], prs, shape, number: int, slide_master) -> list:
    from notedeck.template.styles import read_theme

    fx, fy = page.get_width() / prs.slide_width, page.get_height() / prs.slide_height
    box = (shape.left * fx, shape.top * fy, (shape.left + shape.width) * fx,
           (shape.top + shape.height) * fy)
    series = _series(shape, read_theme(slide_master))
    box = _around(_within(drawn, box), series, box)
    scale = DPI / 72
    picture = page.render(scale=scale).to_pil().convert("RGB")
    image = picture.crop(tuple(round(v * scale) for v in box))
    ground = _ground(image, _within(drawn, box), box, scale, series)
    return [(number, colour, min((contrast(colour, g) for g in ground), default=21.0))
            for colour in sorted(series)]


def _within(drawn: list, box) -> list:
    """What is drawn wholly inside the box."""
    return [item for item in drawn if item.x0 >= box[0] and item.x1 <= box[2]
            and item.top >= box[1] and item.bottom <= box[3]]
