"""A long paragraph as several reportlab Paragraphs that read as one, so its layout stays linear.

reportlab breaks a paragraph's lines again, whole, for every page it spills onto, and
takes each word from the front of a list: a 400 KB paragraph cost half a minute, 880 KB
over two. Cut at spaces into pieces of at most PIECE characters of text (tags closed at
the end of a piece and opened again at the start of the next), each piece costs what its
own length costs, and the paragraph what its length costs. A paragraph shorter than PIECE,
which is every paragraph of an ordinary note, stays one Paragraph (a Piece, whose lines are
broken once per width rather than at every measure: the same lines, a third of the work).
"""

from __future__ import annotations

import re

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

PIECE = 4_000               # characters of text in one Paragraph (a page holds about 4,500)
_PARTS = re.compile(r"<[^>]*>|[^<]+")
_TAG = re.compile(r"<(/?)([A-Za-z]+)")


def paragraphs(markup: str, style: ParagraphStyle, bullet: str | None = None) -> list[Paragraph]:
    """`markup` as one Paragraph, or, when longer than PIECE, as pieces set with no space
    between them and no first-line indent after the first; `bullet` leads the first."""
    pieces = cut(markup) if len(markup) > PIECE else [markup]
    if len(pieces) == 1:
        return [Piece(markup, style, bulletText=bullet)]
    first = ParagraphStyle(f"{style.name}-first", parent=style, spaceAfter=0)
    middle = ParagraphStyle(f"{style.name}-on", parent=style, spaceBefore=0, spaceAfter=0,
                            firstLineIndent=0)
    last = ParagraphStyle(f"{style.name}-last", parent=style, spaceBefore=0, firstLineIndent=0)
    styles = [first, *[middle] * (len(pieces) - 2), last]
    return [Piece(piece, piece_style, bulletText=bullet if n == 0 else None)
            for n, (piece, piece_style) in enumerate(zip(pieces, styles))]


class Piece(Paragraph):
    """A paragraph, or a piece of a long one: its lines broken once per width. Page breaking
    asks a paragraph its height many times at one width (a chain measures, splits, then sets
    what fits); its lines depend on the width and style alone."""

    def wrap(self, availWidth, availHeight):  # noqa: N803 - reportlab's names
        if self.__dict__.get("_wrapped_at") == availWidth and hasattr(self, "blPara"):
            return self.width, self.height
        made = super().wrap(availWidth, availHeight)
        self._wrapped_at = availWidth
        return made


def glued_last(flowables: list, glued: bool) -> list[tuple[object, bool]]:
    """(flowable, glued to the next) for a paragraph's pieces: a page may break between
    pieces; the last is glued to what follows as the whole paragraph would be."""
    return [(f, glued if n == len(flowables) - 1 else False) for n, f in enumerate(flowables)]


def cut(markup: str, size: int = PIECE) -> list[str]:
    """The markup cut at spaces outside tags into pieces of about `size` characters of text,
    the last at least half that; each piece closes the tags open at its end, and the next
    opens them again. Linear in the length of the markup."""
    pieces: list[str] = []
    current: list[str] = []
    length, open_tags = 0, []
    for match in _PARTS.finditer(markup):
        part = match.group()
        if part.startswith("<"):
            current.append(part)
            _follow(part, open_tags)
            continue
        start = 0
        while True:
            need = size - length
            space = part.find(" ", start + max(need, 0)) if len(part) - start > need else -1
            if space < 0 or _rest(markup, match.end()) + len(part) - space < size // 2:
                current.append(part[start:])
                length += len(part) - start
                break
            current.append(part[start:space])
            pieces.append("".join(current) + "".join(f"</{n}>" for n, _ in reversed(open_tags)))
            current, length, start = [tag for _, tag in open_tags], 0, space + 1
    pieces.append("".join(current))
    return [piece for piece in pieces if piece]


def _follow(tag: str, open_tags: list[tuple[str, str]]) -> None:
    """Keep the stack of open tags: push an opening tag, pop a closing one."""
    found = _TAG.match(tag)
    if found is None or tag.endswith("/>"):
        return
    closing, name = found.groups()
    if not closing:
        open_tags.append((name, tag))
    elif open_tags and open_tags[-1][0] == name:
        open_tags.pop()


def _rest(markup: str, end: int) -> int:
    """A cheap bound on the text after position `end`: its characters, tags included."""
    return len(markup) - end
