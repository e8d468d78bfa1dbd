"""A role's layout made to work where the template is cramped, with a warning for each change.

Real templates put a footer over the body text's area, draw a placeholder a little past the
slide's edge, make a footer too small for a line of text, or have no slide-number
placeholder at all. Instead of refusing them: a text area that runs under the footer or the
slide number is shortened to end above it (or, where that would leave it less than half its
height, the footer moves below it); a placeholder a little past the edge (5% of the slide) is cut there;
a footer too small for text is left out; a role with no slide-number placeholder gets one of
notedeck's own at the foot of the slide, in the footer's style (or the text's). What cannot
be fixed this way (text areas over each other, a placeholder mostly off the slide or with no
size) is still refused.
"""

from __future__ import annotations

from dataclasses import replace

from notedeck.errors import Location, Problem
from notedeck.template import obstacles, roles
from notedeck.template.boxes import Box
from notedeck.template.geometry import Placeholder, TemplateInfo
from notedeck.template.roles import Mapped

MIN_SIDE_IN = 0.2            # a placeholder smaller than this holds no line of text
GAP_IN = 0.05                # between a shortened text area and the footer below it
KEEP = 0.5                   # a text area is shortened only while it keeps this share
PAST_EDGE = 0.05             # a placeholder past the slide's edge by at most this share of the
                             # slide's side is cut there; farther, the slide size is wrong
NUMBER_BOX = (1.0, 0.4)      # inches: a drawn slide number's box
MARGIN_IN = 0.3              # from the slide's edges to a drawn slide number
NUMBER_DIGITS_IN = 0.25      # the width a slide number's digits need at the footer's size


def adapt(mapped: Mapped, info: TemplateInfo, file: str) -> tuple[Mapped, list[Problem],
                                                                   list[Problem]]:
    """The role made to fit its slide, with a warning for each change, and the faults left."""
    notes: list[Problem] = []
    errors: list[Problem] = []
    layout = mapped.layout
    slots = dict(mapped.slots)
    pictures = obstacles.pictures(layout, info.slide_w * info.slide_h)
    for name, ph in list(slots.items()):
        slots[name] = _clear_of_pictures(_on_slide(ph, info, layout, notes, errors), pictures,
                                         layout, notes)
    footer, number = (_furniture(ph, info, layout, notes) for ph in (mapped.footer,
                                                                      mapped.number))
    for name, ph in list(slots.items()):
        if ph is None or ph.box is None:
            continue
        for which, furniture in (("footer", footer), ("slide number", number)):
            if furniture is None or furniture.box is None:
                continue
            ph, furniture = _clear(ph, furniture, which, layout, info, notes)
            footer, number = (furniture, number) if which == "footer" else (footer, furniture)
        slots[name] = ph
    if mapped.role.footer and number is None:
        number = _drawn_number(mapped, slots, footer, info, pictures)
        notes.append(_note(file, f"{layout.label()} has no slide-number placeholder: "
                                 f"notedeck draws the slide numbers at {_where(number.box)}, "
                                 "in the "
                                 f"{'footer' if footer is not None else 'text'}'s colour and "
                                 "font"))
    errors += _overlaps([ph for ph in slots.values() if ph is not None], layout, file)
    changed = replace(mapped, slots=slots, footer=footer, number=number)
    return changed, [_named(n, file) for n in notes], errors


def _note(file: str, message: str) -> Problem:
    return Problem(Location(file), message, "warning")


def _named(note, file: str) -> Problem:
    return note if isinstance(note, Problem) else _note(file, note)


def _where(box: Box) -> str:
    return f"{box.x:.2f}, {box.y:.2f} in ({box.w:.2f} x {box.h:.2f} in)"


# --- the slide's edges -------------------------------------------------------------------

def _on_slide(ph: Placeholder, info: TemplateInfo, layout, notes, errors) -> Placeholder:
    """A text placeholder cut at the slide's edges when most of it lies on the slide."""
    if ph.box is None:
        errors.append(_error(info.file, f"placeholder {ph.describe()} of {layout.label()} has "
                                        "no position or size"))
        return ph
    if roles.inside(ph.box, info.slide_w, info.slide_h):
        return ph
    cut = _cut(ph.box, info)
    if cut is None or _past(ph.box, info) > PAST_EDGE or too_small(replace(ph, box=cut)):
        return ph                     # drawn for another slide size: mapping says so
    notes.append(f"placeholder {ph.describe()} of {layout.label()} reaches past the slide's "
                 f"edge (to {ph.box.right:.2f} x {ph.box.bottom:.2f} in on a "
                 f"{info.slide_w:.2f} x {info.slide_h:.2f} in slide): notedeck sets its text "
                 f"in the part on the slide, {_where(cut)}")
    return replace(ph, box=cut)


def _past(box: Box, info: TemplateInfo) -> float:
    """How far a box reaches past the slide's edges, as a share of the slide's side."""
    return max(max(-box.x, box.right - info.slide_w) / info.slide_w,
               max(-box.y, box.bottom - info.slide_h) / info.slide_h)


def _cut(box: Box, info: TemplateInfo) -> Box | None:
    x, y = max(box.x, 0.0), max(box.y, 0.0)
    right, bottom = min(box.right, info.slide_w), min(box.bottom, info.slide_h)
    if right <= x or bottom <= y:
        return None
    return Box(x, y, right - x, bottom - y)


def _clear_of_pictures(ph: Placeholder, pictures: list[Box], layout, notes) -> Placeholder:
    """A text area trimmed clear of the small pictures it runs over (obstacles.py)."""
    if ph.box is None:
        return ph
    box = obstacles.clear_of(ph.box, pictures)
    if box == ph.box:
        return ph
    notes.append(f"placeholder {ph.describe()} of {layout.label()} runs over the template's "
                 f"pictures: notedeck sets its text clear of them, in {_where(box)}")
    return replace(ph, box=box)


# --- footers and slide numbers -----------------------------------------------------------

def _furniture(ph: Placeholder | None, info: TemplateInfo, layout, notes) -> Placeholder | None:
    """A footer or slide number as used: cut at the slide's edge; left out (with a warning)
    when it is too small to hold a line of text or lies off the slide."""
    if ph is None or ph.drawn:
        return ph
    box = ph.box
    if box is not None and not roles.inside(box, info.slide_w, info.slide_h):
        if _past(box, info) > PAST_EDGE:
            return ph                 # drawn for another slide size: mapping says so
        box = _cut(box, info)
    what = "footer" if ph.type == "ftr" else "slide number"
    if box is None or too_small(replace(ph, box=box)):
        size = f"{ph.box.w:.2f} x {ph.box.h:.2f} in" if ph.box else "without a size"
        notes.append(f"placeholder {ph.describe()} of {layout.label()} is {size}, too small "
                     f"for a line of text (a placeholder notedeck fills needs at least "
                     f"{MIN_SIDE_IN:.2f} in each way, inside its margins): the slides of this "
                     f"layout have no {what}")
        return None
    return ph if box == ph.box else replace(ph, box=box)


def too_small(ph: Placeholder) -> bool:
    l, t, r, b = ph.insets
    return min(ph.box.w, ph.box.h) < MIN_SIDE_IN or ph.box.w - l - r <= 0 or \
        ph.box.h - t - b <= 0


def _clear(ph: Placeholder, furniture: Placeholder, which: str, layout, info: TemplateInfo,
           notes) -> tuple[Placeholder, Placeholder | None]:
    """A text area and a footer (or slide number) that overlap: the text area shortened to
    end above it, else the footer moved below the text area, else the footer left out."""
    w, h = ph.box.overlap(furniture.box)
    if w <= roles.OVERLAP_IN or h <= roles.OVERLAP_IN:
        return ph, furniture
    if which == "slide number":
        narrow = _number_beside(ph.box, furniture)
        if narrow is not None:
            notes.append(f"slide number placeholder {furniture.describe()} of "
                         f"{layout.label()} reaches into the text of {ph.describe()}: "
                         f"notedeck sets the number beside it, in {_where(narrow.box)}")
            return ph, narrow
    top = furniture.box.y - GAP_IN
    if furniture.box.y > ph.box.y and top - ph.box.y >= KEEP * ph.box.h:
        box = Box(ph.box.x, ph.box.y, ph.box.w, top - ph.box.y)
        notes.append(f"placeholder {ph.describe()} of {layout.label()} runs under its {which} "
                     f"{furniture.describe()}: notedeck sets its text above it, in "
                     f"{_where(box)}")
        return replace(ph, box=box), furniture
    below = ph.box.bottom + GAP_IN
    if below + furniture.box.h <= info.slide_h + 0.01:
        box = replace(furniture.box, y=below)
        notes.append(f"{which} placeholder {furniture.describe()} of {layout.label()} lies "
                     f"over the text of {ph.describe()}: notedeck moves it below, to "
                     f"{_where(box)}")
        return ph, replace(furniture, box=box)
    notes.append(f"{which} placeholder {furniture.describe()} of {layout.label()} lies over "
                 f"the text of {ph.describe()} with no room to move it: the slides of this "
                 f"layout have no {which}")
    return ph, None


def _number_beside(text: Box, number: Placeholder) -> Placeholder | None:
    """The slide number's box narrowed to its part right of a text area (where its digits
    are set), or left of it, when that part still holds a few digits; else None."""
    l, _, r, _ = number.insets
    right = Box(text.right + GAP_IN, number.box.y, number.box.right - text.right - GAP_IN,
                number.box.h)
    left = Box(number.box.x, number.box.y, text.x - GAP_IN - number.box.x, number.box.h)
    for part in (right, left):
        if part.w - l - r >= NUMBER_DIGITS_IN and not too_small(replace(number, box=part)):
            return replace(number, box=part)
    return None


def _drawn_number(mapped: Mapped, slots, footer: Placeholder | None,
                  info: TemplateInfo, pictures: list[Box] = ()) -> Placeholder:
    """notedeck's own slide number, at the bottom right of the slide (moved left of the
    template's pictures there) below every text area (or in line with the footer), in the
    footer's style, else the text's."""
    w, h = NUMBER_BOX
    x = info.slide_w - MARGIN_IN - w
    y = info.slide_h - MARGIN_IN - h
    if footer is not None and footer.box is not None:
        y = footer.box.y + (footer.box.h - h) / 2
    x = obstacles.beside(Box(x, y, w, h), list(pictures), info.slide_w / 2).x
    texts = [ph.box for ph in slots.values() if ph is not None and ph.box is not None]
    lowest = max((b.bottom for b in texts if b.overlap(Box(x, y, w, h))[0] > 0), default=0.0)
    if lowest > y:
        y = min(lowest + GAP_IN, info.slide_h - h)
    style = (footer or slots.get("body") or slots.get("title")).style
    face = style.box_typeface or style.typeface
    style = replace(style, explicit_colour=style.colour, explicit_typeface=face, caps=False)
    return Placeholder("Slide number", "sldNum", 0, Box(x, y, w, h), (0.05, 0.05, 0.05, 0.05),
                       "ctr", -1, style=style, drawn=True)


# --- what is left ----------------------------------------------------------------------------

def _overlaps(placed: list[Placeholder], layout, file: str) -> list[Problem]:
    return [_error(file, f"placeholders {a.describe()} and {b.describe()} of {layout.label()} "
                         f"overlap by {w:.2f} x {h:.2f} in, so text would be drawn over text; "
                         "move or shrink one of them")
            for a, b, w, h in roles.overlaps(placed)]


def _error(file: str, message: str) -> Problem:
    return Problem(Location(file), message)
