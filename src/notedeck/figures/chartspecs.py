"""The live page's bar chart at each check position, from the old core's figures: a shim
for figures/explorer.py until the model declares the controls (every other chart is the
model's charts:, written by figures/charts.py)."""

from __future__ import annotations

from fractions import Fraction

from notedeck.figures.formatting import Formatter
from notedeck.figures.core import Figures
from notedeck.deck import Bar, BarChart, Segment
from notedeck.figures.scenario import Scenario


def bottleneck(scenario: Scenario, figures: Figures, fmt: Formatter) -> BarChart:
    """A 100% bar per speed, split into writing and checking."""
    check = figures.bottleneck
    bars = (
        _bar(fmt.rate(figures.baseline), check.total_baseline,
             check.writing_share_baseline, check.checking_share_baseline, fmt),
        _bar(fmt.rate(figures.imagined), check.total_imagined,
             check.writing_share_imagined, check.checking_share_imagined, fmt),
    )
    title = fmt.say("chart.bottleneck.title", rate=fmt.rate(figures.imagined),
                    share=fmt.share(check.checking_share_imagined))
    alt = fmt.say("chart.bottleneck.alt", whole=fmt.percent(1),
                  tokens=fmt.integer(figures.bottleneck_workload.total_tokens),
                  check=fmt.duration(check.check),
                  bars=" ".join(fmt.say("chart.bottleneck.alt_bar", bar=b.label,
                                        total=b.total_label, writing=b.segments[0].value_label,
                                        checking=b.segments[1].value_label) for b in bars))
    return BarChart("bottleneck", title, alt, bars)


def _bar(label: str, total: Fraction, writing: Fraction, checking: Fraction, fmt: Formatter) -> Bar:
    return Bar(label, fmt.duration(total), (
        Segment(fmt.say("chart.bottleneck.writing"), float(writing), fmt.share(writing)),
        Segment(fmt.say("chart.bottleneck.checking"), float(checking), fmt.share(checking)),
    ))
