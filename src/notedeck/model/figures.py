"""The `figures:`, `groups:` and `rules:` parts of a model, read into declarations."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from notedeck.errors import Location, Problem
from notedeck.model import show as shows
from notedeck.model.document import Document
from notedeck.model.inputs import Bound, bad_name
from notedeck.model.keys import CaseIn, FigureIn, GroupIn, RuleIn, SweepIn, UseIn
from notedeck.model.messages import suggest
from notedeck.model.schema import checked, keys
from notedeck.model.syntax import Formula, FormulaError, parse
from notedeck.model.units import Unit

SPACINGS = ("linear", "log", "log1p")
CLAMPS = ("end", "each_step")


@dataclass(frozen=True)
class Source:
    """A formula where it was written: its text parsed, its position and key path."""

    formula: Formula
    where: Location

    @property
    def text(self) -> str:
        return self.formula.text


@dataclass(frozen=True)
class Figure:
    path: tuple[str, ...]                  # in the tree of names (in an each or group: its name)
    source: Source
    show: shows.Show | None = None
    unit: Unit | None = None               # the unit the formula must give, if declared
    low: Bound | None = None
    high: Bound | None = None


@dataclass(frozen=True)
class Sweep:
    start: Source
    stop: Source
    points: Source
    spacing: str
    digits: int | None
    places: Source | None
    include: tuple[Source, ...]
    clip: bool
    clamp: str


@dataclass(frozen=True)
class Group:
    """Figures of one parameter, evaluated wherever a use applies them."""

    name: str
    param: str
    unit: Unit
    figures: tuple[Figure, ...]
    where: Location


@dataclass(frozen=True)
class Use:
    """A group applied at one value (a record), over a list or a sweep (one row per value)."""

    path: tuple[str, ...]
    group: str
    mode: str                              # at, over, sweep
    value: Source | None                   # at: and over:
    sweep: Sweep | None
    where: Location
    show: shows.Show | None = None         # how the parameter is shown


@dataclass(frozen=True)
class Each:
    """Figures computed for every item of a list of records, added to its items."""

    path: tuple[str, ...]
    figures: tuple[Figure, ...]
    where: Location


@dataclass(frozen=True)
class Rule:
    source: Source
    each: tuple[str, ...] | None
    at: tuple | None
    message: str
    severity: str


class Reader:
    """Reads figures, groups and rules, gathering problems at the model's keys."""

    def __init__(self, document: Document, limits, read_unit, constant, count, tally=None):
        self.document, self.limits, self.tally = document, limits, tally
        self.read_unit, self.constant, self.count = read_unit, constant, count
        self.problems: list[Problem] = []
        self.figures: list[Figure] = []
        self.uses: list[Use] = []
        self.eaches: list[Each] = []
        self.groups: dict[str, Group] = {}

    def problem(self, path: tuple, message: str, at_key: bool = False) -> None:
        self.problems.append(Problem(self.document.where(path, at_key), message))

    def source(self, text: Any, path: tuple) -> Source | None:
        if isinstance(text, bool) or not isinstance(text, (str, int)) and \
                type(text).__name__ != "Decimal":
            self.problem(path, f"expected a formula, got {text!r}")
            return None
        self._charge(str(text), path)
        try:
            return Source(parse(str(text), self.limits), self.document.where(path))
        except FormulaError as exc:
            shown = str(text) if len(str(text)) <= 80 else str(text)[:77] + "..."
            self.problem(path, f"cannot read the formula '{shown}': {exc}")
            return None

    def _charge(self, text: str, path: tuple) -> None:
        if self.tally is not None and len(text) <= self.limits.formula_length:  # else refused
            self.tally.charge(text, self.document.where(path))

    def tree(self, data: Any, path: tuple, names: tuple) -> None:
        if not isinstance(data, dict):
            self.problem(path, "expected a mapping of figure names")
            return
        for name, value in data.items():
            here, named = path + (name,), names + (name,)
            if bad_name(name):
                self.problem(here, bad_name(name), at_key=True)
            elif isinstance(value, dict) and ("use" in value or "given" in value):
                self.use(value, here, named)
            elif isinstance(value, dict) and "each" in value:
                self.each(value, here, named)
            elif isinstance(value, dict) and "formula" not in value and "say" not in value:
                stray = [k for k in value if k in set(keys(FigureIn)) - {"about"}]
                if stray:
                    self.problem(here, f"a figure needs formula: (it has {', '.join(stray)})")
                else:
                    self.tree(value, here, named)
            else:
                made = self.figure(value, here, named)
                if made:
                    self.figures.append(made)

    def figure(self, value: Any, path: tuple, name: tuple) -> Figure | None:
        self.count(path)
        if not isinstance(value, dict):
            source = self.source(value, path)
            return Figure(name, source) if source else None
        checked(self, FigureIn, value, path, "a figure")
        if "say" in value:
            if "formula" in value or "show" in value:
                self.problem(path, "a figure is a formula: or say: cases, not both (a say: "
                                   "figure is shown in its own words)")
                return None
            source, made_show = self.say(value["say"], path + ("say",))
        else:
            source, made_show = self.source(value["formula"], path + ("formula",)), None
        if "show" in value and "say" not in value:
            made_show, problem = shows.read(value["show"])
            if problem:
                self.problem(path + ("show",), problem)
        unit = None
        if "unit" in value:
            unit, problem = self.read_unit(value["unit"])
            if problem:
                self.problem(path + ("unit",), problem)
        low, high = self._bounds(value, path)
        return Figure(name, source, made_show, unit, low, high) if source else None

    def say(self, data: Any, path: tuple) -> tuple[Source | None, shows.Show | None]:
        """say: cases, in order, each `NAME: {if: condition, text: words}` and the last
        `NAME: words` (or without if:): a text figure whose value is the first case that
        holds, by its name, and whose words are that case's text."""
        if not isinstance(data, dict) or not data:
            self.problem(path, "expected cases, in order: NAME: {if: a condition, text: words}, "
                               "the last one NAME: words (what holds otherwise)")
            return None, None
        cases, branches, ok = [], [], True
        for index, (key, case) in enumerate(data.items()):
            here, last = path + (key,), index == len(data) - 1
            if bad_name(key):
                self.problem(here, bad_name(key), at_key=True)
                ok = False
                continue
            condition, text, text_path = None, case, here
            if isinstance(case, dict):
                if checked(self, CaseIn, case, here, "a case") is None:
                    ok = False
                condition, text, text_path = case.get("if"), case.get("text"), here + ("text",)
            if not isinstance(text, str) or not text.strip():
                self.problem(text_path, "expected the words this case says (text:)")
                ok = False
            if condition is None and not last:
                self.problem(here, "only the last case goes without if: (it says what holds "
                                   "when no case before it does)")
                ok = False
            elif condition is not None and last:
                self.problem(here + ("if",), "the last case says what holds otherwise: leave "
                                             "out its if:")
                ok = False
            elif condition is not None:
                parsed = self.source(condition, here + ("if",))
                ok = ok and parsed is not None
                branches.append((key, parsed.text if parsed else ""))
            cases.append((str(key), text if isinstance(text, str) else "", text_path))
        if not ok:
            return None, None
        formula = "".join(f"'{key}' if ({condition}) else " for key, condition in branches)
        formula += f"'{cases[-1][0]}'"
        self._charge(formula, path)
        try:
            source = Source(parse(formula, self.limits), self.document.where(path))
        except FormulaError as exc:
            self.problem(path, f"cannot read the cases' conditions: {exc}")
            return None, None
        return source, shows.Show("say", (("cases", tuple(cases)),))

    def _bounds(self, value: dict, path: tuple) -> tuple[Bound | None, Bound | None]:
        found = {}
        for key in ("min", "max", "above", "below"):
            if key in value:
                number, _, problem = self.constant(str(value[key]))
                if problem:
                    self.problem(path + (key,), problem)
                else:
                    found[key] = Bound(number, key in ("min", "max"), str(value[key]))
        return found.get("min", found.get("above")), found.get("max", found.get("below"))

    def body(self, data: Any, path: tuple) -> tuple[Figure, ...]:
        if not isinstance(data, dict) or not data:
            self.problem(path, "expected a mapping of figures")
            return ()
        made = []
        for name, value in data.items():
            here = path + (name,)
            if bad_name(name):
                self.problem(here, bad_name(name), at_key=True)
                continue
            if isinstance(value, dict) and "formula" not in value and "say" not in value:
                self.problem(here, "inside each: or a group, every entry is a figure (a formula, "
                                   "or a mapping with formula: or say:)")
                continue
            figure = self.figure(value, here, (name,))
            if figure:
                made.append(figure)
        return tuple(made)

    def each(self, value: dict, path: tuple, name: tuple) -> None:
        extra = [k for k in value if k != "each"]
        for key in extra:
            self.problem(path + (key,), "beside each:, nothing: the figures go inside it",
                         at_key=True)
        self.eaches.append(Each(name, self.body(value["each"], path + ("each",)),
                                self.document.where(path)))

    def group(self, value: dict, path: tuple, name: str) -> Group | None:
        param = value.get("given")
        if bad_name(param):
            self.problem(path + ("given",), "given: names the group's parameter (a name such "
                                            "as check or u)")
            return None
        unit = Unit()
        if "unit" in value:
            unit, problem = self.read_unit(value["unit"])
            if problem:
                self.problem(path + ("unit",), problem)
        figures = self.body(value.get("figures"), path + ("figures",))
        return Group(name, param, unit, figures, self.document.where(path))

    def groups_part(self, data: Any) -> None:
        if data is None:
            return
        if not isinstance(data, dict):
            self.problem(("groups",), "expected a mapping of group names")
            return
        for name, value in data.items():
            path = ("groups", name)
            if not isinstance(value, dict):
                self.problem(path, "expected a mapping with given:, unit: and figures:")
                continue
            checked(self, GroupIn, value, path, "a group")
            made = self.group(value, path, str(name))
            if made:
                self.groups[str(name)] = made

    def use(self, value: dict, path: tuple, name: tuple) -> None:
        checked(self, UseIn, value, path, "a use of a group")
        if "given" in value:
            group = self.group(value, path, ".".join(name))
            if group is None:
                return
            self.groups[group.name] = group
            group_name = group.name
        else:
            group_name = value["use"]
        modes = [m for m in ("at", "over", "sweep") if m in value]
        if len(modes) != 1:
            self.problem(path, "a use needs exactly one of at: (one value), over: (a list) or "
                               "sweep: (a range)")
            return
        mode = modes[0]
        where = self.document.where(path)
        shown = None
        if "show" in value:
            shown, problem = shows.read(value["show"])
            if problem:
                self.problem(path + ("show",), problem)
        if mode == "sweep":
            sweep = self.sweep(value["sweep"], path + ("sweep",))
            if sweep:
                self.uses.append(Use(name, str(group_name), mode, None, sweep, where, shown))
            return
        source = self.source(value[mode], path + (mode,))
        if source:
            self.uses.append(Use(name, str(group_name), mode, source, None, where, shown))

    def sweep(self, value: Any, path: tuple) -> Sweep | None:
        if not isinstance(value, dict):
            self.problem(path, "expected a mapping with from:, to:, points: and spacing:")
            return None
        checked(self, SweepIn, value, path, "a sweep")
        missing = [k for k in ("from", "to", "points") if k not in value]
        if missing:
            self.problem(path, "a sweep needs " + ", ".join(f"{k}:" for k in missing))
            return None
        settings = self._sweep_settings(value, path)
        if settings is None:
            return None
        spacing, digits, clamp, clip = settings
        include = value.get("include", [])
        include = include if isinstance(include, list) else [include]
        sources = [self.source(v, path + ("include", i)) for i, v in enumerate(include)]
        parts = [self.source(value[k], path + (k,)) for k in ("from", "to", "points")]
        places = self.source(value["places"], path + ("places",)) if "places" in value else None
        if None in parts or None in sources or ("places" in value and places is None):
            return None
        return Sweep(parts[0], parts[1], parts[2], spacing, digits, places, tuple(sources),
                     clip, clamp)

    def _sweep_settings(self, value: dict, path: tuple) -> tuple | None:
        """(spacing, digits, clamp, clip) of a sweep, or None with the problem noted."""
        spacing = value.get("spacing", "linear")
        if spacing not in SPACINGS:
            self.problem(path + ("spacing",), f"unknown spacing {spacing!r}"
                         + suggest(str(spacing), list(SPACINGS)))
            return None
        digits = value.get("digits")
        if digits is not None and (not isinstance(digits, int) or isinstance(digits, bool)
                                   or not 1 <= digits <= 28):
            self.problem(path + ("digits",), "expected a whole number of significant digits "
                                             "from 1 to 28")
            return None
        if spacing != "linear" and digits is None:
            self.problem(path, f"a {spacing} sweep needs digits: the significant digits each "
                               "point keeps (its points are not exact fractions)")
            return None
        clamp, clip = value.get("clamp", "end"), value.get("clip", True)
        if clamp not in CLAMPS:
            self.problem(path + ("clamp",), f"unknown clamp {clamp!r}"
                         + suggest(str(clamp), list(CLAMPS)))
            return None
        if not isinstance(clip, bool):
            self.problem(path + ("clip",), "expected true or false")
            return None
        return spacing, digits, clamp, clip

    def rules(self, data: Any) -> list[Rule]:
        if data is None:
            return []
        if not isinstance(data, list):
            self.problem(("rules",), "expected a list of rules")
            return []
        made = []
        for index, value in enumerate(data):
            path = ("rules", index)
            self.count(path)
            if not isinstance(value, dict) or "rule" not in value or "message" not in value:
                self.problem(path, "a rule needs rule: (a condition that must hold) and "
                                   "message: (what to tell the author when it does not)")
                continue
            checked(self, RuleIn, value, path, "a rule")
            severity = value.get("severity", "error")
            if severity not in ("error", "warning"):
                self.problem(path + ("severity",), "expected error or warning")
                continue
            source = self.source(value["rule"], path + ("rule",))
            each = tuple(str(value["each"]).split(".")) if "each" in value else None
            at = tuple(str(value["at"]).split(".")) if "at" in value else None
            if source and isinstance(value["message"], str):
                made.append(Rule(source, each, at, value["message"].strip(), severity))
            elif source:
                self.problem(path + ("message",), "expected text")
        return made
