"""The bundled note's arithmetic written out by hand, in exact fractions, apart from the
model: what tests compare the model's figures (model.yaml) with, for the seed, every audience
and randomised scenarios. Nothing under src/notedeck imports it."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction


@dataclass(frozen=True)
class Speeds:
    baseline: Fraction             # tokens per second, the illustrative speed
    imagined: Fraction             # tokens per second, the imagined speed
    dial: tuple[Fraction, ...]     # the dial's stops, ascending
    baseline_label: str = "illustrative speed"   # prose names for the two speeds
    imagined_label: str = "imagined speed"


@dataclass(frozen=True)
class Throughput:
    streams: int
    tokens_per_second: Fraction


@dataclass(frozen=True)
class Workload:
    id: str
    label: str                     # plural noun: "story endings"
    count: int
    tokens_each: int
    title: str = ""                # thought experiment; may hold figure placeholders
    scene: str = ""
    still_scarce: str = ""
    singular: str = ""             # "story ending"; empty: the label serves for one too


@dataclass(frozen=True)
class Bottleneck:
    workload: str                  # a Workload.id
    check: Fraction                # seconds, the featured fixed check
    checks: tuple[Fraction, ...]   # seconds, rows of the check table
    slider: tuple[Fraction, ...]   # seconds, range of the speedup chart
    check_label: str = "fixed check"   # what the check is: "test run", "clinician sign-off"
    check_example: str = ""            # an example phrase: "a test run or a review"


@dataclass(frozen=True)
class Scenario:
    speeds: Speeds
    throughput: Throughput
    workloads: tuple[Workload, ...]
    bottleneck: Bottleneck

    def workload(self, workload_id: str) -> Workload:
        return next(w for w in self.workloads if w.id == workload_id)

CURVE_POINTS = 120         # about this many points on the speedup curve
CURVE_DECADES = 6          # geometric points start this many decades below the top
CURVE_DIGITS = 3           # significant digits kept on a geometric point
CONTROL_POINTS = 121       # about this many positions on the web page's dial and check slider


@dataclass(frozen=True)
class WorkloadFigures:
    id: str
    count: int
    tokens_each: int
    total_tokens: int
    seconds_baseline: Fraction
    seconds_imagined: Fraction
    seconds_at_stops: tuple[Fraction, ...]     # writing time at each dial stop


@dataclass(frozen=True)
class CheckFigures:
    check: Fraction                            # fixed check, seconds
    writing_baseline: Fraction                 # seconds
    writing_imagined: Fraction
    total_baseline: Fraction                   # writing + check
    total_imagined: Fraction
    writing_share_baseline: Fraction           # 0..1
    checking_share_baseline: Fraction
    writing_share_imagined: Fraction
    checking_share_imagined: Fraction
    writing_speedup: Fraction                  # imagined / baseline speed
    end_to_end_speedup: Fraction               # total_baseline / total_imagined


@dataclass(frozen=True)
class CurvePoint:
    check: Fraction                            # seconds
    speedup: Fraction                          # end to end


@dataclass(frozen=True)
class Figures:
    baseline: Fraction                         # tokens per second
    imagined: Fraction
    dial: tuple[Fraction, ...]
    writing_speedup: Fraction
    throughput_total: Fraction                 # streams × tokens per second
    workloads: tuple[WorkloadFigures, ...]     # scenario order
    bottleneck_workload: WorkloadFigures
    bottleneck: CheckFigures                   # at the featured check
    checks: tuple[CheckFigures, ...]           # one per check-table row
    curve: tuple[CurvePoint, ...]              # speedup against check time, ascending

    def workload(self, workload_id: str) -> WorkloadFigures:
        for figures in self.workloads:
            if figures.id == workload_id:
                return figures
        raise KeyError(workload_id)


def compute(scenario: Scenario) -> Figures:
    """Every figure the note shows, from one scenario."""
    speeds, bottleneck = scenario.speeds, scenario.bottleneck
    workloads = tuple(workload_figures(w, speeds.baseline, speeds.imagined, speeds.dial)
                      for w in scenario.workloads)
    featured = {w.id: w for w in workloads}[bottleneck.workload]

    def at(check: Fraction) -> CheckFigures:
        return check_figures(featured.total_tokens, speeds.baseline, speeds.imagined, check)

    fixed = (*bottleneck.slider, *bottleneck.checks, bottleneck.check)
    return Figures(
        baseline=Fraction(speeds.baseline),
        imagined=Fraction(speeds.imagined),
        dial=tuple(Fraction(stop) for stop in speeds.dial),
        writing_speedup=_ratio(speeds.imagined, speeds.baseline),
        throughput_total=_throughput(scenario),
        workloads=workloads,
        bottleneck_workload=featured,
        bottleneck=at(bottleneck.check),
        checks=tuple(at(check) for check in bottleneck.checks),
        curve=tuple(CurvePoint(c, at(c).end_to_end_speedup) for c in curve_checks(fixed)),
    )


def workload_figures(workload: Workload, baseline: Fraction, imagined: Fraction,
                     dial: tuple[Fraction, ...]) -> WorkloadFigures:
    """Output tokens of one workload and its writing time at each speed."""
    total = workload.count * workload.tokens_each
    return WorkloadFigures(
        id=workload.id, count=workload.count, tokens_each=workload.tokens_each,
        total_tokens=total,
        seconds_baseline=_ratio(total, baseline),
        seconds_imagined=_ratio(total, imagined),
        seconds_at_stops=tuple(_ratio(total, stop) for stop in dial),
    )


def check_figures(tokens: int, baseline: Fraction, imagined: Fraction,
                  check: Fraction) -> CheckFigures:
    """Writing time plus one fixed check, counted once, at both speeds."""
    check = Fraction(check)
    writing_baseline, writing_imagined = _ratio(tokens, baseline), _ratio(tokens, imagined)
    total_baseline, total_imagined = writing_baseline + check, writing_imagined + check
    writing_speedup = _ratio(imagined, baseline)
    return CheckFigures(
        check=check,
        writing_baseline=writing_baseline, writing_imagined=writing_imagined,
        total_baseline=total_baseline, total_imagined=total_imagined,
        writing_share_baseline=_ratio(writing_baseline, total_baseline),
        checking_share_baseline=_ratio(check, total_baseline),
        writing_share_imagined=_ratio(writing_imagined, total_imagined),
        checking_share_imagined=_ratio(check, total_imagined),
        writing_speedup=writing_speedup,
        end_to_end_speedup=(_ratio(total_baseline, total_imagined)
                            if total_imagined else writing_speedup),
    )


def curve_checks(fixed: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
    """Check times for the curve: 0, every fixed value, geometric points up to the largest."""
    limit = max((Fraction(0), *map(Fraction, fixed)))
    chosen = {Fraction(0), *(Fraction(f) for f in fixed if f >= 0)}
    if limit == 0:
        return (Fraction(0),)
    steps = max(CURVE_POINTS - len(chosen), 2)
    low = limit / 10**CURVE_DECADES
    chosen.update(_geometric(low, limit, Fraction(i, steps - 1)) for i in range(steps))
    return tuple(sorted(chosen))


def _geometric(low: Fraction, high: Fraction, t: Fraction) -> Fraction:
    """The point a fraction `t` of the way from low to high on a log scale, kept to a few digits.

    Decimal's correctly rounded ln/exp keep the choice the same on every platform.
    """
    with localcontext(prec=28):
        low_ln, high_ln = _decimal(low).ln(), _decimal(high).ln()
        position = (low_ln + _decimal(t) * (high_ln - low_ln)).exp()
    with localcontext(prec=CURVE_DIGITS, rounding=ROUND_HALF_UP):
        point = Fraction(+position)
    return min(max(point, low), high)


def dial_speeds(stops: tuple[Fraction, ...], also: tuple[Fraction, ...] = ()) -> tuple[Fraction, ...]:
    """Speeds a continuous dial can take: every stop, each of `also` in range, and
    log-spaced speeds between the first and last stop.

    A speed under 100 tokens/sec is kept to thousandths and one above to whole
    tokens, the precision a speed is written with, so the speed shown is the speed
    computed with.
    """
    low, high = Fraction(stops[0]), Fraction(stops[-1])
    chosen = {*map(Fraction, stops), *(Fraction(s) for s in also if low <= s <= high)}
    steps = CONTROL_POINTS
    for i in range(steps):
        point = _geometric(low, high, Fraction(i, steps - 1))
        chosen.add(min(max(_kept(point, 3 if point < 100 else 0), low), high))
    return tuple(sorted(chosen))


def slider_checks(stops: tuple[Fraction, ...], also: tuple[Fraction, ...] = ()) -> tuple[Fraction, ...]:
    """Fixed checks a continuous slider can take: every stop and each of `also` (the range
    grows to hold them), and points evenly spaced in log(1 + seconds) between.

    A check under two minutes is kept to tenths of a second and a longer one to
    whole seconds, the precision a duration is written with.
    """
    fixed = {*map(Fraction, stops), *map(Fraction, also)}
    low, high = min(fixed), max(fixed)
    chosen = set(fixed)
    steps = CONTROL_POINTS
    with localcontext(prec=28):
        low_ln, high_ln = (_decimal(low) + 1).ln(), (_decimal(high) + 1).ln()
        for i in range(steps):
            exact = (low_ln + _decimal(Fraction(i, steps - 1)) * (high_ln - low_ln)).exp() - 1
            with localcontext(prec=CURVE_DIGITS, rounding=ROUND_HALF_UP):
                point = Fraction(+exact)
            chosen.add(min(max(_kept(point, 1 if point < 120 else 0), low), high))
    return tuple(sorted(chosen))


def _kept(x: Fraction, places: int) -> Fraction:
    """x rounded half-up to `places` decimals (the rounding the formatter applies)."""
    scale = 10**places
    return Fraction(int(x * scale + Fraction(1, 2)), scale)


def _decimal(x: Fraction) -> Decimal:
    return Decimal(x.numerator) / Decimal(x.denominator)


def _throughput(scenario: Scenario) -> Fraction:
    return scenario.throughput.streams * Fraction(scenario.throughput.tokens_per_second)


def _ratio(numerator: int | Fraction, denominator: int | Fraction) -> Fraction:
    """numerator / denominator exactly; zero when the denominator is zero."""
    return Fraction(numerator) / denominator if denominator else Fraction(0)


def from_values(values: dict) -> Scenario:
    """The scenario from the model's validated inputs (Inputs.values)."""
    speeds, throughput, check = values["speeds"], values["throughput"], values["bottleneck"]
    return Scenario(
        Speeds(speeds["baseline"], speeds["imagined"], tuple(speeds["dial"])),
        Throughput(int(throughput["streams"]), throughput["tokens_per_second"]),
        tuple(Workload(w["id"], w["label"], int(w["count"]), int(w["tokens_each"]))
              for w in values["workloads"]),
        Bottleneck(check["workload"], check["check"], tuple(check["checks"]),
                   tuple(check["slider"])),
    )
