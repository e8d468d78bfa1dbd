"""Where a note keeps its files: the one place their names are spelled."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

NOTE = "note.yaml"
SCENARIOS = "scenarios.yaml"
SECTIONS = "sections"
AUDIENCES = "audiences"
TEMPLATE = "template.pptx"
# Everything a build reads, as patterns relative to the note's folder (watch follows these).
READ_BY_BUILD = (NOTE, SCENARIOS, f"{SECTIONS}/*.md", f"{AUDIENCES}/*.yaml",
                 f"{AUDIENCES}/*/{SECTIONS}/*.md", TEMPLATE)


@dataclass(frozen=True)
class NoteLayout:
    """The paths of one note's files."""

    root: Path

    @property
    def note(self) -> Path:
        return self.root / NOTE

    @property
    def scenarios(self) -> Path:
        return self.root / SCENARIOS

    @property
    def sections(self) -> Path:
        return self.root / SECTIONS

    @property
    def audiences(self) -> Path:
        return self.root / AUDIENCES

    @property
    def template(self) -> Path:
        return self.root / TEMPLATE

    def section_files(self) -> list[Path]:
        return sorted(self.sections.glob("*.md"))

    def audience(self, name: str) -> Path:
        return self.audiences / f"{name}.yaml"

    def audience_sections(self, name: str) -> Path:
        """An audience's own sections: audiences/NAME/sections/."""
        return self.audiences / name / SECTIONS

    def audience_names(self) -> list[str]:
        folder = self.audiences
        return sorted(p.stem for p in folder.glob("*.yaml")) if folder.is_dir() else []

    def is_other_audience(self, relative: Path, audience: str | None) -> bool:
        """A file of an audience other than `audience` (a variant never reads those):
        audiences/OTHER.yaml or anything under audiences/OTHER/."""
        parts = relative.parts
        if len(parts) < 2 or parts[0] != AUDIENCES:
            return False
        if len(parts) == 2:
            return relative.suffix == ".yaml" and relative.stem != audience
        return parts[1] != audience
