"""python-pptx adding parts in constant time, for decks of hundreds of slides.

python-pptx names each new notes slide, and finds each picture's image part,
by walking every part of the package: one walk per slide, so a deck costs
O(n^2). At 1,000 slides that was 8 of the deck's 9 seconds (CHANGES.md, "Benchmark history").
`linear_parts(prs)` puts memos in front of the two lookups for one render: the
first call walks as before, later ones count on from it. The part names and
image sharing are exactly python-pptx's, so the bytes are the same.
"""

from __future__ import annotations

import io


def linear_parts(prs) -> None:
    """Memoise `next_partname` and `get_or_add_image_part` on this presentation's package."""
    package = prs.part.package
    package.next_partname = _counting(package)
    package.get_or_add_image_part = _sharing(package.get_or_add_image_part)


def _counting(package):
    """Next part names by template, from one walk per template rather than one per call.

    Valid while this render adds every part of those templates itself, in order.
    """
    walk = package.next_partname
    taken: dict[str, set[str]] = {}
    last: dict[str, int] = {}

    def next_partname(tmpl: str):
        from pptx.opc.packuri import PackURI

        if tmpl not in last:
            first = walk(tmpl)
            head, tail = tmpl.split("%d")
            prefix = head
            taken[tmpl] = {str(p.partname) for p in package.iter_parts()
                           if str(p.partname).startswith(prefix)}
            last[tmpl] = int(str(first)[len(head):len(str(first)) - len(tail)])
            return first
        number = last[tmpl] + 1
        while tmpl % number in taken[tmpl]:
            number += 1
        last[tmpl] = number
        return PackURI(tmpl % number)

    return next_partname


def _sharing(get_or_add):
    """One image part per distinct picture, found by its bytes rather than by walking."""
    parts: dict[bytes, object] = {}

    def get_or_add_image_part(image_file):
        data = image_file.read() if hasattr(image_file, "read") else open(image_file, "rb").read()
        if data not in parts:
            parts[data] = get_or_add(io.BytesIO(data))
        return parts[data]

    return get_or_add_image_part
