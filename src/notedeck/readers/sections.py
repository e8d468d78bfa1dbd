"""A section file: front matter, slides with notes, and the handout's prose, as located parts."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, ClassVar, Mapping

from pydantic import PlainValidator

from markdown_it.token import Token

from notedeck.errors import Collector, NotedeckError, Problem, Location, fail
from notedeck.deck import (Block, BulletList, Paragraph, Passage, Prompt, Worksheet, Heading, plain)
from notedeck.catalogue import keywords
from notedeck.readers import facilitation, markdown, passages
from notedeck.readers import text as clean
from notedeck.readers.inlines import bullets, closing, describe, inline
from notedeck.readers import yamlfile
from notedeck.model.schema import Settings, Wording
from notedeck.readers.validation import custom, shown, validated

FRONT_KEYS = ("number", "title", "headline")        # and minutes: the guide's planned time
MAX_SLIDE_TITLE = 100        # characters, placeholders filled
MAX_HEADING = 200
LIMITS = {"title": 80, "headline": 160}
COMPONENTS = ("chart", "table", "stats", "items", "worksheet", *facilitation.KINDS)


@dataclass(frozen=True)
class Component:
    """A fenced placeholder for a computed part: ```chart NAME```."""

    kind: str
    name: str
    file: Path
    line: int


Part = Block | Component


@dataclass
class SlideSource:
    title: str
    line: int
    blocks: list[Part] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    file: Path | None = None        # where the slide is written, when not its section's file
    seconds: int | None = None      # planned time, from '### Notes (2 min)'
    facilitator: list[Passage] = field(default_factory=list)   # the guide's passages


@dataclass
class SectionSource:
    file: Path
    number: int
    title: str
    headline: str
    slides: list[SlideSource] = field(default_factory=list)
    handout: list[Part] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    handout_line: int | None = None     # the line of its '# Handout' heading
    passages: tuple[str, ...] = ()                        # the passage names the file marks
    hidden: tuple[passages.Passage, ...] = ()             # passages of absent items
    texts: tuple[passages.Chunk, ...] = ()                # the text as filled, located
    seconds: int | None = None                            # planned time: 'minutes' in front
    facilitator: list[Passage] = field(default_factory=list)   # the guide's passages

    @property
    def label(self) -> str:
        return f"{self.number:02d}"


@dataclass(frozen=True)
class SectionText:
    """A section file read but not filled: its front matter checked, its body as written."""

    file: Path
    front: yamlfile.Located
    number: int
    body: str
    body_line: int                 # the file's line of the body's first line
    warnings: tuple[Problem, ...] = ()


def load(path: Path) -> SectionText:
    """Read one section file: front matter checked, body kept unfilled; all problems at once."""
    raw, warnings = clean.scrub(yamlfile.read_text(path), path)
    front, body, body_line = _split(path, raw)
    found, source = Collector(), None
    with found.gather():
        source = _front_matter(path, front)
    if source is None:                     # report the body's problems in the same run
        found.problems.extend(_unfilled_body(SectionSource(path, 0, "", ""), body, body_line))
        found.raise_if_any()
    # a front-matter line is scrubbed twice (file, then its YAML): report it once
    return SectionText(path, source, source.data["number"], body, body_line,
                       tuple(dict.fromkeys((*source.warnings, *warnings))))


def parse(text: SectionText, overlay: passages.Overlay | None = None) -> SectionSource:
    """A section's Markdown parsed as written, placeholders left in: its structure checked
    (the fill stage parses the filled text with `start`, `resolve`, `walk` and `finish`)."""
    found = Collector()
    titles = dict.fromkeys(("title", "headline"))
    for key in titles:
        with found.gather():
            titles[key] = front_text(text.front, key, text.front.data[key])
    section = start(text, titles)
    found.problems.extend(_unfilled_body(section, text.body, text.body_line, overlay))
    return finish(section, found.problems)


def start(text: SectionText, titles: Mapping[str, str | None]) -> SectionSource:
    """The section to parse into: its front matter, its titles as given."""
    return SectionSource(text.file, text.number, titles["title"] or "", titles["headline"] or "",
                         warnings=list(text.warnings), seconds=_seconds(text.front))


def resolve(text: SectionText, overlay: passages.Overlay | None) -> passages.Resolved:
    """The body's chunks in reading order: an audience's passages swapped in, passages of
    absent items left out."""
    return passages.resolve(passages.split(text.body, text.file, text.body_line), overlay)


def walk(section: SectionSource, resolved: passages.Resolved, body: passages.Filled,
         body_line: int, check_lengths: bool = True) -> list[Problem]:
    """Parse the body's Markdown into the section's slides, notes and handout parts; the
    problems met."""
    section.passages, section.hidden, section.texts = resolved.names, resolved.hidden, body.chunks
    section.warnings.extend(resolved.warnings)
    found, tokens = Collector(), None
    walker = _Walker(section, body.lines, check_lengths=check_lengths)
    with found.gather():
        tokens = markdown.tokens(body.text, body.lines)
    if tokens is not None:
        walker.walk(tokens)
    if tokens is not None and not section.slides and not walker.problems:
        walker.problems.append(Problem(Location(section.file, body_line), "the section has no "
                                       "slides; start one with a '## Title' line"))
    return [*found.problems, *walker.problems]


def finish(section: SectionSource, problems: list[Problem]) -> SectionSource:
    """The section, or every error met in one NotedeckError; warnings stay with it."""
    found = Collector()
    found.problems.extend([*problems, *facilitation.overbooked(section)])
    found.raise_if_any()
    section.warnings.extend(found.problems)
    return section


def _seconds(front: yamlfile.Located) -> int | None:
    """The section's planned time (already checked with the front matter)."""
    if not isinstance(front.data, dict) or "minutes" not in front.data:
        return None
    return facilitation.minutes(front.data["minutes"])


def _unfilled_body(section: SectionSource, body: str, body_line: int,
                   overlay: passages.Overlay | None = None) -> list[Problem]:
    """The body parsed as written, without length checks; the problems met."""
    found = Collector()
    pieces = resolved = None
    with found.gather():
        pieces = passages.split(body, section.file, body_line)
    if pieces is not None:
        with found.gather():
            resolved = passages.resolve(pieces, overlay)
    if resolved is None:
        return found.problems
    return [*found.problems, *walk(section, resolved, passages.assemble(resolved.chunks), body_line,
                                        False)]


def _split(path: Path, text: str) -> tuple[str, str, int]:
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        raise fail(path, "expected front matter: a '---' line, then number, title and "
                         "headline, then '---'", line=1)
    for index, line in enumerate(lines[1:], start=1):
        if line.strip() == "---":
            return "\n".join(lines[1:index]), "\n".join(lines[index + 1:]), index + 2
    raise fail(path, "the front matter is not closed: add a '---' line after it", line=1)


def _number(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 99:
        raise custom(f"expected a section number from 1 to 99, got {shown(value)}")
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise custom(f"expected text, got {shown(value)}")
    return value


def _minutes(value: Any) -> int:
    try:
        return facilitation.minutes(value)
    except ValueError as exc:
        raise custom(str(exc)) from None


class FrontIn(Settings):
    """A section's front matter: FRONT_KEYS, and optionally its planned minutes."""

    wording: ClassVar[Wording] = Wording(part="the front matter")
    number: Annotated[int, PlainValidator(_number)]
    title: Annotated[str, PlainValidator(_text)]
    headline: Annotated[str, PlainValidator(_text)]
    minutes: Annotated[int | None, PlainValidator(_minutes)] = None


def _front_matter(path: Path, front: str) -> yamlfile.Located:
    source = yamlfile.load(path, front, line_offset=1)
    if not isinstance(source.data, dict):
        raise fail(path, "the front matter must be a mapping with keys: "
                         + ", ".join(FRONT_KEYS), line=2)
    validated(source, FrontIn)
    return source


def front_text(source: yamlfile.Located, key: str, value: str) -> str:
    """The front matter's title or headline (as written, or filled) on one line, checked."""
    where = source.where((key,))
    value = clean.line(value)
    limit = LIMITS[key]
    if len(value) > limit:
        raise NotedeckError(Problem(where, f"the {key} is {len(value)} characters long; at most "
                                           f"{limit} fit on a slide. Shorten it"))
    if not value:
        raise NotedeckError(Problem(where, f"the {key} is empty"))
    return value


class _Walker:
    """Walks markdown-it's block tokens into slides, notes and handout parts."""

    def __init__(self, section: SectionSource, lines: passages.Lines, check_lengths: bool = True):
        self.section, self.lines = section, lines
        self.check_lengths = check_lengths
        self.in_handout = False
        self.in_notes = False
        self.problems: list[Problem] = []

    def at(self, token: Token) -> tuple[Path, int]:
        """The file and line a token's text comes from."""
        return self.lines.at(token.map[0] if token.map else 0)

    def fail(self, token: Token, message: str) -> NotedeckError:
        path, line = self.at(token)
        return fail(path, message, line)

    def walk(self, tokens: list[Token]) -> None:
        """Every block in turn; a block with a problem is reported and skipped."""
        index = 0
        while index < len(tokens):
            try:
                index = self.step(tokens, index)
            except NotedeckError as exc:
                self.problems.extend(exc.problems)
                index = closing(tokens, index) + 1 if tokens[index].nesting == 1 else index + 1

    def step(self, tokens: list[Token], i: int) -> int:
        token = tokens[i]
        if token.type == "heading_open":
            self.heading(token, tokens[i + 1])
            return i + 3
        if token.type == "paragraph_open":
            self.add(Paragraph(inline(tokens[i + 1], *self.at(token), self.problems)), token)
            return i + 3
        if token.type in ("bullet_list_open", "ordered_list_open"):
            end = closing(tokens, i)
            self.add(bullets(tokens[i:end + 1], self.at, self.problems), token)
            return end + 1
        if token.type == "fence":
            self.fence(token)
            return i + 1
        if token.type == "html_block" and token.content.lstrip().startswith("<!--"):
            return i + 1
        if token.type == "hr":
            return i + 1
        raise self.fail(token, f"{describe(token)} is not supported here; use paragraphs, "
                               "lists, headings (##, ###) and fenced components")

    def heading(self, token: Token, content: Token) -> None:
        path, line = self.at(token)
        title = clean.line(plain(inline(content, path, line, self.problems)))
        level = int(token.tag[1])
        limit = MAX_SLIDE_TITLE if level == 2 and not self.in_handout else MAX_HEADING
        if len(title) > limit and self.check_lengths:
            raise self.fail(token, f"the heading '{title[:30]}...' is {len(title)} characters "
                                   f"long; at most {limit} fit. Shorten it")
        if level == 1:
            if keywords.keyword(title) != "handout":
                raise self.fail(token, f"unknown part '# {title}'; the only top-level "
                                       "heading is '# Handout'")
            self.in_handout, self.in_notes = True, False
            self.section.handout_line = line
        elif self.in_handout:
            self.section.handout.append(Heading(title, level))
        elif level == 2:
            own = None if path == self.section.file else path
            self.section.slides.append(SlideSource(title, line, file=own))
            self.in_notes = False
        elif level == 3 and _is_notes(title) and self.section.slides:
            self.in_notes = True
            self.section.slides[-1].seconds = self._notes_time(title, token)
        else:
            raise self.fail(token, f"unexpected heading '{'#' * level} {title}': slides start "
                                   "with '## Title', notes with '### Notes'")

    def _notes_time(self, title: str, token: Token) -> int | None:
        try:
            return facilitation.notes_time(title)
        except ValueError as exc:
            raise self.fail(token, f"'### {title}': {exc}") from None

    def add(self, block: Block | Component, token: Token) -> None:
        if self.in_handout:
            self.section.handout.append(block)
        elif not self.section.slides:
            raise self.fail(token, "text before the first slide: start a slide with "
                                   "'## Title' or the handout with '# Handout'")
        elif self.in_notes:
            self.section.slides[-1].notes.extend(_note_text(block))
        else:
            self.section.slides[-1].blocks.append(block)

    def fence(self, token: Token) -> None:
        kind = token.info.strip().split(" ")[0].lower()
        if kind not in COMPONENTS:
            raise self.fail(token, f"unknown component '{token.info.strip() or '(none)'}'; "
                                   f"expected one of: {', '.join(COMPONENTS)}")
        path, line = self.at(token)
        if kind == "worksheet":
            self.add(worksheet(token.content, path, line + 1), token)
        elif kind in facilitation.KINDS:
            self.facilitator(kind, token)
        else:
            self.add(Component(kind, token.content.strip(), path, line), token)

    def facilitator(self, kind: str, token: Token) -> None:
        """A passage for the guide only: the slide's (in its text or notes) or the section's
        (in the handout part); never in a participant's material."""
        path, line = self.at(token)
        made = facilitation.fence(kind, token.content, path, line + 1)
        if self.in_handout:
            self.section.facilitator.extend(made)
        elif self.section.slides:
            self.section.slides[-1].facilitator.extend(made)
        else:
            raise self.fail(token, f"a {kind} passage before the first slide: put it under a "
                                   "'## Title' or in the '# Handout' part")


def _is_notes(title: str) -> bool:
    return keywords.keyword(title) == "notes" or facilitation.is_timed_notes(title)


def worksheet(body: str, path: Path, line: int) -> Worksheet:
    """'- **Title**: hint' items become prompts with room to write."""
    prompts = []
    lines = passages.Lines.plain(path, line, body)
    at = lambda token: lines.at(token.map[0] if token.map else 0)  # noqa: E731
    for item in bullets(markdown.tokens(body, lines), at).items:
        title = "".join(r.text for r in item if r.bold).strip().rstrip(":.")
        hint = "".join(r.text for r in item if not r.bold).strip().lstrip(":.–— ").strip()
        hint = hint[:1].upper() + hint[1:]
        if not title:
            raise fail(path, "each worksheet item starts with a **bold title**", line)
        prompts.append(Prompt(title, hint))
    if not prompts:
        raise fail(path, "the worksheet needs a list of '- **Title**: hint' items", line)
    return Worksheet("", tuple(prompts))          # compose titles it in the deck's language


def _note_text(block: Block | Component) -> list[str]:
    if isinstance(block, Paragraph):
        return [plain(block.runs)]
    if isinstance(block, BulletList):
        return ["• " + plain(item) for item in block.items]
    raise NotedeckError(Problem(Location(getattr(block, "file", "?"), getattr(block, "line", None)),
                                "speaker notes hold text only, not components"))
