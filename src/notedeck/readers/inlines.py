"""Markdown's inline text as styled runs: emphasis, typographic quotes, links and images refused."""

from __future__ import annotations

import re
from pathlib import Path

from markdown_it.token import Token

from notedeck.errors import Problem, fail, warning
from notedeck.deck import BulletList, Run, Text
from notedeck.readers import markdown
from notedeck.readers import text as clean

# URL shapes that open local files or run code: file:/..., javascript:, vbscript:, data:type/...
_REFUSED_URL = re.compile(r"(?<![\w+.-])(file):/|(?<![\w+.-])(javascript|vbscript):"
                          r"|(?<![\w+.-])(data):[a-z]+/", re.IGNORECASE)


def closing(tokens: list[Token], start: int) -> int:
    depth = 0
    for index in range(start, len(tokens)):
        depth += tokens[index].nesting
        if depth == 0:
            return index
    return len(tokens) - 1


def bullets(tokens: list[Token], at, notes: list[Problem] | None = None) -> BulletList:
    """A list's items as runs; nested items are flattened into the list.

    `at(token)` gives the file and line a token's text comes from."""
    items = [inline(t, *at(t), notes) for t in tokens if t.type == "inline"]
    return BulletList(tuple(items), ordered=tokens[0].type == "ordered_list_open")


def inline(token: Token, path: Path, line: int, notes: list[Problem] | None = None) -> Text:
    """An inline token's children as styled runs; warnings go to `notes`."""
    runs: list[Run] = []
    bold = italic = False
    for child in token.children or []:
        kind = child.type
        if kind in ("strong_open", "strong_close"):
            bold = kind == "strong_open"
        elif kind in ("em_open", "em_close"):
            italic = kind == "em_open"
        elif kind in ("text", "code_inline"):
            _check_url_text(child.content, path, line)
            runs.append(Run(clean.inline(child.content), bold, italic))
        elif kind in ("softbreak", "hardbreak"):
            runs.append(Run(" ", bold, italic))
        elif kind == "image":
            source = str((child.attrs or {}).get("src", ""))
            raise fail(path, f"images are not supported in section text (found '{source[:60]}'); "
                             "charts and tables come from fenced components", line)
        elif kind == "html_inline" and notes is not None:
            notes.append(warning(path, f"raw HTML {child.content[:40]!r} is left out; "
                                       "use **bold** and *italic*", line))
        elif kind in ("link_open", "link_close"):
            _check_link(child, path, line)
    if notes is not None and "&" in token.content:       # character references, decoded
        shown = "".join(c.content for c in token.children or [] if c.type in ("text",
                                                                              "code_inline"))
        notes.extend(clean.decoded(shown, token.content, path, line,
                                   "written as a character reference"))
    return _merge(runs)


def _check_link(token: Token, path: Path, line: int) -> None:
    href = str(token.attrs.get("href", "")) if token.attrs else ""
    if href and not href.startswith(("http://", "https://", "mailto:")):
        raise fail(path, f"link target '{href}' is not allowed; links must be http(s) or "
                         "mailto addresses", line)


def _check_url_text(text: str, path: Path, line: int) -> None:
    if ":" not in text:         # every refused shape has one; the pattern is slow on long text
        return
    match = _REFUSED_URL.search(text)
    if match:
        scheme = next(g for g in match.groups() if g).lower()
        raise fail(path, f"links to '{scheme}:' addresses are not allowed "
                         "(they could open files or run code on the reader's machine)", line)


def _merge(runs: list[Run]) -> Text:
    merged: list[Run] = []
    for run in runs:
        if merged and (merged[-1].bold, merged[-1].italic) == (run.bold, run.italic):
            merged[-1] = Run(merged[-1].text + run.text, run.bold, run.italic)
        elif run.text:
            merged.append(run)
    return tuple(merged)


def describe(token: Token) -> str:
    names = {"blockquote_open": "a block quote", "code_block": "an indented code block",
             "html_block": "raw HTML", "table_open": "a Markdown table"}
    return names.get(token.type, f"'{token.type}'")


def inline_markdown(value: str, path: Path | str = "", line: int = 0) -> Text:
    """Prose from YAML (a scene, a still-scarce line) with emphasis and typographic quotes."""
    tokens = markdown.PARSER.parseInline(clean.line(value))
    return inline(tokens[0], Path(path), line) if tokens else ()
