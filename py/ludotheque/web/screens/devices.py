"""One game on several devices (Take It Easy, 3x16): the dialog that opens a table or joins one
by its code, each device's own board, and the gathering of the result codes into the table's
ranking. The codes themselves are `table_codes`' (pure); nothing here needs a network: the
devices only ever exchange what people read aloud or type."""
from __future__ import annotations

import json
from typing import Any

from ... import games, table_codes
from ...core import BadOptions, Game
from ...table_codes import CodeError, Result, Table
from . import newgame
from ..storage import people, stats
from ..dom import Raw, h
from ..widgets import qr_code, scan_button
from ..i18n import gt, person_key, t
from ..storage.saves import MAX_NAME, Save, SaveError, Seat, StorageFull, cut_name
from ..page import APP, layer, put_settings, random_seed, settings, storage_refused
from .home import show_storage, write_new
from ..table.opening import act_continue, open_session
from ..table.view import result_code_of

def said(error: CodeError) -> str:
    return t(f"devices.error.{error.key}", **error.params)


def last_name() -> str:
    """The name this device last played under (the people remembered here), else the default."""
    return people.usual_name(settings()) or t("new.default-name", n=1)


def dialog(game: Game, name: str, options: dict[str, Any], code: str = "", error: str = "",
           join_error: str = "", aloud: bool = False) -> Raw:
    """Open a table (your name, the game's options) or join one by its code; on either, this
    device may say each tile or number aloud as it comes."""
    rows = [newgame.option_row(game, opt, options) for opt in game.options if opt.name not in game.device_fixed]
    return h("form", {"class_": "dialog newgame devices", "id": "devices", "data-game": game.id, "role": "dialog",
                      "aria-modal": "true", "aria-labelledby": "devices-title"},
             h("h2", {"id": "devices-title"}, t("devices.title", game=gt(game, "name"))),
             h("p", None, t("devices.explain")),
             h("label", {"class_": "device-name"}, t("devices.name"),
               h("input", {"name": "name", "value": name, "maxlength": MAX_NAME, "autocomplete": "off",
                           "required": True})),
             h("div", {"class_": "option"},
               h("label", None, h("span", {"class_": "option-label"}, t("new.aloud")),
                 h("input", {"type": "checkbox", "name": "aloud", "checked": aloud})),
               h("p", {"class_": "option-help"}, t("new.aloud.help"))),
             h("section", {"class_": "device-join", "aria-labelledby": "join-title"},
               h("h3", {"id": "join-title"}, t("devices.join.title")),
               h("label", None, t("devices.code"),
                 h("input", {"name": "code", "value": code, "autocomplete": "off", "autocapitalize": "characters",
                             "spellcheck": "false", "inputmode": "text", "class_": "code-input"})),
               h("p", {"class_": "form-error", "role": "alert"}, join_error) if join_error else None,
               h("div", {"class_": "code-actions"},
                 scan_button("code", "devices-join"),
                 h("button", {"type": "button", "class_": "primary", "data-action": "devices-join"}, t("devices.join")))),
             h("section", {"class_": "device-new", "aria-labelledby": "new-table-title"},
               h("h3", {"id": "new-table-title"}, t("devices.new")),
               [h("input", {"type": "hidden", "name": f"opt-{name}", "value": str(value)})
                for name, value in game.device_fixed.items()],
               h("div", {"class_": "options"}, rows),
               h("p", {"class_": "form-error", "role": "alert"}, error) if error else None),
             # the form's bar (sticky at its foot, as the new-game form's): opening a table is
             # never under it, however far the options scroll
             h("div", {"class_": "dialog-actions"},
               h("button", {"type": "button", "data-action": "close-layer"}, t("new.cancel")),
               h("button", {"type": "button", "class_": "primary", "data-action": "devices-new"}, t("devices.new"))))


def act_devices(data: dict) -> None:
    game = games.get(data.get("game") or "")
    if game.device_number is None:
        return
    APP.dialog = {"game": game.id, "kind": "devices"}
    layer(dialog(game, last_name(), game.default_options()), kind="devices")


def refresh_devices(values: Any) -> None:
    """An option changed: the options that play a part with it are shown (the code is kept)."""
    form = _form(values)
    if form is not None:
        repaint(*form)


def repaint(game: Game, name: str, values: dict[str, Any], error: str = "", join_error: str = "") -> None:
    """The dialog again as the person left it (name, code, options, aloud), with what went wrong."""
    try:
        options = newgame.parse(game, {**values, "players": 1})[2]
    except BadOptions:
        options = game.default_options()
    layer(dialog(game, name, options, code=str(values.get("code") or "")[:80], error=error, join_error=join_error,
                 aloud=bool(values.get("aloud"))), kind="devices")


def _form(values: Any) -> tuple[Game, str, dict[str, Any]] | None:
    if APP.dialog is None or APP.dialog.get("kind") != "devices" or not isinstance(values, dict):
        return None
    game = games.get(APP.dialog["game"])
    name = cut_name(str(values.get("name") or "")).strip() or t("new.default-name", n=1)
    return game, name, values


def act_devices_new(data: dict, values: Any) -> None:
    """A new table: its code, for the other devices, then this device's board. With a code
    typed in the join field, the form's big button joins that table instead (as Join would, a
    wrong code said at the field): a person who typed a code came to join, and a new table
    would deal her other tiles, her result refused at the end."""
    form = _form(values)
    if form is None:
        return
    if str(values.get("code") or "").strip():
        act_devices_join(data, values)
        return
    game, name, values = form
    try:
        _, _, options = newgame.parse(game, {**values, "players": 1})
        seed = (random_seed() << 32 | random_seed()) % (1 << table_codes.SEED_BITS)   # two 32-bit draws
        table = Table(game.id, options, seed)
        code = table.code
    except BadOptions as exc:
        repaint(game, name, values, error=t("new.error", reason=str(exc)))
        return
    APP.dialog = {"game": game.id, "kind": "devices-code", "code": code, "name": name, "aloud": bool(values.get("aloud"))}
    layer(h("div", {"class_": "dialog devices-code", "role": "dialog", "aria-modal": "true",
                    "aria-labelledby": "code-title"},
            h("h2", {"id": "code-title"}, t("devices.code.title")),
            h("p", {"class_": "code table-code", "id": "table-code"}, code),
            qr_code(code, "table-qr"),
            h("p", None, t("devices.code.explain", game=gt(game, "name"))),
            h("div", {"class_": "dialog-actions"},
              h("button", {"type": "button", "data-action": "close-layer"}, t("new.cancel")),
              h("button", {"type": "button", "class_": "primary", "data-action": "devices-play"}, t("devices.play")))),
          kind="devices")


def act_devices_play(_data: dict) -> None:
    if APP.dialog is None or APP.dialog.get("kind") != "devices-code":
        return
    refused = play_at(table_codes.read_table(APP.dialog["code"]), APP.dialog["name"], APP.dialog["aloud"])
    if refused == "full":
        show_storage(t("saves.full-start"))
    elif refused:
        layer(h("div", {"class_": "dialog devices-code", "role": "alertdialog", "aria-modal": "true",
                        "aria-labelledby": "code-refused"},
                h("p", {"class_": "form-error", "id": "code-refused"}, t(f"devices.claim.{refused}")),
                h("div", {"class_": "dialog-actions"},
                  h("button", {"type": "button", "class_": "primary", "data-action": "close-layer"}, t("rules.close")))),
              kind="devices")


def act_devices_join(_data: dict, values: Any) -> None:
    form = _form(values)
    if form is None:
        return
    game, name, values = form
    try:
        table = table_codes.read_table(values.get("code"))
    except CodeError as exc:
        repaint(game, name, values, join_error=said(exc))
        return
    if table.game != game.id:   # a code of another game's table, typed on this card: said, not opened
        repaint(game, name, values, join_error=t("devices.other-game", game=gt(games.get(table.game), "name"),
                                                 here=gt(game, "name")))
        return
    refused = play_at(table, name, bool(values.get("aloud")))
    if refused == "full":
        show_storage(t("saves.full-start"))
    elif refused:
        APP.dialog = {"game": game.id, "kind": "devices"}
        repaint(game, name, values, join_error=t(f"devices.claim.{refused}"))


def play_at(table: Table, name: str, aloud: bool = False) -> str | None:
    """This device's board at the table: the one it already plays (a second join goes on with
    it), else a new one-seat game on the table's seed. Its tiles are the whole table's: no
    undo past a reveal, and no copy of it leaves the device before it ends (`kept_back`). One
    board per table and device, as one attempt per daily deal: the table's mark is claimed with
    the board (`stats.claim_table`), so a board deleted and its code joined again deals nothing
    (its every tile is known here). None once the board opens, else why not (`claim_table`)."""
    APP.dialog = None
    saves, _ = APP.store.load_all()
    for save in saves:
        if save.table == table.code and save.record.get("players") == 1:
            act_continue({"save": save.id})
            return None
    state = table.new()
    seats = people.coloured([Seat(name)], people.known(settings()))
    save = Save(id=APP.store.new_id(), game=table.game, record=state.record(), seats=seats, undo=False,
                aloud=aloud, table=table.code)
    save.follow(state)
    if storage_refused():
        claim = None   # nothing is kept on this visit: a board opens, unsaved (its table says so)
    else:
        claim = stats.claim_table(APP.store, table.code, save)
    if claim:
        return claim
    put_settings(people.met(settings(), seats))   # the name offered next time
    open_session(save, state)
    return None


# --- gathering the results --------------------------------------------------------------------

def gather_dialog(length: int, codes: str = "", errors: list[str] = ()) -> Raw:
    """The result codes to type or scan; how long each is (`length`, this device's own: the
    table's others are about as long) is said before anyone starts typing."""
    return h("form", {"class_": "dialog gather", "id": "gather", "role": "dialog", "aria-modal": "true",
                      "aria-labelledby": "gather-title"},
             h("h2", {"id": "gather-title"}, t("devices.gather")),
             h("p", None, t("devices.gather.explain")),
             h("p", {"class_": "code-length"}, t("devices.gather.length", n=length)),
             h("label", None, t("devices.codes"),
               h("textarea", {"name": "codes", "rows": 4, "autocomplete": "off", "spellcheck": "false",
                              "autocapitalize": "characters", "class_": "code-input"}, codes)),
             scan_button("codes"),
             h("ul", {"class_": "form-error", "role": "alert"}, [h("li", None, e) for e in errors]) if errors else None,
             h("div", {"class_": "dialog-actions"},
               h("button", {"type": "button", "data-action": "close-layer"}, t("new.cancel")),
               h("button", {"type": "button", "class_": "primary", "data-action": "devices-rank"}, t("devices.rank"))))


def act_devices_gather(_data: dict) -> None:
    session = APP.session
    if session is None or result_code_of(session) is None:
        return   # only a device's own finished board of a table gathers (not the ranking itself)
    APP.dialog = {"kind": "gather", "save": session.save.id}
    layer(gather_dialog(code_length(session)), kind="gather")


def code_length(session) -> int:
    """The characters of this device's result code, dashes left out: what typing one costs."""
    return len((result_code_of(session) or "").replace("-", ""))


def ranking_id(table: Table) -> str:
    """The save id of a table's ranking on this device: one per table, however often it is gathered."""
    return "table-" + table.code.replace("-", "")


def boards(seats: list[Seat], state) -> list[tuple[str, str]]:
    """Who played which board in a table's game of several seats: (person, moves), sorted; the
    moves the whole table makes once (the first seat's) are left out."""
    game = state.game
    replay = game.new(state.players, seed=state.record()["seed"], options=state.options)
    moves: list[list] = [[] for _ in seats]
    for move in state.moves:
        if move["type"] not in game.table_moves:
            moves[replay.current_player].append(move)
        replay.play(move)
    return sorted((person_key(seat.name), json.dumps(played, sort_keys=True)) for seat, played in zip(seats, moves))


def act_devices_rank(_data: dict, values: Any) -> None:
    """The table's ranking from this device's board and the result codes typed: every board
    rebuilt here, the game of all of them stored as a finished game (its people counted in the
    statistics like any table's) and opened; a code that cannot be used is said, line by line,
    and nothing is stored. Each person has one board at a gathering: a code under a name that
    has one already (this device's own included) is refused.

    What a gathering counts: a table is one game on this device (`ranking_id`). Gathering the
    same boards again opens the ranking stored and counts nothing; gathering other boards (a
    device that finished late) replaces it, the statistics counting the new ranking instead of
    the old one; a ranking deleted from the history is not counted again."""
    session = APP.session
    if APP.dialog is None or APP.dialog.get("kind") != "gather" or session is None or not isinstance(values, dict):
        return
    if result_code_of(session) is None:
        return
    text = str(values.get("codes") or "")
    table = table_codes.read_table(session.save.table)   # read already by result_code_of
    own = cut_name(session.save.seats[0].name) or t("new.default-name", n=1)
    results = [Result(own, session.state)]
    errors = []
    lines = [line for line in text.splitlines() if line.strip()]
    for n, line in enumerate(lines, start=1):
        try:
            result = table_codes.read_result(table, line)
        except CodeError as exc:
            errors.append(t("devices.line", n=n, reason=said(exc)))
            continue
        result = Result(cut_name(result.name) or t("new.default-name", n=len(results) + 1), result.state)
        if any(result.state.moves == other.state.moves and result.name == other.name for other in results):
            errors.append(t("devices.line", n=n, reason=t("devices.twice")))
            continue
        if any(person_key(result.name) == person_key(other.name) for other in results):
            errors.append(t("devices.line", n=n, reason=t("devices.same-name", name=result.name)))
            continue
        results.append(result)
    if not lines:
        errors.append(t("devices.empty"))
    if not errors:
        results = table_codes.seating(results)   # the same game on every device of the table
        try:
            joint = table_codes.joint_state(table, results)
        except CodeError as exc:
            errors.append(said(exc))
    if errors:
        layer(gather_dialog(code_length(session), text[:4000], errors), kind="gather")
        return
    seats = people.coloured([Seat(r.name) for r in results], people.known(settings()))
    save = Save(id=ranking_id(table), game=table.game, record=joint.record(), seats=seats, undo=False,
                table=table.code)
    save.follow(joint)
    APP.dialog = None
    try:
        before, before_state = APP.store.load(save.id)
    except SaveError:
        before = before_state = None
    if before is not None and boards(before.seats, before_state) == boards(seats, joint):
        open_session(before, before_state)   # the same ranking: nothing stored, nothing counted again
        APP.session.notice = t("devices.gathered")
        return
    if before is not None:   # other boards: this ranking instead, counted instead of the one before
        save.rev, save.created = before.rev, before.created
        data, trouble = stats.load(APP.store)
        if (trouble is None or trouble.kept) and stats.uncount(data, before, before_state):
            stats.store_stats(APP.store, data)
        try:
            APP.store.write(save)
        except (SaveError, StorageFull):
            show_storage(t("saves.full-start"))
            return
    elif not write_new(save):
        return
    put_settings(people.met(settings(), seats))   # each person known here, as at a table of this device
    open_session(save, joint)
    APP.session.count_finished()   # counted once stored, like any game that ends
    if before is not None:
        APP.session.notice = t("devices.regathered")
