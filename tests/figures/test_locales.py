"""Formatting in four locales: every kind of figure, and format-then-parse round trips (Babel)."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from fractions import Fraction

import pytest
from babel.numbers import parse_decimal
from hypothesis import given, settings
from hypothesis import strategies as st

from notedeck import catalogue
from notedeck.figures.formatting import Formatter
from notedeck.figures.rounding import round_half_up, significant
from notedeck.deck import Labels

F = Fraction
LOCALES = ("en-GB", "en-US", "de-DE", "fr-FR")
NBSP, NNBSP = "\u00a0", "\u202f"
FORMATTERS = {locale: Formatter(locale) for locale in LOCALES}


# --- one of each kind, in German and French --------------------------------------

KINDS = [  # (method, value, de-DE, fr-FR)
    ("integer", 1_000_000, "1.000.000", f"1{NNBSP}000{NNBSP}000"),
    ("integer", 800_000, "800.000", f"800{NNBSP}000"),
    ("decimal", Decimal("60.8"), "60,8", "60,8"),
    ("duration", Decimal("0.8"), f"0,8{NBSP}Sekunden", f"0,8{NBSP}seconde"),
    ("duration", 1, f"1{NBSP}Sekunde", f"1{NBSP}seconde"),
    ("duration", Decimal("60.8"), f"60,8{NBSP}Sekunden", f"60,8{NBSP}secondes"),
    ("duration", 8060, f"2{NBSP}Std. 14{NBSP}Min. 20{NBSP}Sek.",
     f"2{NNBSP}h 14{NBSP}min 20{NNBSP}s"),
    ("duration", 30_000, f"8{NBSP}Std. 20{NBSP}Min.", f"8{NNBSP}h 20{NBSP}min"),
    ("duration", F(1, 25), f"40{NBSP}Millisekunden", f"40{NBSP}millisecondes"),
    ("duration", 100_000, f"27{NBSP}Std. 46{NBSP}Min. 40{NBSP}Sek.",
     f"27{NNBSP}h 46{NBSP}min 40{NNBSP}s"),
    ("duration", 3 * 86400, f"3{NBSP}Tage", f"3{NBSP}jours"),
    ("duration", 9 * 86400, f"1{NBSP}Woche 2{NBSP}Tage", f"1{NBSP}semaine 2{NBSP}jours"),
    ("duration", 604_800, f"1{NBSP}Woche", f"1{NBSP}semaine"),
    ("duration_in_prose", 7200, f"2{NBSP}Stunden", f"2{NBSP}heures"),
    ("duration_in_prose", 8060, f"2{NBSP}Stunden, 14{NBSP}Minuten und 20{NBSP}Sekunden",
     f"2{NBSP}heures, 14{NBSP}minutes et 20{NBSP}secondes"),
    ("duration_in_prose", 9 * 86400, f"1{NBSP}Woche und 2{NBSP}Tage",
     f"1{NBSP}semaine et 2{NBSP}jours"),
    ("duration_in_prose", F(608, 10), f"60,8{NBSP}Sekunden", f"60,8{NBSP}secondes"),
    ("share_prose", F(1, 10_000), f"unter{NBSP}0,1{NBSP}%", f"moins{NBSP}de{NBSP}0,1{NBSP}%"),
    ("integer", 800_000, "800.000", f"800{NNBSP}000"),
    ("share", F(993, 1000), f"99,3{NBSP}%", f"99,3{NBSP}%"),
    ("share", F(1, 10_000), f"<0,1{NBSP}%", f"<0,1{NBSP}%"),
    ("times", F(8060 * 10, 608), "132,57×", "132,57×"),
    ("times", 10_000, "10.000×", f"10{NNBSP}000×"),
    ("compact", 1_000_000, f"1{NBSP}Mio.", f"1{NBSP}M"),
    ("compact", 2500, "2.500", f"2,5{NBSP}k"),
    ("slider_label", 900, f"15{NBSP}Min.", f"15{NBSP}min"),
    ("slider_label", 3600, f"1{NBSP}Stunde", f"1{NBSP}heure"),
    ("slider_label", 2 * 86400, f"2{NBSP}Tage", f"2{NBSP}jours"),
    ("slider_label", 604800, f"1{NBSP}Woche", f"1{NBSP}semaine"),
    ("speed", 1_000_000, "1.000.000", f"1{NNBSP}000{NNBSP}000"),
    ("words", 40, "vierzig", "quarante"),
    ("words", 10_000, "zehntausend", "dix mille"),
    ("Words", 40, "Vierzig", "Quarante"),
    ("percent", 1, f"100{NBSP}%", f"100{NBSP}%"),
    ("date", datetime.date(2026, 10, 2), "2. Oktober 2026", "2 octobre 2026"),
]


@pytest.mark.parametrize("method, value, german, french", KINDS)
def test_each_kind_of_figure_in_german_and_french(method, value, german, french):
    assert getattr(FORMATTERS["de-DE"], method)(value) == german
    assert getattr(FORMATTERS["fr-FR"], method)(value) == french


def test_american_english_differs_from_british_only_where_cldr_does():
    us, gb = FORMATTERS["en-US"], FORMATTERS["en-GB"]
    assert us.date(datetime.date(2026, 10, 2)) == "October 2, 2026"
    assert gb.date(datetime.date(2026, 10, 2)) == "2 October 2026"
    for value in (8060, F(608, 10), 1_000_000, 2500, 9 * 86400):
        assert us.duration(value) == gb.duration(value)
        assert us.compact(value) == gb.compact(value)
    # CLDR's lists: American English puts a comma before "and"
    assert gb.duration_in_prose(8060) == f"2{NBSP}hours, 14{NBSP}minutes and 20{NBSP}seconds"
    assert us.duration_in_prose(8060) == f"2{NBSP}hours, 14{NBSP}minutes, and 20{NBSP}seconds"


def test_rounding_is_exact_and_half_up_before_any_locale_sees_the_number():
    for fmt in FORMATTERS.values():      # 0.125 is exact in binary and decimal: half-up, not even
        assert parse_decimal(fmt.decimal(Decimal("0.125"), 2), locale=_babel(fmt)) == Decimal("0.13")
        assert parse_decimal(fmt.decimal(F(1, 8), 2), locale=_babel(fmt)) == Decimal("0.13")
        assert fmt.integer(F(5, 2)).endswith("3")


def test_an_unknown_locale_is_refused_with_its_reason():
    with pytest.raises(ValueError, match="unknown locale 'xx-YY'"):
        Formatter("xx-YY")
    with pytest.raises(ValueError, match="expected a language tag"):
        Formatter("de_DE")


# --- format, then parse with Babel: the rounded value comes back ------------------

FIGURES = st.fractions(min_value=-10**9, max_value=10**12, max_denominator=10**6)
POSITIVE = st.fractions(min_value=0, max_value=10**12, max_denominator=10**6)
SHARES = st.fractions(min_value=0, max_value=1, max_denominator=10**7)


def _babel(fmt: Formatter):
    return fmt.locale.replace("-", "_")


def _parse(text: str, fmt: Formatter) -> Decimal:
    return parse_decimal(text, locale=_babel(fmt), strict=True)


@pytest.mark.parametrize("locale", LOCALES)
@settings(max_examples=150, deadline=None)
@given(value=FIGURES, places=st.integers(min_value=0, max_value=3))
def test_numbers_parse_back_to_their_rounded_value(locale, value, places):
    fmt = FORMATTERS[locale]
    assert _parse(fmt.integer(value), fmt) == _exact(round_half_up(value))
    assert _parse(fmt.decimal(value, places), fmt) == _exact(round_half_up(value, places))


@pytest.mark.parametrize("locale", LOCALES)
@settings(max_examples=150, deadline=None)
@given(value=POSITIVE)
def test_multiples_and_rates_parse_back(locale, value):
    fmt = FORMATTERS[locale]
    text = fmt.times(value)
    assert text.endswith("×")
    places = 0 if value.denominator == 1 else 2
    assert _parse(text[:-1], fmt) == _exact(round_half_up(value, places))
    speed_places = 3 if value < 100 else 1
    assert _parse(fmt.speed(value), fmt) == _exact(round_half_up(value, speed_places))


@pytest.mark.parametrize("locale", LOCALES)
@settings(max_examples=150, deadline=None)
@given(value=SHARES)
def test_shares_parse_back_to_their_rounded_percentage(locale, value):
    fmt = FORMATTERS[locale]
    text = fmt.share(value)
    bare = re.sub(r"[%\s\u00a0\u202f]", "", text)
    rounded = round_half_up(value * 100, 1)
    if bare.startswith("<"):
        assert rounded == 0 < value and _parse(bare[1:], fmt) == Decimal("0.1")
    elif bare.startswith(">"):
        assert rounded == 100 > value * 100 and _parse(bare[1:], fmt) == Decimal("99.9")
    else:
        assert _parse(bare, fmt) == _exact(rounded)


@pytest.mark.parametrize("locale", LOCALES)
@settings(max_examples=100, deadline=None)
@given(value=st.one_of(st.just(F(0)),
                       st.fractions(min_value=F(1, 20), max_value=119, max_denominator=1000)))
def test_short_durations_parse_back_to_their_tenths(locale, value):
    fmt = FORMATTERS[locale]
    number = re.split(r"[ \u00a0\u202f]", fmt.duration(value))[0]
    assert _parse(number, fmt) == _exact(round_half_up(value, 1))


@pytest.mark.parametrize("locale", LOCALES)
@settings(max_examples=100, deadline=None)
@given(value=st.fractions(min_value=F(1, 1000), max_value=F(1, 20), max_denominator=10**6)
       .filter(lambda v: v < F(1, 20)))
def test_tiny_durations_parse_back_to_two_significant_digits_of_milliseconds(locale, value):
    fmt = FORMATTERS[locale]
    number = re.split(r"[ \u00a0\u202f]", fmt.duration(value))[0]
    assert _parse(number, fmt) == _exact(significant(value * 1000, 2))


def _exact(rounded: Fraction) -> Decimal:
    return Decimal(rounded.numerator) / Decimal(rounded.denominator)


# --- the catalogue ------------------------------------------------------------------

@pytest.mark.parametrize("language", sorted(catalogue.CATALOGUES))
def test_every_catalogue_has_every_entry_with_the_same_slots(language):
    entries, english = catalogue.CATALOGUES[language], catalogue.CATALOGUES["en"]
    assert list(entries) == list(english)
    for key, text in entries.items():
        assert catalogue.slots(text) == catalogue.slots(english[key]), key
        assert text.strip() == text and text


def test_the_model_defaults_are_the_english_catalogue():
    english, labels = catalogue.CATALOGUES["en"], Labels()
    assert (labels.continued_title, labels.continued_notes, labels.sources, labels.boundaries,
            labels.page) == (english["continued.title"], english["continued.notes"],
                             english["handout.sources"], english["handout.boundaries"],
                             english["handout.page"])


def test_a_note_entry_replaces_the_catalogues():
    fmt = Formatter("de-DE", {"worksheet.title": "Blatt"})
    assert fmt.say("worksheet.title") == "Blatt"
    assert fmt.say("handout.sources") == "Quellen"
