"""Money as CLDR writes it per locale, durations in years and months, and figures whose
spaces never break."""

from __future__ import annotations

from fractions import Fraction

import pytest

from notedeck.figures.formatting import Formatter
from notedeck.model.units import TIME_SCALES, parse_duration

NBSP = "\u00a0"
YEAR = TIME_SCALES["y"]


@pytest.mark.parametrize("locale, expected", [
    ("en-GB", ["-€118", "-€118.33", "€0.30", "-€5,775", "€0.30"]),
    ("de-DE", ["-118\u00a0€", "-118,33\u00a0€", "0,30\u00a0€", "-5.775\u00a0€", "0,30\u00a0€"]),
    ("fr-FR", ["-118\u00a0€", "-118,33\u00a0€", "0,30\u00a0€", "-5\u202f775\u00a0€",
               "0,30\u00a0€"]),
])
def test_money_has_the_locales_symbol_place_and_sign(locale, expected):
    fmt = Formatter(locale)
    assert [s.replace("\u2060", "") for s in (fmt.money(-118, "EUR"), fmt.money(Fraction(-355, 3), "EUR"),
            fmt.money(Fraction(3, 10), "EUR"), fmt.money(-5775, "EUR", 0),
            fmt.money(Fraction(3, 10), "EUR", 2, trim=False))] == expected


def test_a_minus_before_a_symbol_is_held_to_it():
    assert Formatter("en-GB").money(-240, "EUR") == "-\u2060€240"      # no break after "-"
    assert Formatter("de-DE").money(-240, "EUR") == "-240\u00a0€"


def test_money_takes_the_currencys_own_decimals():
    fmt = Formatter("en-GB")
    assert fmt.money(Fraction(12345, 10), "JPY") == "JP¥1,235"     # no minor unit: whole yen
    assert fmt.money(118, "EUR", 2, trim=False) == "€118.00"


def test_a_year_is_julian_and_a_month_a_twelfth_of_it():
    assert TIME_SCALES["y"] == 365.25 * 86400 and TIME_SCALES["mo"] * 12 == TIME_SCALES["y"]
    assert parse_duration("2 years 3 months") == Fraction(9, 4) * YEAR
    assert parse_duration("1 y") == YEAR


@pytest.mark.parametrize("locale, expected", [
    ("en-GB", ("9.6 years", "2 years 3 months", "1 year", "2 years and 3 months")),
    ("de-DE", ("9,6 Jahre", "2 Jahre 3 Monate", "1 Jahr", "2 Jahre und 3 Monate")),
])
def test_durations_in_years_and_months(locale, expected):
    fmt = Formatter(locale)
    years, parts = (("y", YEAR),), (("y", YEAR), ("mo", TIME_SCALES["mo"]))
    shown = (fmt.in_units(Fraction(96, 10) * YEAR, years),
             fmt.in_units(Fraction(9, 4) * YEAR, parts), fmt.in_units(YEAR, years),
             fmt.in_units(Fraction(9, 4) * YEAR, parts, words=True))
    assert tuple(s.replace(NBSP, " ") for s in shown) == expected
