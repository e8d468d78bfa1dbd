"""The only place numbers become text: exact half-up rounding, one way per kind of figure."""

from __future__ import annotations

import datetime
import math
from decimal import Decimal
from fractions import Fraction

from num2words import num2words

Number = int | Fraction | Decimal

TIMES = "\u00d7"
MINUS = "-"
NBSP = "\u00a0"             # between a number and its unit: the two never wrap apart
MONTHS = ("January", "February", "March", "April", "May", "June", "July",
          "August", "September", "October", "November", "December")
SLIDER_UNITS = ((604800, "week", "weeks"), (86400, "day", "days"), (3600, "hour", "hours"),
                (60, "min", "min"))
# Below a twentieth of a second, one decimal of a second would read "0 seconds": the
# smallest unit that keeps the value at 1 or more, with two significant digits.
TINY_UNITS = ((Fraction(1, 1000), "millisecond", "milliseconds"),
              (Fraction(1, 10**6), "microsecond", "microseconds"),
              (Fraction(1, 10**9), "nanosecond", "nanoseconds"))
VARIETIES = ("en-GB", "en-US")     # number words: "one hundred and twenty" / "one hundred twenty"
COMPACT_UNITS = ((10**12, "T"), (10**9, "B"), (10**6, "M"), (10**3, "K"))


# --- exact rounding ------------------------------------------------------------

def exact(x: Number) -> Fraction:
    """The exact value of a number as a Fraction (floats are taken at their exact binary value)."""
    return x if isinstance(x, Fraction) else Fraction(x)


def round_half_up(x: Number, places: int = 0) -> Fraction:
    """Round to `places` decimals, halves away from zero, judged on the exact value."""
    value, scale = exact(x), 10**places
    units = math.floor(abs(value) * scale + Fraction(1, 2))
    return Fraction(units if value >= 0 else -units, scale)


def _fixed(x: Number, places: int, trim: bool = False) -> str:
    """Fixed-point text with thousands separators; `trim` drops trailing zeros and point."""
    rounded = round_half_up(x, places)
    units = abs(rounded.numerator * 10**places // rounded.denominator)
    whole, frac = divmod(units, 10**places)
    text = f"{whole:,}"
    if places:
        digits = f"{frac:0{places}d}"
        digits = digits.rstrip("0") if trim else digits
        text += f".{digits}" if digits else ""
    return MINUS + text if rounded < 0 else text


# --- plain numbers -------------------------------------------------------------

def integer(n: Number) -> str:
    """Whole number with thousands separators: "1,000,000" (non-integers rounded half-up)."""
    return _fixed(n, 0)


def decimal(x: Number, places: int = 1) -> str:
    """Up to `places` decimals, trailing zeros dropped, separators: "60.8", "8,060"."""
    return _fixed(x, places, trim=True)


def seconds_plain(seconds: Number) -> str:
    """Seconds as a bare number: "8,060", "60.8"."""
    return decimal(seconds, 1)


def rate(tokens_per_second: Number) -> str:
    """A writing speed: "1,000,000 tokens/sec", "0.5 tokens/sec", "0.001 tokens/sec"."""
    return f"{speed(tokens_per_second)}{NBSP}tokens/sec"


def tokens(n: Number) -> str:
    """A count of tokens: "800,000 tokens"."""
    return f"{integer(n)}{NBSP}{'token' if exact(n) == 1 else 'tokens'}"


def counted(n: Number, singular: str, plural: str) -> str:
    """A count with its noun, singular at exactly one: "40 app drafts", "1 complaint response"."""
    return f"{integer(n)}{NBSP}{singular if exact(n) == 1 else plural}"


def speed(tokens_per_second: Number) -> str:
    """A speed's number: whole with separators, or up to three decimals below 100."""
    return decimal(tokens_per_second, 3 if abs(exact(tokens_per_second)) < 100 else 1)


# --- durations -----------------------------------------------------------------

def duration(seconds: Number) -> str:
    """"0.8 seconds", "1 second", "60.8 seconds"; from two minutes "2 h 14 min 20 s";
    under a twentieth of a second "40 milliseconds", "1.5 microseconds" (never "0 seconds")."""
    value = exact(seconds)
    if value < 0:
        return MINUS + duration(-value) if round_half_up(value, 1) else duration(0)
    tenths = round_half_up(value, 1)
    if tenths == 0 and value > 0:
        return _tiny(value)
    if tenths < 120:
        return _seconds(tenths)
    return _clock(int(round_half_up(value)))


def _seconds(tenths: Fraction) -> str:
    return f"1{NBSP}second" if tenths == 1 else f"{decimal(tenths, 1)}{NBSP}seconds"


def _tiny(value: Fraction) -> str:
    """Two significant digits in the largest unit that keeps the number at 1 or more."""
    for index, (size, one, many) in enumerate(TINY_UNITS):
        if value >= size or index == len(TINY_UNITS) - 1:
            amount = significant(value / size, 2)
            if amount >= 1000 and index:                       # 999.6 µs reads 1 millisecond
                size, one, many = TINY_UNITS[index - 1]
                amount = significant(value / size, 2)
            return f"{decimal(amount, 30)}{NBSP}{one if amount == 1 else many}"
    raise AssertionError("unreachable")


def significant(x: Number, digits: int) -> Fraction:
    """`x` rounded half-up to `digits` significant digits: 0.0123 -> 0.012, 999.6 -> 1000."""
    value = exact(x)
    if value == 0:
        return value
    places = digits - 1 - _magnitude(abs(value))
    return round_half_up(value, places) if places >= 0 else \
        round_half_up(value / 10**-places) * 10**-places


def _magnitude(value: Fraction) -> int:
    """floor(log10(value)) for a positive value, exactly."""
    exponent = len(str(value.numerator)) - len(str(value.denominator))
    while Fraction(10) ** exponent > value:
        exponent -= 1
    while Fraction(10) ** (exponent + 1) <= value:
        exponent += 1
    return exponent


def _clock(total: int) -> str:
    minutes, secs = divmod(total, 60)
    hours, minutes = divmod(minutes, 60)
    parts = ((hours, "h"), (minutes, "min"), (secs, "s"))
    return NBSP.join(f"{amount:,}{NBSP}{unit}" for amount, unit in parts if amount)


def slider_label(seconds: Number) -> str:
    """Slider stops: "0", "30 seconds", "15 min", "1 hour", "2 days"; else duration()."""
    value = exact(seconds)
    if value == 0:
        return "0"
    for size, one, many in SLIDER_UNITS:
        if value > 0 and value % size == 0:
            count = int(value // size)
            return f"{count:,}{NBSP}{one if count == 1 else many}"
    return duration(value)


def check_label(seconds: Number) -> str:
    """A fixed check in the check table: "None" for zero, else duration()."""
    return "None" if exact(seconds) == 0 else duration(seconds)


# --- ratios --------------------------------------------------------------------

def speedup_plain(x: Number) -> str:
    """A speedup without its sign: "10,000" when exact, else two decimals: "132.57"."""
    value = exact(x)
    return integer(value) if value.denominator == 1 else _fixed(value, 2)


def speedup(x: Number) -> str:
    """A speedup: "10,000×", "132.57×", "1.09×"."""
    return speedup_plain(x) + TIMES


def share(x: Number) -> str:
    """A share of a whole (0..1) as a percentage, one decimal always: "99.3%", "50.0%".

    A share that is not zero never reads as "0.0%", nor one short of the whole as
    "100.0%": those read "<0.1%" and ">99.9%".
    """
    value = exact(x)
    text = _fixed(value * 100, 1) + "%"
    if text == "0.0%" and value > 0:
        return "<0.1%"
    if text == "100.0%" and value < 1:
        return ">99.9%"
    return text


def share_prose(x: Number) -> str:
    """share() for running prose: "<0.1%" and ">99.9%" read "under 0.1%" and "over 99.9%"."""
    text = share(x)
    return {"<0.1%": "under 0.1%", ">99.9%": "over 99.9%"}.get(text, text)


def compact(n: Number) -> str:
    """Dial stop labels: "100", "1K", "2.5K", "1.5M", "1B"."""
    value = exact(n)
    for size, suffix in COMPACT_UNITS:
        if abs(round_half_up(value, 2)) >= size:
            return _compact_in(value, size, suffix)
    return decimal(value, 3)


def _compact_in(value: Fraction, size: int, suffix: str) -> str:
    scaled = round_half_up(value / size, 2)
    bigger = [unit for unit in COMPACT_UNITS if unit[0] == size * 1000]
    if abs(scaled) >= 1000 and bigger:
        return _compact_in(value, *bigger[0])
    return decimal(scaled, 2) + suffix


# --- words and dates -----------------------------------------------------------

def words(n: Number, variety: str = "en-GB") -> str:
    """A count in English words: "forty", "ten thousand"; digits past a million unless round.

    British English joins hundreds and tens with "and" ("one hundred and twenty"), American
    English does not ("one hundred twenty")."""
    value = exact(n)
    if value.denominator != 1:
        return decimal(value, 2)
    count = int(value)
    if abs(count) >= 10**6 and count % 10**6:
        return integer(count)
    try:
        spelled = num2words(count, lang="en").replace(",", "")
    except (OverflowError, NotImplementedError, ValueError):
        return integer(count)
    return spelled if variety == "en-GB" else spelled.replace(" and ", " ")


def Words(n: Number, variety: str = "en-GB") -> str:  # noqa: N802 - the capitalised twin of words()
    """words() with a capital first letter: "Forty"."""
    text = words(n, variety)
    return text[:1].upper() + text[1:]


def date(d: datetime.date) -> str:
    """A calendar date: "2 October 2026"."""
    return f"{d.day} {MONTHS[d.month - 1]} {d.year}"


class Formatter:
    """Numbers to text with one set of settings; every stage that writes a figure is handed one.

    The methods are this module's functions; the locale picks the English that number
    words follow ("one hundred and twenty" in en-GB, "one hundred twenty" in en-US).
    """

    LOCALES = VARIETIES
    TIMES = TIMES
    NBSP = NBSP

    def __init__(self, locale: str = "en-GB"):
        if locale not in self.LOCALES:
            raise ValueError(f"unknown locale {locale!r}; expected one of {self.LOCALES}")
        self.locale = locale

    integer = staticmethod(integer)
    decimal = staticmethod(decimal)
    seconds_plain = staticmethod(seconds_plain)
    rate = staticmethod(rate)
    tokens = staticmethod(tokens)
    counted = staticmethod(counted)
    speed = staticmethod(speed)
    duration = staticmethod(duration)
    slider_label = staticmethod(slider_label)
    check_label = staticmethod(check_label)
    speedup_plain = staticmethod(speedup_plain)
    speedup = staticmethod(speedup)
    share = staticmethod(share)
    share_prose = staticmethod(share_prose)
    compact = staticmethod(compact)
    date = staticmethod(date)

    def words(self, n: Number) -> str:
        return words(n, self.locale)

    def Words(self, n: Number) -> str:  # noqa: N802 - the capitalised twin of words()
        return Words(n, self.locale)


ENGLISH = Formatter()
