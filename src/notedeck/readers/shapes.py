"""How much a template asks the layout to read, counted in its XML before anything else reads it.

Laying out a template costs time for every placeholder and shape it reads: each layout's
own, and its master's again (backgrounds and decorations are read per layout). A small
file can declare thousands (a 61 KB layout with 5,000 placeholders took a minute), so the
counts are bounded here, while the parts are still plain XML, with the layout named.
"""

from __future__ import annotations

from notedeck.errors import Location, NotedeckError, Problem

P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
SHAPES = tuple(P + tag for tag in ("sp", "pic", "grpSp", "graphicFrame", "cxnSp", "contentPart"))
MAX_PLACEHOLDERS = 100    # in one layout or master (a rich layout has a dozen)
MAX_SHAPES = 1_000        # in one layout or master, shapes inside groups counted
MAX_READ = 5_000          # for the whole template: each layout's shapes with its master's
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"


def check(parts: dict, name: str) -> None:
    """Refuse a template (repack.Walk.parts) whose masters and layouts hold more than the
    layout may read; every layout over a limit is named, in one error."""
    counts = {key: _count(part) for key, part in parts.items()
              if part.kind in ("slideMaster", "slideLayout")}
    problems = [Problem(Location(name), message) for key, part in parts.items() if key in counts
                for message in _over(part, *counts[key])]
    read = sum(counts[key][1] + _master_shapes(part, parts, counts)
               for key, part in parts.items() if part.kind == "slideLayout")
    read = read or sum(shapes for _, shapes in counts.values())
    if not problems and read > MAX_READ:
        problems.append(Problem(Location(name), f"its layouts hold {read:,} shapes to read, each "
                                              "layout with its master's; a template has at most "
                                              f"{MAX_READ:,}. Remove decorations, or keep the "
                                              "layouts the note uses"))
    if problems:
        raise NotedeckError(problems)


def _count(part) -> tuple[int, int]:
    """(placeholders, shapes) in a master's or layout's XML."""
    root = part.root
    return (sum(1 for _ in root.iter(P + "ph")), sum(1 for _ in root.iter(*SHAPES)))


def _over(part, placeholders: int, shapes: int) -> list[str]:
    named = f" '{_name(part)}'" if _name(part) else ""
    what = f"{'layout' if part.kind == 'slideLayout' else 'master'}{named} ({part.name})"
    found = []
    if placeholders > MAX_PLACEHOLDERS:
        found.append(f"{what} has {placeholders:,} placeholders; a layout or master has at most "
                     f"{MAX_PLACEHOLDERS:,}")
    if shapes > MAX_SHAPES:
        found.append(f"{what} has {shapes:,} shapes; a layout or master has at most "
                     f"{MAX_SHAPES:,}")
    return found


def _master_shapes(layout, parts: dict, counts: dict) -> int:
    master = next((rel.target.casefold() for rel in layout.rels
                   if rel.type == R + "slideMaster"), None)
    return counts.get(master, (0, 0))[1]


def _name(part) -> str:
    found = part.root.find(P + "cSld")
    return ((found.get("name") if found is not None else "") or "")[:60]
