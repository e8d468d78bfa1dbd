"""The figure names prose may use: every computed figure, already formatted."""

from __future__ import annotations

import datetime
from typing import Any

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
        "speeds": _speeds(figures, fmt),
        "throughput": {
            "streams": fmt.integer(scenario.throughput.streams),
            "per_stream": fmt.speed(scenario.throughput.tokens_per_second),
            "total": fmt.speed(figures.throughput_total),
        },
        "workloads": workloads,
        "w": by_id,
        "featured": workloads[0],
        "workload_count": fmt.integer(len(workloads)),
        "workload_count_words": fmt.words(len(workloads)),
        "bottleneck": {"workload": by_id[scenario.bottleneck.workload],
                       **_check(figures.bottleneck, fmt)},
        "checks": checks,
        "checks_first": checks[0],
        "checks_last": checks[-1],
        "slider": [fmt.slider_label(s) for s in scenario.bottleneck.slider],
        "audience": {"name": audience},
    }


def _speeds(figures: Figures, fmt: Formatter) -> dict[str, Any]:
    return {
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
    return {
        "id": workload.id,
        "label": workload.label,
        "count": fmt.integer(figures.count),
        "count_words": fmt.words(figures.count),
        "Count_words": fmt.Words(figures.count),
        "tokens_each": fmt.integer(figures.tokens_each),
        "tokens_each_words": fmt.words(figures.tokens_each),
        "total_tokens": fmt.integer(figures.total_tokens),
        "time_baseline": fmt.duration(figures.seconds_baseline),
        "time_imagined": fmt.duration(figures.seconds_imagined),
        "title": "", "scene": "", "still_scarce": "",
    }


def _check(figures: CheckFigures, fmt: Formatter) -> dict[str, str]:
    return {
        "check": fmt.check_label(figures.check),
        "check_seconds": fmt.seconds_plain(figures.check),
        "total_baseline": fmt.duration(figures.total_baseline),
        "total_imagined": fmt.duration(figures.total_imagined),
        "total_baseline_seconds": fmt.seconds_plain(figures.total_baseline),
        "total_imagined_seconds": fmt.seconds_plain(figures.total_imagined),
        "writing_share_baseline": fmt.share(figures.writing_share_baseline),
        "checking_share_baseline": fmt.share(figures.checking_share_baseline),
        "writing_share_imagined": fmt.share(figures.writing_share_imagined),
        "checking_share_imagined": fmt.share(figures.checking_share_imagined),
        "writing_speedup": fmt.speedup(figures.writing_speedup),
        "end_to_end_speedup": fmt.speedup(figures.end_to_end_speedup),
        "end_to_end_plain": fmt.speedup_plain(figures.end_to_end_speedup),
    }
