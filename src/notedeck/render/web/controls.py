"""The page's controls as native form elements, one function per kind of control."""

from __future__ import annotations

from collections.abc import Callable

from notedeck.deck import Choice, Control, Slider, Varying, fill_slots
from notedeck.errors import fail
from notedeck.render.web.columns import Columns
from notedeck.render.web.html import Ids, el, esc

THUMB_PX = 24            # the range thumb's width, in CSS pixels (page.css)


class Drawn:
    """What drawing controls adds to the page beside their HTML: CSS placing ticks."""

    def __init__(self, columns: Columns, ids: Ids):
        self.columns, self.ids = columns, ids
        self.rules: list[str] = []


def slider(control: Slider, page: Drawn) -> str:
    """A native range over the positions, its value as text, and its stops as ticks."""
    iid = page.ids.new(control.name)
    last = len(control.texts) - 1
    shown = Varying((control.name,), control.texts, "label")
    head = el("p", el("label", esc(control.label), for_=iid) + " "
              + page.columns.text("span", (shown,), class_="value"), class_="control-head")
    help_id = f"{iid}-help"
    field = ('<input type="range" min="0" step="1"'
             + _attrs({"id": iid, "max": str(last), "value": str(control.start),
                       "aria-describedby": help_id, "data-control": control.name,
                       **page.columns.bound({"aria-valuetext": shown})}) + ">")
    page.columns.stops[control.name] = [stop.position for stop in control.stops]
    ticks = "".join(el("span", esc(stop.label)) for stop in control.stops)
    for number, stop in enumerate(control.stops, start=1):
        fraction = f"{stop.position / last:.4f}" if last else "0"
        page.rules.append(f"#{iid}-ticks>:nth-child({number}){{left:calc({THUMB_PX // 2}px + "
                          f"{fraction} * (100% - {THUMB_PX}px))}}")
    listed = fill_slots(control.listed, stops=", ".join(stop.label for stop in control.stops))
    help_text = fill_slots(control.keys, stops=listed)
    return el("div", head + field + el("div", ticks, class_="ticks", id=f"{iid}-ticks",
                                       aria_hidden="true")
              + el("p", esc(help_text), class_="help", id=help_id), class_="control")


def choice(control: Choice, page: Drawn) -> str:
    """Radio buttons in a fieldset, its label as the legend."""
    group = page.ids.new(control.name)
    radios = "".join(
        f'<label class="choice"><input type="radio" name="{group}" value="{i}" '
        f'data-control="{esc(control.name)}"{" checked" if i == control.start else ""}> '
        f'{esc(item)}</label>' for i, item in enumerate(control.items))
    return el("fieldset", el("legend", esc(control.label)) + radios, class_="picker")


# Adding a kind of control: its frozen type in deck.py (in `Control`, with a name, a start and a
# number of positions), a function above that writes it as a native element carrying
# data-control="NAME" and its position as `value`, and one entry here. The script
# (assets/page.js) reads any element whose `value` is the position (range, radio, select).
KINDS: dict[type, Callable[..., str]] = {Slider: slider, Choice: choice}


def control_html(control: Control, page: Drawn) -> str:
    draw = KINDS.get(type(control))
    if draw is None:
        raise fail("web page", f"cannot show a {type(control).__name__} control")
    return draw(control, page)


def _attrs(values: dict[str, str | None]) -> str:
    return "".join(f' {k}="{esc(v)}"' for k, v in values.items() if v is not None)
