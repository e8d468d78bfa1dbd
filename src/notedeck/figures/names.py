"""The figure names prose may use: every computed figure, already formatted."""

from __future__ import annotations

import datetime
from typing import Any

from notedeck.figures import phrases
from notedeck.figures.formatting import ENGLISH, Formatter
from notedeck.figures.core import CheckFigures, Figures, WorkloadFigures
from notedeck.figures.scenario import Scenario, Workload


def build(scenario: Scenario, figures: Figures, fmt: Formatter = ENGLISH,
          audience: str = "", date: datetime.date | None = None) -> dict[str, Any]:
    """Every figure by the name prose uses, formatted; workloads' own prose still empty."""
    names = _figures(scenario, figures, fmt, audience)
    if date is not None:
        names["date"] = fmt.date(date)        # the note's date: "2 October 2026"
    return names


def _figures(scenario: Scenario, figures: Figures, fmt: Formatter, audience: str) -> dict[str, Any]:
    workloads = [_workload(w, f, fmt) for w, f in zip(scenario.workloads, figures.workloads)]
    by_id = {w["id"]: w for w in workloads}
    checks = [_check(c, fmt) for c in figures.checks]
    return {
        "speeds": _speeds(scenario, figures, fmt),
        "throughput": {
            "streams": fmt.integer(scenario.throughput.streams),
            "per_stream": fmt.speed(scenario.throughput.tokens_per_second),
            "total": fmt.speed(figures.throughput_total),
            "per_stream_rate": fmt.rate(scenario.throughput.tokens_per_second),
            "total_rate": fmt.rate(figures.throughput_total),
        },
        "workloads": workloads,
        "w": by_id,
        "featured": workloads[0],
        "workload_count": fmt.integer(len(workloads)),
        "workload_count_words": fmt.words(len(workloads)),
        "bottleneck": {"workload": by_id[scenario.bottleneck.workload],
                       "check_label": scenario.bottleneck.check_label,
                       "check_example": scenario.bottleneck.check_example,
                       **_check(figures.bottleneck, fmt)},
        "checks": checks,
        "checks_first": checks[0],
        "checks_last": checks[-1],
        "slider": [fmt.slider_label(s) for s in scenario.bottleneck.slider],
        "writing": _writing(figures, fmt),
        "audience": {"name": audience},
    }


def _speeds(scenario: Scenario, figures: Figures, fmt: Formatter) -> dict[str, Any]:
    return {
        "baseline_label": scenario.speeds.baseline_label,
        "imagined_label": scenario.speeds.imagined_label,
        "baseline": fmt.speed(figures.baseline),
        "imagined": fmt.speed(figures.imagined),
        "baseline_rate": fmt.rate(figures.baseline),
        "imagined_rate": fmt.rate(figures.imagined),
        "writing_speedup": fmt.speedup(figures.writing_speedup),
        "dial": [fmt.compact(s) for s in figures.dial],
        "dial_low": fmt.speed(figures.dial[0]),
        "dial_high": fmt.speed(figures.dial[-1]),
    }


def _workload(workload: Workload, figures: WorkloadFigures, fmt: Formatter) -> dict[str, Any]:
    one = workload.singular or workload.label
    noun = one if figures.count == 1 else workload.label
    return {
        "id": workload.id,
        "label": workload.label,
        "singular": one,
        "noun": noun,
        "count": fmt.integer(figures.count),
        "count_words": fmt.words(figures.count),
        "Count_words": fmt.Words(figures.count),
        "counted": fmt.counted(figures.count, one, workload.label),
        "counted_words": f"{fmt.words(figures.count)} {noun}",
        "Counted_words": f"{fmt.Words(figures.count)} {noun}",
        "tokens_each": fmt.integer(figures.tokens_each),
        "tokens_each_words": fmt.words(figures.tokens_each),
        "total_tokens": fmt.integer(figures.total_tokens),
        "time_baseline": fmt.duration_in_prose(figures.seconds_baseline),
        "time_imagined": fmt.duration_in_prose(figures.seconds_imagined),
        "title": "", "scene": "", "still_scarce": "",
    }


def _writing(figures: Figures, fmt: Formatter) -> dict[str, str]:
    """Words for the writing times of every workload (figures/phrases.py)."""
    slow = [w.seconds_baseline for w in figures.workloads]
    fast = [w.seconds_imagined for w in figures.workloads]
    return {
        "baseline_span": phrases.span(slow, fmt),
        "imagined_span": phrases.span(fast, fmt),
        "baseline_scale": phrases.scale(max(slow), fmt),
        "imagined_scale": phrases.scale(max(fast), fmt),
        "drafting": phrases.drafting(figures.writing_speedup, fmt),
    }


def _check(figures: CheckFigures, fmt: Formatter) -> dict[str, Any]:
    return {
        "has_check": figures.check > 0,
        "gain": phrases.gain(figures.check, figures.end_to_end_speedup, figures.writing_speedup,
                             fmt),
        "check": fmt.check_in_prose(figures.check),
        "check_seconds": fmt.seconds_plain(figures.check),
        "total_baseline": fmt.duration_in_prose(figures.total_baseline),
        "total_imagined": fmt.duration_in_prose(figures.total_imagined),
        "total_baseline_seconds": fmt.seconds_plain(figures.total_baseline),
        "total_imagined_seconds": fmt.seconds_plain(figures.total_imagined),
        "writing_share_baseline": fmt.share_prose(figures.writing_share_baseline),
        "checking_share_baseline": fmt.share_prose(figures.checking_share_baseline),
        "writing_share_imagined": fmt.share_prose(figures.writing_share_imagined),
        "checking_share_imagined": fmt.share_prose(figures.checking_share_imagined),
        "writing_speedup": fmt.speedup(figures.writing_speedup),
        "end_to_end_speedup": fmt.speedup(figures.end_to_end_speedup),
        "end_to_end_plain": fmt.speedup_plain(figures.end_to_end_speedup),
    }
