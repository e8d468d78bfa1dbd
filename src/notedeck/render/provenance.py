"""Where every output keeps its build id, audience and figures, for `notedeck verify` to read.

PDFs carry them as extra entries of the document information dictionary;
decks as custom document properties (docProps/custom.xml), which PowerPoint
shows under File > Properties; the web page as <meta name="notedeck-build">
and its siblings. Figures travel as base64 of compressed JSON,
so every field is plain ASCII.
"""

from __future__ import annotations

import base64
import json
import zlib

from notedeck.deck import Meta

KEYS = {"build": "NotedeckBuild", "variant": "NotedeckAudience", "figures": "NotedeckFigures",
        "version": "NotedeckVersion", "shown": "NotedeckShown", "output": "NotedeckOutput"}
HTML_NAMES = {name: "notedeck-" + key for key, name in KEYS.items()}   # the web page's <meta>


def fields(meta: Meta) -> dict[str, str]:
    """The metadata entries for a Deck's Meta, by their names in files; {} without a build id."""
    from notedeck import __version__

    if not meta.build:
        return {}
    found = {KEYS["build"]: meta.build, KEYS["variant"]: meta.variant,
             KEYS["figures"]: pack_figures(meta.figures), KEYS["version"]: __version__}
    if meta.shown:                       # an output that shows part of the note
        found.update({KEYS["shown"]: meta.shown, KEYS["output"]: meta.output})
    return found


def html_fields(meta: Meta) -> list[tuple[str, str]]:
    """The same fields as the web page's <meta name="notedeck-..."> elements."""
    return [(HTML_NAMES[name], value) for name, value in fields(meta).items()]


def pack_figures(figures) -> str:
    data = json.dumps(dict(figures), ensure_ascii=False, separators=(",", ":")).encode()
    return base64.b64encode(zlib.compress(data, 9)).decode()


MAX_FIGURES = 2 * 1024 * 1024      # bytes of figures' JSON, unpacked: a file may be hostile


def unpack_figures(text: str) -> dict[str, str]:
    """The figures a file carries; {} when they are damaged, too large or not text."""
    try:
        inflate = zlib.decompressobj()
        data = inflate.decompress(base64.b64decode(text[:MAX_FIGURES]), MAX_FIGURES + 1)
        if len(data) > MAX_FIGURES or inflate.unconsumed_tail:
            return {}
        found = json.loads(data)
    except (ValueError, zlib.error, RecursionError):
        return {}
    if not isinstance(found, dict):
        return {}
    return {str(k): str(v) for k, v in found.items() if isinstance(v, (str, int, float))}


def stamp_pdf(canvas, meta: Meta) -> None:
    """Add the fields to a reportlab canvas's document information."""
    entries = fields(meta)
    if not entries:
        return
    info = canvas._doc.info
    info.__class__ = _info_class()
    info.extra = entries


_INFO = None


def _info_class():
    global _INFO
    if _INFO is None:
        from reportlab.pdfbase.pdfdoc import PDFInfo, PDFString

        class Info(PDFInfo):
            extra: dict = {}

            def format(self, document):
                formatted = PDFInfo.format(self, document)
                entries = b"".join(b"/" + key.encode() + b" " +
                                   PDFString(value).format(document) + b"\n"
                                   for key, value in self.extra.items())
                end = formatted.rstrip().rfind(b">>")
                return formatted[:end] + entries + formatted[end:]

        _INFO = Info
    return _INFO


CUSTOM_XML = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
              '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/'
              'custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/'
              '2006/docPropsVTypes">{props}</Properties>')
CUSTOM_PROP = ('<property fmtid="{{D5CDD505-2E9C-101B-9397-08002B2CF9AE}}" pid="{pid}" '
               'name="{name}"><vt:lpwstr>{value}</vt:lpwstr></property>')


def custom_xml(meta: Meta) -> bytes | None:
    """docProps/custom.xml holding the fields, or None without a build id."""
    from xml.sax.saxutils import escape

    entries = fields(meta)
    if not entries:
        return None
    props = "".join(CUSTOM_PROP.format(pid=n, name=name, value=escape(value))
                    for n, (name, value) in enumerate(entries.items(), start=2))
    return CUSTOM_XML.format(props=props).encode()
