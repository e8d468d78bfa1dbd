"""Outputs that read no drawn chart, planned and written by a forked child beside the rest.

Once the note is composed, a deck of native charts (or deck.json, or the web
page) needs nothing that is still being drawn. A child forked then inherits the
Deck and the libraries already imported; it plans its outputs and reports the
plans' problems and warnings on a pipe, then writes its files into the staging
folder and reports what it wrote. Meanwhile this process plans and writes the
outputs that wait for the chart helper (the handout). On two cores the deck's
planning, python-pptx's import and its writing then leave this process's path.
What every planner refuses is still reported at once, in the outputs' order. If
the child cannot start, dies or fails, its outputs are planned and written here,
to the same bytes, and their problems are reported as any other.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from notedeck.errors import Collector, Problem
from notedeck.infra import forking
from notedeck.infra.records import Written


class _Planned(NamedTuple):
    """One output's planning: its plan (None if made in the child), warnings and problems."""

    plan: Any
    warnings: tuple[Problem, ...]
    problems: tuple[Problem, ...]


@dataclass(frozen=True)
class Outputs:
    """Every chosen output written, in order, and the warnings its planner found."""

    written: tuple[Written, ...]
    warnings: tuple[Problem, ...]


def write_all(renderers: Sequence, plan_one: Callable, emit_one: Callable,
              aside: Collection[int] = (), in_child: Callable[[], None] = lambda: None) -> Outputs:
    """`plan_one(renderer)` then `emit_one(renderer, plan)` for every renderer; those at the
    indexes `aside` in a forked child, which first calls `in_child` (to let go of what only
    this process owns). Raises what any planner refused, all of it, in the renderers' order."""
    mine = [i for i in range(len(renderers)) if i not in aside]
    jobs = [renderers[i] for i in sorted(aside)]
    child = _Child.start(jobs, plan_one, emit_one, in_child) if jobs else None
    try:
        planned = _plan(renderers, mine, plan_one)
        if child is not None:
            planned.update(child.planned(sorted(aside)))
        missing = [i for i in range(len(renderers)) if i not in planned]   # the child failed
        planned.update(_plan(renderers, missing, plan_one))
        _raise_problems(planned)
        done = {i: emit_one(renderers[i], planned[i].plan) for i in (*mine, *missing)}
        if child is not None:
            done.update(child.written(sorted(aside)))
            child = None
    finally:
        if child is not None:
            child.stop()
    return _finish(renderers, planned, done, plan_one, emit_one)


def _plan(renderers: Sequence, indexes: Sequence[int], plan_one: Callable) -> dict:
    """index -> _Planned for the renderers at `indexes`."""
    planned = {}
    for i in indexes:
        found = Collector()
        plan = found.run(plan_one, renderers[i])
        planned[i] = _Planned(plan, tuple(getattr(plan, "warnings", ())), tuple(found.problems))
    return planned


def _raise_problems(planned: dict) -> None:
    found = Collector()
    for i in sorted(planned):
        found.problems.extend(planned[i].problems)
    found.raise_if_any()


def _finish(renderers: Sequence, planned: dict, done: dict, plan_one: Callable,
            emit_one: Callable) -> Outputs:
    """The outputs in order; any the child planned but did not write are written here."""
    for i in range(len(renderers)):
        if i not in done:
            plan = planned[i].plan
            if plan is None:                  # planned in the child: plan again to write here
                plan = plan_one(renderers[i])
            done[i] = emit_one(renderers[i], plan)
    warnings = tuple(w for i in sorted(planned) for w in planned[i].warnings)
    return Outputs(tuple(done[i] for i in range(len(renderers))), warnings)


class _Child:
    """A forked process planning and writing some outputs; it reports twice on a pipe (the
    plans' warnings and problems, then the files written), then exits."""

    def __init__(self, pid: int, inbox: int):
        self.pid, self._inbox = pid, inbox
        self._failed = False

    @classmethod
    def start(cls, jobs: list, plan_one: Callable, emit_one: Callable,
              in_child: Callable) -> _Child | None:
        inbox, outbox = os.pipe()
        try:
            pid = forking.fork()
        except OSError:
            os.close(inbox)
            os.close(outbox)
            return None
        if pid == 0:
            os.close(inbox)
            _serve(outbox, jobs, plan_one, emit_one, in_child)     # never returns
        os.close(outbox)
        return cls(pid, inbox)

    def planned(self, indexes: list[int]) -> dict:
        """index -> _Planned (without the plan, which stays in the child); {} if it failed."""
        report = self._receive()
        if report is None or len(report) != len(indexes):
            return {}
        return {i: _Planned(None, tuple(warnings), tuple(problems))
                for i, (warnings, problems) in zip(indexes, report)}

    def written(self, indexes: list[int]) -> dict:
        """index -> Written once the child has ended; {} if it failed."""
        report = self._receive()
        os.close(self._inbox)
        _, status = os.waitpid(self.pid, 0)
        if report is None or not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
            return {}
        return dict(zip(indexes, report)) if len(report) == len(indexes) else {}

    def _receive(self):
        """The child's next report; None from the first one missing (the child failed) on."""
        report = None if self._failed else forking.receive(self._inbox)
        self._failed = report is None
        return report

    def stop(self) -> None:
        """End the child now (this process failed or was stopped): its files are not used."""
        os.close(self._inbox)
        forking.end(self.pid)


def _serve(outbox: int, jobs: list, plan_one: Callable, emit_one: Callable,
           in_child: Callable) -> None:
    """The child's life: plan, report, write, report, exit without Python's teardown."""
    code = 1
    try:
        quiet = os.open(os.devnull, os.O_RDWR)              # the parent's stdin and stdout
        os.dup2(quiet, 0)
        os.dup2(quiet, 1)
        in_child()
        planned = _plan(jobs, range(len(jobs)), plan_one)
        forking.send(outbox, [(list(p.warnings), list(p.problems)) for p in planned.values()])
        if not any(p.problems for p in planned.values()):
            forking.send(outbox, [emit_one(renderer, planned[i].plan)
                                  for i, renderer in enumerate(jobs)])
            code = 0
    except BaseException:                                  # planned and written again by the parent
        code = 1
    finally:
        os._exit(code)
