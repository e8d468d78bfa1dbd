"""One careful fork for the chart helper and the deck's child: no stop signal lost inside the fork."""

from __future__ import annotations

import os
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
