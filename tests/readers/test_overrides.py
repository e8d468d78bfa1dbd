"""An audience retells the note: note fields, passages replaced, dropped or added to, own sections."""

from __future__ import annotations

import pytest

from notedeck.stages.compose import compose
from notedeck.errors import NotedeckError
from notedeck.deck import ContentSlide, strings
from notedeck.readers import passages
from support import gather

S1 = "sections/01-what-the-number-means.md"
S5 = "sections/05-use-it-this-week.md"
LADDERS = "ladders are due back in seven days"


def audience(note, text: str, name: str = "trial") -> str:
    (note / "audiences" / f"{name}.yaml").write_text(text, encoding="utf-8")
    return name


def deck_text(source) -> str:
    deck, _ = compose(source)
    return " ".join(strings(deck)).replace("\u00a0", " ")


def titles(source) -> list[str]:
    return [s.title for s in compose(source)[0].slides if isinstance(s, ContentSlide)]


def test_an_audience_changes_note_fields_and_keeps_the_rest(note):
    name = audience(note, "name: Trial\nnote:\n  date: 2027-03-04\n  footer: A trial footer\n"
                          "  boundaries: [Only this boundary.]\n")
    deck, _ = compose(gather(note, name))
    assert (deck.meta.date, deck.meta.footer) == ("4 March 2027", "A trial footer")
    assert deck.handout.boundaries == ("Only this boundary.",)
    assert deck.meta.author == "notedeck field notes"                 # from note.yaml


def test_a_bad_note_field_in_an_audience_is_reported_in_the_audience_file(note):
    name = audience(note, "name: Trial\nnote:\n  date: someday\n")
    with pytest.raises(NotedeckError) as info:
        gather(note, name)
    assert str(info.value) == (f"{note / 'audiences/trial.yaml'}:3:9: date: expected a date "
                               "written YYYY-MM-DD, got 'someday'")


def test_a_passage_is_replaced_dropped_or_added_to(note):
    name = audience(note, """name: Trial
passages:
  streams:
  done-example: |
    A trial example of {{ workloads['apps'].count.counted }}.
  more-drafts:
    after: |
      ## An added slide

      - **New**: a point

      ### Notes

      Said at {{ bottleneck.check }}.
""")
    source = gather(note, name)
    shown = titles(source)
    assert "Many streams or one fast agent?" not in shown
    assert shown[shown.index("More drafts are not better answers") + 1] == "An added slide"
    text = deck_text(source)
    assert "A trial example of 40 app drafts." in text and LADDERS not in text
    added = next(s for sec in source.sections for s in sec.slides if s.title == "An added slide")
    assert added.file == note / "audiences/trial.yaml" and added.line == 8
    assert added.notes == ["Said at 60\u00a0seconds."]


def test_a_passage_bound_to_an_item_shows_only_with_that_item(note, three_workloads):
    assert LADDERS in deck_text(gather(note))
    assert LADDERS not in deck_text(gather(note, "support-team"))
    assert LADDERS not in deck_text(gather(note, scenarios_file=three_workloads))
    hidden = gather(note, "support-team").sections[4].hidden
    assert {(p.name, p.item) for p in hidden} == {("done-example", "apps")}


def test_an_audience_section_file_replaces_the_note_s_or_adds_one(note):
    own = note / "audiences" / "trial" / "sections"
    own.mkdir(parents=True)
    (own / "05-use-it-this-week.md").write_text(
        "---\nnumber: 5\ntitle: Our week\nheadline: Ours\n---\n\n## Our only slide\n\nText.\n\n"
        "### Notes\n\nSaid.\n", encoding="utf-8")
    (own / "06-extra.md").write_text(
        "---\nnumber: 6\ntitle: Extra\nheadline: More\n---\n\n## An extra slide\n\n"
        "Text.\n\n### Notes\n\nSaid.\n", encoding="utf-8")
    name = audience(note, "name: Trial\n")
    source = gather(note, name)
    assert [s.title for s in source.sections] == [
        "What the number means", "Thought experiments", "The serial bottleneck",
        "What gets precious", "Our week", "Extra"]
    assert source.sections[4].file == own / "05-use-it-this-week.md"
    assert [s.title for s in gather(note).sections][-1] == "Use it this week"


def test_a_passage_no_section_marks_is_an_error_with_a_did_you_mean(note):
    name = audience(note, "name: Trial\npassages:\n  done-exmaple: Text.\n")
    with pytest.raises(NotedeckError) as info:
        gather(note, name)
    message = str(info.value)
    assert message.startswith(f"{note / 'audiences/trial.yaml'}:3: passages.done-exmaple: no "
                              "section marks a passage 'done-exmaple'; did you mean "
                              "'done-example'? Passages in this note: ")
    assert "experiments-notes" in message


@pytest.mark.parametrize("marker, line, expected", [
    ("<!-- passage: one -->\nText.\n", 1, "this passage is never closed"),
    ("Text.\n<!-- end -->\n", 2, "'<!-- end -->' without a passage to close"),
    ("<!-- passage: one -->\n<!-- passage: two -->\n<!-- end -->\n", 2,
     "passages cannot be nested; close the passage opened on line {first}"),
    ("<!-- passage: One Two -->\nText.\n<!-- end -->\n", 1,
     "a passage name is lower-case letters, digits, '-' and '_', got 'One Two'"),
    ("<!-- item: aps -->\nText.\n<!-- end -->\n", 1,
     "unknown item 'aps' in this passage; did you mean 'apps'?"),
    ("<!-- pasage: one -->\n", None, None),        # not a marker: an ordinary comment
])
def test_marker_mistakes_are_errors_at_their_line(note, marker, line, expected):
    path = note / S1
    text = path.read_text(encoding="utf-8")
    first = text.split("\n").index("# Handout") + 2              # the line after '# Handout'
    path.write_text(text.replace("# Handout\n", "# Handout\n" + marker, 1), encoding="utf-8")
    if expected is None:
        gather(note)
        return
    with pytest.raises(NotedeckError) as info:
        gather(note)
    assert f"{path}:{first + line - 1}: {expected.format(first=first)}" in str(info.value)


def test_a_bound_passage_may_name_the_audience_s_own_workloads(note):
    """...and in the note's own build it is left out with a warning (a misspelt one is an
    error: see the marker mistakes above)."""
    path = note / S5
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("# Handout\n", "# Handout\n\n<!-- item: replies -->\n"
                                 "Only for {{ workloads['replies'].label }}.\n<!-- end -->\n", 1),
                    encoding="utf-8")
    assert "Only for reply drafts." in deck_text(gather(note, "support-team"))
    source = gather(note)
    assert "Only for" not in deck_text(source)
    assert [w.report() for w in source.warnings] == [
        f"warning: {path}:{path.read_text().split(chr(10)).index('<!-- item: replies -->') + 1}"
        ": neither scenarios.yaml nor this variant has the item 'replies', so this passage is "
        "left out; remove it, or name one of: apps, candidates, endings, rehearsals"]


def test_a_scenario_whose_workload_merely_resembles_a_bound_one_leaves_the_passage_out(note):
    """'apps' is no slip for 'ap' (found by the property test): the note's own scenario
    renamed its workload, so the passages bound to 'apps' are left out with a warning."""
    scenario = note / "scenarios.yaml"
    scenario.write_text(scenario.read_text(encoding="utf-8").replace("apps", "ap"), "utf-8")
    source = gather(note)
    assert LADDERS not in deck_text(source)
    lines = (note / S5).read_text(encoding="utf-8").split("\n")
    bound = [i + 1 for i, line in enumerate(lines) if "item: apps" in line]
    assert [w.report() for w in source.warnings if "'apps'" in w.report()] == [
        f"warning: {note / S5}:{line}: neither scenarios.yaml nor this variant has the item "
        "'apps', so this passage is left out; remove it, or name one of: ap, candidates, "
        "endings, rehearsals" for line in bound]


def test_a_workload_one_letter_away_from_a_bound_one_is_still_a_misspelling(note):
    scenario = note / "scenarios.yaml"
    scenario.write_text(scenario.read_text(encoding="utf-8").replace("apps", "app"), "utf-8")
    with pytest.raises(NotedeckError) as info:
        gather(note)
    assert (f"{note / S5}:19: unknown item 'apps' in this passage; did you mean 'app'? "
            "Expected one of: app, candidates, endings, rehearsals") in str(info.value)


@pytest.mark.parametrize("workload, known, meant", [
    ("aps", ["apps"], "apps"),                     # a letter dropped
    ("appps", ["apps"], "apps"),                   # ...added
    ("apzs", ["apps"], "apps"),                    # ...changed
    ("paps", ["apps"], "apps"),                    # two neighbours swapped
    ("rehearsal", ["apps", "rehearsals"], "rehearsals"),
    ("apps", ["ap"], None),                        # two letters: another workload
    ("ap", ["ab"], None),                          # too short to tell a slip from a name
    ("apps", ["spap"], None),
    ("candidates", ["endings"], None),
])
def test_a_misspelling_is_one_slip_of_the_keyboard(workload, known, meant):
    assert passages.misspelling_of(workload, known) == meant


def test_errors_in_replacement_text_name_the_audience_file_and_line(note):
    name = audience(note, "name: Trial\npassages:\n  pattern: |\n    First line.\n"
                          "    {{ workloads['apps'].cont }} here.\n")
    with pytest.raises(NotedeckError) as info:
        gather(note, name)
    assert str(info.value).startswith(f"{note / 'audiences/trial.yaml'}:5: unknown figure name "
                                      "'workloads['apps'].cont'")


def test_british_and_american_number_words(note):
    path = note / "scenarios.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("count: 40\n", "count: 120\n", 1),
                    encoding="utf-8")
    assert gather(note).names["workloads"]["apps"]["count"].words == "one\u00a0hundred\u00a0and\u00a0twenty"
    name = audience(note, "name: Trial\nnote:\n  locale: en-US\n")
    assert gather(note, name).names["workloads"]["apps"]["count"].words == "one\u00a0hundred\u00a0twenty"


def test_a_count_of_one_reads_in_the_singular(note):
    path = note / "scenarios.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("count: 40\n", "count: 1\n", 1),
                    encoding="utf-8")
    source = gather(note)
    assert source.names["workloads"]["apps"]["count"].counted == "1\u00a0app draft"
    assert source.names["workloads"]["apps"]["count"].counted_words == "one app draft"
    table = next(s.table for s in compose(source)[0].slides if getattr(s, "table", None)
                 and s.table.name == "budgets")
    assert table.rows[1][0] == "1\u00a0app draft × 20,000"
    assert "1 app drafts" not in deck_text(source)
