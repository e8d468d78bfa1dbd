"""Evaluation: every figure of a model for one scenario, in order, within one step budget."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from notedeck.errors import NotedeckError, Problem
from notedeck.model.compile import Compiled
from notedeck.model.runtime import EvalError
from notedeck.model.limits import Budget, LimitReached
from notedeck.model.messages import key_text, quantity
from notedeck.model.sweep import SweepError, points
from notedeck.model.types import ListOf, Num, Type


class Frame:
    """What a running formula sees: the run, and its item, row, parameter or bound names."""

    __slots__ = ("run", "item", "index", "param", "use", "bound")

    def __init__(self, run: Run, item=None, index=0, param=None, use=None, bound=None):
        self.run, self.item, self.index = run, item, index
        self.param, self.use, self.bound = param, use, bound or {}


class Run:
    """One evaluation's values: inputs, each unit's value, and group rows remembered by value."""

    def __init__(self, plan, inputs: dict, budget: Budget):
        self.plan, self.inputs, self.budget = plan, inputs, budget
        self.values: dict = {}
        self.memo: dict = {}            # (group, figure) -> {parameter value: value}
        self.records: dict = {}         # assembled items and rows, by path
        self.sweeps: dict = {}          # a sweep's settings -> its points (a pure function)

    def items(self, path: tuple) -> tuple:
        """A list of records with its per-item figures, assembled once."""
        found = self.records.get(path)
        if found is None:
            entry = self.plan.items[path]
            base = _dig(self.inputs, path)
            columns = [(n, self.values[("col", path, n)]) for n in entry.columns]
            found = tuple({**record, **{n: v[i] for n, v in columns}}
                          for i, record in enumerate(base))
            self.records[path] = found
        return found

    def use_value(self, path: tuple) -> tuple:
        """A group's rows as records: its parameter and its figures."""
        found = self.records.get(path)
        if found is None:
            entry = self.plan.uses[path]
            names = [f.path[0] for f in entry.group.figures]
            rows = self.values[("rows", path)]
            columns = [(n, self.values[("ucol", path, n)]) for n in names]
            found = tuple({entry.group.param: p, **{n: v[i] for n, v in columns}}
                          for i, p in enumerate(rows))
            self.records[path] = found
        return found


class Pending(dict):
    """A re-evaluation's values: a unit the changed inputs touch is computed when it is first
    read, after the touched units it reads, so what no text reads is never computed again."""

    def __init__(self, kept: dict, run: Run, pending: set):
        super().__init__(kept)
        self.run, self.pending = run, pending

    def __missing__(self, unit: tuple):
        if unit not in self.pending:
            raise KeyError(unit)
        plan, needed, stack = self.run.plan, set(), [unit]
        while stack:                            # no recursion: chains may be long
            found = stack.pop()
            if found in self.pending and found not in needed:
                needed.add(found)
                stack.extend(plan.needs.get(found, ()))
        position = plan.position
        for each in sorted(needed, key=position.__getitem__):
            self.pending.discard(each)
            run_units(plan, self.run, (each,))
        return dict.__getitem__(self, unit)


def run_units(plan, run: Run, units) -> None:
    """Each unit in order; the first author error becomes a NotedeckError."""
    for unit in units:
        try:
            _unit(plan, run, unit)
        except LimitReached as exc:
            raise NotedeckError(Problem(plan.where(unit), str(exc))) from None


def _unit(plan, run: Run, unit: tuple) -> None:
    kind = unit[0]
    if kind == "leaf":
        compiled = plan.compiled[unit]
        run.values[unit] = checked(plan, compiled, Frame(run))
    elif kind == "col":
        compiled, path = plan.compiled[unit], unit[1]
        run.values[unit] = tuple(checked(plan, compiled, Frame(run, item, i, None, path))
                                 for i, item in enumerate(_dig(run.inputs, path)))
    elif kind == "rows":
        run.values[unit] = _rows(plan, run, plan.uses[unit[1]])
    elif kind == "ucol":
        _use_column(plan, run, unit)


def _use_column(plan, run: Run, unit: tuple) -> None:
    _, path, name = unit
    entry = plan.uses[path]
    compiled = plan.compiled[("gcol", entry.group.name, name)]
    memo = run.memo.setdefault((entry.group.name, name), {})
    made = []
    for index, value in enumerate(run.values[("rows", path)]):
        key = (value.numerator, value.denominator)       # hashed far faster than a Fraction
        found = memo.get(key, memo)
        if found is memo:
            found = checked(plan, compiled, Frame(run, None, index, value, path))
            memo[key] = found
        made.append(found)
    run.values[unit] = tuple(made)


def _rows(plan, run: Run, entry) -> tuple:
    use = entry.use
    if use.mode == "at":
        return (checked(plan, plan.compiled[("at", entry.path)], Frame(run)),)
    if use.mode == "over":
        return checked(plan, plan.compiled[("at", entry.path)], Frame(run))
    return _swept(plan, run, entry)


def _swept(plan, run: Run, entry) -> tuple:
    """A sweep's values: its points (reused when the same sweep was made before) and those it
    includes, ascending, each once."""
    sweep = entry.use.sweep
    value = {part: checked(plan, plan.compiled[(part, entry.path)], Frame(run))
             for part in ("from", "to", "points")}
    count, limit = value["points"], plan.limits.sweep_points
    if count.denominator != 1 or count < 1:          # before any step is spent on it
        raise _problem(plan.compiled[("points", entry.path)], f"points must be a whole number "
                       f"of at least 1, got {count}", Frame(run))
    included = []
    for index in range(len(sweep.include)):
        got = checked(plan, plan.compiled[(f"include{index}", entry.path)], Frame(run))
        included.extend(_flat(got))
    if count + len(included) > limit:
        raise _problem(plan.compiled[("points", entry.path)],
                       f"the sweep has {int(count) + len(included):,} points; a sweep has at "
                       f"most {limit:,} (limit sweep_points)", Frame(run))
    place_count = _places(plan, run, entry)
    run.budget.spend(int(count) * 20)
    settings = (entry.path, value["from"], value["to"], int(count))
    made = run.sweeps.get(settings)
    if made is None:
        try:
            made = points(value["from"], value["to"], int(count), sweep.spacing, sweep.digits,
                          place_count, sweep.clamp == "each_step")
        except SweepError as exc:
            raise _problem(plan.compiled[("from", entry.path)], str(exc), Frame(run)) from None
        if place_count is None or not plan.input_deps.get(("places", entry.path)):
            run.sweeps[settings] = made
    if sweep.clip:
        included = [v for v in included if value["from"] <= v <= value["to"]]
    return tuple(sorted({*made, *included}))


def _places(plan, run: Run, entry):
    """The decimals a sweep keeps on a point, from its places: formula, or None."""
    places = plan.compiled.get(("places", entry.path))
    if places is None:
        return None

    def count(point: Fraction) -> int:
        got = checked(plan, places, Frame(run, bound={entry.group.param: point}))
        if got.denominator != 1 or not 0 <= got <= 30:
            raise _problem(places, f"places must be a whole number from 0 to 30, got {got}",
                           Frame(run))
        return int(got)
    return count


def _flat(value: Any) -> list:
    return list(value) if isinstance(value, tuple) else [value]


def checked(plan, compiled: Compiled, frame: Frame) -> Any:
    """A formula's value; an author error names the formula and the values it read."""
    frame.run.budget.spend(compiled.cost)
    try:
        value = compiled.run(frame)
    except EvalError as exc:
        raise _problem(compiled, str(exc), frame) from None
    except (ZeroDivisionError, OverflowError, ArithmeticError) as exc:  # pragma: no cover
        raise _problem(compiled, f"the arithmetic failed ({exc})", frame) from None
    bounds = plan.bounds.get(compiled.key)
    if bounds is not None:
        _bounded(compiled, bounds, value, frame)
    return value


def _bounded(compiled: Compiled, bounds, value: Any, frame: Frame) -> None:
    low, high = bounds
    for item in (value if isinstance(value, tuple) else (value,)):
        if low and (item < low.value if low.inclusive else item <= low.value) or \
                high and (item > high.value if high.inclusive else item >= high.value):
            word = [f"{'at least' if low.inclusive else 'above'} {low.text}"] if low else []
            word += [f"{'at most' if high.inclusive else 'below'} {high.text}"] if high else []
            raise _problem(compiled, f"the result {_shown(item, compiled.type)} is out of range "
                           f"(it must be {' and '.join(word)})", frame)


def _problem(compiled: Compiled, message: str, frame: Frame) -> NotedeckError:
    text = compiled.source.text
    text = text if len(text) <= 100 else text[:97] + "..."
    context, said = [], set()
    plan = frame.run.plan
    if isinstance(frame.item, dict) and plan is not None and frame.use in plan.items:
        entry = plan.items[frame.use]
        key = frame.item.get(entry.input.key) if entry.input.key else None
        context.append(f"for {key_text(frame.use + (frame.index,))}"
                       + (f" ({key})" if key is not None else ""))
    if frame.param is not None and plan is not None and frame.use in plan.uses:
        group = plan.uses[frame.use].group
        context.append(f"at {group.param} = {_shown(frame.param, Num(group.unit))}")
        said.add(group.param)
    values = []
    for name, run, kind in compiled.names:
        if name in said:
            continue
        try:
            values.append(f"{name} = {_shown(run(frame), kind)}")
        except Exception:          # noqa: BLE001 - a value that cannot be read is left out
            continue
    where = compiled.source.where
    detail = f" ({'; '.join(values)})" if values else ""
    extra = f" {' '.join(context)}" if context else ""
    return NotedeckError(Problem(where, f"{message} in '{text}'{extra}{detail}"))


def _shown(value: Any, kind: Type | None) -> str:
    unit = kind.unit if isinstance(kind, Num) else (
        kind.item.unit if isinstance(kind, ListOf) and isinstance(kind.item, Num) else "1")
    if isinstance(value, tuple):
        inner = [_shown(v, kind.item if isinstance(kind, ListOf) else None) for v in value[:5]]
        return "[" + ", ".join(inner) + (", ...]" if len(value) > 5 else "]")
    if isinstance(value, Fraction):
        return quantity(value, unit)
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def _dig(data: dict, path: tuple) -> Any:
    for part in path:
        data = data[part]
    return data


