"""Words about magnitudes, chosen from the figures as they are shown, so prose never contradicts a number."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from notedeck.figures import formatting as fmt
from notedeck.figures.formatting import ENGLISH, Formatter

# A time's scale follows the unit the formatter writes it in (duration()): under two
# minutes it is written in seconds, so it is "seconds" even at 90; from two minutes the
# clock form "H h M min S s" never turns hours into days, so days and weeks count hours.
SCALES = ("fractions", "seconds", "minutes", "hours", "days", "weeks", "months", "years")
_HOURS = ((24 * 365, "years"), (24 * 30, "months"), (24 * 7, "weeks"), (24, "days"), (1, "hours"))

NEARLY_FREE = 100          # writing this many times faster leaves it at 1% of its time or less
MUCH_CHEAPER = 10
VANISHES = Decimal("1.1")  # an end-to-end speedup shown below 1.1× is all but no gain
MOST_LOST = Decimal("0.1")  # keeping a tenth of the writing speedup or less: most is lost
NEARLY_ALL = Decimal("0.99")
# Catalogue keys (notedeck/catalogue): the words are the locale's, the judgement is the same.
GAINS = ("whole", "nearly_all", "vanishes", "most_lost", "part_lost")
DRAFTING = ("free", "much", "little")


def scale(seconds: Fraction, words: Formatter = ENGLISH) -> str:
    """The time scale a duration is shown in: "fractions of a second" ... "years"."""
    return words.say(f"phrase.scale.{_scale(seconds)}")


def _scale(seconds: Fraction) -> str:
    value = Fraction(seconds)
    tenths = fmt.round_half_up(value, 1)
    if tenths < 1:
        return SCALES[0]
    if tenths < 120:
        return "seconds"
    whole = fmt.round_half_up(value)
    if whole < 3600:
        return "minutes"
    hours = whole // 3600
    return next(name for size, name in _HOURS if hours >= size)


def span(times: list[Fraction] | tuple[Fraction, ...], words: Formatter = ENGLISH) -> str:
    """The scales from the shortest to the longest time: "minutes to hours", or one scale."""
    low, high = scale(min(times), words), scale(max(times), words)
    return low if low == high else words.say("phrase.span", low=low, high=high)


def drafting(writing_speedup: Fraction, words: Formatter = ENGLISH) -> str:
    """How cheap drafting becomes: "nearly free" from 100× faster writing, as shown."""
    shown = shown_speedup(writing_speedup)
    key = DRAFTING[0] if shown >= NEARLY_FREE else \
        DRAFTING[1] if shown >= MUCH_CHEAPER else DRAFTING[2]
    return words.say(f"phrase.drafting.{key}")


def gain(check: Fraction, end_to_end: Fraction, writing_speedup: Fraction,
         words: Formatter = ENGLISH) -> str:
    """What is left of the writing speedup once a fixed check is added, judged as shown."""
    return words.say(f"phrase.gain.{_gain(check, end_to_end, writing_speedup)}")


def _gain(check: Fraction, end_to_end: Fraction, writing_speedup: Fraction) -> str:
    if check == 0:
        return GAINS[0]
    e2e, writing = shown_speedup(end_to_end), shown_speedup(writing_speedup)
    if e2e >= NEARLY_ALL * writing:
        return GAINS[1]
    if e2e < VANISHES:
        return GAINS[2]
    return GAINS[3] if e2e <= MOST_LOST * writing else GAINS[4]


def shown_speedup(x: Fraction) -> Decimal:
    """A speedup as the reader sees it, read back from its text."""
    return Decimal(fmt.speedup_plain(x).replace(",", ""))
