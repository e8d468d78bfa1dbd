"""figures/names.py: every figure by the name prose uses, formatted by the Formatter it is given."""

from __future__ import annotations

from notedeck.figures import core, names
from notedeck.figures.formatting import Formatter
from notedeck.build.read import read
from support import BUNDLED

NOTE = read(BUNDLED)
FIGURES = core.compute(NOTE.scenario)
NAMES = names.build(NOTE.scenario, FIGURES, Formatter(), "Support team")


def test_the_bottleneck_figures_of_the_note():
    b = NAMES["bottleneck"]
    assert (b["total_baseline"], b["total_imagined"]) == (
        "2\u00a0hours, 14\u00a0minutes and 20\u00a0seconds", "60.8\u00a0seconds")
    assert b["check"] == "60\u00a0seconds"
    assert (b["writing_speedup"], b["end_to_end_speedup"]) == ("10,000×", "132.57×")
    assert b["workload"]["label"] == "app drafts"


def test_workloads_by_id_and_in_order():
    assert [w["id"] for w in NAMES["workloads"]] == ["endings", "apps", "candidates", "rehearsals"]
    endings = NAMES["w"]["endings"]
    assert (endings["count"], endings["total_tokens"], endings["time_baseline"]) == \
        ("1,000", "1,000,000", "2\u00a0hours, 46\u00a0minutes and 40\u00a0seconds")
    assert NAMES["featured"] is NAMES["w"]["endings"]


def test_counts_in_words_and_the_audience():
    assert NAMES["w"]["apps"]["count_words"] == "forty"
    assert NAMES["audience"] == {"name": "Support team"}


def test_workload_prose_is_left_for_the_fill_stage():
    assert all(w["title"] == w["scene"] == w["still_scarce"] == "" for w in NAMES["workloads"])


def test_every_value_is_text_or_a_list_or_mapping_of_text():
    """...except the yes/no facts (has_check) that {% if %} tests and nothing prints."""
    def plain(value, key="") -> bool:
        if isinstance(value, dict):
            return all(plain(v, k) for k, v in value.items())
        if isinstance(value, list):
            return all(plain(v) for v in value)
        return isinstance(value, bool) if key.startswith("has_") else isinstance(value, str)

    assert plain(NAMES)


def test_labels_and_words_that_follow_the_figures():
    assert NAMES["w"]["apps"]["singular"] == "app draft"
    assert NAMES["w"]["apps"]["counted_words"] == "forty app drafts"
    assert NAMES["bottleneck"]["check_label"] == "test run"
    assert NAMES["writing"] == {"baseline_span": "hours to days",
                                "imagined_span": "fractions of a second to seconds",
                                "baseline_scale": "days", "imagined_scale": "seconds",
                                "drafting": "nearly free"}
    assert [c["gain"] for c in NAMES["checks"]] == [
        "the whole gain remains", "most of the gain is lost", "most of the gain is lost",
        "the gain all but vanishes"]
    assert names.build(NOTE.scenario, FIGURES, Formatter("en-US"))["w"]["apps"]["count_words"] \
        == "forty"
