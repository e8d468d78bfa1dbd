"""Names are data, never paths: an audience file's name becomes OUT/NAME/ only if it is a slug.

Each case is run as a user runs it, from the command line in a new process held to 1 GiB,
into a work folder that holds the user's own deck and handout beside OUT.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from notedeck import slugs
from notedeck.errors import NotedeckError, visible
from notedeck.readers import audiences

from support import build, small_note
from .helpers import assert_clean, bounded, snapshot

RESEARCH = "north-office.yaml"
# (file name in audiences/, as bytes where it is not UTF-8; what the message must say)
BAD = [
    (b"...yaml", "the audience name '..' (this file's name) cannot name its output folder OUT/../"),
    (b"..yaml", "the audience name '.' (this file's name)"),
    (b".notedeck.yaml", "the audience name '.notedeck'"),
    (b".hidden.yaml", "the audience name '.hidden'"),
    (b"web.yaml", "'web' is the name of one of notedeck's own outputs"),
    (b"Web.yaml", "'Web' is the name of one of notedeck's own outputs"),
    (b"handout.yaml", "'handout' is the name of one of notedeck's own outputs"),
    (b"deck.pptx.yaml", "the audience name 'deck.pptx'"),
    (b"con.yaml", "'con' names a device on Windows"),
    (b"x y.yaml", "the audience name 'x y'"),
    (b"-rf.yaml", "the audience name '-rf'"),
    (b"a" * 65 + b".yaml", "at most 64 characters"),
    (b"caf\xe9.yaml", "the audience name 'caf\\xe9' (this file's name)"),
    (b"\x1b[2J\x1b[1;1Hcurrent.yaml", "the audience name '\\x1b[2J\\x1b[1;1Hcurrent'"),
    (b"x\rmine.yaml", "the audience name 'x\\rmine'"),
    (b"team\xe2\x80\xaeyaml.yaml", "the audience name 'team\\u202eyaml'"),
]


@pytest.fixture
def note(tmp_path: Path) -> Path:
    """A small note (tests/notes/audiences) with one audience, north-office."""
    folder = small_note("audiences", tmp_path)
    for other in ("south-office", "west-office"):
        (folder / "audiences" / f"{other}.yaml").unlink()
    return folder


def _note_with(note: Path, name: bytes) -> Path:
    """The note with north-office.yaml also saved under `name`."""
    folder = os.fsencode(note / "audiences")
    shutil.copyfile(note / "audiences" / RESEARCH, os.path.join(folder, name))
    return note


@pytest.fixture
def work(tmp_path: Path) -> Path:
    """A folder of the user's own: their deck and handout, beside where OUT will go."""
    folder = tmp_path / "work"
    folder.mkdir()
    (folder / "deck.pptx").write_bytes(b"my own deck")
    (folder / "handout.pdf").write_bytes(b"my own handout")
    return folder


@pytest.mark.parametrize("name, said", BAD, ids=[repr(n)[2:-1] for n, _ in BAD])
def test_an_audience_file_whose_name_is_not_a_slug_is_refused_before_anything_is_built(
        note, work, name, said):
    _note_with(note, name)
    before = snapshot(work), snapshot(note)
    done = bounded("build", "--content", str(note), "--out", str(work / "out"),
                   "--all-audiences")
    assert_clean(done, 2)
    assert said in done.stderr
    assert visible(os.fsdecode(name)) in done.stderr          # the file is named, escaped
    assert "\x1b" not in done.stderr and "\r" not in done.stderr
    assert (snapshot(work), snapshot(note)) == before          # not even OUT was made


def test_check_refuses_every_name_that_is_not_a_slug_each_at_its_file(note):
    """One note holding every file of BAD: check reports each at its own file, in one run."""
    for name, _ in BAD:
        _note_with(note, name)
    checked = bounded("check", "--content", str(note), "--strict")
    assert_clean(checked, 2)
    lines = checked.stderr.splitlines()
    for name, said in BAD:
        named = f"audiences/{visible(os.fsdecode(name))}: "
        assert any(named in line and said in line for line in lines), (name, checked.stderr)


def test_a_bad_name_is_refused_by_check_beside_the_notes_other_problems(note):
    _note_with(note, b"...yaml")
    _note_with(note, b"web.yaml")
    (note / "audiences" / RESEARCH).write_text("name: [unclosed\n", encoding="utf-8")
    from support import check_note

    reported = "\n".join(p.report() for p in check_note(note))
    assert "audiences/...yaml: the audience name '..'" in reported
    assert "audiences/web.yaml: the audience name 'web'" in reported
    assert "north-office.yaml:2:1: YAML syntax error" in reported                   # the good names still checked


def test_two_names_that_differ_only_in_case_are_refused(note, work):
    _note_with(note, b"North-Office.yaml")
    done = bounded("build", "--content", str(note), "--out", str(work / "out"),
                   "--all-audiences")
    assert_clean(done, 2)
    assert ("it differs from 'North-Office' only in case, and on macOS and Windows both would "
            "write the same folder") in done.stderr


@pytest.mark.parametrize("given", ["..", ".", "../x", "/tmp/x", ".notedeck", "web", "con",
                                   "x\x1b[2J"])
def test_an_audience_named_on_the_command_line_is_a_slug_too(note, work, given):
    before = snapshot(work)
    for extra in ([], ["--out", str(work / "out")]):
        done = bounded("build", "--content", str(note), "--audience", given, *extra, cwd=work)
        assert_clean(done, 2)
        assert f"--audience: the audience name '{visible(given)}' cannot name its output" \
               in done.stderr
    assert snapshot(work) == before


def test_watch_reports_a_bad_name_as_its_rounds_problem(note, tmp_path):
    from notedeck.commands.watch import Watcher
    from support import options

    _note_with(note, b"...yaml")
    outcomes = Watcher(options(note, tmp_path / "out"), all_audiences=True).build()
    assert [o.ok for o in outcomes] == [False]
    assert "audiences/...yaml: the audience name '..'" in outcomes[0].problems[0].report()
    assert not (tmp_path / "out").exists()


def test_a_good_audience_builds_beside_a_badly_named_one(note, tmp_path):
    """--audience NAME reads only that audience: a sibling's name is check's to report."""
    _note_with(note, b"...yaml")
    build(note, tmp_path / "out", audience="north-office")
    assert (tmp_path / "out" / "deck.pptx").exists()
    assert not (tmp_path / "deck.pptx").exists()


def test_every_name_notedeck_writes_into_out_is_reserved():
    from notedeck.render import registry

    for name in registry.names():
        renderer = registry.get(name)
        first = renderer.filename.split("/")[0]          # web/index.html -> web
        for word in (name, first):
            assert not slugs.is_slug(word), word
    assert all(slugs.is_slug(name) for name in audiences.names(
        Path(__file__).resolve().parents[2] / "src" / "notedeck" / "notes" / "million-tokens"))


def test_the_one_rule_refuses_what_would_leave_or_hide_in_a_folder():
    for bad in ("", ".", "..", ".x", "a/b", "a\\b", "a.b", "x" * 65, "é", "a\x00", "NUL", "Lpt1"):
        assert not slugs.is_slug(bad), bad
    for good in ("research-lab", "team_berlin", "A1", "x" * 64, "deck2", "webinar"):
        assert slugs.is_slug(good), good
    with pytest.raises(NotedeckError):
        audiences.load(Path("."), "..")
