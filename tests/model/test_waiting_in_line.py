"""The waiting-in-line note's model: M/M/1 figures checked against values computed by hand, for
its own scenario and for any scenario of the same shape."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from hypothesis import given, settings, strategies as st

from notedeck.model import Quantity, Show
from notedeck.model.units import PLAIN, SECONDS
from notedeck.readers import model as reader

from model.helpers import WAITING, scenario, scenario_refused

H, MIN = 3600, 60


@pytest.fixture(scope="module")
def queue():
    return reader.read(WAITING / "model.yaml")


@pytest.fixture(scope="module")
def seed(queue):
    return queue.evaluate(reader.scenario(queue, WAITING / "scenarios.yaml"))


def test_each_level_waits_u_over_1_minus_u_service_times(seed):
    # S = 1 h: 0.5/0.5 = 1 h, 0.75/0.25 = 3 h, 0.9/0.1 = 9 h, 0.95/0.05 = 19 h
    assert seed.value("utilisation.rows.wait") == (1 * H, 3 * H, 9 * H, 19 * H)
    # S/(1-u): 2 h, 4 h, 10 h, 20 h
    assert seed.value("utilisation.rows.in_system") == (2 * H, 4 * H, 10 * H, 20 * H)
    # u^2/(1-u): 0.25/0.5, 0.5625/0.25, 0.81/0.1, 0.9025/0.05
    assert seed.value("utilisation.rows.waiting") == (F(1, 2), F(9, 4), F(81, 10), F(361, 20))
    assert seed.value("utilisation.rows.utilisation") == (F(1, 2), F(3, 4), F(9, 10), F(19, 20))


def test_the_featured_level_waits_nine_times_the_lowest(seed):
    assert seed.value("utilisation.at_featured.wait") == 9 * H
    assert seed.value("featured_multiple") == 9
    assert seed.quantity("featured_multiple") == Quantity(F(9), PLAIN)
    # "nine times longer": 9 h / 1 h, while the busy shares differ by 0.9/0.5 = 1.8
    assert seed.value("busy_multiple") == F(9, 5)


def test_the_lowest_and_featured_levels_and_littles_law(seed):
    # S = 1 h. u = 0.5: 0.5/0.5 x 1 h = 1 h waiting, 1 h/0.5 = 2 h in all, 0.25/0.5 = 0.5 items
    assert [seed.value(f"utilisation.at_lowest.{n}") for n in ("wait", "in_system", "waiting")] \
        == [1 * H, 2 * H, F(1, 2)]
    # u = 0.9: 0.9/0.1 = 9, so 9 h waiting, 1 h/0.1 = 10 h in all, 0.81/0.1 = 8.1 items
    assert [seed.value(f"utilisation.at_featured.{n}") for n in ("wait", "in_system", "waiting")] \
        == [9 * H, 10 * H, F(81, 10)]
    # Little's law: one item every 1 h/0.9 = 4,000 s; 32,400 s of waiting / 4,000 s = 8.1
    assert seed.value("utilisation.at_featured.gap") == 4000
    assert seed.value("utilisation.at_featured.wait / utilisation.at_featured.gap") == F(81, 10)


def test_each_team_waits_by_its_own_service_time_and_utilisation(seed):
    # payroll: 20 min at 0.8 -> 4 x 20 min = 80 min waiting, 100 min in all
    # reviews: 30 min at 0.9 -> 9 x 30 min = 4 h 30 min waiting, 5 h in all
    # lab: 2 h at 0.5 -> 2 h waiting, 4 h in all
    # security: 3 h at 0.95 -> 19 x 3 h = 57 h waiting, 60 h in all
    assert seed.value("teams.wait") == (80 * 60, 270 * 60, 2 * H, 57 * H)
    assert seed.value("teams.in_system") == (100 * 60, 5 * H, 4 * H, 60 * H)
    assert seed.value("teams['payroll'].wait") == 80 * 60
    assert seed.quantity("teams[2].in_system") == Quantity(F(4 * H), SECONDS)
    assert seed.value("teams[2].label") == "sample runs"
    assert seed.value("teams['lab'].idle") == F(1, 2)


def test_the_sweep_runs_from_5_to_99_percent_in_steps_of_one(seed):
    levels = seed.value("utilisation.curve.utilisation")
    assert levels[0] == F(5, 100) and levels[-1] == F(99, 100)
    assert levels == tuple(F(n, 100) for n in range(5, 100))
    assert seed.value("utilisation.curve[94].wait") == 99 * H       # 0.99 / 0.01 hours


def test_show_forms_are_carried(queue):
    assert queue.figure("utilisation.rows[].waiting").show == Show("number", (("places", 2),))
    assert queue.figure("utilisation.rows[].wait").show == Show("duration")
    assert queue.figure("featured_multiple").show == Show("times")
    assert queue.figure("teams[].wait").unit == SECONDS


def test_any_scenario_of_the_shape_gives_figures_checkable_by_hand(queue, tmp_path):
    inputs = scenario(tmp_path, queue, """
        service_time: 30 min
        utilisation: {featured: 0.8, levels: [0.2, 0.8]}
        teams:
          - {id: desk, label: desk tickets, service_time: 10 min, utilisation: 0.6}
    """)
    figures = queue.evaluate(inputs)
    assert figures.value("utilisation.rows.wait") == (F(1, 4) * 1800, 4 * 1800)
    assert figures.value("featured_multiple") == 16            # 4 / 0.25
    assert figures.value("teams['desk'].wait") == F(3, 2) * 600  # 0.6/0.4 x 10 min


LEVELS = (F(1, 2), F(3, 4), F(4, 5), F(9, 10), F(19, 20), F(1, 5), F(2, 5), F(99, 100))


@settings(max_examples=25, deadline=None)
@given(service_minutes=st.integers(1, 600),
       levels=st.lists(st.sampled_from(LEVELS), min_size=1, max_size=4, unique=True),
       pick=st.integers(0, 3),
       team=st.tuples(st.integers(1, 240), st.sampled_from(LEVELS)))
def test_any_scenario_of_the_shape_gives_the_formulas_figures(queue, tmp_path_factory,
                                                               service_minutes, levels, pick, team):
    levels = sorted(levels)
    featured = levels[pick % len(levels)]
    minutes, busy = team
    figures = queue.evaluate(scenario(tmp_path_factory.mktemp("any"), queue, (
        f"service_time: {service_minutes} min\n"
        f"utilisation:\n  featured: {float(featured)}\n"
        f"  levels: [{', '.join(str(float(u)) for u in levels)}]\n"
        f"teams:\n  - {{id: desk, label: desk tickets, service_time: {minutes} min, "
        f"utilisation: {float(busy)}}}\n")))
    s = service_minutes * MIN
    assert figures.value("utilisation.rows.wait") == tuple(u / (1 - u) * s for u in levels)
    assert figures.value("utilisation.rows.in_system") == tuple(s / (1 - u) for u in levels)
    assert figures.value("utilisation.rows.waiting") == tuple(u * u / (1 - u) for u in levels)
    low = levels[0]
    assert figures.value("featured_multiple") == (featured / (1 - featured)) / (low / (1 - low))
    assert figures.value("teams['desk'].wait") == busy / (1 - busy) * minutes * MIN
    assert figures.value("teams['desk'].in_system") == minutes * MIN / (1 - busy)


@pytest.mark.parametrize("levels, message", [
    ("[0.5, 1]", "utilisation.levels[1]: expected shares of time busy above 0 and below 1, "
                 "such as 0.75, got 1"),
    ("[0.9, 0.5]", "utilisation.levels[1]: the values must rise from first to last: "
                   "0.5 follows 0.9"),
    ("[]", "utilisation.levels: expected at least 1 item, got 0"),
])
def test_levels_out_of_shape_are_refused_at_their_line(queue, tmp_path, levels, message):
    problems = scenario_refused(tmp_path, queue, f"""
        service_time: 1 h
        utilisation:
          featured: 0.9
          levels: {levels}
        teams:
          - {{id: a, label: a things, service_time: 1 h, utilisation: 0.5}}
    """)
    assert any(p.endswith(message) and "scenarios.yaml:4" in p for p in problems), problems


def test_seven_teams_are_too_many(queue, tmp_path):
    teams = "\n".join(f"  - {{id: t{i}, label: t, service_time: 1 h, utilisation: 0.5}}"
                      for i in range(7))
    problems = scenario_refused(tmp_path, queue, "service_time: 1 h\nutilisation: {featured: "
                                "0.9, levels: [0.5]}\nteams:\n" + teams + "\n")
    assert problems == [f"{tmp_path / 'scenarios.yaml'}:3:1: teams: expected at most 6 items, got 7"]
