"""charts: in a model: read and checked (problems at model.yaml:LINE), then written out by
its kind (model/display/charts/) into the deck's LineChart and BarChart for one evaluation."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from notedeck.deck import BarChart, LineChart
from notedeck.model.display import charts
from notedeck.figures.formatting import Formatter
from notedeck.figures.forms import Forms
from notedeck.figures.texts import Writer
from notedeck.model.display import Words

from .helpers import model, refused, scenario

MODEL = """
units: [item]
inputs:
  service: {type: duration, above: 0 s, max: 52 w}
  featured: {type: number, above: 0, below: 1, show: percent}
  levels: {type: list, of: number, above: 0, below: 1, rising: true,
           length: {min: 1, max: 8}, show: percent}
  teams:
    type: records
    key: id
    length: {min: 1, max: 4}
    fields:
      id: id
      label: {type: text}
      busy: {type: number, above: 0, below: 1, show: percent}
      work: {type: duration, above: 0 s, max: 52 w}
groups:
  queue:
    given: u
    figures:
      wait: {formula: u / (1 - u) * service, show: duration}
figures:
  rows: {use: queue, over: levels}
  curve: {use: queue, sweep: {from: 0.1, to: 0.9, points: 9, spacing: linear}}
  teams:
    each:
      wait: {formula: busy / (1 - busy) * work, show: duration}
      waiting: {formula: busy, show: share}
      idle: {formula: 1 - busy, show: share}
      waits: {formula: levels * wait, show: duration}
charts:
%s
"""

WAITS = """
  waits:
    kind: line
    title:
      - {if: featured > 0.8, text: "Very busy: {featured}"}
      - "Busy {featured}"
    alt:
      text: "Marked: {marks}."
      lists:
        marks: {over: rows, text: "{u:percent} {wait}", join: "; "}
    x: {title: Busy, ticks: {auto: true, label: "{value:percent}"}}
    y: {title: Wait, scale: log, ticks: {auto: true, label: "{value:period}"}}
    lines:
      wait:
        x: curve.u
        y: curve.wait
        label: Wait
        marked: false
        points: {over: rows, x: u, y: wait, label: "{u:percent}: {wait}",
                 featured: u == featured, name: Levels}
    references:
      work: {y: service, label: "Work {service}"}
"""

TEAMS = """
  teams:
    kind: bar
    title: Each team's day
    alt: "{teams.label}"
    horizontal: true
    normalised: true
    series: {waiting: Waiting, idle: Idle}
    bars:
      team: {over: teams, label: "{label}", total: wait,
             values: {waiting: waiting, idle: idle}}
"""

SCENARIO = """
service: 1 h
featured: 0.9
levels: [0.5, 0.9]
teams:
  - {id: a, label: payroll, busy: 0.8, work: 20 min}
  - {id: b, label: reviews, busy: 0.5, work: 2 h}
"""


def written(folder, charts_text: str, text: str = SCENARIO) -> dict:
    made = model(folder, MODEL % charts_text)
    evaluation = made.evaluate(scenario(folder, made, text))
    words = Words(made.display)
    said = Writer(evaluation, Forms(Formatter("en-GB"), words.unit_words(), made.units), words)
    return {name: charts.chart(spec, said) for name, spec in made.display.charts.items()}


def test_a_line_from_a_sweep_with_the_rows_marked_and_a_reference(tmp_path):
    chart = written(tmp_path, WAITS)["waits"]
    assert isinstance(chart, LineChart)
    assert chart.title == "Very busy: 90%"
    assert chart.alt_text == "Marked: 50% 1\u00a0h; 90% 9\u00a0h."
    line = chart.lines[0]
    assert line.label == "Wait" and not line.marked and line.named
    assert line.x[0] == pytest.approx(0.1) and line.y[-1] == pytest.approx(32400)
    assert [(p.x, p.y, p.label, p.featured) for p in line.points] == [
        (0.5, 3600.0, "50%: 1\u00a0h", False), (0.9, 32400.0, "90%: 9\u00a0h", True)]
    assert line.points_label == "Levels"
    assert [(r.value, r.label, r.axis) for r in chart.references] == [
        (3600.0, "Work 1\u00a0h", "y")]
    # automatic ticks: round steps from 0 for a plain number, round durations on a log scale
    assert [t.label for t in chart.x.ticks] == ["0%", "20%", "40%", "60%", "80%", "100%"]
    assert [t.label for t in chart.y.ticks] == ["10\u00a0min", "1\u00a0hour", "10\u00a0hours"]
    assert chart.y.scale == "log" and chart.x.scale == "linear"


def test_a_title_chosen_by_condition_follows_the_scenario(tmp_path):
    chart = written(tmp_path, WAITS, SCENARIO.replace("featured: 0.9", "featured: 0.5"))["waits"]
    assert chart.title == "Busy 50%"
    assert [p.featured for p in chart.lines[0].points] == [True, False]


def test_one_line_per_item_and_ticks_at_a_list(tmp_path):
    spec = """
  teams:
    kind: line
    title: Waits
    alt: Waits
    x: {title: Step, ticks: {at: levels, label: "{value:percent}"}}
    y: {title: Wait}
    lines:
      each: {over: teams, x: levels, y: waits, label: "{label}"}
"""
    chart = written(tmp_path, spec)["teams"]
    assert [line.label for line in chart.lines] == ["payroll", "reviews"]
    assert chart.lines[0].y == (2400.0, 4320.0) and chart.lines[1].x == (0.5, 0.9)
    assert [t.label for t in chart.x.ticks] == ["50%", "90%"]
    assert chart.y.ticks == ()


def test_a_normalised_bar_per_item(tmp_path):
    chart = written(tmp_path, TEAMS)["teams"]
    assert isinstance(chart, BarChart)
    assert (chart.stacked, chart.normalised, chart.horizontal) == (True, True, True)
    assert [(b.label, b.total_label) for b in chart.bars] == [
        ("payroll", "1\u00a0h\u00a020\u00a0min"), ("reviews", "2\u00a0h")]
    assert [(s.label, s.value, s.value_label) for s in chart.bars[0].segments] == [
        ("Waiting", 0.8, "80.0%"), ("Idle", pytest.approx(0.2), "20.0%")]
    assert chart.alt_text == "payroll, reviews"


@pytest.mark.parametrize("old, new, line, words", [
    ("y: curve.wait", "y: curve.waits", 46, "have no field 'waits'"),
    ("y: curve.wait", "y: service", 46, "expected a list of numbers"),
    ("ticks: {auto: true, label: \"{value:percent}\"}",
     "ticks: {at: curve.wait, label: \"{value}\"}", 41,
     "the ticks' values: a time (s), but the x axis holds a plain number"),
    ("label: \"{value:period}\"", "label: \"{value:times}\"", 42, "shown as times, which needs a plain"),
    ("work: {y: service,", "work: {y: featured,", 52, "the reference line's value"),
    ("kind: line", "kind: pie", 33, "a chart's kind is one of: line, bar; got 'pie'"),
    ("scale: log", "scale: cubic", 42, "an axis's scale is one of"),
    ("marked: false", "marked: maybe", 48, "expected true or false"),
    ("featured: u == featured", "featured: u", 50, "a condition gives true or false"),
])
def test_a_bad_line_chart_is_refused_at_its_line(tmp_path, old, new, line, words):
    assert old in WAITS
    problems = refused(tmp_path, MODEL % WAITS.replace(old, new, 1))
    assert any(p.startswith(f"{tmp_path / 'model.yaml'}:{line}") and words in p
               for p in problems), problems


@pytest.mark.parametrize("old, new, words", [
    ("idle: idle}", "idle: wait}", "a normalised bar's values are shares of it"),
    ("values: {waiting: waiting, idle: idle}", "values: {waiting: waiting}",
     "expected a formula for each series: waiting, idle"),
    ("over: teams,", "over: team,", "expected a list of records or a use's rows"),
    ("series: {waiting: Waiting, idle: Idle}", "series: []", "series by name"),
])
def test_a_bad_bar_chart_is_refused_at_its_line(tmp_path, old, new, words):
    assert old in TEAMS
    problems = refused(tmp_path, MODEL % TEAMS.replace(old, new, 1))
    assert any(p.startswith(f"{tmp_path / 'model.yaml'}:") and words in p
               for p in problems), problems


def test_bars_whose_values_differ_in_unit_are_refused(tmp_path):
    spec = TEAMS.replace("normalised: true", "normalised: false").replace(
        "idle: idle}", "idle: wait}")
    problems = refused(tmp_path, MODEL % spec)
    assert any("every bar's values go on one axis" in p for p in problems), problems


def test_the_bundled_notes_speedup_title_without_a_check(tmp_path):
    """The speedup chart's title is chosen by condition: with no fixed check it says so, in
    English and (from words/de.yaml) in German."""
    import shutil

    from notedeck.stages.compose import compose
    from notedeck.stages.read import read
    from notedeck.stages.stages import fill_note
    from support import BUNDLED

    note = tmp_path / "note"
    shutil.copytree(BUNDLED, note)
    path = note / "scenarios.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("check: 60 s ", "check: 0 s  ", 1),
                    encoding="utf-8")
    titles = {}
    for audience in (None, "team-berlin"):
        deck, _ = compose(fill_note(read(note, audience)))
        titles[audience] = {chart.name: chart.title for chart in deck.charts}
    assert titles[None]["speedup"] == ("With no fixed check, 10,000× faster writing gives "
                                       "10,000× faster work")
    assert titles["team-berlin"]["speedup"].startswith("Ohne feste Prüfung wird aus 10.000×")
    assert [name for name in titles[None]] == ["dial", "bottleneck", "speedup"]


def test_automatic_time_ticks_on_a_log_scale_keep_their_labels_apart():
    """Round durations from half the shortest to twice the longest; 10 hours and 1 day are
    closer than three times apart, so only the day is labelled."""
    from notedeck.model.display.charts import auto_ticks

    ticks = auto_ticks([F("0.8"), 100_000], "log", True)
    assert ticks == (F(1), F(10), F(60), F(600), F(3600), F(86_400))
    assert all(b >= 3 * a for a, b in zip(ticks, ticks[1:]))
    assert auto_ticks([180, 356_400], "log", True) == (F(600), F(3600), F(86_400))
