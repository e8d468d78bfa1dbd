"""`notedeck init`: a new note copied from a bundled example, and the command to run next."""

from __future__ import annotations

import os
import shlex
import shutil
from pathlib import Path

from notedeck.commands.folders import Example, examples
from notedeck.errors import fail
from notedeck.readers.layout import AUDIENCES, NoteLayout


def start(directory: Path, example: Example, every_audience: bool = False) -> str:
    """Copy `example` into DIRECTORY (new, or empty: one example audience, or all), with the
    default template to restyle; what to tell the author. A folder this made is removed
    again if the machine refuses a write."""
    from notedeck.reports.templates import export

    if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        raise fail(directory, "the folder exists and is not empty; choose a new folder")
    audiences = NoteLayout(example.folder).audience_names()
    kept = set(audiences) if every_audience else {example.audience} - {""}
    made = not os.path.lexists(directory)
    try:
        shutil.copytree(example.folder, directory, dirs_exist_ok=True,
                        ignore=lambda folder, names: _left_out(Path(folder), names, example,
                                                               kept))
        export(directory)              # the deck's template, ready to restyle
    except (OSError, shutil.Error) as exc:     # a folder this made is removed again
        if made:
            shutil.rmtree(directory, ignore_errors=True)
        raise fail(directory, f"cannot start a note here: {_reason(exc)}") from None
    return _told(directory, example, sorted(kept), len(audiences))


def _reason(exc: Exception) -> str:
    """Why a copy failed, in words: copytree gathers each file's failure into a list of
    (source, target, reason) triples, which is no message for an author."""
    if isinstance(exc, shutil.Error) and exc.args and isinstance(exc.args[0], list):
        failed = [entry for entry in exc.args[0] if len(entry) == 3]
        if failed:
            why = str(failed[0][2]).split("] ")[-1]           # "[Errno 13] Permission ..."
            more = f" (and {len(failed) - 1:,} more files)" if len(failed) > 1 else ""
            return f"{why}{more}"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc)


def _left_out(folder: Path, names: list[str], example: Example, kept: set[str]) -> set[str]:
    """What copytree leaves out: caches, and the audiences not copied."""
    left = {n for n in names if n == "__pycache__"}
    if folder == example.folder / AUDIENCES:
        left |= {n for n in names if Path(n).stem not in kept}
    return left


def _told(directory: Path, example: Example, copied: list[str], offered: int) -> str:
    """'started a note in mynote ...', what to edit, and the next command."""
    here = _is_here(directory)
    audiences = ", ".join(copied)
    more = f"; --with-examples copies all {offered}" if len(copied) < offered else ""
    first = (f"started a note in {directory} from the bundled example {example.name}, with the "
             f"example audience{'s' if len(copied) > 1 else ''} {audiences}{more}") \
        if example.audience else f"started a blank note in {directory}"
    where = "" if here else f" in {directory}"
    step = "notedeck build" if here else f"cd {shlex.quote(str(directory))} && notedeck build"
    return (f"{first}\nnext: edit note.yaml, scenarios.yaml and sections/{where}, then build "
            f"it (into output/ inside the note):\n  {step}")


def _is_here(directory: Path) -> bool:
    try:
        return os.path.samefile(directory, ".")
    except OSError:
        return False


def listing() -> str:
    """The bundled notes `init --example NAME` can start from, the default first, each told
    by its model's `about:`."""
    lines = []
    for index, example in enumerate(examples()):
        count = len(NoteLayout(example.folder).audience_names())
        default = " (the default)" if index == 0 else ""
        audiences = "1 example audience" if count == 1 else f"{count} example audiences"
        lines.append(f"{example.name:20} {_about(example)}{default}; {audiences}")
    return "\n".join(lines)


def _about(example: Example) -> str:
    """The example's model.yaml `about:`, in one line."""
    from notedeck.readers import yamlfile

    data = yamlfile.load(NoteLayout(example.folder).model).data
    about = data.get("about") if isinstance(data, dict) else None
    return " ".join(about.split()) if isinstance(about, str) else ""
