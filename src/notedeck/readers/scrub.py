"""References to parts that were left out, removed from the XML of the parts kept, so the deck stays whole."""

from __future__ import annotations

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}AlternateContent"

# An element that refers to a part left out goes, with the smallest whole that needs it:
# the element itself (a link, a list entry), an enclosing container, or the shape it draws;
# anything else that refers to one goes alone.
ITSELF = {A + "hlinkClick", A + "hlinkHover", A + "hlinkMouseOver", A + "snd", P + "snd",
          P + "sldId", P + "sldMasterId", P + "notesMasterId", P + "handoutMasterId",
          P + "sldLayoutId", P + "embeddedFont", P + "htmlPubPr", P + "tags", P + "sld"}
ENCLOSING = {P + "controls", P + "custDataLst", P + "custShowLst", P + "bg", A + "ext", P + "ext",
             P + "sp", P + "pic", P + "graphicFrame", P + "cxnSp", P + "grpSp", P + "contentPart"}
# Lists that may not stay empty, and lists that only ever point at what a deck does not carry.
EMPTY_GOES = {P + "sldIdLst", P + "notesMasterIdLst", P + "handoutMasterIdLst",
              P + "embeddedFontLst", P + "sldLayoutIdLst", P + "sldLst", A + "extLst", P + "extLst"}
# Lists of what a deck does not carry, and a password that would make every deck read-only.
ALWAYS_GOES = {P + "sldIdLst", P + "handoutMasterIdLst", P + "custShowLst", P + "controls",
               P + "custDataLst", P + "modifyVerifier"}
# Click actions that run something: a macro, a program, an embedded object's verb.
RUNS = ("ppaction://macro", "ppaction://program", "ppaction://ole")
SECTIONS = "{521415D9-36F7-43E2-AB2F-B90AF26B5E84}"     # slide sections: they list slides


def scrub(root, kept_ids: set[str]) -> bool:
    """Remove what refers to a relationship not in `kept_ids`; True if anything changed."""
    changed = False
    for element in [e for e in root.iter() if e.tag in ALWAYS_GOES or _is_sections(e)]:
        _remove(element)
        changed = True
    for element in _references(root, kept_ids):
        if _attached(element, root):
            _cut(element)
            changed = True
    if changed:
        _drop_empty(root)
        if root.tag != P + "presentation":
            for timing in root.findall(P + "timing"):    # animations may name removed shapes
                root.remove(timing)
    return changed


def _references(root, kept_ids: set[str]) -> list:
    """Elements that refer to a relationship not kept, or whose click runs something."""
    found = []
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        runs = element.tag in (A + "hlinkClick", A + "hlinkHover") and \
            element.get("action", "").startswith(RUNS)
        if runs or any(name.startswith(R) and value and value not in kept_ids
                       for name, value in element.attrib.items()):
            found.append(element)
    return found


def _cut(element) -> None:
    if element.tag in ITSELF:
        _remove(element)
        return
    alternate = next(element.iterancestors(MC), None)
    if alternate is not None:
        _remove(alternate)
        return
    for candidate in (element, *element.iterancestors()):
        if candidate.tag in ENCLOSING:
            _remove(candidate)
            return
    _remove(element)


def _attached(element, root) -> bool:
    """Still in the tree (an ancestor may have gone already)."""
    return element is root or any(a is root for a in element.iterancestors())


def _remove(element) -> None:
    parent = element.getparent()
    if parent is not None:
        parent.remove(element)


def _is_sections(element) -> bool:
    return element.tag == P + "ext" and element.get("uri") == SECTIONS


def _drop_empty(root) -> None:
    for element in [e for e in root.iter() if e.tag in EMPTY_GOES and len(e) == 0]:
        _remove(element)
