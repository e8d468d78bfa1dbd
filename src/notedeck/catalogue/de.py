"""Deutsch: jeder Text, den notedeck selbst schreibt, nach Schlüssel."""

ENTRIES = {
    "unit.rate": "{speed}\u00a0Tokens/s",
    "unit.token": "{count}\u00a0Token",
    "unit.tokens": "{count}\u00a0Tokens",
    "share.under": "unter {share}",
    "share.over": "über {share}",
    "check.none": "Keine",


    "stats.total_at": "Gesamtzeit bei {rate}",
    "stats.split": "Schreiben {writing} · Prüfen {checking}",
    "stats.writing_speedup": "Schreibbeschleunigung",
    "stats.writing_speedup.detail": "{imagined} ÷ {baseline_rate}",
    "stats.end_to_end": "Gesamtbeschleunigung",
    "stats.end_to_end.detail": "{baseline} ÷ {imagined}\u00a0Sekunden",


    # the live page's bar chart at each check (figures/chartspecs.py, until the model
    # declares the controls: the model's charts: hold these words for every other chart)
    "chart.bottleneck.title": "Bei {rate} entfallen {share} der Zeit auf das Prüfen",
    "chart.bottleneck.alt": "Zwei Balken zu je {whole} für {tokens} Ausgabe-Tokens plus eine "
                            "feste Prüfung von {check}. {bars}",
    "chart.bottleneck.alt_bar": "Bei {bar}: {total} insgesamt, Schreiben {writing}, Prüfen "
                                "{checking}.",
    "chart.bottleneck.writing": "Schreiben",
    "chart.bottleneck.checking": "Prüfen",

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

    "explorer.workload": "Aufgabe",
    "explorer.dial": "Schreibgeschwindigkeit eines Agenten",
    "explorer.dial_stops": "{stops} Tokens/s",
    "explorer.tokens": "Ausgabe-Tokens",
    "explorer.writing": "Nur Schreiben",
    "explorer.at": "bei {speed}",
    "explorer.dial_group": "Der Regler",
    "explorer.check": "Feste Prüfung nach dem Schreiben",
    "explorer.check_group": "Der Prüfregler",
    "explorer.keys": "Stufen: {stops}. Pfeiltasten gehen einen Schritt; Bild auf und Bild ab "
                     "springen zur nächsten Stufe; Pos1 und Ende gehen an die Enden.",
    "explorer.detail": "{counted} × je {tokens_each} Tokens",
    "explorer.reading": "Bei {rate} bräuchten {counted} ({tokens} Ausgabe-Tokens) etwa "
                        "{time} zum Schreiben.",
    "explorer.summary": "Mit {check} Prüfung brauchen die {tokens} Tokens {slow} bei "
                        "{baseline_rate} und {fast} bei {imagined_rate}: {speedup} schneller von "
                        "Anfang bis Ende, und das Prüfen macht {share} der schnelleren Gesamtzeit "
                        "aus.",
    "explorer.summary_no_check": "Ohne feste Prüfung brauchen die {tokens} Tokens {slow} bei "
                                 "{baseline_rate} und {fast} bei {imagined_rate}: {speedup} "
                                 "schneller von Anfang bis Ende, und das Prüfen macht {share} "
                                 "der schnelleren Gesamtzeit aus.",
    "explorer.announcement": "Prüfung {check}: {slow} bei {baseline_rate}, {fast} bei "
                             "{imagined_rate}, {speedup} von Anfang bis Ende.",
}
