"""Scenario YAML -> validated Scenario, with audience overrides merged key by key."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, PlainValidator, ValidationError, field_validator

from notedeck.errors import NotedeckError, Problem
from notedeck.figures.formatting import decimal
from notedeck.figures.scenario import Bottleneck, Scenario, Speeds, Throughput, Workload
from notedeck.readers import durations
from notedeck.readers.validation import (custom as _custom, problems as _problems, shown as _shown, suggest as _suggest)
from notedeck.readers.yamlfile import Located

# Documented limits (README, "Limits").
MAX_SPEED = 10**12
MAX_COUNT = 10**9
MAX_WORKLOADS = 8
MAX_STOPS = 8
MAX_CHECK_SECONDS = 10 * 365 * 86400
MAX_EXPONENT = 30            # decimal digits either side of the point worth reading at all
ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]{0,31}$")


def _number(value: Any) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, Decimal, str)):
        raise _custom(f"expected a number, got {_shown(value)}")
    if isinstance(value, str):
        try:
            value = Decimal(value.replace(",", "").replace("_", "").strip())
        except ArithmeticError:
            raise _custom(f"expected a number, got {_shown(value)}") from None
    if isinstance(value, Decimal) and not value.is_finite():
        raise _custom(f"expected a finite number, got {value}")
    if isinstance(value, Decimal) and value and not -MAX_EXPONENT <= value.adjusted() <= MAX_EXPONENT:
        raise _custom(f"expected a number of a sensible size, got {_shown(value)}; "
                      "numbers this large or this small mean nothing here")
    return Fraction(value)


def _bounded(low: Fraction, high: Fraction, what: str, whole: bool = False):
    def check(value: Any) -> Fraction | int:
        number = _number(value)
        if whole and number.denominator != 1:
            raise _custom(f"expected a whole number, got {_shown(value)}")
        if not low <= number <= high:
            raise _custom(f"expected {what} from {decimal(low, 3)} to {decimal(high, 3)}, "
                          f"got {_shown(value)}")
        return int(number) if whole else number
    return PlainValidator(check)


def _duration(value: Any) -> Fraction:
    try:
        seconds = durations.parse(value)
    except ValueError as exc:
        raise _custom(str(exc)) from None
    if not 0 <= seconds <= MAX_CHECK_SECONDS:
        raise _custom(f"expected a duration from 0 to 10 years, got {_shown(value)}")
    return seconds


def _text(limit: int, required: bool = True):
    def check(value: Any) -> str:
        if not isinstance(value, str):
            raise _custom(f"expected text, got {_shown(value)}")
        value = value.strip()
        if required and not value:
            raise _custom("expected text, got an empty value")
        if len(value) > limit:
            raise _custom(f"expected at most {limit} characters, got {len(value)}")
        return value
    return PlainValidator(check)


def _label(limit: int, required: bool = True):
    """Plain text shown as is: a placeholder here would reach the deck unfilled."""
    text = _text(limit, required).func

    def check(value: Any) -> str:
        value = text(value)
        found = next((mark for mark in ("{{", "{%", "{#") if mark in value), None)
        if found:
            raise _custom(f"a label is plain text, shown as written; placeholders ('{found}') "
                          "are not filled here. Write the words themselves")
        return value
    return PlainValidator(check)


def _identifier(value: Any) -> str:
    if not isinstance(value, str) or not ID_PATTERN.match(value):
        raise _custom("expected an id of lower-case letters, digits and _ "
                      f"starting with a letter (e.g. apps), got {_shown(value)}")
    return value


Speed = Annotated[Fraction, _bounded(Fraction(1, 1000), Fraction(MAX_SPEED), "a speed")]
Count = Annotated[int, _bounded(Fraction(1), Fraction(MAX_COUNT), "a whole number", whole=True)]
Duration = Annotated[Fraction, PlainValidator(_duration)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)


class SpeedsIn(_Strict):
    baseline: Speed
    imagined: Speed
    dial: list[Speed] = Field(min_length=2, max_length=MAX_STOPS)
    baseline_label: Annotated[str, _label(60)] = "illustrative speed"
    imagined_label: Annotated[str, _label(60)] = "imagined speed"

    @field_validator("dial")
    @classmethod
    def _ascending(cls, dial: list) -> list:
        _require_ascending(dial, "dial")
        return dial


class ThroughputIn(_Strict):
    streams: Count
    tokens_per_second: Speed


class WorkloadIn(_Strict):
    id: Annotated[str, PlainValidator(_identifier)]
    label: Annotated[str, _label(60)]
    count: Count
    tokens_each: Count
    title: Annotated[str, _text(120, required=False)] = ""
    scene: Annotated[str, _text(700, required=False)] = ""
    still_scarce: Annotated[str, _text(300, required=False)] = ""
    singular: Annotated[str, _label(60, required=False)] = ""


class BottleneckIn(_Strict):
    workload: Annotated[str, PlainValidator(_identifier)]
    check: Duration
    checks: list[Duration] = Field(min_length=1, max_length=MAX_STOPS)
    slider: list[Duration] = Field(min_length=2, max_length=MAX_STOPS)
    check_label: Annotated[str, _label(60)] = "fixed check"
    check_example: Annotated[str, _label(120, required=False)] = ""

    @field_validator("slider")
    @classmethod
    def _ascending(cls, slider: list) -> list:
        _require_ascending(slider, "slider")
        return slider


class ScenarioIn(_Strict):
    speeds: SpeedsIn
    throughput: ThroughputIn
    workloads: list[WorkloadIn] = Field(min_length=1, max_length=MAX_WORKLOADS)
    bottleneck: BottleneckIn


def _require_ascending(values: list, name: str) -> None:
    if any(b <= a for a, b in zip(values, values[1:])):
        raise _custom(f"the {name} values must rise from first to last")


def validate(source: Located) -> Scenario:
    """Check a scenario's data; all problems are reported together."""
    if source.data is None:
        raise NotedeckError(Problem(source.where(()), "the scenario file is empty; expected the "
                                                      "keys speeds, throughput, workloads and "
                                                      "bottleneck"))
    try:
        raw = ScenarioIn.model_validate(source.data if source.data is not None else {})
    except ValidationError as exc:
        raise NotedeckError(_problems(source, exc, ScenarioIn)) from None
    problems = _cross_checks(source, raw)
    if problems:
        raise NotedeckError(problems)
    source.warnings.extend(_singulars(source, raw))
    return _freeze(raw)


def _singulars(source: Located, raw: ScenarioIn) -> list[Problem]:
    """A count of one with no singular label would read "1 complaint responses"."""
    return [Problem(source.where(("workloads", index, "label")),
                    f"the count is 1, so the label '{w.label}' reads as a plural; add "
                    "'singular:' with the label for one", "warning")
            for index, w in enumerate(raw.workloads) if w.count == 1 and not w.singular]


def _cross_checks(source: Located, raw: ScenarioIn) -> list[Problem]:
    problems, seen = [], {}
    for index, workload in enumerate(raw.workloads):
        if workload.id in seen:
            problems.append(Problem(source.where(("workloads", index, "id")),
                                    f"duplicate workload id '{workload.id}' "
                                    f"(also workloads[{seen[workload.id]}])"))
        seen.setdefault(workload.id, index)
    if raw.bottleneck.workload not in seen:
        problems.append(Problem(source.where(("bottleneck", "workload")),
                                f"unknown workload '{raw.bottleneck.workload}'"
                                + _suggest(raw.bottleneck.workload, list(seen))))
    if raw.speeds.imagined <= raw.speeds.baseline:
        problems.append(Problem(source.where(("speeds", "imagined")),
                                "the imagined speed must be faster than the baseline"))
    return problems


def _freeze(raw: ScenarioIn) -> Scenario:
    return Scenario(
        speeds=Speeds(raw.speeds.baseline, raw.speeds.imagined, tuple(raw.speeds.dial),
                      raw.speeds.baseline_label, raw.speeds.imagined_label),
        throughput=Throughput(raw.throughput.streams, raw.throughput.tokens_per_second),
        workloads=tuple(Workload(**w.model_dump()) for w in raw.workloads),
        bottleneck=Bottleneck(raw.bottleneck.workload, raw.bottleneck.check,
                              tuple(raw.bottleneck.checks), tuple(raw.bottleneck.slider),
                              raw.bottleneck.check_label, raw.bottleneck.check_example),
    )
