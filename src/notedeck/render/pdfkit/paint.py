"""A template's backgrounds and decorations drawn on a reportlab canvas, as vectors where PDF can.

Each `Decoration` (template/backdrop.py) is drawn in its own box's coordinates (inches, y
down) under the transform that places it: its hard shadow, its fill (solid, with its alpha;
a linear or circular gradient as a PDF shading, or in bands where its alpha varies or PDF
has no such shading; a picture, stretched or tiled, clipped to the outline; a pattern as a
hatch of hairlines over its background), then its line (width, dashes, caps, joins).
"""

from __future__ import annotations

import math
from io import BytesIO

from reportlab.lib.colors import HexColor
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import FILL_EVEN_ODD

from notedeck.template.backdrop import Affine, Backdrop, Decoration, compose
from notedeck.template.paint import Gradient, Paint, Pattern, Picture, Solid, Stroke, hatch

PT = 72.0
BANDS = 64                   # steps of a gradient drawn in bands
MAX_TILES = 4000             # tiles of a tiled picture; beyond, it is stretched
PICTURE_DPI = 96             # a tiled picture's pixels: screen pixels, as presenting apps draw them
MAX_HATCH_LINES = 3000       # lines of one pattern; beyond, they are spaced wider
CAPS = {"flat": 0, "rnd": 1, "sq": 2}
JOINS = {"miter": 0, "round": 1, "bevel": 2}


class Painter:
    """Draws backdrops on the pages of one canvas, `height` points tall; keeps each picture
    read once."""

    def __init__(self, height: float):
        self.height = height
        self._images: dict = {}

    def base(self) -> Affine:
        """Slide inches (y down) to PDF points (y up)."""
        return (PT, 0.0, 0.0, -PT, 0.0, self.height)

    def background(self, canvas, backdrop: Backdrop) -> None:
        """bg1, then the slide's background over the whole slide."""
        w, h = backdrop.size
        canvas.setFillColor(HexColor(backdrop.base))
        canvas.rect(0, 0, w * PT, self.height, stroke=0, fill=1)
        if backdrop.background is not None:
            whole = ((("M", 0, 0), ("L", w, 0), ("L", w, h), ("L", 0, h), ("Z",)), True, True)
            self.decoration(canvas, Decoration((whole,), (w, h), fill=backdrop.background))

    def decoration(self, canvas, item: Decoration) -> None:
        canvas.saveState()
        if item.shadow is not None:
            dx, dy = item.shadow.dx, item.shadow.dy
            self._shadow(canvas, item, compose((1.0, 0.0, 0.0, 1.0, dx, dy), item.transform))
        canvas.transform(*compose(self.base(), item.transform))
        if item.fill is not None:
            self._fill(canvas, item)
        if item.line is not None:
            self._stroke(canvas, item.paths, item.line)
        canvas.restoreState()

    # --- outlines ----------------------------------------------------------------------
    @staticmethod
    def _path(canvas, paths, which: int):
        """The subpaths flagged filled (which=1) or stroked (which=2) as one reportlab path."""
        path = canvas.beginPath()
        for ops, filled, stroked in paths:
            if not (filled if which == 1 else stroked):
                continue
            for op in ops:
                if op[0] == "M":
                    path.moveTo(op[1], op[2])
                elif op[0] == "L":
                    path.lineTo(op[1], op[2])
                elif op[0] == "C":
                    path.curveTo(*op[1:])
                else:
                    path.close()
        return path

    def _shadow(self, canvas, item: Decoration, placed: Affine) -> None:
        canvas.saveState()
        canvas.transform(*compose(self.base(), placed))
        colour = item.shadow.colour
        if item.fill is not None:
            self._solid(canvas, colour, stroke=False)
            canvas.drawPath(self._path(canvas, item.paths, 1), stroke=0, fill=1,
                            fillMode=FILL_EVEN_ODD)
        elif item.line is not None:
            self._stroke(canvas, item.paths, Stroke(colour, item.line.width, item.line.dash,
                                                    item.line.cap, item.line.join))
        canvas.restoreState()

    def _stroke(self, canvas, paths, line: Stroke) -> None:
        width = line.width / PT
        self._solid(canvas, line.paint, stroke=True)
        canvas.setLineWidth(width)
        canvas.setLineCap(CAPS.get(line.cap, 0))
        canvas.setLineJoin(JOINS.get(line.join, 1))
        if line.dash:
            canvas.setDash([max(d, 0.01) * width for d in line.dash])
        canvas.drawPath(self._path(canvas, paths, 2), stroke=1, fill=0)
        if line.dash:
            canvas.setDash([])

    @staticmethod
    def _solid(canvas, paint: Solid, stroke: bool) -> None:
        if stroke:
            canvas.setStrokeColor(HexColor(paint.rgb))
            canvas.setStrokeAlpha(paint.alpha)
        else:
            canvas.setFillColor(HexColor(paint.rgb))
            canvas.setFillAlpha(paint.alpha)

    # --- fills -------------------------------------------------------------------------
    def _fill(self, canvas, item: Decoration) -> None:
        fill: Paint = item.fill
        outline = self._path(canvas, item.paths, 1)
        if isinstance(fill, Solid):
            self._solid(canvas, fill, stroke=False)
            canvas.drawPath(outline, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)
            return
        canvas.saveState()
        canvas.clipPath(outline, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
        w, h = item.size
        match fill:
            case Gradient():
                self._gradient(canvas, fill, w, h)
            case Picture():
                self._picture(canvas, fill, w, h)
            case Pattern():
                self._pattern(canvas, fill, w, h)
        canvas.restoreState()

    def _gradient(self, canvas, fill: Gradient, w: float, h: float) -> None:
        if fill.alpha_varies or fill.kind not in ("linear", "circle"):
            self._bands(canvas, fill, w, h)
            return
        colours = [HexColor(c) for _, c, _ in fill.stops]
        positions = [p for p, _, _ in fill.stops]
        if len(colours) == 1:
            colours, positions = colours * 2, [0.0, 1.0]
        canvas.setFillAlpha(fill.stops[0][2])
        if fill.kind == "linear":
            (gx, gy), (cx, cy) = fill.direction(w, h)
            norm = gx * gx + gy * gy or 1e-9
            x0, y0 = cx - 0.5 * gx / norm, cy - 0.5 * gy / norm
            canvas.linearGradient(x0, y0, x0 + gx / norm, y0 + gy / norm, colours, positions,
                                  extend=True)
        else:
            (fx, fy), radius = fill.circle(w, h)
            canvas.radialGradient(fx, fy, max(radius, 1e-6), colours, positions, extend=True)

    def _bands(self, canvas, fill: Gradient, w: float, h: float) -> None:
        """A gradient as BANDS flat steps, each in the colour and alpha of its middle."""
        reach = math.hypot(w, h) * 2
        for k in range(BANDS):
            t0, t1 = k / BANDS, (k + 1) / BANDS
            if k == BANDS - 1:
                t1 = 4.0          # the last band runs to the edge of everything it covers
            colour, alpha = fill.at((k + 0.5) / BANDS)
            canvas.setFillColor(HexColor(colour))
            canvas.setFillAlpha(alpha)
            path = canvas.beginPath()
            if fill.kind == "linear":
                self._strip(path, fill, w, h, t0 if k else -4.0, t1, reach)
                canvas.drawPath(path, stroke=0, fill=1)
                continue
            self._ring(path, fill, w, h, t0, t1)
            canvas.drawPath(path, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)

    @staticmethod
    def _strip(path, fill: Gradient, w, h, t0: float, t1: float, reach: float) -> None:
        (gx, gy), (cx, cy) = fill.direction(w, h)
        norm = gx * gx + gy * gy or 1e-9
        ux, uy = gx / norm, gy / norm                  # one unit of t along the gradient
        length = math.hypot(gx, gy) or 1e-9
        nx, ny = -gy / length * reach, gx / length * reach
        a = (cx + (t0 - 0.5) * ux, cy + (t0 - 0.5) * uy)
        b = (cx + (t1 - 0.5) * ux, cy + (t1 - 0.5) * uy)
        path.moveTo(a[0] - nx, a[1] - ny)
        path.lineTo(a[0] + nx, a[1] + ny)
        path.lineTo(b[0] + nx, b[1] + ny)
        path.lineTo(b[0] - nx, b[1] - ny)
        path.close()

    @staticmethod
    def _ring(path, fill: Gradient, w, h, t0: float, t1: float) -> None:
        """The region between positions t0 and t1 of a path gradient (a ring)."""
        (fx, fy), radius = fill.circle(w, h)
        for tt in (t1, t0):
            if tt <= 0:
                continue
            if fill.kind == "circle":
                rr = radius * tt
                path.circle(fx, fy, rr)
            else:
                rx, ry = w / 2 * tt, h / 2 * tt
                path.rect(fx - rx, fy - ry, 2 * rx, 2 * ry)

    def _reader(self, fill: Picture) -> ImageReader | None:
        key = (fill.image, fill.grey, fill.bright, fill.contrast)
        if key not in self._images:
            plain = not (fill.grey or fill.bright or fill.contrast)
            try:
                self._images[key] = ImageReader(BytesIO(fill.image) if plain else _recoloured(fill))
            except Exception:   # a picture reportlab cannot read (EMF, SVG): left out
                self._images[key] = None
        return self._images[key]

    def _image(self, canvas, reader, x: float, y: float, w: float, h: float) -> None:
        """An image into a box of the current (y-down) space, upright."""
        canvas.saveState()
        canvas.translate(x, y + h)
        canvas.scale(1, -1)
        canvas.drawImage(reader, 0, 0, w, h, mask="auto")
        canvas.restoreState()

    def _picture(self, canvas, fill: Picture, w: float, h: float) -> None:
        reader = self._reader(fill)
        if reader is None:
            return
        canvas.setFillAlpha(fill.alpha)
        if fill.tile is not None and self._tiles(canvas, reader, fill, w, h):
            return
        l, t, r, b = fill.crop
        full_w, full_h = w / max(1 - l - r, 1e-3), h / max(1 - t - b, 1e-3)
        self._image(canvas, reader, -l * full_w, -t * full_h, full_w, full_h)

    def _tiles(self, canvas, reader, fill: Picture, w: float, h: float) -> bool:
        sx, sy, tx, ty = fill.tile
        px_w, px_h = reader.getSize()
        tw, th = px_w / PICTURE_DPI * sx, px_h / PICTURE_DPI * sy
        if tw <= 0 or th <= 0 or math.ceil(w / tw + 1) * math.ceil(h / th + 1) > MAX_TILES:
            return False
        x0 = tx % tw - tw if tx % tw else 0.0
        y0 = ty % th - th if ty % th else 0.0
        y = y0
        while y < h:
            x = x0
            while x < w:
                self._image(canvas, reader, x, y, tw, th)
                x += tw
            y += th
        return True

    def _pattern(self, canvas, fill: Pattern, w: float, h: float) -> None:
        """The background colour, then the pattern's hatch: hairlines at its distance and
        angle, in one, two or three directions (LibreOffice's reading of DrawingML's preset
        patterns; PowerPoint tiles 8 x 8 bitmaps of the same weight)."""
        colour, alpha = fill.bg
        if alpha > 0:
            canvas.setFillColor(HexColor(colour))
            canvas.setFillAlpha(alpha)
            canvas.rect(0, 0, w, h, stroke=0, fill=1)
        directions, distance, angle = hatch(fill.name)
        canvas.setStrokeColor(HexColor(fill.fg[0]))
        canvas.setStrokeAlpha(fill.fg[1])
        canvas.setLineWidth(0)
        reach = math.hypot(w, h) / 2
        step = max(distance, 2 * reach * directions / MAX_HATCH_LINES)
        path = canvas.beginPath()
        for turn in (0, 90, 45)[:directions]:
            a = math.radians(angle + turn)
            ux, uy = math.cos(a), -math.sin(a)           # along the lines (y down)
            nx, ny = -uy, ux                              # across them
            k = -math.ceil(reach / step)
            while k * step <= reach:
                cx, cy = w / 2 + nx * k * step, h / 2 + ny * k * step
                path.moveTo(cx - ux * reach, cy - uy * reach)
                path.lineTo(cx + ux * reach, cy + uy * reach)
                k += 1
        canvas.drawPath(path, stroke=1, fill=0)


def _recoloured(fill: Picture):
    """A picture as DrawingML's grayscl and lum draw it, its transparency kept."""
    from PIL import Image

    image = Image.open(BytesIO(fill.image)).convert("RGBA")
    alpha = image.getchannel("A")
    if fill.grey:
        grey = image.convert("L")
        image = Image.merge("RGBA", (grey, grey, grey, alpha))
    if fill.bright or fill.contrast:
        table = _lum_table(fill.bright, fill.contrast)
        image = Image.merge("RGBA", (*image.convert("RGB").point(table * 3).split(), alpha))
    return image


def _lum_table(bright: float, contrast: float) -> list[int]:
    """A channel's 256 levels under a brightness and contrast, as Office applies them: half
    the brightness before the contrast and half after (LibreOffice draws it the same way)."""
    c = 127 * min(max(contrast, -1.0), 1.0)
    slope = 128 / (128 - c) if c >= 0 else (128 + c) / 128
    shift = bright * 255
    return [min(max(round((x + shift / 2 - 128) * slope + 128 + shift / 2), 0), 255)
            for x in range(256)]
