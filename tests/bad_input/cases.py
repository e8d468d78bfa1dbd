"""The cases of careless and hostile input: each a small edit to the bundled note, and its message."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from . import hostile as H

Edit = Callable[[Path], None]


@dataclass(frozen=True)
class Case:
    id: str
    edit: Edit
    expected: tuple[str, ...]               # every one appears in the reported problems
    audience: str | None = None
    count: int | None = None                # exact number of problems, where it matters
    scenarios: str | None = None            # --scenarios FILE, relative to the note
    strict: bool = False                    # --strict: the expected messages are warnings
    out: Callable[[Path, Path], Path] | None = None   # (note, output) -> where to build


def replace(name: str, old: str, new: str) -> Edit:
    def edit(note: Path) -> None:
        path = note / name
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {name}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return edit


def write(name: str, text: str | bytes) -> Edit:
    def edit(note: Path) -> None:
        path = note / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return edit


def link(name: str, target: str) -> Edit:
    def edit(note: Path) -> None:
        (note / name).unlink(missing_ok=True)
        (note / name).symlink_to(target)
    return edit


def fifo(name: str) -> Edit:
    def edit(note: Path) -> None:
        os.mkfifo(note / name)
    return edit


def huge(name: str, size: int) -> Edit:
    def edit(note: Path) -> None:
        with open(note / name, "r+b") as handle:    # sparse: fast to make, 50 MB to stat
            handle.truncate(size)
    return edit


S, N = "scenarios.yaml", "note.yaml"
S1 = "sections/01-what-the-number-means.md"
S3 = "sections/03-the-serial-bottleneck.md"
S5 = "sections/05-use-it-this-week.md"
SLIDE = "## Turn the dial\n"
BOMB = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{c}: &{c} [{', '.join(['*' + chr(ord(c) - 1)] * 10)}]\n" for c in "bcdefghi")
WORKLOAD = "  - {{id: w{0}, label: things, count: 1, tokens_each: 1}}\n"

YAML = [
    Case("yaml-syntax-error", replace(S, "dial: [100, 1000,", "dial: [100, 1000,,"),
         ("scenarios.yaml:13:20: YAML syntax error: expected the node content, but found ','",)),
    Case("yaml-unclosed-bracket", replace(S, "1000000]   #", "1000000   #"),
         ("scenarios.yaml:", "YAML syntax error: expected ',' or ']'")),
    Case("yaml-tab-indent", replace(S, "  baseline: 100", "\tbaseline: 100"),
         ("scenarios.yaml:", "a tab character is used for indentation")),
    Case("yaml-empty-scenarios", write(S, ""), ("scenarios.yaml:", "the scenario file is empty")),
    Case("yaml-empty-note", write(N, "# nothing yet\n"), ("note.yaml:", "note.yaml is empty")),
    Case("yaml-list-for-mapping", write(S, "- speeds\n- workloads\n"),
         ("scenarios.yaml:1:1:", "expected a mapping (key: value lines), got a list")),
    Case("yaml-list-for-throughput", replace(S, "throughput: {streams: 10000, tokens_per_second: 100}",
                                              "throughput: [10000, 100]"),
         ("scenarios.yaml:19:13: throughput: expected a mapping (key: value lines), got a list",)),
    Case("yaml-duplicate-key", replace(S, "  baseline: 100 ", "  baseline: 100\n  baseline: 90 "),
         ("scenarios.yaml:12:3: duplicate key 'baseline' (first set on line 11)",)),
    Case("yaml-not-utf8", write(N, "title: Caf\xe9 talk\n".encode("latin-1")),
         ("note.yaml:1: the file is not UTF-8 text (byte 0xe9); save it as UTF-8",)),
    Case("yaml-python-tag", replace(S, "baseline: 100 ",
                                    "baseline: !!python/object/apply:os.system ['touch PWNED'] "),
         ("scenarios.yaml:11:13: the tag !!python/object/apply:os.system is not allowed",)),
    Case("yaml-python-name-tag", replace(N, "author: notedeck field notes",
                                         "author: !!python/name:os.system"),
         ("note.yaml:", "the tag !!python/name:os.system is not allowed")),
    Case("yaml-custom-tag", replace(N, "footer: One", "footer: !include One"),
         ("the tag !include is not allowed",)),
    Case("yaml-alias-bomb", write(S, BOMB), ("more than 100,000 values",)),
    Case("yaml-50-megabytes", huge(S, 50_000_000),
         ("scenarios.yaml: file is too large (over 1,000,000 bytes)",)),
    Case("yaml-deep-nesting", write(S, "a: " + "[" * 5000 + "]" * 5000 + "\n"),
         ("nested too deeply",)),
    Case("yaml-merge-key", write(S, "base: &b {x: 1}\nother:\n  <<: *b\n"),
         ("merge keys (<<) are not supported",)),
    Case("yaml-two-documents", replace(S, "# Writing speeds", "a: 1\n---\n# Writing speeds"),
         ("scenarios.yaml:10:1: a second YAML document starts here",)),
    Case("yaml-5000-digit-number", replace(S, "count: 40\n", f"count: {'9' * 5000}\n"),
         ("scenarios.yaml:40:12: cannot read the int", "it has 5,000 digits")),
]

SCENARIO = [
    Case("value-word-for-number", replace(S, "count: 40\n", "count: ten\n"),
         ("scenarios.yaml:40:12: workloads[1].count: expected a whole number from 1 to 1,000,000,000, "
          "got 'ten'",)),
    Case("value-zero", replace(S, "count: 40\n", "count: 0\n"),
         ("workloads[1].count: expected a whole number from 1 to 1,000,000,000, got 0",)),
    Case("value-negative-speed", replace(S, "baseline: 100 ", "baseline: -5 "),
         ("speeds.baseline: expected a speed from 0.001 to 1,000,000,000,000", "got -5")),
    Case("value-nan", replace(S, "imagined: 1000000 ", "imagined: .nan "),
         ("speeds.imagined: expected a finite number, got NaN",)),
    Case("value-infinity", replace(S, "imagined: 1000000 ", "imagined: .inf "),
         ("speeds.imagined: expected a finite number, got Infinity",)),
    Case("value-absurdly-large", replace(S, "tokens_each: 20000", "tokens_each: 1e400"),
         ("workloads[1].tokens_each: expected a number of a sensible size, got 1E+400",)),
    Case("value-too-large-count", replace(S, "count: 40\n", "count: 5000000000\n"),
         ("expected a whole number from 1 to 1,000,000,000, got 5000000000",)),
    Case("value-fractional-count", replace(S, "count: 40\n", "count: 2.5\n"),
         ("workloads[1].count: expected a whole number", "got 2.5")),
    Case("value-yes-for-number", replace(S, "count: 40\n", "count: yes\n"),
         ("workloads[1].count: expected a whole number", "got true")),
    Case("value-unknown-workload", replace(S, "workload: apps", "workload: aps"),
         ("bottleneck.workload: 'aps' is not a workloads id; did you mean 'apps'?",
          "endings, apps, candidates, rehearsals")),
    Case("value-duplicate-id", replace(S, "id: candidates", "id: apps"),
         ("workloads[2].id: duplicate id 'apps' (also workloads[1])",)),
    Case("value-bad-id", replace(S, "id: candidates", "id: Candidates!"),
         ("workloads[2].id: expected an id of lower-case letters",)),
    Case("value-empty-workloads", replace(S, "workloads:\n", "workloads: []\nunused:\n"),
         ("workloads: expected at least 1 item, got 0",)),
    Case("value-nine-workloads", replace(S, "workloads:\n", "workloads:\n" + "".join(
        WORKLOAD.format(i) for i in range(5))),
         ("workloads: expected at most 8 items, got 9",)),
    Case("value-unparseable-duration", replace(S, "check: 60 s", "check: soon"),
         ("bottleneck.check: expected a duration from 0 to 10 years, e.g. 60 s or 15 min, got 'soon'",)),
    Case("value-unknown-time-unit", replace(S, "check: 60 s", "check: 2 fortnights"),
         ("bottleneck.check: expected a duration from 0 to 10 years, e.g. 60 s or 15 min, "
          "got '2 fortnights'",)),
    Case("value-negative-duration", replace(S, "checks: [0, 60 s", "checks: [-5, 60 s"),
         ("bottleneck.checks[0]: expected a duration from 0 to 10 years", "got -5")),
    Case("value-misspelt-key", replace(S, "  imagined: 1000000", "  imagine: 1000000"),
         ("speeds.imagine: unknown key 'imagine'; did you mean 'imagined'?",
          "speeds.imagined: required key 'imagined' is missing")),
    Case("value-dial-descending", replace(S, "dial: [100, 1000,", "dial: [1000, 100,"),
         ("speeds.dial[1]: the values must rise from first to last: 100 follows 1000",)),
    Case("value-imagined-slower", replace(S, "imagined: 1000000 ", "imagined: 50 "),
         ("speeds.imagined: the imagined speed must be faster than the baseline",)),
    Case("value-many-problems-one-run",
         lambda note: [replace(S, a, b)(note) for a, b in (
             ("count: 40\n", "count: -3\n"), ("check: 60 s", "check: soon"),
             ("workload: apps", "workload: aps"))],
         ("workloads[1].count", "bottleneck.check"), count=2),
]

CONTENT = [
    Case("front-matter-unclosed", replace(S1, "headline: One headline speed can name four "
                                              "different quantities\n---",
                                          "headline: One headline"),
         ("01-what-the-number-means.md:1: the front matter is not closed",)),
    Case("front-matter-missing", replace(S1, "---\nnumber: 1", "number: 1"),
         ("01-what-the-number-means.md:1: expected front matter",)),
    Case("front-matter-misspelt-key", replace(S1, "headline:", "hedline:"),
         ("01-what-the-number-means.md:4:1: hedline: unknown key 'hedline'; did you mean 'headline'?",
          "required key 'headline' is missing")),
    Case("front-matter-bad-number", replace(S1, "number: 1", "number: first"),
         ("01-what-the-number-means.md:2:9: number: expected a section number from 1 to 99, got 'first'",)),
    Case("front-matter-yaml-error", replace(S1, "number: 1", "number: [1"),
         ("01-what-the-number-means.md:", "YAML syntax error")),
    Case("section-duplicate-number", replace(S3, "number: 3", "number: 1"),
         ("03-the-serial-bottleneck.md:2: number: section number 1 is also used by "
          "01-what-the-number-means.md",)),
    Case("unknown-component", replace(S1, "```chart\ndial\n```", "```graph\ndial\n```"),
         ("01-what-the-number-means.md:33: unknown component 'graph'; expected one of: chart",)),
    Case("unknown-chart-name", replace(S1, "```chart\ndial\n```", "```chart\ndail\n```"),
         ("01-what-the-number-means.md:33: unknown chart 'dail'; did you mean 'dial'? "
          "Expected one of: dial, bottleneck, speedup",)),
    Case("unknown-table-name", replace(S1, "```table\nbudgets\n```", "```table\nbudget\n```"),
         ("unknown table 'budget'; did you mean 'budgets'?",)),
    Case("unknown-placeholder", replace(S1, "{{ workloads[0].seconds_imagined }} to write",
                                        "{{ bottleneck.featured.total_imagine }} to write"),
         ("01-what-the-number-means.md:37: unknown figure name "
          "'bottleneck.featured.total_imagine'; did you mean 'total_imagined'?",)),
    Case("unknown-placeholder-in-yaml", replace(S, "{{ workloads['apps'].count.words }}",
                                                "{{ workloads['aps'].count.words }}"),
         ("scenarios.yaml:", "workloads[1].scene: unknown item 'aps' in 'workloads['aps']'; did you mean 'apps'?",)),
    Case("unknown-placeholder-in-note", replace(N, "{{ speeds.baseline }}",
                                                "{{ speed.baseline_rate }}"),
         ("note.yaml:", "title_notes: unknown figure name 'speed'; did you mean 'speeds'?",)),
    Case("placeholder-syntax-error", replace(S1, "{{ workloads[0].seconds_imagined }} to write",
                                             "{{ workloads[0].seconds_imagined  to write"),
         ("01-what-the-number-means.md:", "placeholder syntax error")),
    Case("sandbox-class", replace(S1, "{{ workloads[0].seconds_imagined }}", "{{ ''.__class__ }}"),
         ("01-what-the-number-means.md:37: refused by the sandbox: '__class__' reaches into "
          "Python internals",)),
    Case("sandbox-mro-subclasses", replace(S1, "{{ workloads[0].seconds_imagined }}",
                                           "{{ ''.__class__.__mro__[1].__subclasses__() }}"),
         ("01-what-the-number-means.md:37: a function or method call is not allowed",)),
    Case("sandbox-globals", replace(S1, "{{ workloads[0].seconds_imagined }}",
                                    "{{ cycler.__init__.__globals__.os }}"),
         ("unknown figure name 'cycler'",)),
    Case("sandbox-call", replace(S1, "{{ workloads[0].seconds_imagined }}", "{{ lipsum(n=100000) }}"),
         ("a function or method call is not allowed in placeholders",)),
    Case("sandbox-power-bomb", replace(S1, "{{ workloads[0].seconds_imagined }}", "{{ 9**9**9**9 }}"),
         ("arithmetic is not allowed in placeholders",)),
    Case("sandbox-include", replace(S1, "{{ workloads[0].seconds_imagined }}",
                                    "{% include '/etc/passwd' %}"),
         ("{% include %} is not allowed in placeholders",)),
    Case("sandbox-filter", replace(S1, "{{ workloads[0].seconds_imagined }}",
                                   "{{ featured.label | center(999999999) }}"),
         ("the filter 'center' is not allowed",)),
    Case("sandbox-nested-loops", replace(S1, "{{ workloads[0].seconds_imagined }}",
                                         "{% for a in workloads %}{% for b in workloads %}"
                                         "{% for c in workloads %}{% endfor %}{% endfor %}"
                                         "{% endfor %}"),
         ("loops may be nested at most 2 deep",)),
    Case("image-outside-note", replace(S1, "### Notes (3 min)\n\nThe dial", "![x](../../../etc/passwd)\n\n"
                                                                    "### Notes (3 min)\n\nThe dial"),
         ("images are not supported in section text (found '../../../etc/passwd')",)),
    Case("image-missing", replace(S1, "### Notes (3 min)\n\nThe dial", "![chart](missing.png)\n\n"
                                                               "### Notes (3 min)\n\nThe dial"),
         ("images are not supported in section text (found 'missing.png')",)),
    Case("link-file-url", replace(S1, "to write.", "to write, see [this](file:///etc/passwd)."),
         ("01-what-the-number-means.md:37: links to 'file:' addresses are not allowed",)),
    Case("link-javascript", replace(S1, "to write.", "to write, [click](javascript:alert(1))."),
         ("links to 'javascript:' addresses are not allowed",)),
    Case("link-relative-path", replace(S1, "to write.", "to write, see [notes](../secret.md)."),
         ("link target '../secret.md' is not allowed",)),
    Case("markdown-block-quote", replace(S1, "### Notes (3 min)\n\nThe dial", "> quoted\n\n### Notes (3 min)\n\nThe dial"),
         ("01-what-the-number-means.md:", "a block quote is not supported here")),
    Case("markdown-unknown-part", replace(S1, "# Handout", "# Appendix"),
         ("unknown part '# Appendix'; the only top-level heading is '# Handout'",)),
    Case("markdown-text-before-slide", replace(S1, "---\n\n## Four things", "---\n\nHello.\n\n## Four things"),
         ("01-what-the-number-means.md:7: text before the first slide",)),
    Case("section-links-outside-note", link(S3, "/etc/hostname"),
         ("03-the-serial-bottleneck.md: this file is a link to a place outside the note's folder",)),
    Case("section-is-a-device", link(S3, "/dev/zero"),
         ("03-the-serial-bottleneck.md: this file is a link to a place outside the note's folder",)),
    Case("section-is-a-pipe", fifo("sections/06-pipe.md"),
         ("06-pipe.md: expected a regular file (not a device, pipe or socket)",)),
    Case("scenarios-option-is-a-device", lambda note: None,
         ("/dev/zero: expected a regular file",), scenarios="/dev/zero"),
    Case("scenarios-option-missing", lambda note: None,
         ("nothere.yaml: file not found",), scenarios="nothere.yaml"),
    Case("audience-misspelt-key", replace("audiences/research-lab.yaml", "title:", "titel:"),
         ("research-lab.yaml:6:1: titel: unknown key 'titel'; did you mean 'title'?",),
         audience="research-lab"),
    Case("audience-unknown", lambda note: None,
         ("unknown audience 'suport-team'. Did you mean 'support-team'?",
          "research-lab, support-team"), audience="suport-team"),
    Case("audience-bad-override", replace("audiences/support-team.yaml", "count: 500", "count: lots"),
         ("support-team.yaml:", "workloads[0].count: expected a whole number from 1 to 1,000,000,000, got 'lots'"),
         audience="support-team"),
    Case("problems-across-files-one-run",
         lambda note: [replace(S, "count: 40\n", "count: ten\n")(note),
                       replace(N, "author: notedeck", "auther: notedeck")(note),
                       replace(S3, "```chart\nspeedup", "```chart\nspeed")(note)],
         ("scenarios.yaml:40:12: workloads[1].count", "note.yaml:6:1: auther: unknown key 'auther'",
          "03-the-serial-bottleneck.md:")),
    Case("problems-in-one-section-one-run",
         lambda note: [replace(S1, "{{ throughput.streams }} streams ×", "{{ thruput.streams }} streams ×")(note),
                       replace(S1, "{{ workloads[0].seconds_imagined }} to", "{{ bottleneck.featured.total }} to")(note)],
         ("01-what-the-number-means.md:11: unknown figure name 'thruput'; did you mean 'throughput'?",
          "01-what-the-number-means.md:37: unknown figure name 'bottleneck.featured.total'; did you mean "
          "'total_baseline'?"), count=2),
    Case("section-minutes-not-a-number", replace(S3, "minutes: 14", "minutes: soon"),
         ("03-the-serial-bottleneck.md:5:10: minutes: expected a number of minutes (e.g. 12) or "
          "a time with a unit (e.g. '90 s'), got 'soon'",)),
    Case("section-minutes-zero", replace(S3, "minutes: 14", "minutes: 0"),
         ("03-the-serial-bottleneck.md:5:10: minutes: expected a planned time above 0 and at "
          "most 600 minutes, got 0",)),
    Case("notes-time-without-unit", replace(S5, "### Notes (8 min)", "### Notes (eight)"),
         ("05-use-it-this-week.md:", "'### Notes (eight)': expected a number of minutes",)),
    Case("slide-times-overbook-section", replace(S5, "### Notes (8 min)", "### Notes (20 min)"),
         ("05-use-it-this-week.md:", "the slides' planned times reach 20 min here, more than "
          "the section's minutes (13)",)),
    Case("exercise-unknown-item", replace(S5, "- **Listen for**: \"done\"", "- **Hear**: \"done\""),
         ("05-use-it-this-week.md:", "an exercise item starts with **Ask** or **Listen for** "
          "(Ask, Frage, Fragen, Question or Demander; Listen for, Achten auf, Hinhören auf, "
          "À écouter or Écouter), got 'hear'",)),
    Case("exercise-without-ask", replace(S5, "- **Ask**: Pick one task", "- **Listen for**: Pick one task"),
         ("05-use-it-this-week.md:", "the exercise needs a '- **Ask**: what the room does' item",)),
    Case("facilitator-with-a-heading", replace(S1, "```facilitator\nIf someone",
                                                "```facilitator\n## Aside\n\nIf someone"),
         ("01-what-the-number-means.md:", "a facilitator passage holds paragraphs and lists",)),
    Case("note-unknown-output", lambda note: (note / "note.yaml").open("a").write(
        "outputs: [slides, slidez]\n"),
         ("note.yaml:", "outputs: unknown output 'slidez'; expected one of: deck, handout",)),
]

TEXT = [
    Case("title-300-characters", replace(N, "title: One million tokens a second\n",
                                         "title: " + "Very long title " * 18 + "x\n"),
         ("note.yaml:4:8: title: expected at most 120 characters, got 289",)),
    Case("slide-title-300-characters", replace(S1, "## Turn the dial", "## " + "Turn the dial " * 21),
         ("01-what-the-number-means.md:31: the heading", "at most 100 fit. Shorten it")),
    Case("section-title-300-characters", replace(S1, "title: What the number means",
                                                 "title: " + "What the number means " * 14),
         ("01-what-the-number-means.md:3:8: title: the title is 307 characters long; at most 80",)),
    Case("too-many-slides", write("sections/06-more.md", "---\nnumber: 6\ntitle: More\n"
                                  "headline: More\n---\n" + "## A slide\n\nText.\n\n### Notes\n\n"
                                  "Said.\n\n" * 980),
         ("sections: the deck would have 1,006 slides; at most 1,000. Split the note in two",)),
    Case("too-many-sections", lambda note: [write(f"sections/{n}-x.md", "")(note)
                                            for n in range(6, 101)],
         ("sections: 100 section files; at most 99",)),
    Case("empty-slide-title-in-scenario", replace(S, "label: app drafts", "label: ''"),
         ("workloads[1].label: expected text, got an empty value",)),
]



def changed_template(change: Callable) -> Edit:
    """The shipped template, changed by `change(prs)` with python-pptx, as the note's own."""
    def edit(note: Path) -> None:
        from pptx import Presentation

        from notedeck.template.package import DEFAULT_TEMPLATE

        prs = Presentation(str(DEFAULT_TEMPLATE))
        change(prs)
        prs.save(str(note / "template.pptx"))
    return edit


def _layout(prs, name: str):
    return next(layout for layout in prs.slide_layouts if layout.name == name)


def _placeholder(layout, name: str):
    return next(ph for ph in layout.placeholders if ph.name == name)


def _only_titles(prs) -> None:
    """Every layout keeps its title and footers, and loses what holds text or charts."""
    for layout in prs.slide_layouts:
        for ph in list(layout.placeholders):
            if ph.placeholder_format.idx not in (0, 11, 12):
                ph._element.getparent().remove(ph._element)


def _body_over_title(prs) -> None:
    _placeholder(_layout(prs, "Content"), "Body").top = _placeholder(
        _layout(prs, "Content"), "Title").top


def _tiny_body(prs) -> None:
    body = _placeholder(_layout(prs, "Content"), "Body")
    body.height = body.height // 12


def _resized(prs) -> None:
    from pptx.util import Inches

    prs.slide_width = Inches(12)


M = "template.yaml"
ROLES = [
    Case("template-overlapping-placeholders", changed_template(_body_over_title),
         ("template.pptx: placeholders 'Title' (title, idx 0) and 'Body' (body, idx 1) of "
          "layout 'Content' of master 1 overlap",)),
    Case("template-box-too-small", changed_template(_tiny_body),
         ("does not fit on its own in placeholder 'Body' of layout 'Content' of",
          "shorten it or enlarge placeholder 'Body' of layout 'Content'")),
    Case("template-map-unknown-role", write(M, "content: Content\nchrt: Chart\n"),
         ("template.yaml:2: unknown role 'chrt'; did you mean 'chart'; roles are: title, "
          "section, content, chart, chart-and-text, table, sources",), count=1),
    Case("template-map-unknown-layout", write(M, "content: Body\n"),
         ("template.yaml:1: notedeck's default template has no layout 'Body'; layouts are: "
          "'Title', "
          "'Section', 'Content'",), count=1),
    Case("template-map-list-for-layout", write(M, "content: [Content, Chart]\n"),
         ("template.yaml:1:10: content: expected a layout name, or a mapping with 'layout'",)),
    Case("template-map-misspelt-key", write(M, "content:\n  layuot: Content\n"),
         ("template.yaml:2:3: content.layuot: unknown key 'layuot'; did you mean 'layout'",)),
    Case("template-map-footer-for-text", write(M, "content:\n  layout: Content\n"
                                                  "  placeholders: {body: Footer}\n"),
         ("template.yaml:3: placeholder 'Footer' (ftr, idx 11) of layout 'Content' is a date, "
          "footer or slide-number placeholder; it cannot hold the text",)),
    Case("template-map-unknown-placeholder", write(M, "content:\n  layout: Content\n"
                                                      "  placeholders: {body: 7}\n"),
         ("template.yaml:3: layout 'Content' of master 1 in notedeck's default template has no "
          "placeholder idx 7; its placeholders are: 'Title' (title, idx 0), 'Body' (body, "
          "idx 1)",)),
]

DATE = "date: 2026-10-02\n"
LOCALE = [
    Case("note-locale-unknown", replace(N, "locale: en-GB", "locale: xx-YY"),
         ("note.yaml:", "locale: unknown locale 'xx-YY': CLDR has no such language or region",)),
    Case("note-locale-not-a-tag", replace(N, "locale: en-GB", "locale: German"),
         ("note.yaml:", "locale: expected a language tag such as en-GB, de-DE or fr-FR, "
                        "got 'German'")),
    Case("note-locale-without-catalogue", replace(N, "locale: en-GB", "locale: es-ES"),
         ("note.yaml:", "missing catalogue entry 'share.under' for locale es-ES; notedeck ships "
                        "catalogues for de, en, fr; give it under labels:",
          "missing catalogue entry 'handout.page' for locale es-ES")),
    Case("note-label-unknown-key", replace(N, DATE, DATE + "labels:\n  handout.sourses: "
                                                       "'Reading:'\n"),
         ("note.yaml:", "labels.handout.sourses: unknown catalogue entry "
                        "'handout.sourses'; did you mean 'handout.sources'?")),
    Case("note-label-unknown-slot", replace(N, DATE, DATE + "labels:\n  continued.title: "
                                                        "'{heading} (more)'\n"),
         ("note.yaml:", "unknown slot {heading} in 'continued.title'; this entry may use "
                        "{title}")),
    Case("note-label-not-text", replace(N, DATE, DATE + "labels:\n  share.under: 0\n"),
         ("note.yaml:", "labels.share.under: expected text, got 0")),
    Case("note-durations-prose-unknown", replace(N, DATE, DATE + "durations: {prose: spoken}\n"),
         ("note.yaml:", "durations.prose: expected one of words, compact (words: \"2 hours and "
                        "14 minutes\"; compact: \"2 h 14 min\", as tables write it), got "
                        "'spoken'")),
    Case("note-durations-days-from-too-short", replace(N, DATE, DATE + "durations:\n"
                                                                   "  days_from: 12 h\n"),
         ("note.yaml:", "durations.days_from: expected a duration from 1 day to 10 years in "
                        "whole seconds (e.g. '2 days', '36 h'), or never; got '12 h'")),
    Case("note-session-too-long", replace(N, DATE, DATE + "session: 2 days\n"),
         ("note.yaml:", "session: expected the session's length in whole minutes from 10 min "
                        "to 24 h (e.g. '3 h 30 min', or 90 for minutes), got '2 days'")),
    Case("note-durations-unknown-key", replace(N, DATE, DATE + "durations: {days: 2}\n"),
         ("note.yaml:", "durations.days: unknown key 'days'")),
    Case("audience-durations-days-from-not-a-duration",
         replace("audiences/support-team.yaml", "name: Customer support team",
                 "name: Customer support team\nnote:\n  durations: {days_from: soon}"),
         ("support-team.yaml:8:", "durations.days_from: expected a duration from 1 day to 10 "
                                  "years in whole seconds (e.g. '2 days', '36 h'), or never; "
                                  "got 'soon'"), audience="support-team"),
    Case("audience-locale-unknown", replace("audiences/support-team.yaml",
                                            "name: Customer support team",
                                            "name: Customer support team\nlocale: de-XX"),
         ("support-team.yaml:", "locale: unknown locale 'de-XX'"), audience="support-team"),
    Case("audience-labels-not-a-mapping", replace("audiences/support-team.yaml",
                                                  "name: Customer support team",
                                                  "name: Customer support team\nlabels: [x]"),
         ("support-team.yaml:", "labels: expected a mapping of catalogue entries (key: text)"),
         audience="support-team"),
]


# Templates: built from the bundled default.pptx by hostile.py, at edit time.
T = H.T
TEMPLATES = [
    Case("template-is-a-folder-with-a-secret-link", H.folder_with_secret,
         (f"{T}: expected a PowerPoint file, found a folder",)),
    Case("template-is-a-pipe", fifo(T),
         (f"{T}: expected a regular file (not a device, pipe or socket)",)),
    Case("template-links-to-a-pipe-inside", H.link_inside_to_pipe,
         (f"{T}: expected a regular file (not a device, pipe or socket)",)),
    Case("template-links-to-dev-zero", link(T, "/dev/zero"),
         (f"{T}: this file is a link to a place outside the note's folder",)),
    Case("template-links-outside", link(T, "/etc/hostname"),
         (f"{T}: this file is a link to a place outside the note's folder",)),
    Case("template-60-megabytes", H.sparse, (f"{T}: the template is 60,000,000 bytes; at most 40,000,000",)),
    Case("template-not-a-zip", H.template(lambda: b"not a presentation"),
         (f"{T}: expected a PowerPoint file (a zip package); this file is not a zip",)),
    Case("template-zip-bomb", H.template(H.zip_bomb),
         (f"{T}: part ppt/media/image9.png would inflate to 4,000,000,000 bytes; at most 25,000,000",)),
    Case("template-zip-bomb-lying-about-its-size", H.template(H.lying_bomb),
         (f"{T}: part ppt/theme/theme1.xml is damaged and cannot be read",)),
    Case("template-25000-parts", H.template(H.many_parts),
         (f"{T}: the zip holds 25,026 entries; a template has at most 1,000",)),
    Case("template-40-MiB-xml-part", H.template(H.big_xml_part),
         (f"{T}: part ppt/theme/theme1.xml would inflate to 41,950,665 bytes; at most 5,000,000 "
          "for an XML part",)),
    Case("template-xml-entity", H.template(H.entity_part),
         (f"{T}: part ppt/slideLayouts/slideLayout3.xml declares a document type or entities",)),
    Case("template-billion-laughs", H.template(H.billion_laughs),
         (f"{T}: part ppt/theme/theme1.xml declares a document type or entities",)),
    Case("template-part-name-leaves-the-package",
         H.template(H.pkg(H.edited({"../../evil.sh": b"#!/bin/sh\n"}))),
         (f"{T}: the zip holds an entry with an unusable name ('../../evil.sh')",)),
    Case("template-part-named-twice", H.template(lambda: H.raw_zip(
        [*H.parts().items(), ("ppt/presentation.xml", b"<x/>")])),
         (f"{T}: the zip holds two parts named 'ppt/presentation.xml'",)),
    Case("template-is-a-word-file", H.template(H.pkg(H.edited({"_rels/.rels": H.parts()[
        "_rels/.rels"].replace(b"ppt/presentation.xml", b"word/document.xml")}))),
         (f"{T}: expected a PowerPoint presentation or template (.pptx, .potx); the package holds "
          "no presentation part",)),
    Case("template-slide-1-inch", H.template(lambda: H.slide_size(914400, 914400)),
         (f"{T}: placeholder", "a placeholder notedeck fills needs at least 0.20 in each way")),
    Case("template-slide-0-emu", H.template(lambda: H.slide_size(0, 0)),
         (f"{T}: the slide width is 0 EMU (0.00 in); PowerPoint slides are 1 to 56 inches",)),
    Case("template-slide-too-wide", H.template(lambda: H.slide_size(60_000_000, 6858000)),
         (f"{T}: the slide width is 60,000,000 EMU (65.62 in); PowerPoint slides are 1 to 56 inches",)),
    Case("template-zero-size-placeholder", H.template(H.zero_placeholder),
         (f"{T}: placeholder 'Body' (body, idx 1) of layout 'Content' of master 1 is 0.00 x "
          "0.00 in; a placeholder notedeck fills needs at least 0.20 in each way",)),
    Case("template-web-beacon-and-file-share-strict", H.template(H.pkg(H.external_links())),
         (f"{T}: left out of the deck: links to outside addresses ({H.SHARE}, {H.BEACON})",),
         strict=True),
    Case("template-macros-strict", H.template(H.pkg(H.macro())),
         (f"{T}: left out of the deck: macros",), strict=True),
    Case("template-activex-and-ole-strict", H.template(H.pkg(H.kitchen_sink())),
         ("ActiveX controls; embedded objects",), strict=True),
    Case("template-pptx-and-potx", lambda note: [H.template(H.potx, "template.potx")(note),
                                                 H.template(H.potx)(note)],
         ("template.potx: the note has both template.pptx and template.potx; keep one template",)),
]

# Small templates that would have the layout read a great deal (issue 21): refused, the layout
# named, before python-pptx reads a shape.
LAYOUT_READ = "a layout or master has at most"
SCALE = [
    Case("template-5000-placeholders-in-one-layout", H.template(lambda: H.many_shapes(5000)),
         (f"{T}: layout 'Content' (ppt/slideLayouts/slideLayout3.xml) has 5,004 placeholders; "
          f"{LAYOUT_READ} 100",)),
    Case("template-20000-placeholders-in-two-layouts", H.template(lambda: H.many_shapes(
        20000, (H.LAYOUT3, "ppt/slideLayouts/slideLayout4.xml"))),
         ("layout 'Content' (ppt/slideLayouts/slideLayout3.xml) has 20,004 placeholders",
          "layout 'Chart' (ppt/slideLayouts/slideLayout4.xml) has 20,005 placeholders")),
    Case("template-101-placeholders-in-the-master", H.template(lambda: H.many_shapes(
        101, (H.MASTER,))), (f"{T}: master (ppt/slideMasters/slideMaster1.xml) has",
                             "placeholders; a layout or master has at most 100")),
    Case("template-5000-shapes-in-nested-groups", H.template(lambda: H.many_shapes(
        5000, (H.MASTER,), placeholders=False, grouped=True)),
         ("master (ppt/slideMasters/slideMaster1.xml) has 5,00",
          "shapes; a layout or master has at most 1,000")),
    Case("template-shapes-read-with-every-layout", H.template(lambda: H.many_shapes(
        900, (H.MASTER,), placeholders=False)),
         (f"{T}: its layouts hold", "shapes to read, each layout with its master's; a template "
          "has at most 5,000"), count=1),
]

X = "{{ workloads[0].seconds_imagined }}"          # on line 37 of section 01
JOINS = "bottleneck.slider"
for _ in range(8):
    JOINS = f"bottleneck.slider | join({JOINS} | join)"
JOINED = "bottleneck.slider | join(bottleneck.slider | join(bottleneck.slider | join))"
SCENES = "{{ workloads | map(attribute='scene') | join(' ') }}"
LONG_LIST = "[" + ", ".join(["1"] * 2000) + "]"
DEEP_LIST = "".join("  " * level + f"- level {level + 1}\n" for level in range(10))

WORK = [
    Case("markdown-list-nested-10-deep", replace(S1, "to write.\n", "to write.\n\n" + DEEP_LIST),
         ("01-what-the-number-means.md:47: a list is nested more than 8 levels deep here; "
          "Markdown would drop everything after it",)),
    Case("markdown-list-nested-in-worksheet",
         replace("sections/05-use-it-this-week.md", "- **Ask for disagreement, not volume**: which",
                 DEEP_LIST + "- **Ask for disagreement, not volume**: which"),
         ("05-use-it-this-week.md:72: a list is nested more than 8 levels deep",)),
    Case("placeholder-nested-joins", replace(S1, X, "{{ " + JOINS + " }}"),
         ("01-what-the-number-means.md:37: a placeholder here builds a value of",
          "characters; at most 10,000")),
    Case("placeholder-loops-over-joined-text",
         replace(S1, X, f"{{% for a in {JOINED} %}}{{% for b in {JOINED} %}}{{% endfor %}}"
                        "{% endfor %}"),
         ("01-what-the-number-means.md:37: a loop here goes over text ('0001 min1 hour1 day1...'), "
          "not a list",)),
    Case("placeholder-nested-loops-over-long-lists",
         replace(S1, X, f"{{% for a in {LONG_LIST} %}}{{% for b in {LONG_LIST} %}}{{% endfor %}}"
                        "{% endfor %}"),
         ("01-what-the-number-means.md:37: the placeholders here do too much work (over 100,000 "
          "steps of loops and filters)",)),
    Case("placeholder-concat-grows", replace(
        S1, X, "{% for s in [" + SCENES[3:-3] + "] %}{{ " + " ~ ".join(["s"] * 40) + " }}{% endfor %}"),
         ("01-what-the-number-means.md:37: a placeholder here builds a value of",)),
    Case("placeholder-prints-too-much", replace(
        S1, X, ("{% for a in workloads %}{% for b in workloads %}" + SCENES
                + "{% endfor %}{% endfor %}\n") * 12),
         ("01-what-the-number-means.md:", "the placeholders here print more than 200,000 characters")),
    Case("placeholder-prints-loop-cycle",
         replace(S1, X, "{% for w in workloads %}{{ loop.cycle }}{% endfor %}"),
         ("01-what-the-number-means.md:37: a placeholder prints a function ('cycle'); only text, "
          "numbers and lists of them can be printed",)),
    Case("placeholder-prints-loop-helper",
         replace(S1, X, "{% for w in workloads %}{{ loop }}{% endfor %}"),
         ("01-what-the-number-means.md:37: a placeholder prints the loop helper itself",)),
    Case("placeholder-prints-a-group", replace(S1, X, "{{ bottleneck.featured }}"),
         ("01-what-the-number-means.md:37: a placeholder prints a group of figures, not a value; "
          "name one of its parts (check, has_check, writing_baseline",)),
    Case("placeholder-prints-a-list-of-groups", replace(S1, X, "{{ workloads }}"),
         ("01-what-the-number-means.md:37: a placeholder prints a list holding a group of figures",)),
    Case("placeholder-prints-yes-or-no", replace(S1, X, "{{ featured is defined }}"),
         ("01-what-the-number-means.md:37: a placeholder prints a yes/no value",)),
    Case("placeholder-prints-a-group-in-yaml",
         replace(S, "{{ workloads['apps'].count.words }}", "{{ workloads['apps'] }}"),
         ("scenarios.yaml:", "workloads[1].scene: a placeholder prints a group of figures",)),
    Case("section-over-the-size-limit",
         replace(S1, "# Handout\n", "# Handout\n\n" + ("word " * 20 + "\n\n") * 12000),
         ("01-what-the-number-means.md: file is too large (over 1,000,000 bytes)",)),
    Case("bidi-override-in-slide-title", replace(S1, "## Turn the dial", "## Turn the \u202edial"),
         ("01-what-the-number-means.md:31: 1 bidirectional control character(s) "
          "(U+202E) can show this text in a different order than it is written",), strict=True),
    Case("bidi-isolate-in-front-matter", replace(S1, "title: What the", "title: \u2067What the"),
         ("01-what-the-number-means.md:3: 1 bidirectional control character(s) (U+2067)",),
         strict=True, count=1),
    Case("bidi-embedding-in-scenario", replace(S, "label: app drafts", "label: app \u202adrafts"),
         ("scenarios.yaml:38: 1 bidirectional control character(s) (U+202A)",), strict=True),
    Case("bidi-in-audience", replace("audiences/research-lab.yaml", "name: Research lab",
                                     "name: Research \u2066lab\u2069"),
         ("research-lab.yaml:5: 2 bidirectional control character(s) (U+2066, U+2069)",),
         audience="research-lab", strict=True),
]

HOSPITAL = "audiences/hospital-admin.yaml"
S5 = "sections/05-use-it-this-week.md"


def hospital_copy(note: Path) -> None:
    """The hospital audience with only its numbers: the note's check label and example stay."""
    import re

    text = (note / HOSPITAL).read_text(encoding="utf-8").split("\npassages:")[0]
    text = re.sub(r"\nnote:\n(?:.*\n)*?(?=\nscenarios:)", "\n", text)
    text = re.sub(r"\n    check_(label|example):.*", "", text)
    (note / "audiences/hospital-copy.yaml").write_text(text, encoding="utf-8")


RETOLD = [
    Case("audience-passage-not-in-the-note", replace(HOSPITAL, "  pattern: |", "  patern: |"),
         ("hospital-admin.yaml:118: passages.patern: no section marks a passage 'patern'; "
          "did you mean 'pattern'? Passages in this note: amdahl, cheap-drafts, done-example, "
          "experiments-notes,",),
         audience="hospital-admin"),
    Case("audience-passages-not-a-mapping",
         lambda note: (note / HOSPITAL).write_text((note / HOSPITAL).read_text(encoding="utf-8").split(
             "\npassages:")[0] + "\npassages: [streams]\n", encoding="utf-8"),
         ("hospital-admin.yaml:106:11: passages: expected a mapping of passage names to Markdown "
          "text, got a list",), audience="hospital-admin"),
    Case("audience-passage-unknown-key", replace(HOSPITAL, "    after: |", "    aftr: |"),
         ("hospital-admin.yaml:136:5: passages.more-drafts.aftr: unknown key 'aftr'; did you mean "
          "'after'?",), audience="hospital-admin"),
    Case("audience-passage-placeholder-error", replace(HOSPITAL, "{{ writing.imagined_longest.words }}; what",
                                                       "{{ writing.imagined_scael }}; what"),
         ("hospital-admin.yaml:120: unknown figure name 'writing.imagined_scael'; did you mean "
          "'imagined_span'?",), audience="hospital-admin"),
    Case("audience-note-bad-date", replace(HOSPITAL, "  date: 2026-11-17", "  date: next Tuesday"),
         ("hospital-admin.yaml:15:9: date: expected a date written YYYY-MM-DD, got 'next Tuesday'",),
         audience="hospital-admin"),
    Case("audience-note-unknown-key", replace(HOSPITAL, "  footer: One", "  foter: One"),
         ("hospital-admin.yaml:16:3: foter: unknown key 'foter'; did you mean 'footer'?",),
         audience="hospital-admin"),
    Case("note-locale-bare-language", replace(N, "locale: en-GB", "locale: fr_FR"),
         ("note.yaml:14:9: locale: expected a language tag such as en-GB, de-DE or fr-FR, "
          "got 'fr_FR'",)),
    Case("passage-unknown-workload", replace(S5, "<!-- passage: done-example, item: apps -->",
                                             "<!-- passage: done-example, item: aps -->"),
         ("05-use-it-this-week.md:19: unknown item 'aps' in this passage; did you mean "
          "'apps'?",)),
    Case("passage-never-closed", replace(S5, "each one wrong.\n<!-- end -->\n", "each one wrong.\n"),
         ("05-use-it-this-week.md:60: this passage is never closed; add '<!-- end -->'",)),
    Case("passage-nested", replace(S5, "For the lending app", "<!-- passage: inner -->\nFor the lending app"),
         ("05-use-it-this-week.md:20: passages cannot be nested; close the passage opened on "
          "line 19 with '<!-- end -->' first",)),
    Case("passage-end-without-start", replace(S5, "## Try it on your own work",
                                              "<!-- end -->\n## Try it on your own work"),
         ("05-use-it-this-week.md:25: '<!-- end -->' without a passage to close",)),
    Case("passage-bad-marker", replace(S5, "<!-- passage: done-example, item: apps -->",
                                       "<!-- passage: done-example, audience: apps -->"),
         ("05-use-it-this-week.md:19: unknown passage marker part 'audience: apps'; expected "
          "'passage: NAME' and/or 'item: ID'",), count=1),
    Case("label-with-a-placeholder-loop",
         replace(S, "label: app drafts", "label: \"{% for w in workloads %}{{ w.label }}{% endfor %}\""),
         ("scenarios.yaml:38:12: workloads[1].label: this is plain text, shown as written; "
          "placeholders ('{{') are not filled here",)),
    Case("check-label-with-a-placeholder",
         replace(HOSPITAL, "check_label: clinician sign-off", "check_label: \"{% if x %}sign-off{% endif %}\""),
         ("hospital-admin.yaml:", "bottleneck.check_label: this is plain text, shown as "
          "written; placeholders ('{%') are not filled here",), audience="hospital-admin"),
    Case("count-of-one-without-singular",
         replace(S, "    singular: app draft\n    count: 40\n", "    count: 1\n"),
         ("scenarios.yaml:38:12: workloads[1].label: the count is 1, so the label 'app drafts' "
          "reads as a plural; add 'singular:'",), strict=True),
    Case("stale-check-wording-in-an-audience", hospital_copy,
         ("03-the-serial-bottleneck.md:18: 'test run' is the note's own check label "
          "(scenarios.yaml:87), but audience 'hospital-copy' follows 'discharge summaries'",),
         audience="hospital-copy", strict=True),
    Case("duration-unknown-unit-lists-weeks", replace(S, "check: 60 s", "check: 2 fortnights"),
         ("bottleneck.check: expected a duration from 0 to 10 years, e.g. 60 s or 15 min, "
          "got '2 fortnights'",)),
]

# Templates notedeck adapts instead of refusing (issue "templates from the wild"): each builds,
# with a warning that names what was changed.
ADAPTED = [
    Case("template-every-role-missing", changed_template(_only_titles),
         ("template.pptx: layout 'Title' of master 1 has no placeholder for subtitle: notedeck "
          "places subtitle of the title slide itself",
          "layout 'Chart' of master 1 has no placeholder for chart",
          "layout 'Sources' of master 1 has no placeholder for sources")),
    Case("template-resized-without-its-layouts", changed_template(_resized),
         ("template.pptx: the slide is 12.00 x 7.50 in, but the layouts' placeholders reach "
          "12.73 x 7.30 in", "notedeck scales them into the slide (0.90 across, 0.98 down)")),
    Case("template-slide-4-by-3", H.template(lambda: H.slide_size(9144000, 6858000)),
         (f"{T}: the slide is 10.00 x 7.50 in, but the layouts' placeholders reach 12.73 x "
          "7.30 in", "notedeck scales them into the slide")),
]

CASES = YAML + SCENARIO + CONTENT + TEXT + WORK + RETOLD + TEMPLATES + SCALE + LOCALE + ROLES


# --- where the outputs go: refused before anything is written, and nothing changes ----------

def _in_output(make: Callable[[Path], None]) -> Callable[[Path, Path], Path]:
    """Build into yesterday's output folder after `make` put something in it."""
    def out(note: Path, output: Path) -> Path:
        make(output)
        return output
    return out


def _replace_with(name: str, make: Callable[[Path], None]) -> Callable[[Path], None]:
    def edit(folder: Path) -> None:
        (folder / name).unlink()
        make(folder / name)
    return edit


def _older_state_with_a_folder_for_its_link(folder: Path) -> None:
    """An older notedeck's state folder (outputs linked into .notedeck/builds/ID), its
    current-build link replaced by a folder by hand."""
    (folder / ".notedeck" / "builds").mkdir(parents=True)
    (folder / ".notedeck" / "current").mkdir()


def _out_link_into_note(note: Path, output: Path) -> Path:
    (output.parent / "elsewhere").symlink_to(note / "sections")
    return output.parent / "elsewhere"


PUBLISH = [
    Case("out-is-the-note", lambda note: None,
         ("the output folder is inside the note's folder", "a build would read its own "
          "outputs. Choose a folder outside the note"), out=lambda note, output: note),
    Case("out-inside-the-note", lambda note: None,          # only its own output/ may be
         ("note/drafts: the output folder is inside the note's folder",),
         out=lambda note, output: note / "drafts"),
    Case("out-into-the-note-through-a-link", lambda note: None,
         ("elsewhere: the output folder is inside the note's folder",), out=_out_link_into_note),
    Case("out-name-too-long", lambda note: None,
         ("a folder name in --out is 300 bytes long; the file system allows at most 255",),
         out=lambda note, output: output.parent / ("x" * 300)),
    Case("out-path-too-long", lambda note: None,
         ("the output folder's path is", "leave room for the files notedeck writes inside it"),
         out=lambda note, output: output.parent.joinpath(*["deep"] * 1000)),
    Case("out-folder-in-the-way", lambda note: None,
         ("output/handout.pdf: a folder named handout.pdf is in the way of the output "
          "handout.pdf; move it away or choose another --out; nothing in", "was changed"),
         out=_in_output(_replace_with("handout.pdf", lambda p: p.mkdir()))),
    Case("out-foreign-link-in-the-way", lambda note: None,
         ("output/deck.pptx: a link notedeck did not make is in the way of the output "
          "deck.pptx (it leads to /etc/hostname)",),
         out=_in_output(_replace_with("deck.pptx", lambda p: p.symlink_to("/etc/hostname")))),
    Case("out-pipe-in-the-way", lambda note: None,
         ("output/handout.pdf: a device, pipe or socket is in the way",),
         out=_in_output(_replace_with("handout.pdf", os.mkfifo))),
    Case("out-state-changed-by-hand", lambda note: None,
         ("output/.notedeck/current: expected notedeck's link to the current build, found a "
          "folder; it was changed by hand: remove the folder",),
         out=_in_output(_older_state_with_a_folder_for_its_link)),
    Case("out-users-own-deck-in-the-way", lambda note: None,
         ("output/deck.pptx: deck.pptx was not made by notedeck (it carries no notedeck build "
          "id), and a build would replace it; move it away, choose another --out, or build "
          "with --force, which moves it aside",),
         out=_in_output(_replace_with("deck.pptx", lambda p: p.write_bytes(b"my own deck")))),
]

CASES = CASES + PUBLISH


# --- names that would become paths (issue 21): refused before any path is made of them -------

def _audience_file(name: str) -> Edit:
    return lambda note: (note / "audiences" / name).write_bytes(
        (note / "audiences" / "research-lab.yaml").read_bytes())


NAMES = [
    Case("audience-named-parent-on-the-command-line", lambda note: None,
         ("--audience: the audience name '..' cannot name its output folder: use only ASCII "
          "letters, digits, '-' and '_'",), audience=".."),
    Case("audience-named-like-an-output", _audience_file("web.yaml"),
         ("audiences/web.yaml: the audience name 'web' (this file's name) cannot name its "
          "output folder OUT/web/: 'web' is the name of one of notedeck's own outputs",),
         audience="web"),
    Case("audience-file-hidden-as-parent", _audience_file("...yaml"),
         ("audiences/...yaml: the audience name '..' (this file's name) cannot name its "
          "output folder OUT/../",), audience=".."),
    Case("audience-named-with-escapes", _audience_file("x\x1b[2J.yaml"),
         ("audiences/x\\x1b[2J.yaml: the audience name 'x\\x1b[2J' (this file's name)",),
         audience="x\x1b[2J"),
]

CASES = CASES + NAMES


# --- placeholders within every per-text budget that add up across a build (issue 21) --------

LOOPS = ("{% for a in workloads %}{% for b in workloads %}{{ workloads | map(attribute='scene') "
         "| join(' ') }}{% endfor %}{% endfor %}\n")
SPIN = ("{% for a in [" + ", ".join(["1"] * 1500) + "] %}{% for b in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, "
        "14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24] %}{% endfor %}{% endfor %}\n")


def _sections_with(body: str, count: int, first: int = 6) -> Edit:
    """`count` small sections more, each with `body` in its speaker notes."""
    def edit(note: Path) -> None:
        for number in range(first, first + count):
            (note / "sections" / f"{number:02d}-loops.md").write_text(
                f"---\nnumber: {number}\ntitle: Loops {number}\nheadline: Loops\n---\n\n"
                f"## Slide {number}\n\nText.\n\n### Notes\n\n{body}", encoding="utf-8")
    return edit


WHOLE = [
    Case("placeholder-loops-in-twenty-files", _sections_with(LOOPS * 4, 20),
         ("-loops.md:", "the placeholders of this note print more than 500,000 characters in "
          "all (every file together; this one brings it over)"), count=1),
    Case("placeholder-loops-in-notes-and-audience", lambda note: [
        _sections_with(LOOPS * 4, 6)(note),
        replace(HOSPITAL, "{{ writing.imagined_longest.words }}; what",
                "{{ writing.imagined_longest.words }}; what" + LOOPS.strip() * 4)(note)],
         ("the placeholders of this note print more than 500,000 characters in all",),
         audience="hospital-admin", count=1),
    Case("placeholder-steps-in-fifteen-files", _sections_with(SPIN, 15),
         ("-loops.md:", "the placeholders of this note do too much work in all (over "
          "1,000,000 steps of loops and filters, every file together"), count=1),
]

CASES = CASES + WHOLE


# --- bidirectional and invisible characters the file's own text does not show (issue 21) -----

BIDI = "1 bidirectional control character(s) (U+202E) can show this text in a different order"
HIDDEN = "invisible character(s)"
INVISIBLE = [
    Case("bidi-as-a-character-reference-in-a-slide-title",
         replace(S1, "## Turn the dial", "## Turn the &#x202E;dial"),
         (f"01-what-the-number-means.md:31: {BIDI}", "(written as a character reference)"),
         strict=True, count=1),
    Case("bidi-as-a-decimal-reference-in-notes",
         replace(S1, "The dial moves", "The &#8238;dial moves"),
         (f"01-what-the-number-means.md:41: {BIDI}",), strict=True, count=1),
    Case("bidi-as-a-yaml-escape-in-the-title",
         replace(N, "title: One million tokens a second\n",
                 'title: "One million \\u202etokens a second"\n'),
         (f"note.yaml:4: {BIDI}", "(written as an escape in quotes)"), strict=True, count=1),
    Case("escape-sequence-as-a-yaml-escape-in-a-label",
         replace(S, "label: app drafts", 'label: "app \\e[2Jdrafts"'),
         ("scenarios.yaml:38: removed 1 invisible control character(s) (U+001B)",
          "(written as an escape in quotes)"), strict=True),
    Case("bidi-in-a-placeholders-quoted-text", replace(S1, X, '{{ "\\u202e" ~ workloads[0].label }}'),
         ("01-what-the-number-means.md:37: quoted text in a placeholder makes 1 control, "
          "bidirectional or invisible character(s) (U+202E) that a reader cannot see",), count=1),
    Case("zero-width-space-in-a-slide-title",
         replace(S1, "## Turn the dial", "## Turn the\u200bdial"),
         ("01-what-the-number-means.md:31: 1 invisible character(s) (U+200B) hide in this text",),
         strict=True, count=1),
    Case("tag-characters-smuggled-in-a-label",
         replace(S, "label: app drafts", "label: app drafts\U000e0049\U000e0067\U000e006e"),
         ("scenarios.yaml:38: 3 invisible character(s) (U+E0049, U+E0067, U+E006E)",),
         strict=True),
    Case("word-joiner-in-an-audience-title",
         replace("audiences/research-lab.yaml", "name: Research lab", "name: Research\u2060lab"),
         ("research-lab.yaml:5: 1 invisible character(s) (U+2060)",), audience="research-lab",
         strict=True),
]

CASES = CASES + INVISIBLE


# --- a hostile cache: every case is a miss (or the cache is not used); the outputs are right ---

@dataclass(frozen=True)
class CacheCase:
    id: str
    poison: Callable[["Poison"], None]      # spoils the cache the next build reads
    expected: tuple[str, ...] = ()          # warnings the build reports


@dataclass(frozen=True)
class Poison:
    """A seeded cache folder and the ways into it: the note's chart entries, the other
    audience's, and the build record of the output folder about to be built."""

    cache: Path
    entries: dict[str, Path]                # chart name -> the note's entry
    foreign: dict[str, Path]                # chart name -> the audience's entry
    record: Path
    key: str                                # the build record's key for that build
    outputs: dict[str, str]                 # name -> SHA-256 of yesterday's files

    def rewrite(self, name: str, change: Callable[[dict, bytes, bytes], tuple]) -> None:
        """Rewrite the note's entry `name` with `change(header, png, svg)`, checksum kept true."""
        import hashlib
        import json

        path = self.entries[name]
        head, _, body = path.read_bytes().partition(b"\n")
        header = json.loads(head)
        header, png, svg = change(header, body[:header["png"]], body[header["png"]:])
        header.update(png=len(png), svg=len(svg), sha256=hashlib.sha256(png + svg).hexdigest())
        path.write_bytes(json.dumps(header).encode() + b"\n" + png + svg)

    def forge_record(self, **fields) -> None:
        import json

        outputs = {name: {"hash": digest, "count": 9, "unit": "slides"}
                   for name, digest in self.outputs.items()}
        record = {"key": self.key, "outputs": outputs, "warnings": [], **fields}
        self.record.write_text(json.dumps(record))


def _swap(p: Poison) -> None:
    p.entries["clearing"].write_bytes(p.foreign["clearing"].read_bytes())


def _special(make: Callable[[Path], None]) -> Callable[[Poison], None]:
    def poison(p: Poison) -> None:
        p.entries["margins"].unlink()
        make(p.entries["margins"])
    return poison


def _record_special(make: Callable[[Path], None]) -> Callable[[Poison], None]:
    def poison(p: Poison) -> None:
        p.forge_record()
        p.record.unlink()
        make(p.record)
    return poison


def _sha256(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def _sparse(path: Path) -> None:
    with open(path, "wb") as handle:
        handle.truncate(1 << 30)


NOT_USED = "it is not used (charts are drawn afresh)"

CACHE = [
    CacheCase("cache-entry-of-another-audience", _swap),
    CacheCase("cache-entry-nan-size", lambda p: p.rewrite(
        "clearing", lambda h, png, svg: ({**h, "width_in": float("nan")}, png, svg))),
    CacheCase("cache-entry-string-size", lambda p: p.rewrite(
        "clearing", lambda h, png, svg: ({**h, "height_in": "4.5"}, png, svg))),
    CacheCase("cache-entry-not-an-image", lambda p: p.rewrite(
        "paces", lambda h, png, svg: (h, b"GIF89a" + png[6:], svg))),
    CacheCase("cache-entry-svg-with-entities", lambda p: p.rewrite(
        "paces", lambda h, png, svg: (h, png, b'<?xml version="1.0"?><!DOCTYPE svg '
                                      b'[<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                                      b"<svg>&x;</svg>"))),
    CacheCase("cache-entry-named-for-another-chart", lambda p: p.rewrite(
        "clearing", lambda h, png, svg: ({**h, "name": "margins"}, png, svg))),
    CacheCase("cache-entry-is-a-pipe", _special(os.mkfifo)),
    CacheCase("cache-entry-links-to-dev-zero", _special(lambda p: p.symlink_to("/dev/zero"))),
    CacheCase("cache-entry-links-to-another-file", _special(
        lambda p: p.symlink_to("/etc/hostname"))),
    CacheCase("cache-entry-of-a-gigabyte", _special(_sparse)),
    CacheCase("cache-entry-of-another-user",
              lambda p: os.chown(p.entries["clearing"], 65534, 65534)),
    CacheCase("cache-entry-writable-by-others", lambda p: p.entries["clearing"].chmod(0o666)),
    CacheCase("cache-folder-writable-by-others", lambda p: p.cache.chmod(0o777),
              ("can be written by other users (mode drwxrwxrwx)", NOT_USED)),
    CacheCase("cache-folder-of-another-user", lambda p: os.chown(p.cache, 65534, 65534),
              ("belongs to another user (user id 65534)", NOT_USED)),
    CacheCase("cache-charts-folder-writable-by-others",
              lambda p: (p.cache / "charts").chmod(0o777),
              ("charts: the cache folder can be written by other users", NOT_USED)),
    CacheCase("build-record-naming-a-file-outside", lambda p: p.forge_record(outputs={
        "../../../../etc/hostname": {"hash": _sha256(Path("/etc/hostname")), "count": 1,
                                     "unit": "slides"}})),
    CacheCase("build-record-nan-count", lambda p: p.forge_record(outputs={
        name: {"hash": digest, "count": float("nan"), "unit": "slides"}
        for name, digest in p.outputs.items()})),
    CacheCase("build-record-unit-of-markup", lambda p: p.forge_record(outputs={
        name: {"hash": digest, "count": 1, "unit": "<b>slides</b>\x1b[2J"}
        for name, digest in p.outputs.items()})),
    CacheCase("build-record-forged-warning", lambda p: p.forge_record(
        warnings=[{"file": 1, "message": ["not text"]}])),
    CacheCase("build-record-is-a-pipe", _record_special(os.mkfifo)),
    CacheCase("build-record-links-to-dev-zero", _record_special(
        lambda p: p.symlink_to("/dev/zero"))),
    CacheCase("build-record-of-a-gigabyte", _record_special(_sparse)),
]


# --- the second red team's findings (issue 21), and where each is held ---------------------
# A finding that build refuses is a Case above; one of another command (verify, serve,
# template, init) or one that must build (a long paragraph, an emoji) is held by the test
# named here, with its variants. test_cases checks that each named case and test exists.

FINDINGS = {
    1: ("audience-file-hidden-as-parent", "audience-named-parent-on-the-command-line",
        "test_names.py::test_an_audience_file_whose_name_is_not_a_slug_is_refused_before_"
        "anything_is_built", "test_names.py::test_watch_reports_a_bad_name_as_its_rounds_problem"),
    2: ("template-5000-placeholders-in-one-layout", "template-20000-placeholders-in-two-layouts",
        "template-shapes-read-with-every-layout", "template-5000-shapes-in-nested-groups",
        "test_template_commands.py::test_a_template_too_large_to_read_is_refused_by_show_and_"
        "check"),
    3: ("test_scale.py::test_a_paragraph_as_long_as_a_file_may_hold_builds_within_the_limits",
        "test_scale.py::test_a_slide_of_many_bullets_splits_or_is_refused_within_the_limits",
        "test_scale.py::test_a_text_past_the_slides_it_may_continue_on_is_refused_without_"
        "balancing"),
    4: ("placeholder-loops-in-twenty-files", "placeholder-loops-in-notes-and-audience",
        "placeholder-steps-in-fifteen-files"),
    5: ("audience-named-like-an-output",
        "test_names.py::test_two_names_that_differ_only_in_case_are_refused",
        "test_names.py::test_every_name_notedeck_writes_into_out_is_reserved"),
    6: ("test_paths.py::test_template_export_refuses_what_is_in_the_way_and_writes_nothing",
        "test_paths.py::test_template_export_keeps_a_file_and_with_force_moves_it_aside"),
    7: ("test_verify.py::test_verify_says_current_not_current_or_cannot_tell",),
    8: ("test_serve_clients.py::test_clients_that_leave_mid_answer_print_nothing",
        "test_serve_clients.py::test_an_idle_connection_is_closed",
        "test_serve_clients.py::test_a_flood_of_idle_connections_is_let_go_and_the_page_still_"
        "served"),
    9: ("test_verify.py::test_one_unreadable_file_among_others_is_said_and_the_rest_verified",),
    10: ("test_paths.py::test_odd_characters_reach_every_slide_shaped_pdf",
         "test_paths.py::test_odd_paths_are_said_plainly"),
    11: ("audience-named-with-escapes",),
    12: ("test_template_commands.py::test_show_and_check_report_what_build_warns_of",),
    13: ("out-users-own-deck-in-the-way",),
    14: ("bidi-override-in-slide-title", "bidi-as-a-character-reference-in-a-slide-title",
         "bidi-as-a-yaml-escape-in-the-title", "bidi-in-a-placeholders-quoted-text",
         "zero-width-space-in-a-slide-title", "tag-characters-smuggled-in-a-label"),
}
