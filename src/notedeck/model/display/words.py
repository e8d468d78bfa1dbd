"""The model's own words beside its figures: units' words, lists' nouns, say: figures' cases."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from notedeck.errors import Problem
from notedeck.model.messages import key_text, suggest
from notedeck.model.names import LeafEntry
from notedeck.model.show import CASES
from notedeck.model.display.texts import Context, Declared, Text, Texts, words_only
from notedeck.model.types import Text as TextType
from notedeck.model.units import TIME_SCALES, Unit, read_unit, scaled_unit

# CLDR's plural categories: a unit's words may differ for each (English: one, other).
CATEGORIES = ("zero", "one", "two", "few", "many", "other")
NUMBER = "{n}"
NOUN_KEYS = ("one", "other")
MONEY_KEYS = ("currency", "minor")     # a unit that is money: its ISO 4217 code, in cents?


@dataclass(frozen=True)
class UnitWords:
    """How a number with a unit reads, per plural category: '{n} items'."""

    unit: Unit
    forms: tuple[tuple[str, str], ...]     # (category, pattern); 'other' always present
    path: str
    currency: str | None = None            # money: 'EUR', shown as CLDR writes it
    minor: bool = False                    # money counted in the currency's minor unit (cents)
    scale: Fraction = Fraction(1)          # the unit as written over its base: eur/y is 1/year
    cases: tuple = ()                      # (case, ((category, pattern), ...)): dative words

    def pattern(self, category: str) -> str:
        found = dict(self.forms)
        return found.get(category, found["other"])


@dataclass(frozen=True)
class Noun:
    """What one item of a list and several are called: formulas over the item's fields."""

    records: str
    one: Any                               # model.Expression, text
    other: Any


@dataclass(frozen=True)
class Say:
    """A say: figure's cases: each case's name and its words."""

    figure: str
    cases: tuple[tuple[str, Text], ...]

    def text(self, case: str) -> Text:
        return dict(self.cases)[case]


def pattern_problem(text: Any) -> str | None:
    """Why a unit's words cannot be used: they hold {n} once and no other slot."""
    if not isinstance(text, str) or not text.strip():
        return f"expected words with {NUMBER} where the number goes, e.g. '{{n}} items'"
    rest = text.replace(NUMBER, "", 1)
    if NUMBER not in text or "{" in rest or "}" in rest:
        return f"expected {NUMBER} once, where the number goes, and no other slot; got {text!r}"
    return None


def unit_words(texts: Texts, value: Any) -> tuple[UnitWords, ...]:
    """`unit_words: {item: {one: '{n} item', other: '{n} items'}, item/h: '{n} items an hour'}`."""
    if value is None:
        return ()
    if not isinstance(value, dict):
        texts.problem(("unit_words",), "expected a mapping of units to their words: "
                                       "item: {one: '{n} item', other: '{n} items'}")
        return ()
    made, seen = [], {}
    for name, words in value.items():
        path = ("unit_words", name)
        unit, scale, problem = scaled_unit(name, texts.model.units)
        if problem:
            texts.problem(path, problem, at_key=True)
            continue
        if unit in seen:
            texts.problem(path, f"the unit {unit} has words already (as '{seen[unit]}')",
                          at_key=True)
            continue
        seen[unit] = name
        cases = ()
        if isinstance(words, dict) and any(k in CASES for k in words):
            cases = tuple((k, _forms(texts, v, path + (k,))) for k, v in words.items()
                          if k in CASES)
            words = {k: v for k, v in words.items() if k not in CASES}
        currency, minor = _money(texts, words, path)
        implied = currency is not None and set(words) <= set(MONEY_KEYS)
        if currency is not None:
            words = {k: v for k, v in words.items() if k not in MONEY_KEYS}
            words = words["other"] if set(words) == {"other"} else words
        forms = (("other", NUMBER),) if implied else _forms(texts, words, path)
        if forms and currency != "":
            made.append(UnitWords(unit, forms, key_text(path), currency, minor, scale, cases))
    return tuple(made)


@dataclass(frozen=True)
class CaseWords:
    """A words file's pattern for a unit in a case, or for a unit of time: 'unit_words.y.
    dative.other' is '{n} Jahren'."""

    key: Any                               # the Unit, or a time unit's name ('y')
    case: str | None
    category: str
    text: str


def case_words(model, path: str, text: Any) -> CaseWords | str | None:
    """A words file's unit pattern the model does not declare itself: a case of a unit's
    words, or a unit of time's (None when `path` is no such place; a str: what is wrong)."""
    parts = path.split(".")
    if len(parts) not in (3, 4) or parts[0] != "unit_words":
        return None
    name, rest = parts[1], parts[2:]
    case = rest[0] if rest[0] in CASES else None
    category = rest[-1] if len(rest) == (2 if case else 1) else ("other" if case else None)
    if category not in CATEGORIES or (len(rest) == 2 and case is None):
        return None
    if name in TIME_SCALES:
        key = name
    else:
        key, problem = read_unit(name, model.units)
        if problem:
            return problem
    problem = pattern_problem(text)
    return problem or CaseWords(key, case, category, text)


def _money(texts: Texts, words: Any, path: tuple) -> tuple[str | None, bool]:
    """A unit's currency ('' when it is wrong) and whether it counts minor units."""
    if not isinstance(words, dict) or not any(k in words for k in MONEY_KEYS):
        return None, False
    from babel.numbers import list_currencies

    code, minor = words.get("currency"), words.get("minor", False)
    if not isinstance(code, str) or code not in list_currencies():
        texts.problem(path + ("currency",), "expected a currency's ISO 4217 code, such as "
                                            f"EUR, GBP or USD, got {code!r}")
        return "", False
    if not isinstance(minor, bool):
        texts.problem(path + ("minor",), "expected true (the amounts are in the currency's "
                                         f"minor unit, such as cents) or false, got {minor!r}")
        return "", False
    return code, minor


def _forms(texts: Texts, words: Any, path: tuple) -> tuple[tuple[str, str], ...]:
    found = {"other": words} if isinstance(words, str) else words
    if not isinstance(found, dict) or "other" not in found:
        texts.problem(path, "expected words for any count ('{n} items an hour'), or a "
                            "mapping by plural category with other: ({one: '{n} item', "
                            "other: '{n} items'})")
        return ()
    forms = []
    for category, text in found.items():
        here = path if isinstance(words, str) else path + (category,)
        if category not in CATEGORIES:
            texts.problem(here, f"unknown plural category '{category}'"
                          + suggest(str(category), list(CATEGORIES)), at_key=True)
            continue
        problem = pattern_problem(text)
        if problem:
            texts.problem(here, problem)
            continue
        texts.declared[key_text(here)] = Declared(key_text(here), text, Context(),
                                                  frozenset(), texts.document.where(here),
                                                  "number")
        forms.append((category, text))
    return tuple(forms) if len(forms) == len(found) else ()


def nouns(texts: Texts, value: Any) -> dict[str, Noun]:
    """`nouns: {teams: {one: "singular if singular != '' else label", other: label}}`."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        texts.problem(("nouns",), "expected a mapping of lists of records to their nouns: "
                                  "LIST: {one: a formula, other: a formula}")
        return {}
    made = {}
    for name, spec in value.items():
        path = ("nouns", name)
        records = texts.rows(name, path)
        if records is None:
            continue
        if records not in {key_text(p) for p in texts.model.plan.items}:
            texts.problem(path, f"nouns go with a list of records; '{records}' is a use's rows",
                          at_key=True)
            continue
        if not isinstance(spec, dict) or set(spec) != set(NOUN_KEYS):
            texts.problem(path, "expected one: and other: (formulas over the item's fields "
                                "giving the noun for one and for several)")
            continue
        formulas = [_noun(texts, spec[key], path + (key,), records) for key in NOUN_KEYS]
        if None not in formulas:
            made[records] = Noun(records, *formulas)
    return made


def _noun(texts: Texts, formula: Any, path: tuple, records: str):
    if not isinstance(formula, str):
        texts.problem(path, "expected a formula over the item's fields, e.g. label")
        return None
    try:
        made = texts.model.expression(formula, within=records, where=texts.document.where(path))
    except Exception as exc:                                   # noqa: BLE001 - reported
        texts.problems.extend(getattr(exc, "problems", ()) or
                              [Problem(texts.document.where(path), str(exc))])
        return None
    if not isinstance(made.type, TextType):
        texts.problem(path, f"a noun is text; '{formula}' gives {made.type.described()}")
        return None
    return made


def says(texts: Texts) -> dict[str, Say]:
    """Every say: figure's cases, by each path the figure is shown under; a case of a figure
    inside each: or a group is words alone (its figures are shown by the text that says it)."""
    made: dict[str, Say] = {}
    compiled: dict[tuple, tuple] = {}
    for figure in texts.model.figures:
        if figure.show.form != "say":
            continue
        cases = figure.show.option("cases", ())
        top = "[]" not in figure.path and isinstance(_entry(texts.model, figure.path),
                                                     LeafEntry)
        key = tuple(path for _, _, path in cases)
        if key not in compiled:
            compiled[key] = tuple(_case(texts, name, text, path, top)
                                  for name, text, path in cases)
        if all(text is not None for _, text in compiled[key]):
            made[figure.path] = Say(figure.path, compiled[key])
    return made


def _case(texts: Texts, name: str, text: str, path: tuple, top: bool) -> tuple[str, Text | None]:
    made = texts.text(text, path, Context())
    if made is not None and not top and not words_only(made):
        texts.problem(path, "a say: case of a figure inside each: or a group is words alone; "
                            "show the figures it would name beside it")
        return name, None
    if not top and key_text(path) in texts.declared:
        texts.declared[key_text(path)] = replace(texts.declared[key_text(path)], kind="words")
    return name, made


def _entry(model, path: str):
    node: Any = model.plan.names
    for part in re.split(r"\.", path):
        node = node.get(part) if isinstance(node, dict) else None
    return node
