"""What only the facilitator guide reads from a section: planned times, passages and exercises."""

from __future__ import annotations

from pathlib import Path

from notedeck.errors import Location, Problem, fail
from notedeck.model import Exercise, Paragraph, Passage, Run, Text
from notedeck.readers import durations
from notedeck.readers.validation import shown

MAX_MINUTES = 600
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


def passages(body: str, path: Path, line: int) -> list[Passage]:
    """A facilitator fence's paragraphs and lists."""
    from notedeck.readers.sections import _PARSER, _closing, _describe, bullets, inline

    tokens = _PARSER.parse(body)
    out: list[Passage] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.type == "paragraph_open":
            out.append(Paragraph(inline(tokens[index + 1], path, line)))
            index += 3
        elif token.type in ("bullet_list_open", "ordered_list_open"):
            end = _closing(tokens, index)
            out.append(bullets(tokens[index:end + 1], path, line))
            index = end + 1
        else:
            raise fail(path, f"a facilitator passage holds paragraphs and lists; found "
                             f"{_describe(token)}", line + (token.map[0] if token.map else 0))
    if not out:
        raise fail(path, "the facilitator passage is empty", line)
    return out


def exercise(body: str, path: Path, line: int) -> list[Exercise]:
    """'- **Ask**: ...' and '- **Listen for**: ...' items become one exercise."""
    from notedeck.readers.sections import _PARSER, bullets

    found: dict[str, Text] = {}
    for item in bullets(_PARSER.parse(body), path, line).items:
        key = "".join(r.text for r in item if r.bold).strip().rstrip(":.").lower()
        rest = tuple(r for r in item if not r.bold)
        if rest:
            rest = (Run(rest[0].text.lstrip(":.–— "), rest[0].bold, rest[0].italic), *rest[1:])
        if key not in EXERCISE_KEYS:
            raise fail(path, f"an exercise item starts with **Ask** or **Listen for**, got "
                             f"{key or '(no bold title)'!r}", line)
        found[key] = tuple(r for r in rest if r.text)
    if not found.get("ask"):
        raise fail(path, "the exercise needs a '- **Ask**: what the room does' item", line)
    return [Exercise(found["ask"], found.get("listen for", ()))]
