"""What a file notedeck wrote says about its build: the build id, audience and figures, read back.

Decks carry them as custom properties, PDFs in their document information
(render/provenance.py writes both), the web page in <meta name="notedeck-...">
elements and deck.json in its meta (render/dump.py). An output that shows part of
the note (the worksheet) also carries that part's id and its output's name, and
every one but deck.json a digest of its own content (render/provenance.py), which
`intact` checks.
Every file is read as input: a regular file, bounded, its XML parsed without
entities, a deck's parts unpacked only up to a bound.
"""

from __future__ import annotations

import io
import json
import os
import re
import stat
import struct
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

from notedeck.render.provenance import (HTML_NAMES, KEYS, PART_DIGITS, package_digest,
                                        part_digests, sealed, unpack_figures)
from notedeck.slugs import is_slug

MAX_FILE = 300 * 1024 * 1024        # bytes: a file to verify is read whole, so bound it
MAX_CUSTOM = 4 * 1024 * 1024        # bytes: a deck's custom properties, unpacked
MAX_UNPACKED = 1024 * 1024 * 1024   # bytes: a deck's parts, unpacked to check its content digest
BUILD = re.compile(r"[0-9a-f]{10}")            # buildid.ID_LENGTH hex digits
_HTML = re.compile(rb'<meta name="notedeck-build" content="([0-9a-f]{10})">')
OUTPUT = re.compile(r"[a-z][a-z0-9]{0,19}")    # a registry name: "worksheet"
_DIGEST = re.compile(r"[0-9a-f]{64}")
HEAD = 4 * 1024 * 1024                          # bytes of a web page searched for its <meta>
_META = re.compile(rb'<meta name="(notedeck-[a-z]+)" content="([A-Za-z0-9+/=._-]*)">')


@dataclass(frozen=True)
class Stamped:
    """What a file says about the build that made it."""

    build: str
    audience: str
    figures: dict[str, str]
    version: str = ""
    shown: str = ""              # the id of the part it shows ("": it shows the whole note)
    output: str = ""             # which output it is, when it shows a part ("worksheet")
    content: str = ""            # the digest of its own content ("": made before they were)
    note: str = ""               # which note it came from (provenance.note_id; "": not said)


def read_stamp(path: Path) -> Stamped | None:
    """The build id and the rest from a notedeck PDF, deck or web page; None if the file has
    none."""
    return stamp_of(bounded(path))


def stamp_of(data: bytes) -> Stamped | None:
    """The stamp in a file's bytes (read_stamp); None if they carry none."""
    if data[:5] == b"%PDF-":
        fields = {k: _pdf_field(data, name) for k, name in KEYS.items()}
    elif data[:2] == b"PK":
        fields = _pptx_fields(data)
    elif _json(data):
        return _json_stamp(data)
    else:
        fields = _html_fields(data)
    if not BUILD.fullmatch(fields.get("build") or "") or (fields.get("variant") and
                                                          not is_slug(fields["variant"])):
        return None
    shown, output = fields.get("shown") or "", fields.get("output") or ""
    if not (BUILD.fullmatch(shown) and OUTPUT.fullmatch(output)):
        shown, output = "", ""
    content = fields.get("content") or ""
    return Stamped(fields["build"], fields.get("variant") or "",
                   unpack_figures(fields.get("figures") or ""), fields.get("version") or "",
                   shown, output, content if _DIGEST.fullmatch(content) else "",
                   note if BUILD.fullmatch(note := fields.get("note") or "") else "")


def intact(path: Path, stamped: Stamped) -> bool | None:
    """Whether the file's content is what the digest in its stamp says it was made as; None
    when the stamp carries no digest (an older notedeck's file)."""
    return intact_data(bounded(path), stamped)


def intact_data(data: bytes, stamped: Stamped) -> bool | None:
    """`intact`, of a file's bytes."""
    if not stamped.content:
        return None
    if data[:2] == b"PK":
        digests = _package_parts(data)
        return digests is not None and package_digest(digests) == stamped.content
    found = sealed(data)
    return found is not None and found[1] == stamped.content


def changed_parts(path: Path) -> tuple[str, ...]:
    """The parts of a deck whose content differs from the digests it carries (added and
    removed ones too); () for any other file, or a deck that carries none."""
    data = bounded(path)
    if data[:2] != b"PK":
        return ()
    recorded = unpack_figures(_pptx_fields(data).get("parts") or "")
    now = {name: digest[:PART_DIGITS] for name, digest in (_package_parts(data) or {}).items()}
    if not recorded or not now:
        return ()
    return tuple(sorted(name for name in {*recorded, *now} if recorded.get(name) != now.get(name)))


def _package_parts(data: bytes) -> dict[str, str] | None:
    """Each part's digest as a deck's bytes give it now (None for a package that cannot be
    unpacked within the bounds)."""
    if not _directory_ok(data):
        return None
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            infos = archive.infolist()
            if sum(info.file_size for info in infos) > MAX_UNPACKED:
                return None
            return part_digests([(info.filename, _unpacked(archive, info)) for info in infos])
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError,
            RuntimeError, NotImplementedError, struct.error, zlib.error):
        return None


def _unpacked(archive: zipfile.ZipFile, info: zipfile.ZipInfo):
    """A part's bytes in chunks, never more than its declared size (a zip may lie)."""
    left = info.file_size
    with archive.open(info) as part:
        while chunk := part.read(min(1 << 20, left + 1)):
            left -= len(chunk)
            if left < 0:
                raise ValueError("a part is larger than its declared size")
            yield chunk


def _html_fields(data: bytes) -> dict[str, str]:
    """A web page's <meta name="notedeck-..."> elements, looked for in its head only."""
    head = data[:HEAD].split(b"</head>", 1)[0]
    found = {name.decode(): value.decode() for name, value in _META.findall(head)}
    return {key: found.get(HTML_NAMES[name], "") for key, name in KEYS.items()}


def _json(data: bytes) -> bool:
    return data[:64].lstrip()[:1] == b"{"


def _json_stamp(data: bytes) -> Stamped | None:
    """deck.json's stamp, from its meta (render/dump.py): the build id, audience and figures;
    it carries no digest of its content, so the manifest's bytes alone vouch for it."""
    try:
        meta = json.loads(data).get("meta")
    except (ValueError, AttributeError, RecursionError):
        return None
    if not isinstance(meta, dict):
        return None
    build, variant, figures = meta.get("build"), meta.get("variant") or "", meta.get("figures")
    if not (isinstance(build, str) and BUILD.fullmatch(build)) or not isinstance(variant, str) \
            or (variant and not is_slug(variant)):
        return None
    pairs = figures if isinstance(figures, list) else []
    return Stamped(build, variant, {str(pair[0]): str(pair[1]) for pair in pairs
                                    if isinstance(pair, list) and len(pair) == 2
                                    and all(isinstance(v, (str, int, float)) for v in pair)})


def build_of(path: Path) -> str | None:
    """The notedeck build id any output carries (deck, PDF, web page, deck.json), or None."""
    from notedeck.errors import NotedeckError

    try:
        data = bounded(path)
    except NotedeckError:
        return None
    if data[:5] == b"%PDF-" or data[:2] == b"PK" or _json(data):
        found = stamp_of(data)
        return found.build if found else None
    match = _HTML.search(data[:65536])
    return match.group(1).decode() if match else None


def bounded(path: Path) -> bytes:
    """The bytes of a regular file of at most MAX_FILE bytes (not a pipe, device or link to
    one: opened without blocking, checked, then read); NotedeckError otherwise."""
    from notedeck.errors import fail

    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise fail(path, f"cannot read it ({exc.strerror or exc})") from None
    try:
        info = os.fstat(handle)              # before fdopen, which refuses a folder itself
        if stat.S_ISDIR(info.st_mode):
            raise fail(path, "a folder, not a file; expected a deck.pptx or a PDF that "
                             "notedeck wrote")
        if not stat.S_ISREG(info.st_mode):
            raise fail(path, "not a file; expected a deck.pptx or a PDF that notedeck wrote")
        if info.st_size > MAX_FILE:
            raise fail(path, f"{info.st_size:,} bytes is more than any deck or PDF notedeck "
                             f"writes (at most {MAX_FILE:,} are read)")
        with os.fdopen(handle, "rb", closefd=False) as file:
            return file.read(MAX_FILE + 1)[:MAX_FILE]
    except OSError as exc:
        raise fail(path, f"cannot read it ({exc.strerror or exc})") from None
    finally:
        os.close(handle)


def _pdf_field(data: bytes, name: str) -> str:
    match = re.search(rb"/" + name.encode() + rb"\s*\(([A-Za-z0-9+/=._-]*)\)", data)
    return match.group(1).decode() if match else ""


MAX_ENTRIES = 50_000                # a deck of 1,000 slides has a few thousand parts


def _directory_ok(data: bytes) -> bool:
    """Whether the zip's end record declares a directory of a size a deck has, read before
    zipfile builds an object per entry (millions, in a 300 MB file of empty entries)."""
    at = data.rfind(b"PK\x05\x06", max(0, len(data) - 22 - 65535))
    if at < 0 or len(data) < at + 22:
        return False
    count, size = struct.unpack("<HL", data[at + 10:at + 16])
    return count != 0xFFFF and count <= MAX_ENTRIES and size <= 64 * MAX_ENTRIES * 10


def _pptx_fields(data: bytes) -> dict[str, str]:
    from lxml import etree

    if not _directory_ok(data):
        return {}
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            info = archive.getinfo("docProps/custom.xml")
            if info.flag_bits & 0x1 or info.compress_type not in (zipfile.ZIP_STORED,
                                                                  zipfile.ZIP_DEFLATED):
                return {}                         # encrypted, or packed as notedeck never packs
            with archive.open(info) as part:
                xml = part.read(MAX_CUSTOM + 1)   # read, not trusted: a zip may lie about sizes
        if len(xml) > MAX_CUSTOM:
            return {}
        root = etree.fromstring(xml, etree.XMLParser(resolve_entities=False, no_network=True,
                                                     load_dtd=False, huge_tree=False))
    except (KeyError, zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError,
            RuntimeError, NotImplementedError, struct.error, UnicodeError, zlib.error,
            etree.XMLSyntaxError):
        return {}
    if root.getroottree().docinfo.doctype:
        return {}                                 # notedeck writes no document type
    values = {prop.get("name"): "".join(prop.itertext())     # comments and PIs skipped
              for prop in root.iterchildren(tag=etree.Element)}
    return {k: values.get(name, "") for k, name in KEYS.items()}
