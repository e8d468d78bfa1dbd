"""Formulas checked and compiled: names resolved, units checked, closures built (no eval)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

from notedeck.model import functions, syntax
from notedeck.model.figures import Each, Figure, Group, Source, Use
from notedeck.model.functions import FUNCTIONS, LIST_FUNCTIONS, Failed, Refused, flat
from notedeck.model.inputs import Input
from notedeck.model.messages import suggest
from notedeck.model.syntax import (Binary, Call, Compare, Conditional, Field, Flag, FormulaError,
                                   Item, Logic, Name, Node, Not, Number, Sign, Text)
from notedeck.model.types import (FLAG, TEXT, ListOf, Num, Record, Text as TextType, Type,
                                  joined, same)
from notedeck.model.units import PLAIN, Unit, known, named


class CompileError(Exception):
    """A formula the model cannot use; the message names the part of it that is wrong."""


class Skip(Exception):
    """A formula that uses a figure already refused: no second message."""


class EvalError(Exception):
    """A formula that went wrong on the values of this scenario."""


@dataclass(eq=False)
class InputEntry:
    input: Input
    path: tuple


@dataclass(eq=False)
class LeafEntry:
    figure: Figure
    path: tuple


@dataclass(eq=False)
class ItemsEntry:
    input: Input
    path: tuple
    columns: dict[str, Figure] = field(default_factory=dict)
    each: Each | None = None


@dataclass(eq=False)
class UseEntry:
    use: Use
    group: Group
    path: tuple


@dataclass
class Scope:
    """Where a formula's names are looked up: bound names, then an item or a group's own
    figures, then the tree of inputs and figures."""

    names: dict                                   # the tree: name -> dict or entry
    bound: dict[str, Type] = field(default_factory=dict)
    items: ItemsEntry | None = None               # an each's list: its item's fields bare
    group: Group | None = None                    # a group's body: its parameter and figures
    inputs_only: bool = False                     # rules see inputs only


@dataclass(frozen=True)
class Compiled:
    """A formula ready to run: run(frame) -> value, its type, and the names it reads."""

    run: Callable[[Any], Any]
    type: Type
    source: Source
    key: str
    names: tuple[tuple[str, Callable[[Any], Any], Type], ...]
    cost: int


def read_unit(value: Any, declared: frozenset[str]) -> tuple[Unit, str | None]:
    """A unit setting ('item/h', 's', 1) -> (Unit, None) or (PLAIN, what is wrong)."""
    unit, _, problem = scaled_unit(value, declared)
    return unit, problem


def scaled_unit(value: Any, declared: frozenset[str]) -> tuple[Unit, Fraction, str | None]:
    """A unit setting -> (its base unit, the factor to it, None): item/h is (item/s, 1/3600)."""
    if value == 1 and not isinstance(value, bool):
        return PLAIN, Fraction(1), None
    if not isinstance(value, str):
        return PLAIN, Fraction(1), f"expected a unit such as item/h, got {value!r}"
    try:
        written = syntax.parse_unit(value)
    except FormulaError as exc:
        return PLAIN, Fraction(1), f"cannot read the unit '{value}': {exc}"
    try:
        return (*_unit(written, declared), None)
    except CompileError as exc:
        return PLAIN, Fraction(1), str(exc)


def _unit(written: syntax.UnitText, declared: frozenset[str]) -> tuple[Unit, Fraction]:
    unit, scale = PLAIN, Fraction(1)
    for name, power in written.factors:
        found = named(name, declared)
        if found is None:
            raise CompileError(f"unknown unit '{name}'" + suggest(name, known(declared).split(", ")))
        unit = unit * found.unit**power
        scale *= found.scale**power
    return unit, scale


class Compiler:
    """Checks and compiles formulas against one model's names and units."""

    def __init__(self, declared: frozenset[str], limits, types: dict):
        self.declared, self.limits = declared, limits
        self.types = types            # unit key -> Type (None: refused), filled in order

    # --- names -----------------------------------------------------------------------

    def resolve(self, node: Name, rest: list, scope: Scope) -> tuple[str, Any, list]:
        """(kind, what, accessors left) for a name and the fields and items after it."""
        name = node.name
        starts_field = bool(rest) and isinstance(rest[0], Field)
        if name in scope.bound:
            return "bound", name, rest
        if scope.group and name == scope.group.param:
            return "param", name, rest
        if scope.group and not starts_field:
            found = next((f for f in scope.group.figures if f.path == (name,)), None)
            if found:
                return "sibling", name, rest
        if scope.items and not starts_field:
            if scope.items.input.field(name) is not None:
                return "field", name, rest
            if name in scope.items.columns:
                return "column", name, rest
        if name not in scope.names:
            raise CompileError(f"unknown name '{name}'" + suggest(name, self._choices(scope)))
        node_here, used = scope.names[name], 0
        path = (name,)
        while isinstance(node_here, dict):
            if used < len(rest) and isinstance(rest[used], Field) and rest[used].name in node_here:
                path += (rest[used].name,)
                node_here = node_here[rest[used].name]
                used += 1
                continue
            text = ".".join(path)
            if used < len(rest) and isinstance(rest[used], Field):
                wrong = rest[used].name
                raise CompileError(f"unknown name '{text}.{wrong}'"
                                   + suggest(wrong, sorted(node_here)))
            raise CompileError(f"'{text}' holds names, not a value; names in it: "
                               + ", ".join(sorted(node_here)))
        if scope.inputs_only and not isinstance(node_here, (InputEntry, ItemsEntry)):
            raise CompileError(f"a rule may use inputs only; '{'.'.join(path)}' is a figure")
        return "global", node_here, rest[used:]

    def _choices(self, scope: Scope) -> list[str]:
        choices = [*scope.bound, *scope.names]
        if scope.group:
            choices += [scope.group.param, *(f.path[0] for f in scope.group.figures)]
        if scope.items:
            choices += [n for n, _ in scope.items.input.fields] + list(scope.items.columns)
        return sorted(set(choices))

    def dependencies(self, node: Node, scope: Scope) -> tuple[set, set]:
        """(unit keys, input paths) a formula reads, found without types."""
        units, inputs = set(), set()
        stack = [node]
        while stack:
            current = stack.pop()
            if isinstance(current, (Name, Field, Item)):
                base, rest = chain(current)
                stack.extend(a.index for a in rest if isinstance(a, Item))
                if isinstance(base, Name):
                    kind, what, left = self.resolve(base, rest, scope)
                    _record(kind, what, left, scope, units, inputs)
                else:
                    stack.append(base)
            else:
                stack.extend(_children(current))
        return units, inputs

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
            return kind, _each(lambda v: -v, run)
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
            work = _add if node.op == "+" else _subtract
        elif node.op in "*/":
            result = Num(a.unit * b.unit if node.op == "*" else a.unit / b.unit)
            work = _multiply if node.op == "*" else _divide
        else:
            result, work = self._power(node, a, b, source)
        operation = _sized(work, bits)
        kind = ListOf(result) if listed else result
        if listed:
            return kind, _broadcast(operation, left, right)
        return kind, lambda f: operation(left(f), right(f))

    def _power(self, node: Binary, a: Num, b: Num, source: Source):
        if not b.unit.plain:
            raise CompileError(f"a power's exponent is a plain number; "
                               f"'{syntax.source(source.formula, node.right)}' is in {b.unit}")
        if a.unit.plain:
            return Num(), _power
        exponent = _constant_integer(node.right)
        if exponent is None:
            raise CompileError(f"'{syntax.source(source.formula, node.left)}' is in {a.unit}, so "
                               "its exponent must be a whole number written in the formula")
        return Num(a.unit**exponent), _power

    def _compare(self, node: Compare, scope: Scope, source: Source) -> tuple[Type, Callable]:
        left_type, left = self.build(node.left, scope, source)
        right_type, right = self.build(node.right, scope, source)
        texts = (syntax.source(source.formula, node.left), syntax.source(source.formula, node.right))
        if isinstance(left_type, ListOf) or isinstance(right_type, ListOf):
            raise CompileError(f"cannot compare lists ('{texts[0]}' {node.op} '{texts[1]}')")
        if not same(left_type, right_type):
            raise CompileError(f"cannot compare '{texts[0]}' ({left_type.described()}) with "
                               f"'{texts[1]}' ({right_type.described()})")
        if not isinstance(left_type, Num) and node.op not in ("==", "!="):
            raise CompileError(f"'{node.op}' compares numbers; '{texts[0]}' is "
                               f"{left_type.described()} (use == or !=)")
        test = _COMPARISONS[node.op]
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
        per_item = node.function in LIST_FUNCTIONS

        def call(f):
            values = [r(f) for r in runs]
            if per_item:
                f.run.budget.spend(sum(len(v) if isinstance(v, tuple) else 1 for v in values))
            try:
                return work(*values)
            except Failed as exc:
                raise EvalError(str(exc)) from None
        return kind, call

    # --- names as values ---------------------------------------------------------------

    def _chain(self, node: Node, scope: Scope, source: Source) -> tuple[Type, Callable]:
        base, rest = chain(node)
        if not isinstance(base, Name):
            kind, run = self.build(base, scope, source)
            return self._access(kind, run, rest, scope, source)
        kind_of, what, left = self.resolve(base, rest, scope)
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
            raise CompileError("a figure used before it is known")
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
            return entry.input.type, (lambda f: _dig(f.run.inputs, path)), rest
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
            return ListOf(kind), (lambda f: tuple(r[name] for r in _dig(f.run.inputs, path))), rest[1:]
        if len(rest) >= 2 and isinstance(rest[0], Item) and isinstance(rest[1], Field) \
                and rest[1].name in entry.columns:
            index_type, index = self.build(rest[0].index, scope, source)
            find = _finder(index_type, key_field, rest[0], source)
            key = ("col", path, rest[1].name)

            def one(f):
                return f.run.values[key][find(_dig(f.run.inputs, path), index(f))]
            return self._known(key), one, rest[2:]
        record = self._record_type(entry)
        return ListOf(record, key_field), (lambda f: f.run.items(path)), rest

    def _use(self, entry: UseEntry, rest: list, scope: Scope, source: Source):
        group, path = entry.group, entry.path
        fields = [(group.param, Num(group.unit))]
        fields += [(g.path[0], self._known(("gcol", group.name, g.path[0])))
                   for g in group.figures]
        record = Record(tuple(fields))
        single = entry.use.mode == "at"
        if rest and isinstance(rest[0], Field) and record.field(rest[0].name) is not None:
            name = rest[0].name
            key = ("rows", path) if name == group.param else ("ucol", path, name)
            kind = record.field(name)
            if single:
                return kind, (lambda f: f.run.values[key][0]), rest[1:]
            return ListOf(kind), (lambda f: f.run.values[key]), rest[1:]
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
                kind, run = kind.item, _picker(run, index, find)
        return kind, run


def chain(node: Node) -> tuple[Node, list]:
    """`a.b[c].d` -> (Name a, [.b, [c], .d])."""
    rest = []
    while isinstance(node, (Field, Item)):
        rest.append(node)
        node = node.base
    rest.reverse()
    return node, rest


def _children(node: Node) -> list[Node]:
    if isinstance(node, Call):
        return list(node.args)
    if isinstance(node, Sign) or isinstance(node, Not):
        return [node.operand]
    if isinstance(node, (Binary, Compare, Logic)):
        return [node.left, node.right]
    if isinstance(node, Conditional):
        return [node.then, node.test, node.otherwise]
    return []


def _record(kind: str, what: Any, rest: list, scope: Scope, units: set, inputs: set) -> None:
    if kind == "param":
        units.add(("param",))
    elif kind == "sibling":
        units.add(("sib", what))
    elif kind == "field":
        inputs.add(scope.items.path)
    elif kind == "column":
        units.add(("col", scope.items.path, what))
    elif kind == "global" and isinstance(what, InputEntry):
        inputs.add(what.path)
    elif kind == "global" and isinstance(what, LeafEntry):
        units.add(("leaf", what.path))
    elif kind == "global" and isinstance(what, ItemsEntry):
        inputs.add(what.path)
        name = _column_named(rest)
        if name in what.columns:
            units.add(("col", what.path, name))
        elif name is None or what.input.field(name) is None:
            units.update(("col", what.path, n) for n in what.columns)
    elif kind == "global":
        units.add(("rows", what.path))
        name = _column_named(rest)
        names = [f.path[0] for f in what.group.figures]
        if name in names:
            units.add(("ucol", what.path, name))
        elif name != what.group.param:
            units.update(("ucol", what.path, n) for n in names)


def _column_named(rest: list) -> str | None:
    if rest and isinstance(rest[0], Field):
        return rest[0].name
    if len(rest) >= 2 and isinstance(rest[0], Item) and isinstance(rest[1], Field):
        return rest[1].name
    return None


def _dig(data: dict, path: tuple) -> Any:
    for part in path:
        data = data[part]
    return data


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
    if isinstance(index_type, Num) and index_type.unit.plain:
        def by_number(values, index):
            if index.denominator != 1 or not -len(values) <= index < len(values):
                raise EvalError(f"item {index} of '{syntax.source(source.formula, accessor.base)}'"
                                f" does not exist: it has {len(values)} items (0 to "
                                f"{len(values) - 1})")
            return int(index) % len(values)
        return by_number
    if isinstance(index_type, TextType) and key_field:
        def by_key(values, key):
            for position, record in enumerate(values):
                if record[key_field] == key:
                    return position
            raise EvalError(f"no item '{key}' in '{syntax.source(source.formula, accessor.base)}'"
                            + suggest(key, [r[key_field] for r in values]))
        return by_key
    wanted = "a whole number or an id" if key_field else "a whole number (items have no id)"
    raise CompileError(f"an item is picked by {wanted}; '{text}' is {index_type.described()}")


def _picker(run: Callable, index: Callable, find: Callable) -> Callable:
    def pick(f):
        values = run(f)
        return values[find(values, index(f))]
    return pick


def _each(work: Callable, run: Callable) -> Callable:
    def each(f):
        value = run(f)
        if isinstance(value, tuple):
            return tuple(work(v) for v in value)
        return work(value)
    return each


def _broadcast(operation: Callable, left: Callable, right: Callable) -> Callable:
    def both(f):
        a, b = left(f), right(f)
        if isinstance(a, tuple) and isinstance(b, tuple):
            if len(a) != len(b):
                raise EvalError(f"lists of {len(a)} and {len(b)} items cannot be combined "
                                "item by item")
            return tuple(operation(x, y) for x, y in zip(a, b))
        if isinstance(a, tuple):
            return tuple(operation(x, b) for x in a)
        return tuple(operation(a, y) for y in b)
    return both


def _add(a, b):
    return a + b


def _subtract(a, b):
    return a - b


def _multiply(a, b):
    return a * b


def _divide(a, b):
    if not b:
        raise EvalError("division by zero")
    return a / b


def _power(a, b):
    if b.denominator != 1:
        raise EvalError(f"a power needs a whole exponent, got {b}")
    if not a and b < 0:
        raise EvalError("division by zero (0 to a negative power)")
    return a ** int(b)


def _sized(work: Callable, bits: int) -> Callable:
    """The operation, refused when an exact number grows past the size limit."""
    def sized(a, b):
        if work is _power and a and abs(b) > 1:
            size = max(a.numerator.bit_length(), a.denominator.bit_length(), 1)
            if b.denominator == 1 and size * abs(b) > bits + 64:
                raise _too_big(bits)
        value = work(a, b)
        if value.numerator.bit_length() > bits or value.denominator.bit_length() > bits:
            raise _too_big(bits)
        return value
    return sized


def _too_big(bits: int) -> EvalError:
    return EvalError(f"an exact number grew past {bits:,} bits (limit number_bits); the model "
                     "multiplies or raises numbers too far")


def _constant_integer(node: Node) -> int | None:
    if isinstance(node, Number) and node.unit is None and node.value.denominator == 1:
        return int(node.value)
    if isinstance(node, Sign) and isinstance(node.operand, Number):
        inner = _constant_integer(node.operand)
        return -inner if inner is not None else None
    return None


_COMPARISONS = {
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b,
}

__all__ = ["Compiler", "Scope", "Compiled", "CompileError", "EvalError", "Skip", "read_unit",
           "chain", "functions", "flat"]
