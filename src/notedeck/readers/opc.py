"""An Office package (a zip of XML parts) read without trusting it: bounded before inflating, XML without DTDs."""

from __future__ import annotations

import io
import posixpath
import re
import struct
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from notedeck.errors import fail

MAX_MEMBERS = 1_000                 # entries in the zip (a large corporate template has ~300)
MAX_DIRECTORY_BYTES = 1_000_000     # the central directory itself, read before anything else
MAX_XML_BYTES = 5_000_000           # one XML part, inflated
MAX_PART_BYTES = 25_000_000         # one picture or font, inflated
MAX_XML_TOTAL = 10_000_000          # every XML part together, inflated
MAX_TOTAL_BYTES = 50_000_000        # every part together, inflated
MAX_RATIO = 100                     # inflated / compressed, for parts over RATIO_FROM bytes
RATIO_FROM = 1_000_000
MAX_DEPTH = 100                     # XML elements inside one another
MAX_NAME = 260

RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
TYPES = "http://schemas.openxmlformats.org/package/2006/content-types"
_EOCD = b"PK\x05\x06"
_ZIP64_LOCATOR = b"PK\x06\x07"
_BAD_NAME = re.compile(r"[\x00-\x1f\x7f\\:*?\"<>|]|^/|//|(^|/)\.{1,2}(/|$)")
_ENCODING = re.compile(rb"^<\?xml[^>]*encoding=[\"']([A-Za-z0-9._-]+)[\"']")


@dataclass(frozen=True)
class Rel:
    """One relationship: its id and type, and the part it leads to (or the outside address)."""

    id: str
    type: str
    target: str                     # a part name inside the package, or the raw external target
    ref: str                        # the target as written
    external: bool = False


class Package:
    """The zip's central directory checked on opening; parts inflated one at a time, capped."""

    def __init__(self, data: bytes, where: Path | str):
        self.where = where
        _check_end_record(data, where)
        try:
            self._zip = zipfile.ZipFile(io.BytesIO(data))
            infos = self._zip.infolist()
        except (zipfile.BadZipFile, ValueError, EOFError, struct.error, UnicodeDecodeError):
            raise fail(where, "expected a PowerPoint file (a zip package); this file is not a "
                              "readable zip") from None
        self._infos = self._check_members(infos)
        self.inflated = 0

    def __contains__(self, name: str) -> bool:
        return name.casefold() in self._infos

    def read(self, name: str) -> bytes:
        """A part's bytes, inflated with a running cap at the size the directory declared."""
        info = self._infos[name.casefold()]
        chunks, total = [], 0
        try:
            with self._zip.open(info) as stream:
                while chunk := stream.read(1 << 20):
                    total += len(chunk)
                    if total > info.file_size:
                        raise fail(self.where, f"part {name} inflates past the size its zip "
                                               "directory declares; the file is damaged or forged")
                    chunks.append(chunk)
        except (zipfile.BadZipFile, zlib.error, EOFError, ValueError, OSError) as exc:
            raise fail(self.where, f"part {name} is damaged and cannot be read "
                                   f"({_short(exc)})") from None
        self.inflated += total
        return b"".join(chunks)

    def _check_members(self, infos: list[zipfile.ZipInfo]) -> dict[str, zipfile.ZipInfo]:
        if len(infos) > MAX_MEMBERS:
            raise self._too_many(len(infos))
        found: dict[str, zipfile.ZipInfo] = {}
        total = xml = 0
        for info in infos:
            if info.is_dir() and info.file_size == 0:
                continue
            key = _check_name(info.filename, self.where)
            if key in found:
                raise fail(self.where, f"the zip holds two parts named {info.filename!r}; a "
                                       "package names each part once")
            _check_sizes(info, self.where)
            total += info.file_size
            xml += info.file_size if is_xml_name(info.filename) else 0
            for size, limit, what in ((total, MAX_TOTAL_BYTES, "the parts"),
                                      (xml, MAX_XML_TOTAL, "the XML parts")):
                if size > limit:
                    raise fail(self.where, f"{what} would inflate to more than {limit:,} bytes "
                                           "together; a template is far smaller (is it a zip bomb?)")
            found[key] = info
        return found

    def _too_many(self, count: int):
        return fail(self.where, f"the zip holds {count:,} entries; a template has at most "
                                f"{MAX_MEMBERS:,}")


def _check_end_record(data: bytes, where) -> None:
    """Count and size of the central directory, from its end record, before zipfile reads it."""
    at = data.rfind(_EOCD, max(0, len(data) - 22 - 65535))
    if at < 0 or len(data) < at + 22:
        raise fail(where, "expected a PowerPoint file (a zip package); this file is not a zip")
    disk, first_disk, here, count, size, _offset, _comment = struct.unpack(
        "<4H2LH", data[at + 4:at + 22])
    if _ZIP64_LOCATOR in data[max(0, at - 20):at] or 0xFFFF in (here, count):
        raise fail(where, "the zip is in ZIP64 form, for archives far larger than a template")
    if disk or first_disk or here != count:
        raise fail(where, "the zip is split across several files; expected one file")
    if count > MAX_MEMBERS:
        raise fail(where, f"the zip holds {count:,} entries; a template has at most "
                          f"{MAX_MEMBERS:,}")
    if size > MAX_DIRECTORY_BYTES:
        raise fail(where, f"the zip's directory is {size:,} bytes long; a template's is under "
                          f"{MAX_DIRECTORY_BYTES:,}")


def _check_name(name: str, where) -> str:
    if not name or len(name) > MAX_NAME or _BAD_NAME.search(name):
        raise fail(where, f"the zip holds an entry with an unusable name ({name[:80]!r}); "
                          "part names are plain relative paths")
    return name.casefold()


def _check_sizes(info: zipfile.ZipInfo, where) -> None:
    name = info.filename
    if info.flag_bits & 0x1:
        raise fail(where, f"part {name} is encrypted; expected an unprotected template")
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        raise fail(where, f"part {name} is compressed with method {info.compress_type}; "
                          "expected stored or deflated parts, as PowerPoint writes them")
    limit = MAX_XML_BYTES if is_xml_name(name) else MAX_PART_BYTES
    if info.file_size > limit:
        raise fail(where, f"part {name} would inflate to {info.file_size:,} bytes; at most "
                          f"{limit:,} for {'an XML part' if limit == MAX_XML_BYTES else 'a part'}")
    if info.file_size > RATIO_FROM and info.file_size > MAX_RATIO * max(info.compress_size, 1):
        raise fail(where, f"part {name} would inflate {info.file_size // max(info.compress_size, 1):,} "
                          f"times ({info.compress_size:,} to {info.file_size:,} bytes); at most "
                          f"{MAX_RATIO} times (is it a zip bomb?)")


def is_xml_name(name: str) -> bool:
    return name.lower().endswith((".xml", ".rels"))


def _short(exc: BaseException) -> str:
    return str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__


# --- XML ------------------------------------------------------------------------------

def parse_xml(data: bytes, part: str, where):
    """A part's XML tree: UTF-8, no DOCTYPE or entities, nesting bounded; else a refusal."""
    if len(data) > MAX_XML_BYTES:
        raise fail(where, f"part {part} is {len(data):,} bytes of XML; at most {MAX_XML_BYTES:,}")
    declared = _ENCODING.match(data[:200])
    if data[:2] in (b"\xff\xfe", b"\xfe\xff") or (
            declared and declared.group(1).lower().replace(b"_", b"-") not in (b"utf-8", b"utf8")):
        raise fail(where, f"part {part} is not UTF-8 XML; expected UTF-8, as PowerPoint writes")
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        raise fail(where, f"part {part} declares a document type or entities (<!DOCTYPE>); "
                          "a template's XML has none, and notedeck refuses them")
    root = _parse(data, part, where)
    info = root.getroottree().docinfo
    if info.doctype or info.internalDTD is not None or next(root.iter(etree.Entity), None) is not None:
        raise fail(where, f"part {part} uses a document type or entities; notedeck refuses them")
    return root


def _parse(data: bytes, part: str, where):
    depth = 0
    try:
        events = etree.iterparse(io.BytesIO(data), events=("start", "end"), resolve_entities=False,
                                 no_network=True, load_dtd=False, dtd_validation=False,
                                 huge_tree=False, remove_blank_text=False)
        for event, _element in events:
            depth += 1 if event == "start" else -1
            if depth > MAX_DEPTH:
                raise fail(where, f"part {part} nests XML elements more than {MAX_DEPTH} deep")
        return events.root
    except etree.XMLSyntaxError as exc:
        line = f"line {exc.lineno}: " if exc.lineno else ""
        raise fail(where, f"part {part} is not well-formed XML ({line}{_short(exc)})") from None


def serialize(root) -> bytes:
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


# --- relationships and content types ---------------------------------------------------

def rels_name(part: str) -> str:
    """'ppt/presentation.xml' -> 'ppt/_rels/presentation.xml.rels'; '' (the package) -> '_rels/.rels'."""
    folder, name = posixpath.split(part)
    return posixpath.join(folder, "_rels", f"{name}.rels")


def read_rels(package: Package, part: str) -> list[Rel]:
    """The relationships of a part (or of the package, for ''), in the order written."""
    name = rels_name(part)
    if name not in package:
        return []
    root = parse_xml(package.read(name), name, package.where)
    if root.tag != f"{{{RELS}}}Relationships":
        raise fail(package.where, f"part {name} is not a relationships part")
    rels, seen = [], set()
    for element in root.iter(f"{{{RELS}}}Relationship"):
        rel_id, rel_type = element.get("Id", ""), element.get("Type", "")
        ref = element.get("Target", "")
        if not rel_id or rel_id in seen:
            raise fail(package.where, f"part {name} names relationship {rel_id!r} twice or "
                                      "not at all")
        seen.add(rel_id)
        external = element.get("TargetMode", "Internal") != "Internal"
        rels.append(Rel(rel_id, rel_type, ref if external else resolve(part, ref), ref, external))
    return rels


def resolve(source: str, ref: str) -> str:
    """A relative target resolved against its source part; '' when it leads out of the package."""
    ref = ref.split("#", 1)[0]
    joined = ref if ref.startswith("/") else posixpath.join("/", posixpath.dirname(source), ref)
    name = posixpath.normpath(joined).lstrip("/")
    return "" if not ref or name.startswith("..") or name in ("", ".") else name


def _open_document(package: Package) -> bool:
    """Whether the zip is an OpenDocument file: its `mimetype` entry says so."""
    if "mimetype" not in package:
        return False
    try:
        return package.read("mimetype")[:64].startswith(b"application/vnd.oasis.opendocument")
    except Exception:       # an entry that cannot be read: not a reason to say more
        return False


def content_types(package: Package) -> tuple[dict[str, str], dict[str, str]]:
    """(extension -> type, part name -> type), both keyed in lower case."""
    name = "[Content_Types].xml"
    if name not in package:
        if _open_document(package):
            raise fail(package.where, "expected a PowerPoint file; this is an OpenDocument "
                                      "file (a LibreOffice Impress .otp or .odp): convert it "
                                      "with `soffice --headless --convert-to pptx FILE` and use "
                                      "the .pptx it writes")
        raise fail(package.where, "expected a PowerPoint file; the zip has no "
                                  "[Content_Types].xml, so it is not an Office package")
    root = parse_xml(package.read(name), name, package.where)
    defaults = {e.get("Extension", "").lower(): e.get("ContentType", "")
                for e in root.iter(f"{{{TYPES}}}Default")}
    overrides = {e.get("PartName", "").lstrip("/").casefold(): e.get("ContentType", "")
                 for e in root.iter(f"{{{TYPES}}}Override")}
    return defaults, overrides
