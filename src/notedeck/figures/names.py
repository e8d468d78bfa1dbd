"""The figure names prose may use: every computed figure, already formatted."""

from __future__ import annotations

from typing import Any, Callable

from notedeck.figures import formatting as fmt
from notedeck.figures.core import CheckFigures, Figures, WorkloadFigures
from notedeck.errors import Collector, Location
from notedeck.figures.scenario import Scenario, Workload
from notedeck.prose.templating import fill

PROSE_KEYS = ("title", "scene", "still_scarce")


def build(scenario: Scenario, figures: Figures, audience: str = "",
          where: Callable[[tuple], Location] | None = None) -> dict[str, Any]:
    """All names, with each workload's own prose filled from the rest; all problems at once."""
    names = _figures(scenario, figures, audience)
    found = Collector()
    for index, workload in enumerate(scenario.workloads):
        entry = names["w"][workload.id]
        for key in PROSE_KEYS:
            path = ("workloads", index, key)
            place = where(path) if where else Location("scenarios.yaml")
            entry[key] = found.run(fill, getattr(workload, key), names, place.file,
                                   line_offset=(place.line - 1) if place.line else 0,
                                   key=f"workloads[{index}].{key}") or ""
    found.raise_if_any()
    return names


def _figures(scenario: Scenario, figures: Figures, audience: str) -> dict[str, Any]:
    workloads = [_workload(w, f) for w, f in zip(scenario.workloads, figures.workloads)]
    by_id = {w["id"]: w for w in workloads}
    checks = [_check(c) for c in figures.checks]
    return {
        "speeds": _speeds(figures),
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
                       **_check(figures.bottleneck)},
        "checks": checks,
        "checks_first": checks[0],
        "checks_last": checks[-1],
        "slider": [fmt.slider_label(s) for s in scenario.bottleneck.slider],
        "audience": {"name": audience},
    }


def _speeds(figures: Figures) -> dict[str, Any]:
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


def _workload(workload: Workload, figures: WorkloadFigures) -> dict[str, Any]:
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


def _check(figures: CheckFigures) -> dict[str, str]:
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
