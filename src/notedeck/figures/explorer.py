"""The note's live controls for the web page, as generic Live values: a choice of workload, a
writing-speed slider and a check slider, every position formatted from the core's figures."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import replace
from functools import lru_cache
from fractions import Fraction

from notedeck.deck import (Choice, Cursor, Emphasis, Live, Panel, Reading, Readout, Slider, Stop,
                           Varying)
from notedeck.figures import chartspecs, core, tables
from notedeck.figures.core import CheckFigures, Figures
from notedeck.figures.formatting import Formatter
from notedeck.figures.scenario import Scenario

# The catalogue's words for the controls (explorer.NAME); the note will give its own later.
WORDS = ("workload", "dial", "dial_stops", "tokens", "writing", "at", "dial_group", "check",
         "check_group", "keys")


class _Remembered:
    """The Formatter, each method remembering its answers: positions share most of their
    figures (both speeds, the token count, the writing speedup), written once each."""

    def __init__(self, fmt: Formatter):
        self._fmt = fmt

    def __getattr__(self, name: str):
        value = getattr(self._fmt, name)
        if callable(value):
            value = lru_cache(maxsize=None)(value)
        setattr(self, name, value)
        return value


def build(scenario: Scenario, figures: Figures, fmt: Formatter) -> Live:
    """The controls at every position they can take, and everything they move, as text."""
    fmt = _Remembered(fmt)
    words = {name: fmt.labels[f"explorer.{name}"] for name in WORDS}
    speeds = core.dial_speeds(figures.dial, (figures.baseline, figures.imagined))
    checks = core.slider_checks(scenario.bottleneck.slider,
                                (*scenario.bottleneck.checks, scenario.bottleneck.check))
    seconds = _seconds(scenario, figures, speeds)
    moved = [_at(figures, c) for c in checks]
    speed = _speed_slider(figures, speeds, words, fmt)
    check = _check_slider(scenario, figures, checks, words, fmt)
    return Live(
        panels=(_speed_panel(scenario, figures, speed, speeds, seconds, words, fmt),
                _check_panel(scenario, figures, check, moved, words, fmt)),
        blocks=(Varying(("check",), tuple(tables.bottleneck_stats(m, fmt) for m in moved),
                        "stats"),),
        cursors=(Cursor("dial", Varying(("dial",), speed.values),
                        Varying(("workload", "dial"),
                                tuple(tuple(float(s) for s in row) for row in seconds))),
                 Cursor("speedup", Varying(("check",), check.values),
                        Varying(("check",), tuple(float(m.bottleneck.end_to_end_speedup)
                                                  for m in moved)))),
        emphases=(Emphasis("dial", "workload"),),
    )


def _at(figures: Figures, check: Fraction) -> Figures:
    """The figures with the bottleneck at another fixed check."""
    return replace(figures, bottleneck=core.check_figures(
        figures.bottleneck_workload.total_tokens, figures.baseline, figures.imagined, check))


def _seconds(scenario: Scenario, figures: Figures, speeds: tuple[Fraction, ...]) -> list:
    """Each workload's writing time at each speed, through core.workload_figures."""
    return [core.workload_figures(scenario.workload(f.id), figures.baseline, figures.imagined,
                                  speeds).seconds_at_stops for f in figures.workloads]


def _speed_slider(figures: Figures, speeds: tuple[Fraction, ...], words: dict,
                  fmt: Formatter) -> Slider:
    stops = set(figures.dial)
    return Slider("dial", words["dial"], tuple(float(s) for s in speeds),
                  tuple(fmt.rate(s) for s in speeds),
                  tuple(Stop(i, fmt.compact(s)) for i, s in enumerate(speeds) if s in stops),
                  max(bisect_right(speeds, figures.imagined) - 1, 0), "log",
                  words["dial_stops"], words["keys"])


def _check_slider(scenario: Scenario, figures: Figures, checks: tuple[Fraction, ...],
                  words: dict, fmt: Formatter) -> Slider:
    stops = set(scenario.bottleneck.slider)
    return Slider("check", words["check"], tuple(float(c) for c in checks),
                  tuple(fmt.duration(c) for c in checks),
                  tuple(Stop(i, fmt.slider_label(c)) for i, c in enumerate(checks) if c in stops),
                  checks.index(figures.bottleneck.check), "log", keys=words["keys"])


def _speed_panel(scenario: Scenario, figures: Figures, speed: Slider,
                 speeds: tuple[Fraction, ...], seconds: list, words: dict,
                 fmt: Formatter) -> Panel:
    """The workload choice and the speed slider; each workload's tokens and writing time."""
    workloads = [scenario.workload(f.id) for f in figures.workloads]
    choice = Choice("workload", words["workload"],
                    tuple(w.label[:1].upper() + w.label[1:] for w in workloads))
    counted = [_counted(w, f, fmt) for w, f in zip(workloads, figures.workloads)]
    times = tuple(tuple(fmt.duration(s) for s in each) for each in seconds)
    sentences = Varying(("workload", "dial"), tuple(
        tuple(fmt.say("explorer.reading", rate=fmt.rate(s), counted=c,
                      tokens=fmt.integer(f.total_tokens), time=fmt.duration_in_prose(t))
              for s, t in zip(speeds, row))
        for c, f, row in zip(counted, figures.workloads, seconds)), "sentence")
    before, _, after = words["at"].partition("{speed}")
    readout = Readout((
        Reading(words["tokens"],
                (Varying(("workload",), tuple(fmt.integer(f.total_tokens)
                                              for f in figures.workloads), "tokens"),),
                (Varying(("workload",), tuple(
                    fmt.say("explorer.detail", counted=c, tokens_each=fmt.integer(f.tokens_each))
                    for c, f in zip(counted, figures.workloads)), "detail"),)),
        Reading(words["writing"], (Varying(("workload", "dial"), times, "time"),),
                tuple(p for p in (before, Varying(("dial",), speed.texts, "label"), after) if p)),
    ))
    return Panel(words["dial_group"], "dial", (choice, speed), (readout, sentences), sentences)


def _counted(workload, figures: core.WorkloadFigures, fmt: Formatter) -> str:
    """'40 app drafts', '1 complaint response'."""
    return fmt.counted(figures.count, workload.singular or workload.label, workload.label)


def _check_panel(scenario: Scenario, figures: Figures, check: Slider, moved: list[Figures],
                 words: dict, fmt: Formatter) -> Panel:
    """The check slider; the bottleneck's bars, a sentence and an announcement at each check."""
    bars = Varying(("check",), tuple(chartspecs.bottleneck(scenario, m, fmt) for m in moved),
                   "bars")
    summaries = Varying(("check",), tuple(_summary(figures, m.bottleneck, fmt) for m in moved),
                        "summary")
    announcements = Varying(("check",), tuple(_announcement(figures, m.bottleneck, fmt)
                                              for m in moved), "announcement")
    return Panel(words["check_group"], "bottleneck", (check,), (bars, summaries), announcements)


def _summary(figures: Figures, at: CheckFigures, fmt: Formatter) -> str:
    key = "explorer.summary_no_check" if at.check == 0 else "explorer.summary"
    said = fmt.duration_in_prose          # a sentence: durations as prose says them
    return fmt.say(key, check=said(at.check),
                   tokens=fmt.integer(figures.bottleneck_workload.total_tokens),
                   slow=said(at.total_baseline), baseline_rate=fmt.rate(figures.baseline),
                   fast=said(at.total_imagined), imagined_rate=fmt.rate(figures.imagined),
                   speedup=fmt.speedup(at.end_to_end_speedup),
                   share=fmt.share_prose(at.checking_share_imagined))


def _announcement(figures: Figures, at: CheckFigures, fmt: Formatter) -> str:
    said = fmt.duration_in_prose
    return fmt.say("explorer.announcement", check=said(at.check),
                   slow=said(at.total_baseline), baseline_rate=fmt.rate(figures.baseline),
                   fast=said(at.total_imagined), imagined_rate=fmt.rate(figures.imagined),
                   speedup=fmt.speedup(at.end_to_end_speedup))
