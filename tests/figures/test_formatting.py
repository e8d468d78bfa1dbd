"""formatting: every figure's written form, rounding edges, and properties over many numbers."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from notedeck.figures import formatting as fmt

F = Fraction
NB = "\u00a0"


def nb(text: str) -> str:
    """The expected text with every space a non-breaking one (numbers keep their units)."""
    return text.replace(" ", NB)


# --- examples from FACTS.md and the brief --------------------------------------

@pytest.mark.parametrize("value, text", [
    (1_000_000, "1,000,000"), (0, "0"), (999, "999"), (1000, "1,000"),
    (F(5, 2), "3"), (Decimal("2.4999"), "2"), (F(-5, 2), "-3"),
])
def test_integer(value, text):
    assert fmt.integer(value) == text


@pytest.mark.parametrize("value, places, text", [
    (Decimal("60.8"), 1, "60.8"), (8060, 1, "8,060"), (F(8060), 1, "8,060"),
    (Decimal("60.0"), 1, "60"), (F(1, 4), 1, "0.3"), (F(1, 3), 2, "0.33"),
    (Decimal("1.50"), 2, "1.5"), (Decimal("-0.04"), 1, "0"), (Decimal("-1.25"), 1, "-1.3"),
])
def test_decimal(value, places, text):
    assert fmt.decimal(value, places) == text


@pytest.mark.parametrize("seconds, text", [
    (F(1, 4), "0.3 seconds"), (Decimal("0.25"), "0.3 seconds"), (Decimal("0.8"), "0.8 seconds"),
    (Decimal("60.8"), "60.8 seconds"), (1, "1 second"), (Decimal("1.04"), "1 second"),
    (0, "0 seconds"), (Decimal("0.04"), "40 milliseconds"), (Decimal("0.05"), "0.1 seconds"),
    (60, "60 seconds"), (Decimal("119.94"), "119.9 seconds"),
    (Decimal("119.95"), "2 min"), (Decimal("119.96"), "2 min"), (120, "2 min"),
    (Decimal("120.5"), "2 min 1 s"), (F(241, 2), "2 min 1 s"), (Decimal("120.49"), "2 min"),
    (30_000, "8 h 20 min"), (901, "15 min 1 s"), (900, "15 min"), (86_401, "24 h 1 s"),
    (86_400, "24 h"), (100_000, "27 h 46 min 40 s"), (8060, "2 h 14 min 20 s"),
    (3600, "1 h"), (3601, "1 h 1 s"), (360_000_000, "595 weeks 1 day 16 h"),
    (172_799, "47 h 59 min 59 s"), (172_800, "2 days"), (3 * 86400, "3 days"),
    (604_800, "1 week"), (9 * 86400, "1 week 2 days"), (3 * 86400 + 8060, "3 days 2 h 14 min"),
    (14 * 86400 + 60, "2 weeks 1 min"), (2 * 86400 + 29, "2 days"), (2 * 86400 + 30, "2 days 1 min"),
    (F(2 * 86400 * 2 + 59, 2), "2 days"), (172_799, "47 h 59 min 59 s"),
    (F(-1, 4), "-0.3 seconds"), (Decimal("-0.01"), "0 seconds"),
    (Decimal("0.0499"), "50 milliseconds"), (Decimal("0.0123"), "12 milliseconds"),
    (Decimal("0.0015"), "1.5 milliseconds"), (Decimal("0.001"), "1 millisecond"),
    (Decimal("0.0009996"), "1 millisecond"), (Decimal("0.000004"), "4 microseconds"),
    (F(12, 10**10), "1.2 nanoseconds"), (F(1, 10**12), "0.001 nanoseconds"),
])
def test_duration(seconds, text):
    assert fmt.duration(seconds) == nb(text)


@pytest.mark.parametrize("seconds, text", [
    (Decimal("0.8"), "0.8 seconds"), (1, "1 second"), (Decimal("60.8"), "60.8 seconds"),
    (7200, "2 hours"), (3600, "1 hour"), (600, "10 minutes"), (901, "15 minutes and 1 second"),
    (8060, "2 hours, 14 minutes and 20 seconds"), (86_401, "24 hours and 1 second"),
    (3 * 86400, "3 days"), (9 * 86400, "1 week and 2 days"), (604_800, "1 week"),
    (3 * 86400 + 8060, "3 days, 2 hours and 14 minutes"),
])
def test_duration_in_words(seconds, text):
    """Prose says durations in words; below two minutes both forms are the same."""
    assert fmt.duration(seconds, words=True) == nb(text).replace(NB + "and" + NB, " and ") \
        .replace("," + NB, ", ")
    assert fmt.duration_in_prose(seconds) == fmt.duration(seconds, words=True)


def test_the_bundled_notes_durations_stay_as_its_specification_writes_them():
    """FACTS.md: "H h M min S s" from two minutes, hours not turned into days for its figures
    (all below two days); a 3-day check and a week's slider end in days and weeks."""
    for seconds, text in ((94_400, "26 h 13 min 20 s"), (100_000, "27 h 46 min 40 s"),
                          (86_401, "24 h 1 s"), (30_000, "8 h 20 min"), (901, "15 min 1 s")):
        assert fmt.duration(seconds) == nb(text)
    assert fmt.duration(3 * 86400) == nb("3 days")
    assert fmt.duration(604_800) == nb("1 week") == fmt.slider_label(604_800)


@pytest.mark.parametrize("days_from, seconds, text", [
    (None, 3 * 86400, "72 h"), (None, 360_000_000, "100,000 h"), (None, 604_800, "168 h"),
    (86400, 86_401, "1 day"), (86400, 86_430, "1 day 1 min"), (86400, 86_399, "23 h 59 min 59 s"),
    (7 * 86400, 6 * 86400, "144 h"), (7 * 86400, 10 * 86400, "1 week 3 days"),
])
def test_a_note_chooses_from_when_days_are_written(days_from, seconds, text):
    assert fmt.Formatter(durations=fmt.Durations(days_from=days_from)).duration(seconds) == nb(text)


def test_a_note_may_write_prose_durations_compact():
    compact = fmt.Formatter(durations=fmt.Durations(prose="compact"))
    assert compact.duration_in_prose(8060) == compact.duration(8060) == nb("2 h 14 min 20 s")
    assert compact.duration_in_prose(7200) == nb("2 h")
    assert fmt.duration_in_prose(7200) == nb("2 hours")
    with pytest.raises(ValueError, match="durations.prose"):
        fmt.Formatter(durations=fmt.Durations(prose="spoken"))


def test_numbers_and_units_never_wrap_apart():
    for text in (fmt.duration(8060), fmt.duration(F(4, 5)), fmt.slider_label(3600),
                 fmt.counted(800_000, "token", "tokens")):
        assert " " not in text and NB in text, text
    assert fmt.counted(40, "app draft", "app drafts") == "40" + NB + "app drafts"
    assert fmt.counted(1, "complaint response", "complaint responses") == "1" + NB + "complaint response"
    assert fmt.counted(1, "token", "tokens") == nb("1 token")


@pytest.mark.parametrize("value, text", [
    (F(8060 * 10, 608), "132.57"), (10_000, "10,000"), (F(2675, 1000), "2.68"),
    (F(1, 3), "0.33"), (F(11, 10), "1.10"), (F(2999, 1000), "3.00"), (3, "3"),
])
def test_times_plain(value, text):
    assert fmt.times_plain(value) == text
    assert fmt.times(value) == text + "\u00d7"


def test_times_examples():
    assert fmt.times(F(8060) / F(608, 10)) == "132.57×"
    assert fmt.times(10_000) == "10,000×"
    assert fmt.times(Decimal("9.875")) == "9.88×"
    assert fmt.times(Decimal("1.085")) == "1.09×"
    assert "x" not in fmt.times(10)


@pytest.mark.parametrize("value, text", [
    (F(993, 1000), "99.3%"), (F(7, 1000), "0.7%"), (F(1, 2), "50.0%"), (0, "0.0%"),
    (1, "100.0%"), (F(1, 800), "0.1%"), (F(1, 2001), "<0.1%"), (F(2000, 2001), ">99.9%"),
])
def test_share(value, text):
    assert fmt.share(value) == text


@pytest.mark.parametrize("value, text", [
    (F(1, 2001), "under\u00a00.1%"), (F(2000, 2001), "over\u00a099.9%"), (F(993, 1000), "99.3%"),
    (0, "0.0%"), (1, "100.0%"),
])
def test_share_in_running_prose(value, text):
    assert fmt.share_prose(value) == text


@pytest.mark.parametrize("value, text", [
    (100, "100"), (1000, "1K"), (10_000, "10K"), (100_000, "100K"), (1_000_000, "1M"),
    (2500, "2.5K"), (1_500_000, "1.5M"), (10**9, "1B"), (1250, "1.25K"), (F(1, 2), "0.5"),
    (999_999, "1M"), (0, "0"),
])
def test_compact(value, text):
    assert fmt.compact(value) == text


@pytest.mark.parametrize("seconds, text", [
    (0, "0"), (60, "1 min"), (3600, "1 hour"), (86_400, "1 day"), (172_800, "2 days"),
    (10_800, "3 hours"), (900, "15 min"), (30, "30 seconds"), (90, "90 seconds"),
    (150, "2 min 30 s"), (F(1, 2), "0.5 seconds"), (604_800, "1 week"), (1_209_600, "2 weeks"),
    (F(1, 1000), "1 millisecond"),
])
def test_slider_label(seconds, text):
    assert fmt.slider_label(seconds) == nb(text)


@pytest.mark.parametrize("seconds, text", [
    (60, "60 seconds"), (900, "15 min"), (86_400, "24 h"),
])
def test_durations_in_a_table(seconds, text):
    assert fmt.duration(seconds) == nb(text)


def test_rate_numbers():
    assert fmt.speed(1_000_000) == "1,000,000"
    assert fmt.speed(F(100)) == "100"


@pytest.mark.parametrize("value, text", [
    (40, "forty"), (10_000, "ten thousand"), (1000, "one thousand"), (1_000_000, "one million"),
    (101, "one hundred and one"), (1250, "one thousand two hundred and fifty"),
    (300, "three hundred"), (120, "one hundred and twenty"),
    (20_000, "twenty thousand"), (3_000_000, "three million"), (2_500_000, "2,500,000"),
    (F(7), "seven"), (10**30, "one nonillion"),
])
def test_words(value, text):
    assert fmt.words(value) == text


@pytest.mark.parametrize("value, text", [
    (101, "one hundred one"), (1250, "one thousand two hundred fifty"),
    (120, "one hundred twenty"), (40, "forty"),
])
def test_words_in_american_english(value, text):
    assert fmt.Formatter("en-US").words(value) == text


def test_words_capitalised():
    assert fmt.Words(40) == "Forty"
    assert fmt.Words(10_000) == "Ten thousand"
    assert fmt.Words(2_500_000) == "2,500,000"


def test_date():
    assert fmt.date(datetime.date(2026, 10, 2)) == "2 October 2026"
    assert fmt.date(datetime.date(2027, 1, 31)) == "31 January 2027"


# --- properties ----------------------------------------------------------------

TINY = {"millisecond": F(1, 1000), "microsecond": F(1, 10**6), "nanosecond": F(1, 10**9)}


UNIT_SECONDS = {"week": 604800, "weeks": 604800, "day": 86400, "days": 86400, "h": 3600,
                "hour": 3600, "hours": 3600, "min": 60, "minute": 60, "minutes": 60, "s": 1,
                "second": 1, "seconds": 1}


def parse_duration(text: str, words: bool = False) -> Fraction:
    """The seconds a duration() string stands for (in words: duration(..., words=True))."""
    text = text.replace(NB, " ")
    if match := re.fullmatch(r"([\d.]+) seconds?", text):
        return F(Decimal(match.group(1)))
    if match := re.fullmatch(r"([\d.]+) (millisecond|microsecond|nanosecond)s?", text):
        return F(Decimal(match.group(1))) * TINY[match.group(2)]
    pairs = re.findall(r"([\d,]+) (weeks?|days?|hours?|h|minutes?|min|seconds?|s)\b", text)
    joined = [f"{n} {u}" for n, u in pairs]
    if words:
        listed = joined[0] if len(joined) == 1 else ", ".join(joined[:-1]) + " and " + joined[-1]
        assert listed == text and not {u for _, u in pairs} & {"h", "min", "s"}
    else:
        assert " ".join(joined) == text and not {u for _, u in pairs} & {
            "hour", "hours", "minute", "minutes", "second", "seconds"}
    return F(sum(int(n.replace(",", "")) * UNIT_SECONDS[u] for n, u in pairs))


exact_seconds = st.fractions(min_value=0, max_value=10**7, max_denominator=1000)
decimals = st.decimals(min_value=0, max_value=10**12, places=3, allow_nan=False)


@given(exact_seconds, exact_seconds)
def test_duration_is_monotone(a, b):
    low, high = sorted((a, b))
    assert parse_duration(fmt.duration(low)) <= parse_duration(fmt.duration(high))
    assert parse_duration(fmt.duration(low, True), True) <= \
        parse_duration(fmt.duration(high, True), True)


@given(exact_seconds)
def test_duration_is_close(seconds):
    shown = parse_duration(fmt.duration(seconds))
    assert parse_duration(fmt.duration(seconds, words=True), True) == shown
    assert abs(shown - seconds) <= (F(1, 20) if shown < 120 else F(1, 2) if seconds < 2 * 86400
                                    else 30)


@given(st.fractions(min_value=F(1, 10**12), max_value=1, max_denominator=10**13))
def test_a_short_duration_is_never_zero_and_keeps_two_significant_digits(seconds):
    text = fmt.duration(seconds)
    shown = parse_duration(text)
    assert shown > 0 and not text.startswith("0" + NB)
    if shown < F(1, 20):
        assert abs(shown - seconds) <= seconds / 20 + F(1, 10**12) / 2


@given(st.fractions(min_value=0, max_value=10**6, max_denominator=10**9),
       st.fractions(min_value=0, max_value=10**6, max_denominator=10**9))
def test_short_durations_are_monotone(a, b):
    low, high = sorted((a, b))
    assert parse_duration(fmt.duration(low)) <= parse_duration(fmt.duration(high))


@given(st.integers(min_value=0, max_value=10**18))
def test_integer_round_trips(n):
    assert int(fmt.integer(n).replace(",", "")) == n


@given(decimals)
def test_integer_rounds_half_up(d):
    assert int(fmt.integer(d).replace(",", "")) == int((d + Decimal("0.5")) // 1)


@given(st.integers(min_value=0, max_value=10**15))
def test_times_whole_when_exact(n):
    text = fmt.times(n)
    assert text.endswith("×") and "." not in text
    assert int(text[:-1].replace(",", "")) == n


@given(st.fractions(min_value=0, max_value=10**9, max_denominator=10**6))
def test_times_two_decimals_otherwise(x):
    text = fmt.times_plain(x)
    if x.denominator == 1:
        assert "." not in text
    else:
        assert re.fullmatch(r"[\d,]+\.\d\d", text)
        assert abs(F(Decimal(text.replace(",", ""))) - x) <= F(1, 200)


@given(st.fractions(min_value=0, max_value=1, max_denominator=10**6))
def test_share_has_one_decimal(x):
    assert re.fullmatch(r"[<>]?\d{1,3}\.\d%", fmt.share(x))
    assert (fmt.share(x) == "0.0%") == (x == 0) and (fmt.share(x) == "100.0%") == (x == 1)


@given(st.integers(min_value=0, max_value=10**18))
def test_words_and_labels_never_raise(n):
    assert fmt.words(n) and fmt.Words(n) and fmt.compact(n) and fmt.slider_label(n)


def test_slow_speeds_keep_their_digits():
    assert fmt.speed(Decimal("0.001")) == "0.001"
    assert fmt.speed(Decimal("2.5")) == "2.5"
    assert fmt.speed(1_000_000) == "1,000,000"
    assert fmt.compact(Decimal("0.001")) == "0.001"


def test_planned_times_and_clock_times_in_each_locale():
    english, german, french = fmt.Formatter("en-GB"), fmt.Formatter("de-DE"), fmt.Formatter("fr-FR")
    assert [english.planned(s) for s in (0, 45, 150, 3600, 7500)] == [
        "0\u00a0min", "45\u00a0s", "2\u00a0min\u00a030\u00a0s", "60\u00a0min", "2\u00a0h\u00a05\u00a0min"]
    assert german.planned(150) == "2\u00a0Min. 30\u00a0Sek."
    assert french.planned(720) == "12\u00a0min"
    assert english.time_of_day(9 * 3600 + 12 * 60) == "09:12"
    assert fmt.Formatter("en-US").time_of_day(14 * 3600 + 5 * 60).replace("\u202f", " ") == "2:05 PM"
    assert german.time_of_day(25 * 3600) == "01:00"            # past midnight, the next day
