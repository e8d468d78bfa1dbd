"""Planned times for the facilitator guide: a section's minutes, a slide's, and their sum."""

from __future__ import annotations

from pathlib import Path

from notedeck.errors import Location, Problem, fail
from notedeck.readers import durations
from notedeck.readers.validation import shown

MAX_MINUTES = 600


def minutes(value: object) -> int:
    """Planned time in whole seconds: a number of minutes, or a duration with a unit."""
    try:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            seconds = durations.parse(f"{value} min")
        elif isinstance(value, str) and value.strip()[-1:].isalpha():
            seconds = durations.parse(value)
        else:
            raise ValueError(value)
    except ValueError:
        raise ValueError("expected a number of minutes (e.g. 12) or a time with a unit "
                         f"(e.g. '90 s'), got {shown(value)}") from None
    if not 0 < seconds <= MAX_MINUTES * 60:
        raise ValueError(f"expected a planned time above 0 and at most {MAX_MINUTES} minutes, "
                         f"got {shown(value)}")
    return round(seconds)


def overbooked(section) -> list[Problem]:
    """The slide whose planned time takes its section past the section's minutes."""
    if section.seconds is None:
        return []
    total = 0
    for slide in section.slides:
        total += slide.seconds or 0
        if total > section.seconds:
            return [Problem(Location(section.file, slide.line),
                            f"the slides' planned times reach {total / 60:g} min here, more "
                            f"than the section's minutes ({section.seconds / 60:g}); raise "
                            "'minutes' in the front matter or shorten a slide's time")]
    return []
