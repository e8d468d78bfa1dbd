"""How a figure is shown: a form and its options, checked against the figure's type.

Each form is one object in model/forms.py (FORMS): which values it shows, its options, and
how it is written with the figures' formatter; this module reads and checks a `show:`.
Adding a form is one Form there."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from notedeck.model.forms import ALTERNATES, FORMS
from notedeck.model.types import Flag, ListOf, Num, Record, Text, Type, scalars
from notedeck.model.units import TIME_SCALES, Unit


WRITTEN_ONLY_BY_SAY = "say"         # a say: figure's form, never written as show:
# Other forms a text may ask a figure for ({count:counted}): one Alternate each, model/forms.py.
NEEDS_NOUN = tuple(name for name, alternate in ALTERNATES.items() if alternate.noun)
# Grammatical cases a slot may ask a figure's unit words in ({payback:dative}), given by a
# words file (unit_words.y.dative); a case the words do not give reads as the unit's own.
CASES = ("nominative", "accusative", "dative", "genitive")
WORDED = tuple(name for name, form in FORMS.items() if form.worded)   # write unit words
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
    allowed = FORMS[form].options
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
    why = FORMS[show.form].fits(inner)
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
