"""The facilitator guide's start time, read from --start: light, for the CLI to check it early."""

from __future__ import annotations

import re

from notedeck.errors import NotedeckError

_CLOCK = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")


def start_seconds(text: str) -> int:
    """'09:00' -> seconds after midnight; a clear error otherwise."""
    match = _CLOCK.fullmatch(str(text).strip())
    if not match:
        raise NotedeckError(f"--start: expected a time of day as HH:MM (e.g. 09:30), got "
                            f"{text!r}")
    return int(match.group(1)) * 3600 + int(match.group(2)) * 60
