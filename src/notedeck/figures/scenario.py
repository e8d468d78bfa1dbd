"""The validated scenario: the numbers a note is built on, in exact arithmetic."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Speeds:
    baseline: Fraction             # tokens per second, the illustrative speed
    imagined: Fraction             # tokens per second, the imagined speed
    dial: tuple[Fraction, ...]     # the dial's stops, ascending
    baseline_label: str = "illustrative speed"   # prose names for the two speeds
    imagined_label: str = "imagined speed"


@dataclass(frozen=True)
class Throughput:
    streams: int
    tokens_per_second: Fraction


@dataclass(frozen=True)
class Workload:
    id: str
    label: str                     # plural noun: "story endings"
    count: int
    tokens_each: int
    title: str = ""                # thought experiment; may hold figure placeholders
    scene: str = ""
    still_scarce: str = ""
    singular: str = ""             # "story ending"; empty: the label serves for one too


@dataclass(frozen=True)
class Bottleneck:
    workload: str                  # a Workload.id
    check: Fraction                # seconds, the featured fixed check
    checks: tuple[Fraction, ...]   # seconds, rows of the check table
    slider: tuple[Fraction, ...]   # seconds, range of the speedup chart
    check_label: str = "fixed check"   # what the check is: "test run", "clinician sign-off"
    check_example: str = ""            # an example phrase: "a test run or a review"


@dataclass(frozen=True)
class Scenario:
    speeds: Speeds
    throughput: Throughput
    workloads: tuple[Workload, ...]
    bottleneck: Bottleneck

    def workload(self, workload_id: str) -> Workload:
        return next(w for w in self.workloads if w.id == workload_id)
