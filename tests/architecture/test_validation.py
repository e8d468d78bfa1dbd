"""Every YAML file is checked by one mechanism: a pydantic model of its keys, whose errors
model/schema.py says (docs/architecture.md, "Validation"). Fails when a module reads YAML
and checks its keys itself: when it says a key is unknown or missing in its own words, or
loads YAML without handing the data to the mechanism."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "notedeck"
MECHANISM = "model/schema.py"
# What a module calls to hand YAML's data to the mechanism: readers/validation.validated
# (a file's data and its model), model/schema.validate and checked (a scenario's, model.yaml's
# parts), Model.validate (the scenario, through Model.scenario_schema).
ENTRIES = {"validated", "validate", "checked"}
# The words only the mechanism says about keys.
KEY_SENTENCES = ("unknown key", "required key", "has no setting")
# Modules that load YAML and check nothing in it, each with the reason; these lists only shrink.
READS_ONLY = {
    "stages/check.py": "note.yaml read again for the names the naked-number lint allows; the "
                       "read stage has checked it",
    "reports/appears.py": "model.yaml's parts listed for `explain`, after the build has checked "
                          "the note",
    "commands/start.py": "a bundled note's `about:` shown by `init --list`",
}
def modules() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def _name(path: Path) -> str:
    return path.relative_to(SRC).as_posix()


def loads_yaml(tree: ast.AST) -> bool:
    """Whether the module calls yamlfile.load."""
    return any(isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
               and node.func.attr == "load" and isinstance(node.func.value, ast.Name)
               and node.func.value.id == "yamlfile" for node in ast.walk(tree))


def hands_on(tree: ast.AST) -> bool:
    """Whether the module calls one of the mechanism's entries."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ENTRIES:
                return True
    return False


def key_sentences(tree: ast.AST) -> list[str]:
    """The text (docstrings left out) in which a module says a key is unknown or missing."""
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                       ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    return [f"line {node.lineno}: {node.value!r}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings
            and any(words in node.value for words in KEY_SENTENCES)]


def test_the_detectors_find_a_reader_that_checks_keys_itself():
    own = ast.parse("def read(path):\n    data = yamlfile.load(path).data\n"
                    "    for key in data:\n        if key not in KEYS:\n"
                    "            raise fail(path, f\"unknown key '{key}'\")\n")
    assert loads_yaml(own) and not hands_on(own) and key_sentences(own)
    handed = ast.parse("def read(path):\n    source = yamlfile.load(path)\n"
                       "    return validated(source, FileIn)\n")
    assert loads_yaml(handed) and hands_on(handed) and not key_sentences(handed)


@pytest.mark.parametrize("path", modules(), ids=_name)
def test_only_the_mechanism_says_a_key_is_unknown_or_missing(path):
    if _name(path) != MECHANISM:
        assert key_sentences(ast.parse(path.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize("path", modules(), ids=_name)
def test_every_module_that_loads_yaml_hands_its_data_to_the_mechanism(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if loads_yaml(tree) and _name(path) not in READS_ONLY:
        assert hands_on(tree), f"{_name(path)} loads YAML: check it with a pydantic model " \
                               "through readers/validation.validated"


def test_the_modules_let_off_still_load_yaml():
    loading = {_name(p) for p in modules() if loads_yaml(ast.parse(p.read_text(encoding="utf-8")))}
    let_off = set(READS_ONLY)
    assert let_off <= loading, let_off - loading


def test_only_the_yaml_reader_imports_a_yaml_library():
    importers = set()
    for path in modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            if any(name.split(".")[0] in ("yaml", "ruamel", "strictyaml") for name in names):
                importers.add(_name(path))
    assert importers == {"readers/yamlfile.py"}


def test_every_file_of_a_note_has_its_pydantic_model():
    """The models the readers validate each file with are the mechanism's (Settings)."""
    from notedeck.model import build
    from notedeck.model.schema import Settings
    from notedeck.model.scenario import Part
    from notedeck.readers.audiences import AudienceIn
    from notedeck.readers.catalogue import LabelsIn
    from notedeck.readers.note import NoteIn
    from notedeck.readers.sections import FrontIn
    from notedeck.readers.templatemap import TemplateMapIn

    for model in (NoteIn, AudienceIn, LabelsIn, FrontIn, TemplateMapIn, Part,
                  build.MODEL_KEYS):
        assert issubclass(model, Settings), model
