"""A template's look per role, as plain data: what lies behind each role's slides, and each
slot's text colour and own shape.

What PowerPoint draws behind the text of a slide comes from the layout its role maps to (in
any slide master) and that layout's master: the background and the shapes that are not
placeholders (backdrop.py, read with the template), and under each placeholder the text goes
into, its own fill and line. The placeholders' text colours are their TextStyles, resolved
when the template was read.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from notedeck.template.backdrop import Backdrop, Decoration
from notedeck.template.mapping import Template
from notedeck.template.roles import Mapped


@dataclass(frozen=True)
class LayoutArt:
    """One role's slides: what lies behind the text, and each slot's text colour and shape."""

    backdrop: Backdrop = field(default_factory=lambda: Backdrop((0.0, 0.0)))
    ink: dict[str, str] = field(default_factory=dict)             # slot -> text colour
    shapes: dict[str, Decoration] = field(default_factory=dict)  # slot -> its fill and line
    caps: frozenset[str] = frozenset()                            # slots set in capitals

    @property
    def decorations(self) -> tuple[Decoration, ...]:
        return self.backdrop.decorations


@dataclass(frozen=True)
class TemplateArt:
    roles: dict[str, LayoutArt]

    def role(self, name: str) -> LayoutArt:
        return self.roles.get(name, LayoutArt())


def read_art(template: Template) -> TemplateArt:
    """Every mapped role's art, from the template as it was read."""
    return TemplateArt({name: _role_art(mapped, template) for name, mapped in
                        template.roles.items()})


def _role_art(mapped: Mapped, template: Template) -> LayoutArt:
    theme = template.info.masters[mapped.layout.master].theme
    slots = dict(mapped.slots)
    if mapped.footer is not None and mapped.number is not None:
        slots.update({"footer": mapped.footer, "slide_number": mapped.number})
    ink = {slot: (ph.style.colour or theme.ink("tx1")).rgb for slot, ph in slots.items()}
    shapes = {slot: ph.shape for slot, ph in slots.items() if ph.shape is not None}
    caps = frozenset(slot for slot, ph in slots.items() if ph.style.caps)
    return LayoutArt(mapped.layout.backdrop, ink, shapes, caps)
