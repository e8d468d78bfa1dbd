"""Deutsch: jeder Text, den notedeck selbst schreibt, nach Schlüssel."""

ENTRIES = {
    "share.under": "unter {share}",
    "share.over": "über {share}",

    "section.notes": "{title}: {headline}",
    "sources.title": "Quellen, Stand und Grenzen",
    "worksheet.title": "Arbeitsblatt",
    "continued.title": "{title} (Forts.)",
    "continued.notes": "Fortsetzung von „{title}“.",
    "handout.sources": "Quellen",
    "handout.boundaries": "Grenzen",
    "handout.page": "Seite {number} von {total}",
    "web.contents": "Inhalt",
    "web.skip": "Zur Notiz springen",
    # a native chart's series that carries an axis's labels, as "Edit Data" names it
    "chart.axis_labels": "Beschriftung der Achse „{axis}“",

    # the facilitator guide and the worksheet's own file
    "guide.title": "Moderationsleitfaden",
    "guide.footer": "Moderationsleitfaden",
    "guide.for": "Für: {audience}",
    "guide.session": "Eine Sitzung von {duration}, {start} bis {end}. Abschnitte auf getöntem Grund sind nur für Sie: Keine Unterlage der Teilnehmenden zeigt sie.",
    "guide.unplanned_session": "Noch sind keine Zeiten geplant: Geben Sie jedem Abschnitt im Vorspann seine ‚minutes‘ oder einer Folie ‚### Notes (3 min)‘, dann füllt sich der Ablaufplan.",
    "guide.run_sheet": "Ablaufplan",
    "guide.starts": "Beginn",
    "guide.section": "Abschnitt",
    "guide.slides": "Folien",
    "guide.minutes": "Dauer",
    "guide.end": "Ende",
    "guide.total": "gesamt {duration}",
    "guide.unplanned": "nicht geplant",
    "guide.by_slide": "Folie für Folie",
    "guide.slide": "Folie {number}",
    "guide.exercise": "Übung.",
    "guide.listen": "Achten Sie auf:",
    "worksheet.footer": "Arbeitsblatt",
    "worksheet.name": "Name: {line}",

    "controls.keys": "Stufen: {stops}. Pfeiltasten gehen einen Schritt; Bild auf und Bild ab "
                     "springen zur nächsten Stufe; Pos1 und Ende gehen an die Enden.",
}
