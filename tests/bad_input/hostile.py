"""Hostile templates, made from the bundled default.pptx with zipfile: bombs, macros, beacons, odd sizes.

Shared by the bad-input cases, the template tests and benchmarks/hostile_templates.py; each
builder returns the bytes of a template file (nothing here imports notedeck).
"""

from __future__ import annotations

import io
import os
import struct
import zipfile
import zlib
from pathlib import Path
from typing import Callable

DEFAULT = Path(__file__).resolve().parents[2] / "src" / "notedeck" / "template" / "default.pptx"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
CT = "[Content_Types].xml"
PML = "application/vnd.openxmlformats-officedocument.presentationml."
LAYOUT3, MASTER = "ppt/slideLayouts/slideLayout3.xml", "ppt/slideMasters/slideMaster1.xml"
SECRET = "BEGIN OPENSSH PRIVATE KEY notedeck-test-secret"


def parts(path: Path = DEFAULT) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def package(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def edited(changes: dict[str, bytes | str | None] | None = None, **text) -> dict[str, bytes]:
    """The default template's parts with some replaced, added or (None) removed."""
    found = parts()
    for name, data in (changes or {}).items():
        if data is None:
            found.pop(name, None)
        else:
            found[name] = data.encode() if isinstance(data, str) else data
    return found


def patch(found: dict[str, bytes], name: str, old: str, new: str) -> None:
    text = found[name].decode()
    assert old in text, (name, old)
    found[name] = text.replace(old, new, 1).encode()


def rel(found: dict[str, bytes], source_rels: str, rel_id: str, kind: str, target: str,
        external: bool = False) -> None:
    mode = ' TargetMode="External"' if external else ""
    rel_type = kind if kind.startswith("http") else R + kind
    entry = f'<Relationship Id="{rel_id}" Type="{rel_type}" Target="{target}"{mode}/>'
    if source_rels not in found:
        found[source_rels] = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships '
                              'xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                              '</Relationships>').encode()
    patch(found, source_rels, "</Relationships>", entry + "</Relationships>")


def override(found: dict[str, bytes], part: str, content_type: str) -> None:
    patch(found, CT, "</Types>", f'<Override PartName="/{part}" ContentType="{content_type}"/></Types>')


def shape(found: dict[str, bytes], part: str, xml: str) -> None:
    patch(found, part, "</p:spTree>", xml + "</p:spTree>")


# --- sizes and bombs -------------------------------------------------------------------

def zip_bomb(gigabytes: int = 4) -> bytes:
    """The default template plus one part declaring `gigabytes` GB of zeros, from a few MB."""
    chunk = _zeros_block()
    count = gigabytes * 1000
    stream = chunk * count + b"\x03\x00"               # one final empty block ends the stream
    return raw_zip([*((n, d) for n, d in parts().items()),
                    ("ppt/media/image9.png", (stream, count * 1_000_000, 0))])


def lying_bomb() -> bytes:
    """The theme swapped for a part that says 7 KB in the directory and inflates to 1 GB."""
    chunk = _zeros_block()
    stream = chunk * 1000 + b"\x03\x00"
    members = [(n, d) for n, d in parts().items() if n != "ppt/theme/theme1.xml"]
    return raw_zip([*members, ("ppt/theme/theme1.xml", (stream, 7616, 0))])


def _zeros_block() -> bytes:
    """Deflate blocks inflating to exactly 1,000,000 zero bytes, ending byte-aligned."""
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    return squeeze.compress(bytes(1_000_000)) + squeeze.flush(zlib.Z_FULL_FLUSH)


def many_parts(count: int = 25_000) -> bytes:
    found = parts()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name, data in found.items():
            archive.writestr(name, data)
        for number in range(count):
            archive.writestr(f"ppt/media/part{number}.bin", b"")
    return buffer.getvalue()


def big_xml_part(mebibytes: int = 40) -> bytes:
    theme = parts()["ppt/theme/theme1.xml"].decode()
    padding = "<!-- " + "x" * (mebibytes << 20) + " -->"
    return package(edited({"ppt/theme/theme1.xml": theme.replace("</a:theme>", padding + "</a:theme>")}))


def raw_zip(members: list[tuple[str, bytes | tuple[bytes, int, int]]]) -> bytes:
    """A zip written by hand: (name, bytes) is deflated honestly, (name, (deflated, size, crc))
    is taken as given, so a part can declare any size."""
    body, directory = io.BytesIO(), io.BytesIO()
    for name, data in members:
        if isinstance(data, tuple):
            deflated, size, crc = data
        else:
            squeeze = zlib.compressobj(6, zlib.DEFLATED, -15)
            deflated, size, crc = squeeze.compress(data) + squeeze.flush(), len(data), zlib.crc32(data)
        encoded, offset = name.encode(), body.tell()
        fields = (20, 0, 8, 0, 0x21, crc, len(deflated), size, len(encoded))
        body.write(struct.pack("<4sHHHHHLLLHH", b"PK\x03\x04", *fields, 0) + encoded + deflated)
        directory.write(struct.pack("<4sHHHHHHLLLHHHHHLL", b"PK\x01\x02", 20, *fields, 0, 0, 0,
                                    0, 0, offset) + encoded)
    count, start = len(members), body.tell()
    end = struct.pack("<4sHHHHLLH", b"PK\x05\x06", 0, 0, count, count, directory.tell(), start, 0)
    return body.getvalue() + directory.getvalue() + end


# --- XML -------------------------------------------------------------------------------

def entity_part() -> bytes:
    """A layout that declares an entity and uses it in its name."""
    found = edited()
    patch(found, LAYOUT3, "<p:sldLayout ", '<!DOCTYPE p:sldLayout [<!ENTITY co "Contoso">]>\n'
                                           "<p:sldLayout ")
    patch(found, LAYOUT3, 'name="Title"/>', 'name="&co; title"/>')
    return package(found)


def billion_laughs() -> bytes:
    lol = "".join(f'<!ENTITY l{i} "{("&l" + str(i - 1) + ";") * 10}">' for i in range(1, 10))
    found = edited()
    patch(found, "ppt/theme/theme1.xml", "<a:theme ",
          f'<!DOCTYPE a:theme [<!ENTITY l0 "lol">{lol}]>\n<a:theme ')
    patch(found, "ppt/theme/theme1.xml", 'name="', 'name="&l9;')
    return package(found)


def slide_size(cx: int, cy: int) -> bytes:
    found = edited()
    patch(found, "ppt/presentation.xml", '<p:sldSz cx="12192000" cy="6858000"/>',
          f'<p:sldSz cx="{cx}" cy="{cy}"/>')
    return package(found)


def zero_placeholder() -> bytes:
    """The Content layout's body placeholder drawn 0 by 0 EMU."""
    found = edited()
    patch(found, LAYOUT3, '<a:off x="548640" y="1600200"/><a:ext cx="11094415" cy="4572000"/>',
          '<a:off x="548640" y="1600200"/><a:ext cx="0" cy="0"/>')
    return package(found)


def potx() -> bytes:
    found = edited()
    patch(found, CT, PML + "presentation.main+xml", PML + "template.main+xml")
    return package(found)


# --- what a deck must never carry --------------------------------------------------------

BEACON = "http://beacon.example/pixel.png?who=you"
SHARE = "file://fileserver/share/logo.png"


def _picture(shape_id: int, blip: str, name: str) -> str:
    return (f'<p:pic><p:nvPicPr><p:cNvPr id="{shape_id}" name="{name}"/><p:cNvPicPr/>'
            '<p:nvPr userDrawn="1"/></p:nvPicPr><p:blipFill>'
            f'<a:blip {blip}/><a:stretch><a:fillRect/></a:stretch></p:blipFill><p:spPr><a:xfrm>'
            '<a:off x="91440" y="91440"/><a:ext cx="182880" cy="182880"/></a:xfrm>'
            '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>')


def logo_png() -> bytes:
    """A real 4 x 4 PNG: the template's own picture, which the deck keeps."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + b"\x00\x72\xb2" * 4 for _ in range(4))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def external_links(found: dict[str, bytes] | None = None) -> dict[str, bytes]:
    """A web beacon picture on the Content layout and a file-share link on the master."""
    found = found if found is not None else edited()
    rel(found, "ppt/slideLayouts/_rels/slideLayout3.xml.rels", "rId20", "image", BEACON, True)
    shape(found, LAYOUT3, _picture(20, 'r:link="rId20"', "Beacon"))
    rel(found, "ppt/slideMasters/_rels/slideMaster1.xml.rels", "rId30", "hyperlink", SHARE, True)
    shape(found, MASTER, '<p:sp><p:nvSpPr><p:cNvPr id="30" name="Share"><a:hlinkClick r:id="rId30"/>'
                         '</p:cNvPr><p:cNvSpPr/><p:nvPr userDrawn="1"/></p:nvSpPr><p:spPr><a:xfrm>'
                         '<a:off x="0" y="0"/><a:ext cx="91440" cy="91440"/></a:xfrm><a:prstGeom '
                         'prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:sp>')
    return found


def macro(found: dict[str, bytes] | None = None) -> dict[str, bytes]:
    """A .pptm: a VBA project and the macro-enabled content type."""
    found = found if found is not None else edited()
    found["ppt/vbaProject.bin"] = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"Attribute VB_Name" * 64
    rel(found, "ppt/_rels/presentation.xml.rels", "rId50",
        "http://schemas.microsoft.com/office/2006/relationships/vbaProject", "vbaProject.bin")
    override(found, "ppt/vbaProject.bin", "application/vnd.ms-office.vbaProject")
    patch(found, CT, PML + "presentation.main+xml",
          "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml")
    return found


def kitchen_sink() -> dict[str, bytes]:
    """Everything a deck must not carry, at once, beside a logo that it must keep."""
    found = macro(external_links())
    found["ppt/media/logo.png"] = logo_png()
    patch(found, CT, "<Override ", '<Default Extension="png" ContentType="image/png"/><Override ')
    rel(found, "ppt/slideMasters/_rels/slideMaster1.xml.rels", "rId21", "image", "../media/logo.png")
    shape(found, MASTER, _picture(21, 'r:embed="rId21"', "Logo"))
    _ole_and_activex(found)
    _own_slide_and_extras(found)
    return found


def _ole_and_activex(found: dict[str, bytes]) -> None:
    layout4 = "ppt/slideLayouts/slideLayout4.xml"
    found["ppt/embeddings/oleObject1.bin"] = b"\xd0\xcf\x11\xe0 packaged program"
    override(found, "ppt/embeddings/oleObject1.bin", "application/vnd.openxmlformats-officedocument.oleObject")
    rel(found, "ppt/slideLayouts/_rels/slideLayout4.xml.rels", "rId40", "oleObject",
        "../embeddings/oleObject1.bin")
    frame = ('<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="40" name="Object"/><p:cNvGraphicFramePr/>'
             '<p:nvPr userDrawn="1"/></p:nvGraphicFramePr><p:xfrm><a:off x="0" y="0"/>'
             '<a:ext cx="91440" cy="91440"/></p:xfrm><a:graphic><a:graphicData '
             'uri="http://schemas.openxmlformats.org/presentationml/2006/ole"><p:oleObj name="Packager" '
             'r:id="rId40" imgW="1" imgH="1" progId="Package"><p:embed/></p:oleObj></a:graphicData>'
             '</a:graphic></p:graphicFrame>')
    shape(found, layout4, '<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/'
                          f'markup-compatibility/2006"><mc:Choice Requires="p">{frame}</mc:Choice>'
                          '</mc:AlternateContent>')
    found["ppt/activeX/activeX1.xml"] = (b'<?xml version="1.0" encoding="UTF-8"?><ax:ocx xmlns:ax='
                                         b'"http://schemas.microsoft.com/office/2006/activeX" '
                                         b'ax:classid="{8BD21D40-EC42-11CE-9E0D-00AA006002F3}"/>')
    override(found, "ppt/activeX/activeX1.xml", "application/vnd.ms-office.activeX+xml")
    rel(found, "ppt/slideMasters/_rels/slideMaster1.xml.rels", "rId31", "control",
        "../activeX/activeX1.xml")
    patch(found, MASTER, "</p:spTree>", '</p:spTree><p:controls><p:control spid="_x0000_s1025" '
                                        'name="Button" r:id="rId31" imgW="1" imgH="1"/></p:controls>')


def _own_slide_and_extras(found: dict[str, bytes]) -> None:
    found["ppt/slides/slide1.xml"] = found[LAYOUT3].replace(b"p:sldLayout", b"p:sld").replace(
        b' type="obj" preserve="1"', b"")
    rel(found, "ppt/slides/_rels/slide1.xml.rels", "rId1", "slideLayout", "../slideLayouts/slideLayout3.xml")
    rel(found, "ppt/_rels/presentation.xml.rels", "rId60", "slide", "slides/slide1.xml")
    override(found, "ppt/slides/slide1.xml", PML + "slide+xml")
    patch(found, "ppt/presentation.xml", "</p:sldMasterIdLst>",
          '</p:sldMasterIdLst><p:sldIdLst><p:sldId id="256" r:id="rId60"/></p:sldIdLst>')
    found["customXml/item1.xml"] = b'<?xml version="1.0"?><secret>internal project code</secret>'
    rel(found, "ppt/_rels/presentation.xml.rels", "rId61", "customXml", "../customXml/item1.xml")
    found["docProps/custom.xml"] = (b'<?xml version="1.0"?><Properties xmlns="http://schemas.'
                                    b'openxmlformats.org/officeDocument/2006/custom-properties"/>')
    override(found, "docProps/custom.xml", "application/vnd.openxmlformats-officedocument.custom-properties+xml")
    rel(found, "_rels/.rels", "rId9", "custom-properties", "docProps/custom.xml")
    found["docProps/thumbnail.jpeg"] = b"\xff\xd8\xff\xe0 stale preview"
    patch(found, CT, "<Override ", '<Default Extension="jpeg" ContentType="image/jpeg"/><Override ')
    rel(found, "_rels/.rels", "rId8", "http://schemas.openxmlformats.org/package/2006/relationships/"
                                     "metadata/thumbnail", "docProps/thumbnail.jpeg")


def folder_with_secret_in(folder: Path, secret: Path) -> None:
    """The default template unzipped into a folder named like a file, one picture a link to `secret`."""
    for name, data in parts().items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    found = {n: (folder / n).read_bytes() for n in (CT, "ppt/slideMasters/_rels/slideMaster1.xml.rels")}
    patch(found, CT, "<Override ", '<Default Extension="png" ContentType="image/png"/><Override ')
    rel(found, "ppt/slideMasters/_rels/slideMaster1.xml.rels", "rId21", "image", "../media/key.png")
    for name, data in found.items():
        (folder / name).write_bytes(data)
    (folder / "ppt" / "media").mkdir(exist_ok=True)
    (folder / "ppt" / "media" / "key.png").symlink_to(secret)


# --- templates that are small but ask the layout to read a great deal (issue 21) -------------

def _shape(number: int, placeholder: bool) -> str:
    ph = f'<p:ph type="body" idx="{100 + number}"/>' if placeholder else ""
    return (f'<p:sp><p:nvSpPr><p:cNvPr id="{100 + number}" name="S"/><p:cNvSpPr/><p:nvPr>{ph}'
            f'</p:nvPr></p:nvSpPr><p:spPr><a:xfrm><a:off x="{number % 50 * 9144}" y="0"/>'
            '<a:ext cx="9144" cy="9144"/></a:xfrm></p:spPr></p:sp>')


def many_shapes(count: int, parts: tuple[str, ...] = (LAYOUT3,), placeholders: bool = True,
                grouped: bool = False) -> bytes:
    """`count` placeholders (or plain shapes) added to each of `parts`; `grouped` puts them in
    one group shape, nested in another."""
    found = edited()
    for part in parts:
        shapes = "".join(_shape(number, placeholders) for number in range(count))
        if grouped:
            shapes = ('<p:grpSp><p:nvGrpSpPr><p:cNvPr id="90" name="G"/><p:cNvGrpSpPr/><p:nvPr/>'
                      '</p:nvGrpSpPr><p:grpSpPr/><p:grpSp><p:nvGrpSpPr><p:cNvPr id="91" name="H"/>'
                      f'<p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>{shapes}</p:grpSp>'
                      '</p:grpSp>')
        shape(found, part, shapes)
    return package(found)


LAYOUTS = tuple(f"ppt/slideLayouts/slideLayout{n}.xml" for n in range(1, 8))


# --- edits of a note, for the cases -------------------------------------------------------

T = "template.pptx"


def template(build: Callable[[], bytes], name: str = T) -> Callable[[Path], None]:
    """Write the hostile template at edit time (some take a moment to make)."""
    def edit(note: Path) -> None:
        (note / name).write_bytes(build())
    return edit


def folder_with_secret(note: Path) -> None:
    secret = note.parent / "id_ed25519"
    secret.write_text(SECRET)
    (note / T).mkdir()
    folder_with_secret_in(note / T, secret)


def sparse(note: Path) -> None:
    with open(note / T, "wb") as handle:
        handle.truncate(60_000_000)


def pkg(members: dict[str, bytes]) -> Callable[[], bytes]:
    return lambda: package(members)


def link_inside_to_pipe(note: Path) -> None:
    os.mkfifo(note / "pipe")
    (note / T).symlink_to(note / "pipe")


def at_the_limits() -> dict[str, bytes]:
    """As much as the reader lets through: 40 pictures of 1,000,000 bytes (40 MB inflated, from
    a small file) on the master, and two XML parts of 4,900,000 bytes each."""
    import random

    found = edited()
    patch(found, CT, "<Override ", '<Default Extension="png" ContentType="image/png"/><Override ')
    for number in range(40):
        found[f"ppt/media/big{number}.png"] = b"\x89PNG\r\n\x1a\n" + bytes(1_000_000 - 8)
        rel(found, "ppt/slideMasters/_rels/slideMaster1.xml.rels", f"rId{100 + number}", "image",
            f"../media/big{number}.png")
        shape(found, MASTER, _picture(100 + number, f'r:embed="rId{100 + number}"', f"Big {number}"))
    noise = random.Random(0)
    for name, end in (("ppt/theme/theme1.xml", "</a:theme>"), (LAYOUT3, "</p:sldLayout>")):
        size = 4_900_000 - len(found[name]) - 10
        padding = "".join(noise.choices("abcdefghijklmnopqrstuvwxyz ", k=size))
        patch(found, name, end, f"<!--{padding}-->{end}")
    return found


# Templates from elsewhere that a build accepts, leaving out what a deck must not carry:
# id -> (file name, builder, what the warning says).
ACCEPTED = {
    "potx": ("template.potx", potx, ()),
    "external-links": (T, lambda: package(external_links()),
                       (f"links to outside addresses ({SHARE}, {BEACON})",)),
    "macro": (T, lambda: package(macro()), ("left out of the deck: macros",)),
    "kitchen-sink": (T, lambda: package(kitchen_sink()),
                     ("macros", "links to outside addresses", "ActiveX controls",
                      "embedded objects")),
}
# Only for the benchmark: what the largest accepted template costs.
AT_THE_LIMITS = (T, lambda: package(at_the_limits()), ())
def _at_the_shape_limits() -> bytes:
    """The most the reader lets the layout read: 330 plain shapes in the master and in each
    of the seven layouts, and 95 placeholders more in one (about 4,800 shapes read in all)."""
    found = edited()
    for part in (MASTER, *LAYOUTS):
        shape(found, part, "".join(_shape(number, False) for number in range(330)))
    shape(found, LAYOUT3, "".join(_shape(1000 + number, True) for number in range(95)))
    return package(found)


AT_THE_SHAPE_LIMITS = (T, _at_the_shape_limits, ())
