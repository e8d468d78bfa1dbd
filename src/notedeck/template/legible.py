"""Text that reads on what lies behind it: how well it reads, and where a template's own text
colour does not, the theme colour notedeck sets instead.

Behind a text is what a person sees there (backdrop.py): the background with every shape
of the master and layout over it, translucent ones blended by their alpha, gradients taken
where the text sits, and the placeholder's own fill on top; sampled at points across the
box the text takes (inside its insets; for a slide number, the end of its box, where
notedeck sets the digits). A text reads at the contrast of the lowest sample but for the
lowest quarter, so a shape that only touches a corner of the box does not decide it.
"""

from __future__ import annotations

from dataclasses import replace

from notedeck.errors import Location, Problem
from notedeck.template import backdrop, paint
from notedeck.template.boxes import Box
from notedeck.template.roles import Mapped
from notedeck.template.styles import Ink, Theme, contrast

NORMAL, LARGE = 4.5, 3.0     # WCAG AA: text, and large text (18 pt, or 14 pt bold)
# Placeholders whose text is large at its smallest size.
LARGE_SLOTS = frozenset({"title", "number", "subtitle", "headline"})
UNREADABLE = 2 / 3           # below this share of what WCAG asks, a text is set in another colour
NUMBER_IN = 0.6              # the room a slide number's digits take at the end of its box
ROW_IN = 0.05                # rows of a text area are judged this far apart
KEEP = 0.5                   # a text area ends above what it does not read on while it keeps
                             # this share of its height


def reads_at(ink: str, behind) -> tuple[float, str]:
    """The contrast a text in `ink` has on the colours sampled behind it, and the colour that
    gives it; unknown colours (None: a picture) are skipped."""
    known = _contrasts(ink, behind)
    return known[len(known) // 4] if known else (float("inf"), "")


def reads_everywhere(ink: str, behind) -> tuple[float, str]:
    """The contrast a graphic in `ink` has on the worst colour sampled behind it, and that
    colour: a chart's line or bar crosses all of its ground, where a text's letters sit
    mostly on one part of it (reads_at)."""
    known = _contrasts(ink, behind)
    return known[0] if known else (float("inf"), "")


def _contrasts(ink: str, behind) -> list[tuple[float, str]]:
    """(contrast, colour) for each known colour behind, lowest first."""
    return sorted((contrast(ink, c), c) for c in behind if c is not None)


def readable_on(behind, choices: tuple[Ink, ...], enough: float = NORMAL) -> Ink:
    """The first choice that reads at `enough` on what lies behind it, else the one that
    reads best; the first when nothing behind can be told."""
    if not any(c is not None for c in behind):
        return choices[0]
    for choice in choices:
        if reads_at(choice.rgb, behind)[0] >= enough:
            return choice
    return max(choices, key=lambda choice: reads_at(choice.rgb, behind)[0])


def readable(fill: Ink, choices: tuple[Ink, ...], enough: float = NORMAL) -> Ink:
    """The first choice that reads at `enough` on a flat fill, else the one that reads best."""
    return readable_on((fill.rgb,), choices, enough)


def text_area(slot: str, ph) -> Box:
    """Where a placeholder's text lies: inside its insets, and for the slide number only the
    end of its box."""
    l, t, r, b = ph.insets
    box = ph.box
    inner = Box(box.x + l, box.y + t, max(box.w - l - r, 0.01), max(box.h - t - b, 0.01))
    if slot == "slide_number" and inner.w > NUMBER_IN:
        return Box(inner.right - NUMBER_IN, inner.y, NUMBER_IN, inner.h)
    return inner


def behind_text(layout, slot: str, ph) -> list[str | None]:
    """The colours behind a placeholder's text: the layout's, under the placeholder's own
    fill where it has one."""
    area = text_area(slot, ph)
    behind = layout.behind(area)
    shape = ph.shape
    if shape is None or shape.fill is None:
        return behind
    points = [(area.x + area.w * fx, area.y + area.h * fy)
              for fy in backdrop.SAMPLES_Y for fx in backdrop.SAMPLES_X]
    out = []
    for (x, y), below in zip(points, behind):
        shown = paint.colour_at(shape.fill, *shape.size, *shape.local(x, y))
        if shown is None or (below is None and shown[1] < 0.999):
            out.append(None)
        else:
            out.append(shown[0] if shown[1] >= 0.999 else paint.over(shown, below))
    return out


def placed(mapped: Mapped):
    """(slot, placeholder) of every text a role's slides carry, footer and number included."""
    return [*((s, ph) for s, ph in mapped.slots.items() if s not in ("chart", "table")),
            ("footer", mapped.footer), ("slide_number", mapped.number)]


def legible(mapped: Mapped, theme: Theme, file: str, seen: set) -> tuple[Mapped, list[Problem]]:
    """The role with every placeholder whose text would not read on what lies behind it (below
    two thirds of what WCAG AA asks) given the first theme colour that reads there (tx1, bg1,
    tx2 or bg2), and a warning for each."""
    changed, notes = {}, []
    for slot, ph in placed(mapped):
        if ph is None or ph.box is None or ph.style.colour is None:
            continue
        original = ph
        ph = _within_backing(mapped, slot, ph, file, notes, seen)
        if ph is not original:
            changed[id(original)] = ph
        behind = behind_text(mapped.layout, slot, ph)
        if any(c is None for c in behind):
            continue                  # a picture behind: its colours cannot be judged
        need = LARGE if slot in LARGE_SLOTS else NORMAL
        ratio, worst = reads_at(ph.style.colour.rgb, behind)
        if ratio >= need * UNREADABLE:
            continue                  # it reads, or nearly: the audit warns, the look stays
        choices = (ph.style.colour, *(theme.ink(s) for s in ("tx1", "bg1", "tx2", "bg2")))
        better = readable_on(behind, choices, need)
        gain = reads_at(better.rgb, behind)[0]
        if gain <= ratio:
            continue
        changed[id(original)] = replace(ph, style=replace(ph.style, colour=better,
                                                          explicit_colour=better))
        key = (mapped.layout.name, mapped.layout.master, ph.position)
        if key not in seen:
            seen.add(key)
            notes.append(Problem(Location(file), (
                f"text in placeholder {ph.describe()} of {mapped.layout.label()}: its colour "
                f"{ph.style.colour.rgb} on {worst} has a contrast of {ratio:.2f}:1, below the "
                f"{need:g}:1 WCAG AA asks; notedeck sets it in {better.rgb}"
                f"{f' ({better.slot})' if better.slot else ''}, which reads at {gain:.2f}:1. "
                "Change the text colour in the template to choose another"), "warning"))
    return (restyled(mapped, changed) if changed else mapped), notes


def _within_backing(mapped: Mapped, slot: str, ph, file: str, notes: list, seen: set):
    """A placeholder whose box runs a little past the shape its text is drawn on (a title
    band, where the box reaches below the band and the band's white text would be set on the
    slide's white or on a picture, whose colours are not judged) ends where its text colour
    stops reading, while it keeps KEEP of its height; else as it is."""
    if ph.shape is not None and ph.shape.fill is not None:
        return ph                     # its own fill lies behind all of its text
    area = text_area(slot, ph)
    need = (LARGE if slot in LARGE_SLOTS else NORMAL) * UNREADABLE
    ink = ph.style.colour.rgb

    def reads(y: float) -> bool:
        row = [mapped.layout.backdrop.colour_at(area.x + area.w * fx, y)
               for fx in backdrop.SAMPLES_X]
        return None not in row and reads_at(ink, row)[0] >= need

    y = area.bottom - ROW_IN / 2
    if reads(y) or not reads(area.y + area.h / 2):
        return ph
    while y > area.y + KEEP * area.h and not reads(y):
        y -= ROW_IN
    if not reads(y):
        return ph
    box = Box(ph.box.x, ph.box.y, ph.box.w, y + ph.insets[3] - ph.box.y)   # the last row that reads
    key = ("within", mapped.layout.name, mapped.layout.master, ph.position)
    if key not in seen:
        seen.add(key)
        notes.append(Problem(Location(file), (
            f"text in placeholder {ph.describe()} of {mapped.layout.label()}: below "
            f"{box.bottom:.2f} in its colour {ink} would lie on a picture or on a colour it "
            f"does not read on; notedeck sets its text above, in {box.x:.2f}, {box.y:.2f} in "
            f"({box.w:.2f} x {box.h:.2f} in)"), "warning"))
    return replace(ph, box=box)


def restyled(mapped: Mapped, changed: dict) -> Mapped:
    """The role with each changed placeholder (by identity) replaced wherever it appears."""
    def swap(ph):
        return changed.get(id(ph), ph) if ph is not None else None

    layout = replace(mapped.layout, placeholders=tuple(map(swap, mapped.layout.placeholders)))
    return replace(mapped, layout=layout, slots={k: swap(v) for k, v in mapped.slots.items()},
                   footer=swap(mapped.footer), number=swap(mapped.number))
