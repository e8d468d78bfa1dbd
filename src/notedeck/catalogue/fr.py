"""Français : chaque texte que notedeck écrit lui-même, par clé (espaces insécables avant : et dans « »)."""

ENTRIES = {
    "unit.rate": "{speed}\u00a0tokens/s",
    "unit.token": "{count}\u00a0token",
    "unit.tokens": "{count}\u00a0tokens",
    "share.under": "moins de {share}",
    "share.over": "plus de {share}",
    "check.none": "Aucune",


    "stats.total_at": "Total à {rate}",
    "stats.split": "Écriture {writing} · Vérification {checking}",
    "stats.writing_speedup": "Accélération de l’écriture",
    "stats.writing_speedup.detail": "{imagined} ÷ {baseline_rate}",
    "stats.end_to_end": "Accélération de bout en bout",
    "stats.end_to_end.detail": "{baseline} ÷ {imagined}\u00a0secondes",



    # the live page's bar chart at each check (figures/chartspecs.py, until the model
    # declares the controls: the model's charts: hold these words for every other chart)
    "chart.bottleneck.title": "À {rate}, la vérification prend {share} du temps",
    "chart.bottleneck.alt": "Deux barres de {whole} pour {tokens} tokens produits plus une "
                            "vérification fixe de {check}. {bars}",
    "chart.bottleneck.alt_bar": "À {bar}\u00a0: {total} au total, écriture {writing}, "
                                "vérification {checking}.",
    "chart.bottleneck.writing": "Écriture",
    "chart.bottleneck.checking": "Vérification",

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

    "explorer.workload": "Tâche",
    "explorer.dial": "Vitesse d’écriture d’un agent",
    "explorer.dial_stops": "{stops} tokens/s",
    "explorer.tokens": "Tokens produits",
    "explorer.writing": "Écriture seule",
    "explorer.at": "à {speed}",
    "explorer.dial_group": "Le curseur",
    "explorer.check": "Vérification fixe après l’écriture",
    "explorer.check_group": "Le curseur de vérification",
    "explorer.keys": "Crans\u00a0: {stops}. Les flèches avancent d’un pas\u00a0; Page préc. et "
                     "Page suiv. sautent au cran suivant\u00a0; Début et Fin vont aux extrémités.",
    "explorer.detail": "{counted} × {tokens_each} tokens chacun",
    "explorer.reading": "À {rate}, {counted} ({tokens} tokens produits) prendraient "
                        "environ {time} à écrire.",
    "explorer.summary": "Avec {check} de vérification, les {tokens} tokens prennent {slow} à "
                        "{baseline_rate} et {fast} à {imagined_rate}\u00a0: {speedup} plus vite "
                        "de bout en bout, et la vérification fait {share} du total le plus "
                        "rapide.",
    "explorer.summary_no_check": "Sans vérification fixe, les {tokens} tokens prennent {slow} à "
                                 "{baseline_rate} et {fast} à {imagined_rate}\u00a0: {speedup} "
                                 "plus vite de bout en bout, et la vérification fait {share} du "
                                 "total le plus rapide.",
    "explorer.announcement": "Vérification {check}\u00a0: {slow} à {baseline_rate}, {fast} à "
                             "{imagined_rate}, {speedup} de bout en bout.",
}
