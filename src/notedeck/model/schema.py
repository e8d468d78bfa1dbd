"""A model.yaml part's keys, checked by pydantic (as note.yaml's are), as an author's problems."""

from __future__ import annotations

from typing import Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from notedeck.model.messages import suggest


class Reports(Protocol):
    """Where problems go: a model reader (display/texts.Texts, figures, inputs ...)."""

    def problem(self, path: tuple, message: str, at_key: bool = False) -> None: ...


Keys = TypeVar("Keys", bound="Settings")


class Settings(BaseModel):
    """A part's settings: every key named, none other taken; values the reader checks are Any."""

    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)


def checked(texts: Reports, schema: type[Keys], spec: dict, path: tuple,
            what: str | None) -> Keys | None:
    """The part's settings, or None with each problem recorded at its key: an unknown key
    ("WHAT has no setting", or "unknown key" for a file's top), a flag that is not true or
    false, a choice outside its list."""
    try:
        return schema.model_validate(spec)
    except ValidationError as exc:
        for error in exc.errors():
            _problem(texts, schema, error, path, what)
        return None


def keys(schema: type[Settings]) -> list[str]:
    """The keys a part takes, as written (a field named from_ is written from:)."""
    return [field.alias or name for name, field in schema.model_fields.items()]


def _problem(texts: Reports, schema: type[Settings], error: dict, path: tuple,
             what: str | None) -> None:
    key = error["loc"][0]
    here = path + (key,)
    if error["type"] == "extra_forbidden":
        said = f"{what} has no setting '{key}'" if what else f"unknown key '{key}'"
        texts.problem(here, said + suggest(str(key), keys(schema)), at_key=True)
    elif error["type"] == "bool_type":
        texts.problem(here, "expected true or false")
    elif error["type"] == "literal_error":
        texts.problem(here, _choice(schema, str(key), what))
    else:
        texts.problem(here, error["msg"])


def _choice(schema: type[Settings], key: str, what: str) -> str:
    field = next(f for name, f in schema.model_fields.items() if key in (name, f.alias))
    choices = ", ".join(getattr(field.annotation, "__args__", ()))
    return f"{what}'s {key} is one of: {choices}" + (f" ({field.description})"
                                                     if field.description else "")


__all__ = ["Settings", "checked", "keys"]
