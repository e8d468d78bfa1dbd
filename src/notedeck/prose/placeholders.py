"""What a placeholder may say, checked before anything renders: figure names, a few filters, if and for."""

from __future__ import annotations

from typing import Any, Mapping

from jinja2 import nodes

from notedeck.errors import closest, visible

FILTERS = ("first", "last", "length", "count", "join", "upper", "lower", "capitalize",
           "title", "trim", "default", "d", "map")
TESTS = ("defined", "undefined", "none", "string", "sequence", "mapping", "true", "false",
         "eq", "ne", "equalto", "in")
MAX_LOOP_DEPTH = 2
_UNKNOWN = object()         # a value only known at render time (a loop's counter, say)
NOT_FOUND = object()


def keyed(value: Any) -> Mapping | None:
    """A list whose items are also found by id (`crews['north']`): its items by id."""
    found = getattr(value, "by_key", None) if isinstance(value, tuple) else None
    return found if isinstance(found, Mapping) else None


def forms(value: Any) -> tuple[str, ...] | None:
    """The other forms a shown figure has (`{{ x.words }}`), or None for plain text."""
    named = getattr(value, "_forms", None) if isinstance(value, str) else None
    return named() if callable(named) else None


def part_of(value: Any, key: Any) -> Any:
    """What a name's part reads, as the sandbox will: a figure of a group, an item by id or
    by position, another form of a figure; NOT_FOUND when there is none."""
    if isinstance(value, Mapping):
        return value[key] if key in value else NOT_FOUND
    listed = keyed(value)
    if listed is not None and isinstance(key, str):
        return listed[key] if key in listed else NOT_FOUND
    if isinstance(value, (list, tuple)) and isinstance(key, int):
        return value[key] if -len(value) <= key < len(value) else NOT_FOUND
    named = forms(value)
    if named is not None and isinstance(key, str) and key in named:
        return getattr(value, key)
    return NOT_FOUND
_PLAIN = (nodes.Output, nodes.TemplateData, nodes.Const, nodes.Concat, nodes.And, nodes.Or,
          nodes.Not, nodes.CondExpr, nodes.Compare, nodes.Operand, nodes.List, nodes.Tuple,
          nodes.Slice, nodes.If, nodes.Keyword)
_NAMES = {nodes.Call: "a function or method call", nodes.Assign: "{% set %}",
          nodes.AssignBlock: "{% set %}", nodes.Macro: "{% macro %}",
          nodes.CallBlock: "{% call %}", nodes.Include: "{% include %}",
          nodes.Import: "{% import %}", nodes.FromImport: "{% from ... import %}",
          nodes.Extends: "{% extends %}", nodes.Block: "{% block %}",
          nodes.FilterBlock: "{% filter %}", nodes.With: "{% with %}", nodes.Dict: "a mapping",
          nodes.BinExpr: "arithmetic", nodes.UnaryExpr: "arithmetic"}


def check(template: nodes.Template, namespace: Mapping[str, Any]) -> list[tuple[int, str]]:
    """(template line, message) for every name that does not exist and every refused construct."""
    checker = _Checker(namespace)
    for node in template.body:
        checker.visit(node, {})
    return checker.found


class _Checker:
    def __init__(self, namespace: Mapping[str, Any]):
        self.namespace, self.found, self.loops = namespace, [], 0

    def report(self, node: nodes.Node, message: str) -> object:
        self.found.append((node.lineno, message))
        return _UNKNOWN

    def visit(self, node: nodes.Node, scope: dict) -> Any:
        method = getattr(self, f"visit_{type(node).__name__}", None)
        if method:
            return method(node, scope)
        if not isinstance(node, _PLAIN):
            hint = " (the last item of a list is (levels|last) or levels[-1])" \
                if isinstance(node, (nodes.BinExpr, nodes.UnaryExpr)) else ""
            return self.report(node, f"{_describe(node)} is not allowed in placeholders; they "
                                     f"name figures, with filters, if and for{hint}")
        for child in node.iter_child_nodes():
            self.visit(child, scope)
        return node.value if isinstance(node, nodes.Const) else _UNKNOWN

    def visit_Neg(self, node: nodes.Neg, scope: dict) -> Any:
        """A negative whole number, as an item's position from the end: `levels[-1]`."""
        if isinstance(node.node, nodes.Const) and type(node.node.value) is int:
            return -node.node.value
        return self.report(node, "arithmetic is not allowed in placeholders; they name "
                                 "figures, with filters, if and for (the last item of a list "
                                 "is (levels|last) or levels[-1])")

    def visit_Const(self, node: nodes.Const, scope: dict) -> Any:
        """Quoted text is shown as written: an escape ('\\u202e', '\\x1b') that makes a control,
        bidirectional or invisible character is refused (tab and newline may join lines)."""
        hidden = [c for c in node.value if c not in "\n\t" and visible(c) != c] \
            if isinstance(node.value, str) else []
        if hidden:
            codes = ", ".join(dict.fromkeys(f"U+{ord(c):04X}" for c in hidden))
            return self.report(node, f"quoted text in a placeholder makes {len(hidden)} "
                                     f"control, bidirectional or invisible character(s) "
                                     f"({codes}) that a reader cannot see; write the text "
                                     "itself, outside the placeholder")
        return node.value

    def visit_Name(self, node: nodes.Name, scope: dict) -> Any:
        if node.name in scope:
            return scope[node.name]
        if node.name in self.namespace:
            return self.namespace[node.name]
        return self.report(node, f"unknown figure name '{node.name}'"
                           + _hint(node.name, list(self.namespace)))

    def visit_Getattr(self, node: nodes.Getattr, scope: dict) -> Any:
        return self.part(node, self.visit(node.node, scope), node.attr)

    def visit_Getitem(self, node: nodes.Getitem, scope: dict) -> Any:
        base = self.visit(node.node, scope)
        key = self.visit(node.arg, scope)
        if isinstance(node.arg, nodes.Const) and isinstance(key, (str, int)):
            return self.part(node, base, key)
        return _UNKNOWN

    def part(self, node: nodes.Node, base: Any, key: str | int) -> Any:
        shown = _dotted(node)
        if isinstance(key, str) and key.startswith("_"):
            return self.report(node, f"refused by the sandbox: '{key}' reaches into Python "
                                     "internals; placeholders may only name figures")
        if base is _UNKNOWN:
            return _UNKNOWN
        if isinstance(base, Mapping):
            if key in base:
                return base[key]
            return self.report(node, f"unknown figure name '{shown}'"
                               + _hint(str(key), [str(k) for k in base]))
        listed = keyed(base)
        if listed is not None and isinstance(key, str):
            if key in listed:
                return listed[key]
            return self.report(node, f"unknown item '{key}' in '{shown}'"
                               + _hint(str(key), [str(k) for k in listed]))
        named = forms(base)
        if named is not None and isinstance(key, str):
            if key in named:
                return getattr(base, key)
            return self.report(node, f"'{_dotted(node.node)}' has no form '{key}'; its forms: "
                               + (", ".join(named) or "none"))
        if isinstance(base, (list, tuple)) and isinstance(key, int):
            if -len(base) <= key < len(base):
                return base[key]
            return self.report(node, f"'{shown}' is past the end of a list of {len(base)}")
        kind = "a list" if isinstance(base, (list, tuple)) else "text"
        return self.report(node, f"unknown figure name '{shown}': the part before "
                                 f"'{key}' is {kind}")

    def visit_Filter(self, node: nodes.Filter, scope: dict) -> Any:
        value = self.visit(node.node, scope) if node.node is not None else _UNKNOWN
        if node.name not in FILTERS:
            return self.report(node, f"the filter '{node.name}' is not allowed; filters: "
                                     + ", ".join(FILTERS))
        if node.name == "map" and (node.args or [k.key for k in node.kwargs] != ["attribute"]):
            return self.report(node, "map is allowed only as map(attribute='name')")
        for child in [*node.args, *node.kwargs]:
            self.visit(child, scope)
        if node.name in ("first", "last") and isinstance(value, (list, tuple)) and value:
            return value[0 if node.name == "first" else -1]
        return _UNKNOWN

    def visit_Test(self, node: nodes.Test, scope: dict) -> Any:
        if node.name not in TESTS:
            return self.report(node, f"the test '{node.name}' is not allowed; tests: "
                                     + ", ".join(TESTS))
        if node.name not in ("defined", "undefined"):
            self.visit(node.node, scope)
        for child in [*node.args, *node.kwargs]:
            self.visit(child, scope)
        return _UNKNOWN

    def visit_For(self, node: nodes.For, scope: dict) -> Any:
        if node.recursive or self.loops >= MAX_LOOP_DEPTH:
            return self.report(node, f"loops may be nested at most {MAX_LOOP_DEPTH} deep "
                                     "and may not be recursive")
        items = self.visit(node.iter, scope)
        first = items[0] if isinstance(items, (list, tuple)) and items else _UNKNOWN
        inner = dict(scope, loop=_UNKNOWN)
        for target in _targets(node.target):
            inner[target] = first if isinstance(node.target, nodes.Name) else _UNKNOWN
        self.loops += 1
        for child in [*node.body, *([node.test] if node.test else [])]:
            self.visit(child, inner)
        self.loops -= 1
        for child in node.else_:
            self.visit(child, scope)
        return _UNKNOWN


def _targets(target: nodes.Node) -> list[str]:
    return [n.name for n in target.find_all(nodes.Name)] + (
        [target.name] if isinstance(target, nodes.Name) else [])


def _dotted(node: nodes.Node) -> str:
    if isinstance(node, nodes.Name):
        return node.name
    if isinstance(node, nodes.Getattr):
        return f"{_dotted(node.node)}.{node.attr}"
    if isinstance(node, nodes.Getitem) and isinstance(node.arg, nodes.Const):
        return f"{_dotted(node.node)}[{node.arg.value!r}]"
    if isinstance(node, nodes.Const):
        return repr(node.value)
    return "..."


def _describe(node: nodes.Node) -> str:
    for kind, name in _NAMES.items():
        if isinstance(node, kind):
            return name
    return f"'{type(node).__name__}'"


def _hint(name: str, choices: list[str]) -> str:
    close = closest(name, choices, prefixes=True)
    text = f"; did you mean '{close}'?" if close else ""
    return f"{text} Known here: {', '.join(sorted(choices))}"
