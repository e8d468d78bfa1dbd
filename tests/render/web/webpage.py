"""Helpers for the web page's tests: a page planned from a composed note, its figures, its text."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from lxml import html as lxml_html

from support import gather, options

from notedeck.stages.compose import compose
from notedeck.deck import Beside, Deck
from notedeck.render import registry

BUNDLED = Path(__file__).resolve().parents[3] / "src" / "notedeck" / "notes" / "million-tokens"
VARIANTS = (None, "support-team", "research-lab")     # the bundled note and its audiences
BUDGET_BYTES = 500_000                                  # the page of a bundled variant, at most
DATA = re.compile(r'<script type="application/json" id="notedeck-figures">(.*?)</script>', re.S)


def reference_figures(source):
    """The scenario and figures of the hand-written arithmetic (tests/model/reference.py),
    computed apart from the model: what the page's controls are checked against."""
    from model import reference

    scenario = reference.from_values(source.evaluation.inputs.values)
    return scenario, reference.compute(scenario)


@dataclass(frozen=True)
class Built:
    source: object          # the filled note (compose's FilledNote)
    deck: Deck
    html: str
    path: Path | None = None

    @property
    def scenario(self):
        """The reference's scenario, against which the live controls are checked."""
        return reference_figures(self.source)[0]

    @property
    def figures(self):
        """The reference's figures, against which the live controls are checked."""
        return reference_figures(self.source)[1]

    @property
    def data(self) -> dict:
        return embedded(self.html)

    @property
    def tree(self):
        return lxml_html.fromstring(self.html)


def build_page(content: Path = BUNDLED, audience: str | None = None, out: Path | None = None,
               scenarios_file: Path | None = None) -> Built:
    """Gather, compose with the live controls, then the web renderer's plan and (with `out`) emit,
    as the pipeline runs them."""
    source = gather(content, audience, scenarios_file)
    deck, _ = compose(source, live=True)
    renderer = registry.get("web")
    page = renderer.plan(deck, Beside(), None, {}, renderer.settings(options(content)))
    path = None
    if out is not None:
        path = out / renderer.filename
        path.parent.mkdir(parents=True, exist_ok=True)
        assert renderer.emit(page, path) == 1
    return Built(source, deck, page.html, path)


def embedded(html: str) -> dict:
    """The figures the page's script looks up."""
    match = DATA.search(html)
    assert match, "the page embeds no figures"
    return json.loads(match.group(1))


def text(node) -> str:
    return " ".join(node.text_content().split())


def texts(tree, xpath: str) -> list[str]:
    return [text(node) for node in tree.xpath(xpath)]


def by_class(name: str) -> str:
    """An XPath test for an element that has the class `name`."""
    return f'contains(concat(" ", normalize-space(@class), " "), " {name} ")'


def plain(value):
    """Text as a reader sees it: a no-break space (a number kept with its unit) as a space,
    in a string or anything holding strings. Browsers report it either way."""
    if isinstance(value, str):
        return value.replace("\u00a0", " ")
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(plain(v) for v in value)
    return value
