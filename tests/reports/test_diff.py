"""`notedeck diff`: the figures, slides and handout passages that differ between two variants."""

from __future__ import annotations

import json

from click.testing import CliRunner

from notedeck.commands.cli import main


def run(*args: str):
    return CliRunner().invoke(main, ["diff", *args])


def test_two_audiences_as_json(note):
    result = run("--content", str(note), "--audience", "support-team", "--audience",
                 "research-lab", "--json")
    assert result.exit_code == 0, result.output
    diff = json.loads(result.output)
    assert (diff["left"], diff["right"]) == ("audience support-team", "audience research-lab")
    figures = {f["name"]: (f["left"], f["right"]) for f in diff["figures"]}
    assert figures["bottleneck.check"] == ("2\u00a0h", "12\u00a0h")
    assert figures["workloads['replies'].label"] == ("reply drafts", None)
    assert figures["workloads['scripts'].label"] == (None, "analysis scripts")
    assert "speeds.imagined" not in figures                      # the same on both sides
    changed = [(c["left"]["title"], c["right"]["title"]) for c in diff["slides"]
               if c["change"] == "changed"]
    assert ("A reply for every ticket in the queue", "A reading list summarised overnight") in changed
    assert all(c["change"] in ("changed", "left only", "right only") for c in diff["slides"])
    assert any(c["left"] and c["left"]["section"] == "02" for c in diff["handout"])


def test_an_audience_against_the_note_shows_dropped_and_added_slides(note):
    diff = json.loads(run("--content", str(note), "--audience", "hospital-admin", "--json").output)
    only = {(c["change"], (c["left"] or c["right"])["title"]) for c in diff["slides"]
            if c["change"] != "changed"}
    assert ("left only", "Many streams or one fast agent?") in only
    assert ("right only", "Sign-off is where the judgement lives") in only
    passages = [c for c in diff["handout"] if c["right"] and "four jobs share a shape"
                in c["right"]["text"]]
    assert passages and passages[0]["left"]["text"].startswith("Set side by side")


def test_two_scenario_files_and_the_readable_table(note, three_workloads):
    result = run("--content", str(note), "--scenarios", str(note / "scenarios.yaml"),
                 "--scenarios", str(three_workloads))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"left:  scenarios {note / 'scenarios.yaml'}"
    assert any(line.split() == ["bottleneck.check", "60", "seconds", "45", "min"] for line in lines)
    assert any(line.startswith("Slides that differ: ") for line in lines)
    assert any("workloads['quizzes'] (item)" in line for line in lines)


def test_a_single_scenario_file_is_compared_with_the_note_and_nothing_else_is_allowed(note):
    assert run("--content", str(note)).exit_code == 2
    assert run("--content", str(note), "--audience", "a", "--scenarios", "b").exit_code == 2
    bad = run("--content", str(note), "--audience", "nobody")
    assert bad.exit_code == 2 and "unknown audience 'nobody'" in bad.output
