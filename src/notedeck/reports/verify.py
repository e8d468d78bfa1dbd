"""Which build is this? `notedeck verify` reads a file's build id back (buildid.py makes it).

The id hashes what the note says once composed (the Deck, which holds every
text and figure a renderer shows), the template's bytes, the audience and
notedeck's version: the same content gives the same id on any machine, and
an edit that changes nothing shown (a YAML comment) keeps it. Every output
carries the id in small print and, with the audience and every figure, in
its metadata, so `verify` can say what changed since a file was made.
"""

from __future__ import annotations

import io
import os
import re
import stat
import struct
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

from notedeck.deck import Deck
from notedeck.errors import visible
from notedeck.slugs import is_slug
from notedeck.render.provenance import KEYS, unpack_figures

MAX_FILE = 300 * 1024 * 1024        # bytes: a file to verify is read whole, so bound it
MAX_CUSTOM = 4 * 1024 * 1024        # bytes: a deck's custom properties, unpacked
BUILD = re.compile(r"[0-9a-f]{10}")            # buildid.ID_LENGTH hex digits


@dataclass(frozen=True)
class Stamped:
    """What a file says about the build that made it."""

    build: str
    audience: str
    figures: dict[str, str]
    version: str = ""


def read_stamp(path: Path) -> Stamped | None:
    """The build id and the rest from a notedeck PDF or deck; None if the file has none."""
    data = _bounded(path)
    if data[:5] == b"%PDF-":
        fields = {k: _pdf_field(data, name) for k, name in KEYS.items()}
    elif data[:2] == b"PK":
        fields = _pptx_fields(data)
    else:
        return None
    if not BUILD.fullmatch(fields.get("build") or "") or (fields.get("variant") and
                                                          not is_slug(fields["variant"])):
        return None
    return Stamped(fields["build"], fields.get("variant") or "",
                   unpack_figures(fields.get("figures") or ""), fields.get("version") or "")


def _bounded(path: Path) -> bytes:
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


@dataclass(frozen=True)
class Verdict:
    """What `notedeck verify` says of one file; `status` picks the exit code."""

    file: Path
    status: str                  # "current" | "changed" | "other-audience" | "foreign" | "unknown"
    lines: tuple[str, ...]


EXIT = {"current": 0, "changed": 1, "other-audience": 1, "foreign": 2, "unknown": 2}


def verdict(path: Path, options, audience: str | None = None) -> Verdict:
    """`verify`, with a file that cannot be read, or a fault of notedeck's own while reading
    it, said as "cannot tell" (exit status 2), never as "not current" (1)."""
    from dataclasses import replace

    from notedeck.errors import NotedeckError

    try:
        said = verify(path, options, audience)     # one line each, whatever the file holds:
        return replace(said, lines=tuple(visible(line) for line in said.lines))
    except NotedeckError as exc:
        return Verdict(path, "unknown", tuple(p.report() for p in exc.problems))
    except Exception as exc:  # noqa: BLE001 - a bug must not read as a verdict
        cause = (str(exc).strip().splitlines() or [""])[0][:200]
        return Verdict(path, "unknown", (f"{path}: cannot tell whether it is current: "
                                         f"notedeck: internal error, sorry: "
                                         f"{type(exc).__name__}: {cause}",))


def verify(path: Path, options, audience: str | None = None) -> Verdict:
    """Compare the build id in `path` with what the content builds now for the file's
    audience (or, given, `audience`)."""
    from notedeck.errors import NotedeckError, fail

    if not Path(path).exists():
        raise fail(path, "no such file; expected a deck.pptx or a PDF that notedeck wrote")
    found = read_stamp(path)
    if found is None:
        return Verdict(path, "foreign", (f"{path}: not made by notedeck: it carries no "
                                         "notedeck build id",))
    label = _who(found.audience)
    if audience is not None and audience != found.audience:
        return Verdict(path, "other-audience", (
            f"{path}: belongs to {label}, not to {_who(audience)} (build {found.build})",))
    try:
        now = current(options, found.audience or None)
    except NotedeckError as exc:
        problem = exc.problems[0].message if exc.problems else str(exc)
        return Verdict(path, "changed", (f"{path}: built for {label} (build {found.build}); "
                                         f"the content cannot build it now: {problem}",))
    if now.meta.build == found.build:
        return Verdict(path, "current", (f"{path}: current (build {found.build}, {label})",))
    figures = dict(now.meta.figures)
    changed = [f"  {name}: {found.figures.get(name, '(none)')} -> {figures.get(name, '(none)')}"
               for name in sorted(set(found.figures) | set(figures))
               if found.figures.get(name) != figures.get(name)]
    head = (f"{path}: not current: made as build {found.build} for {label}; the content now "
            f"builds {now.meta.build}")
    if not changed:
        tail = ["  no figure changed: the wording, the template or notedeck's version did"]
    else:
        tail = [f"  {len(changed)} figure(s) changed:", *changed]
    return Verdict(path, "changed", (head, *tail))


def current(options, audience: str | None) -> Deck:
    """The stamped Deck the content builds now for `audience`."""
    from dataclasses import replace as copy

    from notedeck.build.stages import prepare

    return prepare(copy(options, audience=audience, strict=False)).deck


def _who(audience: str) -> str:
    return f"audience {audience!r}" if audience else "the note without an audience"

