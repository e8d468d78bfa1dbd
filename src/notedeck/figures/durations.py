"""Durations as text: seconds in the locale's units (CLDR), as tables, prose and scales say them."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import Mapping

from notedeck.figures.cldr import NBSP
from notedeck.figures.rounding import Number, as_decimal, digits_for, exact, places_of, \
    round_half_up, significant

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
# English as the note has always written it, where CLDR's English differs: clock parts read
# "2 h 14 min 20 s" (CLDR short: "2 hrs 14 mins 20 secs", narrow: "2h 14m 20s").
HOUSE_UNITS = {("en", "duration-hour", "short"): "{0}\u00a0h",
               ("en", "duration-minute", "short"): "{0}\u00a0min",
               ("en", "duration-second", "short"): "{0}\u00a0s"}
HOUSE_JOIN = {"en": NBSP}              # English: "2 h 14 min 20 s" never wraps


@dataclass(frozen=True)
class Durations:
    """How a note writes durations (note.yaml `durations:`): in prose as words ("2 hours and
    14 minutes") or compact as tables are ("2 h 14 min"), and from how many seconds days and
    weeks are used (None: never, hours stay hours)."""

    prose: str = "words"
    days_from: int | None = DAYS_FROM


class DurationWriting:
    """The Formatter's durations: it gives `_cldr`, `language`, `durations`, `_minus`,
    `_number`, `_pattern`, `plural` and `integer`; these methods write times with them."""

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

    def _unit(self, amount: Fraction, places: int, unit: str, length: str) -> str:
        """A rounded amount with a CLDR unit ("60.8 seconds", "2 Std."), plural by the amount."""
        from babel.units import format_unit

        house = HOUSE_UNITS.get((self.language, unit, length))
        if house:
            return house.replace("{0}", self._number(amount, places, trim=True))
        with localcontext(prec=digits_for(amount, places)):
            value = as_decimal(amount, places)
            shown = value.quantize(Decimal(1)) if value == value.to_integral() \
                else value.normalize()
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

    def slider_label(self, seconds: Number) -> str:
        """Slider stops: "0", "30 seconds", "15 min", "1 hour", "2 days"; else duration()."""
        value = exact(seconds)
        if value == 0:
            return self.integer(0)
        for size, unit, length in SLIDER_UNITS:
            if value > 0 and value % size == 0:
                return self._unit(value // size, 0, unit, length)
        return self.duration(value)
