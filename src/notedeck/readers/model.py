"""model.yaml and a scenario through the safe YAML reader, handed to the model language."""

from __future__ import annotations

from pathlib import Path

from notedeck import model as language
from notedeck.readers import yamlfile
from notedeck.readers.audiences import merge
from notedeck.readers.yamlfile import Located


def read(path: Path, text: str | None = None,
         limits: language.Limits = language.DEFAULT) -> language.Model:
    """A note's model.yaml read and checked: a Model, or a NotedeckError naming file:line."""
    return language.read(yamlfile.load(Path(path), text), limits)


def scenario(model: language.Model, path: Path, text: str | None = None,
             overrides: Located | None = None) -> language.Inputs:
    """A scenario file checked against the model; an audience's `scenarios:` part merged in
    first (mappings key by key, lists replaced whole), positions kept for both."""
    source = yamlfile.load(Path(path), text)
    if overrides is not None:
        source = merge(source, overrides)
    return model.validate(source)
