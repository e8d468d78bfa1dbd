"""`notedeck explain NAME`: one figure's derivation and places, as lines to print."""

from __future__ import annotations

from pathlib import Path


def explain(content: Path, name: str, audience: str | None, scenarios_file: Path | None,
            places: bool = True) -> str:
    """The figure's formula, what it reads (values, units), its form, value and places."""
    from notedeck.figures.listing import flatten, said
    from notedeck.options import Options
    from notedeck.reports.explain import define, generic
    from notedeck.stages.stages import figure_names, read_note

    options = Options.make(content, audience=audience, scenarios_file=scenarios_file)
    rows = dict(flatten(figure_names(options), flag=said))
    model = read_note(options, sections_needed=False).model
    told = define(model, rows, name)
    lines = [f"{told.name}  ({told.kind}, {told.where})"]
    if told.formula:
        lines.append(f"  formula   {told.formula}")
    for read in told.reads:
        lines.append(f"    {read.name} = {read.value}  [{read.unit}]")
    lines += [f"  unit      {told.unit}", f"  show      {told.show}",
              f"  places    {told.places}",
              f"  value     {told.value}" + (f"  (audience {audience})" if audience else "")]
    if places:
        lines += _where(options, told.name, generic(told.name), told.value)
    return "\n".join(lines)


def _where(options, name: str, shape: str, value: str) -> list[str]:
    from notedeck.reports.appears import appearances

    found = appearances(options, name, shape, value)
    slides = ", ".join(f"{n} {title!r}" for n, title in found.slides) or "none"
    pages = "pages " + ", ".join(str(p) for p in found.handout_pages) \
        if found.handout_pages else "section " + ", ".join(found.handout_sections) \
        if found.handout_sections else "none"
    lines = ["  appears", f"    slides    {slides}", f"    handout   {pages}",
             f"    web page  {', '.join(found.web) or 'none'}"]
    lines += [f"    from      {_short(r.file)}:{r.line} ({r.how})" for r in found.references]
    return lines


def _short(file: str) -> str:
    path = Path(file)
    return f"{path.parent.name}/{path.name}" if path.parent.name else path.name
