"""The facilitator guide's inputs: planned minutes (section, slide, their sum) and guide-only passages."""

from __future__ import annotations

from pathlib import Path

from notedeck.errors import Location, Problem, fail
from notedeck.deck import Exercise, Paragraph, Passage, Run, Text
from notedeck.catalogue import keywords
from notedeck.readers import durations, markdown, passages
from notedeck.readers.inlines import bullets, closing, describe, inline
from notedeck.readers.validation import shown

MAX_MINUTES = 600
KINDS = ("facilitator", "exercise")           # fences only the facilitator guide shows
EXERCISE_KEYS = ("ask", "listen for")


def minutes(value: object) -> int:
    """Planned time in whole seconds: a number of minutes, or a duration with a unit."""
    try:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            seconds = durations.parse(f"{value} min")
        elif isinstance(value, str) and value.strip()[-1:].isalpha():
            seconds = durations.parse(value)
        else:
            raise ValueError(value)
    except ValueError:
        raise ValueError("expected a number of minutes (e.g. 12) or a time with a unit "
                         f"(e.g. '90 s'), got {shown(value)}") from None
    if not 0 < seconds <= MAX_MINUTES * 60:
        raise ValueError(f"expected a planned time above 0 and at most {MAX_MINUTES} minutes, "
                         f"got {shown(value)}")
    return round(seconds)


def overbooked(section) -> list[Problem]:
    """The slide whose planned time takes its section past the section's minutes."""
    if section.seconds is None:
        return []
    total = 0
    for slide in section.slides:
        total += slide.seconds or 0
        if total > section.seconds:
            return [Problem(Location(section.file, slide.line),
                            f"the slides' planned times reach {total / 60:g} min here, more "
                            f"than the section's minutes ({section.seconds / 60:g}); raise "
                            "'minutes' in the front matter or shorten a slide's time")]
    return []


def is_timed_notes(title: str) -> bool:
    """'Notes (2 min)', 'Notizen (2 min)': a notes heading that plans the slide's time."""
    return keywords.timed_notes(title) is not None


def notes_time(title: str) -> int | None:
    """The seconds a notes heading plans ('Notes (90 s)'), None for plain 'Notes'."""
    planned = keywords.timed_notes(title)
    return minutes(planned) if planned is not None else None


def fence(kind: str, body: str, path: Path, line: int) -> list[Passage]:
    """A ```facilitator``` or ```exercise``` fence's content, starting at `line` of `path`."""
    lines = passages.Lines.plain(path, line, body)
    tokens = markdown.tokens(body, lines)
    at = lambda token: lines.at(token.map[0] if token.map else 0)  # noqa: E731
    return exercise(tokens, at, path, line) if kind == "exercise" else prose(tokens, at, path,
                                                                             line)


def prose(tokens, at, path: Path, line: int) -> list[Passage]:
    """A facilitator fence's paragraphs and lists."""
    out: list[Passage] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.type == "paragraph_open":
            out.append(Paragraph(inline(tokens[index + 1], *at(token))))
            index += 3
        elif token.type in ("bullet_list_open", "ordered_list_open"):
            end = closing(tokens, index)
            out.append(bullets(tokens[index:end + 1], at))
            index = end + 1
        else:
            raise fail(path, "a facilitator passage holds paragraphs and lists; found "
                             f"{describe(token)}", at(token)[1])
    if not out:
        raise fail(path, "the facilitator passage is empty", line)
    return out


def exercise(tokens, at, path: Path, line: int) -> list[Exercise]:
    """'- **Ask**: ...' and '- **Listen for**: ...' items become one exercise."""
    found: dict[str, Text] = {}
    for item in bullets(tokens, at).items if tokens else ():
        title = "".join(r.text for r in item if r.bold).strip().rstrip(":.\u00a0 ")
        key = keywords.keyword(title) or title.lower()
        rest = tuple(r for r in item if not r.bold)
        if rest:
            rest = (Run(rest[0].text.lstrip(":.–— "), rest[0].bold, rest[0].italic), *rest[1:])
        if key not in EXERCISE_KEYS:
            raise fail(path, f"an exercise item starts with **Ask** or **Listen for** "
                             f"({keywords.listed('ask')}; {keywords.listed('listen for')}), "
                             f"got {key or '(no bold title)'!r}", line)
        found[key] = tuple(r for r in rest if r.text)
    if not found.get("ask"):
        raise fail(path, "the exercise needs a '- **Ask**: what the room does' item", line)
    return [Exercise(found["ask"], found.get("listen for", ()))]
