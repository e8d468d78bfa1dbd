"""Formulas as text -> a tree of nodes, parsed by lark (LALR) within the formula limits."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from functools import cache, lru_cache

from notedeck.model.limits import UNIT_POWER, Limits

GRAMMAR = r"""
?formula: cond
?cond: or_test | or_test "if" or_test "else" cond -> conditional
?or_test: and_test | or_test "or" and_test -> either
?and_test: not_test | and_test "and" not_test -> both
?not_test: comparison | "not" not_test -> negation
?comparison: sum | sum COMPARE sum -> compare
?sum: product | sum SIGN product -> binary
?product: unary | product PRODUCT_OP unary -> binary
?unary: power | SIGN unary -> sign
?power: operand | operand "^" unary -> power
?operand: literal | postfix
literal: NUMBER | NUMBER NAME | NUMBER "[" unit "]"
?postfix: atom | postfix "." NAME -> field | postfix "[" cond "]" -> item
?atom: NAME -> name
     | NAME "(" [cond ("," cond)*] ")" -> call
     | "(" cond ")"
     | STRING -> text
     | "true" -> true
     | "false" -> false
?unit: unit_factor | unit "*" unit_factor -> unit_times | unit "/" unit_factor -> unit_per
?unit_factor: NAME -> unit_name | NUMBER -> unit_one
            | unit_factor "^" SIGN? NUMBER -> unit_power | "(" unit ")"
SIGN: "+" | "-"
PRODUCT_OP: "*" | "/"
COMPARE: "<=" | ">=" | "==" | "!=" | "<" | ">"
NAME: /[A-Za-z_][A-Za-z0-9_]*/
NUMBER: /\d[\d_]*(\.\d+)?([eE][+-]?\d+)?/
STRING: /"[^"\n]*"|'[^'\n]*'/
%ignore /[ \t\r\n]+/
"""
MAX_EXPONENT = 30          # decimal digits either side of the point in a written number
KEYWORDS = frozenset({"if", "else", "and", "or", "not", "true", "false"})


class FormulaError(Exception):
    """A formula that cannot be read; `column` is 1-based within the formula, if known."""

    def __init__(self, message: str, column: int | None = None):
        super().__init__(message)
        self.column = column


@dataclass(frozen=True)
class Node:
    span: tuple[int, int]                  # offsets in the formula's text, for messages


@dataclass(frozen=True)
class Number(Node):
    value: Fraction
    unit: UnitText | None = None           # a quantity literal's unit as written


@dataclass(frozen=True)
class Text(Node):
    value: str


@dataclass(frozen=True)
class Flag(Node):
    value: bool


@dataclass(frozen=True)
class Name(Node):
    name: str


@dataclass(frozen=True)
class Field(Node):
    base: Node
    name: str


@dataclass(frozen=True)
class Item(Node):
    base: Node
    index: Node


@dataclass(frozen=True)
class Call(Node):
    function: str
    args: tuple[Node, ...]


@dataclass(frozen=True)
class Sign(Node):
    operand: Node


@dataclass(frozen=True)
class Binary(Node):
    op: str                                # + - * / ^
    left: Node
    right: Node


@dataclass(frozen=True)
class Compare(Node):
    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class Logic(Node):
    op: str                                # and, or
    left: Node
    right: Node


@dataclass(frozen=True)
class Not(Node):
    operand: Node


@dataclass(frozen=True)
class Conditional(Node):
    then: Node
    test: Node
    otherwise: Node


@dataclass(frozen=True)
class UnitText:
    """A unit as written: names with whole powers, multiplied and divided."""

    factors: tuple[tuple[str, int], ...]   # ("item", 1), ("s", -1); 1 is no factor


@dataclass(frozen=True)
class Formula:
    text: str
    tree: Node
    nodes: int


@cache
def _parser():
    """The LALR parser, made once per process: loaded from the tables tools/model_tables.py
    wrote for this grammar and this lark (docs/architecture.md, "lark's saved tables"), or
    built from the grammar when they do not match."""
    import lark

    from notedeck.model import tables

    if tables.GRAMMAR == GRAMMAR and _series(tables.LARK) == _series(lark.__version__):
        try:
            return lark.Lark.load(_unpacked(tables.TABLES))
        except Exception:       # noqa: BLE001 - tables this Python cannot read: build instead
            pass
    return build_parser()


def _unpacked(text: str) -> dict:
    """The tables' text -> lark's serialized parser (plain dicts, lists, text, numbers)."""
    import base64
    import marshal
    import zlib

    return marshal.loads(zlib.decompress(base64.b64decode(text)))


def _series(version: str) -> list[str]:
    """A lark version's major and minor number: tables made by 1.3.1 serve 1.3.2."""
    return version.split(".")[:2]


def build_parser():
    """The LALR parser built from the grammar."""
    from lark import Lark

    return Lark(GRAMMAR, parser="lalr", start=["formula", "unit"], propagate_positions=True,
                maybe_placeholders=False)


@lru_cache(maxsize=1024)   # a model names the same figure in many formulas: parsed once each
def parse(text: str, limits: Limits) -> Formula:
    """A formula's tree; FormulaError says what is wrong and where."""
    if len(text) > limits.formula_length:
        raise FormulaError(f"the formula is {len(text):,} characters long; a formula holds at "
                           f"most {limits.formula_length:,} (limit formula_length): split it "
                           "into figures")
    if not text.strip():
        raise FormulaError("the formula is empty")
    tree = _lark_parse(text, "formula")
    nodes = _measure(tree, limits)
    return Formula(text, _Build(text).node(tree), nodes)


@lru_cache(maxsize=256)
def parse_unit(text: str) -> UnitText:
    """A unit as written in a model ('item/s', 'kg', 's^-1'); FormulaError if not one."""
    if len(text) > 200:
        raise FormulaError("a unit is at most 200 characters long")
    return _unit_factors(_Build(text).unit(_lark_parse(text, "unit"), 1))


def _lark_parse(text: str, start: str):
    from lark.exceptions import UnexpectedCharacters, UnexpectedInput

    try:
        return _parser().parse(text, start=start)
    except UnexpectedCharacters as exc:
        raise FormulaError(f"unexpected character {text[exc.pos_in_stream]!r} at column "
                           f"{exc.column}", exc.column) from None
    except UnexpectedInput as exc:
        position = getattr(exc, "pos_in_stream", None)
        if "$END" in str(exc) or position is None or not 0 <= position < len(text.rstrip()):
            raise FormulaError("the formula ends too early (an operator or bracket without "
                               "what follows it)") from None
        found = re.match(r"\w+|\S", text[position:]).group(0)
        raise FormulaError(f"unexpected {found!r} at column {exc.column}", exc.column) from None


def _measure(tree, limits: Limits) -> int:
    """Node count and depth, walked without recursion, before anything recurses into it."""
    count, stack = 0, [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        count += 1
        if depth > limits.formula_depth:
            raise FormulaError(f"the formula nests more than {limits.formula_depth} operations "
                               "inside one another (limit formula_depth): split it into figures")
        if count > limits.formula_nodes:
            raise FormulaError(f"the formula has more than {limits.formula_nodes} numbers, names "
                               "and operations (limit formula_nodes): split it into figures")
        stack.extend((child, depth + 1) for child in getattr(node, "children", ()))
    return count


class _Build:
    """lark's tree -> our frozen nodes (depth already bounded, so recursion is safe)."""

    def __init__(self, text: str):
        self.text = text

    def node(self, tree) -> Node:
        kind = tree.data if isinstance(tree.data, str) else tree.data.value
        span = (tree.meta.start_pos, tree.meta.end_pos)
        parts = tree.children
        if kind == "literal":
            return self._literal(parts, span)
        if kind == "name":
            return self._name(parts[0], span)
        if kind == "text":
            return Text(span, str(parts[0])[1:-1])
        if kind in ("true", "false"):
            return Flag(span, kind == "true")
        if kind == "field":
            return Field(span, self.node(parts[0]), self._plain(parts[1]))
        if kind == "item":
            return Item(span, self.node(parts[0]), self.node(parts[1]))
        if kind == "call":
            return Call(span, self._plain(parts[0]), tuple(self.node(p) for p in parts[1:]))
        if kind == "sign":
            operand = self.node(parts[1])
            return operand if parts[0] == "+" else Sign(span, operand)
        if kind in ("binary", "compare"):
            left, op, right = parts
            return (Binary if kind == "binary" else Compare)(span, str(op), self.node(left),
                                                             self.node(right))
        if kind == "power":
            return Binary(span, "^", self.node(parts[0]), self.node(parts[1]))
        if kind in ("either", "both"):
            return Logic(span, "or" if kind == "either" else "and", self.node(parts[0]),
                         self.node(parts[1]))
        if kind == "negation":
            return Not(span, self.node(parts[0]))
        if kind == "conditional":
            return Conditional(span, *(self.node(p) for p in parts))
        raise FormulaError(f"cannot read {self.text[span[0]:span[1]]!r}")  # pragma: no cover

    def _plain(self, name) -> str:
        if str(name) in KEYWORDS:                                        # pragma: no cover
            raise FormulaError(f"'{name}' is a word of the language, not a name")
        return str(name)

    def _name(self, name, span) -> Name:
        return Name(span, self._plain(name))

    def _literal(self, parts, span) -> Number:
        value = number(str(parts[0]))
        if len(parts) == 1:
            return Number(span, value)
        rest = parts[1]
        if getattr(rest, "type", None) == "NAME":
            return Number(span, value, UnitText(((str(rest), 1),)))
        return Number(span, value, _unit_factors(self.unit(rest, 1)))

    def unit(self, tree, power: int) -> list[tuple[str, int]]:
        kind = tree.data if isinstance(tree.data, str) else tree.data.value
        parts = tree.children
        if kind == "unit_name":
            return [(str(parts[0]), power)]
        if kind == "unit_one":
            if str(parts[0]) != "1":
                raise FormulaError(f"a unit holds names and 1, not {parts[0]}")
            return []
        if kind == "unit_power":
            exponent = _unit_exponent(str(parts[-1]), len(parts) == 3 and parts[1] == "-")
            if abs(power * exponent) > UNIT_POWER:      # checked as nesting multiplies them
                raise FormulaError(f"a unit's power is at most {UNIT_POWER} either way, "
                                   f"nested powers multiplied (limit unit_power); got "
                                   f"{power * exponent:,}")
            return self.unit(parts[0], power * exponent)
        if kind in ("unit_times", "unit_per"):
            right = -power if kind == "unit_per" else power
            return self.unit(parts[0], power) + self.unit(parts[1], right)
        raise FormulaError("cannot read the unit")                     # pragma: no cover


def _unit_exponent(text: str, negative: bool) -> int:
    """A unit power as written: a whole number, refused past the limit before it is made."""
    digits = text.replace("_", "")
    if not digits.isdigit():
        raise FormulaError(f"a unit's power is a whole number, not {text[:20]}")
    if len(digits.lstrip("0")) > 3:
        raise FormulaError(f"a unit's power is at most {UNIT_POWER} either way (limit "
                           f"unit_power); got {'-' if negative else ''}{digits[:20]}")
    return -int(digits) if negative else int(digits)


def _unit_factors(factors: list[tuple[str, int]]) -> UnitText:
    """The factors as written, each name's powers added up and held within the limit."""
    total: dict[str, int] = {}
    for name, power in factors:
        total[name] = total.get(name, 0) + power
        if abs(total[name]) > UNIT_POWER:
            raise FormulaError(f"a unit's power is at most {UNIT_POWER} either way, a name's "
                               f"powers added up (limit unit_power); '{name}' reaches "
                               f"{total[name]:,}")
    return UnitText(tuple(factors))


def number(text: str) -> Fraction:
    """A written number, exactly: '0.1' is 1/10; '1e6' is a million."""
    try:
        value = Decimal(text.replace("_", ""))
    except InvalidOperation:                                            # pragma: no cover
        raise FormulaError(f"cannot read the number {text!r}") from None
    if value and not -MAX_EXPONENT <= value.adjusted() <= MAX_EXPONENT:
        raise FormulaError(f"the number {text[:20]!r} is too large or too small; numbers are "
                           f"written with at most {MAX_EXPONENT} digits either side of the point")
    return Fraction(value)


def source(formula: Formula, node: Node) -> str:
    """The text of one part of a formula, as the author wrote it."""
    return formula.text[node.span[0]:node.span[1]].strip()
