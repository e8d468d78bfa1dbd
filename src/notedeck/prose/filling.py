"""Figure placeholders in prose: a sandboxed, strict Jinja2 environment with located errors."""

from __future__ import annotations

import re
import traceback
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from jinja2 import StrictUndefined, TemplateSyntaxError, Undefined, UndefinedError
from jinja2.exceptions import SecurityError
from jinja2.sandbox import SandboxedEnvironment

from notedeck.prose import budget, placeholders
from notedeck.prose.budget import PlaceholderLimit
from notedeck.errors import NotedeckError, Problem, Location, closest

_SOURCE_NAME = "<notedeck-content>"


class _Undefined(StrictUndefined):
    """Strict, and the message names the nearest known figure."""

    def _fail_with_undefined_error(self, *args, **kwargs):
        if self._undefined_exception is SecurityError:
            raise SecurityError(self._undefined_hint or "unsafe access")
        parent = self._undefined_obj
        error = UndefinedError(f"unknown figure name '{self._undefined_name}'")
        error.choices = [str(k) for k in parent] if isinstance(parent, Mapping) else None
        error.name = str(self._undefined_name)
        raise error


def _hint(name: str, choices: list[str]) -> str:
    close = closest(name, choices)
    text = f"; did you mean '{close}'?" if close else ""
    return f"{text} Known here: {', '.join(sorted(choices))}"


class _Environment(SandboxedEnvironment):
    """Names first: `a.b` is the figure b of a group of figures, or the item with id b of a
    list, before any attribute a Python object of that kind has (items, count, ...)."""

    def getattr(self, obj, attribute):
        if isinstance(obj, Mapping) and isinstance(attribute, str) and attribute in obj:
            return obj[attribute]
        keyed = placeholders.keyed(obj)
        if keyed is not None and attribute in keyed:
            return keyed[attribute]
        return super().getattr(obj, attribute)


@lru_cache(maxsize=1)
def environment() -> SandboxedEnvironment:
    env = _Environment(undefined=_Undefined, autoescape=False, finalize=budget.printable,
                       keep_trailing_newline=True, trim_blocks=True)
    env.filters.update(budget.filters(env.filters, placeholders.FILTERS))
    return env


def fill(text: str, namespace: Mapping[str, Any], file: Path | str,
         line_offset: int = 0, key: str = "") -> str:
    """Render placeholders; every problem names the file and line of its placeholder."""
    if "{" not in text:
        return text
    plain = _printed_names(text, namespace)
    if plain is not None:
        return plain
    pieces = _top_level(text)
    if pieces is not None:
        state = budget.spent()
        filled = _filled_pieces(pieces, namespace)
        if filled is not None:
            return filled
        budget.give_back(state)
    try:
        tree = environment().parse(text)
        found = placeholders.check(tree, namespace)
        if found:
            raise NotedeckError([Problem(Location(file, line + line_offset, None, key), message)
                                 for line, message in found])
        with budget.counting():
            return "".join(_compiled(text).generate(namespace))
    except TemplateSyntaxError as exc:
        raise _error(file, exc.lineno + line_offset, key,
                     f"placeholder syntax error: {exc.message}") from None
    except RecursionError:
        raise _error(file, line_offset + 1, key, "placeholders are nested too deeply") from None
    except UndefinedError as exc:
        choices = getattr(exc, "choices", None)
        if choices is None:
            choices = list(namespace)
        hint = _hint(getattr(exc, "name", ""), choices) if hasattr(exc, "name") else ""
        raise _error(file, _line(exc, line_offset), key, f"{exc}{hint}") from None
    except PlaceholderLimit as exc:
        raise budget.first_spent(exc, _error(file, _line(exc, line_offset), key, str(exc))) \
            from None
    except SecurityError as exc:
        raise _error(file, _line(exc, line_offset), key,
                     f"placeholder refused by the sandbox: {exc}") from None
    except (TypeError, ValueError, ArithmeticError, LookupError) as exc:
        raise _error(file, _line(exc, line_offset), key,
                     f"placeholder could not be filled: {exc}") from None


@lru_cache(maxsize=1024)
def _compiled(text: str):
    """The text as a Jinja template that counts its work, compiled once a process: a watch
    or serve session, and every audience built, fill the same texts again."""
    compiled = environment().from_string(budget.Counting().visit(environment().parse(text)))
    compiled.name = compiled.filename = _SOURCE_NAME
    return compiled


def _printed_names(text: str, namespace: Mapping[str, Any]) -> str | None:
    """The text filled, when its placeholders only print figure names ("{{ a.b }}"), as
    Jinja would fill it but without parsing or compiling it (most of a note's texts;
    Jinja costs ~1 ms a text). None when the text does anything more, names what is not
    there, or prints what cannot be printed: Jinja then fills it, or reports the problem."""
    if "\r" in text:                    # Jinja's lexer turns "\r\n" into "\n"
        return None
    with budget.counting():
        return _names_only(text, namespace)


def _names_only(text: str, namespace: Mapping[str, Any]) -> str | None:
    """_printed_names within the text's budget."""
    parts, end = [], 0
    for match in _PRINT.finditer(text):
        data = text[end:match.start()]
        if _has_tag(data) or data.endswith("{"):
            return None
        try:
            value = _figure(_parts(match.group(1)), namespace)
            if value is _NOT_PLAIN:
                return None
            parts += [data, str(budget.printable(value))]
        except Exception:      # noqa: BLE001 - Jinja's own run reports it, with its line
            return None
        end = match.end()
    rest = text[end:]
    return None if _has_tag(rest) else "".join(parts) + rest


_TAG = re.compile(r"\{%[ \t\n]*([A-Za-z]+)[^%]*%\}")
_OPENS, _CLOSES = {"if": "endif", "for": "endfor"}, {"endif", "endfor"}
_INSIDE = {"elif", "else"}
_CONTROL = ("{%-", "-%}", "{{-", "-}}", "{#", "\r")


def _top_level(text: str) -> list[str] | None:
    """The text cut into runs between top-level {% if %} and {% for %} blocks and those
    blocks (each with the newline after its end tag, which Jinja's trim_blocks drops), when
    it holds no other tag, no comment and no whitespace control: filled one by one, they
    fill as the whole does (no tag here sets a name). None otherwise."""
    if any(mark in text for mark in _CONTROL):
        return None
    pieces, start, depth, opened, stack = [], 0, 0, 0, []
    for match in _TAG.finditer(text):
        word = match.group(1)
        if word in _OPENS:
            if depth == 0:
                if match.start() and text[match.start() - 1] == "{":
                    return None
                pieces.append(text[start:match.start()])
                opened = match.start()
            stack.append(_OPENS[word])
            depth += 1
        elif word in _CLOSES:
            if not stack or stack.pop() != word:
                return None
            depth -= 1
            if depth == 0:
                end = match.end() + (text[match.end():match.end() + 1] == "\n")
                pieces.append(text[opened:end])
                start = end
        elif word not in _INSIDE or depth == 0:
            return None
    if depth or text.count("{%") != sum(1 for _ in _TAG.finditer(text)):
        return None
    pieces.append(text[start:])
    return [piece for piece in pieces if piece]


def _filled_pieces(pieces: list[str], namespace: Mapping[str, Any]) -> str | None:
    """The pieces of _top_level filled in turn within one budget: a run that only prints
    figure names without Jinja, anything else with Jinja. None at the first problem (the
    whole text then goes to Jinja, which reports every problem at its line)."""
    out = []
    with budget.counting():
        for piece in pieces:
            filled = _names_only(piece, namespace) if "{%" not in piece else None
            if filled is None:
                try:
                    if placeholders.check(environment().parse(piece), namespace):
                        return None
                    filled = "".join(_compiled(piece).generate(namespace))
                except Exception:  # noqa: BLE001 - the whole text's run reports it, at its line
                    return None
            out.append(filled)
    return "".join(out)


_NAME = r"[A-Za-z_][A-Za-z0-9_]*"
# A part after the first name: .name, [3] or ['id'] (an item by position or by id, as
# Jinja reads a constant subscript: environment.getitem).
_PART = re.compile(r"\.(" + _NAME + r")|\[(0|[1-9][0-9]*)\]|\['([A-Za-z0-9_-]*)'\]"
                   r"|\[\"([A-Za-z0-9_-]*)\"\]")
_PRINT = re.compile(r"\{\{[ \t\n]*(" + _NAME + r"(?:" + _PART.pattern + r")*)[ \t\n]*\}\}")
_KEYWORDS = {"true", "false", "True", "False", "none", "None", "and", "or", "not", "in", "is",
             "if", "else"}               # Jinja reads these as values or operators, not names
_NOT_PLAIN = object()


def _has_tag(data: str) -> bool:
    return "{{" in data or "{%" in data or "{#" in data


def _parts(path: str) -> list[tuple[str, str | int]]:
    """"a.b[0]['c']" as [("name", "a"), ("attr", "b"), ("item", 0), ("item", "c")]."""
    first = re.match(_NAME, path).group()
    parts: list[tuple[str, str | int]] = [("name", first)]
    for found in _PART.finditer(path, len(first)):
        attribute, position, single, double = found.groups()
        parts.append(("attr", attribute) if attribute is not None else
                     ("item", int(position)) if position is not None else
                     ("item", single if single is not None else double))
    return parts


def _figure(path: list[tuple[str, str | int]], namespace: Mapping[str, Any]) -> Any:
    """A figure name's value: checked as placeholders.check reads it (a known key of a group
    of figures, an item by id or position), looked up as Jinja's sandbox renders it
    (environment.getattr for .name, environment.getitem for [...])."""
    (_, first), *rest = path
    if first in _KEYWORDS or first not in namespace:
        return _NOT_PLAIN
    checked = value = namespace[first]
    env = environment()
    for how, key in rest:
        if isinstance(key, str) and key.startswith("_"):
            return _NOT_PLAIN
        inner = placeholders.part_of(checked, key)
        if inner is placeholders.NOT_FOUND:
            return _NOT_PLAIN
        checked, value = inner, env.getattr(value, key) if how == "attr" else env.getitem(value, key)
    return _NOT_PLAIN if isinstance(value, Undefined) else value


def _line(exc: BaseException, offset: int) -> int | None:
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == _SOURCE_NAME]
    return frames[-1].lineno + offset if frames else None


def _error(file, line, key, message) -> NotedeckError:
    return NotedeckError(Problem(Location(file, line, None, key), message))
