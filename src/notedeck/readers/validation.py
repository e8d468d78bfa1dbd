"""Pydantic's validation errors as sentences an author can act on."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import PydanticCustomError

from notedeck.errors import Problem, closest
from notedeck.readers.yamlfile import Located

_KINDS = {"dict_type": "a mapping (key: value lines)", "model_type": "a mapping (key: value lines)",
          "list_type": "a list", "string_type": "text", "date_type": "a date (YYYY-MM-DD)",
          "date_from_datetime_parsing": "a date (YYYY-MM-DD)", "date_parsing": "a date (YYYY-MM-DD)"}


def custom(message: str) -> PydanticCustomError:
    """An error whose message is shown to the author as it is."""
    return PydanticCustomError("notedeck", message)


MAX_REPORTED = 50


def problems(source: Located, exc: ValidationError, root: type[BaseModel]) -> list[Problem]:
    """One located Problem per validation error (at most MAX_REPORTED, then a count)."""
    errors = exc.errors()
    found = [_problem(source, error, root) for error in errors[:MAX_REPORTED]]
    if len(errors) > MAX_REPORTED:
        found.append(Problem(source.where(()), f"... and {len(errors) - MAX_REPORTED} more "
                                               "problems in this file"))
    return found


def _problem(source: Located, error: dict, root: type[BaseModel]) -> Problem:
    path = tuple(error["loc"])
    kind, found = error["type"], error.get("input")
    if kind == "extra_forbidden":
        message = f"unknown key '{path[-1]}'" + suggest(str(path[-1]), _fields_at(root, path[:-1]))
    elif kind == "missing":
        message = f"required key '{path[-1]}' is missing"
    elif kind in _KINDS:
        message = f"expected {_KINDS[kind]}, got {shown(found)}"
    elif kind in ("too_short", "too_long"):
        context = error.get("ctx", {})
        limit = context.get("min_length", context.get("max_length"))
        word = "at least" if kind == "too_short" else "at most"
        noun = "item" if limit == 1 else "items"
        message = f"expected {word} {limit} {noun}, got {context.get('actual_length', '?')}"
    else:
        message = error["msg"].removeprefix("Value error, ")
    return Problem(source.where(path, at_key=kind == "extra_forbidden"), message)


def _fields_at(root: type[BaseModel], path: tuple) -> list[str]:
    model = root
    for part in path:
        if isinstance(part, int):
            continue
        annotation = model.model_fields[part].annotation
        inner = getattr(annotation, "__args__", (annotation,))[0]
        if not (isinstance(inner, type) and issubclass(inner, BaseModel)):
            return []
        model = inner
    return list(model.model_fields)


def suggest(word: str, choices: list[str]) -> str:
    """'; did you mean ...? Expected one of: ...' for a misspelt name."""
    close = closest(word, choices)
    hint = f"; did you mean '{close}'?" if close else ""
    if not choices:
        return hint
    return f"{hint} Expected one of: {', '.join(choices)}" if hint else \
        f"; expected one of: {', '.join(choices)}"


def shown(value: Any) -> str:
    """A found value, short, as an author would recognise it."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."
