"""figures/names.py: every figure by the name prose uses, formatted by the Formatter it is given."""

from __future__ import annotations

from notedeck.figures import core, names
from notedeck.figures.formatting import Formatter
from notedeck.pipeline.read import read
from support import BUNDLED

NOTE = read(BUNDLED)
FIGURES = core.compute(NOTE.scenario)
NAMES = names.build(NOTE.scenario, FIGURES, Formatter(), "Support team")


def test_the_bottleneck_figures_of_the_note():
    b = NAMES["bottleneck"]
    assert (b["total_baseline"], b["total_imagined"]) == ("2 h 14 min 20 s", "60.8 seconds")
    assert (b["writing_speedup"], b["end_to_end_speedup"]) == ("10,000×", "132.57×")
    assert b["workload"]["label"] == "app drafts"


def test_workloads_by_id_and_in_order():
    assert [w["id"] for w in NAMES["workloads"]] == ["endings", "apps", "candidates", "rehearsals"]
    endings = NAMES["w"]["endings"]
    assert (endings["count"], endings["total_tokens"], endings["time_baseline"]) == \
        ("1,000", "1,000,000", "2 h 46 min 40 s")
    assert NAMES["featured"] is NAMES["w"]["endings"]


def test_counts_in_words_and_the_audience():
    assert NAMES["w"]["apps"]["count_words"] == "forty"
    assert NAMES["audience"] == {"name": "Support team"}


def test_workload_prose_is_left_for_the_fill_stage():
    assert all(w["title"] == w["scene"] == w["still_scarce"] == "" for w in NAMES["workloads"])


def test_every_value_is_text_or_a_list_or_mapping_of_text():
    def plain(value) -> bool:
        if isinstance(value, dict):
            return all(plain(v) for v in value.values())
        if isinstance(value, list):
            return all(plain(v) for v in value)
        return isinstance(value, str)

    assert plain(NAMES)
