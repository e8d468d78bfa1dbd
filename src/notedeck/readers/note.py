"""note.yaml -> the note's metadata, sources and boundaries, validated."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, PlainValidator

from notedeck.errors import fail
from notedeck.figures.cldr import unsupported
from notedeck.figures.durations import DAY, DAYS_FROM, PROSE_FORMS, Durations
from notedeck.model.schema import Settings
from notedeck.readers import text as clean
from notedeck.readers import yamlfile
from notedeck.readers.catalogue import Labels
from notedeck.readers.validation import custom, shown, validated

MAX_TITLE = 120


def _text(limit: int):
    def check(value: Any) -> str:
        if not isinstance(value, str) or not value.strip():
            raise custom(f"expected text, got {shown(value)}")
        if len(value) > limit:
            raise custom(f"expected at most {limit} characters, got {len(value)}")
        return clean.text(value).strip()
    return PlainValidator(check)


def _date(value: Any) -> datetime.date:
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    if isinstance(value, str):
        try:
            return datetime.date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise custom(f"expected a date written YYYY-MM-DD, got {shown(value)}")


def _locale(value: Any) -> str:
    problem = unsupported(value) if isinstance(value, str) else "expected a language tag " \
        f"such as en-GB, de-DE or fr-FR, got {shown(value)}"
    if problem:
        raise custom(problem)
    return value


def _prose_form(value: Any) -> str:
    if value not in PROSE_FORMS:
        raise custom(f"expected one of {', '.join(PROSE_FORMS)} (words: \"2 hours and 14 "
                     f"minutes\"; compact: \"2 h 14 min\", as tables write it), got {shown(value)}")
    return value


def _days_from(value: Any) -> int | None:
    """A duration of one day or more, or `never`: from how long days and weeks are written."""
    from notedeck.readers import durations

    if value == "never":
        return None
    try:
        seconds = durations.parse(value)
    except ValueError:
        seconds = None
    if seconds is None or not DAY <= seconds <= 3650 * DAY or seconds.denominator != 1:
        raise custom(f"expected a duration from 1 day to 10 years in whole seconds (e.g. "
                     f"'2 days', '36 h'), or never; got {shown(value)}")
    return int(seconds)


SESSION = (10 * 60, 24 * 3600)          # seconds: from ten minutes to a day


def _session(value: Any) -> int:
    """The session's length: a duration in whole minutes, from 10 min to 24 h (a bare number
    is minutes, as a section's `minutes:` is)."""
    from decimal import Decimal

    from notedeck.readers import durations

    bare = isinstance(value, (int, Decimal)) and not isinstance(value, bool)
    try:
        seconds = durations.parse(f"{value} min" if bare else value)
    except ValueError:
        seconds = None
    if seconds is None or not SESSION[0] <= seconds <= SESSION[1] or seconds % 60:
        raise custom(f"expected the session's length in whole minutes from 10 min to 24 h "
                     f"(e.g. '3 h 30 min', or 90 for minutes), got {shown(value)}")
    return int(seconds)


class DurationsIn(Settings):
    """How durations are written: `prose` and `days_from` (figures/durations.py, Durations)."""

    prose: Annotated[str, PlainValidator(_prose_form)] = "words"
    days_from: Annotated[int | None, PlainValidator(_days_from)] = DAYS_FROM

    def style(self) -> Durations:
        return Durations(self.prose, self.days_from)


Short = Annotated[str, _text(MAX_TITLE)]
Locale = Annotated[str, PlainValidator(_locale)]
Long = Annotated[str, _text(2000)]


class FooterIn(Settings):
    """The slides' footer: its text, and whether it shows the build id (off by default: the
    room reads the slides; the id is in every file's metadata, the speaker notes, the
    handout and the guide)."""

    text: Short
    build: bool = False


def _footer(value: Any) -> FooterIn:
    """`footer: TEXT`, or `footer: {text: TEXT, build: true}` to show the build id on slides."""
    if isinstance(value, dict):
        unknown = sorted(set(value) - {"text", "build"})
        if unknown or "text" not in value or not isinstance(value.get("build", False), bool):
            raise custom("expected the footer's text, or a mapping {text: TEXT, build: true} "
                         f"(build: true or false: the build id on the slides), got "
                         f"{shown(value)}")
        return FooterIn(text=_text(MAX_TITLE).func(value["text"]), build=value.get("build", False))
    return FooterIn(text=_text(MAX_TITLE).func(value))


class SourceIn(Settings):
    author: Short
    title: Annotated[str, _text(300)]
    kind: Short
    note: Long


# Empty defaults rather than default_factory: pydantic copies a mutable default for each
# note, and a factory costs the model an inspect.signature() of list or dict (tokenize).
class NoteIn(Settings):
    title: Short
    subtitle: Annotated[str, _text(200)]
    author: Short
    date: Annotated[datetime.date, PlainValidator(_date)]
    footer: Annotated[FooterIn, PlainValidator(_footer)]
    subject: Annotated[str, _text(300)] = ""
    keywords: list[Short] = Field([], max_length=20)
    title_notes: Long = ""
    sources_title: Short = ""                     # "": the catalogue's, in the note's language
    sources: list[SourceIn] = Field([], max_length=20)
    boundaries: list[Long] = Field([], max_length=10)
    names_with_numbers: list[Short] = Field([], max_length=50)
    outputs: list[Short] = Field([], max_length=20)   # added to every build
    locale: Locale = "en-GB"                      # numbers, dates and notedeck's own words
    durations: DurationsIn = DurationsIn()        # "2 hours" in prose, "3 days" from two days
    session: Annotated[int, PlainValidator(_session)] = 0   # seconds; 0: the sections' own
    labels: Labels = None           # catalogue entries, in the note's locale


def read(path: Path, override: yamlfile.Located | None = None) -> tuple[NoteIn, yamlfile.Located]:
    """The validated note and its located source (for placeholder line numbers); an
    audience's `note:` part replaces the fields it names (lists whole)."""
    source = yamlfile.load(path)
    if source.data is None:
        raise fail(path, "note.yaml is empty; expected at least title, subtitle, author, "
                         "date and footer")
    if override is not None and isinstance(source.data, dict):
        from notedeck.readers.audiences import merge

        merged = merge(source, override)
        merged.warnings.extend(source.warnings)
        source = merged
    return validated(source, NoteIn, source.data if source.data is not None else {}), source
