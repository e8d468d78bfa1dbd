"""Readability of a template: every text notedeck places, against what lies behind it.

WCAG AA asks 4.5:1 for text and 3:1 for large text (18 pt, or 14 pt bold).
Colours come from the template (theme slots through the master's colour map,
the placeholders' styles); behind a text is the topmost filled shape of the
master or layout there, else the slide's background. A picture behind the
text cannot be judged and is left alone.
"""

from __future__ import annotations

from notedeck.errors import Location, Problem
from notedeck.layout.mapping import Template
from notedeck.layout import styles
from notedeck.layout.styles import Ink

NORMAL, LARGE = 4.5, 3.0
# What each placeholder holds, and whether its text is large at its smallest size.
LARGE_SLOTS = {"title", "number", "subtitle", "headline"}


def contrast(template: Template) -> list[Problem]:
    """A warning for each placeholder whose text would read below WCAG AA."""
    found, seen = [], set()
    for mapped in template.roles.values():
        layout = mapped.layout
        placed = [*mapped.slots.items(), ("footer", mapped.footer),
                  ("slide_number", mapped.number)]
        for slot, ph in placed:
            if ph is None or ph.box is None or slot in ("chart", "table"):
                continue
            ink = ph.style.colour
            behind = layout.under(ph.box)
            key = (layout.name, layout.master, ph.position)
            if ink is None or behind is None or key in seen:
                continue
            seen.add(key)
            problem = check(ink, behind, slot in LARGE_SLOTS,
                            f"text in placeholder {ph.describe()} of {layout.label()}",
                            template.file)
            if problem:
                found.append(problem)
    found.extend(_own_shapes(template))
    return found


# What notedeck draws itself on a role's slides: (roles, what, text, behind, large).
_OWN = (
    (("content", "chart-and-text"), "big figures", "accent", "behind", True),
    (("content", "chart-and-text", "sources"), "details and notes", "muted", "behind", False),
    (("content", "chart-and-text", "table"), "text on callouts and highlighted rows",
     "on_band", "band", False),
    (("table",), "table headers", "on_header", "header", False),
)


def _own_shapes(template: Template) -> list[Problem]:
    found, seen = [], set()
    for roles, what, text, behind, large in _OWN:
        for role in roles:
            look = template.looks.get(role)
            if look is None:
                continue
            ink, back = getattr(look, text), getattr(look, behind)
            if back is None or (what, ink, back) in seen:
                continue
            seen.add((what, ink, back))
            slot = f" ({ink.slot})" if ink.slot else ""
            problem = check(ink, back, large, f"{what}{slot} on the slides of role '{role}'",
                            template.file)
            if problem:
                found.append(problem)
    return found


def check(ink: Ink, behind: Ink, large: bool, what: str, file: str) -> Problem | None:
    """A warning when `ink` on `behind` is below the WCAG AA ratio for its size."""
    ratio = contrast_ratio(ink, behind)
    need = LARGE if large else NORMAL
    if ratio >= need:
        return None
    return Problem(Location(file), (
        f"{what}: {ink.rgb} on {behind.rgb} has a contrast of {ratio:.2f}:1; WCAG AA asks "
        f"at least {need:g}:1 for {'large ' if large else ''}text. Change the text colour or "
        "what lies behind it in the template"), "warning")


def contrast_ratio(a: Ink, b: Ink) -> float:
    return styles.contrast(a.rgb, b.rgb)
