"""The note's computed tables and headline figures, as renderer-neutral blocks."""

from __future__ import annotations

from notedeck.figures.formatting import Formatter
from notedeck.figures.core import Figures
from notedeck.deck import Run, Callout, Stat, Stats, Table
from notedeck.figures.scenario import Scenario, Workload
from notedeck.figures.core import WorkloadFigures


def budgets(scenario: Scenario, figures: Figures, fmt: Formatter) -> Table:
    rows = tuple((arithmetic_label(w, f, fmt), fmt.integer(f.total_tokens),
                  fmt.duration(f.seconds_baseline), fmt.duration(f.seconds_imagined))
                 for w, f in zip(scenario.workloads, figures.workloads))
    return Table("budgets", fmt.say("table.budgets.caption"),
                 (fmt.say("table.budgets.workload"), fmt.say("table.budgets.tokens"),
                  fmt.rate(figures.baseline), fmt.rate(figures.imagined)), rows,
                 ("left", "right", "right", "right"))


def arithmetic_label(workload: Workload, figures: WorkloadFigures, fmt: Formatter) -> str:
    """'1,000 story endings × 1,000' ('1 complaint response × 1,500' for one)."""
    counted = fmt.counted(figures.count, workload.singular or workload.label, workload.label)
    return fmt.say("table.budgets.row", counted=counted,
                   tokens_each=fmt.integer(figures.tokens_each))


def checks(scenario: Scenario, figures: Figures, fmt: Formatter) -> Table:
    rows = tuple((fmt.check_label(c.check), fmt.duration(c.total_baseline),
                  fmt.duration(c.total_imagined), fmt.speedup(c.end_to_end_speedup))
                 for c in figures.checks)
    featured = next((i for i, c in enumerate(figures.checks)
                     if c.check == figures.bottleneck.check), None)
    tokens = fmt.integer(figures.bottleneck_workload.total_tokens)
    return Table("checks", fmt.say("table.checks.caption", tokens=tokens),
                 (fmt.say("table.checks.check"), fmt.rate(figures.baseline),
                  fmt.rate(figures.imagined), fmt.say("table.checks.end_to_end")), rows,
                 ("left", "right", "right", "right"), featured)


def bottleneck_stats(figures: Figures, fmt: Formatter) -> Stats:
    c = figures.bottleneck
    return Stats((
        Stat(fmt.duration(c.total_baseline), fmt.say("stats.total_at",
                                                     rate=fmt.rate(figures.baseline)),
             fmt.say("stats.split", writing=fmt.share(c.writing_share_baseline),
                     checking=fmt.share(c.checking_share_baseline))),
        Stat(fmt.duration(c.total_imagined), fmt.say("stats.total_at",
                                                     rate=fmt.rate(figures.imagined)),
             fmt.say("stats.split", writing=fmt.share(c.writing_share_imagined),
                     checking=fmt.share(c.checking_share_imagined))),
        Stat(fmt.speedup(c.writing_speedup), fmt.say("stats.writing_speedup"),
             fmt.say("stats.writing_speedup.detail", imagined=fmt.speed(figures.imagined),
                     baseline_rate=fmt.rate(figures.baseline))),
        Stat(fmt.speedup(c.end_to_end_speedup), fmt.say("stats.end_to_end"),
             fmt.say("stats.end_to_end.detail", baseline=fmt.seconds_plain(c.total_baseline),
                     imagined=fmt.seconds_plain(c.total_imagined))),
    ))


def experiment_callout(workload: Workload, figures: WorkloadFigures, fmt: Formatter) -> Callout:
    """'1,000 × 1,000 = 1,000,000 tokens · 1 second of writing'."""
    return Callout((Run(fmt.say("experiment.callout", count=fmt.integer(figures.count),
                                tokens_each=fmt.integer(figures.tokens_each),
                                tokens=fmt.tokens(figures.total_tokens),
                                time=fmt.duration(figures.seconds_imagined)), bold=True),))
