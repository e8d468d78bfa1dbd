"""What a PDF page draws, read with PDFium: its paths, text and pictures with their bounds and
colours (in Form XObjects too), and its characters with their boxes and baselines.

PDFium draws the pages the tests look at already; reading what is drawn from it too spares a
second parse of every content stream in Python (pdfminer's, through pdfplumber), which was
most of the time of the tests that measure pages. Bounds are in points from the page's top
left, as pdfplumber gives them: x0, x1, top, bottom."""

from __future__ import annotations

import ctypes
from dataclasses import dataclass

from notedeck.template.backdrop import apply, compose      # PDF's a b c d e f, as DrawingML's

IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
SAME_LINE = 0.05             # points: characters on one baseline (a renderer puts them exactly)


@dataclass(frozen=True)
class Drawn:
    kind: str                # "rect" (four straight sides), "path", "text" or "image"
    x0: float
    top: float
    x1: float
    bottom: float
    fill: tuple | None       # (r, g, b), 0-255: the fill colour in force, as pdfplumber's
    stroke: tuple | None     # the stroke colour in force


@dataclass(frozen=True)
class Char:
    text: str
    x0: float                # the origin: where the pen stood
    top: float               # the font's box, as pdfplumber's char top and bottom
    bottom: float
    baseline: float
    x1: float                # the font's box's right edge
    mcid: int | None = None  # the marked-content sequence it is drawn in, if numbered
    tag: str | None = None   # that sequence's tag (the innermost), as pdfplumber's


@dataclass(frozen=True)
class Line:
    text: str                # the characters left to right, as drawn (spaces kept)
    x0: float
    top: float
    bottom: float
    baseline: float


def objects(page) -> list[Drawn]:
    """Every path drawn (filled or stroked), text object and picture of a pypdfium2 page;
    shadings are left out, as pdfplumber leaves them."""
    import pypdfium2.raw as raw

    height = page.get_height()
    placed = {0: IDENTITY}
    out = []
    for obj in page.get_objects(max_depth=15):
        matrix = placed[obj.level]
        if obj.type == raw.FPDF_PAGEOBJ_FORM:
            placed[obj.level + 1] = compose(matrix, tuple(obj.get_matrix().get()))
            continue
        kind = {raw.FPDF_PAGEOBJ_PATH: None, raw.FPDF_PAGEOBJ_TEXT: "text",
                raw.FPDF_PAGEOBJ_IMAGE: "image"}.get(obj.type, "skip")
        kind = _path_kind(obj.raw) if kind is None else kind
        if kind in ("skip", None):
            continue
        left, bottom, right, top = obj.get_bounds()
        xs, ys = zip(*(apply(matrix, x, y) for x in (left, right) for y in (bottom, top)))
        out.append(Drawn(kind, min(xs), height - max(ys), max(xs), height - min(ys),
                         _colour(raw.FPDFPageObj_GetFillColor, obj.raw),
                         _colour(raw.FPDFPageObj_GetStrokeColor, obj.raw)))
    return out


def chars(page, marked: bool = False) -> list[Char]:
    """Every character the page draws (none PDFium adds between words or lines), in the
    order drawn; `marked`: with the marked-content sequence each is drawn in."""
    import pypdfium2.raw as raw

    height = page.get_height()
    text = page.get_textpage()
    marks: dict = {}
    try:
        out = []
        for index in range(text.count_chars()):
            if raw.FPDFText_IsGenerated(text.raw, index) == 1:
                continue
            code = raw.FPDFText_GetUnicode(text.raw, index)
            code = 0x2D if code == 2 else code          # PDFium's mark for a hyphen at a break
            x, y = ctypes.c_double(), ctypes.c_double()
            raw.FPDFText_GetCharOrigin(text.raw, index, ctypes.byref(x), ctypes.byref(y))
            _, low, right, high = text.get_charbox(index, loose=True)
            mcid, tag = _marks(raw.FPDFText_GetTextObject(text.raw, index), marks) \
                if marked else (None, None)
            out.append(Char(chr(code), x.value, height - high, height - low, height - y.value,
                            right, mcid, tag))
        return out
    finally:
        text.close()


def _marks(handle, known: dict) -> tuple[int | None, str | None]:
    """(MCID, tag) of the innermost marked-content sequence a text object is drawn in."""
    import pypdfium2.raw as raw

    key = ctypes.cast(handle, ctypes.c_void_p).value
    if key not in known:
        mcid, tag = raw.FPDFPageObj_GetMarkedContentID(handle), None
        count = raw.FPDFPageObj_CountMarks(handle)
        if count > 0:
            mark = raw.FPDFPageObj_GetMark(handle, count - 1)
            size = ctypes.c_ulong()
            raw.FPDFPageObjMark_GetName(mark, None, 0, ctypes.byref(size))
            buffer = (ctypes.c_ushort * max(size.value // 2, 1))()
            raw.FPDFPageObjMark_GetName(mark, buffer, size.value, ctypes.byref(size))
            tag = bytes(buffer)[:max(size.value - 2, 0)].decode("utf-16-le")
        known[key] = (mcid if mcid >= 0 else None, tag)
    return known[key]


def lines(found: list[Char], within: float = SAME_LINE, gap: float | None = None) -> list[Line]:
    """The characters in lines, top to bottom: a line is the characters whose baselines lie
    `within` points of the one before (by default one baseline: two columns whose baselines
    differ by a point are two lines), left to right; with `gap`, a space where a gap wider
    than that parts two characters, as pdfplumber's extract_text sets text."""
    groups: list[list[Char]] = []
    for char in sorted(found, key=lambda c: c.baseline):
        if groups and char.baseline - groups[-1][-1].baseline <= within:
            groups[-1].append(char)
        else:
            groups.append([char])
    out = []
    for group in groups:
        group.sort(key=lambda c: c.x0)
        baselines = sorted(c.baseline for c in group)
        out.append(Line(_spaced(group, gap), group[0].x0, min(c.top for c in group),
                        max(c.bottom for c in group), baselines[len(baselines) // 2]))
    return out


def _spaced(group: list[Char], gap: float | None) -> str:
    text, last = "", None
    for char in group:
        if gap is not None and last is not None and char.x0 - last.x1 > gap and \
                not text.endswith(" ") and char.text != " ":
            text += " "
        text, last = text + char.text, char
    return text


def _path_kind(handle) -> str | None:
    """"rect" (four straight sides, as pdfplumber's rects), "path", or None for a path drawn
    neither filled nor stroked."""
    import pypdfium2.raw as raw

    mode, stroke = ctypes.c_int(), ctypes.c_int()
    if raw.FPDFPath_GetDrawMode(handle, ctypes.byref(mode), ctypes.byref(stroke)) and \
            not mode.value and not stroke.value:
        return None
    count = raw.FPDFPath_CountSegments(handle)
    if not 4 <= count <= 6:
        return "path"
    points = []
    for index in range(count):
        segment = raw.FPDFPath_GetPathSegment(handle, index)
        if raw.FPDFPathSegment_GetType(segment) == raw.FPDF_SEGMENT_BEZIERTO:
            return "path"
        x, y = ctypes.c_float(), ctypes.c_float()
        raw.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y))
        points.append((round(x.value, 2), round(y.value, 2)))
    corners = set(points)
    xs, ys = {x for x, _ in corners}, {y for _, y in corners}
    return "rect" if len(corners) == 4 and len(xs) == 2 and len(ys) == 2 else "path"


def _colour(read, handle) -> tuple[int, int, int] | None:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    if not read(handle, *(ctypes.byref(v) for v in (r, g, b, a))):
        return None
    return r.value, g.value, b.value
