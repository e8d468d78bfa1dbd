"""Templates as bytes: the shipped default, a .potx opened as a .pptx, read once per content.

Renderers read no files of the note: the template arrives as bytes (the
pipeline's template reader has already checked and sanitised it). This module
opens those bytes with python-pptx and resolves them to a Template, cached by
content, so planning every audience of a note reads a template once.
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from functools import lru_cache
from pathlib import Path

from notedeck.errors import NotedeckError, fail

DEFAULT_TEMPLATE = Path(__file__).resolve().parent / "default.pptx"
DEFAULT_NAME = "the default template"
_MAIN = "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"
_TEMPLATE_MAIN = "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml"
_MACRO_MAIN = "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml"


@lru_cache(maxsize=1)
def default_bytes() -> bytes:
    return DEFAULT_TEMPLATE.read_bytes()


def as_presentation_bytes(data: bytes) -> bytes:
    """A .potx (or a macro-free .pptm) with its main part typed as a presentation, which is
    all python-pptx needs to open it; a .pptx is returned unchanged."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            types = archive.read("[Content_Types].xml")
    except (zipfile.BadZipFile, KeyError, OSError):
        return data
    if _TEMPLATE_MAIN.encode() not in types and _MACRO_MAIN.encode() not in types:
        return data
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as zin, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for item in zin.infolist():
            body = zin.read(item.filename)
            if item.filename == "[Content_Types].xml":
                body = body.replace(_TEMPLATE_MAIN.encode(), _MAIN.encode())
                body = body.replace(_MACRO_MAIN.encode(), _MAIN.encode())
            zout.writestr(item, body)
    return out.getvalue()


def open_presentation(data: bytes, file: str):
    """A python-pptx Presentation from template bytes, or a NotedeckError naming the file."""
    from pptx import Presentation

    try:
        return Presentation(io.BytesIO(as_presentation_bytes(data)))
    except Exception as exc:   # not a zip, not a presentation, a broken part: say so plainly
        raise fail(file, "expected a PowerPoint template (.pptx or .potx); could not read it "
                         f"({type(exc).__name__})") from None


def inspect(data: bytes | None, file: str = DEFAULT_NAME, pins: tuple = (),
            map_file: str = "template.yaml"):
    """(Template or None, problems): the template resolved with every fault found."""
    if data is None:
        data, file = default_bytes(), DEFAULT_NAME
    try:
        return _inspect(hashlib.sha256(data).hexdigest(), data, file, tuple(pins), map_file)
    except NotedeckError as exc:
        return None, list(exc.problems)


@lru_cache(maxsize=8)
def _inspect(digest: str, data: bytes, file: str, pins: tuple, map_file: str):
    from notedeck.template.geometry import discover
    from notedeck.template.mapping import resolve

    prs = open_presentation(data, file)
    try:
        info = discover(prs, file)
    except NotedeckError:
        raise
    except Exception as exc:
        raise fail(file, "could not read the template's masters and layouts "
                         f"({type(exc).__name__})") from None
    template, problems = resolve(info, pins, map_file)
    return template, tuple(problems)


def load(data: bytes | None, file: str = DEFAULT_NAME, pins: tuple = (),
         map_file: str = "template.yaml"):
    """The resolved Template, or one NotedeckError naming every fault of the template."""
    template, problems = inspect(data, file, pins, map_file)
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise NotedeckError(errors)
    return template
