"""The bundled note's figures as a reader sees them (FACTS.md's tables and bullets), written
from its model, for the seed and for a second scenario checked by hand; and the reference's
arithmetic (tests/model/reference.py) at its edges."""

from __future__ import annotations

import textwrap
from fractions import Fraction as F

import pytest

from notedeck.stages.read import read
from notedeck.figures import shown, tables
from notedeck.figures.formatting import Formatter
from notedeck.figures.forms import Forms
from notedeck.figures.texts import Writer
from notedeck.readers import model as reader

from model import reference
from model.helpers import BUNDLED

NOTE = read(BUNDLED)

# Another scenario: 50 and 5,000 tokens/sec, three workloads, checked by hand.
SMALL = """
speeds: {baseline: 50, imagined: 5000, dial: [50, 500, 5000]}
throughput: {streams: 20, tokens_per_second: 250}
workloads:
  - {id: essays, label: essays, count: 3, tokens_each: 1500}
  - {id: briefs, label: briefs, count: 12, tokens_each: 2500}
  - {id: tests, label: tests, count: 250, tokens_each: 400}
bottleneck: {workload: briefs, check: 30 s, checks: [0 s, 30 s, 2 h], slider: [0 s, 30 s, 2 h]}
"""


def writer(inputs=None) -> Writer:
    evaluation = NOTE.model.evaluate(inputs if inputs is not None else NOTE.inputs)
    words = NOTE.words
    return Writer(evaluation, Forms(Formatter("en-GB"), words.unit_words(), NOTE.model.units),
                  words)


def rows(said: Writer, name: str) -> list[str]:
    """A table of the note as its rows read, cells joined by ' | ', no-break spaces as spaces."""
    table = tables.table(NOTE.model.display.tables[name], said)
    return [" | ".join(row).replace("\u00a0", " ") for row in table.rows]


@pytest.fixture(scope="module")
def seed() -> Writer:
    return writer()


@pytest.fixture(scope="module")
def small(tmp_path_factory) -> Writer:
    path = tmp_path_factory.mktemp("small") / "scenarios.yaml"
    path.write_text(textwrap.dedent(SMALL), encoding="utf-8")
    return writer(reader.scenario(NOTE.model, path))


# --- the bundled note (FACTS.md) ---------------------------------------------------

def test_the_budgets_table(seed):
    assert rows(seed, "budgets") == [
        "1,000 story endings × 1,000 | 1,000,000 | 2 h 46 min 40 s | 1 second",
        "40 app drafts × 20,000 | 800,000 | 2 h 13 min 20 s | 0.8 seconds",
        "10,000 critiqued candidates × 300 | 3,000,000 | 8 h 20 min | 3 seconds",
        "10,000 rehearsals × 1,000 | 10,000,000 | 27 h 46 min 40 s | 10 seconds",
    ]


def test_the_checks_table(seed):
    assert rows(seed, "checks") == [
        "None | 2 h 13 min 20 s | 0.8 seconds | 10,000×",
        "60 seconds | 2 h 14 min 20 s | 60.8 seconds | 132.57×",
        "15 min | 2 h 28 min 20 s | 15 min 1 s | 9.88×",
        "24 h | 26 h 13 min 20 s | 24 h 1 s | 1.09×",
    ]


def test_the_bottleneck_figures(seed):
    stats = tables.stats(NOTE.model.display.stats["bottleneck"], seed)
    assert [(s.value, s.label, s.detail) for s in stats.items] == [
        ("2\u00a0h\u00a014\u00a0min\u00a020\u00a0s", "Total at 100\u00a0tokens/sec",
         "Writing 99.3% · Checking 0.7%"),
        ("60.8\u00a0seconds", "Total at 1,000,000\u00a0tokens/sec", "Writing 1.3% · Checking 98.7%"),
        ("10,000×", "Writing speedup", "1,000,000 ÷ 100\u00a0tokens/sec"),
        ("132.57×", "End-to-end speedup", "8,060 ÷ 60.8\u00a0seconds"),
    ]
    featured = seed.evaluation.value
    assert featured("bottleneck.featured.total_baseline") == 8060
    assert featured("bottleneck.featured.total_imagined") == F(608, 10)
    assert featured("bottleneck.featured.writing_share_imagined") + \
        featured("bottleneck.featured.checking_share_imagined") == 1


def test_speeds_dial_slider_and_counts(seed):
    names = shown.names(seed)
    assert names["speeds"]["imagined"].replace("\u00a0", " ") == "1,000,000 tokens/sec"
    assert names["throughput"]["total"].plain == "1,000,000"
    assert list(names["speeds"]["dial"]) == ["100", "1K", "10K", "100K", "1M"]
    assert [s.replace("\u00a0", " ") for s in names["bottleneck"]["slider"]] == [
        "0", "1 min", "1 hour", "1 day"]
    assert [s.replace("\u00a0", " ") for s in names["workloads"]["endings"]["seconds_at_stops"]] \
        == ["2 hours, 46 minutes and 40 seconds", "16 minutes and 40 seconds", "100 seconds",
            "10 seconds", "1 second"]
    apps = names["workloads"]["apps"]
    assert (apps["count"].words, apps["count"].Words, apps["tokens_each"].words) == (
        "forty", "Forty", "twenty\u00a0thousand")      # a figure's words hold together
    assert names["workloads"]["candidates"]["count"].words == "ten\u00a0thousand"


def test_the_curve_holds_every_stop_and_falls(seed):
    value = seed.evaluation.value
    checks, speedups = value("bottleneck.curve.check"), value("bottleneck.curve.end_to_end_speedup")
    assert list(checks) == sorted(set(checks)) and checks[0] == 0 and checks[-1] == 86_400
    assert {0, 60, 900, 3600, 86_400} <= set(checks) and 100 <= len(checks) <= 130
    assert speedups[0] == 10_000 and list(speedups) == sorted(speedups, reverse=True)
    positive = [c for c in checks if c > 0]
    assert max(b / a for a, b in zip(positive, positive[1:])) < F(13, 10) and positive[0] < 1


# --- a second scenario, checked by hand -------------------------------------------

def test_small_budgets(small):
    assert rows(small, "budgets") == [
        "3 essays × 1,500 | 4,500 | 90 seconds | 0.9 seconds",         # 4500/50, 4500/5000
        "12 briefs × 2,500 | 30,000 | 10 min | 6 seconds",             # 600 s, 6 s
        "250 tests × 400 | 100,000 | 33 min 20 s | 20 seconds",        # 2000 s, 20 s
    ]
    assert small.evaluation.value("workloads['briefs'].seconds_at_stops") == (600, 60, 6)


def test_small_checks_and_bottleneck(small):
    assert rows(small, "checks") == [
        "None | 10 min | 6 seconds | 100×",
        "30 seconds | 10 min 30 s | 36 seconds | 17.50×",             # 630/36 = 17.5
        "2 h | 2 h 10 min | 2 h 6 s | 1.08×",                         # 7800/7206 = 1.0824...
    ]
    stats = tables.stats(NOTE.model.display.stats["bottleneck"], small)
    assert [s.detail for s in stats.items][:2] == [
        "Writing 95.2% · Checking 4.8%",                             # 600/630, 30/630
        "Writing 16.7% · Checking 83.3%"]                            # 6/36, 30/36
    assert shown.names(small)["throughput"]["total"].plain == "5,000"   # 20 × 250
    assert list(shown.names(small)["speeds"]["dial"]) == ["50", "500", "5K"]


# --- the reference's arithmetic at its edges ----------------------------------------

def test_the_reference_rounds_and_divides_as_the_note_shows():
    row = reference.check_figures(1070, F(100), F(10_000), F(1))
    assert round(row.end_to_end_speedup, 4) == F("10.5691")        # 11.7 / 1.107
    assert reference.check_figures(535, F(200), F(535), F(0)).end_to_end_speedup == F(535, 200)
    zero = reference.check_figures(0, F(100), F(1000), F(0))
    assert zero.total_imagined == 0 and zero.end_to_end_speedup == 10
    assert reference.curve_checks((F(0), F(0))) == (F(0),)
    points = reference.curve_checks((F(0), F(7, 3)))
    assert points[0] == 0 and points[-1] == F(7, 3)


def test_the_reference_positions_of_the_web_pages_controls():
    stops = (F(100), F(1000), F(10_000), F(100_000), F(1_000_000))
    speeds = reference.dial_speeds(stops, (F(100), F(1_000_000)))
    assert set(stops) <= set(speeds) and list(speeds) == sorted(set(speeds))
    assert 100 <= len(speeds) <= 130
    assert reference.dial_speeds((F(1, 1000), F(2, 1000))) == (F(1, 1000), F(2, 1000))
    checks = reference.slider_checks((F(0), F(60), F(3600), F(86_400)), (F(900), F(60)))
    assert all(c.denominator in (1, 2, 5, 10) for c in checks)
    assert all(c.denominator == 1 for c in checks if c >= 120)
    assert reference.slider_checks((F(60), F(120)), (F(3600),))[-1] == 3600
