"""Deutsch: jeder Text, den notedeck selbst schreibt, nach Schlüssel."""

ENTRIES = {
    "unit.rate": "{speed}\u00a0Tokens/s",
    "unit.token": "{count}\u00a0Token",
    "unit.tokens": "{count}\u00a0Tokens",
    "share.under": "unter {share}",
    "share.over": "über {share}",
    "check.none": "Keine",




    "chart.dial.title": "Von {low} bis {high}\u00a0Tokens/s wird die Schreibzeit {gain} kürzer",
    "chart.dial.x": "Schreibgeschwindigkeit (Tokens/s)",
    "chart.dial.y": "Schreibzeit",
    "chart.dial.alt": "Liniendiagramm mit logarithmischen Achsen: Schreibzeit über "
                      "Schreibgeschwindigkeit, eine Linie je Aufgabe, markiert an den Stufen des "
                      "Reglers ({stops}). {lines}.",
    "chart.dial.alt_line": "{label} ({tokens} Tokens): {slow} bei {low_rate}, {fast} bei "
                           "{high_rate}",
    "chart.bottleneck.title": "Bei {rate} entfallen {share} der Zeit auf das Prüfen",
    "chart.bottleneck.alt": "Zwei Balken zu je {whole} für {tokens} Ausgabe-Tokens plus eine "
                            "feste Prüfung von {check}. {bars}",
    "chart.bottleneck.alt_bar": "Bei {bar}: {total} insgesamt, Schreiben {writing}, Prüfen "
                                "{checking}.",
    "chart.bottleneck.writing": "Schreiben",
    "chart.bottleneck.checking": "Prüfen",
    "chart.speedup.title": "Mit {check} Prüfung wird aus {writing} schnellerem Schreiben "
                           "{speedup} schnellere Arbeit",
    "chart.speedup.title_no_check": "Ohne feste Prüfung wird aus {writing} schnellerem "
                                    "Schreiben {speedup} schnellere Arbeit",
    "chart.speedup.x": "Feste Prüfung nach dem Schreiben",
    "chart.speedup.y": "Gesamtbeschleunigung",
    "chart.speedup.curve": "Gesamtbeschleunigung",
    "chart.speedup.marker": "{check}: {speedup}",
    "chart.speedup.no_check": "Keine Prüfung",
    "chart.speedup.ceiling": "Schreibbeschleunigung {speedup}",
    "chart.speedup.alt": "Liniendiagramm der Gesamtbeschleunigung (logarithmisch) über der Dauer "
                         "der festen Prüfung, von {low} bis {high}, unter der Obergrenze von "
                         "{ceiling} für das Schreiben allein. Markiert: {markers}.",

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

    "controls.keys": "Stufen: {stops}. Pfeiltasten gehen einen Schritt; Bild auf und Bild ab "
                     "springen zur nächsten Stufe; Pos1 und Ende gehen an die Enden.",
}
