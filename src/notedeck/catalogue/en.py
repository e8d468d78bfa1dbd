"""English: every string notedeck writes itself, by key ({name}: a value filled in)."""

ENTRIES = {
    # units the formatter writes next to a figure
    "unit.rate": "{speed}\u00a0tokens/sec",
    "unit.token": "{count}\u00a0token",
    "unit.tokens": "{count}\u00a0tokens",
    "share.under": "under {share}",              # a share in prose: "under 0.1%"
    "share.over": "over {share}",
    "check.none": "None",

    # big figures beside the bottleneck chart
    "stats.total_at": "Total at {rate}",
    "stats.split": "Writing {writing} · Checking {checking}",
    "stats.writing_speedup": "Writing speedup",
    "stats.writing_speedup.detail": "{imagined} ÷ {baseline_rate}",
    "stats.end_to_end": "End-to-end speedup",
    "stats.end_to_end.detail": "{baseline} ÷ {imagined}\u00a0seconds",

    # the live page's bar chart at each check (figures/chartspecs.py, until the model
    # declares the controls: the model's charts: hold these words for every other chart)
    "chart.bottleneck.title": "At {rate}, checking is {share} of the time",
    "chart.bottleneck.alt": "Two {whole} bars for {tokens} output tokens plus a fixed check of "
                            "{check}. {bars}",
    "chart.bottleneck.alt_bar": "At {bar}: {total} in all, writing {writing}, checking {checking}.",
    "chart.bottleneck.writing": "Writing",
    "chart.bottleneck.checking": "Checking",

    # the deck and handout around the note's own text
    "section.notes": "{title}: {headline}",
    "sources.title": "Sources, dates and boundaries",
    "worksheet.title": "Worksheet",
    "continued.title": "{title} (cont.)",
    "continued.notes": "Continues “{title}”.",
    "handout.sources": "Sources",
    "handout.boundaries": "Boundaries",
    "handout.page": "page {number} of {total}",
    "web.contents": "Contents",
    "web.skip": "Skip to the note",

    # the facilitator guide and the worksheet's own file
    "guide.title": "Facilitator guide",
    "guide.footer": "facilitator guide",
    "guide.for": "For: {audience}",
    "guide.session": "A session of {duration}, {start} to {end}. Passages on a tinted ground are for you alone: no participant’s page shows them.",
    "guide.unplanned_session": "No times are planned yet: give each section its ‘minutes’ in the front matter, or a slide ‘### Notes (3 min)’, and the run sheet fills in.",
    "guide.run_sheet": "Run sheet",
    "guide.starts": "Starts",
    "guide.section": "Section",
    "guide.slides": "Slides",
    "guide.minutes": "Minutes",
    "guide.end": "End",
    "guide.total": "total {duration}",
    "guide.unplanned": "not planned",
    "guide.by_slide": "Slide by slide",
    "guide.slide": "Slide {number}",
    "guide.exercise": "Exercise.",
    "guide.listen": "Listen for:",
    "worksheet.footer": "worksheet",
    "worksheet.name": "Name: {line}",

    # the web page's live dial and check slider (figures/explorer.py)
    "explorer.workload": "Workload",
    "explorer.dial": "Writing speed for one agent",
    "explorer.dial_stops": "{stops} tokens/sec",
    "explorer.tokens": "Output tokens",
    "explorer.writing": "Writing only",
    "explorer.at": "at {speed}",
    "explorer.dial_group": "The dial",
    "explorer.check": "Fixed check after writing",
    "explorer.check_group": "The check slider",
    "explorer.keys": "Stops: {stops}. Arrow keys move a step; Page Up and Page Down jump to the "
                     "next stop; Home and End go to the ends.",
    "explorer.detail": "{counted} × {tokens_each} tokens each",
    "explorer.reading": "At {rate}, {counted} ({tokens} output tokens) would take about "
                        "{time} to write.",
    "explorer.summary": "With {check} of checking, the {tokens} tokens take {slow} at "
                        "{baseline_rate} and {fast} at {imagined_rate}: {speedup} faster end to "
                        "end, and checking is {share} of the faster total.",
    "explorer.summary_no_check": "With no fixed check, the {tokens} tokens take {slow} at "
                                 "{baseline_rate} and {fast} at {imagined_rate}: {speedup} "
                                 "faster end to end, and checking is {share} of the faster total.",
    "explorer.announcement": "Check {check}: {slow} at {baseline_rate}, {fast} at "
                             "{imagined_rate}, {speedup} end to end.",
}
