"""The only place numbers become text: exact half-up rounding, then the locale's forms (CLDR)."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction
from functools import cached_property
from typing import Any, Mapping

from notedeck import catalogue
from notedeck.figures.rounding import (Number, as_decimal, exact, places_of, round_half_up,
                                       significant, with_places)

TIMES = "\u00d7"
MINUS = "-"
WORD_JOINER = "\u2060"      # no line break on either side, drawn as nothing
NBSP = "\u00a0"             # between a number and its unit: the two never wrap apart
LOCALE_TAG = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})*")
# Slider stops are whole days, hours or minutes: CLDR unit and length for each.
SLIDER_UNITS = ((604800, "duration-week", "long"), (86400, "duration-day", "long"),
                (3600, "duration-hour", "long"), (60, "duration-minute", "short"))
CLOCK_UNITS = ("duration-hour", "duration-minute", "duration-second")
LONG_UNITS = {"s": "duration-second", "min": "duration-minute", "h": "duration-hour",
              "d": "duration-day", "w": "duration-week", "mo": "duration-month",
              "y": "duration-year"}
DAY, WEEK = 86400, 604800
# From this long, a duration is written in weeks and days before its hours ("3 days",
# "1 week 2 days"); below it hours stay hours ("26 h 13 min 20 s", "24 h 1 s").
DAYS_FROM = 2 * DAY
PROSE_FORMS = ("words", "compact")
# Below a twentieth of a second, one decimal of a second would read "0 seconds": the
# smallest unit that keeps the value at 1 or more, with two significant digits.
TINY_UNITS = ((Fraction(1, 1000), "duration-millisecond"),
              (Fraction(1, 10**6), "duration-microsecond"),
              (Fraction(1, 10**9), "duration-nanosecond"))
COMPACT_SIZES = (10**12, 10**9, 10**6, 10**3)
# English as the note has always written it, where CLDR's English differs: clock parts read
# "2 h 14 min 20 s" (CLDR short: "2 hrs 14 mins 20 secs", narrow: "2h 14m 20s"), and compact
# numbers "1K", "1M" (CLDR en-GB: "1k", "1m"). Every other language takes CLDR's forms as they are.
HOUSE_UNITS = {("en", "duration-hour", "short"): "{0}\u00a0h",
               ("en", "duration-minute", "short"): "{0}\u00a0min",
               ("en", "duration-second", "short"): "{0}\u00a0s"}
HOUSE_COMPACT = {"en": "en"}           # language -> the CLDR locale whose compact forms it uses
HOUSE_JOIN = {"en": NBSP}              # English: "2 h 14 min 20 s" never wraps


def unsupported(locale: str) -> str | None:
    """Why a locale tag cannot be used ("" when it can): CLDR must know it, and num2words
    its language (for counts written as words)."""
    from babel import Locale, UnknownLocaleError
    from num2words import CONVERTER_CLASSES

    if not isinstance(locale, str) or not LOCALE_TAG.fullmatch(locale):
        return (f"expected a language tag such as en-GB, de-DE or fr-FR, got {locale!r}")
    try:
        Locale.parse(locale, sep="-")
    except (UnknownLocaleError, ValueError):
        return f"unknown locale {locale!r}: CLDR has no such language or region"
    if catalogue.language(locale) not in CONVERTER_CLASSES:
        return f"locale {locale!r}: num2words cannot write numbers as words in this language"
    return None


@dataclass(frozen=True)
class Durations:
    """How a note writes durations (note.yaml `durations:`): in prose as words ("2 hours and
    14 minutes") or compact as tables are ("2 h 14 min"), and from how many seconds days and
    weeks are used (None: never, hours stay hours)."""

    prose: str = "words"
    days_from: int | None = DAYS_FROM


def _digits(rounded: Fraction, places: int) -> int:
    """Decimal digits enough for the whole of a rounded number (CLDR rounds in the context):
    a figure of 10^100 is written whole, not refused by an 80-digit context."""
    whole = abs(rounded.numerator) // rounded.denominator
    return max(80, whole.bit_length() * 31 // 100 + places + 10)


class Formatter:
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
        with localcontext(prec=_digits(rounded, places)):
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

    def in_units(self, seconds: Number, scales: tuple[tuple[str, int], ...],
                 places: int | None = None, words: bool = False,
                 patterns: Mapping[str, Mapping[str, str]] | None = None) -> str:
        """A duration in the units asked, largest first, the last rounded to `places` (up
        to 1 when one unit, else whole) and the zero parts left out: "9.6 years",
        "2 years 3 months"; in prose (`words`) the parts joined as a list. `patterns`: the
        note's words for a unit by plural category ("{n} Jahren"), else CLDR's."""
        value, parts = exact(seconds), []
        sign = self._minus if round_half_up(value, 1) < 0 else ""
        value = abs(value)
        for index, (name, size) in enumerate(scales):
            last = index == len(scales) - 1
            here = places if places is not None else (1 if len(scales) == 1 else 0)
            amount = round_half_up(value / size, here) if last else Fraction(int(value // size))
            value -= amount * size
            if amount or (last and not parts):
                shown = here if last else 0
                own = (patterns or {}).get(name)
                parts.append(self._worded(amount, shown, own) if own else
                             self._unit(amount, shown, LONG_UNITS[name], "long"))
        text = self._listed(parts) if words else " ".join(parts)
        return sign + text

    def _worded(self, amount: Fraction, places: int, patterns: Mapping[str, str]) -> str:
        """An amount in the note's words for its unit, by plural category: "10 Jahren"."""
        pattern = patterns.get(self.plural(amount, places), patterns["other"])
        return pattern.replace("{n}", self._number(amount, places, trim=True)) \
            .replace(" ", NBSP)

    # --- durations -------------------------------------------------------------

    def _unit(self, amount: Fraction, places: int, unit: str, length: str) -> str:
        """A rounded amount with a CLDR unit ("60.8 seconds", "2 Std."), plural by the amount."""
        from babel.units import format_unit

        house = HOUSE_UNITS.get((self.language, unit, length))
        if house:
            return house.replace("{0}", self._number(amount, places, trim=True))
        with localcontext(prec=_digits(amount, places)):
            value = as_decimal(amount, places)
            shown = value.quantize(Decimal(1)) if value == value.to_integral() else value.normalize()
            text = format_unit(shown, unit, length, format=self._pattern("decimal", places, True),
                               locale=self._cldr)
        return text.replace(" ", NBSP)        # CLDR's space between number and unit holds

    def duration(self, seconds: Number, words: bool = False) -> str:
        """A duration as tables and charts write it: "0.8 seconds", "1 second", "60.8 seconds";
        from two minutes to the second, "2 h 14 min 20 s"; from two days (`durations.days_from`)
        to the minute, in weeks and days first, "3 days", "1 week 2 days 4 h"; in German
        "60,8 Sekunden", "2 Std. 14 Min. 20 Sek.", "3 Tage". `words`: the parts in words, as
        prose says them: "2 hours, 14 minutes and 20 seconds", "1 week and 2 days"."""
        value = exact(seconds)
        if value < 0:
            return self._minus + self.duration(-value, words) if round_half_up(value, 1) \
                else self.duration(0, words)
        tenths = round_half_up(value, 1)
        if tenths == 0 and value > 0:
            return self._tiny(value)
        if tenths < 120:
            return self._unit(tenths, 1, "duration-second", "long")
        whole = int(round_half_up(value))
        start = self.durations.days_from
        if start is not None and whole >= start:          # days: to the minute, as said
            return self._clock(int(round_half_up(value / 60)) * 60, words, days=True)
        return self._clock(whole, words)

    def duration_in_prose(self, seconds: Number) -> str:
        """A duration in running prose, as the note chose (`durations.prose`): in words by
        default ("2 hours"), or compact as in tables ("2 h")."""
        return self.duration(seconds, words=self.durations.prose == "words")

    def _tiny(self, value: Fraction) -> str:
        """Two significant digits in the largest unit that keeps the number at 1 or more:
        "40 milliseconds", "1.5 microseconds" (never "0 seconds")."""
        for index, (size, unit) in enumerate(TINY_UNITS):
            if value >= size or index == len(TINY_UNITS) - 1:
                amount = significant(value / size, 2)
                if amount >= 1000 and index:                   # 999.6 µs reads 1 millisecond
                    size, unit = TINY_UNITS[index - 1]
                    amount = significant(value / size, 2)
                return self._unit(amount, places_of(amount), unit, "long")
        raise AssertionError("unreachable")

    def _clock(self, total: int, words: bool = False, days: bool = False) -> str:
        """Whole seconds in hours, minutes and seconds, led by weeks and days with `days`; the
        parts that are zero left out."""
        days, rest = divmod(total, DAY) if days else (0, total)
        weeks, days = divmod(days, 7)
        minutes, secs = divmod(rest, 60)
        hours, minutes = divmod(minutes, 60)
        parts = [self._unit(Fraction(amount), 0, unit, "long" if words or index < 2 else "short")
                 for index, (amount, unit) in enumerate(zip(
                     (weeks, days, hours, minutes, secs),
                     ("duration-week", "duration-day", *CLOCK_UNITS))) if amount]
        if words:
            return self._listed(parts)
        # CLDR root's narrow unit list, "{0} {1}" (Babel's German data would write
        # "8 Std., 20 Min." but "2 Std. 14 Min. 20 Sek."); English holds the parts together.
        return HOUSE_JOIN.get(self.language, " ").join(parts)

    def _listed(self, parts: list[str]) -> str:
        """Parts joined as the locale lists things: "2 hours, 14 minutes and 20 seconds"."""
        from babel.lists import format_list

        return format_list(parts, "standard", self._cldr) if len(parts) > 1 else parts[0]

    def planned(self, seconds: int) -> str:
        """A facilitator's planned time: "12 min", "2 min 30 s", "90 min", from two hours
        "2 h 5 min"; "0 min"."""
        total = int(seconds)
        if total >= 7200:
            return self._clock(total)
        minutes, rest = divmod(total, 60)
        parts = [self._unit(Fraction(amount), 0, unit, "short")
                 for amount, unit in zip((minutes, rest), CLOCK_UNITS[1:]) if amount]
        return HOUSE_JOIN.get(self.language, " ").join(parts) or self._unit(
            Fraction(0), 0, CLOCK_UNITS[1], "short")

    def time_of_day(self, seconds: int) -> str:
        """The time `seconds` after midnight, to the minute, as the locale writes it:
        "09:12" (en-GB, de-DE, fr-FR), "9:12 AM" (en-US)."""
        import datetime as dt

        from babel.dates import format_time

        minutes = int(seconds) // 60 % (24 * 60)
        return format_time(dt.time(minutes // 60, minutes % 60), "short", locale=self._cldr)

    @cached_property
    def _minus(self) -> str:
        from babel.numbers import get_minus_sign_symbol

        return get_minus_sign_symbol(self._cldr)

    def slider_label(self, seconds: Number) -> str:
        """Slider stops: "0", "30 seconds", "15 min", "1 hour", "2 days"; else duration()."""
        value = exact(seconds)
        if value == 0:
            return self.integer(0)
        for size, unit, length in SLIDER_UNITS:
            if value > 0 and value % size == 0:
                return self._unit(value // size, 0, unit, length)
        return self.duration(value)

    # --- ratios ----------------------------------------------------------------

    def times_plain(self, x: Number) -> str:
        """A ratio without its sign: "10,000" when exact, else two decimals: "132.57"."""
        value = exact(x)
        return self.integer(value) if value.denominator == 1 else self._fixed(value, 2)

    def times(self, x: Number) -> str:
        """A ratio with its sign: "10,000×", "132.57×"; "132,57×" in German."""
        return self.times_plain(x) + TIMES


    def _percent(self, rounded_percent: Fraction, places: int) -> str:
        with localcontext(prec=_digits(rounded_percent, places + 2)):
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
