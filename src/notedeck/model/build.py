"""Reading a model: its declarations and the tree of names its formulas read."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pydantic import create_model

from notedeck.errors import Location, NotedeckError, Problem, in_line_order
from notedeck.model import figures as declare, show as shows
from notedeck.model.compile import Compiler
from notedeck.model.document import Document
from notedeck.model.evaluate import Frame, Run
from notedeck.model.figures import Source
from notedeck.model.inputs import Input, Reader as InputReader, Space, walk
from notedeck.model.limits import Budget, LimitReached, Limits, Tally
from notedeck.model.messages import key_text, suggest
from notedeck.model.names import CompileError, InputEntry, ItemsEntry, LeafEntry, Scope, UseEntry
from notedeck.model.scenario import Wrong, scalar
from notedeck.model.schema import Settings, checked
from notedeck.model.syntax import FormulaError, parse
from notedeck.model.types import Num, Type
from notedeck.model.units import TIME_SCALES, Unit, read_unit
from notedeck.model.work import Work
TOP = ("about", "units", "inputs", "rules", "groups", "figures")
# What the model shows beside its figures (model/display/), read once the figures are.
DISPLAY = ("unit_words", "nouns", "tables", "stats", "items", "charts", "controls")
# model.yaml's own keys, as pydantic settings (model/schema.py)
MODEL_KEYS = create_model("ModelIn", __base__=Settings, **{key: (Any, None)
                                                           for key in (*TOP, *DISPLAY)})
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
    needs: dict = field(default_factory=dict)          # unit key -> the units it reads
    position: dict = field(default_factory=dict)       # unit key -> its place in `order`
    places: dict = field(default_factory=dict)         # unit key -> Location
    rules: tuple = ()
    limits: Limits | None = None
    tally: Tally | None = None                         # formula text read, display's included
    types: dict | None = None                          # unit key -> Type, for extra formulas

    def where(self, unit: tuple) -> Location:
        return self.places.get(unit, Location("model"))


@dataclass(frozen=True)
class Figure:
    """What the next stages need of one figure: its name, type, unit, show form and place."""

    path: str                             # 'level.featured.delay', 'crews[].delay'
    type: Type
    show: shows.Show
    where: Location

    @property
    def unit(self) -> Unit | None:
        return self.type.unit if isinstance(self.type, Num) else None


def read(document: Document, limits: Limits) -> tuple:
    """(declared units, inputs, plan, figures) of a document, or a NotedeckError with every
    problem found."""
    reading = _Reading(document, limits)
    try:
        reading.all()
    except _TooMany:
        raise NotedeckError(Problem(document.where(()), f"the model declares more than "
                                    f"{limits.figures:,} inputs, figures and rules (limit "
                                    "figures)")) from None
    except LimitReached as exc:
        raise NotedeckError(Problem(exc.where or document.where(()), str(exc))) from None
    if reading.problems:
        raise NotedeckError(in_line_order(reading.problems))
    figures = tuple(Figure(path, kind, show, where) for path, kind, show, where in reading.infos)
    return reading.declared, reading.inputs, reading.plan, figures


class _Reading:
    def __init__(self, document: Document, limits: Limits):
        self.document, self.limits = document, limits
        self.problems: list[Problem] = []
        self.declared: frozenset[str] = frozenset()
        self.counted = 0
        self.tally = Tally(limits.formula_total)
        self.types: dict = {}
        self.compiler = Compiler(frozenset(), limits, self.types)
        self.infos: list = []

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
        checked(self, MODEL_KEYS, data, (), None)
        self.declared = self._units(data.get("units"))
        self.compiler = Compiler(self.declared, self.limits, self.types)
        inputs = InputReader(self.document, self.declared, self.constant, self.count)
        self.inputs = inputs.space(data.get("inputs") or {}, ("inputs",))
        self.problems += inputs.problems
        self._defaults()
        self._shows()
        figures = declare.Reader(self.document, self.limits, self._unit, self.constant, self.count,
                                 self.tally)
        figures.groups_part(data.get("groups"))
        if "figures" in data:
            figures.tree(data["figures"], ("figures",), ())
        rules = figures.rules(data.get("rules"))
        self.problems += figures.problems
        self.plan = Plan(self._names(figures), limits=self.limits, tally=self.tally)
        self.plan.groups = figures.groups
        work = Work(self)
        work.run(figures)
        work.rules(rules)

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
                                               "needs no declaring (s, min, h, d, w, mo, y)")
            elif name in names:
                self.problem(("units", index), f"the unit '{name}' is declared twice")
            names.add(name)
        return frozenset(n for n in names if isinstance(n, str))

    def _unit(self, value: Any) -> tuple[Unit, str | None]:
        return read_unit(value, self.declared)

    def constant(self, text: str) -> tuple[Fraction, Unit, str | None]:
        """A formula without names (a bound such as '3650 d'): (value, unit, problem)."""
        self.tally.charge(text)
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

    def _shows(self) -> None:
        """An input's show form fits its type, as a figure's must."""
        for _, declared in walk(self.inputs):
            for one in [declared, *(f for _, f in declared.fields)]:
                if one.show is None:
                    continue
                problem = shows.problem(one.show, one.type, lambda text: self._unit(text)[0]
                                        if self._unit(text)[1] is None else None)
                if problem:
                    self.problems.append(Problem(one.where, problem))

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

