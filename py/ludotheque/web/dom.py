"""Markup as strings, built so that text can never become HTML: every string child and attribute
value is escaped; only `Raw` (markup this code made itself) passes through. One innerHTML write
per screen update is the fastest way to repaint from Python, and this keeps it safe.

Text people typed (a seat's name) is a `Name`: a child `Name` becomes <bdi>, and inside a
sentence or an attribute it carries the Unicode isolates FSI…PDI, so a right-to-left name or a
stray U+202E never reorders the app's own words around it."""
from __future__ import annotations

import html
from typing import Any, Iterable

VOID = {"br", "img", "input", "hr", "meta", "link"}


class Raw(str):
    """Markup produced by `h` (or a constant), inserted as is."""


FSI, PDI = "\u2068", "\u2069"
_BIDI_CONTROLS = dict.fromkeys([*range(0x202A, 0x202F), *range(0x2066, 0x206A)])


class Name(str):
    """A user string, isolated: its value is FSI + the text without explicit direction
    controls + PDI; `plain` is the text alone."""

    plain: str

    def __new__(cls, text: str) -> "Name":
        plain = str(text).translate(_BIDI_CONTROLS)
        name = super().__new__(cls, FSI + plain + PDI)
        name.plain = plain
        return name


def _children(items: Iterable[Any]) -> str:
    out = []
    for item in items:
        if item is None or item is False:
            continue
        if isinstance(item, Raw):
            out.append(item)
        elif isinstance(item, Name):
            out.append(f"<bdi>{html.escape(item.plain, quote=False)}</bdi>")
        elif isinstance(item, (list, tuple)):
            out.append(_children(item))
        else:
            out.append(html.escape(str(item), quote=False))
    return "".join(out)


def h(tag: str, attrs: dict[str, Any] | None = None, *children: Any) -> Raw:
    """<tag attrs>children</tag>. Attribute names ending in "_" lose it (class_ -> class); a value
    True writes the bare attribute, None/False leaves it out."""
    parts = [tag]
    for name, value in (attrs or {}).items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        if value is True:
            parts.append(name)
        else:
            parts.append(f'{name}="{html.escape(str(value), quote=True)}"')
    opening = "<" + " ".join(parts) + ">"
    if tag in VOID:
        return Raw(opening)
    return Raw(f"{opening}{_children(children)}</{tag}>")


def join(items: Iterable[Any]) -> Raw:
    return Raw(_children(items))
