"""Where every output keeps its build id, audience and figures, for `notedeck verify` to read.

PDFs carry them as extra entries of the document information dictionary;
decks as custom document properties (docProps/custom.xml), which PowerPoint
shows under File > Properties; the web page as <meta name="notedeck-build">
and its siblings. Figures travel as base64 of compressed JSON,
so every field is plain ASCII. Each also carries a digest of its own content
(NotedeckContent), so `verify` finds a file edited after it was made: a PDF's
or web page's is the SHA-256 of the file with the digest's own 64 characters
as zeros (`seal` fills it in once the file is written); a deck's, of every
part but docProps/custom.xml, by name and unpacked bytes (`package_digest`),
so a deck packed again unchanged keeps it.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import zlib
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:           # annotations only: `notedeck build` with nothing changed reads the
    from notedeck.deck import Meta, Stamp      # stamps of its files without the Deck's model

KEYS = {"build": "NotedeckBuild", "variant": "NotedeckAudience", "figures": "NotedeckFigures",
        "version": "NotedeckVersion", "shown": "NotedeckShown", "output": "NotedeckOutput",
        "content": "NotedeckContent", "parts": "NotedeckParts", "note": "NotedeckNote"}
HTML_NAMES = {name: "notedeck-" + key for key, name in KEYS.items()}   # the web page's <meta>
SEAL = "0" * 64                 # the content digest's place until the file is sealed
PART_DIGITS = 16                # of each part's digest a deck carries
_SEALS = (re.compile(rb"/NotedeckContent \(([0-9a-f]{64})\)"),                   # a PDF
          re.compile(rb'<meta name="notedeck-content" content="([0-9a-f]{64})">'))  # a web page


def fields(meta: Meta, stamp: Stamp) -> dict[str, str]:
    """The metadata entries for a Deck's Meta and its output's stamp, by their names in files;
    {} without a build id."""
    from notedeck import __version__

    if not stamp.build:
        return {}
    found = {KEYS["build"]: stamp.build, KEYS["variant"]: stamp.variant,
             KEYS["figures"]: pack_figures(stamp.figures), KEYS["version"]: __version__}
    if stamp.shown:                       # an output that shows part of the note
        found.update({KEYS["shown"]: stamp.shown, KEYS["output"]: stamp.output})
    if meta.note:
        found[KEYS["note"]] = note_id(meta.note)
    found[KEYS["content"]] = SEAL
    return found


def note_id(title: str) -> str:
    """Which note a file came from, as it carries it: a short hash of the note's own title."""
    return hashlib.sha256(title.encode()).hexdigest()[:10]


def seal(path: Path) -> None:
    """Fill in the content digest of a written PDF or web page (nothing for other files)."""
    data = Path(path).read_bytes()
    recorded = sealed(data)
    if recorded is not None and recorded[0] == SEAL:
        at = _seal_at(data)
        Path(path).write_bytes(data[:at] + recorded[1].encode() + data[at + len(SEAL):])


def sealed(data: bytes) -> tuple[str, str] | None:
    """A PDF's or web page's content digest as recorded in it, and as its bytes give it now;
    None for a file that carries none."""
    at = _seal_at(data)
    if at is None:
        return None
    recorded = data[at:at + len(SEAL)].decode()
    digest = hashlib.sha256(data[:at] + SEAL.encode() + data[at + len(SEAL):]).hexdigest()
    return recorded, digest


def _seal_at(data: bytes) -> int | None:
    for pattern in _SEALS:
        found = pattern.search(data)
        if found:
            return found.start(1)
    return None


def html_fields(meta: Meta, stamp: Stamp) -> list[tuple[str, str]]:
    """The same fields as the web page's <meta name="notedeck-..."> elements."""
    return [(HTML_NAMES[name], value) for name, value in fields(meta, stamp).items()]


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


def part_digests(parts) -> dict[str, str]:
    """Each (name, bytes) part's SHA-256 but docProps/custom.xml's; a part's bytes may come
    as chunks."""
    found = {}
    for name, data in parts:
        if name == CUSTOM_PART:
            continue
        inner = hashlib.sha256()
        for chunk in ([data] if isinstance(data, bytes) else data):
            inner.update(chunk)
        found[name] = inner.hexdigest()
    return found


def package_digest(digests: dict[str, str]) -> str:
    """The content digest of a deck: its parts' digests (part_digests), by name in order."""
    outer = hashlib.sha256()
    for name in sorted(digests):
        outer.update(name.encode() + b"\0" + bytes.fromhex(digests[name]))
    return outer.hexdigest()


def pack_parts(digests: dict[str, str]) -> str:
    """The parts' digests, shortened, as a deck carries them to say which part changed."""
    return pack_figures({name: digest[:PART_DIGITS] for name, digest in sorted(digests.items())})


def stamp_pdf(canvas, meta: Meta, stamp: Stamp) -> None:
    """Add the fields to a reportlab canvas's document information."""
    entries = fields(meta, stamp)
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


CUSTOM_PART = "docProps/custom.xml"
CUSTOM_XML = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
              '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/'
              'custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/'
              '2006/docPropsVTypes">{props}</Properties>')
CUSTOM_PROP = ('<property fmtid="{{D5CDD505-2E9C-101B-9397-08002B2CF9AE}}" pid="{pid}" '
               'name="{name}"><vt:lpwstr>{value}</vt:lpwstr></property>')


def custom_xml(meta: Meta, stamp: Stamp) -> bytes | None:
    """docProps/custom.xml holding the fields, or None without a build id; its content digest
    is filled in once the deck's parts are final (`seal_custom`)."""
    from xml.sax.saxutils import escape

    entries = fields(meta, stamp)
    if not entries:
        return None
    props = "".join(CUSTOM_PROP.format(pid=n, name=name, value=escape(value))
                    for n, (name, value) in enumerate(entries.items(), start=2))
    return CUSTOM_XML.format(props=props).encode()


def seal_custom(custom: bytes, parts) -> bytes:
    """docProps/custom.xml with the content digest of the deck's final (name, bytes) parts,
    and each part's, shortened."""
    digests = part_digests(parts)
    sealed_xml = custom.replace(SEAL.encode(), package_digest(digests).encode(), 1)
    pid = sealed_xml.count(b"<property ") + 2
    extra = CUSTOM_PROP.format(pid=pid, name=KEYS["parts"], value=pack_parts(digests))
    return sealed_xml.replace(b"</Properties>", extra.encode() + b"</Properties>", 1)
