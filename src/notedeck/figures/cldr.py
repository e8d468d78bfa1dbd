"""Which locales notedeck writes in, and the marks that hold its text together."""

from __future__ import annotations

import re

from notedeck import catalogue

WORD_JOINER = "\u2060"      # no line break on either side, drawn as nothing
NBSP = "\u00a0"             # between a number and its unit: the two never wrap apart
LOCALE_TAG = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})*")


def unsupported(locale: str) -> str | None:
    """Why a locale tag cannot be used ("" when it can): CLDR must know it, and num2words
    its language (for counts written as words)."""
    from babel import Locale, UnknownLocaleError
    from num2words import CONVERTER_CLASSES

    if not isinstance(locale, str) or not LOCALE_TAG.fullmatch(locale):
        return (f"expected a language tag such as en-GB, de-DE or fr-FR, got {locale!r}")
    try:
        Locale.parse(locale, sep="-")
    except (UnknownLocaleError, ValueError):
        return f"unknown locale {locale!r}: CLDR has no such language or region"
    if catalogue.language(locale) not in CONVERTER_CLASSES:
        return f"locale {locale!r}: num2words cannot write numbers as words in this language"
    return None
