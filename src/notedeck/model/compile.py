"""Formulas typed and compiled: units checked, each node a closure (no eval, no exec)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from notedeck.model import runtime, syntax
from notedeck.model.figures import Source
from notedeck.model.functions import FUNCTIONS, Failed, Refused, flat
from notedeck.model.messages import suggest
from notedeck.model.plan import describe
from notedeck.model.names import (CompileError, InputEntry, ItemsEntry, LeafEntry, Scope, Skip,
                                  UseEntry, chain, resolve)
from notedeck.model.syntax import (Binary, Call, Compare, Conditional, Field, Flag, Item, Logic,
                                   Name, Node, Not, Number, Sign, Text)
from notedeck.model.types import (FLAG, TEXT, ListOf, Num, Record, Text as TextType, Type,
                                  joined, same)
from notedeck.model.limits import UNIT_POWER
from notedeck.model.units import PLAIN, Unit, base as base_unit, too_high


@dataclass(frozen=True)
class Compiled:
    """A formula ready to run: run(frame) -> value, its type, and the names it reads."""

    run: Callable[[Any], Any]
    type: Type
    source: Source
    key: str
    names: tuple[tuple[str, Callable[[Any], Any], Type], ...]
    cost: int


def _unit(written: syntax.UnitText, declared: frozenset[str]) -> tuple[Unit, Fraction]:
    try:
        return base_unit(written, declared)
    except ValueError as exc:
        raise CompileError(str(exc)) from None


class Compiler:
    """Checks and compiles formulas against one model's names and units."""

    def __init__(self, declared: frozenset[str], limits, types: dict):
        self.declared, self.limits = declared, limits
        self.types = types            # unit key -> Type (None: refused), filled in order

    # --- names -----------------------------------------------------------------------

    # --- types and closures --------------------------------------------------------------

    def compile(self, source: Source, scope: Scope, key: str) -> Compiled:
        self._names: list = []
        kind, run = self.build(source.formula.tree, scope, source)
        return Compiled(run, kind, source, key, tuple(self._names), source.formula.nodes)

    def build(self, node: Node, scope: Scope, source: Source) -> tuple[Type, Callable]:
        if isinstance(node, Number):
            return self._number(node)
        if isinstance(node, Text):
            value = node.value
            return TEXT, lambda f: value
        if isinstance(node, Flag):
            value = node.value
            return FLAG, lambda f: value
        if isinstance(node, (Name, Field, Item)):
            return self._chain(node, scope, source)
        if isinstance(node, Call):
            return self._call(node, scope, source)
        if isinstance(node, Sign):
            kind, run = self.build(node.operand, scope, source)
            self._numeric(kind, node.operand, source, "take the negative of")
            return kind, runtime.each(lambda v: -v, run)
        if isinstance(node, Binary):
            return self._binary(node, scope, source)
        if isinstance(node, Compare):
            return self._compare(node, scope, source)
        if isinstance(node, Logic):
            return self._logic(node, scope, source)
        if isinstance(node, Not):
            kind, run = self.build(node.operand, scope, source)
            self._flag(kind, node.operand, source, "not")
            return FLAG, lambda f: not run(f)
        if isinstance(node, Conditional):
            return self._conditional(node, scope, source)
        raise CompileError("cannot compile this formula")              # pragma: no cover

    def _number(self, node: Number) -> tuple[Type, Callable]:
        value, unit = node.value, PLAIN
        if node.unit is not None:
            unit, scale = _unit(node.unit, self.declared)
            value *= scale
        kind = Num(unit, zero=node.unit is None and value == 0)
        return kind, lambda f: value

    def _numeric(self, kind: Type, node: Node, source: Source, doing: str) -> Num:
        inner = kind.item if isinstance(kind, ListOf) else kind
        if not isinstance(inner, Num):
            raise CompileError(f"cannot {doing} '{syntax.source(source.formula, node)}', which "
                               f"is {kind.described()}")
        return inner

    def _flag(self, kind: Type, node: Node, source: Source, word: str) -> None:
        if kind != FLAG:
            raise CompileError(f"'{word}' needs a condition (a comparison or a flag); "
                               f"'{syntax.source(source.formula, node)}' is {kind.described()}")

    def _binary(self, node: Binary, scope: Scope, source: Source) -> tuple[Type, Callable]:
        left_type, left = self.build(node.left, scope, source)
        right_type, right = self.build(node.right, scope, source)
        words = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide", "^": "raise"}
        a = self._numeric(left_type, node.left, source, words[node.op])
        b = self._numeric(right_type, node.right, source, words[node.op])
        listed = isinstance(left_type, ListOf) or isinstance(right_type, ListOf)
        bits = self.limits.number_bits
        if node.op in "+-":
            if not same(a, b):
                verb = "add" if node.op == "+" else "subtract"
                raise CompileError(
                    f"cannot {verb} '{syntax.source(source.formula, node.right)}' "
                    f"({b.unit.described()}) {'to' if node.op == '+' else 'from'} "
                    f"'{syntax.source(source.formula, node.left)}' ({a.unit.described()})")
            result: Num = joined(a, b)
            result = Num(result.unit, a.zero and b.zero)
            work = runtime.add if node.op == "+" else runtime.subtract
        elif node.op in "*/":
            result = Num(a.unit * b.unit if node.op == "*" else a.unit / b.unit)
            work = runtime.multiply if node.op == "*" else runtime.divide
        else:
            result, work = self._power(node, a, b, source)
        problem = too_high(result.unit)
        if problem:
            raise CompileError(f"{problem} in '{syntax.source(source.formula, node)}'")
        operation = runtime.sized(work, bits)
        kind = ListOf(result) if listed else result
        if listed:
            return kind, runtime.broadcast(operation, left, right)
        return kind, lambda f: operation(left(f), right(f), f.run.budget)

    def _power(self, node: Binary, a: Num, b: Num, source: Source):
        if not b.unit.plain:
            raise CompileError(f"a power's exponent is a plain number; "
                               f"'{syntax.source(source.formula, node.right)}' is in {b.unit}")
        if a.unit.plain:
            return Num(), runtime.power
        exponent = _constant_integer(node.right)
        if exponent is None:
            raise CompileError(f"'{syntax.source(source.formula, node.left)}' is in {a.unit}, so "
                               "its exponent must be a whole number written in the formula")
        if abs(exponent) > UNIT_POWER:      # checked before a unit of that power is made
            raise CompileError(f"a unit's power is at most {UNIT_POWER} either way (limit "
                               f"unit_power); '{syntax.source(source.formula, node)}' raises "
                               f"{a.unit} to {exponent:,}")
        return Num(a.unit**exponent), runtime.power

    def _compare(self, node: Compare, scope: Scope, source: Source) -> tuple[Type, Callable]:
        left_type, left = self.build(node.left, scope, source)
        right_type, right = self.build(node.right, scope, source)
        texts = (syntax.source(source.formula, node.left),
                 syntax.source(source.formula, node.right))
        if isinstance(left_type, ListOf) or isinstance(right_type, ListOf):
            raise CompileError(f"cannot compare lists ('{texts[0]}' {node.op} '{texts[1]}')")
        if not same(left_type, right_type):
            raise CompileError(f"cannot compare '{texts[0]}' ({left_type.described()}) with "
                               f"'{texts[1]}' ({right_type.described()})")
        if not isinstance(left_type, Num) and node.op not in ("==", "!="):
            raise CompileError(f"'{node.op}' compares numbers; '{texts[0]}' is "
                               f"{left_type.described()} (use == or !=)")
        test = runtime.COMPARISONS[node.op]
        return FLAG, lambda f: test(left(f), right(f))

    def _logic(self, node: Logic, scope: Scope, source: Source) -> tuple[Type, Callable]:
        left_type, left = self.build(node.left, scope, source)
        right_type, right = self.build(node.right, scope, source)
        self._flag(left_type, node.left, source, node.op)
        self._flag(right_type, node.right, source, node.op)
        if node.op == "and":
            return FLAG, lambda f: left(f) and right(f)
        return FLAG, lambda f: left(f) or right(f)

    def _conditional(self, node: Conditional, scope: Scope, source: Source):
        test_type, test = self.build(node.test, scope, source)
        self._flag(test_type, node.test, source, "if")
        then_type, then = self.build(node.then, scope, source)
        else_type, otherwise = self.build(node.otherwise, scope, source)
        if not same(then_type, else_type):
            raise CompileError(
                f"the two branches differ: '{syntax.source(source.formula, node.then)}' is "
                f"{then_type.described()} and '{syntax.source(source.formula, node.otherwise)}' "
                f"is {else_type.described()}")
        kind = joined(then_type, else_type)
        return kind, lambda f: then(f) if test(f) else otherwise(f)

    def _call(self, node: Call, scope: Scope, source: Source) -> tuple[Type, Callable]:
        if node.function not in FUNCTIONS:
            raise CompileError(f"unknown function '{node.function}'"
                               + suggest(node.function, sorted(FUNCTIONS)))
        built = [self.build(a, scope, source) for a in node.args]
        check, work = FUNCTIONS[node.function]
        try:
            kind = check([t for t, _ in built])
        except Refused as exc:
            raise CompileError(f"{exc} (in '{syntax.source(source.formula, node)}')") from None
        runs = [r for _, r in built]
        bits, adding = self.limits.number_bits, node.function == "sum"

        def call(f):
            values = [r(f) for r in runs]
            runtime.charge(values, bits, f.run.budget)
            try:
                if adding:
                    return runtime.summed(flat(values, []), bits, f.run.budget)
                value = work(*values)
            except Failed as exc:
                raise runtime.EvalError(str(exc)) from None
            runtime.charge((value,), bits, f.run.budget)
            return value
        return kind, call

    # --- names as values ---------------------------------------------------------------

    def _chain(self, node: Node, scope: Scope, source: Source) -> tuple[Type, Callable]:
        base, rest = chain(node)
        if not isinstance(base, Name):
            kind, run = self.build(base, scope, source)
            return self._access(kind, run, rest, scope, source)
        kind_of, what, left = resolve(base, rest, scope)
        kind, run, left = self._entry(kind_of, what, left, scope, source)
        kind, run = self._access(kind, run, left, scope, source)
        text = syntax.source(source.formula, node)
        if not isinstance(kind, Record) and not any(text == n for n, _, _ in self._names):
            self._names.append((text, run, kind))
        return kind, run

    def _known(self, key) -> Type:
        kind = self.types.get(key, False)
        if kind is None:
            raise Skip()
        if kind is False:                                             # pragma: no cover
            raise CompileError(f"the figure {describe(key)} is used before it is known; read "
                               "a group's figure by its own name (a use's name, a dot, the "
                               "figure: 'now.x'), not the whole row")
        return kind

    def _entry(self, kind_of: str, what: Any, rest: list, scope: Scope, source: Source):
        """The value a resolved name stands for: (Type, run, accessors left)."""
        if kind_of == "bound":
            return scope.bound[what], (lambda f: f.bound[what]), rest
        if kind_of == "param":
            return Num(scope.group.unit), (lambda f: f.param), rest
        if kind_of == "sibling":
            kind = self._known(("gcol", scope.group.name, what))
            return kind, (lambda f: f.run.values[("ucol", f.use, what)][f.index]), rest
        if kind_of == "field":
            kind = scope.items.input.field(what).type
            return kind, (lambda f: f.item[what]), rest
        if kind_of == "column":
            key = ("col", scope.items.path, what)
            return self._known(key), (lambda f: f.run.values[key][f.index]), rest
        entry = what
        if isinstance(entry, InputEntry):
            path = entry.path
            return entry.input.type, (lambda f: runtime.dig(f.run.inputs, path)), rest
        if isinstance(entry, LeafEntry):
            key = ("leaf", entry.path)
            return self._known(key), (lambda f: f.run.values[key]), rest
        if isinstance(entry, ItemsEntry):
            return self._items(entry, rest, scope, source)
        return self._use(entry, rest, scope, source)

    def _record_type(self, entry: ItemsEntry) -> Record:
        fields = [(n, f.type) for n, f in entry.input.fields]
        fields += [(n, self._known(("col", entry.path, n))) for n in entry.columns]
        return Record(tuple(fields))

    def _items(self, entry: ItemsEntry, rest: list, scope: Scope, source: Source):
        path, key_field = entry.path, entry.input.key
        if rest and isinstance(rest[0], Field) and (rest[0].name in entry.columns):
            name = rest[0].name
            key = ("col", path, name)
            return ListOf(self._known(key)), (lambda f: f.run.values[key]), rest[1:]
        if rest and isinstance(rest[0], Field) and entry.input.field(rest[0].name):
            name = rest[0].name
            kind = entry.input.field(name).type
            def column(f):
                return tuple(r[name] for r in runtime.dig(f.run.inputs, path))
            return ListOf(kind), column, rest[1:]
        if len(rest) >= 2 and isinstance(rest[0], Item) and isinstance(rest[1], Field) \
                and rest[1].name in entry.columns:
            index_type, index = self.build(rest[0].index, scope, source)
            find = _finder(index_type, key_field, rest[0], source)
            key = ("col", path, rest[1].name)

            def one(f):
                return f.run.values[key][find(runtime.dig(f.run.inputs, path), index(f))]
            return self._known(key), one, rest[2:]
        record = self._record_type(entry)
        return ListOf(record, key_field), (lambda f: f.run.items(path)), rest

    def _use(self, entry: UseEntry, rest: list, scope: Scope, source: Source):
        group, path = entry.group, entry.path
        names = [g.path[0] for g in group.figures]
        single = entry.use.mode == "at"
        if rest and isinstance(rest[0], Field) and rest[0].name in (group.param, *names):
            name = rest[0].name                 # only the figure read need be known yet
            key = ("rows", path) if name == group.param else ("ucol", path, name)
            kind = Num(group.unit) if name == group.param else \
                self._known(("gcol", group.name, name))
            if single:
                return kind, (lambda f: f.run.values[key][0]), rest[1:]
            return ListOf(kind), (lambda f: f.run.values[key]), rest[1:]
        record = Record(((group.param, Num(group.unit)),
                         *((n, self._known(("gcol", group.name, n))) for n in names)))
        if single:
            return record, (lambda f: f.run.use_value(path)[0]), rest
        return ListOf(record), (lambda f: f.run.use_value(path)), rest

    def _access(self, kind: Type, run: Callable, rest: list, scope: Scope, source: Source):
        for accessor in rest:
            text = syntax.source(source.formula, accessor.base)
            if isinstance(accessor, Field):
                kind, run = _field(kind, run, accessor.name, text)
            else:
                index_type, index = self.build(accessor.index, scope, source)
                if not isinstance(kind, ListOf):
                    raise CompileError(f"'{text}' is {kind.described()}, not a list: it has no "
                                       "items to pick")
                find = _finder(index_type, kind.key, accessor, source)
                kind, run = kind.item, runtime.pick(run, index, find)
        return kind, run


def _field(kind: Type, run: Callable, name: str, text: str) -> tuple[Type, Callable]:
    if isinstance(kind, Record):
        inner = kind.field(name)
        if inner is None:
            raise CompileError(f"'{text}' has no field '{name}'" + suggest(name, kind.names))
        return inner, lambda f: run(f)[name]
    if isinstance(kind, ListOf) and isinstance(kind.item, Record):
        inner = kind.item.field(name)
        if inner is None:
            raise CompileError(f"the items of '{text}' have no field '{name}'"
                               + suggest(name, kind.item.names))
        return ListOf(inner), lambda f: tuple(r[name] for r in run(f))
    raise CompileError(f"'{text}' is {kind.described()}; it has no field '{name}'")


def _finder(index_type: Type, key_field: str | None, accessor: Item, source: Source):
    """How an index picks an item: a whole number (from 0; -1 the last) or an item's key."""
    text = syntax.source(source.formula, accessor.index)
    base = syntax.source(source.formula, accessor.base)
    if isinstance(index_type, Num) and index_type.unit.plain:
        def by_number(values, index):
            if index.denominator != 1 or not -len(values) <= index < len(values):
                raise runtime.EvalError(f"item {index} of '{base}' does not exist: it has "
                                        f"{len(values)} items (0 to {len(values) - 1})")
            return int(index) % len(values)
        return by_number
    if isinstance(index_type, TextType) and key_field:
        def by_key(values, key):
            for position, record in enumerate(values):
                if record[key_field] == key:
                    return position
            raise runtime.EvalError(f"no item '{key}' in '{base}'"
                                    + suggest(key, [r[key_field] for r in values]))
        return by_key
    wanted = "a whole number or an id" if key_field else "a whole number (items have no id)"
    raise CompileError(f"an item is picked by {wanted}; '{text}' is {index_type.described()}")


def _constant_integer(node: Node) -> int | None:
    if isinstance(node, Number) and node.unit is None and node.value.denominator == 1:
        return int(node.value)
    if isinstance(node, Sign) and isinstance(node.operand, Number):
        inner = _constant_integer(node.operand)
        return -inner if inner is not None else None
    return None


