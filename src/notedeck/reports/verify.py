"""Which build is this? `notedeck verify` reads a file's build id back (buildid.py makes it).

The id hashes what the note says once composed (the Deck, which holds every
text and figure a renderer shows), the template's bytes, the audience and
notedeck's version: the same content gives the same id on any machine, and
an edit that changes nothing shown (a YAML comment) keeps it. Every output
carries the id in small print and, with the audience and every figure, in
its metadata (read by infra/stamps.py: a PDF's document information, a deck's
custom properties, the web page's <meta name="notedeck-..."> elements), so
`verify` can say what changed since a file was made. An output that shows part
of the note (the worksheet) also carries the id of that part and only its
figures (stages/shown.py): it is current while what it shows is. Every file
also carries a digest of its own content: one edited after it was made (a
figure retyped, the file saved again) is changed, whatever its stamp says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from notedeck.deck import Stamp
from notedeck.errors import visible
from notedeck.infra import manifest
from notedeck.infra.stamps import changed_parts, intact, read_stamp

if TYPE_CHECKING:
    from notedeck.stages.stages import Prepared


@dataclass(frozen=True)
class Verdict:
    """What `notedeck verify` says of one file; `status` picks the exit code."""

    file: Path
    status: str          # "current" | "changed" | "other-audience" | "apart" | "foreign" | "unknown"
    lines: tuple[str, ...]


EXIT = {"current": 0, "changed": 1, "other-audience": 1, "apart": 1, "foreign": 2, "unknown": 2}


def verdict(path: Path, options, audience: str | None = None) -> Verdict:
    """`verify`, with a file that cannot be read, or a fault of notedeck's own while reading
    it, said as "cannot tell" (exit status 2), never as "not current" (1)."""
    from dataclasses import replace

    from notedeck.errors import NotedeckError

    try:
        said = verify(path, options, audience)     # one line each, whatever the file holds:
        return replace(said, lines=tuple(visible(line) for line in said.lines))
    except NotedeckError as exc:
        return Verdict(path, "unknown", tuple(p.report() for p in exc.problems))
    except Exception as exc:  # noqa: BLE001 - a bug must not read as a verdict
        cause = (str(exc).strip().splitlines() or [""])[0][:200]
        return Verdict(path, "unknown", (f"{path}: cannot tell whether it is current: "
                                         f"notedeck: internal error, sorry: "
                                         f"{type(exc).__name__}: {cause}",))


def verify(path: Path, options, audience: str | None = None) -> Verdict:
    """Compare the build id in `path` with what the content builds now for the file's
    audience (or, given, `audience`)."""
    from notedeck.errors import NotedeckError, fail

    if not Path(path).exists():
        raise fail(path, "no such file; expected a file notedeck wrote (a deck.pptx, a PDF, "
                         "web/index.html)")
    found = read_stamp(path)
    if found is None:
        return Verdict(path, "foreign", (f"{path}: not made by notedeck: it carries no "
                                         "notedeck build id",))
    label = _who(found.audience)
    if intact(path, found) is False:
        return Verdict(path, "changed", _edited(path, found, label))
    apart = _apart(Path(path))
    if apart:
        return Verdict(path, "apart", (f"{path}: {apart} (build {found.build}, {label}); "
                                       "build again to publish a whole set",))
    if audience is not None and audience != found.audience:
        return Verdict(path, "other-audience", (
            f"{path}: belongs to {label}, not to {_who(audience)} (build {found.build})",))
    try:
        prepared = current(options, found.audience or None)
    except NotedeckError as exc:
        problem = exc.problems[0].message if exc.problems else str(exc)
        return Verdict(path, "changed", (f"{path}: built for {label} (build {found.build}); "
                                         f"the content cannot build it now: {problem}",))
    now = prepared.stamp
    if now.build == found.build:
        return Verdict(path, "current", (f"{path}: current (build {found.build}, {label})",))
    part = _part(prepared, found)
    if part is not None and part.shown == found.shown:
        return Verdict(path, "current", (
            f"{path}: current: what it shows is unchanged (the {found.output} of build "
            f"{found.build}, {label}; the note now builds {now.build})",))
    if part is not None:
        now = part                            # its figures: those the part shows
    figures = dict(now.figures)
    changed = [f"  {name}: {found.figures.get(name, '(none)')} -> {figures.get(name, '(none)')}"
               for name in sorted(set(found.figures) | set(figures))
               if found.figures.get(name) != figures.get(name)]
    head = (f"{path}: not current: made as build {found.build} for {label}; the content now "
            f"builds {now.build}")
    if not changed:
        tail = ["  no figure changed: the wording, the template or notedeck's version did"]
    else:
        tail = [f"  {len(changed)} figure(s) changed:", *changed]
    return Verdict(path, "changed", (head, *tail))


def _edited(path: Path, found, label: str) -> tuple[str, ...]:
    """What `verify` says of a file edited after notedeck made it, with the deck's parts
    that differ."""
    head = (f"{path}: changed after notedeck made it: its content is not what build "
            f"{found.build} wrote for {label} (the digest of its content in its stamp "
            "differs from what its content gives now); build again for a file the content "
            "vouches for")
    parts = changed_parts(path)
    shown = [f"  {_named_part(name)} differs" for name in parts[:_PARTS_SHOWN]]
    more = [f"  ... and {len(parts) - _PARTS_SHOWN} more part(s)"] if len(parts) > _PARTS_SHOWN \
        else []
    return (head, *shown, *more)


_PARTS_SHOWN = 20
_SLIDE = re.compile(r"ppt/slides/slide([0-9]{1,5})\.xml")


def _named_part(name: str) -> str:
    slide = _SLIDE.fullmatch(name)
    return f"slide {slide.group(1)} ({name})" if slide else name


def _part(now: Prepared, found) -> Stamp | None:
    """The current stamp of the file's output, when the file shows part of the note
    (stages/shown.py); None for a file that shows the whole note."""
    from notedeck.stages.shown import for_output
    from notedeck.errors import NotedeckError
    from notedeck.render import registry

    if not found.shown or found.output not in registry.names():
        return None
    try:
        return for_output(now.deck, now.stamp, registry.get(found.output))
    except NotedeckError:                  # it shows nothing now (no worksheet any more)
        return None


def _apart(path: Path) -> str:
    """Why the file does not belong to the set published beside it ('' when it does, or when
    no manifest lies beside it: a file copied out alone, or a set not yet whole)."""
    folder = path.parent
    shown = path.name
    held = manifest.read(folder)
    if held is None and path.parent.name == "web":            # web/index.html
        folder, shown = folder.parent, f"web/{path.name}"
        held = manifest.read(folder)
    if held is None:
        return ""
    if not held.whole:
        return ("the set beside it is not whole: a build stopped while publishing it (the next "
                "build finishes it)")
    if shown not in held.files:
        return f"it does not belong to the set beside it, which build {held.build} published"
    if not held.holds(folder, shown):
        return (f"it does not belong to the set beside it: build {held.build} published other "
                f"bytes as {shown}")
    return ""


def current(options, audience: str | None) -> Prepared:
    """The Deck and its stamp the content builds now for `audience`."""
    from dataclasses import replace as copy

    from notedeck.stages.stages import prepare

    return prepare(copy(options, audience=audience, strict=False))


def _who(audience: str) -> str:
    return f"audience {audience!r}" if audience else "the note without an audience"

