"""figures/shown.py: every input and figure by its model path, as prose shows it, with its
other forms as attributes; lists by position and by id; refs read as their item."""

from __future__ import annotations

import pytest

from notedeck.stages.read import read
from notedeck.figures import shown
from notedeck.figures.formatting import Formatter
from notedeck.figures.forms import Forms
from notedeck.figures import listing
from notedeck.figures.listing import flatten
from notedeck.figures.texts import Writer
from notedeck.prose.filling import fill
from support import BUNDLED

NOTE = read(BUNDLED)
EVALUATION = NOTE.model.evaluate(NOTE.inputs)


def names(locale: str = "en-GB") -> dict:
    words = NOTE.words
    return shown.names(Writer(EVALUATION, Forms(Formatter(locale), words.unit_words(),
                                                NOTE.model.units), words))


NAMES = names()


def test_the_bottleneck_figures_of_the_note():
    featured = NAMES["bottleneck"]["featured"]
    assert (featured["total_baseline"], featured["total_imagined"]) == (
        "2\u00a0hours, 14\u00a0minutes and 20\u00a0seconds", "60.8\u00a0seconds")
    assert (featured["writing_speedup"], featured["end_to_end_speedup"]) == ("10,000×", "132.57×")
    assert featured["end_to_end_speedup"].plain == "132.57"
    assert featured["total_baseline"].plain == "8,060"
    assert featured["has_check"] is True


def test_a_ref_reads_as_the_item_it_names():
    assert NAMES["bottleneck"]["workload"]["label"] == "app drafts"
    assert NAMES["bottleneck"]["workload"]["count"].counted_words == "forty app drafts"
    assert NAMES["bottleneck"]["workload"] == NAMES["workloads"]["apps"]


def test_items_by_position_and_by_id():
    items = NAMES["workloads"]
    assert [w["id"] for w in items] == ["endings", "apps", "candidates", "rehearsals"]
    assert items[0] is items["endings"]
    endings = items["endings"]
    assert (endings["count"], endings["total_tokens"], endings["seconds_baseline"]) == \
        ("1,000", "1,000,000", "2\u00a0hours, 46\u00a0minutes and 40\u00a0seconds")


def test_other_forms_by_attribute():
    count = NAMES["workloads"]["apps"]["count"]
    assert (count.words, count.Words, count.counted, count.counted_words) == (
        "forty", "Forty", "40\u00a0app drafts", "forty app drafts")
    assert NAMES["speeds"]["imagined"] == "1,000,000\u00a0tokens/sec"
    assert NAMES["speeds"]["imagined"].plain == "1,000,000"
    assert NAMES["speeds"]["dial"] == ["100", "1K", "10K", "100K", "1M"]
    assert "counted" not in NAMES["throughput"]["streams"]._forms()     # no item, no noun


def test_prose_reads_paths_and_forms():
    text = ("{{ workloads['apps'].count.words }} {{ workloads.apps.label }}, "
            "{{ bottleneck.workload.count.counted }}; {{ (bottleneck.rows | last).gain }}")
    assert fill(text, NAMES, "x.md") == \
        "forty app drafts, 40\u00a0app drafts; the gain all but vanishes"


def test_a_form_the_figure_lacks_is_named_with_those_it_has():
    from notedeck.errors import NotedeckError

    with pytest.raises(NotedeckError) as info:
        fill("{{ speeds.writing_speedup.wordz }}", NAMES, "x.md")
    message = str(info.value)
    assert "'speeds.writing_speedup' has no form 'wordz'" in message and "plain" in message


def test_prose_is_in_its_language():
    german = names("de-DE")
    assert german["workloads"]["apps"]["count"].words == "vierzig"
    assert german["bottleneck"]["featured"]["total_imagined"] == "60,8\u00a0Sekunden"


def test_the_listing_names_items_by_id_and_leaves_prose_out():
    rows = dict(flatten(NAMES))
    assert rows["workloads['apps'].count"] == "40"
    assert rows["bottleneck.workload"] == "apps"
    assert rows["bottleneck.featured.end_to_end_speedup"] == "132.57×"
    assert (rows["bottleneck.featured.has_check"], rows["bottleneck.rows[0].has_check"]) == (
        "True", "False")                                   # as the build id records them
    said = dict(flatten(NAMES, flag=listing.said))           # as `notedeck figures` prints them
    assert (said["bottleneck.featured.has_check"], said["bottleneck.rows[0].has_check"]) == (
        "yes", "no")
    assert not any(name.endswith((".scene", ".still_scarce", ".title")) for name in rows)
    assert not any(name.startswith(("bottleneck.curve", "bottleneck.positions",
                                    "speeds.positions")) for name in rows)


def test_an_id_with_markdown_signs_is_found_as_written(tmp_path):
    """A shown id is escaped Markdown (a_b reads a\\_b); lists and refs find items by the id
    as the scenario file writes it."""
    import shutil

    from notedeck.commands.folders import BLANK

    note = tmp_path / "note"
    shutil.copytree(BLANK.folder, note)
    scenarios = note / "scenarios.yaml"
    scenarios.write_text(scenarios.read_text().replace("id: reports", "id: weekly_reports"))
    read_note = read(note)
    evaluation = read_note.model.evaluate(read_note.inputs)
    words = read_note.words
    made = shown.names(Writer(evaluation, Forms(Formatter("en-GB"), words.unit_words(),
                                                read_note.model.units), words))
    assert made["tasks"]["weekly_reports"] is made["tasks"][0]
    assert made["tasks"][0]["label"] == "weekly reports"
