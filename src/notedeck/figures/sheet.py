"""Spreadsheet number formats: an Excel format code for a show form, in the locale's CLDR forms."""

from __future__ import annotations

import re
from fractions import Fraction

from notedeck.deck import NumberFormat
from notedeck.figures.cldr import WORD_JOINER
from notedeck.figures.forms import Forms, unit_scale
from notedeck.figures.rounding import places_of, round_half_up
from notedeck.model import Show, Unit
from notedeck.model.forms import FORMS, duration_units
from notedeck.model.types import Num, Type, scalars
from notedeck.model.units import TIME_SCALES

# A duration with no unit of its own is kept, in a sheet, in the largest of these that its
# shortest value reaches (so no value reads 0.0).
SHEET_TIMES = (("w", 604800), ("d", 86400), ("h", 3600), ("min", 60), ("s", 1))
SAMPLE = Fraction(2)            # written in the form to find its words around the number
NUMBER = re.compile(r"\d(?:[\d.,\u00a0\u202f']*\d)?")
PERCENT = ("share", "percent")  # Excel's % multiplies by 100 as the form does


def number_format(forms: Forms, kind: Type, show: Show, values=()) -> NumberFormat:
    """How a spreadsheet writes values of `kind` in the form `show`: the number scaled as the
    form shows it (cents as euros, seconds as years), its decimals, and the words and signs
    the form writes around it, for positive and negative values alike."""
    kind = scalars(kind)
    unit = kind.unit if isinstance(kind, Num) else Unit()
    scale, unit_name = _scale_of(forms, unit, show, values)
    places, trim = _places(forms, unit, show)
    if trim:
        places = min(places, max((places_of(round_half_up(Fraction(v) / scale, places))
                                  for v in values), default=0))
    body = "#,##0" + ("." + "0" * places if places else "")
    if show.form == "words":
        return NumberFormat(body, float(scale))
    positive, negative = (_sample(forms, kind, show, sign * SAMPLE * scale, unit_name)
                          for sign in (1, -1))
    percent = show.form in PERCENT
    code = _section(positive, body, percent)
    signed = _minus(forms) in negative and NUMBER.search(negative) is not None
    if signed and not (negative == _minus(forms) + positive and positive[:1].isdigit()):
        code += ";" + _section(negative, body, percent)     # a sign Excel would put elsewhere
    return NumberFormat(code, float(scale))


def _minus(forms: Forms) -> str:
    from babel import Locale
    from babel.numbers import get_minus_sign_symbol

    return get_minus_sign_symbol(Locale.parse(forms.fmt.locale, sep="-"))


def _scale_of(forms: Forms, unit: Unit, show: Show, values) -> tuple[Fraction, str | None]:
    """The number a value is divided by to read as the form writes it (and, for a time, the
    unit it is read in)."""
    form, wanted = show.form, show.option("in")
    if form in ("duration", "period"):
        scales = duration_units(show) if form == "duration" else ()
        if scales:
            return Fraction(scales[0][1]), scales[0][0]
        shortest = min((abs(Fraction(v)) for v in values if v), default=Fraction(1))
        name, size = next(((n, s) for n, s in SHEET_TIMES if shortest >= s), SHEET_TIMES[-1])
        return Fraction(size), name
    if form in ("number", "integer", "decimal", "compact") and wanted is not None:
        return unit_scale(wanted, forms.declared), None
    if form not in ("rate", "amount"):
        return Fraction(1), None
    per = show.option("per") if form == "rate" else None
    scale = 1 / Fraction(TIME_SCALES[per]) if per else \
        (forms.written_scale(unit) if form == "amount" or forms.currency(unit) else Fraction(1))
    words = forms.currency(unit)
    if words is not None and words.minor:
        from babel.numbers import get_currency_precision

        scale *= 10 ** get_currency_precision(words.currency)
    return scale, None


def _places(forms: Forms, unit: Unit, show: Show) -> tuple[int, bool]:
    """(decimals, whether trailing zeros drop): as the form writes them."""
    form, places = show.form, show.option("places")
    if form in ("rate", "amount") and forms.currency(unit):
        from babel.numbers import get_currency_precision

        digits = get_currency_precision(forms.currency(unit).currency)
        return (digits if places is None else places), show.option("trim", True)
    return FORMS[form].sheet_decimals(show) if form in FORMS else \
        ((3, True) if places is None else (places, show.option("trim", True)))


def _sample(forms: Forms, kind: Type, show: Show, value: Fraction, unit_name: str | None) -> str:
    """A value written in the form, as every other output writes it."""
    if unit_name is not None and show.form in ("duration", "period"):
        text = forms.fmt.in_units(value, ((unit_name, TIME_SCALES[unit_name]),), 0,
                                  patterns=forms.time_words(((unit_name, 0),),
                                                            show.option("case")))
    else:
        text = forms.show(value, kind, show)
    return text.replace(WORD_JOINER, "")


def _section(sample: str, body: str, percent: bool) -> str:
    """A format code section: the sample's words and signs quoted around the number."""
    found = NUMBER.search(sample)
    if found is None:
        return body
    return _quoted(sample[:found.start()], percent) + body + _quoted(sample[found.end():],
                                                                     percent)


def _quoted(text: str, percent: bool) -> str:
    """Literal text in a format code; a percent sign left bare where it scales by 100."""
    if percent and "%" in text:
        return "%".join(_quoted(part, False) for part in text.split("%"))
    return f'"{text.replace(chr(34), "")}"' if text else ""
