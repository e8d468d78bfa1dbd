"""Extra formulas over a read model: a table's column, a chart's series (Model.expression)."""

from __future__ import annotations

from dataclasses import dataclass, field

from notedeck.errors import Location, NotedeckError, Problem
from notedeck.model.build import Plan
from notedeck.model.compile import Compiled, Compiler
from notedeck.model.figures import Source
from notedeck.model.limits import LimitReached
from notedeck.model.messages import key_text, suggest
from notedeck.model.names import CompileError, Scope, Skip
from notedeck.model.syntax import FormulaError, parse
from notedeck.model.types import Num, Record, Type
from notedeck.model.units import Unit


def expression(model, text: str, names: dict, within: str | None,
               where: Location | None) -> Compiled:
    """An extra formula compiled against a model (Model.expression)."""
    plan = model.plan
    where = where or Location("expression")
    bound = {n: (Num(t) if isinstance(t, Unit) else t) for n, t in names.items()}
    if plan.tally is not None:
        try:
            plan.tally.charge(text, where)
        except LimitReached as exc:
            raise NotedeckError(Problem(where, str(exc))) from None
    types = plan.types if plan.types is not None else _types(plan)
    plan.types = types
    compiler = Compiler(model.units, model.limits, types)
    scope = Scope(plan.names, bound=bound)
    try:
        if within is not None:
            scope.items = _within(compiler, plan, within)
        formula = parse(text, model.limits)
        return compiler.compile(Source(formula, where), scope, f"expression '{text}'")
    except (FormulaError, CompileError, Skip) as exc:
        raise NotedeckError(Problem(where, f"in '{text}': {exc}")) from None


def _types(plan: Plan) -> dict:
    """Types of a read model's units, for expressions compiled later."""
    types = {unit: compiled.type for unit, compiled in plan.compiled.items()}
    for path, entry in plan.uses.items():
        for figure in entry.group.figures:
            name = figure.path[0]
            types[("ucol", path, name)] = types.get(("gcol", entry.group.name, name))
    return types


@dataclass
class _Field:
    type: Type


@dataclass
class _Fields:
    fields: tuple

    def field(self, name: str) -> _Field | None:
        return next((f for n, f in self.fields if n == name), None)


@dataclass
class _Within:
    """A list of records (items or a group's rows) whose fields an expression reads bare."""

    input: _Fields
    path: tuple
    columns: dict = field(default_factory=dict)


def _within(compiler: Compiler, plan: Plan, within: str) -> _Within:
    path = tuple(within.split("."))
    if path in plan.items:
        kind = compiler._record_type(plan.items[path])
    elif path in plan.uses:
        entry = plan.uses[path]
        group = entry.group
        kind = Record(((group.param, Num(group.unit)),) + tuple(
            (f.path[0], compiler._known(("gcol", group.name, f.path[0]))) for f in group.figures))
    else:
        raise CompileError(f"within: '{within}' is not a list of records or a group's rows"
                           + suggest(within, [key_text(p) for p in [*plan.items, *plan.uses]]))
    return _Within(_Fields(tuple((n, _Field(t)) for n, t in kind.fields)), path)

