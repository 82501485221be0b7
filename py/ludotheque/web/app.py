"""The page's wiring: one listener per event type on the body, dispatching on `data-action`
(app actions, this table) and `data-act` (the open game's own actions) to plain functions in the
screens' modules. Every handler runs inside `guarded`, so a Python error becomes a readable
message and never a blank screen."""
from __future__ import annotations

import asyncio
import time

from pyodide.ffi import create_proxy, jsnull
from pyscript import document, window

from . import i18n
from .saves import ASIDE_PREFIX, STATS_KEY, SaveError, SaveStore
from .page import APP, BrowserStorage, SHARE_PREFIX, by_id, dataset, guarded, layer
from .home import (act_delete, act_delete_aside, act_dismiss, act_export, act_export_aside, render_home,
                   show_home, show_storage)
from .play import (act_again, act_continue, act_copy_share, act_daily, act_guide_real, act_pace, act_restart,
                   act_share, act_speak, act_step, act_undo, import_file, open_guide, open_session, open_shared,
                   paint_table)
from .dialogs import act_lang, open_new_game, refresh_dialog, show_rules, start_game


ACTIONS = {
    "new": lambda d: open_new_game(d["game"]),
    "rules": lambda d: show_rules(d["game"]),
    "close-layer": lambda d: layer(""),
    "continue": act_continue,
    "view": lambda d: act_continue(d, readonly=True),
    "delete": act_delete,
    "leave": lambda d: show_home(),
    "restart": act_restart,
    "again": act_again,
    "lang": act_lang,
    "undo": act_undo,
    "step": act_step,
    "pace": act_pace,
    "copy-daily": lambda d: APP.session.copy_result() if APP.session else None,
    "speak": act_speak,
    "log": lambda d: APP.session.toggle_log() if APP.session else None,
    "reveal": lambda d: APP.session.reveal() if APP.session else None,
    "share": act_share,
    "copy-share": act_copy_share,
    "export": act_export,
    "export-aside": act_export_aside,
    "delete-aside": act_delete_aside,
    "storage": lambda d: show_storage(),
    "daily": act_daily,
    "dismiss": act_dismiss,
    "sound": lambda d: None,   # the top bar's sound switch: static/motion.js keeps it
    "guide": lambda d: open_guide(d["game"]),
    "guide-real": act_guide_real,
}


def on_click(event) -> None:
    target = event.target.closest("[data-action], [data-act]")
    if target is jsnull:
        if APP.session and event.target.closest("#layer") is jsnull:
            APP.session.table.cancel()
            paint_table()
        return
    data = dataset(target)
    remember_tap(target)
    if "act" in data:
        if APP.session:
            APP.session.table.tap(data["act"], data)
            if data["act"] in ("review", "review-close"):
                focus_review()
        return
    action = data["action"]
    if action == "start":
        return  # the form's submit event starts the game
    ACTIONS[action](data)


def remember_tap(target) -> None:
    rect = target.getBoundingClientRect()
    APP.tapped = (int(rect.left), int(rect.bottom), int(rect.top))


def move_focus(key: str) -> bool:
    """Arrow keys: focus the nearest control of the table in that direction (cells, tiles and
    cards, whatever their shape), so a board is played from the keyboard alone."""
    here = document.activeElement
    if here is jsnull or here.closest("#table") is jsnull:
        return False
    box = here.getBoundingClientRect()
    x0, y0 = box.left + box.width / 2, box.top + box.height / 2
    dx, dy = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}[key]
    best, best_cost = None, None
    for el in document.querySelectorAll("#table [data-act], #table .board button"):
        if el.isSameNode(here) or el.hasAttribute("disabled"):
            continue
        r = el.getBoundingClientRect()
        if r.width == 0:
            continue
        vx, vy = r.left + r.width / 2 - x0, r.top + r.height / 2 - y0
        along = vx * dx + vy * dy
        if along <= 2:
            continue
        cost = along + 1.5 * abs(vx * dy + vy * dx)   # a hex half a row aside beats one two columns on
        if best_cost is None or cost < best_cost:
            best, best_cost = el, cost
    if best is None:
        return False
    best.focus()
    return True


def on_submit(event) -> None:
    event.preventDefault()
    if event.target.id == "newgame":
        start_game(event.target)


def on_change(event) -> None:
    if event.target.id == "import-file":
        asyncio.ensure_future(import_file(event))
        return
    form = event.target.closest("#newgame")
    name = str(event.target.name or "")
    if form is not jsnull and (name == "players" or name.startswith("opt-") or name.endswith("-kind")):
        refresh_dialog(form)


def on_key(event) -> None:
    if event.key in ("Enter", " ") and APP.session:
        target = event.target.closest("[data-act]")
        if target is not jsnull and target.tagName.lower() != "button":
            # SVG cells are not buttons: Enter and Space act on them like a tap
            event.preventDefault()
            remember_tap(target)
            APP.session.table.tap(str(target.dataset.act), dataset(target))
            return
    if event.key.startswith("Arrow") and APP.session and not by_id("layer").classList.contains("open"):
        if move_focus(str(event.key)):
            event.preventDefault()
            return
    if event.key == "Tab" and trap_focus(event):
        return
    if event.key == "Escape":
        if by_id("layer").classList.contains("open"):
            layer("")
        elif APP.session and APP.session.table.close_review():
            paint_table()
            focus_review()
        elif APP.session and APP.session.log_open:
            APP.session.toggle_log()
            opener = document.querySelector("#table .toolbar [data-action='log']")
            if opener is not jsnull:
                opener.focus()
        elif APP.session:
            APP.session.table.cancel()
            paint_table()


def focus_review() -> None:
    """The review opened: focus its close button; it closed: focus the button that opens it."""
    target = document.querySelector("#review .review-close") if document.querySelector("#review") is not jsnull \
        else document.querySelector("#table .review-open")
    if target is not jsnull:
        target.focus()


def trap_focus(event) -> bool:
    """Tab inside an open dialog, the review or the hand-over cover (modal) goes round its own
    controls only."""
    panel = document.querySelector("#layer.open")
    if panel is jsnull:
        panel = document.querySelector("#review, #pass-cover")
    if panel is jsnull:
        return False
    controls = [el for el in panel.querySelectorAll(
        "button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea, "
        "[tabindex]:not([tabindex='-1'])")]
    if not controls:
        return False
    here = document.activeElement
    inside = here is not jsnull and panel.contains(here)
    first, last = controls[0], controls[-1]
    if not inside or (event.shiftKey and here.isSameNode(first)) or (not event.shiftKey and here.isSameNode(last)):
        event.preventDefault()
        (last if event.shiftKey else first).focus()
        return True
    return False


def on_drag_start(event) -> None:
    source = event.target.closest("[data-drag]")
    if source is not jsnull and APP.session:
        event.dataTransfer.setData("text/plain", str(source.textContent))
        APP.session.table.drag({**dataset(source), "drag": str(source.dataset.drag)})


def on_drag_over(event) -> None:
    if APP.session and event.target.closest("[data-drop]") is not jsnull:
        event.preventDefault()


def on_drop(event) -> None:
    target = event.target.closest("[data-drop]")
    if target is not jsnull and APP.session:
        event.preventDefault()
        APP.session.table.tap(str(target.dataset.act), dataset(target))


def on_storage(event) -> None:
    """Another tab changed storage: follow its moves, refresh the home screen."""
    key = event.key if isinstance(event.key, str) else ""
    if APP.session and key == APP.session.save.key:
        APP.session.reload_if_changed()
    elif APP.session is None and (key.startswith(("ludotheque:save:", ASIDE_PREFIX)) or key in ("", STATS_KEY)):
        render_home()


def on_pagehide(_event) -> None:
    """The page goes away with a write still waiting for the cross-tab lock: write it now; and
    remember the table it shows, for a reload."""
    if APP.session and APP.session.saving == "later":
        APP.session.write_locked()
    remember_table()


def on_visibility(_event) -> None:
    """Hidden: a tablet may close the app from there without a pagehide."""
    if str(document.visibilityState) == "hidden":
        remember_table()


# --- where the page opens: the routes, all here ---------------------------------------------------
# #replay=<code> in the address: that finished game, read-only (the address stays while it is shown,
# so a reload replays it again). Otherwise the game this tab had at its table, if it goes on: kept in
# sessionStorage (per tab: two tabs reopen their own games after a reload) and, in the installed app,
# in localStorage too (reopening the app is a fresh start with an empty sessionStorage). Otherwise the
# home screen. index.html's first script reads the same keys to hide the menu while it waits.
OPEN_KEY = "ludotheque:open"


def installed() -> bool:
    return bool(window.matchMedia("(display-mode: standalone)").matches) or getattr(window.navigator, "standalone", None) is True


def remember_table() -> None:
    session = APP.session
    game = session.save.id if session and not session.readonly else None
    for storage in (window.sessionStorage, window.localStorage) if installed() else (window.sessionStorage,):
        try:
            if game:
                storage.setItem(OPEN_KEY, game)
            else:
                storage.removeItem(OPEN_KEY)
        except Exception:  # noqa: BLE001  storage full or refused: a reload lands on the home screen
            pass


def table_to_reopen() -> str | None:
    for storage in (window.sessionStorage, window.localStorage) if installed() else (window.sessionStorage,):
        try:
            game = storage.getItem(OPEN_KEY)
        except Exception:  # noqa: BLE001
            continue
        if isinstance(game, str) and game:
            return game
    return None


def open_where_left() -> None:
    where = str(window.location.hash)
    if where.startswith(SHARE_PREFIX):
        open_shared(where[len(SHARE_PREFIX):])
        return
    game = table_to_reopen()
    if game is None:
        return
    try:
        save, state = APP.store.load(game)
    except SaveError:
        return   # deleted or unreadable since: the home screen (it lists what cannot be read)
    if not save.over:
        open_session(save, state)


def on_hashchange(_event) -> None:
    """A replay link opened in a tab where the app already runs: open it as a fresh start would
    (the game at the table, if any, is written first and left), keeping its address."""
    where = str(window.location.hash)
    if not where.startswith(SHARE_PREFIX):
        return
    on_pagehide(None)
    show_home()   # it drops a replay's address: put this one back, a reload must replay it too
    window.history.replaceState(None, "", where)
    open_shared(where[len(SHARE_PREFIX):])


def listen(target, kind: str, handler) -> None:
    proxy = create_proxy(lambda event: guarded(handler, event))
    APP.proxies.append(proxy)
    target.addEventListener(kind, proxy)


def start() -> None:
    i18n.set_lang(str(document.documentElement.lang))
    APP.store = SaveStore(BrowserStorage(window.localStorage), clock=time.time)
    for kind, handler in (("click", on_click), ("submit", on_submit), ("change", on_change),
                          ("keydown", on_key), ("dragstart", on_drag_start), ("dragover", on_drag_over),
                          ("drop", on_drop)):
        listen(document.body, kind, handler)
    listen(window, "storage", on_storage)
    listen(window, "pagehide", on_pagehide)
    listen(window, "hashchange", on_hashchange)
    listen(document, "visibilitychange", on_visibility)
    guarded(render_home)
    for button in document.querySelectorAll("#cards button[disabled]"):
        button.disabled = False
    guarded(open_where_left)
    document.documentElement.dataset.ready = "true"
