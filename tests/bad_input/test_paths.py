"""Writes go only where asked: `template export` and `init` never write through a link, never
lose a file, and say plainly when the machine refuses; odd characters reach every PDF output."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .budgets import SECTION, TINY, tiny
from .helpers import assert_clean, bounded, snapshot

MINE = b"my thesis, three years of it"


def _in_the_way(kind: str, tmp_path: Path) -> Path:
    """DIR with `kind` at DIR/template.pptx; the user's own file is tmp_path/thesis.docx."""
    folder = tmp_path / "dir"
    folder.mkdir()
    (tmp_path / "thesis.docx").write_bytes(MINE)
    target = folder / "template.pptx"
    if kind == "dangling-link":
        target.symlink_to(tmp_path / "chosen-by-the-sender.pptx")
    elif kind == "link-to-a-user-file":
        target.symlink_to(tmp_path / "thesis.docx")
    elif kind == "relative-link-out":
        target.symlink_to("../thesis.docx")
    elif kind == "link-to-a-folder":
        target.symlink_to(tmp_path)
    elif kind == "folder":
        target.mkdir()
    elif kind == "pipe":
        os.mkfifo(target)
    return folder


@pytest.mark.parametrize("kind", ["dangling-link", "link-to-a-user-file", "relative-link-out",
                                  "link-to-a-folder", "folder", "pipe"])
@pytest.mark.parametrize("force", [False, True])
def test_template_export_refuses_what_is_in_the_way_and_writes_nothing(kind, force, tmp_path):
    folder = _in_the_way(kind, tmp_path)
    before = snapshot(tmp_path), sorted(os.listdir(folder))
    done = bounded("template", "export", str(folder), *(["--force"] if force else []))
    assert_clean(done, 2)
    assert "dir/template.pptx: a " in done.stderr
    assert (snapshot(tmp_path), sorted(os.listdir(folder))) == before
    assert (tmp_path / "thesis.docx").read_bytes() == MINE
    assert not (tmp_path / "chosen-by-the-sender.pptx").exists()


def test_template_export_keeps_a_file_and_with_force_moves_it_aside(tmp_path):
    folder = tmp_path / "dir"
    folder.mkdir()
    (folder / "template.pptx").write_bytes(MINE)
    done = bounded("template", "export", str(folder))
    assert_clean(done, 2)
    assert "dir/template.pptx: the file exists; pass --force" in done.stderr
    assert (folder / "template.pptx").read_bytes() == MINE
    for number, aside in enumerate(("template.old.pptx", "template.old2.pptx")):
        done = bounded("template", "export", str(folder), "--force")
        assert_clean(done, 0)
        assert f"moved the file that was there to {folder / aside}" in done.stdout
        assert (folder / "template.pptx").read_bytes()[:2] == b"PK"
    assert (folder / "template.old.pptx").read_bytes() == MINE
    assert sorted(os.listdir(folder)) == ["template.old.pptx", "template.old2.pptx",
                                          "template.pptx"]
    mode = (folder / "template.pptx").stat().st_mode & 0o777    # as a file the user makes
    assert mode == (folder / "template.old.pptx").stat().st_mode & 0o777


@pytest.mark.parametrize("args, said", [
    (["template", "export", "/proc/self"], "/proc/self/template.pptx: cannot write the template "
                                           "here"),
    (["template", "export", "/proc/self/fd/0/x"], "cannot write the template here"),
    (["init", "/proc/self/x"], "/proc/self/x: cannot start a note here"),
    (["init", "/proc/x"], "/proc/x: cannot start a note here"),
    (["init", "/dev/null"], "/dev/null: the folder exists and is not empty"),
    (["build", "--content", str(TINY), "--out", "/proc/self"],
     "/proc/self: cannot write the outputs here: No such file or directory"),
    (["build", "--content", str(TINY), "--out", "/proc/self/fd/x"], "/proc/self/fd/x: "),
    (["build", "--content", str(TINY), "--out", "/dev/null/x"],
     "/dev/null/x: cannot create the output folder"),
])
def test_odd_paths_are_said_plainly(args, said):
    done = bounded(*args)
    assert_clean(done, 2)
    assert said in done.stderr


def test_init_into_a_dangling_link_writes_nothing_through_it(tmp_path):
    (tmp_path / "note").symlink_to(tmp_path / "elsewhere")
    done = bounded("init", str(tmp_path / "note"))
    assert_clean(done)
    assert not (tmp_path / "elsewhere").exists() or done.returncode == 0


def test_init_that_fails_midway_leaves_no_half_note(tmp_path):
    """A read-only parent: nothing of the note stays behind."""
    parent = tmp_path / "ro"
    parent.mkdir()
    parent.chmod(0o500)
    try:
        done = bounded("init", str(parent / "note"))
        if os.geteuid() != 0:                 # root writes anyway
            assert_clean(done, 2)
            assert "cannot start a note here" in done.stderr
            assert not (parent / "note").exists()
    finally:
        parent.chmod(0o700)


# On the small note of tests/notes/budgets (one slide "One slide" holding a list), with a
# worksheet in its handout.
WORKSHEET = "\n```worksheet\n- **Write it down**: one sentence someone else could test.\n```\n"
ODD = {"emoji and a line separator in a title": ("## One slide", "## One slide 🎛️\u2028now"),
       "a paragraph separator in a list item": ("- The value", "- The value\u2029 and 🎉"),
       "a variation selector and a joiner": ("## One slide", "## One 👩\u200d💻 slide\ufe0f")}


@pytest.mark.parametrize("case", list(ODD))
def test_odd_characters_reach_every_slide_shaped_pdf(case, tmp_path):
    old, new = ODD[case]
    note = tiny(tmp_path)
    path = note / SECTION
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1) + WORKSHEET, encoding="utf-8")
    done = bounded("build", "--content", str(note), "--out", str(tmp_path / "out"), "--with",
                   "slides,guide,print1,print2,worksheet")
    assert_clean(done, 0)
    for name in ("slides.pdf", "guide.pdf", "slides-1up.pdf", "slides-2up.pdf", "worksheet.pdf"):
        assert (tmp_path / "out" / name).read_bytes()[:5] == b"%PDF-"
