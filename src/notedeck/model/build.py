"""Reading a model: declarations, the tree of names, the order of work, compiled formulas."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from notedeck.errors import Location, NotedeckError, Problem
from notedeck.model import figures as declare, show as shows
from notedeck.model.compile import (CompileError, Compiled, Compiler, InputEntry, ItemsEntry,
                                    LeafEntry, Scope, Skip, UseEntry, read_unit)
from notedeck.model.document import Document
from notedeck.model.evaluate import Frame, Run
from notedeck.model.figures import Source
from notedeck.model.inputs import Input, Reader as InputReader, Space, walk
from notedeck.model.limits import Budget, Limits
from notedeck.model.messages import key_text, suggest
from notedeck.model.plan import order
from notedeck.model.scenario import Wrong, scalar
from notedeck.model.syntax import FormulaError, parse
from notedeck.model.types import ListOf, Num, Type
from notedeck.model.units import TIME_SCALES, Unit

PARTS = ("at", "from", "to", "points", "places")
TOP = ("about", "units", "inputs", "rules", "groups", "figures")
UNIT_NAME = re.compile(r"^[a-z][a-z_]{0,31}$")


class _TooMany(Exception):
    pass


@dataclass
class Plan:
    """Everything evaluation needs: compiled formulas, their order, the rows and items."""

    names: dict                                        # the tree: name -> dict or entry
    compiled: dict = field(default_factory=dict)       # unit key -> Compiled
    order: tuple = ()
    items: dict = field(default_factory=dict)          # list path -> ItemsEntry
    uses: dict = field(default_factory=dict)           # use path -> UseEntry
    groups: dict = field(default_factory=dict)
    bounds: dict = field(default_factory=dict)         # compiled key -> (low, high)
    input_deps: dict = field(default_factory=dict)     # unit key -> frozenset of input paths
    places: dict = field(default_factory=dict)         # unit key -> Location
    rules: tuple = ()
    limits: Limits | None = None

    def where(self, unit: tuple) -> Location:
        return self.places.get(unit, Location("model"))


def read(document: Document, limits: Limits) -> Any:
    """The Model a document declares, or a NotedeckError with every problem found."""
    from notedeck.model.model import Figure as Info, Model

    reading = _Reading(document, limits)
    try:
        reading.all()
    except _TooMany:
        raise NotedeckError(Problem(document.where(()), f"the model declares more than "
                                    f"{limits.figures:,} inputs, figures and rules (limit "
                                    "figures)")) from None
    if reading.problems:
        raise NotedeckError(_unique(reading.problems))
    infos = tuple(Info(path, kind, show, where) for path, kind, show, where in reading.infos)
    return Model(reading.declared, reading.inputs, reading.plan, infos, limits)


def _unique(problems: list[Problem]) -> list[Problem]:
    seen, kept = set(), []
    for problem in problems:
        if (str(problem.where), problem.message) not in seen:
            seen.add((str(problem.where), problem.message))
            kept.append(problem)
    return kept


class _Reading:
    def __init__(self, document: Document, limits: Limits):
        self.document, self.limits = document, limits
        self.problems: list[Problem] = []
        self.declared: frozenset[str] = frozenset()
        self.counted = 0
        self.types: dict = {}
        self.compiler = Compiler(frozenset(), limits, self.types)
        self.infos: list = []
        self.group_infos: dict = {}
        self.shown_uses: list = []

    def problem(self, path: tuple, message: str, at_key: bool = False) -> None:
        self.problems.append(Problem(self.document.where(path, at_key), message))

    def count(self, path: tuple) -> None:
        self.counted += 1
        if self.counted > self.limits.figures:
            raise _TooMany()

    def all(self) -> None:
        data = self.document.data
        if not isinstance(data, dict):
            self.problem((), "expected a mapping with the keys " + ", ".join(TOP))
            return
        for key in data:
            if key not in TOP:
                self.problem((key,), f"unknown key '{key}'" + suggest(str(key), list(TOP)), True)
        self.declared = self._units(data.get("units"))
        self.compiler = Compiler(self.declared, self.limits, self.types)
        inputs = InputReader(self.document, self.declared, self.constant, self.count)
        self.inputs = inputs.space(data.get("inputs") or {}, ("inputs",))
        self.problems += inputs.problems
        self._defaults()
        figures = declare.Reader(self.document, self.limits, self._unit, self.constant, self.count)
        figures.groups_part(data.get("groups"))
        if "figures" in data:
            figures.tree(data["figures"], ("figures",), ())
        rules = figures.rules(data.get("rules"))
        self.problems += figures.problems
        self.plan = Plan(self._names(figures), limits=self.limits)
        self.plan.groups = figures.groups
        self._work(figures)
        self._rules(rules)

    def _units(self, value: Any) -> frozenset[str]:
        if value is None:
            return frozenset()
        if not isinstance(value, list):
            self.problem(("units",), "expected a list of unit names, e.g. [item, kg]")
            return frozenset()
        names = set()
        for index, name in enumerate(value):
            if not isinstance(name, str) or not UNIT_NAME.match(name):
                self.problem(("units", index), f"a unit is a lower-case name, got {name!r}")
            elif name in TIME_SCALES:
                self.problem(("units", index), f"'{name}' is a unit of time already; time "
                                               "needs no declaring (s, min, h, d, w)")
            elif name in names:
                self.problem(("units", index), f"the unit '{name}' is declared twice")
            names.add(name)
        return frozenset(n for n in names if isinstance(n, str))

    def _unit(self, value: Any) -> tuple[Unit, str | None]:
        return read_unit(value, self.declared)

    def constant(self, text: str) -> tuple[Fraction, Unit, str | None]:
        """A formula without names (a bound such as '3650 d'): (value, unit, problem)."""
        try:
            formula = parse(text, self.limits)
            compiled = self.compiler.compile(Source(formula, Location("model")),
                                             Scope({}), "constant")
            value = compiled.run(Frame(Run(None, {}, Budget(self.limits.steps))))
        except (FormulaError, CompileError) as exc:
            return Fraction(0), Unit(), f"cannot read '{text}': {exc}"
        except Exception as exc:           # noqa: BLE001 - division by zero and the like
            return Fraction(0), Unit(), f"cannot compute '{text}': {exc}"
        if not isinstance(compiled.type, Num):
            return Fraction(0), Unit(), f"expected a number, got {text!r}"
        return value, compiled.type.unit, None

    def _defaults(self) -> None:
        for path, declared in walk(self.inputs):
            for owner, one in [(path, declared)] + [((*path, n), f) for n, f in declared.fields]:
                if one.default is None or one.required or one.kind in ("list", "records"):
                    continue
                try:
                    scalar(one, one.default)
                except Wrong as exc:
                    self.problems.append(Problem(one.where, f"the default: {exc}"))
            if declared.kind == "ref" or any(f.kind == "ref" for _, f in declared.fields):
                refs = [declared] if declared.kind == "ref" else [f for _, f in declared.fields
                                                                  if f.kind == "ref"]
                for ref in refs:
                    self._target(ref)

    def _target(self, ref: Input) -> None:
        node: Any = self.inputs
        for part in ref.to or ():
            node = node.children.get(part) if isinstance(node, Space) else None
        if not (isinstance(node, Input) and node.kind == "records" and node.key):
            lists = [".".join(p) for p, i in walk(self.inputs) if i.kind == "records" and i.key]
            self.problems.append(Problem(ref.where, f"to: names a list of records with a key; "
                                         f"'{'.'.join(ref.to or ())}' is not one"
                                         + suggest(".".join(ref.to or ()), lists)))

    # --- the tree of names -----------------------------------------------------------------

    def _names(self, figures: declare.Reader) -> dict:
        names = self._input_names(self.inputs, ())
        for figure in figures.figures:
            self._place(names, figure.path, LeafEntry(figure, figure.path), figure.source.where)
        for each in figures.eaches:
            entry = self._at(names, each.path)
            if not isinstance(entry, ItemsEntry):
                self.problems.append(Problem(each.where, f"each: adds figures to the items of a "
                                             f"list of records in the inputs; "
                                             f"'{key_text(each.path)}' is not one"))
                continue
            entry.each = each
            for figure in each.figures:
                name = figure.path[0]
                if entry.input.field(name) is not None or name in entry.columns:
                    self.problems.append(Problem(figure.source.where, f"'{name}' is already a "
                                                 f"field of the items of {key_text(each.path)}"))
                else:
                    entry.columns[name] = figure
        for use in figures.uses:
            group = figures.groups.get(use.group)
            if group is None:
                self.problems.append(Problem(use.where, f"unknown group '{use.group}'"
                                             + suggest(use.group, list(figures.groups))))
                continue
            self._place(names, use.path, UseEntry(use, group, use.path), use.where)
        return names

    def _input_names(self, space: Space, prefix: tuple) -> dict:
        names = {}
        for name, child in space.children.items():
            path = prefix + (name,)
            if isinstance(child, Space):
                names[name] = self._input_names(child, path)
            elif child.kind == "records":
                names[name] = ItemsEntry(child, path)
            else:
                names[name] = InputEntry(child, path)
        return names

    def _at(self, names: dict, path: tuple) -> Any:
        node: Any = names
        for part in path:
            node = node.get(part) if isinstance(node, dict) else None
        return node

    def _place(self, names: dict, path: tuple, entry: Any, where: Location) -> None:
        node = names
        for part in path[:-1]:
            found = node.setdefault(part, {})
            if not isinstance(found, dict):
                self.problems.append(Problem(where, f"'{key_text(path)}' cannot hold names: "
                                             f"'{part}' is already a value"))
                return
            node = found
        if path[-1] in node:
            other = node[path[-1]]
            what = "an input" if isinstance(other, (InputEntry, ItemsEntry)) else \
                "a group of names" if isinstance(other, dict) else "a figure"
            self.problems.append(Problem(where, f"the name '{key_text(path)}' is already "
                                         f"{what}; each name is used once"))
            return
        node[path[-1]] = entry

    # --- the work: dependencies, order, compiling ---------------------------------------------

    def _work(self, figures: declare.Reader) -> None:
        graph, inputs, sources = {}, {}, {}
        plan = self.plan

        def add(unit, source: Source | None, scope: Scope, extra=()):
            if source is not None:
                plan.places[unit] = source.where
            deps = {d for d in extra if d[0] != "input"}
            used = {d[1] for d in extra if d[0] == "input"}
            if source is not None:
                try:
                    found, read = self.compiler.dependencies(source.formula.tree, scope)
                    deps |= found
                    used |= read
                except CompileError as exc:
                    self._refuse(source, exc)
                    deps.add(("refused",))
            graph[unit] = deps
            inputs[unit] = used
            sources[unit] = (source, scope)

        for entry in _entries(plan.names):
            if isinstance(entry, LeafEntry):
                add(("leaf", entry.path), entry.figure.source, Scope(plan.names))
            elif isinstance(entry, ItemsEntry):
                plan.items[entry.path] = entry
                for name, figure in entry.columns.items():
                    add(("col", entry.path, name), figure.source,
                        Scope(plan.names, items=entry), extra={("input", entry.path)})
            elif isinstance(entry, UseEntry):
                plan.uses[entry.path] = entry
                self._use(entry, add)
        for group in figures.groups.values():
            for figure in group.figures:
                add(("gcol", group.name, figure.path[0]), figure.source,
                    Scope(plan.names, group=group))
        self._rename(graph)
        graph[("refused",)] = set()
        placed, cycles, broken = order(graph, plan.where)
        self.problems += cycles
        self._compile(placed, sources, graph, inputs)

    def _use(self, entry: UseEntry, add) -> None:
        use, group, path = entry.use, entry.group, entry.path
        scope = Scope(self.plan.names)
        if use.mode in ("at", "over"):
            add(("at", path), use.value, scope)
            parts = [("at", path)]
        else:
            sweep = use.sweep
            parts = []
            for name, source in (("from", sweep.start), ("to", sweep.stop),
                                 ("points", sweep.points), *((f"include{i}", s)
                                                            for i, s in enumerate(sweep.include))):
                add((name, path), source, scope)
                parts.append((name, path))
            if sweep.places is not None:
                add(("places", path), sweep.places,
                    Scope(self.plan.names, bound={group.param: Num(group.unit)}))
                parts.append(("places", path))
        add(("rows", path), None, scope, extra=set(parts))
        self.plan.places[("rows", path)] = use.where
        for figure in group.figures:
            name = figure.path[0]
            add(("ucol", path, name), None, scope,
                extra={("gcol", group.name, name), ("rows", path), ("body", group.name, name)})
            self.plan.places[("ucol", path, name)] = figure.source.where

    def _rename(self, graph: dict) -> None:
        """Dependencies written relative to a group or an each, made into unit keys."""
        for unit, deps in list(graph.items()):
            made = set()
            for dep in deps:
                if dep[0] == "sib" and unit[0] == "gcol":
                    made.add(("gcol", unit[1], dep[1]))
                elif dep[0] == "body":
                    for inner in graph.get(("gcol", dep[1], dep[2]), ()):
                        if inner[0] == "sib":
                            made.add(("ucol", unit[1], inner[1]))
                        elif inner[0] == "gcol":
                            made.add(("ucol", unit[1], inner[2]))
                elif dep[0] in ("param", "input", "sib"):
                    continue
                else:
                    made.add(dep)
            graph[unit] = made

    def _refuse(self, source: Source, exc: Exception) -> None:
        text = source.text if len(source.text) <= 100 else source.text[:97] + "..."
        self.problems.append(Problem(source.where, f"in '{text}': {exc}"))

    def _compile(self, placed: list, sources: dict, graph: dict, inputs: dict) -> None:
        plan, types = self.plan, self.types
        evaluated = []
        for unit in placed:
            if unit == ("refused",):
                continue
            transitive = set(inputs.get(unit, ()))
            for dep in graph[unit]:
                transitive |= plan.input_deps.get(dep, set())
            plan.input_deps[unit] = frozenset(transitive)
            if unit[0] in PARTS or unit[0].startswith("include"):
                continue                                  # compiled with their rows
            if unit[0] == "rows":
                types[unit] = True if self._rows(unit) else None
            elif unit[0] == "ucol":
                types[unit] = types.get(("gcol", plan.uses[unit[1]].group.name, unit[2]))
            else:
                types[unit] = self._formula(unit, *sources[unit])
            if types[unit] is not None and unit[0] != "gcol":
                evaluated.append(unit)
        plan.order = tuple(evaluated)
        self._use_infos()

    def _formula(self, unit: tuple, source: Source, scope: Scope) -> Type | None:
        try:
            compiled = self.compiler.compile(source, scope, _key(unit))
        except Skip:
            return None
        except CompileError as exc:
            self._refuse(source, exc)
            return None
        self.plan.compiled[unit] = compiled
        return self._figure(unit, compiled)

    def _figure(self, unit: tuple, compiled: Compiled) -> Type | None:
        figure = self._declaration(unit)
        kind = compiled.type
        if figure.unit is not None and not (isinstance(kind, Num) or isinstance(kind, ListOf)
                                            and isinstance(kind.item, Num)):
            self._refuse(figure.source, f"it gives {kind.described()}, not a number in "
                                        f"{figure.unit}")
            return None
        inner = kind.item if isinstance(kind, ListOf) else kind
        if figure.unit is not None and inner.unit != figure.unit and not inner.zero:
            self._refuse(figure.source, f"the figure declares unit: {figure.unit}, but its "
                                        f"formula gives {inner.unit.described()}")
            return None
        if isinstance(inner, Num) and inner.zero:
            kind = Num(figure.unit or inner.unit) if kind is inner else ListOf(Num(figure.unit or inner.unit))
        shown = figure.show or shows.default(kind)
        problem = shows.problem(shown, kind, lambda text: self._unit(text)[0]
                                if self._unit(text)[1] is None else None)
        if problem:
            self._refuse(figure.source, problem)
            return None
        if figure.low or figure.high:
            self.plan.bounds[compiled.key] = (figure.low, figure.high)
        if unit[0] == "gcol":
            self.group_infos[unit[1:]] = (kind, shown, figure.source.where)
        else:
            self.infos.append((_info_path(unit), kind, shown, figure.source.where))
        return kind

    def _declaration(self, unit: tuple) -> declare.Figure:
        if unit[0] == "leaf":
            entry = self._at(self.plan.names, unit[1])
            return entry.figure
        if unit[0] == "col":
            return self.plan.items[unit[1]].columns[unit[2]]
        group = self.plan.groups[unit[1]]
        return next(f for f in group.figures if f.path[0] == unit[2])

    def _rows(self, unit: tuple) -> bool:
        plan = self.plan
        entry = plan.uses[unit[1]]
        use, group = entry.use, entry.group
        wanted = Num(group.unit)
        checks = [("at", use.value, ListOf(wanted) if use.mode == "over" else wanted)] \
            if use.mode in ("at", "over") else \
            [("from", use.sweep.start, wanted), ("to", use.sweep.stop, wanted),
             ("points", use.sweep.points, Num()),
             *((f"include{i}", s, None) for i, s in enumerate(use.sweep.include))] + \
            ([("places", use.sweep.places, Num())] if use.sweep.places else [])
        ok = True
        for part, source, kind in checks:
            scope = Scope(plan.names, bound={group.param: wanted}) if part == "places" \
                else Scope(plan.names)
            try:
                compiled = self.compiler.compile(source, scope, _key((part,) + unit[1:]))
            except Skip:
                return False
            except CompileError as exc:
                self._refuse(source, exc)
                ok = False
                continue
            got = compiled.type
            if kind is None:
                inner = got.item if isinstance(got, ListOf) else got
                fits = isinstance(inner, Num) and (inner.unit == group.unit or inner.zero)
                expected = f"{wanted.described()} or a list of them"
            else:
                fits = _fits(got, kind)
                expected = kind.described()
            if not fits:
                label = use.mode if part == "at" else part
                self._refuse(source, f"{label}: needs {expected} (the group {group.name}'s "
                                     f"{group.param}), but it gives {got.described()}")
                ok = False
                continue
            plan.compiled[(part,) + unit[1:]] = compiled
        if ok:
            self.shown_uses.append(entry)
        return ok

    def _use_infos(self) -> None:
        """Each use's figures under its own name: 'queue.rows[].wait'."""
        for entry in self.shown_uses:
            group = entry.group
            mark = "." if entry.use.mode == "at" else "[]."
            param = Num(group.unit)
            self.infos.append((key_text(entry.path) + mark + group.param, param,
                               entry.use.show or shows.default(param), entry.use.where))
            for figure in group.figures:
                found = self.group_infos.get((group.name, figure.path[0]))
                if found:
                    self.infos.append((key_text(entry.path) + mark + figure.path[0], *found))

    def _rules(self, rules: list) -> None:
        made = []
        for rule in rules:
            scope = Scope(self.plan.names, inputs_only=True)
            if rule.each is not None:
                entry = self._at(self.plan.names, rule.each)
                if not isinstance(entry, ItemsEntry):
                    self.problems.append(Problem(rule.source.where, f"each: names a list of "
                                                 f"records; '{key_text(rule.each)}' is not one"))
                    continue
                scope = Scope(self.plan.names, items=ItemsEntry(entry.input, entry.path),
                              inputs_only=True)
            try:
                compiled = self.compiler.compile(rule.source, scope, "rule")
            except (CompileError, Skip) as exc:
                self._refuse(rule.source, exc)
                continue
            if compiled.type != Flag():
                self._refuse(rule.source, f"a rule is a condition that must hold; this gives "
                                          f"{compiled.type.described()}")
                continue
            made.append((rule, compiled))
        self.plan.rules = tuple(made)


def _fits(got: Type, wanted: Type) -> bool:
    if isinstance(wanted, ListOf):
        return isinstance(got, ListOf) and _fits(got.item, wanted.item)
    return isinstance(got, Num) and isinstance(wanted, Num) and (got.unit == wanted.unit or got.zero)


def _key(unit: tuple) -> str:
    return ":".join(key_text(p) if isinstance(p, tuple) else str(p) for p in unit)


def _info_path(unit: tuple) -> str:
    if unit[0] == "leaf":
        return key_text(unit[1])
    return f"{key_text(unit[1])}[].{unit[2]}"


def _entries(names: dict):
    for value in names.values():
        if isinstance(value, dict):
            yield from _entries(value)
        else:
            yield value


def expression(model, text: str, names: dict, within: str | None,
               where: Location | None) -> Compiled:
    """An extra formula compiled against a model (Model.expression)."""
    plan = model.plan
    where = where or Location("expression")
    bound = {n: (Num(t) if isinstance(t, Unit) else t) for n, t in names.items()}
    types = _types(plan)
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


from notedeck.model.types import Flag, Record  # noqa: E402
