"""A note's PowerPoint template, trusted for nothing: read once, bounded, checked and repacked clean.

    read_note_template(content) -> TemplatePackage | None
    read_template_file(path, content=None) -> TemplatePackage
    sanitize(data, name) -> TemplatePackage

The file must be a regular file (inside the note, when it is the note's own);
its zip directory is checked before anything is inflated (opc.py); every XML
part is parsed without DTDs or entities; and only the parts a template needs
are carried into a new package (repack.py), with references to anything left
out removed (scrub.py). The renderer opens `TemplatePackage.data`.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from notedeck.errors import Problem, fail, warning
from notedeck.readers import opc, repack, scrub, shapes
from notedeck.readers.layout import TEMPLATES as NAMES
from notedeck.readers.text import line

DEFAULT = Path(__file__).resolve().parents[1] / "template" / "default.pptx"
MAX_FILE_BYTES = 40_000_000
MIN_SIDE, MAX_SIDE = 914_400, 51_206_400        # PowerPoint's slide sides: 1 to 56 inches, in EMU
P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"


@dataclass(frozen=True)
class TemplatePackage:
    """A template made safe: a clean .pptx package's bytes, the name messages use, its slide size."""

    name: str
    data: bytes
    slide_size: tuple[int, int]                  # EMU, width and height
    warnings: tuple[Problem, ...] = ()
    left_out: tuple[tuple[str, tuple[str, ...]], ...] = ()   # (what, examples) the deck drops

    def accepting(self, kinds) -> TemplatePackage:
        """The template with these kinds of left-out parts no longer warned of (template.yaml's
        `left_out:`); what is left out stays out."""
        kept = tuple((what, examples) for what, examples in self.left_out if what not in kinds)
        return replace(self, warnings=_warnings(kept, self.name))


def find(content: Path) -> Path | None:
    """The note's own template file (template.pptx or template.potx), or None; never both."""
    present = [content / name for name in NAMES if _exists(content / name)]
    if len(present) > 1:
        raise fail(present[1], f"the note has both {NAMES[0]} and {NAMES[1]}; keep one template")
    return present[0] if present else None


def read_note_template(content: Path) -> TemplatePackage | None:
    """The note's own template, made safe; None when the note has none."""
    path = find(content)
    return None if path is None else read_template_file(path, content)


@cache
def default_template() -> TemplatePackage:
    """notedeck's own template, through the same checks as any other: once a process (its
    bytes are the package's own, and a TemplatePackage does not change)."""
    return sanitize(*default_source())


def default_source() -> tuple[bytes, str]:
    """notedeck's own template's bytes, and the name messages give it."""
    return DEFAULT.read_bytes(), "notedeck's default template"


def note_source(content: Path) -> tuple[bytes, str] | None:
    """The bytes of the note's own template, read as read_note_template reads them, and its
    name; None when the note has none."""
    path = find(content)
    return None if path is None else (_read_file(path, content), str(path))


def read_template_file(path: Path, content: Path | None = None) -> TemplatePackage:
    """A template file made safe; with `content`, the file must lie inside that folder."""
    return sanitize(_read_file(Path(path), content), str(path))


def sanitize(data: bytes, name: str) -> TemplatePackage:
    """Template bytes checked and repacked with only what a template needs."""
    package = opc.Package(data, name)
    found = repack.walk(package)
    presentation = _presentation(found, name)
    if not any(part.kind == "slideMaster" for part in found.parts.values()):
        raise fail(name, "expected a PowerPoint template; it has no slide master")
    size = _slide_size(presentation.root, name)
    shapes.check(found.parts, name)            # before the layout reads a single one
    for part in found.parts.values():
        if part.root is not None and scrub.scrub(part.root, {rel.id for rel in part.rels}):
            part.data = opc.serialize(part.root)
    left_out = tuple((what, tuple(examples)) for what, examples in found.left_out.items())
    return TemplatePackage(name, repack.pack(found), size, _warnings(left_out, name), left_out)


# --- the file ------------------------------------------------------------------------

def _exists(path: Path) -> bool:
    return path.exists() or path.is_symlink()


def _read_file(path: Path, content: Path | None) -> bytes:
    """At most MAX_FILE_BYTES from a regular file: no folder, pipe, device or link out of the note."""
    if content is not None:
        _inside(path, content)
    try:
        _regular(os.stat(path).st_mode, path)         # before opening: a device is never opened
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise fail(path, "file not found") from None
    except OSError as exc:
        raise fail(path, f"cannot open the template: {exc.strerror or exc}") from None
    with open(descriptor, "rb") as handle:
        info = os.fstat(descriptor)
        _regular(info.st_mode, path)                  # and again: it may have been swapped
        if info.st_size > MAX_FILE_BYTES:
            raise fail(path, f"the template is {info.st_size:,} bytes; at most "
                             f"{MAX_FILE_BYTES:,}")
        try:
            data = handle.read(MAX_FILE_BYTES + 1)
        except OSError as exc:
            raise fail(path, f"cannot read the template: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE_BYTES:
        raise fail(path, f"the template is over {MAX_FILE_BYTES:,} bytes")
    return data


def _regular(mode: int, path: Path) -> None:
    if stat.S_ISDIR(mode):
        raise fail(path, "expected a PowerPoint file, found a folder; notedeck reads a "
                         "template only as one .pptx or .potx file")
    if not stat.S_ISREG(mode):
        raise fail(path, "expected a regular file (not a device, pipe or socket)")


def _inside(path: Path, content: Path) -> None:
    try:
        inside = path.resolve(strict=False).is_relative_to(content.resolve())
    except (OSError, RuntimeError) as exc:          # a loop of links
        reason = exc.strerror if isinstance(exc, OSError) and exc.errno != errno.ELOOP else \
            "the links go round in a loop"
        raise fail(path, f"cannot follow this path: {reason or exc}") from None
    if not inside:
        raise fail(path, "this file is a link to a place outside the note's folder; notedeck "
                         "reads only files inside the note")


# --- what the template must hold -----------------------------------------------------

def _presentation(found: repack.Walk, name: str) -> repack.Part:
    for part in found.parts.values():
        if part.kind == "presentation":
            return part
    raise fail(name, "expected a PowerPoint presentation or template (.pptx, .potx); the "
                     "package holds no presentation part (is it a Word or Excel file?)")


def _slide_size(root, name: str) -> tuple[int, int]:
    size = root.find(P + "sldSz")
    if size is None:
        raise fail(name, "the template does not say its slide size (p:sldSz)")
    sides = []
    for attribute, side in (("cx", "width"), ("cy", "height")):
        value = size.get(attribute, "")
        if not value.isdigit() or not MIN_SIDE <= int(value) <= MAX_SIDE:
            raise fail(name, f"the slide {side} is {_inches(value)}; PowerPoint slides are "
                             "1 to 56 inches (914,400 to 51,206,400 EMU) each way")
        sides.append(int(value))
    return sides[0], sides[1]


def _inches(value: str) -> str:
    if not value.lstrip("-").isdigit() or len(value) > 15:
        return f"{line(value)[:20]!r} EMU (expected a whole number)"
    return f"{int(value):,} EMU ({int(value) / 914400:.2f} in)"


def _warnings(left_out, name: str) -> tuple[Problem, ...]:
    if not left_out:
        return ()
    said = []
    for what, examples in left_out:
        shown = sorted({line(e)[:60] for e in examples})
        said.append(f"{what} ({', '.join(shown[:3])}{', ...' if len(shown) > 3 else ''})"
                    if shown else what)
    return (warning(name, f"left out of the deck: {'; '.join(said)}; a deck carries only the "
                          "template's masters, layouts, themes, pictures and fonts (to accept "
                          "this once, list it under left_out: in template.yaml)"),)
