"""Small pieces of markup that the table, the games' boards and the home screen share: a sentence
whose names may be cut short, a button that says why it cannot act, a round's column head, a score
that counts up. Nothing here knows a game or a session."""
from __future__ import annotations

import re
from typing import Any

from .dom import FSI, PDI, Raw, h, join
from .i18n import lang, number, t
from .storage.saves import Save, SaveError, kept_back

ISOLATED = re.compile(f"{FSI}([^{PDI}]*){PDI}")


def names_apart(sentence: str) -> Raw:
    """A sentence with each name it holds (isolated FSI…PDI, see dom.Name) as its own <bdi>, so
    the stylesheet can cut a long name short on a line kept to one; its title keeps it whole."""
    return join(h("bdi", {"title": part}, part) if i % 2 else part
                for i, part in enumerate(ISOLATED.split(sentence)))


def copy_refused(save: Save, today: str) -> str | None:
    """Why this game may not leave its table yet (`saves.kept_back`), said as the Export button
    says it, or None."""
    kept = kept_back(save, today)
    return t("table.export.kept", detail=SaveError(kept).say(lang())) if kept else None


def unavailable_button(attrs: dict[str, Any], label: Any, why: str | None) -> Raw:
    """A button; where it cannot act now (`why` says the reason), it stays in its place, greyed
    and tappable (aria-disabled, not disabled): a tablet shows no tooltip, so the tap itself says
    the reason (its handler refuses with it), and the title says it to a mouse."""
    if why:
        attrs = {**attrs, "aria-disabled": "true", "class_": "unavailable", "title": why}
    return h("button", {"type": "button", **attrs}, label)


def round_head(index: int) -> Raw:
    """A score table's column head for round `index` (from 0): short ("M3"), so that twelve rounds
    or eight seats fit, and said whole ("Manche 3") to a screen reader and on a long press."""
    name = t("table.round", round=index + 1)
    return h("th", {"class_": "round", "scope": "col", "aria-label": name},
             h("abbr", {"title": name}, t("table.round.short", round=index + 1)))


def ranked(keys: list[Any]) -> list[tuple[int, int]]:
    """Seats best first, each with its place: (place, seat). The higher a seat's key, the better
    (a key may be a tuple: the end ranks winners first, then by score); seats whose keys are equal
    share a place, the next place after them skipped (1, 2, 2, 4), and stand in seat order."""
    order = sorted(range(len(keys)), key=lambda s: keys[s], reverse=True)   # stable: ties in seat order
    places: list[tuple[int, int]] = []
    for i, seat in enumerate(order):
        tied = i and keys[seat] == keys[order[i - 1]]
        places.append((places[-1][0] if tied else i + 1, seat))
    return places


def place_mark(place: int) -> Raw:
    """A seat's place in a round's results, as a small round badge before its name or in its own
    column ("2": second, or tied second), its word on a long press."""
    return h("span", {"class_": "place", "title": t("table.place", place=place)}, place)


def counted(score: float, counting: bool = True) -> Raw:
    """A score that counts up from 0 when it first shows (CSS; at once under reduced motion),
    with the number itself in the text for screen readers and copy; not `counting` (any paint
    after the first: the end painted again once its review is ready, in another language), the
    number at once (it counted from 0 again, a wrong number on screen for a second)."""
    text = number(score)
    if not counting or not float(score).is_integer():
        return Raw(h("span", None, text))
    return h("span", {"class_": "count-up", "style": f"--to: {int(score)}"},
             h("span", {"class_": "count-up-text"}, text))


def qr_code(code: str, ident: str) -> Raw:
    """A code of a table of several devices as a QR code, for another device's camera (the page
    draws it: static/host/qr.js)."""
    return h("canvas", {"class_": "qr", "id": ident, "data-qr": code, "role": "img", "aria-label": t("devices.qr")})


def scan_button(field: str, then: str | None = None) -> Raw:
    """A button that reads a code off another device's screen with the camera into the form's
    `field` (static/host/camera.js), then taps the form's `then` button, if any."""
    return h("button", {"type": "button", "class_": "scan", "data-scan": field, "data-then": then,
                        "data-looking": t("devices.scan.looking"), "data-refused": t("devices.scan.refused"),
                        "data-stop": t("devices.scan.stop")}, t("devices.scan"))
