"""Roles, not exact names: which layout of a template serves each kind of slide, and which
of its placeholders holds what.

notedeck needs seven roles. Each is mapped to one layout, across every slide
master: the layout pinned for it in the note's template.yaml; else the first
layout whose name says the role ("Title Slide", "Section Header", "Two
Content", ...) and which has the placeholders it needs; else the layout whose
placeholder types fit best. A date, footer, slide-number or header
placeholder never holds one of our texts. Pure: plain data in, plain data out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from notedeck.template import names, places
from notedeck.template.geometry import Box, Layout, Placeholder, TemplateInfo

TITLES = ("ctrTitle", "title")
TEXT = ("body", "obj", "subTitle")


@dataclass(frozen=True)
class Slot:
    name: str
    types: tuple[str, ...]       # placeholder types that may hold it, preferred first
    required: bool
    what: str                    # for messages: "the chart"
    pick: str = "area"           # "type": by preferred type first; "area": largest first;
                                 # "below": nearest below the role's main placeholder;
                                 # "small": a placeholder clearly smaller than the main one
    bonus: float = 3             # how much filling it (when optional) favours a layout


@dataclass(frozen=True)
class Role:
    name: str
    what: str
    slots: tuple[Slot, ...]
    footer: bool = True          # carries the footer and slide number

    def slot(self, name: str) -> Slot:
        return next(s for s in self.slots if s.name == name)

    @property
    def main(self) -> str:
        """The slot a caption sits below: the role's first required slot after the title."""
        return next(s.name for s in self.slots[1:] if s.required)


def _title(what: str = "the slide title") -> Slot:
    return Slot("title", TITLES, True, what, "type")


def _caption() -> Slot:
    return Slot("caption", ("body",), False, "the caption", "below")


ROLES: dict[str, Role] = {role.name: role for role in (
    Role("title", "the title slide", (
        _title("the deck's title"),
        Slot("subtitle", ("subTitle", "body", "obj"), True, "the subtitle", "type"),
        Slot("details", ("body", "obj", "subTitle"), False, "the audience, author and date")),
        footer=False),
    Role("section", "a section divider", (
        _title("the section title"),
        Slot("headline", ("subTitle", "body", "obj"), True, "the section's headline", "type"),
        Slot("number", ("body", "obj"), False, "the section number", "small"))),
    Role("content", "a slide of text", (
        _title(), Slot("body", ("body", "obj"), True, "the text"))),
    Role("chart", "a chart slide", (
        _title(), Slot("chart", ("chart", "pic", "obj"), True, "the chart"), _caption())),
    Role("chart-and-text", "a chart with text beside it", (
        _title(), Slot("chart", ("chart", "pic", "obj"), True, "the chart"),
        Slot("side", ("body", "obj"), True, "the text beside the chart"), _caption())),
    Role("table", "a table slide", (
        _title(), Slot("table", ("tbl", "obj", "body"), True, "the table"), _caption())),
    Role("sources", "the sources slide", (
        _title(), Slot("sources", ("body", "obj"), True, "the list of sources"),
        Slot("boundaries", ("body", "obj"), False, "the note's boundaries", bonus=0))),
)}
TYPE_WORDS = {"ctrTitle": "centred title", "title": "title", "subTitle": "subtitle",
              "body": "body", "obj": "object", "pic": "picture", "chart": "chart",
              "tbl": "table"}
# The shipped template's layouts hold each slot at a fixed idx.
SHIPPED = {
    "title": ("Title", {"title": 0, "subtitle": 1, "details": 13}),
    "section": ("Section", {"title": 0, "headline": 1, "number": 13}),
    "content": ("Content", {"title": 0, "body": 1}),
    "chart": ("Chart", {"title": 0, "chart": 1, "caption": 14}),
    "chart-and-text": ("Chart and Text", {"title": 0, "chart": 1, "side": 2, "caption": 14}),
    "table": ("Table", {"title": 0, "table": 1, "caption": 14}),
    "sources": ("Sources", {"title": 0, "sources": 1, "boundaries": 2}),
}

SHIPPED_LAYOUTS = tuple(name for name, _ in SHIPPED.values())


@dataclass(frozen=True)
class Mapped:
    """One role's layout and the placeholder of each slot it fills."""

    role: Role
    layout: Layout
    slots: dict[str, Placeholder]
    footer: Placeholder | None
    number: Placeholder | None
    how: str                     # "named 'Content'", "by its placeholder types", "pinned"
    notes: tuple[str, ...] = ()  # what notedeck did where the layout lacks a placeholder


def words(types: tuple[str, ...]) -> str:
    said = list(dict.fromkeys(TYPE_WORDS.get(t, t) for t in types))
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " or " + said[-1]


def usable(ph: Placeholder) -> bool:
    return not ph.furniture and not ph.vertical and ph.box is not None


# --- assigning slots within one layout ---------------------------------------------------

def assign(role: Role, layout: Layout, by_idx: dict[str, int] | None = None
           ) -> tuple[dict[str, Placeholder], list[Slot]]:
    """The placeholder each slot gets in a layout, and the required slots left empty."""
    free = [ph for ph in layout.placeholders if usable(ph)]
    slots: dict[str, Placeholder] = {}
    if by_idx:
        for slot, idx in by_idx.items():
            ph = next((p for p in free if p.idx == idx and p.type in role.slot(slot).types), None)
            if ph is not None:
                slots[slot] = ph
                free.remove(ph)
    order = sorted(role.slots, key=lambda s: (not s.required, s.pick in ("below", "small")))
    for slot in order:
        if slot.name in slots:
            continue
        ph = _pick(slot, free, slots.get(role.main))
        if ph is not None:
            slots[slot.name] = ph
            free.remove(ph)
    missing = [slot for slot in role.slots if slot.required and slot.name not in slots]
    return slots, missing


def _pick(slot: Slot, free: list[Placeholder], main: Placeholder | None) -> Placeholder | None:
    fits = [ph for ph in free if ph.type in slot.types]
    if slot.pick == "below":
        if main is None:
            return None
        fits = [ph for ph in fits if ph.box.y >= main.box.bottom - 0.05
                and ph.box.overlap(main.box)[0] > 0.5 * min(ph.box.w, main.box.w)]
        return min(fits, key=lambda ph: ph.box.y, default=None)
    if slot.pick == "small":
        if main is None:
            return None
        fits = [ph for ph in fits if ph.box.area < 0.8 * main.box.area]
        return min(fits, key=lambda ph: (ph.box.area, ph.box.y), default=None)
    if slot.pick == "type":
        return min(fits, key=lambda ph: (slot.types.index(ph.type), -ph.box.area, ph.box.x),
                   default=None)
    return min(fits, key=lambda ph: (-round(ph.box.area, 2), ph.box.x, ph.box.y), default=None)


OVERLAP_IN = 0.05            # placeholders may touch; sharing more than this is a fault


def overlaps(placeholders) -> list[tuple[Placeholder, Placeholder, float, float]]:
    """Pairs of placeholders that share more than a sliver, with the width and height shared."""
    placed = [ph for ph in placeholders if ph is not None and ph.box is not None]
    found = []
    for i, a in enumerate(placed):
        for b in placed[i + 1:]:
            w, h = a.box.overlap(b.box)
            if w > OVERLAP_IN and h > OVERLAP_IN:
                found.append((a, b, w, h))
    return found


def _clean(role: Role, layout: Layout, slots: dict[str, Placeholder], info) -> bool:
    footer, number = _furniture_of(role, layout, info)
    return not overlaps([*slots.values(), footer, number])


def _furniture_of(role: Role, layout: Layout, info):
    if not role.footer:
        return None, None
    master = info.masters[layout.master]
    return furniture(layout, master.footer, master.number)


def furniture(layout: Layout, master_footer, master_number):
    """The footer and slide-number placeholders: the layout's own, else its master's."""
    footer = next(iter(layout.by_type("ftr")), None) or master_footer
    number = next(iter(layout.by_type("sldNum")), None) or master_number
    return footer, number


# --- choosing a layout -------------------------------------------------------------------

def score(role: Role, layout: Layout, slots: dict[str, Placeholder], slide_area: float) -> float:
    """How well a layout that fills every required slot suits the role: its main box large,
    its optional slots filled, no placeholder left over, the title above the content."""
    used = {ph.position for ph in slots.values()}
    extra = sum(1 for ph in layout.placeholders if usable(ph) and ph.position not in used)
    main = slots[role.main]
    value = 10 * main.box.area / slide_area - 10 * extra
    value += sum(s.bonus for s in role.slots if not s.required and s.name in slots)
    if role.footer:
        value += 2 * bool(layout.by_type("ftr")) + 2 * bool(layout.by_type("sldNum"))
    title = slots["title"]
    if title.box.y > main.box.y + 0.05:
        value -= 20
    if role.name in ("title", "section"):
        value += 2 * (title.type == "ctrTitle") + 2 * (main.type == "subTitle")
    return value


def choose(role: Role, info: TemplateInfo) -> Mapped | None:
    """The layout for a role, in the master the template means for the roles (see `home`):
    by its name, else by its placeholder types; else with a chart in a text placeholder's
    box; else a layout of another master that has every placeholder; else notedeck's own
    boxes in a layout's free area (places.py)."""
    preferred = home(role, info)
    mine = [layout for layout in info.layouts() if layout.master == preferred]
    others = [layout for layout in info.layouts() if layout.master != preferred]
    for group, steps in ((mine, (_by_name, _by_types, _relaxed)), (others, (_by_name, _by_types)),
                         (mine, (_drawn,)), (others, (_relaxed, _drawn))):
        for step in steps:
            found = step(role, group, info)
            if found is not None:
                return found
    return None


def home(role: Role, info: TemplateInfo) -> int:
    """The master the roles belong to: the one that serves most roles, with placeholders
    clear of each other, a footer and slide number, and least decoration over its text."""
    return max((m.index for m in info.masters), key=lambda m: _suits(info, m))


def _suits(info: TemplateInfo, master: int) -> tuple:
    layouts = [layout for layout in info.layouts() if layout.master == master]
    served = clean = 0
    for role in ROLES.values():
        fits = [(layout, assign(role, layout)) for layout in layouts]
        fits = [(layout, slots) for layout, (slots, missing) in fits if not missing]
        served += bool(fits)
        clean += any(_clean(role, layout, slots, info) for layout, slots in fits)
    own = info.masters[master]
    furnished = any(None not in furniture(layout, own.footer, own.number) for layout in layouts)
    return served, clean, furnished, -round(_covered(layouts), 1), -master


def _covered(layouts: list[Layout]) -> float:
    """The share of a content layout's text area that decoration (filled shapes, pictures)
    lies over: 0 clear, 1 covered."""
    for layout in layouts:
        slots, missing = assign(ROLES["content"], layout)
        if missing:
            continue
        return layout.backdrop.covered(slots["body"].box)
    return 1.0


def _by_name(role: Role, layouts: list[Layout], info: TemplateInfo) -> Mapped | None:
    """The first layout named for the role that has what it needs (a clean one first: a
    named layout whose placeholders overlap is still used, and the overlap reported)."""
    shipped_name, shipped_idx = SHIPPED[role.name]
    found = []
    for layout in layouts:
        if names.says(role.name, layout.name):
            by_idx = shipped_idx if layout.name == shipped_name else None
            slots, missing = assign(role, layout, by_idx)
            if not missing:
                found.append((not _clean(role, layout, slots, info), len(found), layout, slots))
    if not found:
        return None
    _, _, layout, slots = min(found, key=lambda f: f[:2])
    return _mapped(role, layout, slots, info, f"named {layout.name!r}")


def _by_types(role: Role, layouts: list[Layout], info: TemplateInfo) -> Mapped | None:
    """The layout whose placeholders suit the role best (see `score`), one whose text
    placeholders are clear of each other first."""
    best, best_key = None, None
    slide_area = max(info.slide_w * info.slide_h, 1e-9)
    for layout in layouts:
        slots, missing = assign(role, layout)
        if missing:
            continue
        if "chart" in slots and names.photo(layout.name):
            continue                  # a photograph's box, not a chart's
        value = score(role, layout, slots, slide_area)
        value -= 5 * (not _clean(role, layout, slots, info))    # a footer over text: adapted
        key = (not overlaps(slots.values()), value)              # text over text: refused
        if best_key is None or key[0] > best_key[0] or (
                key[0] == best_key[0] and key[1] > best_key[1] + 1e-9):
            best, best_key = (layout, slots), key
    if best is None:
        return None
    return _mapped(role, best[0], best[1], info, "by its placeholder types")


RELAXED = ("body", "subTitle")   # text placeholders a chart may take the box of


def _relaxed(role: Role, layouts: list[Layout], info: TemplateInfo) -> Mapped | None:
    """A role with a chart mapped to a layout with a text placeholder where the chart goes
    (Google Slides makes no chart, picture or object placeholder)."""
    if not any(s.name == "chart" for s in role.slots):
        return None
    found = None
    for extra in (RELAXED[:1], RELAXED):      # a body's box first: a subtitle's is a strip
        wider = replace(role, slots=tuple(
            replace(s, types=s.types + extra) if s.name == "chart" else s for s in role.slots))
        found = _by_name(wider, layouts, info) or _by_types(wider, layouts, info)
        if found is not None:
            break
    if found is None:
        return None
    chart = found.slots["chart"]
    if chart.type not in RELAXED:
        return replace(found, role=role)
    note = (f"{found.layout.label()} has no chart, picture or object placeholder: notedeck "
            f"places the chart in the box of its {TYPE_WORDS[chart.type]} placeholder "
            f"{chart.describe()}")
    return replace(found, role=role, notes=(note,))


def _drawn(role: Role, layouts: list[Layout], info: TemplateInfo) -> Mapped | None:
    """A layout with a title but no placeholder for the rest, or with no placeholder at all,
    and notedeck's own boxes in its free area for what it lacks."""
    kin = {"section": "title", "title": "title"}.get(role.name, "content")
    found = []
    for layout in layouts:
        made = _drawn_in(role, layout, info)
        if made is not None:
            slots, area = made
            drawn = sum(ph.drawn for ph in slots.values())
            found.append(((drawn, not names.says(role.name, layout.name),
                           not names.says(kin, layout.name), -area.area, layout.master,
                           layout.index), layout, slots))
    if not found:
        return None
    _, layout, slots = min(found, key=lambda f: f[0])
    return _mapped(role, layout, slots, info, "in text boxes of notedeck's own, in its free area")


def _drawn_in(role: Role, layout: Layout, info: TemplateInfo):
    """(slots, free area) for a role on a layout that has at most its title; None otherwise."""
    own = [ph for ph in layout.placeholders if usable(ph)]
    title = min((ph for ph in own if ph.type in TITLES), key=lambda ph: ph.box.y, default=None)
    if own and title is None:
        return None
    top = title.box.bottom + places.GAP_IN if title is not None else 0.0
    area = places.free_area(layout, info, top, (title.box,) if title is not None else ())
    if area is None:
        return None
    master = info.masters[layout.master]
    slots = {"title": title} if title is not None else {}
    for i, (slot, box) in enumerate(places.boxes(role.name, area, title is not None).items()):
        style = master.title_style if slot == "title" else master.body_style
        anchor = "b" if slot == "title" and role.name in ("title", "section") else "t"
        slots[slot] = places.drawn(f"notedeck {slot}", "title" if slot == "title" else "body",
                                   box, style, -10 - i, anchor)
    return slots, area


def _mapped(role: Role, layout: Layout, slots, info: TemplateInfo, how: str) -> Mapped:
    """A role's layout and slots with the footer and slide number its slides carry."""
    master = info.masters[layout.master]
    footer, number = furniture(layout, master.footer, master.number) if role.footer else (
        None, None)
    return Mapped(role, layout, slots, footer, number, how)


def closest(role: Role, info: TemplateInfo) -> tuple[Layout, list[Slot]] | None:
    """The layout that misses fewest of a role's required slots, for a helpful message."""
    found = []
    for layout in info.layouts():
        _, missing = assign(role, layout)
        if len(missing) < len(role.slots):
            found.append((len(missing), layout.master, layout.index, layout, missing))
    if not found:
        return None
    _, _, _, layout, missing = min(found, key=lambda f: f[:3])
    return layout, missing


def needs(role: Role) -> str:
    """What a role needs, in words: "a title placeholder, a chart, picture or object
    placeholder for the chart, ..."."""
    parts = [f"a {words(s.types)} placeholder for {s.what}" for s in role.slots if s.required]
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]


def inside(box: Box, slide_w: float, slide_h: float, slack: float = 0.01) -> bool:
    return (box.x >= -slack and box.y >= -slack and box.right <= slide_w + slack
            and box.bottom <= slide_h + slack and box.w > 0 and box.h > 0)
