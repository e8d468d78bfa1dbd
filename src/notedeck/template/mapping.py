"""A template resolved for the planner: every role mapped, pins applied, faults listed at once.

`resolve(info, pins, map_file)` returns the Template and every problem found:
roles no layout can serve (with the placeholder types each needs), pins that
name no layout or placeholder (at their line in template.yaml), placeholders
without a position, outside the slide, or overlapping one another.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field, replace
from typing import Protocol

from notedeck.errors import Location, Problem
from notedeck.template import places, resize, roles
from notedeck.template.adapt import MIN_SIDE_IN, adapt, too_small
from notedeck.template.geometry import Frame, Layout, Placeholder, TemplateInfo
from notedeck.template.roles import ROLES, Mapped, Role


class Pin(Protocol):
    """A role pinned in the note's template.yaml (readers/templatemap.py makes them)."""

    role: str
    layout: str
    master: str | int | None
    slots: tuple[tuple[str, str | int, int | None], ...]   # (slot, placeholder, line)
    line: int | None


@dataclass(frozen=True)
class Template:
    """The template as the planner sees it: each role's placeholders as frames."""

    info: TemplateInfo
    roles: dict[str, Mapped]
    looks: dict = field(default_factory=dict)   # role -> colours.Look
    adapted: tuple = ()          # warnings: what notedeck changed to make the template work

    def look(self, role: str):
        """The colours and typeface of notedeck's own shapes on a role's slides."""
        return self.looks[role]

    @property
    def slide_w(self) -> float:
        return self.info.slide_w

    @property
    def slide_h(self) -> float:
        return self.info.slide_h

    @property
    def file(self) -> str:
        return self.info.file

    def has(self, role: str, slot: str) -> bool:
        return slot in self.roles[role].slots

    def frame(self, role: str, slot: str) -> Frame:
        mapped = self.roles[role]
        if slot == "footer":
            return mapped.footer.frame(mapped.layout)
        if slot == "slide_number":
            return mapped.number.frame(mapped.layout)
        return mapped.slots[slot].frame(mapped.layout)

    def has_footer(self, role: str) -> bool:
        """Whether the role's slides carry a footer text (in a placeholder of the template)."""
        return self.roles[role].footer is not None

    def has_number(self, role: str) -> bool:
        """Whether the role's slides carry a slide number (the template's, or notedeck's own
        where the template has none)."""
        return self.roles[role].number is not None

    def heading_face(self):
        """The font that measures slide titles (faces.Face)."""
        return self.frame("content", "title").face if "content" in self.roles else None

    def body_face(self):
        """The font that measures body text (faces.Face)."""
        return self.frame("content", "body").face if "content" in self.roles else None



def resolve(info: TemplateInfo, pins: tuple[Pin, ...] = (), map_file: str = "template.yaml"
            ) -> tuple[Template, list[Problem]]:
    """Every role mapped (pinned ones first), and every problem of the template at once."""
    info, resized = resize.fit_slide(info)
    problems: list[Problem] = []
    pinned: dict[str, Mapped] = {}
    for pin in pins:
        mapped = _apply_pin(pin, info, map_file, problems)
        if mapped is not None:
            pinned[pin.role] = mapped
    mapped_roles: dict[str, Mapped] = {}
    outside: list[tuple[Placeholder, Layout]] = []
    adapted: list[Problem] = []
    for name, role in ROLES.items():
        found = pinned.get(name) or (None if any(p.role == name for p in pins)
                                     else roles.choose(role, info))
        if found is None:
            if not any(p.role == name for p in pins):
                problems.append(_missing_role(role, info))
            continue
        adapted.extend(_note(info.file, n) for n in found.notes)
        found, notes, faults = adapt(found, info, info.file)
        mapped_roles[name] = found
        adapted.extend(notes)
        problems.extend(faults)
        problems.extend(_geometry(found, info, outside))
    if outside:
        problems.append(_problem(info.file, _outside(outside, info)))
    adapted[:0] = [*resized, *_drawn_notes(mapped_roles, info.file)]
    from notedeck.template.colours import look
    from notedeck.template.legible import legible

    seen: set = set()
    for name, m in mapped_roles.items():
        mapped_roles[name], notes = legible(m, info.masters[m.layout.master].theme, info.file,
                                            seen)
        adapted.extend(notes)
    for name, m in mapped_roles.items():
        mapped_roles[name] = _with_room(m, info)
    looks = {name: look(m, info.masters[m.layout.master].theme)
             for name, m in mapped_roles.items()}
    adapted.extend(_series_notes(mapped_roles, info))
    return Template(info, mapped_roles, looks, tuple(_unique(adapted))), _unique(problems)


ROOMY = ("title", "subtitle", "details", "headline", "number")   # texts that do not flow on


def _with_room(mapped: Mapped, info: TemplateInfo) -> Mapped:
    """Each short text's placeholder with the room below it its text may run into."""
    from notedeck.template.legible import restyled

    changed = {}
    for slot, ph in mapped.slots.items():
        if slot not in ROOMY or ph.box is None:
            continue
        others = tuple(o.box for o in (*mapped.slots.values(), mapped.footer, mapped.number)
                       if o is not None and o is not ph and o.box is not None)
        found = places.room(ph, mapped.layout, info, others)
        if found is not None:
            changed[id(ph)] = replace(ph, room=found)
    return restyled(mapped, changed) if changed else mapped


def _drawn_notes(mapped_roles: dict[str, Mapped], file: str) -> list[Problem]:
    """One warning per layout where notedeck places text boxes of its own: the roles, the
    parts and where."""
    by_layout: dict[tuple, list[Mapped]] = {}
    for m in mapped_roles.values():
        if any(ph.drawn for ph in m.slots.values()):
            by_layout.setdefault((m.layout.master, m.layout.index), []).append(m)
    notes = []
    for found in by_layout.values():
        layout = found[0].layout
        parts = list(dict.fromkeys(s for m in found for s, ph in m.slots.items() if ph.drawn))
        boxes = [ph.box for m in found for ph in m.slots.values() if ph.drawn]
        x, y = min(b.x for b in boxes), min(b.y for b in boxes)
        right, bottom = max(b.right for b in boxes), max(b.bottom for b in boxes)
        lacks = ("no placeholder" if not any(roles.usable(p) for p in layout.placeholders)
                 else "no placeholder for " + ", ".join(parts))
        notes.append(_note(file, (
            f"{layout.label()} has {lacks}: notedeck places {', '.join(parts)} of "
            f"{', '.join(m.role.what for m in found)} itself, in text boxes (a chart or table "
            f"in its place) in the layout's free area, clear of its pictures and shapes, "
            f"within {x:.2f}, {y:.2f} in ({right - x:.2f} x {bottom - y:.2f} in)")))
    return notes


def _series_notes(mapped_roles: dict[str, Mapped], info: TemplateInfo) -> list[Problem]:
    """A warning for each theme accent a chart's series cannot take as it is, once."""
    from notedeck.template.colours import chart_backing, series

    notes = []
    for name in ("chart", "chart-and-text"):
        m = mapped_roles.get(name)
        if m is None:
            continue
        chart = m.slots.get("chart")
        behind = m.layout.behind_chart(chart.box) if chart is not None and chart.box else ()
        theme = info.masters[m.layout.master].theme
        backing = chart_backing(theme, behind)
        if backing is not None:
            notes.append(_note(info.file, (
                f"chart on {m.layout.label()}: its box lies "
                + ("on a picture" if None in behind else
                   f"across grounds the series do not read on at 3:1 with a margin "
                   f"({', '.join(sorted({c for c in behind if c}))})")
                + f"; notedeck fills the chart's area with {backing.rgb}"
                f"{f' ({backing.slot})' if backing.slot else ''}")))
            behind = (backing.rgb,)
        _, said = series(theme, behind)
        if said:
            notes.append(_note(info.file, f"chart series on {m.layout.label()}: {said}"))
    return notes


def _note(file: str, message: str) -> Problem:
    return Problem(Location(file), message, "warning")


def _problem(file: str, message: str, line: int | None = None) -> Problem:
    return Problem(Location(file, line), message)


def _missing_role(role: Role, info: TemplateInfo) -> Problem:
    near = roles.closest(role, info)
    hint = ""
    if near is not None:
        layout, missing = near
        hint = (f"; nearest is {layout.label()}, which lacks a placeholder for "
                + ", ".join(s.what for s in missing))
    return _problem(info.file, f"no layout can serve as {role.what} (role '{role.name}'): it "
                               f"needs {roles.needs(role)}{hint}. Add such a layout, or pin "
                               "one in template.yaml (see docs/templates.md)")


# --- pins ------------------------------------------------------------------------------

def _apply_pin(pin: Pin, info: TemplateInfo, map_file: str,
               problems: list[Problem]) -> Mapped | None:
    def bad(message: str, line: int | None = pin.line) -> None:
        problems.append(_problem(map_file, message, line))

    role = ROLES.get(pin.role)
    if role is None:
        bad(f"unknown role '{pin.role}'{_did_you_mean(pin.role, list(ROLES))}; roles are: "
            + ", ".join(ROLES))
        return None
    layout = _pinned_layout(pin, info, bad, roles.home(role, info))
    if layout is None:
        return None
    slots: dict[str, Placeholder] = {}
    for slot_name, wanted, line in pin.slots:
        ph = _pinned_placeholder(role, layout, slot_name, wanted, line, info, bad)
        if ph is not None:
            slots[slot_name] = ph
    rest = _rest(role, layout, slots)
    missing = [s for s in role.slots if s.required and s.name not in rest]
    if missing:
        bad(f"{layout.label()} in {info.file} has no placeholder for "
            + ", ".join(f"{s.what} ('{s.name}': {roles.words(s.types)})" for s in missing)
            + f"; its placeholders are: {_listing(layout)}")
        return None
    master = info.masters[layout.master]
    footer, number = (roles.furniture(layout, master.footer, master.number) if role.footer
                      else (None, None))
    return Mapped(role, layout, rest, footer, number, f"pinned in {map_file}")


def _rest(role: Role, layout: Layout, pinned: dict[str, Placeholder]) -> dict[str, Placeholder]:
    """Pinned slots, and the others assigned from the layout's remaining placeholders."""
    taken = {ph.position for ph in pinned.values()}
    free = replace(layout, placeholders=tuple(ph for ph in layout.placeholders
                                              if ph.position not in taken))
    auto, _ = roles.assign(role, free)
    return {**{k: v for k, v in auto.items() if k not in pinned}, **pinned}


def _pinned_layout(pin: Pin, info: TemplateInfo, bad, home: int) -> Layout | None:
    """The layout a pin names: in its master if it names one, else in the master the role
    would have come from, else in the first master that has it."""
    masters = sorted(info.masters, key=lambda m: m.index != home)
    if pin.master is not None:
        chosen = [m for m in masters if pin.master in (m.index + 1, m.name)]
        if not chosen:
            bad(f"{info.file} has no master {pin.master!r}; masters are: "
                + ", ".join(f"{m.index + 1} ({m.name!r})" for m in info.masters))
            return None
        masters = tuple(chosen)
    for master in masters:
        for layout in master.layouts:
            if layout.name == pin.layout:
                return layout
    names = info.layout_names()
    bad(f"{info.file} has no layout {pin.layout!r}{_did_you_mean(pin.layout, names)}; "
        "layouts are: " + ", ".join(repr(n) for n in names))
    return None


def _pinned_placeholder(role: Role, layout: Layout, slot_name: str, wanted, line,
                        info: TemplateInfo, bad) -> Placeholder | None:
    slot_names = [s.name for s in role.slots]
    if slot_name not in slot_names:
        bad(f"role '{role.name}' has no placeholder '{slot_name}'"
            f"{_did_you_mean(slot_name, slot_names)}; it has: {', '.join(slot_names)}", line)
        return None
    slot = role.slot(slot_name)
    if isinstance(wanted, int):
        found = [ph for ph in layout.placeholders if ph.idx == wanted]
    else:
        found = [ph for ph in layout.placeholders if ph.name == wanted]
    if len(found) != 1:
        problem = "no placeholder" if not found else f"{len(found)} placeholders"
        hint = "; name it instead of giving its idx" if len(found) > 1 else ""
        bad(f"{layout.label()} in {info.file} has {problem} "
            f"{'idx ' + str(wanted) if isinstance(wanted, int) else repr(wanted)}{hint}; "
            f"its placeholders are: {_listing(layout)}", line)
        return None
    ph = found[0]
    if ph.furniture:
        bad(f"placeholder {ph.describe()} of layout {layout.name!r} is a date, footer or "
            f"slide-number placeholder; it cannot hold {slot.what}", line)
        return None
    if ph.type not in slot.types or ph.box is None:
        bad(f"placeholder {ph.describe()} of layout {layout.name!r} cannot hold {slot.what}; "
            f"it needs a {roles.words(slot.types)} placeholder", line)
        return None
    return ph


def _listing(layout: Layout) -> str:
    return ", ".join(ph.describe() for ph in layout.placeholders) or "none"


def _did_you_mean(word: str, choices: list[str]) -> str:
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}" if close else ""


# --- geometry --------------------------------------------------------------------------

def _geometry(mapped: Mapped, info: TemplateInfo,
              outside: list[tuple[Placeholder, Layout]]) -> list[Problem]:
    """Text placeholders of a role too small for a line of text; those outside the slide are
    added to `outside`. (Overlaps, footers and edges are adapt.py's.)"""
    found = []
    layout = mapped.layout
    furniture = [ph for ph in (mapped.footer, mapped.number) if ph is not None and not ph.drawn]
    for ph in (*mapped.slots.values(), *furniture):
        if ph.box is None:
            continue
        if too_small(ph):
            found.append(_problem(info.file, (
                f"placeholder {ph.describe()} of {layout.label()} is {ph.box.w:.2f} x "
                f"{ph.box.h:.2f} in; a placeholder notedeck fills needs at least "
                f"{MIN_SIDE_IN:.2f} in each way, inside its margins")))
        elif not roles.inside(ph.box, info.slide_w, info.slide_h):
            if all(ph is not seen for seen, _ in outside):
                outside.append((ph, layout))
    return found


def _outside(outside: list[tuple[Placeholder, Layout]], info: TemplateInfo) -> str:
    """One problem for every placeholder off the slide: the slide size does not suit them."""
    right = max(ph.box.right for ph, _ in outside)
    bottom = max(ph.box.bottom for ph, _ in outside)
    named = "; ".join(f"{ph.describe()} of layout {layout.name!r}" for ph, layout in outside[:6])
    more = f"; and {len(outside) - 6} more" if len(outside) > 6 else ""
    return (f"the slide is {info.slide_w:.2f} x {info.slide_h:.2f} in, but {len(outside)} "
            f"placeholder(s) reach outside it, as far as {right:.2f} x {bottom:.2f} in "
            f"({named}{more}): the layouts were drawn for another slide size. Change the slide "
            "size with the layouts scaled to it (PowerPoint: Design > Slide Size > Ensure "
            "Fit; LibreOffice: Slide > Slide Properties, with 'Fit object to paper format')")


def _unique(problems: list[Problem]) -> list[Problem]:
    seen, out = set(), []
    for problem in problems:
        if str(problem) not in seen:
            seen.add(str(problem))
            out.append(problem)
    return out
