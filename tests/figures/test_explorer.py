"""figures/explorer.py: the dial and check slider at every position, formatted by the note's Formatter."""

from __future__ import annotations

import pytest

from notedeck.figures import explorer, tables
from notedeck.figures import formatting as fmt
from support import gather

NB = "\u00a0"


def shown(text: str) -> str:
    """No-break spaces (a number kept with its unit) read as spaces."""
    return text.replace(NB, " ")


@pytest.fixture(scope="module")
def note():
    from pathlib import Path

    return gather(Path(__file__).resolve().parents[2] / "src" / "notedeck" / "bundled")


@pytest.fixture(scope="module")
def built(note):
    return explorer.build(note.scenario, note.figures, note.fmt)


def test_it_opens_where_the_deck_is(note, built):
    start = built.checks[built.check_start]
    assert start.stats == tables.bottleneck_stats(note.figures, note.fmt)
    assert shown(start.label) == "60 seconds" and shown(start.stop) == "1 min"
    dial = built.dial[built.dial_start]
    assert shown(dial.label) == "1,000,000 tokens/sec" and dial.stop == "1M"
    assert [r.time for r in dial.readings] == [note.names["w"][w.id]["time_imagined"]
                                               for w in note.scenario.workloads]


def test_the_stops_are_labelled_as_the_charts_label_them(note, built):
    assert [p.stop for p in built.dial if p.stop] == note.names["speeds"]["dial"]
    assert [c.stop for c in built.checks if c.stop] == note.names["slider"]
    assert [c.name for c in built.workloads] == ["Story endings", "App drafts",
                                                  "Critiqued candidates", "Rehearsals"]


def test_a_sentence_per_workload_and_speed(built):
    first = built.dial[0].readings[0]
    assert shown(first.sentence) == ("At 100 tokens/sec, 1,000 story endings (1,000,000 output "
                                     "tokens) would take about 2 hours, 46 minutes and 40 seconds to "
                                     "write.")
    assert first.seconds == 10_000.0


def test_no_check_at_all_gives_the_full_writing_speedup(built):
    none = built.checks[0]
    assert none.label == fmt.duration(0) == "0" + NB + "seconds"
    assert none.stats.items[3].value == "10,000×"
    assert shown(none.summary).startswith("With no fixed check, the 800,000 tokens take "
                                          "2 hours, 13 minutes and 20 seconds")
    assert shown(none.announcement) == ("Check 0 seconds: 2 hours, 13 minutes and 20 seconds at "
                                        "100 tokens/sec, 0.8 seconds at 1,000,000 tokens/sec, "
                                        "10,000× end to end.")
