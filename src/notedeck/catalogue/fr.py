"""Français : chaque texte que notedeck écrit lui-même, par clé (espaces insécables avant : et dans « »)."""

ENTRIES = {
    "unit.rate": "{speed}\u00a0tokens/s",
    "unit.token": "{count}\u00a0token",
    "unit.tokens": "{count}\u00a0tokens",
    "share.under": "moins de {share}",
    "share.over": "plus de {share}",
    "check.none": "Aucune",




    "chart.dial.title": "De {low} à {high}\u00a0tokens/s, le temps d’écriture devient {gain} plus "
                        "court",
    "chart.dial.x": "Vitesse d’écriture (tokens/s)",
    "chart.dial.y": "Temps d’écriture",
    "chart.dial.alt": "Graphique linéaire à échelles logarithmiques du temps d’écriture en "
                      "fonction de la vitesse d’écriture, une ligne par tâche, avec un repère à "
                      "chaque cran du curseur {stops}. {lines}.",
    "chart.dial.alt_line": "{label} ({tokens} tokens)\u00a0: {slow} à {low_rate}, {fast} à "
                           "{high_rate}",
    "chart.bottleneck.title": "À {rate}, la vérification prend {share} du temps",
    "chart.bottleneck.alt": "Deux barres de {whole} pour {tokens} tokens produits plus une "
                            "vérification fixe de {check}. {bars}",
    "chart.bottleneck.alt_bar": "À {bar}\u00a0: {total} au total, écriture {writing}, "
                                "vérification {checking}.",
    "chart.bottleneck.writing": "Écriture",
    "chart.bottleneck.checking": "Vérification",
    "chart.speedup.title": "Avec {check} de vérification, une écriture {writing} plus rapide "
                           "donne un travail {speedup} plus rapide",
    "chart.speedup.title_no_check": "Sans vérification fixe, une écriture {writing} plus "
                                    "rapide donne un travail {speedup} plus rapide",
    "chart.speedup.x": "Vérification fixe après l’écriture",
    "chart.speedup.y": "Accélération de bout en bout",
    "chart.speedup.curve": "Accélération de bout en bout",
    "chart.speedup.marker": "{check}\u00a0: {speedup}",
    "chart.speedup.no_check": "Sans vérification",
    "chart.speedup.ceiling": "Accélération de l’écriture {speedup}",
    "chart.speedup.alt": "Graphique linéaire de l’accélération de bout en bout (logarithmique) "
                         "en fonction de la durée de la vérification fixe, de {low} à {high}, "
                         "sous un plafond de {ceiling} pour l’écriture seule. "
                         "Repères\u00a0: {markers}.",


    "section.notes": "{title}\u00a0: {headline}",
    "sources.title": "Sources, dates et limites",
    "worksheet.title": "Fiche pratique",
    "continued.title": "{title} (suite)",
    "continued.notes": "Suite de «\u00a0{title}\u00a0».",
    "handout.sources": "Sources",
    "handout.boundaries": "Limites",
    "handout.page": "page {number} sur {total}",
    "web.contents": "Sommaire",
    "web.skip": "Aller à la note",

    # the facilitator guide and the worksheet's own file
    "guide.title": "Guide d’animation",
    "guide.footer": "guide d’animation",
    "guide.for": "Pour\xa0: {audience}",
    "guide.session": "Une séance de {duration}, de {start} à {end}. Les passages sur fond teinté sont pour vous seul\xa0: aucune page des participants ne les montre.",
    "guide.unplanned_session": "Aucune durée n’est encore prévue : donnez à chaque partie ses « minutes » dans l’en-tête, ou à une diapo « ### Notes (3 min) », et le déroulé se remplit.",
    "guide.run_sheet": "Déroulé",
    "guide.starts": "Début",
    "guide.section": "Partie",
    "guide.slides": "Diapos",
    "guide.minutes": "Durée",
    "guide.end": "Fin",
    "guide.total": "total {duration}",
    "guide.unplanned": "non planifié",
    "guide.by_slide": "Diapo par diapo",
    "guide.slide": "Diapo {number}",
    "guide.exercise": "Exercice.",
    "guide.listen": "À écouter\xa0:",
    "worksheet.footer": "fiche pratique",
    "worksheet.name": "Nom\u00a0: {line}",

    "controls.keys": "Crans\u00a0: {stops}. Les flèches avancent d’un pas\u00a0; Page préc. et "
                     "Page suiv. sautent au cran suivant\u00a0; Début et Fin vont aux extrémités.",
}
