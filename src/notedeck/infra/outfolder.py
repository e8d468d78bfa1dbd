"""What an output folder may be and hold: refusals before a build writes anything.

`check_destination` refuses an output folder inside the note, or with a name
the file system cannot hold; `preflight` refuses anything in the way of the
outputs, before anything is written (publish.py asks again under its lock): a
folder, a link, a device, anything but a file where the manifest goes, or a
file that is not notedeck's (without --force, which moves it aside). A file
is notedeck's when it carries a notedeck build id (stamps.py) and, if the
folder's manifest lists it, has the bytes listed there, or else its content
is still what the digest in its stamp says: a deck saved again in an office
program, or one copied in from elsewhere over the published one, is the
user's.
"""

from __future__ import annotations

import os
from pathlib import Path

from notedeck.errors import Location, NotedeckError, Problem, fail, visible
from notedeck.infra import inside, legacy, manifest, stamps
from notedeck.infra.entries import kind_of, legacy_link, named, target_of
from notedeck.readers.layout import OUTPUT
from notedeck.render.provenance import note_id

_ROOM = 200                    # bytes of path notedeck adds below OUT (a staging folder, a name)


def check_destination(out: Path, content: Path) -> None:
    """Refuse an output folder that is the note's folder or inside it (a build would read
    its own outputs as input), but for the note's own output/ (built from inside the note,
    as MkDocs writes site/; no reader looks there), and one whose name the file system
    cannot hold."""
    absolute = Path(os.path.abspath(out))
    name_max, path_max = _limits(absolute)
    for part in absolute.parts[1:]:
        if len(os.fsencode(part)) > name_max:
            raise fail(_shown(out), f"a folder name in --out is {len(os.fsencode(part)):,} "
                                    f"bytes long; the file system allows at most {name_max}")
    if len(os.fsencode(str(absolute))) + _ROOM > path_max:
        raise fail(_shown(out), f"the output folder's path is {len(os.fsencode(str(absolute))):,} "
                                f"bytes long; at most {path_max - _ROOM:,} leave room for the "
                                "files notedeck writes inside it")
    try:
        target, note = absolute.resolve(), Path(content).resolve()
    except (OSError, RuntimeError) as exc:          # a loop of links
        raise fail(_shown(out), f"cannot follow the output folder's path: {exc}") from None
    own = target.is_relative_to(note / OUTPUT)
    if (target == note or target.is_relative_to(note)) and not own:
        raise fail(_shown(out), f"the output folder is inside the note's folder ({content}); a "
                                "build would read its own outputs. Choose a folder outside "
                                f"the note, such as output/ beside it, or its own {OUTPUT}/")


def preflight(out: Path, names: tuple[str, ...], force: bool = False,
              note: str = "") -> list[tuple[str, Path]]:
    """The outputs in `out` that are not notedeck's, each with the free name it is moved
    aside to (with `force`); refuses, before anything is written, anything else in the way
    of publishing `names` (made from the note titled `note`, when given)."""
    held = manifest.read(out)
    problems, foreign = [*legacy.problems(out), *_manifest_problem(out)], []
    for name in names:
        problem = _in_the_way(out, name)
        why = why_not_ours(out, name, held, note) if problem is None and \
            kind_of(out / name) == "file" else None
        if why is not None and force:
            aside = aside_name(out / name)
            if aside is not None:
                foreign.append((name, aside))
            else:
                problem = _problem(out / name, f"{name} is not notedeck's and --force finds no "
                                   f"free name to move it aside to (NAME (yours).EXT up to "
                                   f"NAME (yours {_ASIDE - 1}).EXT are all taken); move it away "
                                   "or choose another --out")
        elif why is not None:
            said = (f"{name} was not made by notedeck ({why})" if why == NO_ID else
                    f"{name} is not notedeck's to replace: {why}")
            problem = _problem(out / name, f"{said}, and a build would replace it; move it "
                               "away, choose another --out, or build with --force, which moves "
                               "it aside")
        if problem is not None:
            problems.append(problem)
    if problems:
        raise NotedeckError([Problem(p.where, f"{p.message}; nothing in {out} was changed")
                             for p in problems])
    return foreign


def _manifest_problem(out: Path) -> list[Problem]:
    """Anything but a file (or nothing) where the manifest goes: never replaced or read."""
    path = out / manifest.NAME
    kind = kind_of(path)
    if kind in (None, "file"):
        return []
    return [_problem(path, f"{named(kind)} is where notedeck keeps the output folder's manifest "
                           f"({manifest.NAME}, a file); move it away or choose another --out")]


NO_ID = "it carries no notedeck build id"
_ASIDE = 1000          # names tried for a file moved aside: NAME (yours).EXT, (yours 2) ...


def aside_name(path: Path) -> Path | None:
    """A free name beside `path` for a file that is not notedeck's: 'deck (yours).pptx'."""
    for n in range(1, _ASIDE):
        mark = "yours" if n == 1 else f"yours {n}"
        candidate = path.with_name(f"{path.stem} ({mark}){path.suffix}")
        if kind_of(candidate) is None:
            return candidate
    return None


def why_not_ours(out: Path, name: str, held: manifest.Manifest | None,
                 note: str = "") -> str | None:
    """Why the file OUT/NAME is not notedeck's to replace (None when it is): it carries no
    build id; the manifest lists other bytes for it; or, not listed, its content is not what
    its stamp's digest says, or it was made from another note than the one titled `note`."""
    data = inside.read(out, name, stamps.MAX_FILE)
    found = stamps.stamp_of(data) if data is not None else None
    if found is None:
        return NO_ID
    if held is not None and name in {*held.files, *held.before}:
        if held.knows(out, name):
            return None
        return (f"its bytes differ from those notedeck published here (build {held.build}): "
                "it was edited, or replaced by another file, since")
    if stamps.intact_data(data, found) is False:
        return (f"it was changed after notedeck made it (build {found.build}): its content "
                "differs from the digest in its stamp")
    if note and found.note and found.note != note_id(note):
        return (f"it was made from another note than '{visible(note)}' (build {found.build}), "
                "and the manifest here does not list it")
    return None


def _in_the_way(out: Path, name: str) -> Problem | None:
    head, _, rest = name.partition("/")
    if rest:
        kind = kind_of(out / head)
        if kind == "link" and legacy_link(out, head):
            return None
        if kind not in (None, "folder"):
            return _problem(out / head, f"{named(kind)} named {head} is in the way of the "
                                        f"output {name}; move it away or choose another --out")
    path = out / name
    kind = kind_of(path)
    if kind == "folder":
        return _problem(path, f"a folder named {name} is in the way of the output {name}; "
                              "move it away or choose another --out")
    if kind == "link" and not legacy_link(out, name):
        return _problem(path, f"a link notedeck did not make is in the way of the output "
                              f"{name} (it leads to {target_of(path)}); move it away or choose "
                              "another --out")
    if kind == "other":
        return _problem(path, f"a device, pipe or socket is in the way of the output {name}; "
                              "move it away or choose another --out")
    return None


def _problem(path: Path, message: str) -> Problem:
    return Problem(Location(path), message)


def _limits(path: Path) -> tuple[int, int]:
    """The file system's longest name and path, asked of the nearest folder that exists
    (Windows has no pathconf: its own limits, 255 and 32,767 with long paths)."""
    if not hasattr(os, "pathconf"):
        return 255, 32_767
    for folder in (path, *path.parents):
        try:
            return os.pathconf(folder, "PC_NAME_MAX"), os.pathconf(folder, "PC_PATH_MAX")
        except (OSError, ValueError):
            continue
    return 255, 4096


def _shown(out: Path) -> str:
    text = str(out)
    return text if len(text) <= 120 else f"{text[:60]}...{text[-40:]}"
