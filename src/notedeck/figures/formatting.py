"""The only place numbers become text: exact half-up rounding, then the locale's forms (CLDR).

Durations are written by figures/durations.py, which the Formatter takes in."""

from __future__ import annotations

import datetime
from decimal import localcontext
from fractions import Fraction
from functools import cached_property
from typing import Any, Mapping

from notedeck import catalogue
from notedeck.figures.cldr import NBSP, WORD_JOINER, unsupported
from notedeck.figures.durations import PROSE_FORMS, Durations, DurationWriting
from notedeck.figures.rounding import (Number, as_decimal, digits_for, exact, round_half_up,
                                       with_places)

TIMES = "\u00d7"
MINUS = "-"
COMPACT_SIZES = (10**12, 10**9, 10**6, 10**3)
# English as the note has always written it, where CLDR's English differs: compact numbers
# "1K", "1M" (CLDR en-GB: "1k", "1m"). Every other language takes CLDR's forms as they are.
HOUSE_COMPACT = {"en": "en"}           # language -> the CLDR locale whose compact forms it uses


class Formatter(DurationWriting):
    """Numbers, and notedeck's own words, in one locale; every stage that writes a figure is
    handed one. Rounding is exact and happens before CLDR sees the number, so no locale can
    round differently."""

    LOCALES = ("en-GB", "en-US", "de-DE", "fr-FR")     # tested; any locale CLDR knows works
    TIMES = TIMES
    NBSP = NBSP

    def __init__(self, locale: str = "en-GB", labels: Mapping[str, str] | None = None,
                 durations: Durations = Durations()):
        problem = None if locale in self.LOCALES else unsupported(locale)
        if problem:
            raise ValueError(problem)
        if durations.prose not in PROSE_FORMS:
            raise ValueError(f"durations.prose: expected one of {', '.join(PROSE_FORMS)}, "
                             f"got {durations.prose!r}")
        self.locale = locale
        self.durations = durations
        self.language = catalogue.language(locale)
        self.labels = {**catalogue.shipped(locale), **(labels or {})}
        self._patterns: dict[tuple, Any] = {}

    @cached_property
    def _cldr(self) -> Any:
        from babel import Locale

        return Locale.parse(self.locale, sep="-")

    def say(self, key: str, **values: str) -> str:
        """A catalogue entry with its slots filled from already formatted values."""
        return catalogue.fill_slots(self.labels[key], **values)

    # --- plain numbers ---------------------------------------------------------

    def _pattern(self, kind: str, places: int, trim: bool = False) -> Any:
        """The locale's decimal or percent pattern with `places` decimals, parsed once."""
        from babel.numbers import parse_pattern

        key = (kind, places, trim)
        if key not in self._patterns:
            base = getattr(self._cldr, f"{kind}_formats")[None].pattern
            self._patterns[key] = parse_pattern(with_places(base, places, trim))
        return self._patterns[key]

    def _number(self, rounded: Fraction, places: int, trim: bool = False) -> str:
        with localcontext(prec=digits_for(rounded, places)):
            return self._pattern("decimal", places, trim).apply(as_decimal(rounded, places),
                                                                self._cldr)

    def _fixed(self, x: Number, places: int, trim: bool = False) -> str:
        return self._number(round_half_up(x, places), places, trim)

    def integer(self, n: Number) -> str:
        """Whole number with the locale's grouping: "1,000,000", "1.000.000" (rounded half-up)."""
        return self._fixed(n, 0)

    def fixed(self, x: Number, places: int) -> str:
        """Exactly `places` decimals, trailing zeros kept: "2.50"."""
        return self._fixed(x, places)

    def decimal(self, x: Number, places: int = 1) -> str:
        """Up to `places` decimals, trailing zeros dropped: "60.8", "8,060"; "60,8" in German."""
        return self._fixed(x, places, trim=True)

    def seconds_plain(self, seconds: Number) -> str:
        """Seconds as a bare number: "8,060", "60.8"."""
        return self.decimal(seconds, 1)

    def speed(self, per_second: Number) -> str:
        """A rate's number: whole with separators, or up to three decimals below 100."""
        return self.decimal(per_second, 3 if abs(exact(per_second)) < 100 else 1)

    def _one(self, n: Number) -> bool:
        """CLDR's plural category "one" for a whole count (English and German: exactly 1)."""
        return self._cldr.plural_form(int(round_half_up(n))) == "one"

    def plural(self, n: Number, places: int = 0) -> str:
        """CLDR's plural category of a number as written with `places` decimals: "one",
        "other" (the words a count takes: "1 item", "2 items")."""
        rounded = round_half_up(n, places)
        if rounded.denominator == 1:
            return self._cldr.plural_form(int(rounded))
        return self._cldr.plural_form(abs(as_decimal(rounded, places)).normalize())

    def counted(self, n: Number, singular: str, plural: str) -> str:
        """A count with its noun, singular where CLDR says one: "40 app drafts"."""
        return f"{self.integer(n)}{NBSP}{singular if self._one(n) else plural}"

    # --- money -----------------------------------------------------------------

    def money(self, amount: Number, currency: str, places: int | None = None,
              trim: bool = True) -> str:
        """An amount in a currency as CLDR writes it in this locale: "-€118", "€0.30",
        "-118 €", "0,30 €". `places`: decimals (the currency's own, CLDR's digits, if None);
        `trim`: no decimals when they would all be zero ("€118", never "€118.00")."""
        from babel.numbers import get_currency_precision, parse_pattern

        places = get_currency_precision(currency) if places is None else places
        rounded = round_half_up(amount, places)
        if trim and rounded.denominator == 1:
            places = 0
        key = ("currency", places)
        if key not in self._patterns:
            base = self._cldr.currency_formats["standard"].pattern
            self._patterns[key] = parse_pattern(with_places(base, places))
        with localcontext(prec=80):
            text = self._patterns[key].apply(as_decimal(rounded, places), self._cldr,
                                             currency=currency, currency_digits=False)
        # A line may break after a hyphen before a symbol ("-" / "€118"): a word joiner holds
        # the sign to it (before a digit, no break is allowed anyway).
        if text[:1] == self._minus and text[1:2] and not text[1].isdigit():
            text = text[0] + WORD_JOINER + text[1:]
        return text

    @cached_property
    def _minus(self) -> str:
        from babel.numbers import get_minus_sign_symbol

        return get_minus_sign_symbol(self._cldr)

    # --- ratios ----------------------------------------------------------------

    def times_plain(self, x: Number) -> str:
        """A ratio without its sign: "10,000" when exact, else two decimals: "132.57"."""
        value = exact(x)
        return self.integer(value) if value.denominator == 1 else self._fixed(value, 2)

    def times(self, x: Number) -> str:
        """A ratio with its sign: "10,000×", "132.57×"; "132,57×" in German."""
        return self.times_plain(x) + TIMES


    def _percent(self, rounded_percent: Fraction, places: int) -> str:
        with localcontext(prec=digits_for(rounded_percent, places + 2)):
            return self._pattern("percent", places).apply(
                as_decimal(rounded_percent / 100, places + 2), self._cldr)

    def share_prose(self, x: Number) -> str:
        """share() for running prose: "<0.1%" and ">99.9%" read "under 0.1%", "over 99.9%"."""
        value = exact(x)
        rounded = round_half_up(value * 100, 1)
        if rounded == 0 and value > 0:
            return self.say("share.under", share=self._percent(Fraction(1, 10), 1)) \
                .replace(" ", NBSP)
        if rounded == 100 and value < 1:
            return self.say("share.over", share=self._percent(Fraction(999, 10), 1)) \
                .replace(" ", NBSP)
        return self._percent(rounded, 1)

    def percent(self, x: Number, places: int = 0) -> str:
        """A fraction as a percentage with `places` decimals: "100%", "100 %"."""
        return self._percent(round_half_up(exact(x) * 100, places), places)

    def share(self, x: Number) -> str:
        """A share of a whole (0..1) as a percentage, one decimal always: "99.3%", "99,3 %".

        A share that is not zero never reads as "0.0%", nor one short of the whole as
        "100.0%": those read "<0.1%" and ">99.9%".
        """
        value = exact(x)
        rounded = round_half_up(value * 100, 1)
        if rounded == 0 and value > 0:
            return "<" + self._percent(Fraction(1, 10), 1)
        if rounded == 100 and value < 1:
            return ">" + self._percent(Fraction(999, 10), 1)
        return self._percent(rounded, 1)

    @cached_property
    def _compact_units(self) -> tuple[tuple[int, Mapping[str, str]], ...]:
        """(size, suffix by plural form), largest first, for the sizes CLDR abbreviates."""
        from babel import Locale

        source = HOUSE_COMPACT.get(self.language)
        forms = (Locale.parse(source) if source else self._cldr).compact_decimal_formats["short"]
        units = []
        for size in COMPACT_SIZES:
            suffixes = {plural: _unquote(patterns[str(size)].suffix[0])
                        for plural, patterns in forms.items() if str(size) in patterns}
            if any(suffixes.values()):
                units.append((size, suffixes))
        return tuple(units)

    def compact(self, n: Number) -> str:
        """Short-scale numbers, as a log axis's stops: "100", "1K", "2.5K", "1.5M", "1B";
        "1.000", "1 Mio." in German."""
        value = exact(n)
        for size, suffixes in self._compact_units:
            if abs(round_half_up(value, 2)) >= size:
                return self._compact_in(value, size, suffixes)
        return self.decimal(value, 3)

    def _compact_in(self, value: Fraction, size: int, suffixes: Mapping[str, str]) -> str:
        scaled = round_half_up(value / size, 2)
        bigger = [unit for unit in self._compact_units if unit[0] == size * 1000]
        if abs(scaled) >= 1000 and bigger:
            return self._compact_in(value, *bigger[0])
        plural = self._cldr.plural_form(abs(as_decimal(scaled, 2)).normalize())
        return self.decimal(scaled, 2) + suffixes.get(plural, suffixes.get("other", ""))

    # --- words and dates -------------------------------------------------------

    def words(self, n: Number) -> str:
        """A count in words: "forty", "ten thousand"; "vierzig"; digits past a million unless
        round."""
        from num2words import num2words

        value = exact(n)
        if value.denominator != 1:
            return self.decimal(value, 2)
        count = int(value)
        if abs(count) >= 10**6 and count % 10**6:
            return self.integer(count)
        try:
            spelled = num2words(count, lang=self.language)
        except (OverflowError, NotImplementedError, ValueError):
            return self.integer(count)
        if self.language == "en":                # "one hundred and twenty"; American: no "and"
            spelled = spelled.replace(",", "")
            spelled = spelled.replace(" and ", " ") if self.locale == "en-US" else spelled
        return spelled

    def Words(self, n: Number) -> str:  # noqa: N802 - the capitalised twin of words()
        """words() with a capital first letter: "Forty"."""
        text = self.words(n)
        return text[:1].upper() + text[1:]

    def date(self, d: datetime.date) -> str:
        """A calendar date: "2 October 2026", "2. Oktober 2026", "2 octobre 2026"."""
        from babel.dates import format_date

        return format_date(d, format="long", locale=self._cldr)


def _unquote(text: str) -> str:
    """A CLDR pattern's literal text: quotes removed, a doubled quote kept as one."""
    return text.replace("''", "\0").replace("'", "").replace("\0", "'")


ENGLISH = Formatter()

# The module's functions are British English, for code that writes no locale's text
# (messages to the author) and for tests.
integer = ENGLISH.integer
decimal = ENGLISH.decimal
seconds_plain = ENGLISH.seconds_plain
counted = ENGLISH.counted
speed = ENGLISH.speed
duration = ENGLISH.duration
duration_in_prose = ENGLISH.duration_in_prose
slider_label = ENGLISH.slider_label
times_plain = ENGLISH.times_plain
times = ENGLISH.times
share = ENGLISH.share
share_prose = ENGLISH.share_prose
percent = ENGLISH.percent
compact = ENGLISH.compact
words = ENGLISH.words
Words = ENGLISH.Words
date = ENGLISH.date
