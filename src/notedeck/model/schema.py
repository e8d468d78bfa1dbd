"""Every YAML file's keys and values checked by pydantic, and its errors said one way.

The one mechanism: a file or part declares its keys as a pydantic model (a `Settings`,
built at run time where the note declares them, as the scenario's are); `problems`
(a whole file) and `checked` (a part of model.yaml) turn pydantic's errors into an
author's problems, located at the key or value they are about. A value's own check is a
validator that raises `custom(message)`; its message is shown as it is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import (Any, ClassVar, NamedTuple, Protocol, TypeVar, get_args, get_origin,
                    get_type_hints)

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic_core import InitErrorDetails, PydanticCustomError

from notedeck.errors import Location, NotedeckError, Problem
from notedeck.model.document import Document
from notedeck.model.messages import MAX_REPORTED, key_text, shown, suggest

_MAPPING = "a mapping (key: value lines)"
_DATE = "a date (YYYY-MM-DD)"
_KINDS = {"dict_type": _MAPPING, "model_type": _MAPPING, "list_type": "a list",
          "string_type": "text", "date_type": _DATE, "date_from_datetime_parsing": _DATE,
          "date_parsing": _DATE}
_OWN = "notedeck"                        # the error type of a validator's own message


class Reports(Protocol):
    """Where problems go: a model reader (display/texts.Texts, figures, inputs ...)."""

    def problem(self, path: tuple, message: str, at_key: bool = False) -> None: ...


Keys = TypeVar("Keys", bound="Settings")


@dataclass(frozen=True)
class Wording:
    """How a model's problems name it: `part` in a missing key's problem ("from the front
    matter"), `noun` for an unknown key ("unknown catalogue entry"), and how many of its
    keys an unknown key's problem lists."""

    part: str = ""
    noun: str = "key"
    listed: int = 30


class Settings(BaseModel):
    """A part's settings: every key named, none other taken; a field's description says
    what a missing key holds."""

    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)
    wording: ClassVar[Wording] = Wording()


class Said(NamedTuple):
    """One error as an author's problem: the key path it is about, the sentence, and where
    it is said (the path of the value, or of its key with at_key)."""

    path: tuple
    message: str
    at: tuple
    at_key: bool = False


def custom(message: str) -> PydanticCustomError:
    """An error whose message is shown to the author as it is."""
    return PydanticCustomError(_OWN, message)


def invalid(errors: list[tuple[tuple, str]]) -> ValidationError:
    """Several problems of one value at once, each at a key path below it (a list's items):
    raised by a validator, pydantic places them under the value's own path."""
    return ValidationError.from_exception_data("notedeck", [
        InitErrorDetails(type=custom(message), loc=path, input=None) for path, message in errors])


def again(error: dict) -> InitErrorDetails:
    """An error pydantic reported, to raise again with others (`invalid`'s way): a
    validator that validates its value's parts and adds problems of its own."""
    kind = custom(error["msg"]) if error["type"] == _OWN else error["type"]
    details = InitErrorDetails(type=kind, loc=tuple(error["loc"]), input=error["input"])
    if "ctx" in error and error["type"] != _OWN:
        details["ctx"] = error["ctx"]
    return details


def validate(schema: type[Keys], data: Any, located: Document, context: Any = None) -> Keys:
    """The data as `schema` takes it, or a NotedeckError naming every problem; `context` is
    what validators that read more than the value are handed (pydantic's context)."""
    try:
        return schema.model_validate(data, context=context)
    except ValidationError as exc:
        raise NotedeckError(problems(located, exc, schema)) from None


def problems(located: Document, exc: ValidationError, root: type[BaseModel]) -> list[Problem]:
    """One located Problem per error (at most MAX_REPORTED, then a count)."""
    return bounded([Problem(_where(located, s), s.message) for s in said(exc, root)], located)


def bounded(found: list[Problem], located: Document) -> list[Problem]:
    """At most MAX_REPORTED problems, then a count of the rest."""
    if len(found) <= MAX_REPORTED:
        return found
    return found[:MAX_REPORTED] + [Problem(located.where(()), f"... and "
                                           f"{len(found) - MAX_REPORTED} more problems "
                                           "in this file")]


def checked(texts: Reports, schema: type[Keys], spec: dict, path: tuple,
            what: str | None) -> Keys | None:
    """The part's settings, or None with each problem recorded at its key: an unknown key
    ("WHAT has no setting", or "unknown key" for a file's top), a flag that is not true or
    false, a choice outside its list."""
    try:
        return schema.model_validate(spec)
    except ValidationError as exc:
        for one in said(exc, schema, what):
            texts.problem(path + one.at, one.message, one.at_key)
        return None


def keys(schema: type[BaseModel]) -> list[str]:
    """The keys a part takes, as written (a field named from_ is written from:)."""
    return [field.alias or name for name, field in schema.model_fields.items()]


def said(exc: ValidationError, root: type[BaseModel], what: str | None = None) -> list[Said]:
    """Each error as an author's problem, a mapping's unknown keys before the problems
    inside it (a misspelt key is said before the key it leaves missing)."""
    return [_said(error, root, what) for error in _ordered(exc.errors())]


def _where(located: Document, one: Said) -> Location:
    where = located.where(one.at, one.at_key)
    if one.at == one.path:
        return where
    return Location(where.file, where.line, where.column, key_text(one.path))


def _ordered(errors: list) -> list:
    ordered: list = []
    for error in errors:
        if error["type"] == "extra_forbidden":
            parent = tuple(error["loc"][:-1])
            at = next((i for i, e in enumerate(ordered) if tuple(e["loc"][:len(parent)]) == parent
                       and not (e["type"] == "extra_forbidden"
                                and tuple(e["loc"][:-1]) == parent)), len(ordered))
            ordered.insert(at, error)
        else:
            ordered.append(error)
    return ordered


def _said(error: dict, root: type[BaseModel], what: str | None) -> Said:
    path, kind = tuple(error["loc"]), error["type"]
    if kind == "extra_forbidden":
        key = path[-1]
        model = _model_at(root, path[:-1])
        sentence = f"{what} has no setting '{key}'" if what and len(path) == 1 \
            else f"unknown {_wording(model).noun} '{key}'"
        choices = keys(model) if model else []
        return Said(path, sentence + suggest(str(key), choices, _wording(model).listed),
                    path, True)
    if kind == "missing":
        return _missing(root, path)
    if kind == "bool_type":
        return Said(path, "expected true or false", path)
    if kind == "literal_error":
        return Said(path, _choice(_model_at(root, path[:-1]), str(path[-1]), what), path)
    if kind in _KINDS:
        return Said(path, f"expected {_KINDS[kind]}, got {shown(error.get('input'))}", path)
    if kind in ("too_short", "too_long"):
        context = error.get("ctx", {})
        limit = context.get("min_length", context.get("max_length"))
        word = "at least" if kind == "too_short" else "at most"
        noun = "item" if limit == 1 else "items"
        return Said(path, f"expected {word} {limit} {noun}, got "
                          f"{context.get('actual_length', '?')}", path)
    return Said(path, error["msg"].removeprefix("Value error, "), path)


def _missing(root: type[BaseModel], path: tuple) -> Said:
    """A required key absent: said at the line of the mapping that lacks it."""
    model = _model_at(root, path[:-1])
    field = _field(model, path[-1]) if model else None
    sentence = f"required key '{path[-1]}' is missing"
    if _wording(model).part:
        sentence += f" from {_wording(model).part}"
    if field is not None and field.description:
        sentence += f": {field.description}"
    return Said(path, sentence, path[:-1], len(path) > 1 and isinstance(path[-2], str))


def _wording(model: type[BaseModel] | None) -> Wording:
    return getattr(model, "wording", None) or Wording()


def _choice(model: type[BaseModel] | None, key: str, what: str | None) -> str:
    field = _field(model, key) if model else None
    choices = ", ".join(getattr(field.annotation, "__args__", ())) if field else ""
    about = f" ({field.description})" if field is not None and field.description else ""
    return f"{what}'s {key} is one of: {choices}{about}"


def _field(model: type[BaseModel], key: Any):
    return next((f for name, f in model.model_fields.items() if key in (name, f.alias)), None)


def _model_at(root: type[BaseModel], path: tuple) -> type[BaseModel] | None:
    """The model that holds the keys at a path: through fields, list items, a mapping's
    values (a role of template.yaml: the model's typed extra keys) and optional values."""
    found: Any = root
    for part in path:
        found = _step(found, part)
        if found is None:
            return None
    return _model(found)


def _step(annotation: Any, part: Any) -> Any:
    model = _model(annotation)
    if model is not None:
        field = _field(model, part)
        return field.annotation if field is not None else _extra(model)
    origin, arguments = get_origin(annotation), get_args(annotation)
    if origin in (list, tuple) and arguments:
        return arguments[0]
    if origin is dict and len(arguments) == 2:
        return arguments[1]
    for argument in arguments:                # X | None, Annotated[X, ...]
        found = _step(argument, part)
        if found is not None:
            return found
    return None


def _model(annotation: Any) -> type[BaseModel] | None:
    """The model an annotation is, looking through Annotated and X | None only."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    if get_origin(annotation) in (list, tuple, dict):
        return None
    return next((m for m in map(_model, get_args(annotation)) if m is not None), None)


def _extra(model: type[BaseModel]) -> Any:
    hints = get_type_hints(model) if model.model_config.get("extra") == "allow" else {}
    found = get_args(hints.get("__pydantic_extra__"))
    return found[1] if len(found) == 2 else None


__all__ = ["Settings", "bounded", "checked", "custom", "keys", "problems", "said", "validate"]
