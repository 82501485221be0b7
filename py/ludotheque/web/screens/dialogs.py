"""The dialogs opened from the home screen: a new game (seats and options), how to play, and the
language switch that repaints every screen."""
from __future__ import annotations

from ... import games
from ...core import BadOptions
from .. import i18n
from . import newgame
from ..storage import people
from ..i18n import t
from ..storage.saves import LANG_KEY, Save, StorageFull
from ..page import APP, layer, out, put_settings, random_seed, settings
from ..table.guide import real_game_seats
from .home import render_home, show_home, write_new
from ..table.opening import open_session, paint_table
from ..table.registry import table_class


def open_new_game(game_id: str, seats: list | None = None) -> None:
    """The form starts from `seats` with the game's default options (a guided game's way to a real
    one), else from the last table of this game on this device (its seats, options, undo and
    confirm), offered again in one tap; else from the default seats and options."""
    from ... import bots  # noqa: F401  (registers the levels the dialog offers)
    game = games.get(game_id)
    chosen = settings()
    last = people.last_table(chosen, game_id)
    # the first time a game is opened on this device, its guided game is offered (then kept in its rules)
    offered = chosen.get("guide_offered")
    offered = offered if isinstance(offered, list) else []
    guide = game.guide is not None and game_id not in offered
    if guide:
        put_settings({"guide_offered": [*offered, game_id]})
    if seats is not None or last is None:
        seats = seats or newgame.default_seats(game, game.default_players)
        APP.dialog = {"game": game_id, "players": len(seats), "seats": seats, "options": game.default_options(),
                      "undo": True, "confirm": False, "aloud": False}
    else:
        APP.dialog = {"game": game_id, "players": len(last.seats), "seats": last.seats, "options": last.options,
                      "undo": last.undo, "confirm": last.confirm, "aloud": last.aloud}
    APP.dialog.update(guide=guide, same=last.seats if last else None, more=False)
    paint_dialog()


def act_guide_real(data: dict) -> None:
    """From a guided game to a real one: the guided table closes (it was never stored) and the
    game's new-game form opens on the home screen, seated for the person and one easy computer;
    nothing is stored until the person starts the game, so leaving it there leaves no empty game
    under "Games in progress". Its guided game is not offered again."""
    game = games.get(data["game"])
    offered = settings().get("guide_offered")
    offered = offered if isinstance(offered, list) else []
    if game.id not in offered:
        put_settings({"guide_offered": [*offered, game.id]})
    show_home()
    open_new_game(game.id, people.coloured(real_game_seats(), people.known(settings())))


def confirm_shown(options: dict) -> bool:
    """Whether the form asks about confirming placements with these options (`offers_confirm`)."""
    return table_class(APP.dialog["game"]).offers_confirm(options)


def aloud_shown(options: dict) -> bool:
    """Whether the form asks about saying each call aloud with these options (`offers_aloud`)."""
    return table_class(APP.dialog["game"]).offers_aloud(options)


def paint_dialog(error: str = "") -> None:
    d = APP.dialog
    game = games.get(d["game"])
    layer(newgame.dialog(game, d["players"], d["seats"], d["options"], error, undo=d["undo"],
                         confirm=d["confirm"] if confirm_shown(d["options"]) else None,
                         aloud=d["aloud"] if aloud_shown(d["options"]) else None, known=people.known(settings()),
                         guide=d["guide"], same=d["same"], more=d["more"]), kind="newgame")


def take_values(values: dict) -> None:
    """The form's choices so far (`values`: the form's, as the page sends them) into the dialog's
    state; values it cannot read leave the state as it was."""
    game = games.get(APP.dialog["game"])
    try:
        players = game.check_players(int(values.get("players", game.default_players)))
    except (BadOptions, TypeError, ValueError):
        return
    try:
        _, seats, options = newgame.parse(game, {**values, "players": min(players, len(APP.dialog["seats"]))})
    except BadOptions:
        seats, options = APP.dialog["seats"], APP.dialog["options"]
    shown = newgame.calls_only(APP.dialog["options"]), confirm_shown(APP.dialog["options"]), aloud_shown(APP.dialog["options"])
    # a choice the form did not show (caller mode has no undo) stays as it was for when it shows again
    APP.dialog.update(players=players, seats=newgame.resize_seats(game, seats, players), options=options,
                      undo=APP.dialog["undo"] if shown[0] else bool(values.get("undo")),
                      confirm=bool(values.get("confirm")) if shown[1] else APP.dialog["confirm"],
                      aloud=bool(values.get("aloud")) if shown[2] else APP.dialog["aloud"],
                      more=bool(values.get("more")))


def refresh_dialog(values: dict) -> None:
    """Players, a seat's kind or an option changed: redraw the dialog with the choices so far."""
    if APP.dialog is None:
        return
    take_values(values)
    paint_dialog()


def act_chip(data: dict, values: dict) -> None:
    """A known person tapped: seated at the first free seat (`newgame.seat_person`), the form's
    other choices kept as they stand."""
    if APP.dialog is None or APP.layer_kind != "newgame" or not isinstance(data.get("name"), str):
        return
    take_values(values)
    game = games.get(APP.dialog["game"])
    seats = newgame.seat_person(game, APP.dialog["seats"], data["name"])
    APP.dialog.update(seats=seats, players=len(seats))
    paint_dialog()


def start_game(values: dict) -> None:
    if APP.dialog is None:
        return
    game = games.get(APP.dialog["game"])
    try:
        players, seats, options = newgame.parse(game, values)
    except BadOptions as exc:
        paint_dialog(t("new.error", reason=str(exc)))
        return
    take_values(values)
    begin(game, seats, options, bool(values.get("undo")), bool(values.get("confirm")), bool(values.get("aloud")))


def act_same_table(data: dict) -> None:
    """The last table of this game again, in one tap: its seats and options, a new deal."""
    if APP.dialog is None or data.get("game") != APP.dialog["game"]:
        return
    game = games.get(APP.dialog["game"])
    last = people.last_table(settings(), game.id)
    if last is None:   # another tab left a value this one cannot use: the form stays
        paint_dialog()
        return
    APP.dialog.update(undo=last.undo, confirm=last.confirm, aloud=last.aloud)
    begin(game, last.seats, last.options, last.undo and not newgame.calls_only(last.options), last.confirm, last.aloud)


def begin(game, seats: list, options: dict, undo: bool, confirm: bool, aloud: bool = False) -> None:
    """Start a game of `game` at these seats with these options (a new deal), remember its table
    for the next form, and open it."""
    try:
        state = game.new(len(seats), seed=random_seed(), options=options)
    except BadOptions as exc:
        paint_dialog(t("new.error", reason=str(exc)))
        return
    chosen = settings()
    seats = people.coloured(seats, people.known(chosen))
    save = Save(id=APP.store.new_id(), game=game.id, record=state.record(), seats=seats,
                undo=undo, confirm=confirm and confirm_shown(options), aloud=aloud and aloud_shown(options))
    save.follow(state)
    if write_new(save):
        # the table as the form held it: a choice it did not show (undo in caller mode) as it was
        table = people.Table(seats, state.options, APP.dialog["undo"], APP.dialog["confirm"], APP.dialog["aloud"])
        put_settings(people.remember(chosen, game.id, table))
        open_session(save, state)


def show_rules(game_id: str) -> None:
    """How to play, with the rule texts' examples drawn and every option as the dialog names it."""
    from . import howto
    layer(howto.dialog(games.get(game_id)))


def act_lang(_data: dict) -> None:
    new = "en" if i18n.lang() == "fr" else "fr"
    i18n.set_lang(new)
    out("lang", value=new)
    try:
        APP.store.put(LANG_KEY, new)
    except StorageFull:
        pass  # the switch still works for this visit
    render_home()
    paint_table()
    if APP.dialog and APP.layer_kind == "newgame":
        paint_dialog()
