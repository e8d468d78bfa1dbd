"""What an output folder may be and hold: refusals before a build writes anything.

`check_destination` refuses an output folder inside the note, or with a name
the file system cannot hold; `preflight` refuses anything in the way of the
outputs, before anything is written (publish.py asks again under its lock): a
folder, a link, a device, or a file notedeck did not make (without --force).
A file is notedeck's when the folder's manifest lists it with its bytes, or
when it carries a notedeck build id (stamps.py).
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from notedeck.errors import Location, NotedeckError, Problem, fail
from notedeck.infra import manifest, stamps
from notedeck.readers.layout import OUTPUT

LEGACY = ".notedeck"           # notedeck's folder inside OUT before plain files (publish.take_over)
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


def preflight(out: Path, names: tuple[str, ...], force: bool = False) -> list[str]:
    """The outputs in `out` that are not notedeck's (moved aside with `force`); refuses,
    before anything is written, anything else in the way of publishing `names`."""
    held = manifest.read(out)
    problems, foreign = _legacy_problems(out), []
    for name in names:
        problem = _in_the_way(out, name)
        if problem is None and kind_of(out / name) == "file" and not ours(out, name, held):
            if force:
                foreign.append(name)
            else:
                problem = _problem(out / name, f"{name} was not made by notedeck (it carries no "
                                   "notedeck build id), and a build would replace it; move it "
                                   "away, choose another --out, or build with --force, which "
                                   "moves it aside")
        if problem is not None:
            problems.append(problem)
    if problems:
        raise NotedeckError([Problem(p.where, f"{p.message}; nothing in {out} was changed")
                             for p in problems])
    return foreign


def _legacy_problems(out: Path) -> list[Problem]:
    """An older notedeck's folder (.notedeck/, taken over by publish.py) changed by hand, so
    that its current build cannot be told: refused, rather than guessed at."""
    state = out / LEGACY
    if kind_of(state) is None:
        return []
    fix = f"it was changed by hand: remove the folder {state} and build again"
    found = [_problem(path, f"expected notedeck's own folder, found {_named(kind)}; {fix}")
             for path in (state, state / "builds")
             if (kind := kind_of(path)) not in (None, "folder")]
    current = state / "current"
    kind = kind_of(current)
    if kind not in (None, "link"):
        found.append(_problem(current, f"expected notedeck's link to the current build, found "
                                       f"{_named(kind)}; {fix}"))
    elif kind == "link" and not re.fullmatch(r"builds/[0-9a-f]{16}", _target(current)):
        found.append(_problem(current, f"this link does not lead to one of notedeck's builds; "
                                       f"{fix}"))
    return found


def ours(out: Path, name: str, held: manifest.Manifest | None) -> bool:
    """Whether OUT/NAME is a file notedeck made: listed with its bytes, or carrying a build id."""
    return (held is not None and held.knows(out, name)) or stamps.build_of(out / name) is not None


def legacy_link(out: Path, name: str) -> bool:
    """Whether OUT/NAME is a link an older notedeck made (.notedeck/current/NAME)."""
    try:
        return os.readlink(out / name) == f"{LEGACY}/current/{name}"
    except (OSError, ValueError):
        return False


def _in_the_way(out: Path, name: str) -> Problem | None:
    head, _, rest = name.partition("/")
    if rest:
        kind = kind_of(out / head)
        if kind == "link" and legacy_link(out, head):
            return None
        if kind not in (None, "folder"):
            return _problem(out / head, f"{_named(kind)} named {head} is in the way of the "
                                        f"output {name}; move it away or choose another --out")
    path = out / name
    kind = kind_of(path)
    if kind == "folder":
        return _problem(path, f"a folder named {name} is in the way of the output {name}; "
                              "move it away or choose another --out")
    if kind == "link" and not legacy_link(out, name):
        return _problem(path, f"a link notedeck did not make is in the way of the output "
                              f"{name} (it leads to {_target(path)}); move it away or choose "
                              "another --out")
    if kind == "other":
        return _problem(path, f"a device, pipe or socket is in the way of the output {name}; "
                              "move it away or choose another --out")
    return None


def kind_of(path: Path) -> str | None:
    try:
        mode = os.lstat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return None
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISDIR(mode):
        return "folder"
    return "file" if stat.S_ISREG(mode) else "other"


def _target(path: Path) -> str:
    try:
        return os.readlink(path)
    except OSError:
        return "somewhere else"


def _named(kind: str) -> str:
    return {"file": "a file", "link": "a link", "folder": "a folder"}.get(kind, "a device or pipe")


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
