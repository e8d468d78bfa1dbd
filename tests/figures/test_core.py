"""core: every figure of the bundled note, written through formatting, and a second scenario."""

from __future__ import annotations

from fractions import Fraction

import pytest

from notedeck.figures import formatting as fmt
from notedeck.figures.core import CheckFigures, Figures, check_figures, compute, curve_checks
from notedeck.figures.scenario import Bottleneck, Scenario, Speeds, Throughput, Workload

F = Fraction


def shown(text: str) -> str:
    """A figure as read aloud: no-break spaces (numbers kept with units) as spaces."""
    return text.replace("\u00a0", " ")


def scenario(baseline, imagined, dial, streams, per_stream, workloads, bottleneck) -> Scenario:
    return Scenario(
        speeds=Speeds(F(baseline), F(imagined), tuple(map(F, dial))),
        throughput=Throughput(streams, F(per_stream)),
        workloads=tuple(Workload(id, label, count, each) for id, label, count, each in workloads),
        bottleneck=bottleneck,
    )


def bottleneck(workload, check, checks, slider) -> Bottleneck:
    return Bottleneck(workload, F(check), tuple(map(F, checks)), tuple(map(F, slider)))


BUNDLED = scenario(
    100, 1_000_000, [100, 1000, 10_000, 100_000, 1_000_000], 10_000, 100,
    [("endings", "story endings", 1000, 1000), ("apps", "app drafts", 40, 20_000),
     ("candidates", "critiqued candidates", 10_000, 300),
     ("rehearsals", "rehearsals", 10_000, 1000)],
    bottleneck("apps", 60, [0, 60, 900, 86_400], [0, 60, 3600, 86_400]),
)

# Another scenario: 50 and 5,000 tokens/sec, three workloads, checked by hand.
SMALL = scenario(
    50, 5000, [50, 500, 5000], 20, 250,
    [("essays", "essays", 3, 1500), ("briefs", "briefs", 12, 2500), ("tests", "tests", 250, 400)],
    bottleneck("briefs", 30, [0, 30, 7200], [0, 30, 7200]),
)


@pytest.fixture(scope="module")
def bundled() -> Figures:
    return compute(BUNDLED)


@pytest.fixture(scope="module")
def small() -> Figures:
    return compute(SMALL)


def budget_row(source: Scenario, figures: Figures, workload_id: str) -> str:
    w, f = source.workload(workload_id), figures.workload(workload_id)
    cells = (f"{fmt.integer(f.count)} {w.label} × {fmt.integer(f.tokens_each)}",
             fmt.integer(f.total_tokens), fmt.duration(f.seconds_baseline),
             fmt.duration(f.seconds_imagined))
    return shown(" | ".join(cells))


def check_row(row: CheckFigures) -> str:
    cells = (fmt.check_label(row.check), fmt.duration(row.total_baseline),
             fmt.duration(row.total_imagined), fmt.speedup(row.end_to_end_speedup))
    return shown(" | ".join(cells))


# --- the bundled note (FACTS.md) ---------------------------------------------------

def test_bundled_budgets_table(bundled):
    rows = [budget_row(BUNDLED, bundled, w.id) for w in BUNDLED.workloads]
    assert rows == [
        "1,000 story endings × 1,000 | 1,000,000 | 2 h 46 min 40 s | 1 second",
        "40 app drafts × 20,000 | 800,000 | 2 h 13 min 20 s | 0.8 seconds",
        "10,000 critiqued candidates × 300 | 3,000,000 | 8 h 20 min | 3 seconds",
        "10,000 rehearsals × 1,000 | 10,000,000 | 27 h 46 min 40 s | 10 seconds",
    ]


def test_bundled_checks_table(bundled):
    assert [check_row(row) for row in bundled.checks] == [
        "None | 2 h 13 min 20 s | 0.8 seconds | 10,000×",
        "60 seconds | 2 h 14 min 20 s | 60.8 seconds | 132.57×",
        "15 min | 2 h 28 min 20 s | 15 min 1 s | 9.88×",
        "24 h | 26 h 13 min 20 s | 24 h 1 s | 1.09×",
    ]


def test_bundled_bottleneck_bullets(bundled):
    b = bundled.bottleneck
    assert bundled.bottleneck_workload is bundled.workload("apps")
    assert shown(fmt.duration(b.check)) == "60 seconds"
    assert fmt.seconds_plain(b.check) == "60"
    assert shown(fmt.duration(b.total_baseline)) == "2 h 14 min 20 s"
    assert shown(fmt.duration(b.total_imagined)) == "60.8 seconds"
    assert fmt.seconds_plain(b.total_baseline) == "8,060"
    assert fmt.seconds_plain(b.total_imagined) == "60.8"
    assert fmt.share(b.writing_share_baseline) == "99.3%"
    assert fmt.share(b.checking_share_baseline) == "0.7%"
    assert fmt.share(b.writing_share_imagined) == "1.3%"
    assert fmt.share(b.checking_share_imagined) == "98.7%"
    assert fmt.speedup(b.writing_speedup) == "10,000×"
    assert fmt.speedup(b.end_to_end_speedup) == "132.57×"
    assert fmt.speedup_plain(b.end_to_end_speedup) == "132.57"


def test_bundled_exact_values(bundled):
    b = bundled.bottleneck
    assert b.total_baseline == 8060 and b.total_imagined == F(608, 10)
    assert b.end_to_end_speedup == F(8060) / F(608, 10)
    assert b.writing_share_imagined + b.checking_share_imagined == 1
    assert all(isinstance(v, Fraction) for v in vars(b).values())


def test_bundled_speeds_and_throughput(bundled):
    assert fmt.integer(bundled.baseline) == "100"
    assert shown(fmt.rate(bundled.imagined)) == "1,000,000 tokens/sec"
    assert fmt.speedup(bundled.writing_speedup) == "10,000×"
    assert fmt.integer(bundled.throughput_total) == "1,000,000"
    assert [fmt.compact(s) for s in bundled.dial] == ["100", "1K", "10K", "100K", "1M"]
    slider = [shown(fmt.slider_label(s)) for s in BUNDLED.bottleneck.slider]
    assert slider == ["0", "1 min", "1 hour", "1 day"]


def test_bundled_dial_times(bundled):
    endings = bundled.workload("endings")
    assert [shown(fmt.duration(t)) for t in endings.seconds_at_stops] == [
        "2 h 46 min 40 s", "16 min 40 s", "100 seconds", "10 seconds", "1 second"]
    assert [w.id for w in bundled.workloads] == ["endings", "apps", "candidates", "rehearsals"]


def test_bundled_counts_as_words(bundled):
    assert fmt.words(bundled.workload("apps").count) == "forty"
    assert fmt.Words(bundled.workload("apps").count) == "Forty"
    assert fmt.words(bundled.workload("candidates").count) == "ten thousand"
    assert fmt.words(bundled.workload("apps").tokens_each) == "twenty thousand"


def test_unknown_workload(bundled):
    with pytest.raises(KeyError):
        bundled.workload("nope")


# --- the curve -------------------------------------------------------------------

def test_curve_covers_every_stop_and_check(bundled):
    checks = [p.check for p in bundled.curve]
    assert checks == sorted(set(checks))
    assert checks[0] == 0 and checks[-1] == 86_400
    assert set(BUNDLED.bottleneck.slider) | set(BUNDLED.bottleneck.checks) <= set(checks)
    assert 100 <= len(checks) <= 130


def test_curve_speedups_are_exact_and_falling(bundled):
    assert bundled.curve[0].speedup == 10_000
    speedups = [p.speedup for p in bundled.curve]
    assert speedups == sorted(speedups, reverse=True)
    for point in bundled.curve:
        expected = check_figures(800_000, F(100), F(1_000_000), point.check)
        assert point.speedup == expected.end_to_end_speedup
        assert isinstance(point.check, Fraction)


def test_curve_is_geometric_between_fixed_points(bundled):
    positive = [p.check for p in bundled.curve if p.check > 0]
    ratios = [b / a for a, b in zip(positive, positive[1:])]
    assert max(ratios) < F(13, 10)
    assert positive[0] < 1


def test_curve_edges():
    assert curve_checks((F(0), F(0))) == (F(0),)
    points = curve_checks((F(0), F(7, 3)))
    assert points[0] == 0 and points[-1] == F(7, 3)


# --- a second scenario, checked by hand -------------------------------------------

def test_small_budgets(small):
    assert [budget_row(SMALL, small, w.id) for w in SMALL.workloads] == [
        "3 essays × 1,500 | 4,500 | 90 seconds | 0.9 seconds",         # 4500/50, 4500/5000
        "12 briefs × 2,500 | 30,000 | 10 min | 6 seconds",             # 600 s, 6 s
        "250 tests × 400 | 100,000 | 33 min 20 s | 20 seconds",        # 2000 s, 20 s
    ]
    assert small.workload("briefs").seconds_at_stops == (600, 60, 6)


def test_small_bottleneck(small):
    b = small.bottleneck                    # 600 + 30 = 630 s against 6 + 30 = 36 s
    assert (b.total_baseline, b.total_imagined) == (630, 36)
    assert shown(fmt.duration(b.total_baseline)) == "10 min 30 s"
    assert shown(fmt.duration(b.total_imagined)) == "36 seconds"
    assert fmt.share(b.writing_share_baseline) == "95.2%"       # 600/630
    assert fmt.share(b.checking_share_baseline) == "4.8%"       # 30/630
    assert fmt.share(b.writing_share_imagined) == "16.7%"       # 6/36
    assert fmt.share(b.checking_share_imagined) == "83.3%"      # 30/36
    assert fmt.speedup(b.writing_speedup) == "100×"
    assert fmt.speedup(b.end_to_end_speedup) == "17.50×"        # 630/36 = 17.5
    assert fmt.integer(small.throughput_total) == "5,000"       # 20 × 250


def test_small_checks(small):
    assert [check_row(row) for row in small.checks] == [
        "None | 10 min | 6 seconds | 100×",
        "30 seconds | 10 min 30 s | 36 seconds | 17.50×",
        "2 h | 2 h 10 min | 2 h 6 s | 1.08×",                  # 7800/7206 = 1.0824...
    ]
    assert [fmt.compact(s) for s in small.dial] == ["50", "500", "5K"]


def test_check_figures_half_up():
    # 1,070 tokens: 10.7 s against 0.107 s; a 1 s check gives 11.7 / 1.107 = 10.5691...
    row = check_figures(1070, F(100), F(10_000), F(1))
    assert fmt.speedup(row.end_to_end_speedup) == "10.57×"
    # 535 tokens at 200 vs 535 tokens/sec, no check: 2.675 s against 1 s, exactly 2.675
    exact = check_figures(535, F(200), F(535), F(0))
    assert exact.end_to_end_speedup == F(535, 200)
    assert fmt.speedup(exact.end_to_end_speedup) == "2.68×"


def test_check_figures_zero_tokens_and_check():
    row = check_figures(0, F(100), F(1000), F(0))
    assert row.total_imagined == 0 and row.end_to_end_speedup == 10
    assert row.writing_share_baseline == 0 and row.checking_share_baseline == 0


# --- the web page's controls: every position the dial and the check slider can take ---------

def test_the_dial_holds_its_stops_and_about_a_hundred_speeds_between():
    from notedeck.figures.core import dial_speeds

    stops = BUNDLED.speeds.dial
    speeds = dial_speeds(stops, (BUNDLED.speeds.baseline, BUNDLED.speeds.imagined))
    assert set(stops) <= set(speeds) and list(speeds) == sorted(set(speeds))
    assert (speeds[0], speeds[-1]) == (stops[0], stops[-1]) and 100 <= len(speeds) <= 130
    assert all(fmt.rate(s).replace(",", "").split()[0] == str(s) for s in speeds)  # written exactly
    tiny = dial_speeds((F(1, 1000), F(2, 1000)))
    assert tiny == (F(1, 1000), F(2, 1000))          # kept to thousandths: nothing in between


def test_the_slider_holds_its_stops_and_every_check_row():
    from notedeck.figures.core import slider_checks

    b = BUNDLED.bottleneck
    checks = slider_checks(b.slider, (*b.checks, b.check))
    assert {*b.slider, *b.checks, b.check} <= set(checks) and len(checks) >= 100
    assert checks[0] == 0 and checks[-1] == 86_400
    assert all(c.denominator in (1, 2, 5, 10) for c in checks)           # tenths at most
    assert all(c.denominator == 1 for c in checks if c >= 120)           # then whole seconds
    assert slider_checks((F(60), F(120)), (F(3600),))[-1] == 3600        # the range grows to a row
