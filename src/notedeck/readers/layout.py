"""Where a note keeps its files: the one place their names are spelled."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

NOTE = "note.yaml"
SCENARIOS = "scenarios.yaml"
SECTIONS = "sections"
AUDIENCES = "audiences"
TEMPLATE = "template.pptx"
TEMPLATE_POTX = "template.potx"      # the same, saved as a PowerPoint template
TEMPLATE_MAP = "template.yaml"       # which layout of the template plays each role
# Everything a build reads, as patterns relative to the note's folder (watch follows these).
READ_BY_BUILD = (NOTE, SCENARIOS, f"{SECTIONS}/*.md", f"{AUDIENCES}/*.yaml", TEMPLATE,
                 TEMPLATE_POTX, TEMPLATE_MAP)


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
        """template.pptx, or template.potx when only that one is there."""
        potx = self.root / TEMPLATE_POTX
        pptx = self.root / TEMPLATE
        return potx if (potx.exists() or potx.is_symlink()) and not pptx.exists() else pptx

    @property
    def templates(self) -> list[Path]:
        """Every template file the note has (more than one is a mistake)."""
        return [p for p in (self.root / TEMPLATE, self.root / TEMPLATE_POTX)
                if p.exists() or p.is_symlink()]

    @property
    def template_map(self) -> Path:
        return self.root / TEMPLATE_MAP

    def section_files(self) -> list[Path]:
        return sorted(self.sections.glob("*.md"))

    def audience(self, name: str) -> Path:
        return self.audiences / f"{name}.yaml"

    def audience_names(self) -> list[str]:
        folder = self.audiences
        return sorted(p.stem for p in folder.glob("*.yaml")) if folder.is_dir() else []

    def inputs(self, audience: str | None = None,
               scenarios_file: Path | None = None) -> list[Path]:
        """Every file a build of this variant reads (whether or not it exists yet), in a fixed
        order; a --scenarios file stands in for scenarios.yaml. Build records hash exactly these
        (pipeline/records.py), and READ_BY_BUILD above covers them all (watch)."""
        return [self.note, Path(scenarios_file) if scenarios_file else self.scenarios,
                *self.section_files(), *([self.audience(audience)] if audience else []),
                self.template]

    def is_other_audience(self, relative: Path, audience: str | None) -> bool:
        """A file of an audience other than `audience` (a variant never reads those)."""
        return (len(relative.parts) == 2 and relative.parts[0] == AUDIENCES
                and relative.suffix == ".yaml" and relative.stem != audience)
