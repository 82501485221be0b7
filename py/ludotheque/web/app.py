"""The page's wiring: one listener per event type on the body, dispatching on `data-action`
(app actions) and `data-act` (the open game's own actions) to plain functions. Every handler runs
inside `guarded`, so a Python error becomes a readable message and never a blank screen."""
from __future__ import annotations

import importlib
import json
import time
import traceback

from pyodide.ffi import create_once_callable, create_proxy, jsnull
from pyscript import document, window

from .. import core, games
from ..core import BadOptions
from . import i18n, newgame
from .dom import Raw, h
from .i18n import gt, t
from .saves import LANG_KEY, Save, SaveError, SaveStore
from .table import Session

# one module per game in web/, each defining `Table` (a GameTable)
TABLE_MODULES = {"lucky-numbers": "lucky_numbers", "take-it-easy": "take_it_easy"}
SETTINGS_KEY = "ludotheque:settings"


class App:
    store: SaveStore
    session: Session | None = None
    dialog: dict | None = None       # the new-game dialog's current choices
    notices: list[str] = []
    proxies: list = []


APP = App()


# --- small DOM helpers ----------------------------------------------------------------------------

def by_id(element_id: str):
    """The element, or None (Pyodide gives JS null as `jsnull`, which is not None)."""
    el = document.getElementById(element_id)
    return None if el is jsnull else el


def dataset(el) -> dict[str, str]:
    return {str(pair[0]): str(pair[1]) for pair in window.Object.entries(el.dataset)}


def layer(markup: Raw | str) -> None:
    """Show a dialog above the screen (or close it with an empty string)."""
    box = by_id("layer")
    box.innerHTML = markup
    box.classList.toggle("open", bool(markup))
    if markup:
        focus = box.querySelector("[autofocus], select, input, button")
        if focus is not jsnull:
            focus.focus()


def form_values(form) -> dict:
    values = {}
    for el in form.elements:
        name = el.name
        if not name:
            continue
        values[name] = bool(el.checked) if el.type == "checkbox" else str(el.value)
    return values


class BrowserStorage:
    """window.localStorage as the saves module expects it: Pyodide turns a JS null into `jsnull`,
    not None, so missing keys are normalised here."""

    def __init__(self, storage):
        self.storage = storage

    def getItem(self, key: str) -> str | None:
        value = self.storage.getItem(key)
        return value if isinstance(value, str) else None

    def setItem(self, key: str, value: str) -> None:
        self.storage.setItem(key, value)

    def removeItem(self, key: str) -> None:
        self.storage.removeItem(key)

    def key(self, index: int) -> str | None:
        value = self.storage.key(index)
        return value if isinstance(value, str) else None

    @property
    def length(self) -> int:
        return int(self.storage.length)


def settings() -> dict:
    try:
        value = json.loads(APP.store.storage.getItem(SETTINGS_KEY) or "{}")
        return value if isinstance(value, dict) else {}
    except ValueError:
        return {}


def schedule(callback, delay_ms: int) -> None:
    window.setTimeout(create_once_callable(lambda: guarded(callback)), delay_ms)


def show_error(detail: str) -> None:
    layer(h("div", {"class_": "dialog error", "role": "alertdialog", "aria-labelledby": "error-title"},
            h("h2", {"id": "error-title"}, t("error.title")),
            h("p", None, t("error.body", detail=detail)),
            h("div", {"class_": "dialog-actions"},
              h("button", {"type": "button", "class_": "primary", "data-action": "close-layer"},
                t("error.dismiss")))))


def guarded(fn, *args):
    try:
        return fn(*args)
    except Exception as exc:  # the page must survive any bug: say it, log it, go on
        window.console.error(traceback.format_exc())
        show_error(f"{type(exc).__name__}: {exc}")
        return None


# --- home -----------------------------------------------------------------------------------------

def when_text(stamp: float) -> str:
    return window.Date.new(stamp * 1000).toLocaleString(i18n.lang())


def render_home() -> None:
    saves, problems = APP.store.load_all()
    for problem in problems:
        APP.notices.append(t("saves.kept-aside", detail=problem.reason))
    items = []
    for save in saves:
        if save.over:
            continue
        game = games.get(save.game)
        names = ", ".join(s.name for s in save.seats)
        items.append(h("li", {"class_": "saved-game", "data-save": save.id},
                       h("span", {"class_": "saved-title"}, gt(game, "name")),
                       h("span", {"class_": "saved-seats"}, names),
                       h("span", {"class_": "saved-when"}, t("home.saved.when", when=when_text(save.updated))),
                       h("span", {"class_": "saved-actions"},
                         h("button", {"type": "button", "class_": "primary", "data-action": "continue",
                                      "data-save": save.id}, t("home.continue")),
                         h("button", {"type": "button", "data-action": "delete", "data-save": save.id},
                           t("home.delete")))))
    notices = [h("p", {"class_": "notice", "role": "status"}, n) for n in APP.notices]
    by_id("saved").innerHTML = h("div", None, notices,
                                 h("h2", None, t("home.saved")) if items else None,
                                 h("ul", {"class_": "saved-list"}, items) if items else None)


def show_home() -> None:
    APP.session = None
    table = by_id("table")
    if table:
        table.remove()
    by_id("home").hidden = False
    render_home()


# --- screens --------------------------------------------------------------------------------------

def paint_table() -> None:
    if APP.session is None:
        return
    table = by_id("table")
    if table is None:
        table = document.createElement("section")
        table.id = "table"
        by_id("app").appendChild(table)
    table.innerHTML = APP.session.render()


def open_session(save: Save, state: core.State) -> None:
    module = importlib.import_module(f"ludotheque.web.{TABLE_MODULES[save.game]}")
    delay = settings().get("bot_delay", 600)
    APP.session = Session(save, state, APP.store, module.Table, schedule, paint_table,
                          bot_delay=delay if isinstance(delay, int) and 0 <= delay <= 5000 else 600)
    layer("")
    by_id("home").hidden = True
    paint_table()
    APP.session.wake_bots()


def open_new_game(game_id: str) -> None:
    from .. import bots  # noqa: F401  (registers the levels the dialog offers)
    game = games.get(game_id)
    players = game.default_players
    APP.dialog = {"game": game_id, "players": players, "seats": newgame.default_seats(game, players),
                  "options": game.default_options()}
    paint_dialog()


def paint_dialog(error: str = "") -> None:
    d = APP.dialog
    game = games.get(d["game"])
    layer(newgame.dialog(game, d["players"], d["seats"], d["options"], error))


def refresh_dialog(form) -> None:
    """Players or an option changed: redraw the dialog with the choices so far."""
    game = games.get(APP.dialog["game"])
    values = form_values(form)
    players = int(values.get("players", game.default_players))
    try:
        _, seats, options = newgame.parse(game, {**values, "players": min(players, len(APP.dialog["seats"]))})
    except BadOptions:
        seats, options = APP.dialog["seats"], APP.dialog["options"]
    APP.dialog.update(players=players, seats=newgame.resize_seats(game, seats, players), options=options)
    paint_dialog()


def start_game(form) -> None:
    game = games.get(APP.dialog["game"])
    try:
        players, seats, options = newgame.parse(game, form_values(form))
        state = game.new(players, seed=int(window.crypto.getRandomValues(window.Uint32Array.new(1))[0]),
                         options=options)
    except BadOptions as exc:
        paint_dialog(t("new.error", reason=str(exc)))
        return
    save = Save(id=APP.store.new_id(), game=game.id, record=state.record(), seats=seats)
    APP.store.write(save)
    open_session(save, state)


def show_rules(game_id: str) -> None:
    game = games.get(game_id)
    paragraphs = [p.strip() for p in gt(game, "rules").split("\n\n") if p.strip()]
    layer(h("div", {"class_": "dialog rules", "role": "dialog", "aria-modal": "true", "aria-labelledby": "rules-title"},
            h("h2", {"id": "rules-title"}, gt(game, "name")),
            h("div", {"class_": "rules-text"}, [h("p", None, p) for p in paragraphs]),
            h("div", {"class_": "dialog-actions"},
              h("button", {"type": "button", "class_": "primary", "data-action": "close-layer"},
                t("rules.close")))))


# --- actions --------------------------------------------------------------------------------------

def act_continue(data: dict) -> None:
    try:
        save, state = APP.store.load(data["save"])
    except SaveError as exc:
        APP.store.set_aside(f"ludotheque:save:{data['save']}", str(exc))
        APP.notices.append(t("saves.kept-aside", detail=str(exc)))
        render_home()
        return
    open_session(save, state)


def act_delete(data: dict) -> None:
    if window.confirm(t("home.delete.confirm")):
        APP.store.delete(data["save"])
        render_home()


def act_restart(_data: dict) -> None:
    session = APP.session
    if session and window.confirm(t("table.restart.confirm")):
        replay_with_same_seats(session, replace=True)


def act_again(_data: dict) -> None:
    if APP.session:
        replay_with_same_seats(APP.session, replace=False)


def replay_with_same_seats(session: Session, replace: bool) -> None:
    old = session.save
    state = session.game.new(session.state.players, seed=int(window.crypto.getRandomValues(window.Uint32Array.new(1))[0]),
                             options=session.state.options)
    save = Save(id=old.id if replace else APP.store.new_id(), game=old.game, record=state.record(), seats=old.seats)
    APP.store.write(save)
    open_session(save, state)


def act_lang(_data: dict) -> None:
    new = "en" if i18n.lang() == "fr" else "fr"
    i18n.set_lang(new)
    document.documentElement.lang = new
    APP.store.storage.setItem(LANG_KEY, new)
    render_home()
    paint_table()
    if APP.dialog and by_id("newgame"):
        paint_dialog()


ACTIONS = {
    "new": lambda d: open_new_game(d["game"]),
    "rules": lambda d: show_rules(d["game"]),
    "close-layer": lambda d: layer(""),
    "continue": act_continue,
    "delete": act_delete,
    "leave": lambda d: show_home(),
    "restart": act_restart,
    "again": act_again,
    "lang": act_lang,
}


def on_click(event) -> None:
    target = event.target.closest("[data-action], [data-act]")
    if target is jsnull:
        if APP.session and event.target.closest("#layer") is jsnull:
            APP.session.table.cancel()
            paint_table()
        return
    data = dataset(target)
    if "act" in data:
        if APP.session:
            APP.session.table.act(data["act"], data)
        return
    action = data["action"]
    if action == "start":
        return  # the form's submit event starts the game
    ACTIONS[action](data)


def on_submit(event) -> None:
    event.preventDefault()
    if event.target.id == "newgame":
        start_game(event.target)


def on_change(event) -> None:
    form = event.target.closest("#newgame")
    if form is not jsnull and (event.target.name == "players" or event.target.name.startswith("opt-")):
        refresh_dialog(form)


def on_key(event) -> None:
    if event.key in ("Enter", " ") and APP.session:
        target = event.target.closest("[data-act]")
        if target is not jsnull and target.tagName.lower() != "button":
            # SVG cells are not buttons: Enter and Space act on them like a tap
            event.preventDefault()
            APP.session.table.act(str(target.dataset.act), dataset(target))
            return
    if event.key == "Escape":
        if by_id("layer").classList.contains("open"):
            layer("")
        elif APP.session:
            APP.session.table.cancel()
            paint_table()


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
        APP.session.table.act(str(target.dataset.act), dataset(target))


def listen(kind: str, handler) -> None:
    proxy = create_proxy(lambda event: guarded(handler, event))
    APP.proxies.append(proxy)
    document.body.addEventListener(kind, proxy)


def start() -> None:
    i18n.set_lang(str(document.documentElement.lang))
    APP.store = SaveStore(BrowserStorage(window.localStorage), clock=time.time)
    listen("click", on_click)
    listen("submit", on_submit)
    listen("change", on_change)
    listen("keydown", on_key)
    listen("dragstart", on_drag_start)
    listen("dragover", on_drag_over)
    listen("drop", on_drop)
    guarded(render_home)
    for button in document.querySelectorAll("#cards button[disabled]"):
        button.disabled = False
    document.documentElement.dataset.ready = "true"
