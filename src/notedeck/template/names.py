"""Layout names that say a role, as PowerPoint, Google Slides, Keynote, WPS and LibreOffice write
them, in the languages templates come in; compared loosely (case, spaces, punctuation, copies'
number prefixes and suffixes ignored).

A name says nothing of most layouts ("CUSTOM_5", "1_A"): then placeholder types and geometry
decide (roles.py). Names of layouts for photographs are known too, so that a chart is not put
in a portrait photo box because its placeholder is a picture one.
"""

from __future__ import annotations

import re

# role -> names that say it, compared loosely (see `loose`).
SAY: dict[str, tuple[str, ...]] = {
    "title": (
        "Title", "Title Slide", "Title Page", "Cover", "Title & Subtitle", "Title and Subtitle",
        "Titelfolie", "Diapositive de titre", "Diapositiva de título", "Titeldia",
        "Slide de Título", "Título da Apresentação", "Титульный слайд", "标题幻灯片",
        "タイトル スライド", "제목 슬라이드", "표지", "封面"),
    "section": (
        "Section", "Section Header", "Section Title", "Section Divider", "Divider",
        "Abschnittsüberschrift", "En-tête de section", "Encabezado de sección", "Sectiekop",
        "Cabeçalho da Seção", "Заголовок раздела", "节标题", "セクション見出し", "セクショントップ",
        "구역 머리글", "구역머리글"),
    "content": (
        "Content", "Title and Content", "Title, Content", "Title and Body", "Title and Text",
        "Title & Bullets", "Title and Bullets", "Titel und Inhalt", "Titre et contenu",
        "Título y objetos", "Titel en object", "Título e Conteúdo", "Conteúdo",
        "Заголовок и объект", "标题和内容", "タイトルとコンテンツ", "제목 및 내용", "내지"),
    "chart": ("Chart", "Title and Chart", "Title, Chart", "标题和图表"),
    "chart-and-text": (
        "Chart and Text", "Chart with Text", "Two Content", "Title, 2 Content",
        "Title and 2 Content", "Title and Two Columns", "Zwei Inhalte", "Deux contenus",
        "Dos objetos", "Twee objecten", "Duas Partes de Conteúdo", "Два объекта", "两栏内容",
        "2 つのコンテンツ", "콘텐츠 2개"),
    "table": ("Table", "Title and Table", "Title, Table", "标题和表格"),
    "sources": ("Sources", "References", "Bibliography"),
}
# Words that say a layout is for photographs (a chart is not put in its picture box).
PHOTO = ("photo", "picture", "image", "foto", "bild", "фото", "图片", "写真", "사진", "画像")
# Names in scripts without spaces between words say a role when they hold one of these.
HOLDS = {"title": ("표지", "封面"), "content": ("내지",)}


def loose(name: str) -> str:
    """A layout name compared loosely: "Title, 2 Content" -> "title2content", "TITLE_AND_BODY_1"
    -> "titleandbody", "1_표지_A안" -> "표지a안"."""
    name = re.sub(r"^\d+_", "", name.strip())
    name = re.sub(r"(_\d+)+$", "", name)
    return re.sub(r"[\W_]", "", name.casefold())


_SAID = {role: frozenset(loose(n) for n in names) for role, names in SAY.items()}


def says(role: str, name: str) -> bool:
    """Whether a layout's name says the role."""
    plain = loose(name)
    return plain in _SAID.get(role, ()) or any(w in plain for w in HOLDS.get(role, ()))


def photo(name: str) -> bool:
    """Whether a layout's name says it is made for photographs."""
    plain = name.casefold()
    return any(word in plain for word in PHOTO)
