"""Excel number formats for show forms, per locale: what a native chart's workbook and axes say."""

from __future__ import annotations

from fractions import Fraction

import pytest

from notedeck.figures.formatting import Formatter
from notedeck.figures.forms import Forms
from notedeck.figures.sheet import number_format
from notedeck.model import Show, Unit
from notedeck.model.types import Num
from notedeck.model.units import TIME_SCALES

NB = "\u00a0"
PLAIN = Num(Unit())


def _time() -> Num:
    from notedeck.model.syntax import parse_unit
    from notedeck.model.units import base

    return Num(base(parse_unit("s"), frozenset())[0])


def fmt(locale: str, kind, show: Show, values=()):
    return number_format(Forms(Formatter(locale)), kind, show, [Fraction(v) for v in values])


@pytest.mark.parametrize("locale, share, percent", [
    ("en-GB", "#,##0.0%", "#,##0%"),
    ("de-DE", f'#,##0.0"{NB}"%', f'#,##0"{NB}"%'),
    ("fr-FR", f'#,##0.0"{NB}"%', f'#,##0"{NB}"%'),
])
def test_shares_and_percentages_keep_excels_scaling_percent_sign(locale, share, percent):
    """The % is left bare (Excel multiplies by 100, as the form does); the locale's space
    before it is quoted, and the value kept as the share it is."""
    assert fmt(locale, PLAIN, Show("share"), [0.5]).code == share
    made = fmt(locale, PLAIN, Show("percent"), [0.5])
    assert (made.code, made.scale) == (percent, 1.0)


def test_places_follow_the_form_fixed_or_as_many_as_the_values_need():
    assert fmt("en-GB", PLAIN, Show("decimal", (("places", 2),)), [1]).code == "#,##0.00"
    assert fmt("en-GB", PLAIN, Show("number"), [1.5, 3]).code == "#,##0.0"
    assert fmt("en-GB", PLAIN, Show("number"), [2, 3]).code == "#,##0"
    assert fmt("en-GB", PLAIN, Show("times"), [132.57, 3]).code == '#,##0.00"×"'
    assert fmt("en-GB", PLAIN, Show("times"), [10000, 3]).code == '#,##0"×"'


@pytest.mark.parametrize("locale, code", [("en-GB", f'#,##0.0"{NB}years"'),
                                          ("de-DE", f'#,##0.0"{NB}Jahre"')])
def test_a_time_in_years_is_kept_in_years_with_the_locales_word(locale, code):
    year = TIME_SCALES["y"]
    made = fmt(locale, _time(), Show("duration", (("in", "y"),)), [9.6 * year, 24.1 * year])
    assert (made.code, made.scale) == (code, float(year))


def test_a_time_without_a_unit_is_kept_in_the_largest_its_shortest_value_reaches():
    made = fmt("en-GB", _time(), Show("duration"), [4 * 604800, 24 * 604800])
    assert (made.code, made.scale) == (f'#,##0"{NB}weeks"', 604800.0)
    made = fmt("en-GB", _time(), Show("duration"), [90, 7200])
    assert (made.code, made.scale) == (f'#,##0.0"{NB}minutes"', 60.0)


def test_a_form_that_writes_no_number_leaves_negatives_their_minus():
    """A form with no digits to find (not shown, or in words) gives one section: Excel's own
    minus, never a second section that drops it."""
    assert fmt("en-GB", PLAIN, Show("none"), [-3]).code == "#,##0"
    assert fmt("de-DE", PLAIN, Show("words"), [-3]).code == "#,##0"
