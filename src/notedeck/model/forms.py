"""Show forms: one object per form, saying which values it shows, the options it takes and how
it writes a value with the figures' Forms (figures/forms.py, handed in: it holds the locale)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from notedeck.model.types import Flag, Num, Text, Type
from notedeck.model.units import TIME_SCALES, Unit

# forms: figures/forms.Forms; value: exact; show: the figure's Show; prose: in running text
Write = Callable[[Any, Fraction, Unit, Any, bool], str]
Plain = Callable[[Any, Fraction, Unit, Any], str]
Decimals = Callable[[Any], tuple[int, bool]]       # show -> (decimals, trailing zeros drop)


@dataclass(frozen=True)
class Form:
    """A form of `show:`: why a type cannot be shown so (`fits`, None when it can), its
    options, what it is (for the docs), how it writes a value and, where it differs from
    what it writes, its number alone (`plain`: 132.57 for 132.57×)."""

    name: str
    fits: Callable[[Type], str | None]
    options: frozenset[str]
    about: str
    write: Write | None = None             # None: a flag, text or nothing, written as it is
    plain: Plain | None = None
    decimals: Decimals | None = None       # in a spreadsheet; None: `places` (3), trimmed
    worded: bool = False                   # writes its unit's words (a case may be asked)
    one_line: bool = True                  # held on one line (a long duration may break)

    def sheet_decimals(self, show: Any) -> tuple[int, bool]:
        """(decimals, whether trailing zeros drop) of the number a spreadsheet shows, as
        the form writes it (figures/sheet.py)."""
        if self.decimals is not None:
            return self.decimals(show)
        places = show.option("places")
        return (3, True) if places is None else (places, show.option("trim", True))

    def number(self, forms: Any, value: Fraction, unit: Unit, show: Any) -> str:
        """The form's number without its words or sign."""
        if self.plain is not None:
            return self.plain(forms, value, unit, show)
        if self.write is not None:
            return self.write(forms, value, unit, show, False)
        return forms.fmt.decimal(value, 3)


# --- what each form shows -----------------------------------------------------------------

def needs_number(t: Type) -> str | None:
    return None if isinstance(t, Num) else "a number"


def needs_not_time(t: Type) -> str | None:
    if not isinstance(t, Num) or t.unit.is_time:
        return "a number that is not a time (a time is shown as a duration)"
    return None


def needs_time(t: Type) -> str | None:
    return None if isinstance(t, Num) and t.unit.is_time else "a time (s)"


def needs_plain(t: Type) -> str | None:
    return None if isinstance(t, Num) and t.unit.plain else "a plain number (no unit)"


def needs_rate(t: Type) -> str | None:
    return None if isinstance(t, Num) and t.unit.per_time else \
        "an amount per time (e.g. item/s)"


def needs_flag(t: Type) -> str | None:
    return None if isinstance(t, Flag) else "a flag (a comparison, true or false)"


def needs_text(t: Type) -> str | None:
    return None if isinstance(t, Text) else "text"


def needs_nothing(t: Type) -> str | None:
    return None


# --- how each form writes ------------------------------------------------------------------

def duration_units(show: Any) -> tuple[tuple[str, int], ...]:
    """A duration's `in:` units ('y mo'), largest first, with their seconds."""
    names = str(show.option("in", "")).split()
    return tuple(sorted(((n, TIME_SCALES[n]) for n in names), key=lambda p: -p[1]))


def _written_number(forms, value, unit, show, prose) -> str:
    places, scaled = show.option("places", 3), forms.scaled(value, show)
    return forms.fmt.decimal(scaled, places) if show.option("trim", True) else \
        forms.fmt.fixed(scaled, places)


def _integer(forms, value, unit, show, prose) -> str:
    return forms.fmt.integer(forms.scaled(value, show))


def _decimal(forms, value, unit, show, prose) -> str:
    places, scaled = show.option("places", 1), forms.scaled(value, show)
    return forms.fmt.decimal(scaled, places) if show.option("trim", False) else \
        forms.fmt.fixed(scaled, places)


def _compact(forms, value, unit, show, prose) -> str:
    return forms.fmt.compact(forms.scaled(value, show))


def _words(forms, value, unit, show, prose) -> str:
    return forms.fmt.words(value)


def _duration(forms, value, unit, show, prose) -> str:
    units = duration_units(show)
    if units:
        words = prose and getattr(forms.fmt, "durations").prose == "words"
        return forms.fmt.in_units(value, units, show.option("places"), words,
                                  forms.time_words(units, show.option("case")))
    in_prose = getattr(forms.fmt, "duration_in_prose", None)
    return in_prose(value) if prose and in_prose else forms.fmt.duration(value)


def _duration_plain(forms, value, unit, show) -> str:
    if len(duration_units(show)) == 1:
        _, size = duration_units(show)[0]
        return forms.fmt.decimal(value / size, show.option("places", 1))
    return forms.fmt.seconds_plain(value)


def _period(forms, value, unit, show, prose) -> str:
    return forms.fmt.slider_label(value)


def _seconds(forms, value, unit, show) -> str:
    return forms.fmt.seconds_plain(value)


def _share(forms, value, unit, show, prose) -> str:
    return forms.fmt.share_prose(value) if prose else forms.fmt.share(value)


def _percent(forms, value, unit, show, prose) -> str:
    return forms.fmt.percent(value, show.option("places", 0))


def _hundredths(forms, value, unit, show) -> str:
    return forms.fmt.decimal(value * 100, show.option("places", 1))


def _times(forms, value, unit, show, prose) -> str:
    places = show.option("places")
    if places is None:
        return forms.fmt.times(value)
    return forms.fmt.fixed(value, places) + forms.fmt.TIMES


def _times_plain(forms, value, unit, show) -> str:
    places = show.option("places")
    return forms.fmt.fixed(value, places) if places is not None else forms.fmt.times_plain(value)


def _written_rate(forms, value, unit, show, prose) -> str:
    per = show.option("per")
    if forms.currency(unit):
        scaled = value * TIME_SCALES[per] if per else value / forms.written_scale(unit)
        return forms.money(scaled, unit, show)
    written = f"{unit}".replace("/s", f"/{per}") if per else None
    places = show.option("places")
    return forms.with_unit(forms.rate_number(value, show), value, unit,
                           places if places is not None else 3, written, show.option("case"))


def _rate_plain(forms, value, unit, show) -> str:
    return forms.rate_number(value, show)


def _amount(forms, value, unit, show, prose) -> str:
    value = value / forms.written_scale(unit)
    if forms.currency(unit):
        return forms.money(value, unit, show)
    places = show.option("places", 0 if value.denominator == 1 else 3)
    return forms.with_unit(forms.amount_number(value, show), value, unit, places,
                           case=show.option("case"))


def _amount_plain(forms, value, unit, show) -> str:
    value = value / forms.written_scale(unit)
    if forms.currency(unit):
        return forms.money_number(value, unit, show)
    return forms.amount_number(value, show)


def _places(default: int, trim: bool | None) -> Decimals:
    """`places` (else `default`) decimals; trailing zeros drop by `trim:` (else `trim`), or
    never when `trim` is None."""
    def decimals(show) -> tuple[int, bool]:
        places = show.option("places")
        return (default if places is None else places,
                False if trim is None else show.option("trim", trim))
    return decimals


def _times_decimals(show) -> tuple[int, bool]:
    places = show.option("places")
    return (2, True) if places is None else (places, False)


def _fixed(places: int, trim: bool) -> Decimals:
    return lambda show: (places, trim)


# The forms, by the name `show:` gives: adding one is a Form here (and its line below).
FORMS: dict[str, Form] = {form.name: form for form in (
    Form("number", needs_number, frozenset({"places", "trim", "in"}),
         "up to `places` decimals (3), trailing zeros dropped (`trim: false` keeps them)",
         _written_number, decimals=_places(3, True)),
    Form("integer", needs_number, frozenset({"in"}),
         "a whole number with separators: 1,000,000", _integer, decimals=_fixed(0, False)),
    Form("decimal", needs_number, frozenset({"places", "trim", "in"}),
         "`places` decimals (1); `trim`: drop trailing zeros", _decimal,
         decimals=_places(1, False)),
    Form("compact", needs_not_time, frozenset({"in"}), "short scale: 1K, 2.5M", _compact,
         decimals=_fixed(3, True)),
    Form("words", needs_not_time, frozenset(), "a count in words: forty", _words,
         decimals=_fixed(0, False)),
    Form("duration", needs_time, frozenset({"in", "places"}),
         "a duration: 60.8 seconds, 2 h 14 min 20 s; `in: y` 9.6 years, "
         "`in: y mo` 2 years 3 months", _duration, _duration_plain, _places(1, True),
         worded=True, one_line=False),
    Form("period", needs_time, frozenset(), "a round duration, as a scale's stop: 0, 15 min, "
                                       "1 hour, 2 days", _period, _seconds, _fixed(1, True)),
    Form("share", needs_plain, frozenset(),
         "a share of a whole as a percentage, one decimal: 98.7%", _share, _hundredths,
         _fixed(1, False)),
    Form("percent", needs_plain, frozenset({"places"}),
         "a percentage with `places` decimals (0): 90%", _percent, _hundredths,
         _places(0, None)),
    Form("times", needs_plain, frozenset({"places"}), "a multiple: 132.57x, 10,000x", _times,
         _times_plain, _times_decimals),
    Form("rate", needs_rate, frozenset({"per", "places"}), "an amount per time: 12 item/h",
         _written_rate, _rate_plain, worded=True),
    Form("amount", needs_number, frozenset({"places", "trim"}),
         "a number with its unit's words (12 items), or money in its unit's currency "
         "(-€118, €0.30)", _amount, _amount_plain, worded=True),
    Form("flag", needs_flag, frozenset(), "true or false, for conditions in prose"),
    Form("text", needs_text, frozenset(), "text as written"),
    Form("say", needs_text, frozenset({"cases"}),
         "words chosen by the first case that holds (say:)"),
    Form("none", needs_nothing, frozenset(), "not shown: a step towards other figures"),
)}


@dataclass(frozen=True)
class Alternate:
    """Another form a text may ask a figure for ({count:counted}): why a type cannot be
    shown so, what it is, whether it needs the item's noun, and how it writes a value
    (`write(forms, value, unit, show, noun)`, noun a (singular, plural) pair)."""

    name: str
    fits: Callable[[Type], str | None]
    about: str
    write: Callable[[Any, Any, Unit, Any, tuple[str, str]], str]
    noun: bool = False


def _said(forms, value, noun) -> str:
    one, other = noun
    return one if forms.fmt.plural(value) == "one" else other


ALTERNATES: dict[str, Alternate] = {alternate.name: alternate for alternate in (
    Alternate("plain", needs_number, "the number alone, as its form writes it: 9, 2.25, 1,000",
              lambda forms, value, unit, show, noun: forms.nobreak(
                  forms.plain(value, unit, show))),
    Alternate("Words", needs_not_time, "a count in words, capitalised: Forty",
              lambda forms, value, unit, show, noun: forms.nobreak(forms.fmt.Words(value))),
    Alternate("counted", needs_not_time, "a count with its item's noun: 40 parcels",
              lambda forms, value, unit, show, noun: forms.fmt.counted(value, *noun), True),
    Alternate("counted_words", needs_not_time,
              "a count in words with its item's noun: forty parcels",
              lambda forms, value, unit, show, noun:
              f"{forms.fmt.words(value)} {_said(forms, value, noun)}", True),
    Alternate("Counted_words", needs_not_time, "as counted_words, capitalised: Forty parcels",
              lambda forms, value, unit, show, noun:
              f"{forms.fmt.Words(value)} {_said(forms, value, noun)}", True),
    Alternate("Capitalised", needs_text, "text with a capital first letter",
              lambda forms, value, unit, show, noun: str(value)[:1].upper() + str(value)[1:]),
)}
