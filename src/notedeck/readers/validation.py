"""A YAML file's data checked by its pydantic model (model/schema.py), as an author's problems."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from notedeck.errors import Problem, closest
from notedeck.model import schema
from notedeck.model.messages import shown
from notedeck.model.schema import MAX_REPORTED, custom
from notedeck.readers.yamlfile import Located

Model = TypeVar("Model", bound=BaseModel)
_WHOLE = object()


def validated(source: Located, model: type[Model], data: Any = _WHOLE,
              context: Any = None) -> Model:
    """The file's data (or a part of it, with its positions in `source`) as `model` takes
    it, or a NotedeckError naming every problem at its file, line and key."""
    return schema.validate(model, source.data if data is _WHOLE else data, source, context)


def problems(source: Located, exc: ValidationError, root: type[BaseModel]) -> list[Problem]:
    """One located Problem per validation error (at most MAX_REPORTED, then a count)."""
    return schema.problems(source, exc, root)


def suggest(word: str, choices: list[str]) -> str:
    """'; did you mean ...? Expected one of: ...' for a misspelt name (every choice listed)."""
    close = closest(word, choices)
    hint = f"; did you mean '{close}'?" if close else ""
    if not choices:
        return hint
    return f"{hint} Expected one of: {', '.join(choices)}" if hint else \
        f"; expected one of: {', '.join(choices)}"


__all__ = ["MAX_REPORTED", "custom", "problems", "shown", "suggest", "validated"]
