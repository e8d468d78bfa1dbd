"""The work a model declares: what each figure reads, the order, and each formula compiled."""

from __future__ import annotations

from notedeck.errors import Problem
from notedeck.model import figures as declare, show as shows
from notedeck.model.compile import Compiled
from notedeck.model.figures import Source
from notedeck.model.messages import key_text
from notedeck.model.names import (CompileError, ItemsEntry, LeafEntry, Scope, Skip, UseEntry,
                                  dependencies)
from notedeck.model.plan import order
from notedeck.model.types import FLAG, ListOf, Num, Type

PARTS = ("at", "from", "to", "points", "places")     # a use's formulas, compiled with its rows


class Work:
    """Orders and compiles a model's formulas; problems go to the reading's list."""

    def __init__(self, reading):
        self.reading = reading
        self.plan, self.compiler, self.types = reading.plan, reading.compiler, reading.types
        self.problems, self.infos = reading.problems, reading.infos
        self.group_infos: dict = {}
        self.shown_uses: list = []

    def _unit(self, value):
        return self.reading._unit(value)

    def _at(self, names: dict, path: tuple):
        return self.reading._at(names, path)

    def _refuse(self, source: Source, exc) -> None:
        text = source.text if len(source.text) <= 100 else source.text[:97] + "..."
        self.problems.append(Problem(source.where, f"in '{text}': {exc}"))

    def run(self, figures: declare.Reader) -> None:
        """Every unit of work with what it reads, put in order, then compiled in that order."""
        self.graph, self.reads, self.sources = {}, {}, {}
        plan = self.plan
        for entry in entries(plan.names):
            if isinstance(entry, LeafEntry):
                self._add(("leaf", entry.path), entry.figure.source, Scope(plan.names))
            elif isinstance(entry, ItemsEntry):
                plan.items[entry.path] = entry
                for name, figure in entry.columns.items():
                    self._add(("col", entry.path, name), figure.source,
                              Scope(plan.names, items=entry), {("input", entry.path)})
            elif isinstance(entry, UseEntry):
                plan.uses[entry.path] = entry
                self._use(entry, self._add)
        for group in figures.groups.values():
            for figure in group.figures:
                self._add(("gcol", group.name, figure.path[0]), figure.source,
                          Scope(plan.names, group=group))
        self._rename(self.graph)
        self.graph[("refused",)] = set()
        placed, cycles, _ = order(self.graph, plan.where)
        first = {str(c.where): c for c in reversed(cycles)}   # a group's cycle once, not
        self.problems += [c for c in cycles if first[str(c.where)] is c]   # again per use
        self._compile(placed, self.sources, self.graph, self.reads)

    def _add(self, unit: tuple, source: Source | None, scope: Scope, extra=()) -> None:
        """One unit of work: its formula's place, the units and inputs it reads."""
        if source is not None:
            self.plan.places[unit] = source.where
        deps = {d for d in extra if d[0] != "input"}
        used = {d[1] for d in extra if d[0] == "input"}
        if source is not None:
            try:
                found, read = dependencies(source.formula.tree, scope)
                deps |= found
                used |= read
            except CompileError as exc:
                self._refuse(source, exc)
                deps.add(("refused",))
        self.graph[unit], self.reads[unit], self.sources[unit] = deps, used, (source, scope)

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
        plan.needs = _needs(placed, graph, set(evaluated))
        plan.position = {unit: index for index, unit in enumerate(evaluated)}
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
            number = Num(figure.unit or inner.unit)
            kind = number if kind is inner else ListOf(number)
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
        """Each use's figures under its own name: 'level.rows[].delay'."""
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

    def rules(self, rules: list) -> None:
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
            if compiled.type != FLAG:
                self._refuse(rule.source, f"a rule is a condition that must hold; this gives "
                                          f"{compiled.type.described()}")
                continue
            made.append((rule, compiled))
        self.plan.rules = tuple(made)


def _fits(got: Type, wanted: Type) -> bool:
    if isinstance(wanted, ListOf):
        return isinstance(got, ListOf) and _fits(got.item, wanted.item)
    return isinstance(got, Num) and isinstance(wanted, Num) and \
        (got.unit == wanted.unit or got.zero)


def _key(unit: tuple) -> str:
    return ":".join(key_text(p) if isinstance(p, tuple) else str(p) for p in unit)


def _info_path(unit: tuple) -> str:
    if unit[0] == "leaf":
        return key_text(unit[1])
    return f"{key_text(unit[1])}[].{unit[2]}"




def entries(names: dict):
    """Every entry of a tree of names."""
    for value in names.values():
        if isinstance(value, dict):
            yield from entries(value)
        else:
            yield value


def _needs(placed: list, graph: dict, evaluated: set) -> dict:
    """Each evaluated unit's evaluated units it reads, through the parts computed with it (a
    sweep's from, to and points are computed with its rows)."""
    through: dict = {}
    for unit in placed:
        found = set()
        for dep in graph.get(unit, ()):
            found |= {dep} if dep in evaluated else through.get(dep, set())
        through[unit] = found
    return {unit: frozenset(through[unit]) for unit in evaluated}
