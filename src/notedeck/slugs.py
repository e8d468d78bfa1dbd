"""Names from files that become paths (an audience's output folder): one rule, checked first.

A slug is ASCII letters, digits, '-' and '_', starting with a letter or digit, at most 64
characters, and not a name notedeck gives its own outputs, nor one Windows reserves for a
device. So a slug can never climb out of a folder ('..'), hide ('.x'), reach notedeck's own
state ('.notedeck'), or take the place of an output ('web', the web page's folder).
"""

from __future__ import annotations

import re

PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
# notedeck's outputs by name, and the files and folders it writes into OUT without a dot in
# their names (tests/test_slugs.py holds this list to the registry).
OWN = frozenset({"deck", "handout", "json", "slides", "guide", "worksheet", "web", "print1",
                 "print2", "print3", "print4", "print6", "notedeck"})
DEVICES = frozenset({"con", "prn", "aux", "nul", *(f"com{n}" for n in range(10)),
                     *(f"lpt{n}" for n in range(10))})
RULE = ("use only ASCII letters, digits, '-' and '_', starting with a letter or digit, at "
        "most 64 characters")


def problem(name: str) -> str | None:
    """Why `name` cannot name a folder of notedeck's ("use only ...", "'web' is ..."), or
    None when it can."""
    if not PATTERN.fullmatch(name):
        return RULE
    if name.casefold() in OWN:
        return f"'{name}' is the name of one of notedeck's own outputs"
    if name.casefold() in DEVICES:
        return f"'{name}' names a device on Windows"
    return None


def is_slug(name: str) -> bool:
    return problem(name) is None
