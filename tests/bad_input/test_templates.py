"""Templates from elsewhere: what check reports, and what a deck built on them carries (unzip -l)."""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

import pytest

from notedeck.errors import NotedeckError
from support import build, check_note, small_note

from . import hostile
from .helpers import reopen, snapshot
from .cases import TEMPLATES, T
from .hostile import ACCEPTED, folder_with_secret

NEVER = re.compile(r"vbaProject|activeX|embeddings/|customXml|oleObject|docProps/custom|thumbnail",
                   re.IGNORECASE)
KEPT = "north-office.yaml"


@pytest.fixture
def note(tmp_path: Path) -> Path:
    """The fixture note tests/notes/charts (native charts in two sections) with one audience:
    check reads every variant, and a template's faults are the same in each, so one beside the
    note's own is what these tests need."""
    note = small_note("charts", tmp_path)
    for other in (note / "audiences").iterdir():
        if other.name != KEPT:
            shutil.rmtree(other) if other.is_dir() else other.unlink()
    return note


@pytest.fixture(scope="module")
def earlier_build(tmp_path_factory) -> Path:
    """deck.pptx and handout.pdf from one build of the fixture note on the default template."""
    out = tmp_path_factory.mktemp("earlier") / "output"
    build(small_note("charts", tmp_path_factory.mktemp("plain")), out)
    return out


@pytest.mark.parametrize("case", TEMPLATES, ids=[case.id for case in TEMPLATES])
def test_check_refuses_every_hostile_template_as_build_does(case, note):
    case.edit(note)
    reported = "\n".join(problem.report() for problem in check_note(note))
    for expected in case.expected:
        assert expected in reported


@pytest.mark.parametrize("variant", ACCEPTED, ids=list(ACCEPTED))
def test_a_deck_on_a_template_from_elsewhere_carries_nothing_it_should_not(variant, note, tmp_path,
                                                                           earlier_build):
    name, make, said = ACCEPTED[variant]
    (note / name).write_bytes(make())
    result = build(note, tmp_path / "out")
    warned = " ".join(w.message for w in result.warnings if str(w.where.file).endswith(name))
    for expected in said:
        assert expected in warned
    reopen(tmp_path / "out")
    with zipfile.ZipFile(tmp_path / "out" / "deck.pptx") as deck, \
            zipfile.ZipFile(earlier_build / "deck.pptx") as default:
        names, usual = set(deck.namelist()), set(default.namelist())
        assert names - usual <= {"ppt/media/logo.png"}, names - usual
        # the native charts' own workbooks (ppt/embeddings/) are in the default build too
        assert not [n for n in names - usual if NEVER.search(n)]
        for part in names:
            data = deck.read(part)
            assert b'TargetMode="External"' not in data and b"macroEnabled" not in data, part
            assert b"beacon.example" not in data and b"fileserver" not in data, part


def test_warnings_about_a_template_are_fatal_with_strict(note, output):
    (note / T).write_bytes(hostile.package(hostile.macro()))
    before = snapshot(output)
    with pytest.raises(NotedeckError, match="template.pptx: left out of the deck: macros"):
        build(note, output, strict=True)
    assert snapshot(output) == before


def test_check_reports_what_a_template_left_out(note):
    (note / T).write_bytes(hostile.package(hostile.kitchen_sink()))
    (problem,) = [p for p in check_note(note) if str(p.where.file).endswith(T)]
    assert problem.severity == "warning" and "ActiveX controls" in problem.message


def test_a_secret_linked_from_a_template_folder_never_reaches_any_output(note, output):
    folder_with_secret(note)
    assert any("found a folder" in p.message for p in check_note(note))
    with pytest.raises(NotedeckError, match="found a folder"):
        build(note, output)
    for path in output.rglob("*"):
        if path.is_file():
            assert hostile.SECRET.encode() not in _inflated(path)


def test_a_built_deck_on_a_kitchen_sink_template_is_valid_ooxml(note, tmp_path):
    openxml_audit = pytest.importorskip("openxml_audit")
    (note / T).write_bytes(hostile.package(hostile.kitchen_sink()))
    build(note, tmp_path / "out")
    result = openxml_audit.validate_pptx(tmp_path / "out" / "deck.pptx")
    assert result.is_valid, [str(error) for error in result.errors[:10]]


def _inflated(path: Path) -> bytes:
    data = path.read_bytes()
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as archive:
            data += b"".join(archive.read(n) for n in archive.namelist())
    return data


def test_template_yaml_accepts_outside_links_once_so_strict_passes(note):
    """Grey Elegant's icons8.com links: dropped from the deck, and with `left_out:` in
    template.yaml no longer a warning, so `check --strict` can pass; a macro still warns."""
    hostile.template(hostile.pkg(hostile.external_links()))(note)
    assert any("links to outside addresses" in p.message for p in check_note(note, strict=True))
    (note / "template.yaml").write_text("left_out: [links to outside addresses]\n",
                                        encoding="utf-8")
    assert check_note(note, strict=True) == []
    hostile.template(hostile.pkg(hostile.kitchen_sink()))(note)
    said = [p.message for p in check_note(note, strict=True) if "left out" in p.message]
    assert len(said) == 1 and "macros" in said[0] and "outside addresses" not in said[0]


def test_template_yaml_names_what_it_may_leave_out_exactly(note):
    (note / "template.yaml").write_text("content: Content\nleft_out: [links to outside adresses]\n",
                                        encoding="utf-8")
    reported = [p.report() for p in check_note(note)]
    assert any(r.endswith("template.yaml:2:12: left_out[0]: unknown 'links to outside adresses'; did you "
                          "mean 'links to outside addresses'? expected a list of what a deck "
                          "may leave out: links to outside addresses, macros, ActiveX "
                          "controls, embedded objects") for r in reported), reported


def test_template_check_honours_the_left_out_beside_the_file(note, tmp_path):
    from click.testing import CliRunner

    from notedeck.commands.cli import main

    styles = tmp_path / "styles"
    styles.mkdir()
    (styles / "linked.pptx").write_bytes(hostile.package(hostile.external_links()))
    warned = CliRunner().invoke(main, ["template", "check", str(styles / "linked.pptx"),
                                       "--content", str(note), "--strict"])
    assert warned.exit_code == 2 and "links to outside addresses" in warned.output
    (styles / "template.yaml").write_text("left_out: [links to outside addresses]\n",
                                          encoding="utf-8")
    accepted = CliRunner().invoke(main, ["template", "check", str(styles / "linked.pptx"),
                                         "--content", str(note), "--strict"])
    assert accepted.exit_code == 0, accepted.output
    assert "outside addresses" not in accepted.output


def test_an_opendocument_template_is_named_with_the_command_that_converts_it(note):
    """A LibreOffice Impress template (.otp) saved as template.pptx: refused, and the message
    says what it is and the command that makes a .pptx of it."""
    with zipfile.ZipFile(note / "template.pptx", "w") as odf:
        odf.writestr("mimetype", "application/vnd.oasis.opendocument.presentation-template")
        odf.writestr("content.xml", "<office:document-content/>")
    said = [str(p) for p in check_note(note) if p.severity == "error"]
    assert len(said) == 1 and "OpenDocument" in said[0]
    assert "soffice --headless --convert-to pptx" in said[0] and "template.pptx" in said[0]
