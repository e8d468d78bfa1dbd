"""Only what a template needs, carried into a fresh package: masters, layouts, themes, their pictures and fonts."""

from __future__ import annotations

import io
import posixpath
import zipfile
from collections import deque
from dataclasses import dataclass, field

from notedeck.readers import opc
from notedeck.readers.opc import Package, Rel

R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
PKG_R = "http://schemas.openxmlformats.org/package/2006/relationships/"
PML = "application/vnd.openxmlformats-officedocument.presentationml."
PRESENTATION = PML + "presentation.main+xml"
MAIN_TYPES = {PRESENTATION, PML + "template.main+xml", PML + "slideshow.main+xml",
              "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml",
              "application/vnd.ms-powerpoint.template.macroEnabled.main+xml",
              "application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml"}
# Raster and metafile pictures, each known by its first bytes; SVG is left out (its PNG
# fallback, which PowerPoint always stores, is kept).
IMAGES = {"image/png": (b"\x89PNG",), "image/jpeg": (b"\xff\xd8",), "image/gif": (b"GIF8",),
          "image/bmp": (b"BM",), "image/tiff": (b"II*\x00", b"MM\x00*"),
          "image/x-emf": (b"\x01\x00\x00\x00",), "image/x-wmf": (b"\xd7\xcd\xc6\x9a", b"\x01\x00\t\x00",
                                                                b"\x02\x00\t\x00")}
FONTS = {"application/x-fontdata", "application/x-font-ttf",
         "application/vnd.openxmlformats-officedocument.obfuscatedFont"}
KINDS = {**{t: "presentation" for t in MAIN_TYPES},
         PML + "slideMaster+xml": "slideMaster", PML + "slideLayout+xml": "slideLayout",
         PML + "notesMaster+xml": "notesMaster", PML + "presProps+xml": "presProps",
         PML + "viewProps+xml": "viewProps", PML + "tableStyles+xml": "tableStyles",
         "application/vnd.openxmlformats-officedocument.theme+xml": "theme",
         "application/vnd.openxmlformats-package.core-properties+xml": "core",
         "application/vnd.openxmlformats-officedocument.extended-properties+xml": "app",
         **{t: "image" for t in IMAGES}, **{t: "font" for t in FONTS}}
BINARY = {"image", "font"}
# Which relationships a part of each kind may keep: relationship type -> kind of its target.
ALLOWED: dict[str, dict[str, str]] = {
    "package": {R + "officeDocument": "presentation", PKG_R + "metadata/core-properties": "core",
                R + "extended-properties": "app"},
    "presentation": {R + "slideMaster": "slideMaster", R + "theme": "theme",
                     R + "presProps": "presProps", R + "viewProps": "viewProps",
                     R + "tableStyles": "tableStyles", R + "notesMaster": "notesMaster",
                     R + "font": "font"},
    "slideMaster": {R + "slideLayout": "slideLayout", R + "theme": "theme", R + "image": "image"},
    "slideLayout": {R + "slideMaster": "slideMaster", R + "image": "image"},
    "notesMaster": {R + "theme": "theme", R + "image": "image"},
    "theme": {R + "image": "image"},
}
# What a dropped relationship was, when the user should hear of it.
# (by the last word of the relationship type)
HOSTILE = {"vbaProject": "macros", "control": "ActiveX controls",
           "activeXControlBinary": "ActiveX controls", "oleObject": "embedded objects",
           "package": "embedded objects"}
OUTSIDE_LINKS = "links to outside addresses"
# Everything a template may lose on the way into a deck, as its warning names it (and as
# template.yaml's `left_out:` accepts it).
LEFT_OUT = (OUTSIDE_LINKS, *dict.fromkeys(HOSTILE.values()))


@dataclass
class Part:
    name: str
    kind: str
    content_type: str
    data: bytes
    rels: list[Rel] = field(default_factory=list)
    root: object = None             # the parsed XML, for XML parts


@dataclass
class Walk:
    """The parts kept, in the order they were reached, and what was left out."""

    parts: dict[str, Part] = field(default_factory=dict)
    package_rels: list[Rel] = field(default_factory=list)
    left_out: dict[str, list[str]] = field(default_factory=dict)   # what -> examples

    def leave_out(self, what: str, example: str = "") -> None:
        self.left_out.setdefault(what, [])
        if example:
            self.left_out[what].append(example)


def walk(package: Package) -> Walk:
    """Every part reachable from the package's relationships through ALLOWED, parsed and checked."""
    defaults, overrides = opc.content_types(package)
    found = Walk()
    queue: deque[tuple[str, str]] = deque([("", "package")])
    while queue:
        source, kind = queue.popleft()
        kept = []
        for rel in opc.read_rels(package, source):
            target_kind = _allowed(package, found, kind, rel, defaults, overrides)
            if target_kind is None:
                continue
            if rel.target.casefold() not in found.parts:
                part = _part(package, rel.target, target_kind,
                             _type(rel.target, defaults, overrides))
                if part is None:
                    continue
                found.parts[rel.target.casefold()] = part
                if target_kind in ALLOWED:
                    queue.append((rel.target, target_kind))
            kept.append(rel)
        if source:
            found.parts[source.casefold()].rels = kept
        else:
            found.package_rels = kept
    return found


def _allowed(package, found: Walk, kind: str, rel: Rel, defaults, overrides) -> str | None:
    """The kind of part a relationship may lead to, or None when it is left out."""
    if rel.external:
        found.leave_out(OUTSIDE_LINKS, rel.target)
        return None
    if rel.type.rsplit("/", 1)[-1] in HOSTILE:
        found.leave_out(HOSTILE[rel.type.rsplit("/", 1)[-1]])
    wanted = ALLOWED[kind].get(rel.type)
    if wanted is None or not rel.target or rel.target not in package:
        return None
    content_type = _type(rel.target, defaults, overrides)
    if KINDS.get(content_type) != wanted:
        return None
    if content_type in MAIN_TYPES and content_type != PRESENTATION and "macroEnabled" in content_type:
        found.leave_out("macros")
    return wanted


def _type(name: str, defaults: dict[str, str], overrides: dict[str, str]) -> str:
    if name.casefold() in overrides:
        return overrides[name.casefold()]
    return defaults.get(name.rsplit(".", 1)[-1].lower() if "." in name else "", "")


def _part(package: Package, name: str, kind: str, content_type: str) -> Part | None:
    """The part read and checked; None for a picture whose bytes are not what its type says."""
    data = package.read(name)
    if kind == "image" and not data.startswith(IMAGES[content_type]):
        return None
    if kind == "font" and not _font(data, content_type):
        return None
    root = None if kind in BINARY else opc.parse_xml(data, name, package.where)
    if kind == "presentation":
        content_type = PRESENTATION          # a .potx or .pptm becomes a plain presentation
    return Part(name, kind, content_type, data, root=root)


FONT_MAGIC = (b"\x00\x01\x00\x00", b"OTTO", b"true", b"ttcf")


def _font(data: bytes, content_type: str) -> bool:
    """A font whose bytes are a TrueType or OpenType font, or an Embedded OpenType wrapping one
    uncompressed (Google Slides embeds compressed ones, which no reader here can check); an
    obfuscated font is kept (its key is in the presentation)."""
    if content_type.endswith("obfuscatedFont") or data.startswith(FONT_MAGIC):
        return True
    if len(data) < 8:
        return False
    total, size = int.from_bytes(data[0:4], "little"), int.from_bytes(data[4:8], "little")
    start = total - size
    return 8 <= start < len(data) and total <= len(data) and data[start:].startswith(FONT_MAGIC)


# --- the new package -----------------------------------------------------------------

def pack(found: Walk) -> bytes:
    """A fresh zip: the content types, the package's relationships, then each part and its own."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        _write(archive, "[Content_Types].xml", _types_xml(found))
        _write(archive, "_rels/.rels", _rels_xml(found.package_rels, "", found))
        for part in found.parts.values():
            _write(archive, part.name, part.data)
            if part.rels:
                _write(archive, opc.rels_name(part.name), _rels_xml(part.rels, part.name, found))
    return buffer.getvalue()


def _write(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, data, compresslevel=1)    # read back at once: fast beats small


def _types_xml(found: Walk) -> bytes:
    from lxml import etree

    root = etree.Element(f"{{{opc.TYPES}}}Types", nsmap={None: opc.TYPES})
    for extension, content_type in (("rels", "application/vnd.openxmlformats-package."
                                              "relationships+xml"), ("xml", "application/xml")):
        etree.SubElement(root, f"{{{opc.TYPES}}}Default", Extension=extension,
                         ContentType=content_type)
    for part in found.parts.values():
        etree.SubElement(root, f"{{{opc.TYPES}}}Override", PartName="/" + part.name,
                         ContentType=part.content_type)
    return opc.serialize(root)


def _rels_xml(rels: list[Rel], source: str, found: Walk) -> bytes:
    """Each relationship pointing, by a plain relative path, at the part as it is named here."""
    from lxml import etree

    root = etree.Element(f"{{{opc.RELS}}}Relationships", nsmap={None: opc.RELS})
    folder = "/" + posixpath.dirname(source)
    for rel in rels:
        target = found.parts[rel.target.casefold()].name
        etree.SubElement(root, f"{{{opc.RELS}}}Relationship", Id=rel.id, Type=rel.type,
                         Target=posixpath.relpath("/" + target, folder))
    return opc.serialize(root)
