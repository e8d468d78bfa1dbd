"""Every figure the page can show is one the model computed and the formatter wrote.

The expected strings are made here from the hand-written arithmetic (tests/model/reference.py)
and figures/formatting directly, not through the model's controls, so a slip in either shows.
"""

from __future__ import annotations

import re

import pytest

from model import reference as core
from notedeck.figures import formatting as fmt

from webpage import VARIANTS, build_page

# Columns that only place marks (SVG coordinates and bar widths); never shown as text.
GEOMETRY = re.compile(r"^(x|y|bar\d+_[xw]\d+)$")


def rate(speed) -> str:
    """A speed as the bundled note's words for token/s write it (its model's unit_words)."""
    return f"{fmt.speed(speed)}\u00a0tokens/sec"


@pytest.fixture(scope="module", params=[*VARIANTS, "three-workloads"], ids=lambda v: v or "note")
def built(request, tmp_path_factory):
    if request.param == "three-workloads":
        path = tmp_path_factory.mktemp("scenario") / "other.yaml"
        from conftest import THREE_WORKLOADS

        path.write_text(THREE_WORKLOADS, encoding="utf-8")
        return build_page(scenarios_file=path)
    return build_page(audience=request.param)


def grid(built):
    figures, scenario = built.figures, built.scenario
    speeds = core.dial_speeds(figures.dial, (figures.baseline, figures.imagined))
    checks = core.slider_checks(scenario.bottleneck.slider,
                                (*scenario.bottleneck.checks, scenario.bottleneck.check))
    return figures, scenario, speeds, checks


def only_figures_from(text: str, figures: list[str]) -> bool:
    """True when every digit in `text` belongs to one of the formatted figures."""
    for figure in sorted(set(figures), key=len, reverse=True):
        text = text.replace(figure, " ")
    return not re.search(r"\d", text)


def test_the_dial_shows_the_cores_writing_times(built):
    figures, scenario, speeds, _ = grid(built)
    slots = built.data["slots"]
    assert slots["dial"]["label"] == [rate(s) for s in speeds]
    for w, workload in enumerate(scenario.workloads):
        mine = core.workload_figures(workload, figures.baseline, figures.imagined, speeds)
        times = [fmt.duration(t) for t in mine.seconds_at_stops]
        assert slots["workload.dial"]["time"][w] == times
        for i, sentence in enumerate(slots["workload.dial"]["sentence"][w]):
            said = fmt.duration_in_prose(mine.seconds_at_stops[i])     # a sentence's words
            assert only_figures_from(sentence, [rate(speeds[i]), times[i], said,
                                                fmt.integer(mine.count),
                                                fmt.integer(mine.total_tokens)]), sentence
    workload = slots.get("workload", {})
    tokens = [fmt.integer(f.total_tokens) for f in figures.workloads]
    assert workload.get("tokens", tokens) == tokens


def test_the_check_slider_shows_the_cores_bottleneck(built):
    figures, scenario, _, checks = grid(built)
    slots = built.data["slots"]["check"]
    rate_b, rate_i = rate(figures.baseline), rate(figures.imagined)
    for i, check in enumerate(checks):
        c = core.check_figures(figures.bottleneck_workload.total_tokens, figures.baseline,
                               figures.imagined, check)
        shares = [fmt.share(c.writing_share_baseline), fmt.share(c.checking_share_baseline),
                  fmt.share(c.writing_share_imagined), fmt.share(c.checking_share_imagined)]
        expected = {
            "label": fmt.duration(check),
            "stat0": fmt.duration(c.total_baseline), "stat1": fmt.duration(c.total_imagined),
            "stat3": fmt.times(c.end_to_end_speedup),
            "stat0_detail": f"Writing {shares[0]} · Checking {shares[1]}",
            "stat1_detail": f"Writing {shares[2]} · Checking {shares[3]}",
            "stat3_detail": (f"{fmt.seconds_plain(c.total_baseline)} ÷ "
                             f"{fmt.seconds_plain(c.total_imagined)}{fmt.NBSP}seconds"),
            "bar0_total": fmt.duration(c.total_baseline),
            "bar1_total": fmt.duration(c.total_imagined),
            "bar0_share0": shares[0], "bar0_share1": shares[1],
            "bar1_share0": shares[2], "bar1_share1": shares[3],
            "bar0_title": f"{rate_b}: {fmt.duration(c.total_baseline)}",
            "bar1_title": f"{rate_i}: {fmt.duration(c.total_imagined)}",
            "bar0_desc": f"Writing {shares[0]}, Checking {shares[1]}",
            "bar1_desc": f"Writing {shares[2]}, Checking {shares[3]}",
            "title": f"At {rate_i}, checking is {shares[3]} of the time",
        }
        for name, value in expected.items():
            if name in slots:
                assert slots[name][i] == value, (name, i)
        every = [*expected.values(), rate_b, rate_i, fmt.duration(check),
                 *(fmt.duration_in_prose(t) for t in (check, c.total_baseline, c.total_imagined)),
                 fmt.share_prose(c.checking_share_imagined),          # the sentence's words for it
                 fmt.times(c.end_to_end_speedup), fmt.integer(figures.bottleneck_workload.total_tokens)]
        for name in ("summary", "announcement"):
            assert only_figures_from(slots[name][i], every), slots[name][i]
    shown = {name for name in slots if not GEOMETRY.match(name)}
    assert shown <= {*expected, "summary", "announcement"}


def test_every_text_column_is_checked_and_geometry_is_never_text(built):
    """The columns above are all the page can show; coordinates only move SVG marks."""
    data, html = built.data, built.html
    texts = {f"{group}.{name}" for group, columns in data["slots"].items() for name in columns
             if not GEOMETRY.match(name)}
    assert texts <= {"dial.label", "workload.dial.time", "workload.dial.sentence",
                     "workload.tokens", "workload.detail"} | {
        f"check.{name}" for name in data["slots"]["check"]}
    shown = set(re.findall(r'data-slot="([^"]+)"', html)) | set(
        re.findall(r'data-announce="([^"]+)"', html))
    valuetext = set(re.findall(r"aria-valuetext=([\w.]+)", html))
    assert not any(GEOMETRY.match(slot.split(".")[-1]) for slot in shown | valuetext)
    for pair in re.findall(r'data-attr="([^"]+)"', html):
        for binding in pair.split():
            attr, slot = binding.split("=")
            is_geometry = bool(GEOMETRY.match(slot.split(".")[-1]))
            assert is_geometry == (attr in {"x", "x1", "x2", "y1", "y2", "width"}), binding


def test_the_controls_reach_every_stop_and_check_row(built):
    figures, scenario, speeds, checks = grid(built)
    sliders = {c.name: c for c in built.deck.live.controls}
    assert set(figures.dial) <= set(speeds) and len(speeds) >= 100
    assert {*scenario.bottleneck.slider, *scenario.bottleneck.checks} <= set(checks)
    assert len(checks) >= 100
    stops = built.data["stops"]
    assert [speeds[i] for i in stops["dial"]] == list(figures.dial)
    assert [checks[i] for i in stops["check"]] == list(scenario.bottleneck.slider)
    assert checks[built.data["start"]["check"]] == scenario.bottleneck.check
    assert speeds[built.data["start"]["dial"]] == min(max(figures.imagined, speeds[0]), speeds[-1])
    assert len(sliders["dial"].texts) == len(speeds) and len(sliders["check"].texts) == len(checks)
