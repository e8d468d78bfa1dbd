"""What an output folder may be and hold: refusals before a build writes, and the published set.

`check_destination` refuses an output folder inside the note, or with a name
the file system cannot hold; `preflight` refuses anything in the way of the
outputs or a state changed by hand, before anything is written (publish.py
asks again under its lock); `current` is the reader's side: the set one
build published, read through one link.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from notedeck.errors import Location, NotedeckError, Problem, fail
from notedeck.readers.layout import OUTPUT

STATE = ".notedeck"            # notedeck's own folder inside OUT
CURRENT = "current"            # STATE/current -> builds/ID
BUILDS = "builds"
ID = re.compile(r"[0-9a-f]{16}")
_ROOM = 200                    # bytes of path notedeck adds below OUT (.notedeck/builds/ID/...)


def link_text(name: str) -> str:
    """What the link OUT/NAME says: relative, so the folder can be moved or shared whole."""
    return f"{STATE}/{CURRENT}/{name}"


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


def preflight(out: Path, names: tuple[str, ...]) -> Path | None:
    """The current build's folder (None if there is none); refuses, before anything is
    written, anything in the way of publishing `names` into `out`."""
    problems = [*_state_problems(out), *(p for n in names if (p := _in_the_way(out, n)))]
    if problems:
        raise NotedeckError([Problem(p.where, f"{p.message}; nothing in {out} was changed")
                             for p in problems])
    return current_folder(out)


def current(out: Path) -> dict[str, Path]:
    """The published set of `out` (output name -> file), all from one build: the switch
    link is read once, so a publish at that moment cannot mix two builds. {} if there is
    none (a folder written by a notedeck before this layout holds plain files instead)."""
    folder = current_folder(Path(out))
    if folder is None:
        return {}
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
        return {e.name: folder / e.name for e in entries if not e.is_symlink()}
    except OSError:
        return {}


# --- reading the state, refusing what is in the way ---------------------------------------

def _state_problems(out: Path) -> list[Problem]:
    state = out / STATE
    fix = f"it was changed by hand: remove the folder {state} and build again"
    found = []
    for path in (state, state / BUILDS):
        kind = kind_of(path)
        if kind not in (None, "folder"):
            found.append(_problem(path, f"expected notedeck's own folder, found {_named(kind)}; {fix}"))
    current_kind = kind_of(state / CURRENT)
    if current_kind not in (None, "link"):
        found.append(_problem(state / CURRENT, f"expected notedeck's link to the current build, "
                                               f"found {_named(current_kind)}; {fix}"))
    elif current_kind == "link" and _build_named(os.readlink(state / CURRENT)) is None:
        found.append(_problem(state / CURRENT, f"this link does not lead to one of notedeck's "
                                               f"builds; {fix}"))
    return found


def _in_the_way(out: Path, name: str) -> Problem | None:
    path = out / name
    kind = kind_of(path)
    if kind == "folder":
        return _problem(path, f"a folder named {name} is in the way of the output {name}; "
                              "move it away or choose another --out")
    if kind == "link" and not ours(path):
        return _problem(path, f"a link notedeck did not make is in the way of the output {name} "
                              f"(it leads to {os.readlink(path)}); move it away or choose "
                              "another --out")
    if kind == "other":
        return _problem(path, f"a device, pipe or socket is in the way of the output {name}; "
                              "move it away or choose another --out")
    return None


def current_folder(out: Path) -> Path | None:
    try:
        build = _build_named(os.readlink(out / STATE / CURRENT))
    except OSError:
        return None
    folder = out / STATE / BUILDS / build if build else None
    return folder if folder is not None and kind_of(folder) == "folder" else None


def _build_named(text: str) -> str | None:
    match = re.fullmatch(rf"{BUILDS}/({ID.pattern})", text)
    return match.group(1) if match else None


def ours(path: Path) -> bool:
    try:
        return os.readlink(path) == link_text(path.name)
    except OSError:
        return False


def kind_of(path: Path) -> str | None:
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        return None
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISDIR(mode):
        return "folder"
    return "file" if stat.S_ISREG(mode) else "other"


def _named(kind: str) -> str:
    return {"file": "a file", "link": "a link", "folder": "a folder"}.get(kind, "a device or pipe")


def _problem(path: Path, message: str) -> Problem:
    return Problem(Location(path), message)


def _limits(path: Path) -> tuple[int, int]:
    """The file system's longest name and path, asked of the nearest folder that exists."""
    for folder in (path, *path.parents):
        try:
            return os.pathconf(folder, "PC_NAME_MAX"), os.pathconf(folder, "PC_PATH_MAX")
        except (OSError, ValueError):
            continue
    return 255, 4096


def _shown(out: Path) -> str:
    text = str(out)
    return text if len(text) <= 120 else f"{text[:60]}...{text[-40:]}"
