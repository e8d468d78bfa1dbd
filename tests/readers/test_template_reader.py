"""The template reader: what it refuses, what it leaves out, and that a clean template passes unchanged."""

from __future__ import annotations

import io
import os
import re
import struct
import zipfile

import pytest
from lxml import etree
from pptx import Presentation

from bad_input import hostile
from notedeck.errors import NotedeckError
from notedeck.readers import opc
from notedeck.readers.template import (DEFAULT, default_template, read_note_template,
                                       read_template_file, sanitize)

R_NS = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"


def refused(data: bytes) -> str:
    with pytest.raises(NotedeckError) as info:
        sanitize(data, "template.pptx")
    return str(info.value)


def members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_the_default_template_passes_unchanged():
    package = default_template()
    assert package.slide_size == (12192000, 6858000) and package.warnings == ()
    original, clean = hostile.parts(), members(package.data)
    assert set(clean) == set(original)
    assert all(clean[name] == original[name] for name in original if name != hostile.CT)
    saved = []
    for source in (str(DEFAULT), io.BytesIO(package.data)):
        buffer = io.BytesIO()
        Presentation(source).save(buffer)
        saved.append(buffer.getvalue())
    assert saved[0] == saved[1]          # python-pptx writes the same deck from either


def test_a_potx_becomes_a_presentation():
    package = sanitize(hostile.potx(), "template.potx")
    types = members(package.data)[hostile.CT].decode()
    assert "presentationml.template.main" not in types
    assert "presentationml.presentation.main+xml" in types
    assert len(Presentation(io.BytesIO(package.data)).slide_layouts) == 7


def test_everything_a_deck_must_not_carry_is_left_out_and_said():
    package = sanitize(hostile.package(hostile.kitchen_sink()), "template.pptx")
    found = members(package.data)
    extra = set(found) - set(hostile.parts())
    assert extra == {"ppt/media/logo.png"}            # the template's own picture stays
    assert found["ppt/media/logo.png"] == hostile.logo_png()
    (said,) = package.warnings
    assert said.severity == "warning" and str(said.where.file) == "template.pptx"
    for what in ("macros", "links to outside addresses (file://fileserver/share/logo.png, "
                 "http://beacon.example/pixel.png?who=you)", "ActiveX controls", "embedded objects"):
        assert what in said.message
    everything = b"".join(found.values())
    for never in (b"vbaProject", b'TargetMode="External"', b"macroEnabled", b"oleObj",
                  b"p:controls", b"sldIdLst", b"customXml", b"beacon", b"fileserver"):
        assert never not in everything, never
    assert b'name="Logo"' in found[hostile.MASTER] and b'name="Share"' in found[hostile.MASTER]


def test_no_part_refers_to_a_relationship_it_lacks():
    found = members(sanitize(hostile.package(hostile.kitchen_sink()), "t.pptx").data)
    for name, data in found.items():
        if not name.endswith(".xml") or name == hostile.CT:
            continue
        rels = found.get(opc.rels_name(name), b"")
        ids = set(re.findall(rb'Id="([^"]+)"', rels))
        root = etree.fromstring(data)
        used = {v.encode() for e in root.iter() for k, v in e.attrib.items() if k.startswith(R_NS)}
        assert used <= ids, (name, used - ids)


@pytest.mark.parametrize("build, expected", [
    (hostile.zip_bomb, "would inflate to 4,000,000,000 bytes; at most 25,000,000"),
    (hostile.lying_bomb, "part ppt/theme/theme1.xml is damaged and cannot be read"),
    (hostile.many_parts, "the zip holds 25,026 entries; a template has at most 1,000"),
    (hostile.big_xml_part, "would inflate to 41,950,665 bytes; at most 5,000,000 for an XML part"),
    (hostile.entity_part, "declares a document type or entities"),
    (hostile.billion_laughs, "declares a document type or entities"),
    (lambda: hostile.slide_size(0, 0), "the slide width is 0 EMU (0.00 in)"),
    (lambda: hostile.slide_size(12192000, 914399), "the slide height is 914,399 EMU (1.00 in)"),
    (lambda: hostile.slide_size(-5, 6858000), "the slide width is -5 EMU (-0.00 in)"),
    (lambda: hostile.slide_size("13in", 6858000), "the slide width is '13in' EMU (expected a whole number)"),
    (lambda: b"PK\x05\x06" + struct.pack("<4HLLH", 0, 0, 5, 5, 2_000_000, 0, 0),
     "the zip's directory is 2,000,000 bytes long"),
    (lambda: b"PK\x05\x06" + struct.pack("<4HLLH", 1, 0, 5, 5, 100, 0, 0), "split across"),
    (lambda: b"", "this file is not a zip"),
])
def test_hostile_packages_are_refused(build, expected):
    message = refused(build())
    assert message.startswith("template.pptx: ") and expected in message, message


def test_a_part_that_inflates_many_times_its_size_is_refused():
    text = hostile.parts()["ppt/theme/theme1.xml"].decode()
    padded = text.replace("</a:theme>", " " * 4_000_000 + "</a:theme>")
    assert "would inflate" in refused(hostile.package(hostile.edited({"ppt/theme/theme1.xml": padded})))


def test_xml_nested_too_deeply_is_refused():
    text = hostile.parts()["ppt/theme/theme1.xml"].decode()
    deep = text.replace("</a:theme>", "<a:extLst>" * 150 + "</a:extLst>" * 150 + "</a:theme>")
    assert "nests XML elements more than 100 deep" in refused(
        hostile.package(hostile.edited({"ppt/theme/theme1.xml": deep})))


def test_a_picture_that_is_not_what_its_type_says_is_left_out():
    found = hostile.kitchen_sink()
    found["ppt/media/logo.png"] = b"MZ\x90\x00 a program, not a picture"
    clean = members(sanitize(hostile.package(found), "t.pptx").data)
    assert "ppt/media/logo.png" not in clean and b'name="Logo"' not in clean[hostile.MASTER]


def test_an_svg_picture_leaves_its_png_copy_behind():
    found = hostile.kitchen_sink()
    found["ppt/media/logo.svg"] = b'<svg xmlns="http://www.w3.org/2000/svg"><image href="http://x.example/t"/></svg>'
    hostile.patch(found, hostile.CT, "<Override ", '<Default Extension="svg" ContentType="image/svg+xml"/><Override ')
    hostile.rel(found, "ppt/slideMasters/_rels/slideMaster1.xml.rels", "rId22", "image", "../media/logo.svg")
    svg = ('<a:extLst><a:ext uri="{96DAC541-7B7A-43D3-8B79-37D633B846F1}"><asvg:svgBlip xmlns:asvg='
           '"http://schemas.microsoft.com/office/drawing/2016/SVG/main" r:embed="rId22"/></a:ext></a:extLst>')
    hostile.patch(found, hostile.MASTER, '<a:blip r:embed="rId21"/>', f'<a:blip r:embed="rId21">{svg}</a:blip>')
    clean = members(sanitize(hostile.package(found), "t.pptx").data)
    assert "ppt/media/logo.svg" not in clean and "ppt/media/logo.png" in clean
    master = clean[hostile.MASTER]
    assert b'<a:blip r:embed="rId21"/>' in master and b"svgBlip" not in master


def test_relationships_find_their_parts_whatever_the_case():
    found = hostile.edited()
    hostile.patch(found, "ppt/slideLayouts/_rels/slideLayout1.xml.rels", "slideMaster1.xml",
                  "SLIDEMASTER1.XML")
    prs = Presentation(io.BytesIO(sanitize(hostile.package(found), "t.pptx").data))
    assert prs.slide_layouts[0].slide_master is prs.slide_masters[0]


def test_a_template_at_every_limit_is_accepted():
    package = sanitize(hostile.package(hostile.at_the_limits()), "t.pptx")
    assert len([n for n in members(package.data) if n.startswith("ppt/media/big")]) == 40


def test_clicks_that_run_something_and_a_password_to_modify_are_left_out():
    found = hostile.edited()
    hostile.patch(found, hostile.MASTER, '<p:cNvPr id="2" name="Decoration 2"/>',
                  '<p:cNvPr id="2" name="Decoration 2"><a:hlinkClick r:id="" '
                  'action="ppaction://macro?name=AutoOpen"/></p:cNvPr>')
    hostile.patch(found, "ppt/presentation.xml", "<p:defaultTextStyle>",
                  '<p:modifyVerifier cryptProviderType="rsaAES" cryptAlgorithmClass="hash" '
                  'cryptAlgorithmType="typeAny" cryptAlgorithmSid="14" spinCount="100000" '
                  'saltData="AAAA" hashData="AAAA"/><p:defaultTextStyle>')
    clean = members(sanitize(hostile.package(found), "t.pptx").data)
    assert b"ppaction" not in clean[hostile.MASTER] and b'name="Decoration 2"' in clean[hostile.MASTER]
    assert b"modifyVerifier" not in clean["ppt/presentation.xml"]


# --- the file itself -----------------------------------------------------------------------

def test_the_notes_template_may_be_a_link_inside_the_note(tmp_path):
    (tmp_path / "house.pptx").write_bytes(hostile.potx())
    (tmp_path / "template.pptx").symlink_to("house.pptx")
    assert read_note_template(tmp_path).name == str(tmp_path / "template.pptx")


def test_no_template_is_none(tmp_path):
    assert read_note_template(tmp_path) is None


@pytest.mark.parametrize("make, expected", [
    (lambda p: p.mkdir(), "expected a PowerPoint file, found a folder"),
    (lambda p: os.mkfifo(p), "expected a regular file (not a device, pipe or socket)"),
    (lambda p: p.symlink_to("/dev/zero"), "a link to a place outside the note's folder"),
    (lambda p: p.symlink_to(p), "cannot follow this path"),
])
def test_what_is_not_a_file_inside_the_note_is_refused(tmp_path, make, expected):
    make(tmp_path / "template.pptx")
    with pytest.raises(NotedeckError, match=re.escape(expected)):
        read_note_template(tmp_path)


def test_a_template_given_by_path_may_live_anywhere_but_must_be_a_file():
    with pytest.raises(NotedeckError, match="expected a regular file"):
        read_template_file("/dev/zero")
    assert read_template_file(DEFAULT).slide_size == (12192000, 6858000)
