"""Markup as strings, built so that text can never become HTML: every string child and attribute
value is escaped; only `Raw` (markup this code made itself) passes through. One innerHTML write
per screen update is the fastest way to repaint from Python, and this keeps it safe."""
from __future__ import annotations

import html
from typing import Any, Iterable

VOID = {"br", "img", "input", "hr", "meta", "link"}


class Raw(str):
    """Markup produced by `h` (or a constant), inserted as is."""


def _children(items: Iterable[Any]) -> str:
    out = []
    for item in items:
        if item is None or item is False:
            continue
        if isinstance(item, Raw):
            out.append(item)
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
