"""Stale wording: text a variant shows that belongs to the note's own scenario, which the variant replaced.

Two kinds are found, each reported at the file and line that hold the text:
  - the words of an item of a list (its text fields, and the plain words of its prose) that
    the variant does not have, and the note's own words beside a ref (`check_label` beside
    a ref to a list's item) when the variant's ref names an item with other words;
  - a run of words from a passage bound to an item the variant does not have, repeated in
    text that is not bound (the passage itself is left out; a copy of it is not).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from notedeck.errors import Problem, warning

MIN_RUN_WORDS = 8               # this many words in a row, as in a left-out passage: a copy
MIN_TITLE_PART = 15             # characters of literal text kept from a templated title
_PLACEHOLDER = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.DOTALL)
_MARKUP = re.compile(r"[*_`#>]|^\s*[-+]\s+|^\s*\d+[.)]\s+", re.MULTILINE)
_WORD = re.compile(r"[^\w']")


@dataclass(frozen=True)
class Variant:
    """The note's own scenario beside the one a variant uses."""

    model: Any                           # notedeck.model.Model
    default: Any                         # model.Inputs: the note's own
    scenario: Any                        # ... and the variant's
    where: Any | None                    # the note's scenarios.yaml, located (yamlfile.Located)
    audience: str | None                 # None: a --scenarios file

    @property
    def name(self) -> str:
        return f"audience '{self.audience}'" if self.audience else "this scenario file"


@dataclass(frozen=True)
class Listed:
    """A keyed list of records of the model, and the fields that are words."""

    path: tuple
    key: str
    texts: tuple[str, ...]               # text fields: label, singular
    prose: tuple[str, ...]               # prose fields: their plain words


def lists(model) -> list[Listed]:
    from notedeck.model.inputs import walk

    return [Listed(path, declared.key,
                   tuple(n for n, f in declared.fields if f.kind == "text"),
                   tuple(n for n, f in declared.fields if f.kind == "prose"))
            for path, declared in walk(model.inputs)
            if declared.kind == "records" and declared.key]


def item_ids(model, values: dict) -> set[str]:
    """The ids of every item of every keyed list in a scenario."""
    return {item[listed.key] for listed in lists(model) for item in _dig(values, listed.path)}


def _dig(values: Any, path: tuple) -> Any:
    for part in path:
        values = values[part]
    return values


def check(variant: Variant, sections: Iterable, others: Iterable) -> list[Problem]:
    """Warnings for stale wording in a variant's sections (their located `texts`) and other
    located prose (anything with .text, .file and .line)."""
    sections = list(sections)
    texts = [*(c for s in sections for c in s.texts), *others]
    own = [_term_pattern(t) for listed in lists(variant.model)
           for item in _dig(variant.scenario.values, listed.path) for t in _words_of(listed, item)]
    masked = [_masked(text.text, own) for text in texts]      # once per text, not per term
    found = []
    for term, why in terms(variant):
        pattern = _term_pattern(term)
        for text, blanked in zip(texts, masked):
            for match in pattern.finditer(blanked):
                found.append(warning(text.file, f"'{match.group()}' {why}",
                                     text.line + text.text.count("\n", 0, match.start())))
    for passage in (p for s in sections for p in s.hidden):
        found.extend(_copies(passage, texts, variant))
    return list(dict.fromkeys(found))


def terms(variant: Variant) -> list[tuple[str, str]]:
    """(text, why it is stale) for every item's words and word beside a ref the variant
    replaced."""
    found: list[tuple[str, str]] = []
    for listed in lists(variant.model):
        items = _dig(variant.scenario.values, listed.path)
        own = {t.lower() for item in items for t in _words_of(listed, item)}
        for index, item in enumerate(_dig(variant.default.values, listed.path)):
            if any(other[listed.key] == item[listed.key] and _same(listed, other, item)
                   for other in items):
                continue
            name = ".".join(listed.path)
            label = (*listed.texts, listed.key)[0]
            why = (f"names the note's own item '{item[listed.key]}' of {name} "
                   f"({_at(variant, (*listed.path, index, label))}), which {variant.name} "
                   f"replaces; reword it, or mark the passage <!-- item: {item[listed.key]} -->")
            found += [(t, why) for t in _words_of(listed, item) if t.lower() not in own]
    found += _ref_terms(variant)
    return found


def _same(listed: Listed, a: dict, b: dict) -> bool:
    return all(a.get(n) == b.get(n) for n in listed.texts[:1])


def _ref_terms(variant: Variant) -> list[tuple[str, str]]:
    """The note's own words beside a ref (a label beside a ref to an item),
    when the variant's ref names an item with other words and the variant kept them."""
    from notedeck.model.inputs import Space, walk

    found = []
    listed = {listed.path: listed for listed in lists(variant.model)}
    for path, declared in walk(variant.model.inputs):
        target = listed.get(declared.to or ()) if declared.kind == "ref" else None
        if target is None:
            continue
        mine, theirs = (_named(target, variant.default.values, path),
                        _named(target, variant.scenario.values, path))
        if mine is None or theirs is None or _same(target, mine, theirs):
            continue
        parent = _space(variant.model.inputs, path[:-1])
        label = (*target.texts, target.key)[0]
        for name, sibling in (parent.children.items() if isinstance(parent, Space) else ()):
            if getattr(sibling, "kind", None) != "text":
                continue
            here = (*path[:-1], name)
            text = _dig(variant.default.values, here)
            if text and text == _dig(variant.scenario.values, here) and text != sibling.default:
                found.append((text, f"is the note's own {name.replace('_', ' ')} "
                                    f"({_at(variant, here)}), but {variant.name} follows "
                                    f"'{theirs[label]}'; give it its own scenarios."
                                    f"{'.'.join(here)}"))
    return found


def _named(listed: Listed, values: dict, ref: tuple) -> dict | None:
    key = _dig(values, ref)
    return next((item for item in _dig(values, listed.path) if item[listed.key] == key), None)


def _space(space, path: tuple):
    for part in path:
        space = space.children.get(part)
    return space


def _words_of(listed: Listed, item: dict) -> list[str]:
    found = [item[n] for n in listed.texts if item.get(n)]
    found += [_literal(item[n]) for n in listed.prose if item.get(n)]
    return [t for t in found if t]


def _literal(title: str) -> str:
    """A title as written; for one with placeholders, its longest stretch of plain words."""
    if not _PLACEHOLDER.search(title):
        return title.strip()
    parts = sorted((p.strip(" ,;:") for p in _PLACEHOLDER.split(title)), key=len, reverse=True)
    return parts[0] if parts and len(parts[0]) >= MIN_TITLE_PART else ""


def _masked(text: str, own: list[re.Pattern]) -> str:
    """The text with the variant's own labels blanked: 'call rehearsals' is not 'rehearsals'."""
    for pattern in own:
        text = pattern.sub(lambda m: " " * len(m.group()), text)
    return text


def _term_pattern(term: str) -> re.Pattern:
    words = [re.escape(w) for w in term.split()]
    return re.compile(r"(?<!\w)" + r"[\s\u00a0]+".join(words) + r"(?!\w)", re.IGNORECASE)


def _at(variant: Variant, path: tuple) -> str:
    if variant.where is None:
        return "scenarios.yaml"
    where = variant.where.where(path)
    return f"{Path(where.file).name}:{where.line}" if where.line else Path(where.file).name


def _copies(passage, texts: list, variant: Variant) -> list[Problem]:
    """Runs of words of a left-out passage that show up anyway, in text not bound to it."""
    runs = {run for stretch in _PLACEHOLDER.split(passage.body.text)
            for run in _runs(_words(stretch))}
    found = []
    for text in texts:
        for run, line in _runs_with_lines(text.text):
            if run in runs:
                found.append(warning(text.file, "this text repeats a passage for the item "
                                     f"'{passage.item}' ({passage.file.name}:{passage.line}),"
                                     f" which {variant.name} does not have: '{' '.join(run)}...'",
                                     text.line + line))
                break
    return found


def _words(text: str) -> list[str]:
    return [w for w in (_WORD.sub("", w.lower()) for w in text.split()) if w]


def _runs(words: list[str]) -> list[tuple[str, ...]]:
    return [tuple(words[i:i + MIN_RUN_WORDS]) for i in range(len(words) - MIN_RUN_WORDS + 1)]


def _runs_with_lines(text: str) -> list[tuple[tuple[str, ...], int]]:
    """Every run of words in a text, with the line (from 0) it starts on."""
    words = [(word, number) for number, line in enumerate(_MARKUP.sub("", text).split("\n"))
             for word in _words(line)]
    return [(tuple(w for w, _ in words[i:i + MIN_RUN_WORDS]), words[i][1])
            for i in range(len(words) - MIN_RUN_WORDS + 1)]
