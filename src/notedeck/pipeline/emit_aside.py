"""Outputs that read no drawn chart, written by a forked process while this one writes the rest.

Once every output is planned, a deck of native charts (or deck.json, or the web
page) needs nothing that is still being drawn. A child forked then inherits its
plan and the libraries already imported, writes its files into the staging
folder and reports what it wrote on a pipe, while this process writes the
outputs that wait for the chart helper (the handout). On two cores the outputs
then take about the time of the longer one rather than of both. If the child
cannot start, dies or fails, its outputs are written here, to the same bytes, and
an error is reported as any other.
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Callable, Collection, Sequence
from pathlib import Path

from notedeck.pipeline.records import Written
from notedeck.pipeline import forking


def emit_all(plans: Sequence, emit_one: Callable, aside: Collection[int] = (),
             in_child: Callable[[], None] = lambda: None) -> list[Written]:
    """`emit_one(renderer, plan)` for every plan, in order; those at the indexes `aside` by a
    forked child, which first calls `in_child` (to let go of what only this process owns)."""
    jobs = [plans[i] for i in sorted(aside)]
    child = _Child.start(jobs, emit_one, in_child) if jobs else None
    done: dict[int, Written] = {}
    try:
        for index, (renderer, plan) in enumerate(plans):
            if child is None or index not in aside:
                done[index] = emit_one(renderer, plan)
        reported = child.finish() if child is not None else None
        child = None
    finally:
        if child is not None:
            child.stop()
    if reported is not None:
        done.update(zip(sorted(aside), reported))
    for index, (renderer, plan) in enumerate(plans):
        if index not in done:                     # the child failed: written here instead
            done[index] = emit_one(renderer, plan)
    return [done[index] for index in range(len(plans))]


class _Child:
    """A forked process writing some outputs; it reports them as one JSON line, then exits."""

    def __init__(self, pid: int, inbox: int, count: int):
        self.pid, self._inbox, self._count = pid, inbox, count

    @classmethod
    def start(cls, jobs: list, emit_one: Callable, in_child: Callable) -> _Child | None:
        inbox, outbox = os.pipe()
        try:
            pid = forking.fork()
        except OSError:
            os.close(inbox)
            os.close(outbox)
            return None
        if pid == 0:
            os.close(inbox)
            _serve(outbox, jobs, emit_one, in_child)     # never returns
        os.close(outbox)
        return cls(pid, inbox, len(jobs))

    def finish(self) -> list[Written] | None:
        """What the child wrote, once it has ended; None if it failed."""
        chunks = []
        while chunk := os.read(self._inbox, 1 << 16):
            chunks.append(chunk)
        os.close(self._inbox)
        _, status = os.waitpid(self.pid, 0)
        if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
            return None
        try:
            reported = [Written(Path(path), count, unit)
                        for path, count, unit in json.loads(b"".join(chunks))]
        except (ValueError, TypeError):
            return None
        return reported if len(reported) == self._count else None

    def stop(self) -> None:
        """End the child now (this process failed or was stopped): its files are not used."""
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.close(self._inbox)
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass


def _serve(outbox: int, jobs: list, emit_one: Callable, in_child: Callable) -> None:
    """The child's life: write its outputs, report them, exit without Python's teardown."""
    code = 1
    try:
        quiet = os.open(os.devnull, os.O_RDWR)              # the parent's stdin and stdout
        os.dup2(quiet, 0)
        os.dup2(quiet, 1)
        in_child()
        written = [emit_one(renderer, plan) for renderer, plan in jobs]
        data = json.dumps([[str(w.path), w.count, w.unit] for w in written]).encode()
        view = memoryview(data)
        while view:
            view = view[os.write(outbox, view):]
        code = 0
    except BaseException:                                  # written again by the parent
        code = 1
    finally:
        os._exit(code)
