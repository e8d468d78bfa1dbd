"""How a figure is shown: a form and its options, checked against the figure's type.

The formatter (figures/formatting.py) turns a value and its Show into text; this module
only says which forms exist, which values each can show and which options it takes.
Adding a form is one line in FORMS."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from notedeck.model.types import Flag, ListOf, Num, Record, Text, Type, scalars
from notedeck.model.units import TIME_SCALES, Unit


def _number(t: Type) -> str | None:
    return None if isinstance(t, Num) else "a number"


def _not_time(t: Type) -> str | None:
    if not isinstance(t, Num) or t.unit.is_time:
        return "a number that is not a time (a time is shown as a duration)"
    return None


def _time(t: Type) -> str | None:
    return None if isinstance(t, Num) and t.unit.is_time else "a time (s)"


def _plain(t: Type) -> str | None:
    return None if isinstance(t, Num) and t.unit.plain else "a plain number (no unit)"


def _rate(t: Type) -> str | None:
    return None if isinstance(t, Num) and t.unit.per_time else "an amount per time (e.g. item/s)"


def _flag(t: Type) -> str | None:
    return None if isinstance(t, Flag) else "a flag (a comparison, true or false)"


def _text(t: Type) -> str | None:
    return None if isinstance(t, Text) else "text"


def _anything(t: Type) -> str | None:
    return None


def _any_number(t: Type) -> str | None:
    return None if isinstance(t, Num) else "a number"


# form: (what it shows, or why not; the options it takes; what it is, for the docs)
FORMS: dict[str, tuple[Callable[[Type], str | None], frozenset[str], str]] = {
    "number": (_number, frozenset({"places", "trim", "in"}),
               "up to `places` decimals (3), trailing zeros dropped (`trim: false` keeps them)"),
    "integer": (_number, frozenset({"in"}), "a whole number with separators: 1,000,000"),
    "decimal": (_number, frozenset({"places", "trim", "in"}),
                "`places` decimals (1); `trim`: drop trailing zeros"),
    "compact": (_not_time, frozenset({"in"}), "short scale: 1K, 2.5M"),
    "words": (_not_time, frozenset(), "a count in words: forty"),
    "duration": (_time, frozenset({"in", "places"}),
                 "a duration: 60.8 seconds, 2 h 14 min 20 s; `in: y` 9.6 years, "
                 "`in: y mo` 2 years 3 months"),
    "period": (_time, frozenset(), "a round duration, as a scale's stop: 0, 15 min, 1 hour, "
                                   "2 days"),
    "share": (_plain, frozenset(), "a share of a whole as a percentage, one decimal: 98.7%"),
    "percent": (_plain, frozenset({"places"}), "a percentage with `places` decimals (0): 90%"),
    "times": (_plain, frozenset({"places"}), "a multiple: 132.57x, 10,000x"),
    "rate": (_rate, frozenset({"per", "places"}), "an amount per time: 12 item/h"),
    "amount": (_any_number, frozenset({"places", "trim"}),
               "a number with its unit's words (12 items), or money in its unit's currency "
               "(-€118, €0.30)"),
    "flag": (_flag, frozenset(), "true or false, for conditions in prose"),
    "text": (_text, frozenset(), "text as written"),
    "say": (_text, frozenset({"cases"}), "words chosen by the first case that holds (say:)"),
    "none": (_anything, frozenset(), "not shown: a step towards other figures"),
}
WRITTEN_ONLY_BY_SAY = "say"         # a say: figure's form, never written as show:
# Other forms a text may ask a figure for ({count:counted}, {{ x.words }}): what each fits.
ALTERNATES: dict[str, tuple[Callable[[Type], str | None], str]] = {
    "plain": (_any_number, "the number alone, as its form writes it: 9, 2.25, 1,000"),
    "Words": (_not_time, "a count in words, capitalised: Forty"),
    "counted": (_not_time, "a count with its item's noun: 40 parcels"),
    "counted_words": (_not_time, "a count in words with its item's noun: forty parcels"),
    "Counted_words": (_not_time, "as counted_words, capitalised: Forty parcels"),
    "Capitalised": (_text, "text with a capital first letter"),
}
NEEDS_NOUN = ("counted", "counted_words", "Counted_words")
# Grammatical cases a slot may ask a figure's unit words in ({payback:dative}), given by a
# words file (unit_words.y.dative); a case the words do not give reads as the unit's own.
CASES = ("nominative", "accusative", "dative", "genitive")
WORDED = ("amount", "rate", "duration")        # the forms that write unit words
OPTION_KINDS = {"places": "a whole number from 0 to 12", "trim": "true or false",
                "in": "a unit of the same kind (e.g. h for a time)",
                "per": "a time unit: s, min, h, d, w, mo or y"}


@dataclass(frozen=True)
class Show:
    """A figure's form of display and its options: Show('decimal', (('places', 2),))."""

    form: str
    options: tuple[tuple[str, Any], ...] = ()

    def option(self, name: str, default: Any = None) -> Any:
        return next((v for k, v in self.options if k == name), default)


def default(t: Type) -> Show:
    """The form a figure gets when it names none."""
    inner = scalars(t)
    if isinstance(inner, Num):
        if inner.unit.is_time:
            return Show("duration")
        return Show("number" if inner.unit.plain else "amount")
    if isinstance(inner, Flag):
        return Show("flag")
    if isinstance(inner, Text):
        return Show("text")
    return Show("none")


def read(value: Any) -> tuple[Show | None, str | None]:
    """A `show:` value -> (Show, None) or (None, what is wrong)."""
    if isinstance(value, str):
        form, options = value.strip(), {}
    elif isinstance(value, dict) and "form" in value:
        form, options = value["form"], {k: v for k, v in value.items() if k != "form"}
    else:
        return None, ("expected a form (" + ", ".join(FORMS) + ") or a mapping with form: "
                      "and its options")
    if form == WRITTEN_ONLY_BY_SAY:
        return None, "a say: figure's words are its cases; write say: beside the figure"
    if form not in FORMS:
        from notedeck.model.messages import suggest

        return None, f"unknown show form '{form}'" + suggest(str(form), list(FORMS))
    allowed = FORMS[form][1]
    for name, option in options.items():
        if name not in allowed:
            takes = ", ".join(sorted(allowed)) if allowed else "no options"
            return None, f"the form {form} takes {takes}, not '{name}'"
        problem = _option_problem(name, option)
        if problem:
            return None, f"{form}'s {name}: expected {OPTION_KINDS[name]}, {problem}"
    return Show(form, tuple(sorted(options.items()))), None


def _option_problem(name: str, value: Any) -> str | None:
    if name == "places":
        ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 12
    elif name == "trim":
        ok = isinstance(value, bool)
    elif name == "per":
        ok = value in TIME_SCALES
    else:
        ok = isinstance(value, str)
    return None if ok else f"got {value!r}"


def problem(show: Show, t: Type, scale: Callable[[str], Unit | None]) -> str | None:
    """Why a figure of type `t` cannot be shown so, or None. `scale` reads an `in:` unit."""
    if isinstance(t, Record) or (isinstance(t, ListOf) and isinstance(scalars(t), Record)):
        return None if show.form == "none" else \
            "a record or a list of records is not shown itself; show its figures"
    inner = scalars(t)
    why = FORMS[show.form][0](inner)
    if why:
        return f"shown as {show.form}, which needs {why}, but it gives {inner.described()}"
    wanted = show.option("in")
    if wanted is not None and show.form == "duration":
        unknown = [part for part in str(wanted).split() if part not in TIME_SCALES]
        if unknown or not str(wanted).split():
            return (f"'in: {wanted}' is not time units (s, min, h, d, w, mo, y, largest "
                    "first: 'y mo')")
        return None
    if wanted is not None:
        unit = scale(wanted)
        if unit is None:
            return f"unknown unit '{wanted}' in 'in:'"
        if not isinstance(inner, Num) or unit != inner.unit:
            return f"'in: {wanted}' is not a unit of {inner.described()}"
    return None
