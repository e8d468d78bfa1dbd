"""Français : chaque texte que notedeck écrit lui-même, par clé (espaces insécables avant : et dans « »)."""

ENTRIES = {
    "share.under": "moins de {share}",
    "share.over": "plus de {share}",

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
    # a native chart's series that carries an axis's labels, as "Edit Data" names it
    "chart.axis_labels": "Graduations de l’axe «\u00a0{axis}\u00a0»",

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
