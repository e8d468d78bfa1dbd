"""`notedeck check`: every variant checked, every problem as file:line, naked numbers flagged."""

from __future__ import annotations

from click.testing import CliRunner

from support import check_note, small_note
from notedeck.commands.cli import main

from bad_input.helpers import snapshot

S1 = "sections/01-what-the-number-means.md"
MARGIN = "sections/01-the-margin.md"               # tests/notes/audiences


def edit(note, name: str, old: str, new: str) -> None:
    path = note / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def reported(note) -> str:
    return "\n".join(p.report() for p in check_note(note))


def naked(note) -> list[str]:
    return [str(p) for p in check_note(note) if "naked number" in p.message]


def test_the_bundled_note_is_clean(note):
    assert check_note(note) == []


def test_check_reports_every_variant_and_writes_nothing(tmp_path, monkeypatch):
    note = small_note("audiences", tmp_path)           # the note and three audiences
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    edit(note, "audiences/north-office.yaml", "backlog: 80", "backlog: many")
    edit(note, "scenarios.yaml", "arrivals: 25 ", "arrivals: lots")
    before = snapshot(note)
    result = CliRunner().invoke(main, ["check", "--content", str(note)])
    assert result.exit_code == 2
    assert f"error: {note / 'audiences/north-office.yaml'}:5:12: backlog: expected a whole " \
           "number from 0 to 100000, got 'many'" in result.output
    assert f"error: {note / 'scenarios.yaml'}:2:11: arrivals: expected a number from 0 to " \
           "10000, got 'lots'" in result.output
    assert result.output.count("arrivals:") == 1          # reported once, not per variant
    assert snapshot(note) == before and list(cwd.iterdir()) == []


def test_a_refused_scenario_is_the_only_thing_check_reports(note):
    """Audiences that replace the refused list still build, but no passage of the note is
    called stale against a scenario that could not be read."""
    edit(note, "scenarios.yaml", "count: 40", "count: ten")
    problems = check_note(note)
    assert [(p.where.key, p.message, p.severity) for p in problems] == [
        ("workloads[1].count", "expected a whole number from 1 to 1,000,000,000, got 'ten'",
         "error")]


def test_naked_numbers_are_flagged_where_they_are_typed(note):
    edit(note, S1, "take about {{ workloads[0].seconds_imagined }}", "take about 0.8 seconds")
    edit(note, "scenarios.yaml", "drafts arrive before", "drafts, 40 of them, arrive before")
    edit(note, "audiences/support-team.yaml", "is being retired.", "is being retired in 12 days.")
    edit(note, "note.yaml", "Sources checked", "Read by 10,000 people. Sources checked")
    found = naked(note)
    assert f"{note / S1}:37: naked number '0.8' typed into prose" in found[-1]
    assert any(f"{note / 'scenarios.yaml'}:45: workloads[1].scene: naked number '40' typed into "
               "prose; it matches {{ workloads['apps'].count }}" in f for f in found)
    assert any(f"{note / 'audiences/support-team.yaml'}:45: scenarios.workloads[2].scene: naked "
               "number '12'" in f for f in found)
    assert any(f"{note / 'note.yaml'}:78: boundaries[2]: naked number '10,000'" in f for f in found)
    assert len(found) == 4


def test_naked_numbers_are_warnings_unless_strict(tmp_path):
    note = small_note("audiences", tmp_path)
    edit(note, MARGIN, "{{ backlog }} waiting today", "120 waiting today")
    relaxed = CliRunner().invoke(main, ["check", "--content", str(note)])
    strict = CliRunner().invoke(main, ["check", "--content", str(note), "--strict"])
    assert relaxed.exit_code == 0 and "1 warning(s)" in relaxed.output
    assert strict.exit_code == 2 and "warning: " in strict.output and "--strict" in strict.output


def test_years_dates_names_and_markup_are_not_naked_numbers(note):
    edit(note, S1, "take about {{ workloads[0].seconds_imagined }} to write.",
         "take about {{ workloads[0].seconds_imagined }} to write, as in 2024 and on 2 October 2026 "
         "or March 3, on an H100 or GPT-4, with Claude Opus 5.5 and Widget 3000.\n\n"
         "1. an ordered list's own numbers\n2. are markup\n\n<!-- a comment: 42 -->")
    edit(note, "note.yaml", "boundaries:", "names_with_numbers: [Widget 3000]\nboundaries:")
    assert naked(note) == []


def test_an_audience_s_own_names_with_numbers_are_names_in_its_files(note):
    edit(note, "audiences/hospital-admin.yaml", "four jobs share a shape",
         "four jobs share a shape on Ward 7B")
    assert any("naked number '7'" in f for f in naked(note))
    edit(note, "audiences/hospital-admin.yaml", "\nnote:\n", "\nnote:\n  names_with_numbers: "
                                                          "[Ward 7B]\n")
    assert naked(note) == []


def test_a_worksheet_is_prose(note):
    name = "sections/05-use-it-this-week.md"
    edit(note, name, "two or three, so the most fluent", "2 or 3, so the most fluent")
    found = naked(note)
    assert [f.split(" typed")[0] for f in found] == [
        f"{note / name}:62: naked number '2'", f"{note / name}:62: naked number '3'"]


def test_an_audience_s_passages_note_fields_and_own_sections_are_prose(note):
    edit(note, "audiences/hospital-admin.yaml", "four jobs share a shape", "4 jobs share a shape")
    edit(note, "audiences/hospital-admin.yaml", "  footer: One million", "  footer: 3 million")
    own = note / "audiences/hospital-admin/sections"
    own.mkdir(parents=True)
    (own / "06-ward.md").write_text("---\nnumber: 6\ntitle: Ward\nheadline: Ours\n---\n\n"
                                    "## A slide\n\nOn 12 wards.\n\n### Notes\n\nSaid.\n",
                                    encoding="utf-8")
    found = [f.split(" typed")[0] for f in naked(note)]
    hospital = note / "audiences/hospital-admin.yaml"
    lines = hospital.read_text(encoding="utf-8").split("\n")
    footer = next(n for n, line in enumerate(lines, start=1) if "footer: 3 million" in line)
    assert f"{hospital}:{footer}: note.footer: naked number '3'" in found
    assert any(f.startswith(f"{hospital}:") and "passages.pattern: naked number '4'" in f
               for f in found)
    assert f"{own / '06-ward.md'}:9: naked number '12'" in found
