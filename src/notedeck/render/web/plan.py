"""Plan the web page: the Deck as one self-contained HTML document (pure: no files written)."""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from notedeck.deck import Deck, HandoutSection, Labels, Meta, Source, Stamp
from notedeck.render.web.blocks import Blocks
from notedeck.render.web.html import Ids, el, esc
from notedeck.render.web.live import LivePage
from notedeck.render.web.svg import series_css
from notedeck.theme import PALETTE

DATA_ID = "notedeck-figures"
# Nothing may be fetched at view time: no fonts, images, frames or connections; only the
# page's own style and script (by hash) run. `notedeck serve` widens it for its reload.
POLICY = ("default-src 'none'; style-src {style}; script-src {script}; img-src data:; "
          "base-uri 'none'; form-action 'none'")


@dataclass(frozen=True)
class Page:
    """The planned page: the whole document as text."""

    html: str

    @property
    def size(self) -> int:
        return len(self.html.encode("utf-8"))


def plan(deck: Deck, stamp: Stamp = Stamp()) -> Page:
    """The page for `deck` (charts drawn as SVG from their specs: no drawn art needed)."""
    ids = Ids()
    live = LivePage(deck.live, ids) if deck.live is not None else None
    blocks = Blocks(ids, live)
    sections = [_section(s, blocks, ids) for s in deck.handout.sections]
    labels = deck.meta.labels
    main = el("main", "".join(sections) + _sources(deck.handout.sources,
                                                   deck.handout.boundaries, labels),
              id="main", tabindex="-1")
    body = (el("a", esc(labels.skip), href="#main", class_="skip")
            + el("div", _masthead(deck.meta) + _contents(deck.handout.sections, labels) + main
                 + _footer(deck.meta, stamp.build), class_="page"))
    style = _root() + asset("page.css") + series_css() + ("".join(live.rules) if live else "")
    script = asset("page.js") if live else ""
    data = _data_json(live.data()) if live else ""
    return Page(document(deck.meta, body, style, script, data, stamp))


def document(meta: Meta, body: str, style: str, script: str, data: str,
             stamp: Stamp = Stamp()) -> str:
    """The HTML document around a body, with its content security policy."""
    policy = POLICY.format(style=content_hash(style),
                           script=content_hash(script) if script else "'none'")
    head = ['<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f'<meta http-equiv="Content-Security-Policy" content="{esc(policy)}">',
            '<meta name="color-scheme" content="light">',
            '<meta name="generator" content="notedeck">',
            el("title", esc(" · ".join(p for p in (meta.title, meta.audience) if p)))]
    from notedeck.render.provenance import html_fields

    for name, value in (("description", meta.subject), ("author", meta.author),
                        ("keywords", ", ".join(meta.keywords)), *html_fields(meta, stamp)):
        if value:
            head.append(f'<meta name="{name}" content="{esc(value)}">')
    head.append(f"<style>{style}</style>")
    tail = ""
    if data:
        tail += f'<script type="application/json" id="{DATA_ID}">{data}</script>'
    if script:
        tail += f"<script>{script}</script>"
    lang = esc(meta.declared_lang or "en")        # the English page keeps its lang="en"
    return (f'<!DOCTYPE html>\n<html lang="{lang}" class="no-js">\n<head>\n' + "\n".join(head)
            + f"\n</head>\n<body>\n{body}\n{tail}\n</body>\n</html>\n")


@lru_cache(maxsize=None)
def asset(name: str) -> str:
    """A stylesheet or script shipped beside this module."""
    return (resources.files("notedeck.render.web") / "assets" / name).read_text("utf-8")


def content_hash(text: str) -> str:
    """A style or script's source expression for the content security policy."""
    digest = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
    return f"'sha256-{digest}'"


def _data_json(data: dict) -> str:
    """JSON that cannot end its <script> element early."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def _root() -> str:
    p = PALETTE
    colours = {"ink": p.ink, "muted": p.muted, "background": p.background, "rule": p.rule,
               "accent": p.accent, "accent2": p.accent2, "band": p.band}
    return ":root{" + ";".join(f"--{k}:{v}" for k, v in colours.items()) + "}\n"


def _masthead(meta: Meta) -> str:
    parts = [el("p", esc(meta.audience), class_="kicker")] if meta.audience else []
    parts.append(el("h1", esc(meta.title)))
    if meta.subtitle:
        parts.append(el("p", esc(meta.subtitle), class_="subtitle"))
    byline = " · ".join(esc(p) for p in (meta.author, meta.date) if p)
    if byline:
        parts.append(el("p", byline, class_="byline"))
    return el("header", "".join(parts), class_="masthead")


def section_id(section: HandoutSection) -> str:
    return f"section-{section.number}"


def _contents(sections: tuple[HandoutSection, ...], labels: Labels) -> str:
    items = [el("li", el("a", el("span", esc(s.number), class_="number") + " " + esc(s.title),
                         href=f"#{section_id(s)}")) for s in sections]
    items.append(el("li", el("a", esc(labels.sources), href="#sources")))
    return el("nav", el("h2", esc(labels.contents), id="contents-title")
              + el("ol", "".join(items)), class_="contents", aria_labelledby="contents-title")


def _section(section: HandoutSection, blocks: Blocks, ids: Ids) -> str:
    hid = ids.new(f"heading-{section.number}")
    parts = [el("h2", el("span", esc(section.number), class_="number") + " "
                + esc(section.title), id=hid)]
    if section.headline:
        parts.append(el("p", esc(section.headline), class_="headline"))
    blocks.section()
    parts += [blocks.html(b) for b in section.blocks]
    return el("section", "".join(parts), id=section_id(section), aria_labelledby=hid)


def _sources(sources: tuple[Source, ...], boundaries: tuple[str, ...], labels: Labels) -> str:
    parts = [el("h2", esc(labels.sources), id="sources-title")]
    if sources:
        parts.append(el("ol", "".join(el("li", source_html(s)) for s in sources),
                        class_="sources"))
    if boundaries:
        parts.append(el("h3", esc(labels.boundaries)))
        parts += [el("p", esc(b)) for b in boundaries]
    return el("section", "".join(parts), id="sources", aria_labelledby="sources-title")


def source_html(source: Source) -> str:
    """ "Author, <cite>Title</cite>. Kind. Note." with empty parts left out."""
    title = el("cite", esc(source.title))
    head = f"{esc(source.author)}, {title}" if source.author else title
    tail = " ".join(f"{esc(part.rstrip('.'))}." for part in (source.kind, source.note) if part)
    return f"{head}. {tail}".strip()


def _footer(meta: Meta, build_id: str) -> str:
    build = f"build {build_id}" if build_id else ""
    parts = " · ".join(esc(p) for p in (meta.footer, meta.author, meta.date, build) if p)
    return el("footer", el("p", parts), class_="colophon")

