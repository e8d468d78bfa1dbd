"""Safe YAML with positions: no tags, no duplicate keys, bounded aliases, exact numbers."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import yaml

from notedeck.errors import NotedeckError, Problem, Location, fail
from notedeck.readers import reads, text as clean

MAX_BYTES = 1_000_000
MAX_NODES = 100_000          # after alias expansion: stops "billion laughs" early
MAX_DEPTH = 40               # lists and mappings inside one another

Key = tuple[str | int, ...]
_STANDARD = "tag:yaml.org,2002:"
_SCALARS = {"null", "bool", "int", "float", "str", "timestamp"}


@dataclass
class Located:
    """Plain data read from YAML, with the file and 1-based (line, column) of every value.

    `positions` holds where each value starts (a scalar's own column), `keys` where each
    mapping key is written: an unknown key is reported at the key, a bad value at the value."""

    data: Any
    file: Path | str
    positions: dict[Key, tuple[Path | str, int, int]] = field(default_factory=dict)
    warnings: list[Problem] = field(default_factory=list)
    keys: dict[Key, tuple[Path | str, int, int]] = field(default_factory=dict)

    def where(self, path: Key, at_key: bool = False) -> Location:
        """The position of the deepest known part of a key path (its key, if at_key)."""
        for end in range(len(path), -1, -1):
            found = (at_key and self.keys.get(path[:end])) or self.positions.get(path[:end])
            if found:
                file, line, column = found
                return Location(file, line, column, key_text(path))
        return Location(self.file, None, None, key_text(path))


def key_text(path: Key) -> str:
    """('teams', 2, 'label') -> 'teams[2].label'."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def read_text(path: Path) -> str:
    """A file's text as UTF-8 (a byte-order mark is dropped), with clear errors."""
    raw = read_bytes(Path(path))
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise fail(path, f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x}); "
                         "save it as UTF-8", line=line) from None


def read_bytes(path: Path, limit: int = MAX_BYTES) -> bytes:
    """At most `limit` bytes from a regular file; folders, devices and pipes are refused."""
    try:
        if path.is_dir():
            raise fail(path, "expected a file, found a folder")
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)   # a pipe must not block
        with open(descriptor, "rb") as handle:
            if not stat.S_ISREG(os.fstat(descriptor).st_mode):
                raise fail(path, "expected a regular file (not a device, pipe or socket)")
            raw = handle.read(limit + 1)
    except FileNotFoundError:
        raise fail(path, "file not found") from None
    except PermissionError:
        raise fail(path, "cannot read the file: permission denied") from None
    except OSError as exc:
        raise fail(path, f"cannot read the file: {exc.strerror or exc}") from None
    if len(raw) > limit:
        raise fail(path, f"file is too large (over {limit:,} bytes); "
                         f"notedeck reads files of at most {limit:,} bytes")
    reads.noted(path, raw)
    return raw


def inside(content: Path, path: Path) -> Path:
    """The path, if it stays inside the note's folder (a symlink may not lead out of it)."""
    try:
        path.resolve().relative_to(content.resolve())
    except ValueError:
        raise fail(path, "this file is a link to a place outside the note's folder; notedeck "
                         "reads only files inside the note") from None
    except OSError as exc:
        raise fail(path, f"cannot follow this path: {exc.strerror or exc}") from None
    return path


def load(path: Path, text: str | None = None, line_offset: int = 0) -> Located:
    """Read YAML text into plain data; every problem becomes a NotedeckError."""
    if text is None:
        text = read_text(path)
    text, warnings = clean.scrub(text, path, 1 + line_offset)
    try:
        node = _compose(text)
    except yaml.MarkedYAMLError as exc:
        raise _syntax_error(path, exc, line_offset) from None
    except yaml.YAMLError as exc:
        raise fail(path, f"YAML error: {exc}") from None
    except RecursionError:
        raise fail(path, f"lists or mappings are nested too deeply (at most {MAX_DEPTH} "
                         "levels)") from None
    located = Located(None, path, warnings=warnings)
    if node is not None:
        located.data = _Builder(path, located, line_offset, text).build(node, ())
    return located


def _compose(text: str) -> yaml.Node | None:
    """The text's node graph. libyaml's parser builds the very graph PyYAML's does (values,
    tags, positions) some twenty times faster; a text it refuses, for whatever reason, is
    parsed again by PyYAML, whose error (or success) is the one notedeck reports."""
    fast = getattr(yaml, "CSafeLoader", None)       # None: PyYAML built without libyaml
    if fast is not None:
        try:
            return yaml.compose(text, Loader=fast)
        except Exception:      # noqa: BLE001 - PyYAML decides what is wrong, in its words
            pass
    return yaml.compose(text, Loader=yaml.SafeLoader)


def _syntax_error(path: Path, exc: yaml.MarkedYAMLError, offset: int) -> NotedeckError:
    mark = exc.problem_mark or exc.context_mark
    problem = exc.problem or "invalid YAML"
    if "'\\t'" in problem or "\\t" in problem:
        problem = "a tab character is used for indentation; YAML indents with spaces"
    elif "another document" in problem:
        problem = "a second YAML document starts here ('---'); a notedeck file holds one"
    else:
        problem = f"YAML syntax error: {problem}"
        if exc.context:
            problem += f" ({exc.context})"
        if exc.context and "flow" in exc.context and "'['" in (exc.problem or ""):
            problem += ("; a formula holding a unit in brackets inside {...} must be quoted: "
                        "{formula: \"price * 2 [item/h]\"}")
    line = mark.line + 1 + offset if mark else None
    column = mark.column + 1 if mark else None
    return NotedeckError(Problem(Location(path, line, column), problem))


class _Builder:
    """Turns a composed node graph into dicts, lists and exact scalars."""

    def __init__(self, path: Path, located: Located, offset: int, text: str = ""):
        self.path, self.offset, self.text = path, offset, text
        self.positions, self.keys = located.positions, located.keys
        self.warnings = located.warnings
        self.count = 0
        self.constructor = yaml.SafeLoader("")

    def build(self, node: yaml.Node, key: Key) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            raise self._error(node, f"the document expands to more than {MAX_NODES:,} "
                                    "values (aliases repeated too often)")
        if len(key) > MAX_DEPTH:
            raise self._error(node, f"lists or mappings are nested too deeply (at most "
                                    f"{MAX_DEPTH} levels)")
        here = self._pos(node)
        if key not in self.positions or isinstance(node, yaml.ScalarNode) \
                or self.positions[key][1] == here[1]:      # a value on its key's line
            self.positions[key] = here
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, key)
        if isinstance(node, yaml.SequenceNode):
            self._check_tag(node, "seq")
            return [self.build(item, key + (i,)) for i, item in enumerate(node.value)]
        return self._scalar(node)

    def _mapping(self, node: yaml.MappingNode, key: Key) -> dict:
        self._check_tag(node, "map")
        result: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == _STANDARD + "merge":
                raise self._error(key_node, "merge keys (<<) are not supported; "
                                            "write the keys out")
            name = self._scalar(key_node)
            if not isinstance(name, (str, int)) or isinstance(name, bool):
                raise self._error(key_node, f"a key must be text, got {name!r}")
            name = str(name)
            if name in result:
                first = self.keys[key + (name,)][1]
                raise self._error(key_node, f"duplicate key '{name}' (first set on line {first})")
            self.keys[key + (name,)] = self.positions[key + (name,)] = self._pos(key_node)
            result[name] = self.build(value_node, key + (name,))
        return result

    def _scalar(self, node: yaml.Node) -> Any:
        if not isinstance(node, yaml.ScalarNode):
            raise self._error(node, "a key must be plain text, not a list or mapping")
        kind = self._check_tag(node, None)
        if node.style == '"' and "\\" in self._source(node):
            self._escapes(node)
        if kind == "float":
            return _decimal(node.value)
        try:
            if kind == "int":
                return int(self.constructor.construct_yaml_int(node))
            return self.constructor.yaml_constructors[_STANDARD + kind](self.constructor, node)
        except (ValueError, OverflowError, ArithmeticError) as exc:
            shown = node.value if len(node.value) <= 40 else node.value[:37] + "..."
            reason = (f"it has {len(node.value):,} digits" if kind == "int"
                      and len(node.value) > 1000 else str(exc))
            raise self._error(node, f"cannot read the {kind} '{shown}': {reason}") from None

    def _check_tag(self, node: yaml.Node, expected: str | None) -> str:
        tag = node.tag or ""
        kind = tag[len(_STANDARD):] if tag.startswith(_STANDARD) else None
        allowed = {expected} if expected else _SCALARS
        if kind not in allowed:
            shown = "!!" + tag[len(_STANDARD):] if kind else tag
            raise self._error(node, f"the tag {shown} is not allowed; notedeck files hold "
                                    "plain text, numbers, lists and mappings only")
        return kind

    def _source(self, node: yaml.Node) -> str:
        return self.text[node.start_mark.index:node.end_mark.index]

    def _escapes(self, node: yaml.Node) -> None:
        """Characters a double-quoted value writes as escapes ("\\u202e", "\\e") that the
        file's own text does not show: warned here, where scrub cannot see them."""
        _, line, _ = self._pos(node)
        self.warnings.extend(clean.decoded(node.value, self._source(node), self.path, line,
                                           "written as an escape in quotes"))

    def _pos(self, node: yaml.Node) -> tuple:
        return (self.path, node.start_mark.line + 1 + self.offset, node.start_mark.column + 1)

    def _error(self, node: yaml.Node, message: str) -> NotedeckError:
        _, line, column = self._pos(node)
        return NotedeckError(Problem(Location(self.path, line, column), message))


def _decimal(text: str) -> Decimal:
    """YAML floats kept exact: '0.1' is Decimal('0.1'); '.inf' and '.nan' survive for checks."""
    cleaned = text.replace("_", "").lower()
    special = {".inf": "Infinity", "+.inf": "Infinity", "-.inf": "-Infinity", ".nan": "NaN"}
    try:
        return Decimal(special.get(cleaned, cleaned))
    except InvalidOperation:
        return Decimal("NaN")
