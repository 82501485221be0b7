"""The people who play on this device, remembered in the settings: their names and colours, most
recent first, and each game's last table (seats, options, undo and confirm), so that a new game
starts from the table that sat down last time and offers the others by name. Pure: it reads and
returns settings values; whatever shape a stored value has, it keeps only what it can use.

Colours: each seat has one of `COLOURS`, never two alike at a table; a person keeps theirs from
game to game; a seat whose colour was not chosen gets its person's, else the first one free.
Beside its colour every seat mark carries the seat's initial (`initials`), so that nobody is told
apart by colour alone."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ... import games
from ...core import BadOptions
from ..i18n import person_key
from .saves import COLOURS, MAX_ID, Seat, cut_name

MAX_PEOPLE = 12   # names offered in the new-game form


def _person(value: Any) -> dict[str, str] | None:
    if not isinstance(value, dict) or not isinstance(value.get("name"), str) or not cut_name(value["name"]):
        return None
    colour = value.get("colour")
    return {"name": cut_name(value["name"]), "colour": colour if colour in COLOURS else None}


def known(settings: dict[str, Any]) -> list[dict[str, str]]:
    """The people who played here, most recent first: {"name", "colour"} (bots are not people)."""
    found, seen = [], set()
    for value in settings.get("people", []) if isinstance(settings.get("people"), list) else []:
        person = _person(value)
        if person and person_key(person["name"]) not in seen:
            seen.add(person_key(person["name"]))
            found.append(person)
    return found[:MAX_PEOPLE]


TABLE_VERSION = 2   # a table kept by an older version (1: a bare list of seats) is not read


@dataclass
class Table:
    """A game's last table on this device: its seats (names, kinds, levels, colours), its options
    (the complete set), and the form's undo, confirm and aloud choices."""
    seats: list[Seat]
    options: dict[str, Any]
    undo: bool = True
    confirm: bool = False
    aloud: bool = False


def _seats(values: Any) -> list[Seat] | None:
    if not isinstance(values, list) or not values:
        return None
    table = []
    for value in values:
        person = _person(value)
        if person is None or value.get("kind") not in ("human", "bot"):
            return None
        level = value.get("level") if isinstance(value.get("level"), str) and len(value["level"]) <= MAX_ID else None
        table.append(Seat(person["name"], value["kind"], level, person["colour"]))
    return table


def last_table(settings: dict[str, Any], game_id: str) -> Table | None:
    """The last table of `game_id` started here, or None: none kept, or a value this version
    cannot use whole (damaged, kept by an older version, seats or options the game refuses)."""
    tables = settings.get("tables")
    value = tables.get(game_id) if isinstance(tables, dict) else None
    if not isinstance(value, dict) or value.get("version") != TABLE_VERSION:
        return None
    seats, options = _seats(value.get("seats")), value.get("options")
    undo, confirm, aloud = value.get("undo", True), value.get("confirm", False), value.get("aloud", False)
    if seats is None or not isinstance(options, dict) or not all(isinstance(v, bool) for v in (undo, confirm, aloud)):
        return None
    from ... import bots  # the levels (imported when a form opens, not with the page)
    game = games.get(game_id)
    levels = bots.levels(game_id)
    if any(seat.is_bot and seat.level not in levels for seat in seats):
        return None
    try:
        options = game.validate_options(options, game.check_players(len(seats)))
    except BadOptions:
        return None
    return Table(seats, options, undo, confirm, aloud)


def coloured(seats: list[Seat], people: list[dict[str, str]]) -> list[Seat]:
    """The seats, each with a colour, none shared: a seat keeps a colour chosen for it (the first
    of two that chose the same keeps it), else takes its person's, else the first one free."""
    usual = {person_key(p["name"]): p["colour"] for p in people if p["colour"]}
    taken: set[str] = set()
    wanted = []
    for seat in seats:
        colour = seat.colour or (usual.get(person_key(seat.name)) if not seat.is_bot else None)
        wanted.append(colour if colour not in taken else None)
        if colour:
            taken.add(colour)
    free = [c for c in COLOURS if c not in taken] or list(COLOURS)
    result = []
    for n, (seat, colour) in enumerate(zip(seats, wanted)):
        if colour is None:
            colour = free.pop(0) if free else COLOURS[n % len(COLOURS)]
        result.append(Seat(seat.name, seat.kind, seat.level, colour))
    return result


def remember(settings: dict[str, Any], game_id: str, table: Table) -> dict[str, Any]:
    """The settings' "people" and "tables" after a game of `game_id` was started at `table`:
    its people first (with their colours), then those who played before; its table as the last."""
    seats = table.seats
    tables = settings.get("tables") if isinstance(settings.get("tables"), dict) else {}
    tables = {k: v for k, v in tables.items() if k in games.ids()}
    kept = {"version": TABLE_VERSION, "options": table.options, "undo": table.undo, "confirm": table.confirm,
            "aloud": table.aloud,
            "seats": [{"name": s.name, "kind": s.kind, "level": s.level, "colour": s.colour} for s in seats]}
    return {**met(settings, seats), "tables": {**tables, game_id: kept}}


def usual_name(settings: dict[str, Any]) -> str | None:
    """The person who played here last (a one-person game is theirs by default), or None."""
    people = known(settings)
    return people[0]["name"] if people else None


def met(settings: dict[str, Any], seats: list[Seat]) -> dict[str, Any]:
    """The settings' "people" once the people of `seats` played here: they come first (with
    their colours), then those who played before."""
    people = [{"name": s.name, "colour": s.colour} for s in seats if not s.is_bot]
    shown = {person_key(p["name"]) for p in people}
    people += [p for p in known(settings) if person_key(p["name"]) not in shown]
    return {"people": people[:MAX_PEOPLE]}


def initials(names: list[str]) -> list[str]:
    """Each seat's mark beside its colour: the first letter or digit of its name, upper case;
    seats whose names start alike add their seat's number ("J1", "J2"), so no two marks match."""
    first = [next((ch.upper() for ch in name if ch.isalnum()), "?") for name in names]
    return [mark if first.count(mark) == 1 else f"{mark}{n + 1}" for n, mark in enumerate(first)]


def css_text(text: str) -> str:
    """`text` as a CSS string, every character escaped (nothing in a name can end it)."""
    return '"' + "".join(f"\\{ord(ch):x} " for ch in text) + '"'
