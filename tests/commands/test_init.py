"""A note folder is where you are: `init` starts one and says what to run next; inside it,
build, check, figures and watch use that note and write to its own output/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pptx import Presentation

from notedeck.commands.cli import main

WAITING = Path(__file__).resolve().parents[2] / "src" / "notedeck" / "notes" / "waiting-in-line"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def mynote(tmp_path, monkeypatch):
    """`notedeck init mynote && cd mynote`."""
    monkeypatch.chdir(tmp_path)
    started = run("init", "mynote")
    assert started.exit_code == 0, started.output
    monkeypatch.chdir(tmp_path / "mynote")
    return started.output


def test_init_says_the_next_command_and_copies_one_example_audience(mynote, tmp_path):
    assert mynote.splitlines()[-1] == "  cd mynote && notedeck build"
    # the first audience by name that is one file, with no folder of its own
    assert "with the example audience hospital-admin; --with-examples copies all 5" in mynote
    assert sorted(p.name for p in (tmp_path / "mynote" / "audiences").iterdir()) == \
        ["hospital-admin.yaml"]
    assert (tmp_path / "mynote" / "template.pptx").is_file()


def test_init_with_examples_copies_every_audience(tmp_path):
    result = run("init", str(tmp_path / "all"), "--with-examples")
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "all" / "audiences").iterdir())
    assert names == ["equipe-lyon", "equipe-lyon.yaml", "hospital-admin.yaml",
                     "research-lab.yaml", "support-team.yaml", "team-berlin", "team-berlin.yaml"]
    assert "--with-examples" not in result.output


def test_init_lists_its_examples_and_refuses_an_unknown_one(tmp_path):
    listed = run("init", "--list")
    assert listed.exit_code == 0 and listed.output.startswith("million-tokens ")
    unknown = run("init", str(tmp_path / "x"), "--example", "milion-tokens")
    assert unknown.exit_code == 2
    assert "--example: no bundled note called 'milion-tokens'; did you mean " \
           "'million-tokens'?" in unknown.stderr
    assert not (tmp_path / "x").exists()
    assert run("init").exit_code == 2


def test_init_list_names_both_notes_with_their_audiences():
    listed = run("init", "--list").output.splitlines()
    assert [line.split()[0] for line in listed] == ["million-tokens", "waiting-in-line"]
    assert listed[0].endswith("(the default); 5 example audiences")
    assert listed[1] == ("waiting-in-line      why a team that is 90% busy makes work wait nine "
                         "times longer than one that is 50% busy; 1 example audience")


def test_init_example_copies_the_note_with_its_audience(tmp_path):
    result = run("init", "--example", "waiting-in-line", str(tmp_path / "q"))
    assert result.exit_code == 0, result.output
    assert "from the bundled example waiting-in-line, with the example audience " \
           "planning-office" in result.output
    copied = sorted(p.relative_to(tmp_path / "q").as_posix()
                    for p in (tmp_path / "q").rglob("*") if p.is_file())
    assert copied == ["audiences/planning-office.yaml", "model.yaml", "note.yaml",
                      "scenarios.yaml", "sections/01-busy-is-not-free.md",
                      "sections/02-one-formula.md", "sections/03-teams.md",
                      "sections/04-real-queues.md", "sections/05-use-it-this-week.md",
                      "template.pptx"]
    assert (tmp_path / "q" / "model.yaml").read_bytes() == (WAITING / "model.yaml").read_bytes()


def test_a_title_edited_in_the_new_note_is_the_decks_title(mynote, tmp_path):
    note = tmp_path / "mynote" / "note.yaml"
    note.write_text(note.read_text(encoding="utf-8").replace(
        "title: One million tokens a second\n", "title: Council finance workshop\n", 1),
        encoding="utf-8")
    built = run("build")
    assert built.exit_code == 0, built.stderr
    assert built.stdout.splitlines()[0] == "wrote output/deck.pptx (25 slides)"
    assert "bundled" not in built.stderr
    deck = Presentation(str(tmp_path / "mynote" / "output" / "deck.pptx"))
    assert deck.slides[0].shapes.title.text == "Council finance workshop"
    assert not (tmp_path / "output").exists()
    again = run("build")
    assert again.stdout.endswith("nothing changed since the last build\n")


def test_check_and_figures_read_the_note_you_are_in(mynote, tmp_path):
    scenarios = tmp_path / "mynote" / "scenarios.yaml"
    scenarios.write_text(scenarios.read_text(encoding="utf-8").replace(
        "count: 40\n", "count: 50\n"), encoding="utf-8")
    checked = run("check")
    assert checked.exit_code == 0 and checked.stdout == "mynote: no problems\n"
    figures = run("figures", "--json")
    assert '"workloads[\'apps\'].count": "50"' in figures.stdout


def test_only_the_notes_own_output_folder_may_be_inside_it(mynote, tmp_path):
    inside = run("build", "--out", "sections/out")
    assert inside.exit_code == 2
    assert "the output folder is inside the note's folder" in inside.stderr
    from notedeck.infra.outfolder import check_destination

    check_destination(Path("output/draft"), Path("."))        # the note's own output/: allowed


def test_with_no_note_here_the_bundled_example_is_built_and_said_so(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("check")
    assert result.exit_code == 0
    assert "no note here (no note.yaml in this folder, no content/ folder): using the " \
           "bundled example note; 'notedeck init DIR' starts your own" in result.stderr
    assert re.fullmatch(r".*notes[/\\][\w-]+: no problems\n", result.stdout)
