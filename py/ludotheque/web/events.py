"""The worker's side of the page. The page's host (static/host/) awaits `call` for every
event, sending a plain description of it (the action's data attributes, the form's values, a
file's text, the key) and the storage values changed since its last call; `call` dispatches on
`data-action` (app actions, this table) and `data-act` (the open game's own actions) to plain
functions in the screens' modules, and answers with the operations for the page and the storage
writes. Every handler runs inside `guarded`, so a Python error becomes a readable message and
never a blank screen. What is only DOM mechanics (keeping the focus across a repaint, arrow keys,
the Tab trap, placing a refusal beside the tap) is the host's."""
from __future__ import annotations

import copy
import json
import time
from typing import Any

from .. import games
from . import i18n
from .table.guide import Guide
from .i18n import t
from .storage.saves import ASIDE_PREFIX, SAVE_PREFIX, STATS_KEY, LANG_KEY, Save, SaveError, SaveStore
from .page import (APP, SETTINGS_KEY, SHARE_PREFIX, MirrorStorage, guarded, layer, out, page_address,
                   replace_address, run_timer)
from .screens.home import (act_delete, act_delete_aside, act_dismiss, act_export, act_export_aside,
                           render_home, show_home, show_storage)
from .table.opening import (act_again, act_continue, act_copy_daily, act_copy_share, act_daily, act_leave,
                            act_log, act_calls_aloud, act_pace, act_restart, act_reveal, act_share,
                            act_speak, act_step, act_undo, act_undo_keep, guide_place, import_file,
                            open_guide, open_session, open_shared, paint_table, reopen_guide)
from .screens.dialogs import (act_chip, act_guide_real, act_lang, act_same_table, open_new_game,
                              refresh_dialog, show_rules, start_game)
from .screens.devices import (act_devices, act_devices_gather, act_devices_join, act_devices_new,
                              act_devices_play, act_devices_rank, refresh_devices)
from .screens.backup_screen import act_backup, act_safari_close, restore_file



ACTIONS = {
    "new": lambda d: open_new_game(d["game"]),
    "rules": lambda d: show_rules(d["game"]),
    "close-layer": lambda d: layer(""),
    "continue": act_continue,
    "view": lambda d: act_continue(d, readonly=True),
    "delete": act_delete,
    "leave": act_leave,
    "restart": act_restart,
    "again": act_again,
    "lang": act_lang,
    "undo": act_undo,
    "undo-keep": act_undo_keep,
    "step": act_step,
    "pace": act_pace,
    "copy-daily": act_copy_daily,
    "speak": act_speak,
    "calls-aloud": act_calls_aloud,
    "log": act_log,
    "reveal": act_reveal,
    "share": act_share,
    "copy-share": act_copy_share,
    "export": act_export,
    "export-aside": act_export_aside,
    "delete-aside": act_delete_aside,
    "storage": lambda d: show_storage(),
    "daily": act_daily,
    "dismiss": act_dismiss,
    "backup": act_backup,
    "safari-close": act_safari_close,
    "sound": lambda d: None,   # the top bar's sound switch: static/motion.js keeps it
    "guide": lambda d: open_guide(Guide(games.get(d["game"]))),
    "guide-real": act_guide_real,
    "same-table": act_same_table,
    "devices": act_devices,
    "devices-play": act_devices_play,
    "devices-gather": act_devices_gather,
}
# taps that read the values of the form they are in, as they stand
FORM_ACTIONS = {
    "chip": lambda target, values: act_chip(target, values),
    "devices-new": act_devices_new,
    "devices-join": act_devices_join,
    "devices-rank": act_devices_rank,
}


def on_click(data: dict) -> None:
    """A tap (or Enter and Space on a board's cell, which is no button): `target` holds the data
    attributes of the control tapped, if any; `in_layer`, whether it was inside the dialog."""
    target = data.get("target")
    if not target:
        if APP.session and not data.get("in_layer"):
            APP.session.table.cancel()
        return
    if "act" in target:
        if APP.session:
            APP.session.tap(target["act"], target)
            if target["act"] in ("review", "review-close"):
                focus_review()
        return
    action = target["action"]
    if action == "start":
        return  # the form's submit event starts the game
    if action in FORM_ACTIONS:   # a known person seated, a table opened or joined, results gathered
        FORM_ACTIONS[action](target, data.get("values") if isinstance(data.get("values"), dict) else {})
        return
    ACTIONS[action](target)


def on_escape(_data: dict) -> None:
    if APP.layer_kind:
        layer("")
    elif APP.session and APP.session.table.close_review():
        focus_review()
    elif APP.session and APP.session.table.zoomed is not None:
        seat, APP.session.table.zoomed = APP.session.table.zoomed, None
        out("focus", sels=[f"#table [data-glance][data-seat='{seat}']"])
    elif APP.session and APP.session.table.screen.log_open:
        act_log({})
        out("focus", sels=["#table .toolbar [data-action='log']"])
    elif APP.session:
        APP.session.table.cancel()


def focus_review() -> None:
    """The review opened: focus its close button; it closed: focus the button that opens it."""
    out("focus", sels=["#review .review-close", "#table .review-open"])


def on_submit(data: dict) -> None:
    """Enter in a form: the new game started, the table joined (a code typed) or opened, the
    results gathered."""
    values = data.get("values") if isinstance(data.get("values"), dict) else {}
    form = data.get("form")
    if form == "newgame":
        start_game(values)
    elif form == "devices":
        act_devices_new({}, values)   # with a code typed, it joins that table
    elif form == "gather":
        act_devices_rank({}, values)


def on_change(data: dict) -> None:
    """A field of the new-game form that changes the form itself (players, a seat's kind, an option)."""
    name = str(data.get("name") or "")
    if APP.dialog and APP.dialog.get("kind") == "devices":
        if name.startswith("opt-"):
            refresh_devices(data.get("values") or {})
    elif name == "players" or name.startswith("opt-") or name.endswith("-kind"):
        refresh_dialog(data.get("values") or {})


def on_drag(data: dict) -> None:
    if APP.session and data.get("target"):
        APP.session.table.drag(data["target"])


def on_drop(data: dict) -> None:
    target = data.get("target")
    if APP.session and target and "act" in target:
        APP.session.tap(target["act"], target)


def on_storage(data: dict) -> None:
    """Another tab changed storage (its values came with this call): follow its moves, refresh the
    home screen."""
    key = data.get("key") if isinstance(data.get("key"), str) else ""
    if APP.session and key == APP.session.save.key:
        APP.session.reload_if_changed()
    elif APP.session is None and (key.startswith((SAVE_PREFIX, ASIDE_PREFIX)) or key in ("", STATS_KEY)):
        render_home()


def draw_picture(data: dict) -> None:
    """The home screen drawn behind the open table, for the page to keep as its picture (the next
    visit then shows it at once: static/host/picture.js). A dry run: a home that would set a value aside,
    drop an old game or say anything is not drawn, and nothing it read is changed."""
    if APP.session is None:
        return   # the home is on show: drawn at its every change already
    values, notices, told = dict(MIRROR.values), list(APP.notices), set(APP.left_told)
    try:
        render_home()
        clean = not MIRROR.writes and len(APP.notices) == len(notices)
    finally:
        MIRROR.values, MIRROR.writes, APP.notices, APP.left_told = values, {}, notices, told
    if not clean:
        APP.ops = [op for op in APP.ops if op.get("sel") != "#saved"]


# --- where the page opens: the routes, all here ---------------------------------------------------
# #replay=<code> in the address: that finished game, read-only (the address stays while it is shown,
# so a reload replays it again). Otherwise the game this tab had at its table, if it goes on: the
# page keeps it in sessionStorage when it is hidden or goes away (per tab: two tabs reopen their own
# games after a reload) and, in the installed app, in localStorage too (reopening the app is a fresh
# start with an empty sessionStorage); it sends it at the start as `reopen`. Otherwise the home
# screen. index.html's first script reads the same keys to hide the menu while it waits.

def open_where_left() -> None:
    where = str(APP.env.get("hash", ""))
    if where.startswith(SHARE_PREFIX):
        open_shared(where[len(SHARE_PREFIX):])
        return
    game = APP.env.get("reopen")
    if not isinstance(game, str) or not game or reopen_guide(game):
        return
    try:
        save, state = APP.store.load(game)
    except SaveError:
        return   # deleted or unreadable since: the home screen (it lists what cannot be read)
    if not save.over:
        open_session(save, state)


def on_hashchange(data: dict) -> None:
    """A replay link opened in a tab where the app already runs: open it as a fresh start would
    (the game at the table, if any, is left), keeping its address."""
    where = str(data.get("hash") or "")
    APP.env["hash"] = where
    if not where.startswith(SHARE_PREFIX):
        return
    show_home()   # it drops a replay's address: put this one back, a reload must replay it too
    replace_address(page_address() + where)
    open_shared(where[len(SHARE_PREFIX):])


def start(env: dict) -> None:
    """The worker's first call: the page's facts (language, address, touch screen, installed, the
    table to reopen), then the home screen or that table."""
    APP.env = dict(env)
    i18n.set_lang(str(env.get("lang") or "fr"))
    guarded(render_home)
    guarded(open_where_left)
    out("ready")


HANDLERS = {"start": start, "click": on_click, "escape": on_escape, "submit": on_submit, "change": on_change,
            "import": import_file, "restore": restore_file, "drag": on_drag, "drop": on_drop, "storage": on_storage,
            "hashchange": on_hashchange, "picture": draw_picture, "timer": lambda data: run_timer(int(data["id"])),
            "thought": lambda data: run_timer(int(data["id"]), data.get("move")),
            "judged": lambda data: run_timer(int(data["id"]), data.get("found"))}

# --- one call from the page ---------------------------------------------------------------------
MIRROR = MirrorStorage()
APP.store = SaveStore(MIRROR, clock=time.time)
ONLY_FOR_THIS_VISIT = (SETTINGS_KEY, LANG_KEY)   # unstored, they still hold until the page goes


class Attempt:
    """The call being answered, kept until the page has stored its writes: if the storage refused
    them (full), `refused` takes it up again; if another tab wrote what it read, `conflict`."""
    message: dict[str, Any] = {}
    before: dict[str, Any] = {}
    ops: list[dict[str, Any]] = []
    writes: list[list] = []
    read: dict[str, str | None] = {}


def call(message: str) -> str:
    """One event from the page (JSON: kind, data, the storage values changed since the last call;
    or, after a refused write, `refused`; or, after another tab wrote what the call read,
    `conflict`); the answer (JSON): the operations for the page and the storage writes, in order,
    and with writes what they were based on (`basis`: the page stores them only if its storage
    still holds it)."""
    request = json.loads(message)
    MIRROR.follow(request.get("changes") or {})
    MIRROR.begin()
    if request.get("refused"):
        refused(request["refused"])
    elif request.get("conflict"):
        conflict()
    else:
        Attempt.message, Attempt.before = request, remember()
        MIRROR.full = False
        dispatch(request)
    Attempt.ops, Attempt.writes = APP.ops, MIRROR.take_writes()
    answer: dict[str, Any] = {"ops": APP.ops, "writes": Attempt.writes}
    if Attempt.writes and not request.get("refused") and not request.get("conflict"):
        answer["basis"] = MIRROR.basis()
        Attempt.read = answer["basis"]["read"]
    return json.dumps(answer, ensure_ascii=False)


def dispatch(request: dict) -> None:
    """One event: its handler, then one paint of the open table, whatever the handler changed
    (the page leaves the table alone when its markup is the same), then where a reload reopens."""
    APP.ops = []
    guarded(HANDLERS[request["kind"]], request.get("data") or {})
    guarded(paint_table)
    focus_last()
    session = APP.session
    reopen = None if not session or session.readonly else guide_place(session) if session.guide else session.save.id
    if reopen != APP.env.get("reopen"):
        APP.env["reopen"] = reopen
        out("reopen", game=reopen)


def focus_last() -> None:
    """A focus names an element of the screen as painted: it goes after the paint."""
    APP.ops = [op for op in APP.ops if op["op"] != "focus"] + [op for op in APP.ops if op["op"] == "focus"]


def remember() -> dict[str, Any]:
    """What an event may change besides the open game, to take the event up again from there."""
    return {"notices": list(APP.notices), "left_told": set(APP.left_told), "session": APP.session,
            "dialog": copy.deepcopy(APP.dialog), "layer_kind": APP.layer_kind, "env": dict(APP.env),
            "table_markup": APP.table_markup, "share_text": APP.share_text, "timers": dict(APP.timers)}


def restore(before: dict[str, Any]) -> None:
    """Back to where the call started (`remember`), to take it up again."""
    APP.notices, APP.left_told, APP.session = list(before["notices"]), set(before["left_told"]), before["session"]
    APP.dialog, APP.layer_kind, APP.env = copy.deepcopy(before["dialog"]), before["layer_kind"], dict(before["env"])
    APP.table_markup, APP.share_text, APP.timers = before["table_markup"], before["share_text"], dict(before["timers"])


def moved_here(session) -> bool:
    """The call wrote a move (or an undo) of the game open at this table since before it."""
    written = {key for key, _ in Attempt.writes}
    return session is not None and session is Attempt.before["session"] and session.save.key in written


def refused(keys: list[str]) -> None:
    """The page could not store this call's writes (the storage is full) and stored none of them
    (the values it holds came with this call). A settings or language choice still holds for this
    visit. A move of the open game: the game goes on, saying it is not saved (every later move tries
    again). Anything else (a new game, a value set aside, a daily deal's mark) is taken up again
    from where it started, with no room for any write, as the storage said."""
    session = APP.session
    if all(key in ONLY_FOR_THIS_VISIT for key in keys):
        APP.ops = list(Attempt.ops)
        return
    if moved_here(session):
        APP.ops = list(Attempt.ops)
        raw = MIRROR.getItem(session.save.key)
        try:
            session.save.rev = Save.from_json(raw).rev if raw is not None else 0
        except SaveError:
            session.save.rev = 0
        session.unsaved = "full"
        session.message = t("saves.full")
        paint_table()
        return
    restore(Attempt.before)
    MIRROR.full = True
    dispatch(Attempt.message)


def conflict() -> None:
    """Another tab wrote, while this call ran, a value the call had read: the page stored none of
    its writes and showed none of its operations; it sent the values as they are now and holds the
    cross-tab lock while this runs, so what is written now is final. A move of the open game (all
    of whose writes come from the keeper): written again from the revision the call had read, so
    the keeper meets the other tab's newer game as it would have (that game is taken instead and
    the move said not kept), or a deletion, or writes the statistics afresh; the table painted
    anew. Anything else is taken up again from where it started, on the values as they are now."""
    session = APP.session
    if moved_here(session):
        APP.ops = [op for op in Attempt.ops if op["op"] != "table"]
        APP.table_markup = Attempt.before["table_markup"]
        raw = Attempt.read.get(session.save.key)
        try:
            session.save.rev = Save.from_json(raw).rev if raw is not None else 0
        except SaveError:
            session.save.rev = 0
        guarded(session.persist)
        guarded(paint_table)
        focus_last()
        return
    restore(Attempt.before)
    dispatch(Attempt.message)
