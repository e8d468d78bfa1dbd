"""A chart's series are judged on every colour sampled behind the chart: a line or a bar crosses
all of its ground, so one part it does not read on is enough to shade it or back the chart."""

from __future__ import annotations

from notedeck.template.colours import chart_backing, series
from notedeck.template.legible import reads_at, reads_everywhere
from notedeck.template.styles import Theme

# Office's theme colours, as LibreOffice's Lights template writes them
THEME = Theme(colours={"dk1": "#000000", "lt1": "#FFFFFF", "dk2": "#1F497D", "lt2": "#EEECE1",
                       "accent1": "#4F81BD", "accent2": "#C0504D", "accent3": "#9BBB59",
                       "accent4": "#8064A2", "accent5": "#4BACC6", "accent6": "#F79646"})
NAVY = ["#000032"] * 14
BUBBLE = "#C74C88"                     # a translucent bubble over the gradient, at one sample


def test_one_sample_the_series_does_not_read_on_counts_for_a_graphic():
    ground = NAVY + [BUBBLE]
    assert reads_at("#9BBB59", ground)[0] >= 3.0            # enough for text ...
    assert reads_everywhere("#9BBB59", ground) < (3.0, "")   # ... not for a line across it
    assert reads_everywhere("#9BBB59", ground)[1] == BUBBLE


def test_a_ground_with_a_part_no_series_reads_on_backs_the_chart():
    backing = chart_backing(THEME, NAVY + [BUBBLE])
    assert backing is not None and backing.rgb.upper() == "#000032"
    inks, _ = series(THEME, (backing.rgb,))
    assert all(reads_everywhere(ink.rgb, (backing.rgb,))[0] >= 3.0 for ink in inks)


def test_a_flat_ground_needs_no_backing():
    assert chart_backing(THEME, ["#FFFFFF"] * 15) is None

