"""Where a note's files are: the one list of what a build reads, for readers, build records and watch.

A build of a note reads note.yaml, scenarios.yaml (or the file given with
--scenarios), every sections/*.md, its own audiences/NAME.yaml and, if there
is one, template.pptx; nothing else in the note's folder. Readers open these
paths, the build records (pipeline/records.py) hash exactly these files, and
`watch` rebuilds when one of them appears, changes or goes. A reader that
starts reading another file adds it here, or rebuilds would miss its edits.
"""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path, PurePosixPath

NOTE = "note.yaml"
SCENARIOS = "scenarios.yaml"
SECTIONS = "sections"                  # sections/*.md, read in name order
AUDIENCES = "audiences"                # audiences/NAME.yaml, one per variant
TEMPLATE = "template.pptx"             # the note's own PowerPoint template, if any
READ = (NOTE, SCENARIOS, f"{SECTIONS}/*.md", f"{AUDIENCES}/*.yaml", TEMPLATE)


@dataclass(frozen=True)
class NoteLayout:
    """The files of the note in `root`."""

    root: Path

    @property
    def note(self) -> Path:
        return self.root / NOTE

    @property
    def scenarios(self) -> Path:
        return self.root / SCENARIOS

    @property
    def sections_folder(self) -> Path:
        return self.root / SECTIONS

    @property
    def audiences_folder(self) -> Path:
        return self.root / AUDIENCES

    @property
    def template(self) -> Path:
        return self.root / TEMPLATE

    def sections(self) -> list[Path]:
        """The section files, in the order they are read."""
        return sorted(self.sections_folder.glob("*.md"))

    def audience(self, slug: str) -> Path:
        return self.audiences_folder / f"{slug}.yaml"

    def audience_names(self) -> list[str]:
        """The audiences the note offers, by file stem, sorted."""
        folder = self.audiences_folder
        return sorted(p.stem for p in folder.glob("*.yaml")) if folder.is_dir() else []

    def inputs(self, audience: str | None = None,
               scenarios_file: Path | None = None) -> list[Path]:
        """Every file a build of this variant reads (whether or not it exists yet), in a fixed
        order; the --scenarios file, when given, stands in for scenarios.yaml."""
        return [self.note, Path(scenarios_file) if scenarios_file else self.scenarios,
                *self.sections(), *([self.audience(audience)] if audience else []),
                self.template]

    @staticmethod
    def reads(relative: str) -> bool:
        """Whether a build may read the file at this path relative to the note's folder (any
        audience's file counts: some variant reads it)."""
        parts = PurePosixPath(relative).parts
        return any(len(parts) == len(PurePosixPath(p).parts)
                   and all(fnmatchcase(a, b) for a, b in zip(parts, PurePosixPath(p).parts))
                   for p in READ)
