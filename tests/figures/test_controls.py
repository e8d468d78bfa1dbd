"""figures/controls.py: a model's controls: panels, every position of each control and what it
moves, written by the note's own words and the figures' show forms (the bundled note's dial
and check panels)."""

from __future__ import annotations

from dataclasses import replace
from math import prod
from pathlib import Path

import pytest

from notedeck.stages.compose import compose
from notedeck.deck import Choice, Live, Readout, Slider, Varying
from notedeck.figures import tables
from support import gather

NB = "\u00a0"
BUNDLED = Path(__file__).resolve().parents[2] / "src" / "notedeck" / "notes" / "million-tokens"


def shown(text: str) -> str:
    """No-break spaces (a number kept with its unit) read as spaces."""
    return text.replace(NB, " ")


@pytest.fixture(scope="module")
def note():
    return gather(BUNDLED)


@pytest.fixture(scope="module")
def built(note) -> Live:
    return compose(note, live=True)[0].live


def controls(live: Live) -> dict:
    return {c.name: c for c in live.controls}


def test_the_panels_are_the_models(note, built):
    kinds = {name: type(c) for name, c in controls(built).items()}
    assert kinds == {"workload": Choice, "dial": Slider, "check": Slider}
    assert [p.chart for p in built.panels] == ["dial", "bottleneck"]
    assert [p.label for p in built.panels] == ["The dial", "The check slider"]
    assert [[c.name for c in p.controls] for p in built.panels] == [["workload", "dial"], ["check"]]
    assert [c.chart for c in built.cursors] == ["dial", "speedup"]
    assert [(e.chart, e.control) for e in built.emphases] == [("dial", "workload")]


def test_it_opens_where_the_handout_is(note, built):
    check, dial = controls(built)["check"], controls(built)["dial"]
    assert shown(check.texts[check.start]) == "60 seconds"
    assert [shown(s.label) for s in check.stops if s.position == check.start] == ["1 min"]
    (stats,) = built.blocks
    assert stats.at(built.start) == tables.stats(note.model.display.stats["bottleneck"],
                                                 note.writer)
    assert shown(dial.texts[dial.start]) == "1,000,000 tokens/sec"
    assert [s.label for s in dial.stops if s.position == dial.start] == ["1M"]
    time = built.panels[0].shows[0].items[1].value[0]
    assert [time.at({**built.start, "workload": w}) for w in range(4)] == [
        w["seconds_imagined"] for w in note.names["workloads"]]


def test_the_positions_are_the_sweeps(note, built):
    evaluation = note.evaluation
    assert controls(built)["dial"].values == tuple(
        float(v) for v in evaluation.value("speeds.positions.speed"))
    assert controls(built)["check"].values == tuple(
        float(v) for v in evaluation.value("bottleneck.positions.check"))


def test_the_stops_are_labelled_as_the_charts_label_them(note, built):
    assert [s.label for s in controls(built)["dial"].stops] == note.names["speeds"]["dial"]
    assert [s.label for s in controls(built)["check"].stops] == note.names["bottleneck"]["slider"]
    assert controls(built)["workload"].items == ("Story endings", "App drafts",
                                                 "Critiqued candidates", "Rehearsals")
    assert controls(built)["dial"].listed == "{stops} tokens/sec"


def test_a_sentence_per_workload_and_speed(built):
    sentences = built.panels[0].announce
    assert sentences.over == ("workload", "dial")
    assert shown(sentences.values[0][0]) == (
        "At 100 tokens/sec, 1,000 story endings (1,000,000 output tokens) would take about "
        "2 hours, 46 minutes and 40 seconds to write.")
    assert built.cursors[0].y.values[0][0] == 10_000.0
    assert built.panels[0].shows[1] is sentences


def test_a_reading_whose_one_slot_is_the_sliders_text_shows_the_sliders_own(built):
    readout = built.panels[0].shows[0]
    assert isinstance(readout, Readout)
    before, speed = readout.items[1].detail
    assert before == "at " and speed.values == controls(built)["dial"].texts
    assert readout.items[0].value[0].over == ("workload",)     # it follows what it changes with


def test_no_check_at_all_gives_the_full_writing_speedup(built):
    check = controls(built)["check"]
    assert check.texts[0] == "0" + NB + "seconds"
    assert built.blocks[0].values[0].items[3].value == "10,000×"
    summaries = built.panels[1].shows[1]
    assert shown(summaries.values[0]).startswith("With no fixed check, the 800,000 tokens take "
                                                 "2 hours, 13 minutes and 20 seconds")
    assert shown(summaries.values[1]).startswith("With 0.1 seconds of checking")
    assert shown(built.panels[1].announce.values[0]) == (
        "Check 0 seconds: 2 hours, 13 minutes and 20 seconds at 100 tokens/sec, 0.8 seconds at "
        "1,000,000 tokens/sec, 10,000× end to end.")


def test_the_bars_are_drawn_again_at_each_check(built):
    bars = built.panels[1].shows[0]
    assert bars.over == ("check",)
    assert len(set(bars.values)) == len(bars.values)


def test_german_words_come_from_the_notes_words_file():
    live = compose(gather(BUNDLED, audience="team-berlin"), live=True)[0].live
    assert [p.label for p in live.panels] == ["Der Regler", "Der Prüfregler"]
    assert shown(live.panels[1].shows[1].values[0]).startswith("Ohne feste Prüfung")


def test_every_value_has_one_entry_per_position_of_what_it_follows(built):
    sizes = {"workload": 4, "dial": len(controls(built)["dial"].texts),
             "check": len(controls(built)["check"].texts)}
    for value in built.varyings():
        assert len(value.flat()) == prod([sizes[name] for name in value.over])


def test_a_value_that_follows_no_control_or_misses_a_position_is_refused(built):
    odd = Varying(("nowhere",), ("a",), "odd")
    with pytest.raises(ValueError, match="follows no control named nowhere"):
        replace(built, blocks=(odd,))
    short = Varying(("check",), ("a",), "short")
    with pytest.raises(ValueError, match="short has no value for each of"):
        replace(built, blocks=(short,))


# --- the second bundled note: a slider over a sweep moving the model, a choice of team ------

QUEUE = BUNDLED.parent / "waiting-in-line"


@pytest.fixture(scope="module")
def queue():
    return compose(gather(QUEUE), live=True)[0].live


def test_the_queue_slider_runs_from_5_to_99_percent_and_opens_at_the_featured_level(queue):
    busy = controls(queue)["busy"]
    assert (busy.texts[0], busy.texts[-1], busy.texts[busy.start]) == ("5%", "99%", "90%")
    assert [s.label for s in busy.stops] == ["5%", "50%", "75%", "90%", "95%", "99%"]   # ends too
    assert busy.values[busy.start] == 0.9


def test_the_featured_stats_follow_the_slider(queue):
    busy = controls(queue)["busy"]
    (stats,) = queue.blocks
    assert stats.over == ("busy",)
    half = stats.values[busy.values.index(0.5)]
    assert [shown(s.value) for s in half.items] == ["1 h", "2 h", "0.5", "1×"]
    assert shown(half.items[0].label) == "Wait in queue at 50% busy"


def test_the_team_choice_reads_each_teams_figures(queue):
    team = controls(queue)["team"]
    assert team.items == ("Payroll queries", "Code reviews", "Sample runs", "Security reviews")
    readout = queue.panels[1].shows[0]
    assert readout.items[0].value[0].over == ("team",)
    assert [shown(w) for w in readout.items[0].value[0].values] == [
        "1 h 20 min", "4 h 30 min", "2 h", "2 days 9 h"]


def test_the_cursor_sits_on_the_wait_chart(queue):
    (cursor,) = queue.cursors
    busy = controls(queue)["busy"]
    assert cursor.chart == "waits" and cursor.x.values == busy.values
    assert cursor.y.values[busy.values.index(0.5)] == 3600.0


def test_a_slider_that_sets_an_input_reads_its_rows_from_the_notes_own_sweep(tmp_path):
    """The featured check off every stop: evaluated again at another check, the sweep would
    hold other points, yet each position's words read the row the slider stands on, and its
    big figures the model at that row's check."""
    scenario = tmp_path / "scenarios.yaml"
    text = (BUNDLED / "scenarios.yaml").read_text(encoding="utf-8")
    scenario.write_text(text.replace("  check: 60 s ", "  check: 4044 s ", 1), encoding="utf-8")
    live = compose(gather(BUNDLED, scenarios_file=scenario), live=True)[0].live
    check = controls(live)["check"]
    assert shown(check.texts[check.start]) == "1 h 7 min 24 s"
    summaries, (stats,) = live.panels[1].shows[1], live.blocks
    assert len(summaries.values) == len(stats.values) == check.positions
    for summary, at in zip(summaries.values, stats.values):
        assert f"{at.items[3].value} faster end to end" in summary
