"""A PDF's structure tree and PDF/UA-1's catalogue entries, written with reportlab's own objects.

reportlab's catalogue takes StructTreeRoot, MarkInfo and Metadata as it takes its
outline; the elements and the parent tree are PDF objects written here as text
(their references resolved by reportlab as it writes the file), the XMP packet a
stream. Two page entries reportlab does not write
itself, /StructParents and /Tabs, are added to its page dictionaries' list of
keys (docs/architecture.md lists it among the library internals notedeck uses).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFObject, PDFStream, PDFString


@dataclass(eq=False)
class Element:
    """One structure element: its role (a standard structure type), what it holds in
    reading order (elements, (page, MCID) content items, Annotations) and its attributes."""

    role: str
    parent: Element | None = None
    alt: str = ""                 # a Figure's text
    scope: str = ""               # a header cell's: "Column" | "Row"
    kids: list = field(default_factory=list)
    bbox: tuple[float, float, float, float] | None = None    # a Figure's, on its page

    def add(self, role: str, **attrs) -> Element:
        child = Element(role, self, **attrs)
        self.kids.append(child)
        return child


@dataclass(frozen=True)
class Annotation:
    """An annotation a Link holds: reportlab's reference to it, its page, its key."""

    ref: object
    page: int
    key: object


# Elements that stay in the tree with no content: a table's cells keep its rows regular.
KEPT_EMPTY = frozenset({"TH", "TD", "TR", "Figure"})
PAGE_KEYS = ("StructParents", "Tabs")


class _Written(PDFObject):
    """A PDF object given as its text, its references resolved as the file is written.
    (reportlab's generic dictionaries took a tenth of a slides.pdf's writing time for the
    tree's few hundred elements; their text is written here at once.)"""

    def __init__(self):
        self.parts: list = []

    def format(self, document):
        return b"".join(part if isinstance(part, bytes) else part.format(document)
                        for part in self.parts)


def write_tree(tags, canvas) -> None:
    """The tree of `tags` (a tagging.Tags), its parent tree, MarkInfo, the XMP metadata (dc:title,
    pdfuaid:part 1), the document's language, its title shown, and each page's
    /StructParents and /Tabs /S, into the canvas's document."""
    doc = canvas._doc
    if len(tags.pages) != len(doc.Pages.pages):
        raise RuntimeError(f"{len(tags.pages)} pages marked, {len(doc.Pages.pages)} drawn")
    pages = [doc.Reference(page) for page in doc.Pages.pages]
    _prune(tags.root)
    elements = list(_walk(tags.root))
    objects = {id(e): _Written() for e in elements}
    refs = {id(e): doc.Reference(objects[id(e)]) for e in elements}
    root = _Written()
    root_ref = doc.Reference(root)
    for element in elements:
        parent = refs[id(element.parent)] if element.parent is not None else root_ref
        objects[id(element)].parts = _element(element, parent, refs, pages, doc)
    tree = [b"<< /Nums ["]
    for number, marked in enumerate(tags.pages):
        tree += [b"%d [" % number, *_joined([refs[id(e)] for e in marked]), b"] "]
    for number, (link, annotation) in enumerate(tags.annotations, start=len(tags.pages)):
        annotation.key.number = number
        tree += [b"%d " % number, refs[id(link)], b" "]
    keys = len(tags.pages) + len(tags.annotations)
    root.parts = [b"<< /Type /StructTreeRoot /K ", refs[id(tags.root)], b" /ParentTree ",
                  *tree, b"] >> /ParentTreeNextKey %d >>" % keys]
    for number, page in enumerate(doc.Pages.pages):
        page.__NoDefault__ = [*type(page).__NoDefault__, *PAGE_KEYS]
        page.StructParents, page.Tabs = number, PDFName("S")
    catalog = doc.Catalog
    catalog.StructTreeRoot = root
    catalog.MarkInfo = PDFDictionary({"Marked": "true"})
    catalog.Metadata = PDFStream(PDFDictionary({"Type": PDFName("Metadata"),
                                                "Subtype": PDFName("XML")}),
                                 xmp(tags.title, tags.lang))
    catalog.Lang = PDFString(tags.lang)
    canvas.setViewerPreference("DisplayDocTitle", "true")


def _joined(parts: list) -> list:
    """`parts` with a space between each two."""
    out: list = []
    for part in parts:
        if out:
            out.append(b" ")
        out.append(part)
    return out


def _walk(element: Element):
    yield element
    for kid in element.kids:
        if isinstance(kid, Element):
            yield from _walk(kid)


def _prune(element: Element) -> bool:
    """Drop the elements that hold no content (an empty paragraph) but table cells and
    figures; True if `element` holds some content."""
    kept, content = [], False
    for kid in element.kids:
        holds = _prune(kid) if isinstance(kid, Element) else True
        if holds or kid.role in KEPT_EMPTY:
            kept.append(kid)
        content |= holds
    element.kids = kept
    return content


def _element(element: Element, parent, refs, pages, doc) -> list:
    """The text of one StructElem: its content on its first page as MCIDs, on other pages
    as marked-content references; one kid alone, not in an array."""
    first = next((kid[0] for kid in element.kids if isinstance(kid, tuple)), None)
    kids: list = []
    for kid in element.kids:
        if isinstance(kid, Element):
            kids.append([refs[id(kid)]])
        elif isinstance(kid, Annotation):
            kids.append([b"<< /Type /OBJR /Obj ", kid.ref, b" /Pg ", pages[kid.page], b" >>"])
        elif kid[0] == first:
            kids.append([b"%d" % kid[1]])
        else:
            kids.append([b"<< /Type /MCR /Pg ", pages[kid[0]], b" /MCID %d >>" % kid[1]])
    parts = [b"<< /Type /StructElem /S /%s /P " % element.role.encode(), parent]
    if first is not None:
        parts += [b" /Pg ", pages[first]]
    if len(kids) == 1:
        parts += [b" /K ", *kids[0]]
    else:
        parts.append(b" /K [")
        for n, kid in enumerate(kids):
            parts += [b" "] * bool(n) + kid
        parts.append(b"]")
    if element.alt:
        parts += [b" /Alt ", PDFString(element.alt).format(doc)]
    if element.scope:
        parts.append(b" /A << /O /Table /Scope /%s >>" % element.scope.encode())
    if element.bbox:
        box = " ".join(f"{v:.2f}" for v in element.bbox).encode()
        parts.append(b" /A << /O /Layout /BBox [%s] >>" % box)
    parts.append(b" >>")
    return parts


XMP = """<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt></dc:title>
   <dc:language><rdf:Bag><rdf:li>{lang}</rdf:li></rdf:Bag></dc:language>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">
   <pdfuaid:part>1</pdfuaid:part>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="r"?>"""


def xmp(title: str, lang: str) -> bytes:
    """The XMP packet: the title, the language and the PDF/UA-1 identification."""
    return XMP.format(title=escape(title), lang=escape(lang)).encode("utf-8")
