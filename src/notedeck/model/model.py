"""A model read and checked: its inputs, figures and rules, ready to validate and evaluate."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from fractions import Fraction
from typing import Any, Mapping

from notedeck.errors import Location, NotedeckError, Problem
from notedeck.model import build, extra, scenario, schema
from notedeck.model.build import Figure
from notedeck.model.compile import Compiled
from notedeck.model.document import Document, Plain
from notedeck.model.evaluate import Frame, Pending, Run, checked, run_units
from notedeck.model.inputs import Input, Space, walk
from notedeck.model.limits import DEFAULT, Budget, Limits
from notedeck.model.scenario import Wrong, check_refs, refs, scalar
from notedeck.model.types import Num, Type
from notedeck.model.units import Unit
from notedeck.model.show import Show, default as default_show
from notedeck.model.values import wrapped

MAX_REMEMBERED = 10_000          # names read by value() kept compiled, per model


@dataclass(frozen=True)
class Inputs:
    """A scenario's values, checked: exact numbers (seconds for durations), text, lists."""

    values: Mapping[str, Any]
    raw: Any                              # the scenario's data as read, for replacements
    document: Document
    warnings: tuple[Problem, ...] = ()


@dataclass(frozen=True)
class Model:
    """A model read and checked; immutable, shared by every scenario and audience."""

    units: frozenset[str]
    inputs: Space
    plan: build.Plan
    figures: tuple[Figure, ...]
    limits: Limits = DEFAULT
    compiled: dict = field(default_factory=dict, compare=False, repr=False)  # text -> formula
    display: Any = field(default=None, compare=False, repr=False)  # display.Display

    # --- scenarios ---------------------------------------------------------------------

    @cached_property
    def scenario_schema(self) -> type[scenario.Part]:
        """The scenario file's keys and values as a pydantic model, built once."""
        return scenario.schema(self.inputs, self.limits.list_items)

    def validate(self, document: Document, messages: Mapping[int, str] | None = None) -> Inputs:
        """A scenario's values, or a NotedeckError with every problem at once; `messages`
        gives rules' messages in the build's language, by the rule's place."""
        if document.data is None:
            names = ", ".join(self.inputs.children)
            raise NotedeckError(Problem(document.where(()), "the scenario file is empty; "
                                        f"expected the keys {names}"))
        values = scenario.values(schema.validate(self.scenario_schema, document.data, document))
        checker = scenario.Refs(document)
        check_refs(checker, self.inputs, values, refs(self.inputs, values))
        if checker.problems:
            raise NotedeckError(schema.bounded(checker.problems, document))
        warnings = self._rules(values, document, messages or {})
        return Inputs(values, document.data, document, tuple(warnings))

    def replace(self, inputs: Inputs, changes: Mapping[str, Any]) -> Inputs:
        """The inputs with some values replaced ('step_time': '15 min'), checked."""
        values, raw = _copy(inputs.values), _copy(inputs.raw)
        for text, value in changes.items():
            path = tuple(text.split("."))
            declared = self._declared(path)
            _put(raw, path, value)
            if declared.kind in ("list", "records"):
                return self.validate(_Replaced(raw, inputs.document))
            try:
                _put(values, path, scalar(declared, value))
            except Wrong as exc:
                raise NotedeckError(Problem(Location("replaced value", None, None, text),
                                            str(exc))) from None
        checker = scenario.Refs(inputs.document)
        check_refs(checker, self.inputs, values, refs(self.inputs, values))
        if checker.problems:
            raise NotedeckError(checker.problems)
        warnings = self._rules(values, inputs.document, {})
        return Inputs(values, raw, inputs.document, tuple(warnings))

    def _declared(self, path: tuple) -> Input:
        node: Any = self.inputs
        for part in path:
            node = node.children.get(part) if isinstance(node, Space) else None
        if not isinstance(node, Input):
            names = [".".join(p) for p, _ in walk(self.inputs)]
            from notedeck.model.messages import suggest

            raise NotedeckError(f"no input '{'.'.join(path)}' to replace"
                                + suggest(".".join(path), names))
        return node

    def _rules(self, values: dict, document: Document,
               messages: Mapping[int, str]) -> list[Problem]:
        run = Run(self.plan, values, Budget(self.limits.steps))
        problems = []
        for index, (rule, compiled) in enumerate(self.plan.rules):
            frames = [Frame(run)]
            if rule.each is not None:
                frames = [Frame(run, item, i) for i, item in enumerate(_dig(values, rule.each))]
            for frame in frames:
                if checked(self.plan, compiled, frame):
                    continue
                base = rule.each + (frame.index,) if rule.each is not None else ()
                at = base + (rule.at or _first_input(compiled, rule))
                message = _filled(messages.get(index, rule.message), frame, values)
                problems.append(Problem(document.where(at), message, rule.severity))
        errors = [p for p in problems if p.severity == "error"]
        if errors:
            raise NotedeckError(errors)
        return problems

    # --- evaluation --------------------------------------------------------------------

    def evaluate(self, inputs: Inputs, budget: Budget | None = None) -> Evaluation:
        """Every figure for these inputs; an author error (division by zero, a result out of
        range, a limit) is a NotedeckError naming the formula and the values it read."""
        run = Run(self.plan, inputs.values, budget or Budget(self.limits.steps))
        run_units(self.plan, run, self.plan.order)
        return Evaluation(self, inputs, run)

    def expression(self, text: str, names: Mapping[str, Type | Unit] | None = None,
                   within: str | None = None, where: Location | None = None) -> Expression:
        """An extra formula over this model's names, with `names` bound (a table column, a
        chart's series): its type and unit known now, evaluated later per row or per x.
        `within` names a list of records (an input list or a group's rows) whose item's
        fields the formula reads by bare name."""
        if names or where is not None:
            return Expression(extra.expression(self, text, dict(names or {}), within, where),
                              within)
        key = (text, within)
        found = self.compiled.get(key)
        if found is None:
            found = extra.expression(self, text, {}, within, None)
            if len(self.compiled) < MAX_REMEMBERED:
                self.compiled[key] = found
        return Expression(found, within)

    def show(self, path: str) -> Show:
        """How a figure or an input is shown: 'teams[].wait', 'speeds.baseline'."""
        found = next((f for f in self.figures if f.path == path), None)
        if found is not None:
            return found.show
        parts = tuple(path.replace("[]", "").split("."))
        node: Any = self.inputs
        for index, part in enumerate(parts):
            if isinstance(node, Input) and node.kind == "records":
                node = node.field(part)
            elif isinstance(node, Space):
                node = node.children.get(part)
            else:
                node = None
        if not isinstance(node, Input):
            raise KeyError(f"no figure or input '{path}'")
        return node.show or default_show(node.type)

    def figure(self, path: str) -> Figure:
        found = next((f for f in self.figures if f.path == path), None)
        if found is None:
            from notedeck.model.messages import suggest

            raise KeyError(f"no figure '{path}'" + suggest(path, [f.path for f in self.figures]))
        return found


def read(document: Document, limits: Limits = DEFAULT) -> Model:
    """The Model a document declares, checked: names, units, show forms, cycles, limits."""
    from notedeck.model import display

    units, inputs, plan, figures = build.read(document, limits)
    model = Model(units, inputs, plan, figures, limits)
    object.__setattr__(model, "display", display.read(document, model))
    return model


@dataclass(frozen=True)
class Expression:
    """A compiled extra formula: its type (and unit), and its value in an evaluation."""

    compiled: Compiled
    within: str | None

    @property
    def type(self) -> Type:
        return self.compiled.type

    @property
    def unit(self) -> Unit | None:
        return self.type.unit if isinstance(self.type, Num) else None

    def evaluate(self, evaluation: Evaluation, row: int | None = None, **bound: Any) -> Any:
        """The value; `row` picks the item of `within`, `bound` gives the bound names."""
        run = evaluation.run
        frame = Frame(run, bound=bound)
        if self.within is not None:
            path = tuple(self.within.split("."))
            records = run.items(path) if path in run.plan.items else run.use_value(path)
            frame.item, frame.index = records[row or 0], row or 0
        return checked(run.plan, self.compiled, frame)


@dataclass
class Evaluation:
    """The figures of one scenario: exact values, read by name, and re-evaluated cheaply with
    some inputs replaced (only what depends on them is computed again)."""

    model: Model
    inputs: Inputs
    run: Run
    recomputed: int = field(default=0)

    def value(self, path: str) -> Any:
        """A figure or input by its formula name: raw exact values (Fraction, bool, str,
        tuples, dicts). Any formula works: 'teams[0].wait'."""
        expression = self.model.expression(path)
        return expression.evaluate(self)

    def quantity(self, path: str) -> Any:
        """As value(), with units: Quantity, tuples and dicts of them."""
        expression = self.model.expression(path)
        return wrapped(expression.evaluate(self), expression.type)

    def tree(self) -> dict:
        """Every input and figure as a tree of names, with units."""
        return self._tree(self.model.plan.names, ())

    def _tree(self, names: dict, prefix: tuple) -> dict:
        made = {}
        for name, entry in names.items():
            path = prefix + (name,)
            made[name] = self._tree(entry, path) if isinstance(entry, dict) else \
                self.quantity(".".join(path))
        return made

    def again(self, inputs: Inputs) -> Evaluation:
        """These figures for inputs of the same values, as another evaluation: the computed
        values shared (never changed once computed); the rows and sweeps remembered and the
        steps left as they are now, copied, so what it computes later is its own."""
        budget = Budget(self.run.budget.limit)
        budget.left = self.run.budget.left
        run = Run(self.run.plan, inputs.values, budget)
        run.values = self.run.values
        run.memo = {key: dict(table) for key, table in self.run.memo.items()}
        run.records, run.sweeps = dict(self.run.records), dict(self.run.sweeps)
        return Evaluation(self.model, inputs, run)

    def replace(self, changes: Mapping[str, Any]) -> Evaluation:
        """The evaluation with some inputs replaced: units that read them run again when
        first read (a web page's control reads a few figures at each of its positions, not
        every sweep); rows of a group already computed at the same parameter value are
        reused. Every re-evaluation draws on the steps left to this one: a page of many
        positions computes no more than one evaluation may."""
        inputs = self.model.replace(self.inputs, changes)
        changed = [tuple(k.split(".")) for k in changes]
        plan = self.model.plan
        stale = {u for u in plan.order if _touches(plan.input_deps[u], changed)}
        stale |= getattr(self.run.values, "pending", set())   # never computed before either
        run = Run(plan, inputs.values, self.run.budget)      # one budget for them all
        run.values = Pending({u: v for u, v in self.run.values.items() if u not in stale},
                             run, stale)
        run.memo = {k: table for k, table in self.run.memo.items()       # shared: values
                    if not _touches(plan.input_deps[("gcol", *k)], changed)}  # never change
        run.sweeps = self.run.sweeps
        return Evaluation(self.model, inputs, run, len(stale))


class _Replaced(Plain):
    """A scenario's data with replaced values, keeping the original's positions."""

    def __init__(self, data: Any, original: Document):
        super().__init__(data)
        self.original = original

    def where(self, path: tuple, at_key: bool = False) -> Location:
        return self.original.where(path, at_key)


def _touches(deps: frozenset, changed: list[tuple]) -> bool:
    return any(d[:len(c)] == c or c[:len(d)] == d for d in deps for c in changed)


def _copy(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _copy(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_copy(v) for v in data]
    return data


def _put(data: dict, path: tuple, value: Any) -> None:
    for part in path[:-1]:
        data = data.setdefault(part, {})
    data[path[-1]] = value


def _dig(data: Any, path: tuple) -> Any:
    for part in path:
        data = data[part]
    return data


def _first_input(compiled: Compiled, rule) -> tuple:
    if compiled.names:
        return tuple(compiled.names[0][0].split("."))
    return ()


def _filled(message: str, frame: Frame, values: dict) -> str:
    """A rule's message with {name} replaced by the value (an item's fields by bare name)."""
    import re

    def value(match):
        name = match.group(1)
        found = frame.item.get(name) if isinstance(frame.item, dict) else None
        if found is None:
            try:
                found = _dig(values, tuple(name.split(".")))
            except (KeyError, TypeError):
                return match.group(0)
        if isinstance(found, Fraction):
            from notedeck.model.messages import number

            return number(found)
        return str(found)
    return re.sub(r"\{([a-z][a-z0-9_.]*)\}", value, message)


__all__ = ["Model", "Inputs", "Evaluation", "Expression", "Figure", "read"]
