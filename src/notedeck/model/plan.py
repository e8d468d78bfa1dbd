"""The order a model's figures are computed in, found once when the model is read."""

from __future__ import annotations

from notedeck.errors import Problem
from notedeck.model.messages import key_text


def describe(unit: tuple) -> str:
    """A unit of work as an author names it."""
    kind = unit[0]
    if kind == "leaf":
        return key_text(unit[1])
    if kind == "col":
        return f"{key_text(unit[1])}.{unit[2]} (per item)"
    if kind == "gcol":
        return f"{unit[1]}.{unit[2]} (in the group)"
    if kind == "rows":
        return f"{key_text(unit[1])} (its values)"
    return f"{key_text(unit[1])}.{unit[2]}"


def order(graph: dict[tuple, set], where) -> tuple[list[tuple], list[Problem], set]:
    """Units in an order where each follows what it reads; cycles reported with their path.

    Walks without recursion (a chain of figures may be as long as the model allows)."""
    done, placed, problems, broken = set(), [], [], set()
    state: dict[tuple, int] = {}                 # 1: on the path, 2: finished
    for root in graph:
        if root in state:
            continue
        path, stack = [], [(root, iter(sorted(graph[root], key=repr)))]
        state[root] = 1
        path.append(root)
        while stack:
            unit, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                path.pop()
                state[unit] = 2
                if unit not in broken and not graph[unit] & broken:
                    placed.append(unit)
                    done.add(unit)
                else:
                    broken.add(unit)
                continue
            if child not in graph:
                continue
            if state.get(child) == 1:
                cycle = path[path.index(child):] + [child]
                problems.append(_cycle(cycle, where))
                broken.update(cycle)
                continue
            if child not in state:
                state[child] = 1
                path.append(child)
                stack.append((child, iter(sorted(graph[child], key=repr))))
    return placed, problems, broken


def _cycle(cycle: list[tuple], where) -> Problem:
    steps = " -> ".join(f"{describe(u)} ({_line(where(u))})" for u in cycle[:-1])
    return Problem(where(cycle[0]), f"these figures depend on one another in a cycle: {steps} "
                                    f"-> {describe(cycle[-1])}; one of them must be computed "
                                    "from something else")


def _line(location) -> str:
    return f"line {location.line}" if location.line is not None else str(location)
