"""English: every string notedeck writes itself, by key ({name}: a value filled in)."""

ENTRIES = {
    # words the formatter writes around a figure
    "share.under": "under {share}",              # a share in prose: "under 0.1%"
    "share.over": "over {share}",

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
    # a native chart's series that carries an axis's labels, as "Edit Data" names it
    "chart.axis_labels": "Labels of the axis “{axis}”",

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

    # the web page's live controls (figures/controls.py)
    "controls.keys": "Stops: {stops}. Arrow keys move a step; Page Up and Page Down jump to the "
                     "next stop; Home and End go to the ends.",
}
