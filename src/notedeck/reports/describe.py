"""`notedeck template show`: a template described as lines of text (the CLI prints them)."""

from __future__ import annotations

from notedeck.template.geometry import Placeholder, TemplateInfo
from notedeck.template.mapping import Template
from notedeck.template.roles import ROLES

SLOT_COLOURS = ("dk1", "lt1", "dk2", "lt2", "accent1", "accent2", "accent3", "accent4",
                "accent5", "accent6")


def lines(template: Template | None, problems) -> list[str]:
    if template is None:
        return [f"problem: {p}" for p in problems]
    info = template.info
    out = [_size(info), *_fonts(template), *_colours(info), ""]
    for master in info.masters:
        out.append(f"master {master.index + 1} {master.name!r}")
        for layout in master.layouts:
            out.append(f"  layout {layout.name!r}")
            out.extend(f"    {_placeholder(ph)}" for ph in layout.placeholders)
    out += ["", "roles (what notedeck puts where):"]
    for name, role in ROLES.items():
        mapped = template.roles.get(name)
        if mapped is None:
            out.append(f"  {name:15} no layout can serve it")
            continue
        out.append(f"  {name:15} layout {mapped.layout.name!r} of master "
                   f"{mapped.layout.master + 1}, {mapped.how}")
        for slot in role.slots:
            ph = mapped.slots.get(slot.name)
            where = ph.describe() if ph else _fallback(name, slot.name)
            out.append(f"  {'':15}   {slot.name:11} {where}")
        if role.footer:
            out.append(f"  {'':15}   {'footer':11} " + _furniture(mapped.footer, mapped.number))
    out += ["", "problems:" if problems else "problems: none"]
    out.extend(f"  {p.severity}: {p}" for p in problems)
    return out


def _size(info: TemplateInfo) -> str:
    ratio = info.slide_w / info.slide_h if info.slide_h else 0
    shape = "16:9" if abs(ratio - 16 / 9) < 0.02 else "4:3" if abs(ratio - 4 / 3) < 0.02 \
        else "16:10" if abs(ratio - 1.6) < 0.02 else f"{ratio:.2f}:1"
    layouts = len(info.layouts())
    return (f"{info.file}: slides {info.slide_w:.2f} x {info.slide_h:.2f} in ({shape}), "
            f"{len(info.masters)} master(s), {layouts} layout(s)")


def _fonts(template: Template) -> list[str]:
    from notedeck.template import faces

    out = []
    for label, face in (("headings", template.heading_face()), ("text", template.body_face())):
        if face is not None:
            out.append(f"font for {label}: {face.name} ({faces.explain(face)})")
    return out


def _colours(info: TemplateInfo) -> list[str]:
    theme = info.masters[0].theme
    return ["theme colours: " + "  ".join(f"{slot} {theme.colours.get(slot, '-')}"
                                          for slot in SLOT_COLOURS)]


def _placeholder(ph: Placeholder) -> str:
    where = ("no position" if ph.box is None else
             f"at {ph.box.x:5.2f}, {ph.box.y:5.2f} in, {ph.box.w:5.2f} x {ph.box.h:5.2f} in")
    note = " (vertical)" if ph.vertical else ""
    return f"{ph.name!r:28} {ph.type:8} idx {ph.idx:<3} {where}{note}"


def _fallback(role: str, slot: str) -> str:
    return {
        ("title", "details"): "none: the audience, author and date follow the subtitle",
        ("section", "number"): "none: the number leads the title",
        ("sources", "boundaries"): "none: the boundaries follow the sources",
    }.get((role, slot), "none: written in a text box at the foot of the main placeholder"
          if slot == "caption" else "none")


def _furniture(footer: Placeholder | None, number: Placeholder | None) -> str:
    if footer is None and number is None:
        return "none: this layout's slides carry no footer or slide number"
    said = footer.describe() if footer is not None else "none (this layout's slides carry no footer)"
    if number is None:
        return f"{said}, slide number none"
    drawn = " (notedeck's own text box)" if number.drawn else ""
    return f"{said}, slide number {number.describe()}{drawn}"
