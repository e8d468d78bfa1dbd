"""One careful fork for the chart helper and the deck's child (no stop signal lost inside the
fork), the messages they pass on pipes, and their end."""

from __future__ import annotations

import os
import pickle
import signal

HELD = {signal.SIGINT, signal.SIGTERM}


def fork() -> int:
    """os.fork with SIGINT and SIGTERM held across it. A signal landing while Python runs its
    fork hooks (logging's lock release) would be raised inside a hook and swallowed there, so
    a stopped build would go on. The parent receives it the moment the fork returns; the
    child starts with none pending and Ctrl-C ignored, SIGTERM ending it at once."""
    old = signal.pthread_sigmask(signal.SIG_BLOCK, HELD)
    try:
        pid = os.fork()
    except BaseException:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)
        raise
    if pid == 0:
        signal.signal(signal.SIGINT, signal.SIG_IGN)        # the parent handles Ctrl-C
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_SETMASK, old)
    return pid


def send(fd: int, value) -> None:
    """`value` pickled, after its length in 8 bytes, written whole to the pipe `fd`."""
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    write_all(fd, len(data).to_bytes(8, "big") + data)


def receive(fd: int):
    """The next value `send` wrote to the pipe `fd`; None at its end or if it is damaged (the
    other process died mid-message). Only ever read from a process this one forked."""
    size = read_exactly(fd, 8)
    data = read_exactly(fd, int.from_bytes(size, "big")) if len(size) == 8 else b""
    try:
        return pickle.loads(data) if data else None
    except (pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError):
        return None


def read_exactly(fd: int, count: int) -> bytes:
    """`count` bytes from `fd`, fewer only at its end (a pipe hands over what it holds)."""
    chunks, left = [], count
    while left:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def end(pid: int) -> None:
    """Kill a forked process now and reap it (it may have ended already)."""
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
