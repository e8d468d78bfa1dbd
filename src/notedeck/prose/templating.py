"""Figure placeholders in prose: a sandboxed, strict Jinja2 environment with located errors."""

from __future__ import annotations

import traceback
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from jinja2 import StrictUndefined, TemplateSyntaxError, Undefined, UndefinedError, nodes
from jinja2.exceptions import SecurityError
from jinja2.sandbox import SandboxedEnvironment

from notedeck.prose import budget, placeholders
from notedeck.prose.budget import PlaceholderLimit
from notedeck.errors import NotedeckError, Problem, Location, closest

_TEMPLATE_NAME = "<notedeck-content>"


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


@lru_cache(maxsize=1)
def environment() -> SandboxedEnvironment:
    env = SandboxedEnvironment(undefined=_Undefined, autoescape=False, finalize=budget.printable,
                               keep_trailing_newline=True, trim_blocks=True)
    env.filters.update(budget.filters(env.filters, placeholders.FILTERS))
    return env


def fill(text: str, namespace: Mapping[str, Any], file: Path | str,
         line_offset: int = 0, key: str = "") -> str:
    """Render placeholders; every problem names the file and line of its placeholder."""
    if "{" not in text:
        return text
    try:
        tree = environment().parse(text)
        found = placeholders.check(tree, namespace)
        if found:
            raise NotedeckError([Problem(Location(file, line + line_offset, None, key), message)
                                 for line, message in found])
        with budget.counting():
            plain = _printed_names(tree, namespace)
        if plain is not None:
            return plain
        with budget.counting():
            template = environment().from_string(budget.Counting().visit(tree))
            template.name = template.filename = _TEMPLATE_NAME
            return "".join(template.generate(namespace))
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
        raise _error(file, _line(exc, line_offset), key, str(exc)) from None
    except SecurityError as exc:
        raise _error(file, _line(exc, line_offset), key,
                     f"placeholder refused by the sandbox: {exc}") from None
    except (TypeError, ValueError, ArithmeticError, LookupError) as exc:
        raise _error(file, _line(exc, line_offset), key,
                     f"placeholder could not be filled: {exc}") from None


def _printed_names(tree: nodes.Template, namespace: Mapping[str, Any]) -> str | None:
    """The text of a template that only prints figure names ("{{ a.b }}"), filled as Jinja
    would fill it, without compiling it (most of a note's texts; compiling costs ~1 ms
    each). None when it does anything more or printing fails: Jinja then fills or reports it."""
    parts = []
    for output in tree.body:
        if not isinstance(output, nodes.Output):
            return None
        for node in output.nodes:
            if isinstance(node, nodes.TemplateData):
                parts.append(node.data)
                continue
            try:
                value = _figure(node, namespace)
                if value is _NOT_PLAIN:
                    return None
                parts.append(str(budget.printable(value)))
            except Exception:      # noqa: BLE001 - Jinja's own run reports it, with its line
                return None
    return "".join(parts)


_NOT_PLAIN = object()


def _figure(node: nodes.Node, namespace: Mapping[str, Any]) -> Any:
    """A figure name's value ("a", "a.b", "a['b']") as Jinja's sandbox looks it up."""
    env = environment()
    if isinstance(node, nodes.Name):
        return namespace[node.name] if node.name in namespace else _NOT_PLAIN
    if isinstance(node, nodes.Getattr):
        base = _figure(node.node, namespace)
        value = _NOT_PLAIN if base is _NOT_PLAIN else env.getattr(base, node.attr)
    elif isinstance(node, nodes.Getitem) and isinstance(node.arg, nodes.Const):
        base = _figure(node.node, namespace)
        value = _NOT_PLAIN if base is _NOT_PLAIN else env.getitem(base, node.arg.value)
    else:
        return _NOT_PLAIN
    return _NOT_PLAIN if isinstance(value, Undefined) else value


def _line(exc: BaseException, offset: int) -> int | None:
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == _TEMPLATE_NAME]
    return frames[-1].lineno + offset if frames else None


def _error(file, line, key, message) -> NotedeckError:
    return NotedeckError(Problem(Location(file, line, None, key), message))
