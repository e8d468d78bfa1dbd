"""A figure's show form -> text, in one locale: the Formatter and the note's words for its
units, which each form (model/forms.py, one object per form) writes with; and the alternates."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from notedeck.figures.formatting import Formatter
from notedeck.figures.rounding import round_half_up
from notedeck.model import Show, Unit
from notedeck.model.forms import ALTERNATES, FORMS
from notedeck.model.types import ListOf, Num, Text, Type
from notedeck.model.units import TIME_SCALES

NBSP = "\u00a0"
NUMBER = "{n}"


class Forms:
    """Values shown in one locale: the Formatter, and the unit words of the note's language
    (display.words.UnitWords by unit)."""

    def __init__(self, fmt: Formatter, unit_words: dict | None = None,
                 declared: frozenset[str] = frozenset()):
        self.fmt = fmt
        self.unit_words = unit_words or {}       # Unit -> {category: pattern}
        self.declared = declared                 # the model's own unit names

    # --- a value in a form -------------------------------------------------------------

    def show(self, value: Any, kind: Type, show: Show, prose: bool = False,
             zero: str | None = None) -> str:
        """The value as the form writes it; a list item by item, joined with ', '."""
        if isinstance(value, tuple):
            inner = kind.item if isinstance(kind, ListOf) else kind
            return ", ".join(self.show(v, inner, show, prose, zero) for v in value)
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, str):
            return value
        if zero is not None and value == 0:
            return zero
        unit = kind.unit if isinstance(kind, Num) else Unit()
        form = FORMS.get(show.form)
        if form is None or form.write is None:
            return ""
        text = form.write(self, Fraction(value), unit, show, prose)
        # A duration's parts each hold together already ("14 minutes", "2 Std."); a narrow
        # line may break between them ("2 hours, 14 minutes / and 20 seconds").
        return nobreak(text) if form.one_line else text

    def alternate(self, name: str, value: Any, kind: Type, show: Show,
                  noun: tuple[str, str] | None = None) -> str:
        """Another form of a value: plain, Words, counted (with the item's noun), ...
        (model/forms.py's ALTERNATES write each)."""
        if isinstance(value, tuple):
            inner = kind.item if isinstance(kind, ListOf) else kind
            return ", ".join(self.alternate(name, v, inner, show, noun) for v in value)
        alternate = ALTERNATES[name]
        if alternate.fits(Text()) is not None:           # a number's alternate: exact
            value = Fraction(value)
        unit = kind.unit if isinstance(kind, Num) else Unit()
        return alternate.write(self, value, unit, show, noun or ("", ""))

    @staticmethod
    def nobreak(text: str) -> str:
        """A figure's text held on one line (for what the forms write)."""
        return nobreak(text)

    def plain(self, value: Fraction, unit: Unit, show: Show) -> str:
        """The number of a form without its words or sign: 132.57 for 132.57×, 8,060 for a
        duration (seconds), 1,000,000 for 1,000,000 items/h."""
        form = FORMS.get(show.form)
        return form.number(self, value, unit, show) if form else self.fmt.decimal(value, 3)

    # --- what the forms write with (model/forms.py) ----------------------------------------

    def scaled(self, value: Fraction, show: Show) -> Fraction:
        wanted = show.option("in")
        return value if wanted is None else value / unit_scale(wanted, self.declared)

    def rate_number(self, value: Fraction, show: Show) -> str:
        per = show.option("per")
        if per is not None:
            value = value * TIME_SCALES[per]
        places = show.option("places")
        return self.fmt.decimal(value, places) if places is not None else self.fmt.speed(value)

    def amount_number(self, value: Fraction, show: Show) -> str:
        places = show.option("places")
        if places is not None:
            return self.fmt.decimal(value, places) if show.option("trim", True) else \
                self.fmt.fixed(value, places)
        return self.fmt.integer(value) if value.denominator == 1 else self.fmt.decimal(value, 3)

    # --- money -----------------------------------------------------------------------------

    def written_scale(self, unit: Unit) -> Fraction:
        """The factor from the unit as its words are written to its base: a unit whose words
        are given as item/w shows its values in items a week."""
        return Fraction(getattr(self.unit_words.get(unit), "scale", 1))

    def currency(self, unit: Unit):
        """The unit's words when they are money's (a currency), else None."""
        words = self.unit_words.get(unit)
        return words if getattr(words, "currency", None) else None

    def _major(self, value: Fraction, words) -> Fraction:
        from babel.numbers import get_currency_precision

        return value / 10 ** get_currency_precision(words.currency) if words.minor else value

    def money(self, value: Fraction, unit: Unit, show: Show) -> str:
        """An amount of money as CLDR writes it, in the unit's words: '-€118 a year'."""
        words = self.currency(unit)
        major = self._major(value, words)
        text = self.fmt.money(major, words.currency, show.option("places"),
                              show.option("trim", True))
        patterns = _in_case(words, show.option("case"))
        pattern = patterns.get(self.fmt.plural(major, 2), patterns["other"])
        return _joined(pattern, text)

    def time_words(self, scales, case: str | None) -> dict:
        """The note's words for units of time where a words file gives them (a case:
        'unit_words.y.dative'), by the unit's name; CLDR's are used for the rest."""
        found = {}
        for name, _ in scales:
            forms = _in_case(self.unit_words.get(name), case)
            if forms:
                found[name] = forms
        return found

    def money_number(self, value: Fraction, unit: Unit, show: Show) -> str:
        """An amount of money's number alone: '118.33' for '€118.33'."""
        from babel.numbers import get_currency_precision

        words = self.currency(unit)
        major = self._major(value, words)
        places = show.option("places")
        places = get_currency_precision(words.currency) if places is None else places
        if show.option("trim", True) and round_half_up(major, places).denominator == 1:
            return self.fmt.integer(major)
        return self.fmt.fixed(major, places)

    def with_unit(self, number: str, value: Fraction, unit: Unit, places: int = 0,
                  written: str | None = None, case: str | None = None) -> str:
        """A number written with its unit's words (in `case` where the words give it):
        '800,000 tokens'; without words for the unit, '12 item/h'."""
        forms = _in_case(self.unit_words.get(unit), case)
        if forms is None:
            return f"{number}{NBSP}{written or unit}" if not unit.plain else number
        category = self.fmt.plural(value, places)
        pattern = forms.get(category, forms["other"])
        return _joined(pattern, number)


def _in_case(forms, case: str | None):
    """A unit's patterns in a case, when its words give the case."""
    return forms.in_case(case) if forms is not None and hasattr(forms, "in_case") else forms


def nobreak(text: str) -> str:
    """A figure's text held on one line: every space in it no-break."""
    return text.replace(" ", NBSP)


def _joined(pattern: str, number: str) -> str:
    """The pattern with its number in place; a space beside {n} holds (no-break)."""
    before, _, after = pattern.partition(NUMBER)
    if before.endswith(" "):
        before = before[:-1] + NBSP
    if after.startswith(" "):
        after = NBSP + after[1:]
    return before + number + after


def unit_scale(written: str, declared: frozenset[str]) -> Fraction:
    """The factor from a unit as written ('h', 'item/w') to its base."""
    from notedeck.model.syntax import parse_unit
    from notedeck.model.units import base

    return base(parse_unit(written), declared)[1]
