"""Magnitude words never contradict the figures shown beside them, for any scenario within the limits."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from notedeck.figures import core, phrases
from notedeck.figures import formatting as fmt
from notedeck.figures import names as namespace
from notedeck.figures.scenario import Bottleneck, Scenario, Speeds, Throughput, Workload

F = Fraction
NB = "\u00a0"
TINY = {"millisecond": F(1, 1000), "microsecond": F(1, 10**6), "nanosecond": F(1, 10**9)}
YEAR = 365 * 86400

# Scenarios inside the documented limits (docs/bad-input.md, "Limits").
speeds = st.fractions(min_value=F(1, 1000), max_value=10**12, max_denominator=1000)
counts = st.integers(min_value=1, max_value=10**9)
checks = st.one_of(st.just(F(0)), st.fractions(min_value=0, max_value=10 * YEAR,
                                               max_denominator=100))


@st.composite
def scenarios(draw) -> Scenario:
    baseline, imagined = sorted(draw(st.lists(speeds, min_size=2, max_size=2, unique=True)))
    workloads = tuple(Workload(f"w{i}", "drafts", draw(counts), draw(counts), singular="draft")
                      for i in range(draw(st.integers(1, 8))))
    table = tuple(draw(st.lists(checks, min_size=1, max_size=8)))
    return Scenario(Speeds(baseline, imagined, (baseline, imagined)), Throughput(1, 1), workloads,
                    Bottleneck(workloads[0].id, draw(checks), table, (F(0), F(60))))


def seconds_shown(text: str) -> Fraction:
    """The seconds a duration() text stands for."""
    text = text.replace(NB, " ")
    if match := re.fullmatch(r"([\d.,]+) seconds?", text):
        return F(Decimal(match.group(1).replace(",", "")))
    if match := re.fullmatch(r"([\d.]+) (millisecond|microsecond|nanosecond)s?", text):
        return F(Decimal(match.group(1))) * TINY[match.group(2)]
    units = {"week": 604800, "day": 86400, "h": 3600, "hour": 3600, "min": 60, "minute": 60,
             "s": 1, "second": 1}
    return F(sum(int(n.replace(",", "")) * units[u.rstrip("s") if len(u) > 3 else u]
                 for n, u in re.findall(r"([\d,]+) (weeks?|days?|hours?|h|minutes?|min|"
                                        r"seconds?|s)\b", text)))


def speedup_shown(text: str) -> Decimal:
    return Decimal(text.rstrip("×").replace(",", ""))


def agrees(scale_word: str, shown: str) -> bool:
    """A scale word is true of a duration as the reader sees it written."""
    value, plain = seconds_shown(shown), shown.replace(NB, " ")
    hours = value / 3600
    return {
        "fractions of a second": value < 1,
        "seconds": 1 <= value < 120 and plain.endswith(("second", "seconds")),
        "minutes": 120 <= value < 3600 and " h" not in plain,
        "hours": 1 <= hours < 24,
        "days": 24 <= hours < 24 * 7,
        "weeks": 24 * 7 <= hours < 24 * 30,
        "months": 24 * 30 <= hours < 24 * 365,
        "years": hours >= 24 * 365,
    }[scale_word]


@settings(max_examples=150, deadline=None)
@given(scenarios())
def test_every_magnitude_phrase_agrees_with_the_figures_it_speaks_of(scenario):
    figures = core.compute(scenario)
    names = namespace.build(scenario, figures)
    writing = names["writing"]
    shown_slow = [w["time_baseline"] for w in names["workloads"]]
    shown_fast = [w["time_imagined"] for w in names["workloads"]]
    longest_fast = max(shown_fast, key=seconds_shown)
    assert agrees(writing["imagined_scale"], longest_fast)
    assert agrees(writing["baseline_scale"], max(shown_slow, key=seconds_shown))
    for key, shown in (("baseline_span", shown_slow), ("imagined_span", shown_fast)):
        low, _, high = writing[key].partition(" to ")
        assert agrees(low, min(shown, key=seconds_shown))
        assert agrees(high or low, max(shown, key=seconds_shown))
    speedup = speedup_shown(names["speeds"]["writing_speedup"])
    assert {"nearly free": speedup >= 100, "much cheaper": 10 <= speedup < 100,
            "a little cheaper": speedup < 10}[writing["drafting"]]
    for row in [names["bottleneck"], *names["checks"]]:
        assert gain_agrees(row, speedup)


def gain_agrees(row: dict, writing: Decimal) -> bool:
    e2e = speedup_shown(row["end_to_end_speedup"])
    return {
        "the whole gain remains": not row["has_check"] and e2e == writing,
        "nearly all of the gain remains": e2e >= Decimal("0.99") * writing,
        "the gain all but vanishes": e2e < Decimal("1.1"),
        "most of the gain is lost": Decimal("1.1") <= e2e <= writing / 10,
        "part of the gain is lost": writing / 10 < e2e < Decimal("0.99") * writing,
    }[row["gain"]]


@given(st.fractions(min_value=F(1, 10**12), max_value=20 * YEAR, max_denominator=10**12))
def test_a_time_scale_agrees_with_the_time_as_written(seconds):
    assert agrees(phrases.scale(seconds), fmt.duration(seconds))


def test_scale_examples():
    assert [phrases.scale(F(s)) for s in (F(8, 10), 1, 60, F(1199, 10), 120, 3599, 3600,
                                          100_000, 8 * 86400)] == [
        "fractions of a second", "seconds", "seconds", "seconds", "minutes", "minutes", "hours",
        "days", "weeks"]
    assert phrases.span([F(8, 10), F(10)]) == "fractions of a second to seconds"
    assert phrases.span([F(8000), F(100_000)]) == "hours to days"


COVERED = {"writing.baseline_span", "writing.imagined_span", "writing.baseline_scale",
           "writing.imagined_scale", "writing.drafting", "bottleneck.gain", "checks_last.gain",
           "checks_first.gain"}


def test_every_magnitude_phrase_the_bundled_note_uses_is_covered_above():
    from pathlib import Path

    bundled = Path(namespace.__file__).resolve().parents[1] / "bundled"
    used = set()
    for path in [*bundled.rglob("*.md"), *bundled.rglob("*.yaml")]:
        for expression in re.findall(r"\{\{(.*?)\}\}|\{%(.*?)%\}", path.read_text(encoding="utf-8")):
            used.update(re.findall(r"[\w.]*(?:writing\.\w+|\.gain)\b", " ".join(expression)))
    used = {name for name in used if not name.startswith("speeds.")}
    assert used and used <= COVERED, used - COVERED
