"""A build's catalogue: notedeck's words for its locale, with the note's and the audience's
`labels:` over them (each checked with its file by LabelsIn: every key known, every slot one
the code fills); every entry present."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, ClassVar

from pydantic import Field, PlainValidator, WrapValidator, create_model

from notedeck import catalogue
from notedeck.errors import Location, NotedeckError, Problem
from notedeck.model.schema import Settings, Wording
from notedeck.readers.validation import custom, shown
from notedeck.readers.yamlfile import Located

MAX_LABEL = 400            # characters in one entry


@dataclass(frozen=True)
class Layer:
    """One file's `labels:` mapping, and where its locale is set (for missing entries)."""

    source: Located        # the whole file, positions kept; entries under ("labels", key)
    locale_at: Location    # the `locale:` line, else the file


def labels(locale: str, layers: list[Layer]) -> dict[str, str]:
    """The entries the layers give (each checked with its file: Labels), later layers
    winning; raises NotedeckError naming every missing entry (with its key and locale)."""
    given: dict[str, str] = {}
    for layer in layers:
        data = layer.source.data if isinstance(layer.source.data, dict) else {}
        entries = data.get("labels") if isinstance(data.get("labels"), dict) else {}
        given.update({str(key): text for key, text in entries.items()})
    problems = _missing(locale, given, layers[-1].locale_at if layers else None)
    if problems:
        raise NotedeckError(problems)
    return given


def _entry(key: str) -> PlainValidator:
    allowed = catalogue.slots(catalogue.CATALOGUES["en"][key])

    def check(text: Any) -> str:
        if not isinstance(text, str) or not text.strip():
            raise custom(f"expected text, got {shown(text)}")
        if len(text) > MAX_LABEL:
            raise custom(f"expected at most {MAX_LABEL} characters, got {len(text)}")
        unknown = sorted(catalogue.slots(text) - allowed)
        if unknown:
            offer = ", ".join("{" + s + "}" for s in sorted(allowed)) or "no slots"
            raise custom(f"unknown slot {{{unknown[0]}}} in '{key}'; this entry may use {offer}")
        return text
    return PlainValidator(check)


class Entries(Settings):
    """Catalogue entries by key (catalogue.KEYS): every key known, every slot one the code
    fills."""

    wording: ClassVar[Wording] = Wording(noun="catalogue entry",
                                         listed=len(catalogue.KEYS))   # each one named


LabelsIn = create_model("LabelsIn", __base__=Entries, **{
    f"entry{index}": (Annotated[str | None, _entry(key)], Field(None, alias=key))
    for index, key in enumerate(catalogue.KEYS)})


def _mapping(value: Any, handler) -> Any:
    if not isinstance(value, dict):
        raise custom(f"expected a mapping of catalogue entries (key: text), got {shown(value)}")
    return handler(value)


# note.yaml's and an audience file's `labels:`.
Labels = Annotated[LabelsIn | None, WrapValidator(_mapping)]


def _missing(locale: str, given: dict[str, str], where: Location | None) -> list[Problem]:
    """Entries neither notedeck's catalogue for the locale's language nor the note gives."""
    shipped = catalogue.shipped(locale)
    absent = [key for key in catalogue.KEYS if key not in shipped and key not in given]
    language = catalogue.language(locale)
    if language in catalogue.CATALOGUES:
        at = Location(Path(catalogue.__file__).with_name(f"{language}.py"))
        hint = "add it there, or under labels: in note.yaml"
    else:
        at = where or Location("note.yaml")
        ships = ", ".join(sorted(catalogue.CATALOGUES))
        hint = f"notedeck ships catalogues for {ships}; give it under labels:"
    return [Problem(at, f"missing catalogue entry '{key}' for locale {locale}; {hint}")
            for key in absent]
