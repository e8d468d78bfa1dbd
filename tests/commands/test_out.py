"""--out through the command line: every refusal is exit 2 with the truth, never an internal error."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from notedeck.commands.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("command", ["build", "watch"])
def test_an_empty_out_is_refused(command, note, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(command, "--content", str(note), "--out", "")
    assert result.exit_code == 2
    assert "Invalid value for '--out': expected a folder name, got an empty string" in \
        result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["note"]


@pytest.mark.parametrize("command", ["build", "watch"])
def test_an_out_inside_the_note_is_refused(command, note):
    result = run(command, "--content", str(note), "--out", str(note / "sections" / "out"))
    assert result.exit_code == 2, result.output
    assert "the output folder is inside the note's folder" in result.output
    assert not (note / "sections" / "out").exists()


def test_an_over_long_out_is_a_clear_refusal(note, tmp_path):
    result = run("build", "--content", str(note), "--out", str(tmp_path / ("x" * 300)))
    assert result.exit_code == 2
    assert "a folder name in --out is 300 bytes long; the file system allows at most 255" in \
        result.output
    assert "internal error" not in result.output


def test_a_folder_in_the_way_is_exit_2_and_nothing_changed(note, tmp_path):
    out = tmp_path / "out"
    (out / "handout.pdf").mkdir(parents=True)
    result = run("build", "--content", str(note), "--out", str(out))
    assert result.exit_code == 2
    assert f"a folder named handout.pdf is in the way of the output handout.pdf; move it " \
           f"away or choose another --out; nothing in {out} was changed" in result.output
    assert sorted(p.name for p in out.iterdir()) == ["handout.pdf"]


def test_a_users_own_deck_in_out_is_refused_then_with_force_moved_aside_and_said(note, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "deck.pptx").write_bytes(b"my own deck")
    refused = run("build", "--content", str(note), "--out", str(out))
    assert refused.exit_code == 2, refused.output
    assert "deck.pptx was not made by notedeck" in refused.output
    assert sorted(p.name for p in out.iterdir()) == ["deck.pptx"]
    forced = run("build", "--content", str(note), "--out", str(out), "--force")
    assert forced.exit_code == 0, forced.output
    assert (f"moved {out / 'deck.pptx'} aside to {out / 'deck (yours).pptx'}: notedeck did "
            "not make it (--force)") in forced.output
    assert (out / "deck (yours).pptx").read_bytes() == b"my own deck"
    assert (out / "deck.pptx").read_bytes()[:2] == b"PK"
