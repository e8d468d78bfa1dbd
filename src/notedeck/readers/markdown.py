"""The Markdown parser sections use (markdown-it), with a nesting limit that is an error, not a silent loss."""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.token import Token

from notedeck.errors import fail

MAX_LIST_DEPTH = 8           # lists inside lists; markdown-it silently drops text past its own limit


class _TooDeep(Exception):
    """Raised by the parser's first block rule when lists nest past MAX_LIST_DEPTH."""

    def __init__(self, line: int):
        super().__init__(line)
        self.line = line


def _nesting_guard(state, start_line: int, end_line: int, silent: bool) -> bool:
    # Each list level opens a list and an item; past the limit markdown-it would skip the
    # rest of the file without a word, so stop here and say where.
    if state.level > 2 * MAX_LIST_DEPTH:
        raise _TooDeep(start_line)
    return False


PARSER = MarkdownIt("commonmark", {"typographer": True}).enable(["replacements", "smartquotes"])
PARSER.block.ruler.before("table", "notedeck_nesting", _nesting_guard)
assert 2 * MAX_LIST_DEPTH + 2 < PARSER.options["maxNesting"]


def tokens(text: str, lines) -> list[Token]:
    """markdown-it's block tokens; a list nested too deeply is an error at its line
    (`lines.at(index)` gives the file and line of the text's line `index`)."""
    try:
        return PARSER.parse(text)
    except _TooDeep as exc:
        path, line = lines.at(exc.line)
        raise fail(path, f"a list is nested more than {MAX_LIST_DEPTH} levels deep here; "
                         "Markdown would drop everything after it. Use fewer levels",
                   line) from None
