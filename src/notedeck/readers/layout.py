"""Where a note keeps its files: the one place their names are spelled."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

NOTE = "note.yaml"
SCENARIOS = "scenarios.yaml"
SECTIONS = "sections"
AUDIENCES = "audiences"
TEMPLATE = "template.pptx"
TEMPLATES = (TEMPLATE, "template.potx")      # a note's own template, as a deck or a .potx
TEMPLATE_MAP = "template.yaml"               # which layout of the template plays each role
OUTPUT = "output"            # the note's own output folder, when built from inside it: never read
# Everything a build reads, as patterns relative to the note's folder (watch follows these).
READ_BY_BUILD = (NOTE, SCENARIOS, f"{SECTIONS}/*.md", f"{AUDIENCES}/*.yaml",
                 f"{AUDIENCES}/*/{SECTIONS}/*.md", *TEMPLATES, TEMPLATE_MAP)


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

    @property
    def template_map(self) -> Path:
        return self.root / TEMPLATE_MAP

    @property
    def templates(self) -> list[Path]:
        """Where the note's own template may be: template.pptx, template.potx."""
        return [self.root / name for name in TEMPLATES]

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

    def inputs(self, audience: str | None = None,
               scenarios_file: Path | None = None) -> list[Path]:
        """Every file a build of this variant reads or could read (whether or not it exists
        yet), in a fixed order: a --scenarios file beside scenarios.yaml (still read, for the
        note's own workloads), an audience's file and its own sections, both forms of the
        template and template.yaml. Build records hash exactly these (infra/records.py), so
        any of them appearing, changing or going away builds again; READ_BY_BUILD above
        covers them all (watch)."""
        own = sorted(self.audience_sections(audience).glob("*.md")) if audience else []
        return [self.note, *([Path(scenarios_file)] if scenarios_file else []), self.scenarios,
                *self.section_files(), *([self.audience(audience)] if audience else []),
                *own, *self.templates, self.template_map]
