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
    assert figures["bottleneck.check"] == ("2\u00a0hours", "12\u00a0hours")
    assert figures["w.replies.label"] == ("reply drafts", None)
    assert figures["w.scripts.label"] == (None, "analysis scripts")
    assert "speeds.imagined_rate" not in figures                 # the same on both sides
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
    assert any(line.split() == ["bottleneck.check", "60", "seconds", "45", "minutes"] for line in lines)
    assert any(line.startswith("Slides that differ: ") for line in lines)
    assert any("w.quizzes (workload)" in line for line in lines)


def test_a_single_scenario_file_is_compared_with_the_note_and_nothing_else_is_allowed(note):
    assert run("--content", str(note)).exit_code == 2
    assert run("--content", str(note), "--audience", "a", "--scenarios", "b").exit_code == 2
    bad = run("--content", str(note), "--audience", "nobody")
    assert bad.exit_code == 2 and "unknown audience 'nobody'" in bad.output


def test_slides_are_numbered_as_the_deck_numbers_them_and_rows_show_what_changed(note, tmp_path):
    """A slide continued on the next counts twice, as in deck.pptx; a changed row shows the
    words that changed, not a line cut short."""
    from pptx import Presentation

    from support import build

    section = note / "sections" / "01-what-the-number-means.md"
    text = section.read_text(encoding="utf-8")
    more = "".join(f"- **Another reading {n}**: a sentence long enough to need most of a line "
                   f"on the slide, number {n} of many\n" for n in range(1, 13))
    section.write_text(text.replace("<!-- passage: not-writing-speed -->\n",
                                    "<!-- passage: not-writing-speed -->\n" + more),
                       encoding="utf-8")
    build(note, tmp_path / "out")
    titles = [s.shapes.title.text if s.shapes.title is not None else ""
              for s in Presentation(str(tmp_path / "out" / "deck.pptx")).slides]
    memory = [n for n, t in enumerate(titles, start=1) if t.startswith("Memory is not")]
    assert len(memory) >= 2                                        # continued
    result = run("--content", str(note), "--audience", "support-team")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    dial = next(line for line in lines if "Turn the dial" in line)
    assert dial.split()[1] == str(titles.index("Turn the dial") + 1)
    at = lines.index(dial)
    assert "[-story endings (1,000,000-]{+reply drafts (200,000+} tokens)" in lines[at + 1]
    diff = json.loads(run("--content", str(note), "--audience", "support-team", "--json").output)
    row = next(c for c in diff["slides"] if c["left"] and c["left"]["title"] == "Turn the dial")
    assert row["left"]["number"] == str(titles.index("Turn the dial") + 1)
    assert {"before": "at 100 tokens/sec,", "left": "0.8", "right": "0.2",
            "after": "seconds at 1,000,000"} in row["words"]
