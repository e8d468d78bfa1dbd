"""The work a placeholder may do, counted while it runs: loop steps, value sizes, printed text, printable kinds."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Iterable, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from jinja2 import nodes
from jinja2.visitor import NodeTransformer

MAX_STEPS = 100_000       # loop iterations, each weighted by the size of its loop's body
MAX_VALUE = 10_000        # characters in any one value a placeholder builds (join, ~)
MAX_FILLED = 200_000      # characters printed by the placeholders of one text
# ... and of every text of one build together (a note, or one audience's variant): what the
# placeholders print goes on into the deck's notes, the guide and the handout, so many small
# texts each within its own budget must not add up to more than a build can lay out.
MAX_BUILD_STEPS = 1_000_000
MAX_BUILD_FILLED = 500_000
ITEMS, CONCAT = "notedeck_items", "notedeck_concat"   # private filters, unreachable from content


class PlaceholderLimit(Exception):
    """A placeholder did too much, or tried to print something that is not a value."""


class WholeSpent(PlaceholderLimit):
    """The build's budget is spent: said once, where it ran out (Whole.first)."""


@dataclass
class Whole:
    """What every text of one build has spent so far; `first`, the error of the text that
    spent it, which every later text reports instead of one of its own."""

    steps: int = 0
    printed: int = 0
    first: object = None


def first_spent(exc: PlaceholderLimit, error: Exception) -> Exception:
    """The error to raise for `exc`: for a spent build budget, the first text's."""
    whole = _whole.get()
    if not isinstance(exc, WholeSpent) or whole is None:
        return error
    if whole.first is None:
        whole.first = error
    return whole.first


@dataclass
class Budget:
    steps: int = 0
    printed: int = 0
    whole: Whole | None = None          # the build's, charged as well

    def charge(self, steps: int) -> None:
        self.steps += steps
        if self.steps > MAX_STEPS:
            raise PlaceholderLimit(f"the placeholders here do too much work (over {MAX_STEPS:,} "
                                   "steps of loops and filters); loop over the note's short "
                                   "lists, and keep loops inside loops small")
        if self.whole is not None:
            self.whole.steps += steps
            if self.whole.steps > MAX_BUILD_STEPS:
                raise WholeSpent(
                    f"the placeholders of this note do too much work in all (over "
                    f"{MAX_BUILD_STEPS:,} steps of loops and filters, every file together; "
                    "this one brings it over); keep loops, and loops inside loops, few and small")

    def sized(self, length: int) -> None:
        if length > MAX_VALUE:
            raise PlaceholderLimit(f"a placeholder here builds a value of {length:,} characters; "
                                   f"at most {MAX_VALUE:,}")

    def print(self, length: int) -> None:
        self.printed += length
        if self.printed > MAX_FILLED:
            raise PlaceholderLimit(f"the placeholders here print more than {MAX_FILLED:,} "
                                   "characters")
        if self.whole is not None:
            self.whole.printed += length
            if self.whole.printed > MAX_BUILD_FILLED:
                raise WholeSpent(
                    f"the placeholders of this note print more than {MAX_BUILD_FILLED:,} "
                    "characters in all (every file together; this one brings it over); a loop "
                    "that prints long texts, repeated in many places, adds up")


_current: ContextVar[Budget | None] = ContextVar("notedeck_budget", default=None)
_whole: ContextVar[Whole | None] = ContextVar("notedeck_build_budget", default=None)


@contextmanager
def whole_build():
    """One budget for every text of a build, which each text's budget charges as well."""
    token = _whole.set(Whole())
    try:
        yield
    finally:
        _whole.reset(token)


@contextmanager
def counting():
    """A fresh budget for one text (compiling and rendering it both draw on it), charging
    the build's too when one is open."""
    token = _current.set(Budget(whole=_whole.get()))
    try:
        yield
    finally:
        _current.reset(token)


def spent() -> tuple | None:
    """What the build's budget has spent so far, to give back with `give_back` when a text
    is filled a second time (a shortcut that gave up, then Jinja)."""
    whole = _whole.get()
    return None if whole is None else (whole.steps, whole.printed, whole.first)


def give_back(state: tuple | None) -> None:
    whole = _whole.get()
    if whole is not None and state is not None:
        whole.steps, whole.printed, whole.first = state


def charged(steps: int, printed: int) -> bool:
    """The build's budget charged what filling a text charged it before (a text kept from
    an earlier build): True if that fits; else nothing is charged, and the text is filled
    again to spend it and say so as a first filling would."""
    whole = _whole.get()
    if whole is None:
        return True
    if whole.steps + steps > MAX_BUILD_STEPS or whole.printed + printed > MAX_BUILD_FILLED:
        return False
    whole.steps, whole.printed = whole.steps + steps, whole.printed + printed
    return True


def _budget() -> Budget:
    return _current.get() or Budget()


# --- what a placeholder may print ----------------------------------------------

def printable(value: object) -> object:
    """Jinja's `finalize`: text, numbers and lists of them print; anything else is refused."""
    if isinstance(value, (list, tuple)):
        for item in value:
            _plain(item, "a list holding ")
        value = ", ".join(str(item) for item in value)
    else:
        _plain(value, "")
    text = str(value)
    _budget().print(len(text))
    return text


def _plain(value: object, within: str) -> None:
    if isinstance(value, str) or (isinstance(value, (int, float)) and not isinstance(value, bool)):
        return
    if isinstance(value, Mapping):
        parts = ", ".join(str(k) for k in list(value)[:8])
        raise PlaceholderLimit(f"a placeholder prints {within}a group of figures, not a value; "
                               f"name one of its parts ({parts})")
    raise PlaceholderLimit(f"a placeholder prints {within}{_kind(value)}; only text, numbers "
                           "and lists of them can be printed")


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "a yes/no value (use it in {% if %} instead)"
    if value is None:
        return "nothing (None)"
    if type(value).__name__ == "LoopContext":
        return "the loop helper itself (print one of its parts, such as loop.index)"
    if inspect.isroutine(value):
        return f"a function ('{getattr(value, '__name__', '?')}')"
    return f"an internal object ({type(value).__name__})"


# --- filters that count their work ----------------------------------------------

def filters(originals: Mapping[str, object], allowed: Iterable[str]) -> dict[str, object]:
    """Budgeted stand-ins for the allowed filters, plus the private loop and ~ filters."""
    made: dict[str, object] = {name: _counted(originals[name]) for name in allowed}
    made["join"] = _join(originals["join"])
    made[ITEMS], made[CONCAT] = _items, _concat
    return made


def _counted(original):
    @functools.wraps(original)
    def counted(*args, **kwargs):
        _budget().charge(1)
        result = original(*args, **kwargs)
        if isinstance(result, str):
            _budget().sized(len(result))
        return result
    return counted


def _join(original):
    @functools.wraps(original)
    def join(eval_ctx, value, d="", attribute=None):
        budget = _budget()
        items = []
        for item in value if not isinstance(value, str) else list(value):
            budget.charge(1)
            items.append(item)
        if attribute is None:
            budget.sized(sum(len(str(i)) for i in items) + len(str(d)) * max(len(items) - 1, 0))
        result = original(eval_ctx, items, d, attribute)
        budget.sized(len(result))
        return result
    return join


def _items(value, cost: int = 1):
    """A loop's list, charged step by step: text and single values are refused."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        shown = f"text ('{value[:20].replace(chr(160), ' ')}...')" if isinstance(value, str) else _kind(value)
        raise PlaceholderLimit(f"a loop here goes over {shown}, not a list; loop over one of "
                               "the note's lists")
    return _charged(value, cost, _budget())


def _charged(value: Iterable, cost: int, budget: Budget):
    for item in value:
        budget.charge(cost)
        yield item


def _concat(values):
    """The ~ operator, sized before the text is built."""
    texts = [str(v) for v in values]
    _budget().sized(sum(len(t) for t in texts))
    return "".join(texts)


class Counting(NodeTransformer):
    """Rewrites a checked template so loops and ~ go through the counting filters."""

    def visit_For(self, node: nodes.For) -> nodes.For:
        self.generic_visit(node)
        parts = [*node.body, *([node.test] if node.test else [])]
        cost = 1 + sum(1 + sum(1 for _ in part.find_all(nodes.Node)) for part in parts)
        node.iter = nodes.Filter(node.iter, ITEMS, [nodes.Const(cost)], [], None, None,
                                 lineno=node.lineno)
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Filter:
        self.generic_visit(node)
        return nodes.Filter(nodes.List(node.nodes, lineno=node.lineno), CONCAT, [], [], None,
                            None, lineno=node.lineno)
