"""The preview page and its fragments, as HTML: every text escaped, no inline script or style."""

from __future__ import annotations

from html import escape
from importlib import resources

SLIDES, HANDOUT, WEB = "slides", "handout", "web"
PREFIX = "/__notedeck/"
NOT_REBUILT = "<p>Not rebuilt; the slides below are the last good build.</p>"


def asset(name: str) -> bytes:
    """The preview's script or stylesheet, shipped beside this module."""
    return (resources.files("notedeck.render.preview") / "assets" / name).read_bytes()


def slide_html(slide, size: tuple[int, int], problems: list[str], key: str) -> str:
    """One slide: its picture, where it comes from, its speaker notes, its problems; `key`
    changes whenever any of these does."""
    where = slide.file + (f":{slide.line}" if slide.line is not None and slide.file else "")
    notes = "".join(f"<p>{escape(n)}</p>" for n in slide.notes) or "<p>(no notes)</p>"
    return (f'<li class="slide" id="slide-{slide.number}" data-key="{key}">'
            f'<figure><img src="{PREFIX}slide/{slide.key}.png" width="{size[0]}" '
            f'height="{size[1]}" loading="lazy" alt="Slide {slide.number}: '
            f'{escape(slide.title)}"><figcaption>{slide.number}'
            f'{" · " + escape(where) if where else ""}</figcaption></figure>'
            f'<aside aria-label="Speaker notes, slide {slide.number}"><h3>Notes</h3>{notes}'
            f'{_problems([*slide.warnings, *problems])}</aside></li>')


def page_html(number: int, key: str, size: tuple[int, int]) -> str:
    """One page of the handout."""
    return (f'<li class="page" id="page-{number}" data-key="{key}"><img '
            f'src="{PREFIX}page/{key}.png" width="{size[0]}" height="{size[1]}" '
            f'loading="lazy" alt="Handout page {number}"></li>')


def problems_html(problems: list[str], failed: bool) -> str:
    """Above the slides: whether the last round failed, and the problems no slide owns (a
    model error, say)."""
    return (NOT_REBUILT if failed else "") + _problems(problems)


def _problems(problems) -> str:
    if not problems:
        return ""
    return ('<ul class="problems">' + "".join(f"<li>{escape(p)}</li>" for p in problems)
            + "</ul>")


def document(title: str, lang: str, slides: list[str], pages: list[str], problems: str) -> str:
    """The whole preview page; preview.js then keeps it up to date in place."""
    return f"""<!doctype html>
<html lang="{escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Preview: {escape(title)}</title>
<link rel="stylesheet" href="{PREFIX}preview.css">
<script src="{PREFIX}preview.js" defer></script>
</head>
<body>
<header>
<h1>Preview: {escape(title)}</h1>
<nav aria-label="Outputs"><ul>
<li><a href="#{SLIDES}">Slides</a></li>
<li><a href="#{HANDOUT}">Handout</a></li>
<li><a href="#{WEB}">Web page</a></li>
</ul></nav>
</header>
<main>
<div id="problems" role="status" aria-live="polite">{problems}</div>
<section id="{SLIDES}" aria-labelledby="{SLIDES}-h"><h2 id="{SLIDES}-h">Slides</h2>
<ol id="slide-list">{"".join(slides)}</ol></section>
<section id="{HANDOUT}" aria-labelledby="{HANDOUT}-h"><h2 id="{HANDOUT}-h">Handout</h2>
<ol id="page-list">{"".join(pages)}</ol></section>
<section id="{WEB}" aria-labelledby="{WEB}-h"><h2 id="{WEB}-h">Web page</h2>
<iframe src="/web/index.html" title="The web page"></iframe></section>
</main>
</body>
</html>
"""
