"""Names in formulas: the tree of inputs and figures, scopes, and what a formula reads."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from notedeck.model.figures import Each, Figure, Group, Use
from notedeck.model.inputs import Input
from notedeck.model.messages import suggest
from notedeck.model.syntax import (Binary, Call, Compare, Conditional, Field, Item, Logic, Name,
                                   Node, Not, Sign)
from notedeck.model.types import Type


class CompileError(Exception):
    """A formula the model cannot use; the message names the part of it that is wrong."""


class Skip(Exception):
    """A formula that uses a figure already refused: no second message."""


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


def resolve(node: Name, rest: list, scope: Scope) -> tuple[str, Any, list]:
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
        raise CompileError(f"unknown name '{name}'" + suggest(name, choices(scope)))
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

def choices(scope: Scope) -> list[str]:
    choices = [*scope.bound, *scope.names]
    if scope.group:
        choices += [scope.group.param, *(f.path[0] for f in scope.group.figures)]
    if scope.items:
        choices += [n for n, _ in scope.items.input.fields] + list(scope.items.columns)
    return sorted(set(choices))

def dependencies(node: Node, scope: Scope) -> tuple[set, set]:
    """(unit keys, input paths) a formula reads, found without types."""
    units, inputs = set(), set()
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, (Name, Field, Item)):
            base, rest = chain(current)
            stack.extend(a.index for a in rest if isinstance(a, Item))
            if isinstance(base, Name):
                kind, what, left = resolve(base, rest, scope)
                _record(kind, what, left, scope, units, inputs)
            else:
                stack.append(base)
        else:
            stack.extend(_children(current))
    return units, inputs


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
