"""The bundled note's model: every figure equals the hand-written arithmetic's Fraction
(tests/model/reference.py) exactly, for the seed, every audience and randomised scenarios."""

from __future__ import annotations

import os
from decimal import Decimal
from fractions import Fraction as F
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from notedeck.model import Show
from notedeck.readers import audiences, yamlfile
from notedeck.readers import model as reader
from notedeck.readers.yamlfile import Located

from model import reference as core
from model.helpers import BUNDLED, MILLION

EXAMPLES = int(os.environ.get("ND_EXAMPLES", 60))


@pytest.fixture(scope="module")
def million():
    return reader.read(MILLION / "model.yaml")


def both(million, source: Located):
    """(the reference's Scenario and Figures, the model's Inputs and Evaluation) for one
    scenario the model accepts."""
    inputs = million.validate(source)
    old = core.from_values(inputs.values)
    return old, core.compute(old), inputs, million.evaluate(inputs)


def same_figures(old, figures: core.Figures, inputs, new) -> None:
    """Every figure the reference computes, from the model."""
    value = new.value
    assert value("speeds.baseline") == figures.baseline
    assert value("speeds.imagined") == figures.imagined
    assert value("speeds.dial") == figures.dial
    assert value("speeds.writing_speedup") == figures.writing_speedup
    assert value("throughput.total") == figures.throughput_total
    for index, workload in enumerate(figures.workloads):
        item = f"workloads[{index}]"
        assert value(f"{item}.id") == workload.id
        assert value(f"{item}.count") == workload.count
        assert value(f"{item}.tokens_each") == workload.tokens_each
        assert value(f"{item}.total_tokens") == workload.total_tokens
        assert value(f"{item}.seconds_baseline") == workload.seconds_baseline
        assert value(f"{item}.seconds_imagined") == workload.seconds_imagined
        assert value(f"{item}.seconds_at_stops") == workload.seconds_at_stops
    assert value("workloads[bottleneck.workload].total_tokens") == \
        figures.bottleneck_workload.total_tokens
    same_check(new, "bottleneck.featured", figures.bottleneck)
    assert len(value("bottleneck.rows")) == len(figures.checks)
    for index, check in enumerate(figures.checks):
        same_check(new, f"bottleneck.rows[{index}]", check)
    assert value("bottleneck.curve.check") == tuple(p.check for p in figures.curve)
    assert value("bottleneck.curve.end_to_end_speedup") == tuple(p.speedup for p in figures.curve)
    speeds = core.dial_speeds(figures.dial, (figures.baseline, figures.imagined))
    assert value("speeds.positions.speed") == speeds
    for workload_index, workload in enumerate(old.workloads):
        at = core.workload_figures(workload, figures.baseline, figures.imagined, speeds)
        assert tuple(s[workload_index] for s in value("speeds.positions.seconds")) == \
            at.seconds_at_stops
    checks = core.slider_checks(old.bottleneck.slider, (*old.bottleneck.checks,
                                                        old.bottleneck.check))
    assert value("bottleneck.positions.check") == checks
    for index in (0, len(checks) // 2, len(checks) - 1):
        same_check(new, f"bottleneck.positions[{index}]",
                   core.check_figures(figures.bottleneck_workload.total_tokens, figures.baseline,
                                      figures.imagined, checks[index]))


def same_check(new, prefix: str, check: core.CheckFigures) -> None:
    for name in ("check", "writing_baseline", "writing_imagined", "total_baseline",
                 "total_imagined", "writing_share_baseline", "checking_share_baseline",
                 "writing_share_imagined", "checking_share_imagined", "writing_speedup",
                 "end_to_end_speedup"):
        assert new.value(f"{prefix}.{name}") == getattr(check, name), f"{prefix}.{name}"
    assert new.value(f"{prefix}.has_check") == (check.check > 0)


def test_the_seed_figures(million):
    inputs = reader.scenario(million, BUNDLED / "scenarios.yaml")
    figures = million.evaluate(inputs)
    assert figures.value("speeds.writing_speedup") == 10_000
    assert figures.value("bottleneck.featured.total_baseline") == 8060
    assert figures.value("bottleneck.featured.total_imagined") == F("60.8")
    assert figures.value("bottleneck.featured.end_to_end_speedup") == F(8060) / F("60.8")
    assert figures.value("bottleneck.featured.checking_share_imagined") == 60 / F("60.8")
    assert figures.value("bottleneck.rows.total_imagined") == (F("0.8"), F("60.8"), F("900.8"),
                                                              F("86400.8"))
    assert figures.value("workloads.total_tokens") == (1_000_000, 800_000, 3_000_000, 10_000_000)
    assert figures.value("throughput.total") == 1_000_000
    assert inputs.warnings == ()


def test_the_seed_equals_the_reference(million):
    same_figures(*both(million, yamlfile.load(BUNDLED / "scenarios.yaml")))


@pytest.mark.parametrize("slug", audiences.names(BUNDLED))
def test_every_audience_validates_and_equals_the_reference(million, slug):
    audience = audiences.load(BUNDLED, slug)
    base = yamlfile.load(BUNDLED / "scenarios.yaml")
    source = audiences.merge(base, audience.overrides) if audience.overrides else base
    same_figures(*both(million, source))
    inputs = reader.scenario(million, BUNDLED / "scenarios.yaml", overrides=audience.overrides)
    assert inputs.values == million.validate(source).values


def test_a_count_of_one_without_singular_warns_as_before(million):
    audience = audiences.load(BUNDLED, "hospital-admin")
    merged = audiences.merge(yamlfile.load(BUNDLED / "scenarios.yaml"), audience.overrides)
    data = merged.data
    data["workloads"][3].pop("singular")
    inputs = million.validate(merged)
    assert [p.message for p in inputs.warnings] == [
        "the count is 1, so the label 'complaint responses' reads as a plural; add "
        "'singular:' with the label for one"]
    assert inputs.warnings[0].severity == "warning"
    assert inputs.warnings[0].where.key == "workloads[3].label"


def test_show_forms_of_the_seed_figures(million):
    assert million.figure("speeds.writing_speedup").show == Show("times")
    assert million.figure("bottleneck.featured.checking_share_imagined").show == Show("share")
    assert million.figure("bottleneck.rows[].total_imagined").show == Show("duration")
    assert million.figure("throughput.total").show == Show("rate")
    assert million.figure("workloads[].total_tokens").show == Show("integer")
    assert str(million.figure("throughput.total").unit) == "token/s"


# --- randomised scenarios -------------------------------------------------------------------

SPEEDS = st.one_of(st.integers(1, 10**9), st.decimals(F("0.001"), 10**6, places=3)
                   .filter(lambda d: d >= Decimal("0.001")))
DURATIONS = st.one_of(st.integers(0, 10**6), st.sampled_from(["0", "60 s", "15 min", "1 h",
                                                              "1.5 h", "1 day", "2 weeks",
                                                              "0.25", "1 h 30 min", "119.96"]),
                      st.decimals(0, 10**5, places=2))


@st.composite
def bundled_scenarios(draw):
    baseline = draw(SPEEDS)
    imagined = F(baseline) * draw(st.sampled_from([2, 10, F(33, 10), 10**4]))
    assume(imagined <= 10**12)                     # the model's bound on a speed
    dial = sorted(set(draw(st.lists(SPEEDS, min_size=2, max_size=8))))
    if len(dial) < 2:
        dial = [F(1), F(10)]
    ids = draw(st.lists(st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True), min_size=1,
                        max_size=8, unique=True))
    workloads = [{"id": i, "label": f"{i} drafts", "singular": f"{i} draft",
                  "count": draw(st.integers(1, 10**6)), "tokens_each": draw(st.integers(1, 10**6))}
                 for i in ids]
    slider = sorted(set(draw(st.lists(st.integers(0, 10**6), min_size=2, max_size=8))))
    if len(slider) < 2:
        slider = [0, 60]
    return {
        "speeds": {"baseline": _yaml_number(F(baseline)), "imagined": _yaml_number(imagined),
                   "dial": [_yaml_number(F(d)) for d in dial]},
        "throughput": {"streams": draw(st.integers(1, 10**6)), "tokens_per_second": baseline},
        "workloads": workloads,
        "bottleneck": {"workload": draw(st.sampled_from(ids)), "check": draw(DURATIONS),
                       "checks": draw(st.lists(DURATIONS, min_size=1, max_size=8)),
                       "slider": slider},
    }


def _yaml_number(value: F):
    """A number as the YAML reader hands it over: an int, or an exact Decimal."""
    if value.denominator == 1:
        return int(value)
    return Decimal(value.numerator) / Decimal(value.denominator)


@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=bundled_scenarios())
def test_randomised_scenarios_equal_the_reference(million, data):
    """Every drawn scenario is within the model's bounds, so it is accepted and computed."""
    same_figures(*both(million, Located(data, Path("scenarios.yaml"))))
