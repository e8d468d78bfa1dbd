"""Readability of a template: every text notedeck places, against what lies behind it.

WCAG AA asks 4.5:1 for text and 3:1 for large text (18 pt, or 14 pt bold). Colours come
from the template (theme slots through the master's colour map, the placeholders' styles);
what lies behind a text, and how well the text reads on it, is legible.py's: the slide as a
person sees it there, translucent shapes and gradients included. Placeholder colours that
would not read were already replaced when the template was resolved, each with a warning
(`Template.adapted`); the warnings here are for what remains. A picture behind a text
cannot be judged and is left alone.
"""

from __future__ import annotations

from notedeck.errors import Location, Problem
from notedeck.template.legible import LARGE, LARGE_SLOTS, NORMAL, behind_text, placed, reads_at
from notedeck.template.mapping import Template
from notedeck.template.styles import Ink


def contrast(template: Template) -> list[Problem]:
    """A warning for each placeholder whose text would read below WCAG AA, and for each of
    notedeck's own texts; first the colours notedeck changed to make a text read."""
    found, seen = list(template.adapted), set()
    for mapped in template.roles.values():
        layout = mapped.layout
        for slot, ph in placed(mapped):
            if ph is None or ph.box is None or ph.style.colour is None:
                continue
            key = (layout.name, layout.master, ph.position)
            if key in seen:
                continue
            seen.add(key)
            problem = check(ph.style.colour, behind_text(layout, slot, ph),
                            slot in LARGE_SLOTS,
                            f"text in placeholder {ph.describe()} of {layout.label()}",
                            template.file)
            if problem:
                found.append(problem)
    found.extend(_own_shapes(template))
    return found


# What notedeck draws itself on a role's slides: (roles, what, text, behind, large).
_OWN = (
    (("content", "chart-and-text"), "big figures", "figure", "behind", True),
    (("content", "chart-and-text", "sources"), "details and notes", "muted", "behind", False),
    (("content", "chart-and-text", "table"), "text on callouts and highlighted rows",
     "on_band", "band", False),
    (("table",), "table headers", "on_header", "header", False),
    (("chart", "chart-and-text"), "chart text, axes and labels", "text", "chart_behind",
     False),
)


def _own_shapes(template: Template) -> list[Problem]:
    found, seen = [], set()
    for roles, what, text, behind, large in _OWN:
        for role in roles:
            look = template.looks.get(role)
            if look is None:
                continue
            ink, back = getattr(look, text), getattr(look, behind)
            back = (back.rgb,) if isinstance(back, Ink) else tuple(back)
            if (what, ink, back) in seen:
                continue
            seen.add((what, ink, back))
            slot = f" ({ink.slot})" if ink.slot else ""
            problem = check(ink, list(back), large,
                            f"{what}{slot} on the slides of role '{role}'", template.file)
            if problem:
                found.append(problem)
    return found


def check(ink: Ink, behind: list[str | None], large: bool, what: str,
          file: str) -> Problem | None:
    """A warning when `ink` reads below the WCAG AA ratio for its size on the colours sampled
    behind it; nothing when a picture lies behind (None among them)."""
    if not behind or any(colour is None for colour in behind):
        return None
    ratio, worst = reads_at(ink.rgb, behind)
    need = LARGE if large else NORMAL
    if ratio >= need:
        return None
    return Problem(Location(file), (
        f"{what}: {ink.rgb} on {worst} has a contrast of {ratio:.2f}:1; WCAG AA asks "
        f"at least {need:g}:1 for {'large ' if large else ''}text. Change the text colour or "
        "what lies behind it in the template"), "warning")
