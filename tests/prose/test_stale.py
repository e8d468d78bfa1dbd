"""The stale-wording check: the note's own labels, check phrases and bound sentences in a variant that replaced them."""

from __future__ import annotations

import re

from support import gather
from support import check_note

S3 = "sections/03-the-serial-bottleneck.md"
S4 = "sections/04-what-gets-precious.md"


def copy_without_overrides(note) -> str:
    """The hospital audience with only its workloads and bottleneck numbers: no passages,
    no note fields, no check label or example."""
    text = (note / "audiences/hospital-admin.yaml").read_text(encoding="utf-8")
    text = text.split("\npassages:")[0]
    text = re.sub(r"\nnote:\n(?:.*\n)*?(?=\nscenarios:)", "\n", text)
    text = re.sub(r"\n    check_(label|example):.*", "", text)
    (note / "audiences/hospital-copy.yaml").write_text(text, encoding="utf-8")
    return "hospital-copy"


def stale(problems) -> list[str]:
    return [p.report() for p in problems if "note's own" in p.message
            or "repeats a passage" in p.message]


def test_the_bundled_note_and_its_audiences_have_no_stale_wording(note):
    assert stale(check_note(note)) == []


def test_a_copy_of_the_hospital_audience_without_its_overrides_is_stale(note):
    name = copy_without_overrides(note)
    found = stale(gather(note, name).warnings)
    assert found, "the copy keeps the note's check label and example"
    assert (f"warning: {note / S3}:18: 'test run' is the note's own check label "
            f"(scenarios.yaml:87), but audience '{name}' follows 'discharge summaries'; give it "
            "its own scenarios.bottleneck.check_label") in found
    assert any("'a run of the test suite, or a colleague's first look' is the note's own check "
               "example (scenarios.yaml:88)" in f for f in found)
    strict = check_note(note, strict=True)
    assert any("hospital-copy" in p.message for p in strict)


def test_a_label_of_a_replaced_workload_in_general_prose_is_named_with_its_line(note):
    path = note / S4
    text = path.read_text(encoding="utf-8")
    old = "it measures output, nothing more"
    assert old in text
    path.write_text(text.replace(old, "it counts app drafts, nothing more"), encoding="utf-8")
    line = text.split("\n").index("- **Volume is not understanding**: " + old) + 1
    found = stale(gather(note, "research-lab").warnings)
    assert found == [f"warning: {path}:{line}: 'app drafts' names the note's own item 'apps' of "
                     "workloads (scenarios.yaml:38), which audience 'research-lab' replaces; reword it, or "
                     "mark the passage <!-- item: apps -->"]
    assert stale(gather(note).warnings) == []                     # the note itself has apps


def test_a_sentence_copied_out_of_a_bound_passage_is_stale(note):
    path = note / S4
    text = path.read_text(encoding="utf-8")
    copied = ("The catalyst experiment makes the fourth hat concrete: a reaction takes hours, "
              "a culture days and a field trial a whole season")
    path.write_text(text.replace("Speed does not make any of this free.",
                                 copied + ". Speed does not make any of this free."), encoding="utf-8")
    found = stale(gather(note, "support-team").warnings)
    assert len(found) == 1 and "this text repeats a passage for the item " \
        "'candidates' (04-what-gets-precious.md:" in found[0]


def test_a_scenario_file_is_checked_like_an_audience(note, three_workloads):
    path = note / S4
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("nothing more\n", "nothing more, like story endings\n", 1),
                    encoding="utf-8")
    found = stale(gather(note, scenarios_file=three_workloads).warnings)
    assert any("'story endings' names the note's own item 'endings'" in f
               and "which this scenario file replaces" in f for f in found)
