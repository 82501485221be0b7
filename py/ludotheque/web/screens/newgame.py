"""The new-game dialog: seats (name, human or bot level) and the game's declared options with
their defaults and one-line explanations. Markup and form parsing are pure, so they are tested on
CPython; events.py reads the form's values from the page and hands them here as a dict."""
from __future__ import annotations

from typing import Any

from ... import core
from ...core import BadOptions, Game
from ..dom import Raw, h
from ... import texts
from ..i18n import default_name, gt, lang, level_name, person, person_key, singular, t
from ..storage.people import coloured
from ..storage.saves import COLOURS, MAX_NAME, Seat, cut_name


def default_seats(game: Game, players: int) -> list[Seat]:
    """Seat 1 is a human; the others are bots at the middle level (a solo game against the
    computer is the most common start, and the strongest level beats a newcomer flat); the table
    can switch any of them."""
    level = core.middle_bot_level(game.id)
    seats = [Seat(t("new.default-name", n=1))]
    for n in range(2, players + 1):
        seats.append(Seat(t("new.bot-name", n=n), "bot", level) if level else Seat(t("new.default-name", n=n)))
    return seats


def place_for(game: Game, seats: list[Seat]) -> int | None:
    """Where a person tapped among the known people sits: the first person's seat still under
    its default name, else the first computer's seat under its default name (the form opens with
    computers in the seats a family fills: the try-out's "Léo" made Maman, Bot 2, Bot 3, Léo, and
    three players again dropped Léo), else a new seat while the game takes more players; None
    where the table has no room left."""
    unnamed = [n for n, seat in enumerate(seats) if default_name(seat.name) or not seat.name.strip()]
    for n in unnamed:
        if not seats[n].is_bot:
            return n
    if unnamed:
        return unnamed[0]
    return len(seats) if len(seats) < game.max_players else None


def seat_person(game: Game, seats: list[Seat], name: str) -> list[Seat]:
    """The seats with `name` seated where `place_for` says (a person, in their usual colour);
    unchanged when they already sit at the table or there is no room."""
    if any(person_key(seat.name) == person_key(name) for seat in seats):
        return seats
    n = place_for(game, seats)
    if n is None:
        return seats
    return [*seats[:n], Seat(cut_name(name)), *seats[n + 1:]]


def _chips(game: Game, seats: list[Seat], known: list[dict[str, str]]) -> Raw | None:
    """The people who played here and are not seated, one tap each to sit them down (greyed
    once the table is full)."""
    seated = {person_key(seat.name) for seat in seats}
    free = [p for p in known if person_key(p["name"]) not in seated]
    if not free:
        return None
    full = place_for(game, seats) is None
    return h("div", {"class_": "chips", "role": "group", "aria-labelledby": "chips-title"},
             h("span", {"id": "chips-title", "class_": "chips-title"}, t("new.people")),
             [h("button", {"type": "button", "class_": "chip", "data-action": "chip", "data-name": p["name"],
                           "disabled": full, "title": t("new.people.full") if full else None}, p["name"])
              for p in free])


def _same_table(game: Game, same: list[Seat] | None) -> Raw | None:
    """The last table of this game, named, and started again in one tap (a new deal)."""
    if not same:
        return None
    who = ", ".join(person(seat.name) + (f" ({level_name(seat.level)})" if seat.is_bot and seat.level else "")
                    for seat in same)
    return h("div", {"class_": "same-table"},
             h("p", None, t("new.same.who", who=who)),
             h("button", {"type": "button", "class_": "primary", "data-action": "same-table", "data-game": game.id},
               t("new.same")))


def changed_rare(game: Game, options: dict[str, Any]) -> int:
    """How many of the folded options (`Option.rare`) that play a part differ from their default."""
    return sum(1 for o in game.options
               if o.rare and o.matters(options) and options.get(o.name, o.default_value) != o.default_value)


def _more(game: Game, options: dict[str, Any], rows: list[Raw], open_: bool) -> Raw | None:
    """The rarely changed options, folded under "More options" with how many differ from their defaults."""
    if not rows:
        return None
    n = changed_rare(game, options)
    label = t("new.more") + ("" if not n else " " + t("new.more.changed-one" if singular(n) else "new.more.changed", n=n))
    return h("details", {"class_": "more", "data-field": "more", "open": open_},
             h("summary", None, label), rows)


def _option_value_label(game: Game, name: str, value: Any) -> str:
    key = f"option.{name}.{value}"
    label = gt(game, key)
    return str(value) if label == key else label


def calls_only(options: dict[str, Any]) -> bool:
    """Caller mode: the app only calls the tiles for a table playing with the real boxes, so its
    seats are the people who take turns as the caller, never computers."""
    return options.get("mode") == "caller"


def _seat_row(game: Game, n: int, seat: Seat, shown: str, people_only: bool = False) -> Raw:
    """A seat's name, kind and colour: the colour chosen, or "automatic" (the person's usual
    colour, else the first free), `shown` by the swatch either way."""
    kinds = [("human", t("new.human"))] + ([] if people_only else [
        (f"bot:{lvl}", t("new.bot", level=level_name(lvl))) for lvl in core.bot_levels(game.id)])
    current = "human" if not seat.is_bot else f"bot:{seat.level}"
    return h("fieldset", {"class_": "seat", "data-colour": shown},
             h("legend", None, h("span", {"class_": "swatch", "aria-hidden": "true"}), t("new.seat", n=n + 1)),
             h("label", None, t("new.seat.name"),
               h("input", {"name": f"seat-{n}-name", "value": person(seat.name), "maxlength": MAX_NAME,
                           "autocomplete": "off", "required": True, "list": "people-names"})),
             None if people_only else h("label", None, t("new.seat.kind"),
               h("select", {"name": f"seat-{n}-kind"},
                 [h("option", {"value": v, "selected": v == current}, label) for v, label in kinds])),
             h("label", None, t("new.seat.colour"),
               h("select", {"name": f"seat-{n}-colour", "data-refresh": "1"},
                 [h("option", {"value": "", "selected": seat.colour is None}, t("colour.auto"))]
                 + [h("option", {"value": c, "selected": c == seat.colour}, t(f"colour.{c}")) for c in COLOURS])))


def fixed(game: Game, name: str, options: dict[str, Any]) -> bool:
    """Whether the other choices fix this option (the 2012 edition has only Michael's setup):
    every value it could take settles back to the current one."""
    current = options.get(name)
    return all(game.settle_options({**options, name: value})[name] == current for value in game.option(name).choices)


def option_row(game: Game, opt: core.Option, options: dict[str, Any]) -> Raw:
    label = gt(game, f"option.{opt.name}")
    help_key = f"option.{opt.name}.help"
    help_text = gt(game, help_key)
    value = options.get(opt.name, opt.default_value)
    locked = fixed(game, opt.name, {**game.default_options(), **options})
    if locked:
        reason_key = f"option.{opt.name}.fixed"
        reason = gt(game, reason_key)
        help_text, help_key = (reason if reason != reason_key else t("new.option-fixed")), ""
    if isinstance(opt.default_value, bool):
        control = h("input", {"type": "checkbox", "name": f"opt-{opt.name}", "checked": bool(value), "disabled": locked})
    else:
        control = h("select", {"name": f"opt-{opt.name}", "disabled": locked},
                    [h("option", {"value": str(c), "selected": c == value}, _option_value_label(game, opt.name, c))
                     for c in opt.choices])
    return h("div", {"class_": "option" + (" fixed" if locked else ""), "hidden": not opt.matters(options)},
             h("label", None, h("span", {"class_": "option-label"}, label), control),
             h("p", {"class_": "option-help"}, help_text) if help_text != help_key else None)


def dialog(game: Game, players: int, seats: list[Seat], options: dict[str, Any], error: str = "",
           undo: bool = True, known: list[dict[str, str]] = (), confirm: bool | None = None,
           aloud: bool | None = None, guide: bool = False, same: list[Seat] | None = None, more: bool = False) -> Raw:
    """The form; `known` are the people who played here (people.known): each one not seated is a
    chip that sits them down in a tap (`seat_person`), their names are offered as a seat's name is
    typed, and a seat of theirs takes their colour unless another is chosen.
    `same`: the last table of this game (its seats), offered to start again in one tap.
    `confirm`: whether placements wait for a confirmation, None where the table does not offer it
    with these options; `aloud`: whether each tile or number is said aloud as it comes, None where
    the table calls none (or has its own switch: caller mode). In caller mode (the app only calls the tiles) it asks only what that mode
    uses: the people taking turns as the caller (no computers, no levels), the options that still
    play a part (`Option.matters`), no undo (every call is a reveal). The options few tables
    change (`Option.rare`) are folded under "More options" (`more`: unfolded), so that Start
    shows without scrolling on a tablet.
    `guide`: the game is opened here for the first time, and its guided game is offered first."""
    shown = [seat.colour for seat in coloured(seats, list(known))]
    rare = [option_row(game, o, options) for o in game.options if o.rare]
    return h("form", {"class_": "dialog newgame", "id": "newgame", "data-game": game.id, "role": "dialog",
                      "aria-modal": "true", "aria-labelledby": "newgame-title"},
             h("h2", {"id": "newgame-title"}, t("new.title", game=gt(game, "name"))),
             h("div", {"class_": "guide-offer"}, h("p", None, t("guide.offer")),
               h("button", {"type": "button", "class_": "primary", "data-action": "guide", "data-game": game.id},
                 t("guide.button"))) if guide else None,
             _same_table(game, same),
             h("label", {"class_": "players"}, t("new.players"),
               h("select", {"name": "players", "data-refresh": "1"},
                 [h("option", {"value": n, "selected": n == players}, n)
                  for n in range(game.min_players, game.max_players + 1)])),
             _chips(game, seats, list(known)),
             h("div", {"class_": "seats"}, [_seat_row(game, n, seat, shown[n], calls_only(options))
                                            for n, seat in enumerate(seats)]),
             h("datalist", {"id": "people-names"}, [h("option", {"value": p["name"]}) for p in known]),
             None if calls_only(options) else h("ul", {"class_": "level-help"},
               [h("li", None, h("strong", None, level_name(lvl)), " : " if lang() == "fr" else ": ", t(f"level.{lvl}.help"))
                for lvl in core.bot_levels(game.id) if f"level.{lvl}.help" in texts.TEXTS["en"]]),
             h("h3", None, t("new.options")) if game.options else None,
             h("div", {"class_": "options"}, [option_row(game, o, options) for o in game.options if not o.rare],
               None if calls_only(options) else h("div", {"class_": "option"},   # every call is a reveal: nothing to undo
                 h("label", None, h("span", {"class_": "option-label"}, t("new.undo")),
                   h("input", {"type": "checkbox", "name": "undo", "checked": undo})),
                 h("p", {"class_": "option-help"}, t("new.undo.help"))),
               None if confirm is None else h("div", {"class_": "option"},
                 h("label", None, h("span", {"class_": "option-label"}, t("new.confirm")),
                   h("input", {"type": "checkbox", "name": "confirm", "checked": confirm})),
                 h("p", {"class_": "option-help"}, t("new.confirm.help"))),
               None if aloud is None else h("div", {"class_": "option"},
                 h("label", None, h("span", {"class_": "option-label"}, t("new.aloud")),
                   h("input", {"type": "checkbox", "name": "aloud", "checked": aloud})),
                 h("p", {"class_": "option-help"}, t("new.aloud.help"))),
               _more(game, options, rare, more)),
             h("p", {"class_": "form-error", "role": "alert"}, error) if error else None,
             h("div", {"class_": "dialog-actions"},
               h("button", {"type": "button", "data-action": "close-layer"}, t("new.cancel")),
               h("button", {"type": "submit", "class_": "primary", "data-action": "start"}, t("new.start"))))


def parse(game: Game, form: dict[str, Any]) -> tuple[int, list[Seat], dict[str, Any]]:
    """Players, seats and options from the form's raw values; BadOptions if anything is off."""
    try:
        players = game.check_players(int(form.get("players", game.default_players)))
    except (TypeError, ValueError):
        raise BadOptions("the number of players is not a number") from None
    levels = core.bot_levels(game.id)
    seats = []
    for n in range(players):
        name = cut_name(str(form.get(f"seat-{n}-name") or ""))
        kind = str(form.get(f"seat-{n}-kind") or "human")
        default = default_name(name)
        colour = form.get(f"seat-{n}-colour")
        colour = colour if colour in COLOURS else None
        typed = name and default is None   # a default name, of any language, is the seat's default now
        if kind.startswith("bot:") and kind[4:] in levels:
            # a seat switched to the computer keeps a typed name, not the default person's name
            seats.append(Seat(name if typed else t("new.bot-name", n=n + 1), "bot", kind[4:], colour))
        else:
            seats.append(Seat(name if typed else t("new.default-name", n=n + 1), colour=colour))
    options: dict[str, Any] = {}
    for opt in game.options:
        raw = form.get(f"opt-{opt.name}")
        if isinstance(opt.default_value, bool):
            options[opt.name] = bool(raw)
        elif raw is not None:
            matches = [c for c in opt.choices if str(c) == str(raw)]
            if not matches:
                raise BadOptions(f"{opt.name}: {raw!r} is not allowed")
            options[opt.name] = matches[0]
    merged = game.settle_options({**game.default_options(), **options})
    options = {k: v for k, v in merged.items() if game.option(k).matters(merged)}
    if calls_only(options):   # people only: a computer seat becomes a person
        seats = [Seat(t("new.default-name", n=n + 1) if default_name(seat.name) else seat.name, colour=seat.colour)
                 if seat.is_bot else seat for n, seat in enumerate(seats)]
    return players, seats, game.validate_options(options, players)


def resize_seats(game: Game, seats: list[Seat], players: int) -> list[Seat]:
    fresh = default_seats(game, players)
    return [seats[n] if n < len(seats) else fresh[n] for n in range(players)]

