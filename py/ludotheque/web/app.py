"""The page's wiring: one listener per event type on the body, dispatching on `data-action`
(app actions) and `data-act` (the open game's own actions) to plain functions. Every handler runs
inside `guarded`, so a Python error becomes a readable message and never a blank screen."""
from __future__ import annotations

import asyncio
import importlib
import json
import time
import traceback

from pyodide.ffi import create_once_callable, create_proxy, jsnull
from pyscript import document, window

from .. import core, games
from ..core import BadOptions
from . import i18n, newgame, stats
from .dom import Name, Raw, h
from .i18n import gt, number, t, tn
from .saves import (ASIDE_PREFIX, HISTORY, LANG_KEY, SAVE_PREFIX, STATS_KEY, Problem, Save, SaveError, SaveStore,
                    Seat, StorageFull, export_text, import_text, read_share, share_code, shorten)
from .registry import TABLE_MODULES, table_module
from .table import Session

SETTINGS_KEY = "ludotheque:settings"
SHARE_PREFIX = "#replay="


class App:
    def __init__(self):
        self.store: SaveStore | None = None
        self.session: Session | None = None
        self.dialog: dict | None = None       # the new-game dialog's current choices
        self.notices: list[str] = []
        self.proxies: list = []
        self.tapped: tuple[int, int, int] | None = None   # the last control tapped: left, bottom, top


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
    not None, and a full storage into a JsException; both are normalised here."""

    def __init__(self, storage):
        self.storage = storage

    def getItem(self, key: str) -> str | None:
        value = self.storage.getItem(key)
        return value if isinstance(value, str) else None

    def setItem(self, key: str, value: str) -> None:
        try:
            self.storage.setItem(key, value)
        except Exception as exc:
            raise StorageFull(str(exc)) from None

    def removeItem(self, key: str) -> None:
        self.storage.removeItem(key)

    def key(self, index: int) -> str | None:
        value = self.storage.key(index)
        return value if isinstance(value, str) else None

    @property
    def length(self) -> int:
        return int(self.storage.length)


def settings() -> dict:
    """The stored settings; a value that cannot be read is set aside (and said) and the
    defaults apply."""
    value, problem = APP.store.read_settings()
    if problem:
        APP.notices.append(aside_notice(problem, "saves.data-aside"))
    return value


def aside_notice(problem: Problem, kind: str = "saves.kept-aside") -> str:
    """What to tell about a value that could not be read: kept aside, or (storage full) left."""
    detail = problem.error.say(i18n.lang())
    return t(kind, detail=detail) if problem.kept else t("saves.not-kept", detail=detail)


def web_lock(name: str, fn) -> None:
    """Run fn holding the cross-tab lock `name` (the Web Locks API: the read-check-write of a
    save is then atomic across tabs); where the API is missing, run it at once."""
    locks = getattr(window.navigator, "locks", None)
    if locks is None or locks is jsnull:
        fn()
        return
    ran = []

    def holding(_lock):
        ran.append(True)
        guarded(fn)

    def refused(_error):
        if not ran:
            guarded(fn)

    locks.request(name, create_once_callable(holding)).catch(create_once_callable(refused))


def bot_delay() -> int:
    """The pause before a bot's move: the pace chosen at the table ("bot_pace"), or an exact
    "bot_delay" in ms (tests and benchmarks set 0)."""
    chosen = settings()
    delay = chosen.get("bot_delay")
    if isinstance(delay, int) and not isinstance(delay, bool) and 0 <= delay <= 5000:
        return delay
    return Session.PACES.get(chosen.get("bot_pace"), Session.PACES["normal"])


def put_setting(name: str, value) -> None:
    chosen = {k: v for k, v in settings().items() if k != "bot_delay" or name != "bot_pace"}
    chosen[name] = value
    try:
        APP.store.put(SETTINGS_KEY, json.dumps(chosen))
    except StorageFull:
        pass  # the choice still holds for this visit


def schedule(callback, delay_ms: int) -> None:
    """Run callback later; its run time is left as a performance measure named after it
    ("ludotheque:bot_turn"...), which the page-latency benchmark reads. Nothing is sent anywhere."""
    name = "ludotheque:" + getattr(callback, "__name__", "task")

    def run():
        started = window.performance.now()
        guarded(callback)
        window.performance.measure(name, window.Object.fromEntries([["start", started]]))

    window.setTimeout(create_once_callable(run), delay_ms)


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


def random_seed() -> int:
    return int(window.crypto.getRandomValues(window.Uint32Array.new(1))[0])


def download(filename: str, text: str) -> None:
    blob = window.Blob.new([text], window.Object.fromEntries([["type", "application/json"]]))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.URL.revokeObjectURL(url)


# --- home -----------------------------------------------------------------------------------------

def when_text(stamp: float) -> str:
    return window.Date.new(stamp * 1000).toLocaleString(i18n.lang())


def saved_item(save: Save) -> Raw:
    game = games.get(save.game)
    names = [(", " if n else "", Name(s.name)) for n, s in enumerate(save.seats)]
    actions = [h("button", {"type": "button", "class_": "primary", "data-action": "continue", "data-save": save.id},
                 t("home.continue"))] if not save.over else [
        h("button", {"type": "button", "data-action": "view", "data-save": save.id}, t("home.view"))]
    actions += [h("button", {"type": "button", "data-action": "export", "data-save": save.id}, t("table.export")),
                h("button", {"type": "button", "data-action": "delete", "data-save": save.id}, t("home.delete"))]
    return h("li", {"class_": "saved-game", "data-save": save.id},
             h("span", {"class_": "saved-title"}, gt(game, "name")),
             h("span", {"class_": "saved-daily"}, t("daily.label", date=save.daily)) if save.daily else None,
             h("span", {"class_": "saved-seats"}, names),
             h("span", {"class_": "saved-turn"}, t("home.saved.turn", who=Name(save.turn))) if save.turn and not save.over else None,
             h("span", {"class_": "saved-when"}, t("home.saved.when", when=when_text(save.updated))),
             h("span", {"class_": "saved-moves"}, tn("home.saved.moves", len(save.record.get("moves") or ())))
             if not save.over else None,
             h("span", {"class_": "saved-actions"}, actions))


def aside_item(aside) -> Raw:
    return h("li", {"class_": "aside", "data-key": aside.key},
             h("span", None, t("saves.aside.item", reason=aside.error.say(i18n.lang()))),
             h("span", {"class_": "saved-actions"},
               h("button", {"type": "button", "data-action": "export-aside", "data-key": aside.key}, t("table.export")),
               h("button", {"type": "button", "data-action": "delete-aside", "data-key": aside.key}, t("home.delete"))))


def stats_panel(data: dict) -> Raw | None:
    blocks = []
    for game_id, entry in data["games"].items():
        try:
            game = games.get(game_id)
        except KeyError:
            continue
        people = sorted(entry["players"].items(), key=lambda kv: (-kv[1]["won"], kv[0]))[:8]
        records = entry.get("records", {})
        blocks.append(h("div", {"class_": "stats-game", "data-game": game_id},
                        h("h3", None, gt(game, "name"), " · ", tn("stats.played", entry["played"])),
                        h("ul", None, [h("li", None, t("stats.person", who=Name(name), won=p["won"], played=p["played"]))
                                       for name, p in people]),
                        [h("p", {"class_": "record", "data-record": key},
                           t(f"stats.{key}", score=number(r["score"]), who=Name(r["name"])))
                         for key, r in sorted(records.items())],
                        daily_history(game_id, entry), solo_records(entry)))
    if not blocks:
        return None
    return h("section", {"class_": "stats", "id": "stats"}, h("h2", None, t("stats.title")), blocks)


def daily_history(game_id: str, entry: dict) -> Raw | None:
    """Past daily deals on this device: how many, the best, and the streak of days."""
    done = [r["score"] for r in entry.get("daily", {}).values() if r["score"] is not None]
    if not done:
        return None
    best = min(done) if game_id in stats.LOWER_IS_BETTER else max(done)
    return h("p", {"class_": "record", "data-record": "daily"},
             t("daily.history", played=tn("daily.played", len(done)), best=number(best),
               streak=tn("daily.streak", stats.streak(entry.get("daily", {}), local_date()))))


def solo_records(entry: dict) -> Raw | None:
    solo = entry.get("solo")
    if not solo or not solo.get("games"):
        return None
    return h("p", {"class_": "record", "data-record": "solo"},
             t("x16.solo", games=solo["games"], completions=solo["completions"], best=solo["best_left"],
               average=number(round(solo["total_left"] / solo["games"], 1))))


def render_home() -> None:
    settings()  # a damaged settings value is set aside and said now, not at the first game
    saves, problems = APP.store.load_all()
    saves, dropped = APP.store.prune_history(saves)
    for problem in problems:
        APP.notices.append(aside_notice(problem))
    for old in dropped:
        APP.notices.append(t("saves.history-dropped", n=HISTORY, when=when_text(old.updated),
                             who=", ".join(Name(s.name) for s in old.seats)))
    data, stats_problem = stats.load(APP.store)
    if stats_problem:
        APP.notices.append(aside_notice(stats_problem, "saves.data-aside"))
    going = [saved_item(s) for s in saves if not s.over]
    done = [saved_item(s) for s in saves if s.over]
    asides = [aside_item(a) for a in APP.store.asides()]
    notices = [h("p", {"class_": "notice", "role": "status"}, n) for n in APP.notices]
    by_id("saved").innerHTML = h(
        "div", None, notices,
        h("h2", None, t("home.saved")) if going else None,
        h("ul", {"class_": "saved-list", "id": "going"}, going) if going else None,
        h("div", {"class_": "home-tools"},
          h("label", {"class_": "button-like"}, t("home.import"),
            h("input", {"type": "file", "id": "import-file", "accept": ".json,application/json", "class_": "visually-hidden"})),
          h("button", {"type": "button", "data-action": "storage"}, t("saves.manage"))),
        stats_panel(data),
        h("details", {"class_": "history"}, h("summary", None, t("home.history", n=len(done))),
          h("ul", {"class_": "saved-list", "id": "history"}, done)) if done else None,
        h("details", {"class_": "asides", "open": True}, h("summary", None, t("saves.aside.title", n=len(asides))),
          h("ul", {"class_": "saved-list"}, asides)) if asides else None)


def show_home() -> None:
    APP.session = None
    table = by_id("table")
    if table:
        table.remove()
    by_id("home").hidden = False
    if window.location.hash.startswith(SHARE_PREFIX):
        window.history.replaceState(None, "", window.location.pathname + window.location.search)
    render_home()


# --- screens --------------------------------------------------------------------------------------

FOCUS_KEYS = ("act", "action", "cell", "row", "col", "index", "tile", "card", "column", "seat")


def focus_selector(el) -> str | None:
    """A selector for the same control after a repaint (its data attributes), so the keyboard
    focus stays where it was instead of falling back to the top of the page."""
    if el is jsnull or el is None or el.closest("#table") is jsnull:
        return None
    data = dataset(el)
    parts = [f'[data-{k}="{data[k]}"]' for k in FOCUS_KEYS if k in data and '"' not in data[k]]
    return "#table " + "".join(parts) if parts else None


def paint_table() -> None:
    if APP.session is None:
        return
    table = by_id("table")
    if table is None:
        table = document.createElement("section")
        table.id = "table"
        by_id("app").appendChild(table)
    focused = focus_selector(document.activeElement)
    table.innerHTML = APP.session.render()
    if focused:
        again = document.querySelector(focused)
        if again is jsnull:
            again = table.querySelector(".board [data-act], [data-act]")
        if again is not jsnull:
            again.focus(window.Object.fromEntries([["preventScroll", True]]))
    place_refusal()


def place_refusal() -> None:
    """Put the sentence that says why a tap was refused beside the place tapped, over the table
    (the layout does not move); it fades by itself (CSS)."""
    toast = document.querySelector("#table .refusal.toast")
    if toast is jsnull or APP.tapped is None:
        return
    left, bottom, top = APP.tapped
    width = min(360, int(window.innerWidth) - 16)
    x = max(8, min(left, int(window.innerWidth) - width - 8))
    y = bottom + 8 if bottom + 90 < int(window.innerHeight) else max(8, top - 90)
    toast.style.cssText = f"left: {x}px; top: {y}px; max-width: {width}px"


def open_session(save: Save, state: core.State, readonly: bool = False) -> None:
    APP.session = Session(save, state, APP.store, table_module(save.game).Table, schedule, paint_table,
                          bot_delay=bot_delay(), readonly=readonly, copy_text=copy_text)
    APP.session.locker = web_lock
    layer("")
    by_id("home").hidden = True
    paint_table()
    APP.session.wake_bots()
    if not readonly:
        schedule(lambda: preload_bots(save.game), 300)


def preload_bots(game_id: str) -> None:
    """Load the bots (and Take It Easy's learned tables) while the player looks at the table, so
    the first bot move or hint does not pay for it."""
    from .. import bots  # noqa: F401
    if game_id == "take-it-easy":
        from ..bots.take_it_easy import learned_value
        learned_value()


def copy_text(text: str) -> None:
    clipboard = window.navigator.clipboard
    if clipboard is not None and clipboard is not jsnull:
        clipboard.writeText(text)


def local_date() -> str:
    """Today on this device, YYYY-MM-DD (the Swedish format is ISO)."""
    return str(window.Date.new().toLocaleDateString("sv-SE"))


DAILY = {"take-it-easy": {"rounds": 1}, "3x16": {}}   # games with a daily deal, and its options


def act_daily(data: dict) -> None:
    """A daily deal (Take It Easy: one round; 3x16: a solitaire): the same deal for everybody
    today, from the game's `daily_seed`. One attempt per date on this device: a second tap
    continues today's attempt or shows its result, even once its game is deleted."""
    game = games.get(data.get("game") or "take-it-easy")
    daily_seed = importlib.import_module(type(game).__module__).daily_seed
    today = local_date()
    saves, _ = APP.store.load_all()
    for save in saves:
        if save.daily == today and save.game == game.id and save.record.get("seed") == daily_seed(today):
            act_continue({"save": save.id})
            return
    data, problem = stats.load(APP.store)
    done = stats.daily_results(data, game.id).get(today)
    if done is not None:
        say = t("daily.started", date=today) if done["score"] is None else \
            t("daily.done", date=today, score=number(done["score"]))
        APP.notices.append(say)
        render_home()
        return
    state = game.new(1, seed=daily_seed(today), options=DAILY[game.id])
    save = Save(id=APP.store.new_id(), game=game.id, record=state.record(),
                seats=[Seat(t("new.default-name", n=1))], undo=False, daily=today)
    save.follow(state)
    if write_new(save):
        if problem is None:
            stats.start_daily(data, game.id, today)
            stats.store_stats(APP.store, data)
        open_session(save, state)


def open_new_game(game_id: str) -> None:
    from .. import bots  # noqa: F401  (registers the levels the dialog offers)
    game = games.get(game_id)
    players = game.default_players
    APP.dialog = {"game": game_id, "players": players, "seats": newgame.default_seats(game, players),
                  "options": game.default_options(), "undo": True}
    paint_dialog()


def paint_dialog(error: str = "") -> None:
    d = APP.dialog
    game = games.get(d["game"])
    layer(newgame.dialog(game, d["players"], d["seats"], d["options"], error, undo=d["undo"]))


def refresh_dialog(form) -> None:
    """Players, a seat's kind or an option changed: redraw the dialog with the choices so far."""
    game = games.get(APP.dialog["game"])
    values = form_values(form)
    players = int(values.get("players", game.default_players))
    try:
        _, seats, options = newgame.parse(game, {**values, "players": min(players, len(APP.dialog["seats"]))})
    except BadOptions:
        seats, options = APP.dialog["seats"], APP.dialog["options"]
    APP.dialog.update(players=players, seats=newgame.resize_seats(game, seats, players), options=options,
                      undo=bool(values.get("undo")))
    paint_dialog()


def start_game(form) -> None:
    game = games.get(APP.dialog["game"])
    values = form_values(form)
    try:
        players, seats, options = newgame.parse(game, values)
        state = game.new(players, seed=random_seed(), options=options)
    except BadOptions as exc:
        paint_dialog(t("new.error", reason=str(exc)))
        return
    save = Save(id=APP.store.new_id(), game=game.id, record=state.record(), seats=seats,
                undo=bool(values.get("undo")))
    save.follow(state)
    if write_new(save):
        open_session(save, state)


def write_new(save: Save) -> bool:
    try:
        APP.store.write(save)
    except StorageFull:
        show_storage(t("saves.full"))
        return False
    return True


def show_rules(game_id: str) -> None:
    """How to play, with the rule texts' examples drawn and every option as the dialog names it."""
    from . import howto
    layer(howto.dialog(games.get(game_id)))


def show_storage(reason: str = "") -> None:
    """What the app keeps on this device and how much room it takes, with ways to free space."""
    saves, _ = APP.store.load_all()
    rows = []
    for save in saves:
        size = len(APP.store.storage.getItem(save.key) or "")
        rows.append(h("li", {"class_": "saved-game"},
                      h("span", {"class_": "saved-title"}, gt(games.get(save.game), "name")),
                      h("span", None, [(", " if n else "", Name(s.name)) for n, s in enumerate(save.seats)]),
                      h("span", None, t("saves.size", kb=number(round(size / 1024, 1)))),
                      h("span", {"class_": "saved-actions"},
                        h("button", {"type": "button", "data-action": "delete", "data-save": save.id,
                                     "data-back": "storage"}, t("home.delete")))))
    for aside in APP.store.asides():
        size = len(APP.store.storage.getItem(aside.key) or "")
        rows.append(h("li", {"class_": "saved-game"}, h("span", None, t("saves.aside.item", reason=aside.error.say(i18n.lang()))),
                      h("span", None, t("saves.size", kb=number(round(size / 1024, 1)))),
                      h("span", {"class_": "saved-actions"},
                        h("button", {"type": "button", "data-action": "delete-aside", "data-key": aside.key,
                                     "data-back": "storage"}, t("home.delete")))))
    layer(h("div", {"class_": "dialog storage", "role": "dialog", "aria-modal": "true", "aria-labelledby": "storage-title"},
            h("h2", {"id": "storage-title"}, t("saves.manage")),
            h("p", {"class_": "form-error", "role": "alert"}, reason) if reason else None,
            h("p", None, t("saves.usage", kb=number(round(APP.store.usage() / 1024, 1)))),
            h("ul", {"class_": "saved-list"}, rows),
            h("div", {"class_": "dialog-actions"},
              h("button", {"type": "button", "class_": "primary", "data-action": "close-layer"}, t("rules.close")))))


# --- sharing and files ------------------------------------------------------------------------------

def share_link(save: Save) -> str:
    base = str(window.location.href).split("#")[0]
    return base + SHARE_PREFIX + share_code(save)


def open_shared(code: str) -> None:
    """A link to a finished game: replay it read-only, step by step; nothing is saved. A link
    that cannot be read is said, and dropped from the address (a reload must not meet it again)."""
    try:
        save, state = read_share(code)
        if save.game not in TABLE_MODULES:
            raise SaveError("unknown-game", game=shorten(save.game))
    except SaveError as exc:
        window.history.replaceState(None, "", window.location.pathname + window.location.search)
        APP.notices.append(t("share.broken", detail=exc.say(i18n.lang())))
        render_home()
        return
    open_session(save, state, readonly=True)


def act_share(_data: dict) -> None:
    session = APP.session
    if not session:
        return
    if session.save.daily and session.save.daily >= local_date():
        # today's deal: only the result, never the link that would replay the deal itself
        explain, text = t("share.daily-explain"), session.result_text() or ""
    else:
        explain, text = t("share.explain"), share_link(session.save)
    layer(h("div", {"class_": "dialog share", "role": "dialog", "aria-modal": "true", "aria-labelledby": "share-title"},
            h("h2", {"id": "share-title"}, t("table.share")),
            h("p", None, explain),
            h("textarea", {"id": "share-text", "readonly": True, "rows": 4}, text),
            h("div", {"class_": "dialog-actions"},
              h("button", {"type": "button", "data-action": "copy-share"}, t("share.copy")),
              h("button", {"type": "button", "class_": "primary", "data-action": "close-layer"}, t("rules.close")))))


def act_copy_share(_data: dict) -> None:
    box = by_id("share-text")
    if box is not None:
        box.select()
        copy_text(str(box.value))


def act_export(data: dict) -> None:
    if "save" in data:
        save, _ = APP.store.load(data["save"])
    elif APP.session:
        save = APP.session.save
    else:
        return
    download(f"ludotheque-{save.game}-{save.id}.json", export_text(save))


def act_export_aside(data: dict) -> None:
    raw = APP.store.storage.getItem(data["key"]) or ""
    download(data["key"].replace(":", "-") + ".json", raw)


def act_delete_aside(data: dict) -> None:
    if window.confirm(t("home.delete.confirm")):
        APP.store.storage.removeItem(data["key"])
        APP.notices = []
        after_delete(data)


def after_delete(data: dict) -> None:
    if data.get("back") == "storage":
        show_storage()
    else:
        render_home()


async def import_file(event) -> None:
    """Read the chosen file, check it by replaying it, then store and open it."""
    files = event.target.files
    if not files.length:
        return
    try:
        text = await files.item(0).text()
    except Exception:  # the browser could not read the file: say it in the player's words
        APP.notices.append(t("import.failed", detail=SaveError("file-unreadable").say(i18n.lang())))
        event.target.value = ""
        render_home()
        return
    event.target.value = ""
    guarded(finish_import, str(text))


def finish_import(text: str) -> None:
    try:
        save, state = import_text(text, APP.store.new_id(), now=time.time())
        if save.game not in TABLE_MODULES:
            raise SaveError("unknown-game", game=shorten(save.game))
    except SaveError as exc:
        APP.notices.append(t("import.failed", detail=exc.say(i18n.lang())))
        render_home()
        return
    if write_new(save):
        open_session(save, state)


# --- actions --------------------------------------------------------------------------------------

def act_continue(data: dict, readonly: bool = False) -> None:
    try:
        save, state = APP.store.load(data["save"])
    except SaveError as exc:
        if exc.key == "gone":
            APP.notices.append(t("home.gone"))
        else:
            APP.notices.append(aside_notice(APP.store.set_aside(SAVE_PREFIX + data["save"], exc)))
        render_home()
        return
    open_session(save, state, readonly=readonly or save.over)


def act_delete(data: dict) -> None:
    if window.confirm(t("home.delete.confirm")):
        APP.store.delete(data["save"])
        after_delete(data)


def act_restart(_data: dict) -> None:
    session = APP.session
    if session and window.confirm(t("table.restart.confirm")):
        replay_with_same_seats(session, replace=True)


def act_again(_data: dict) -> None:
    if APP.session:
        replay_with_same_seats(APP.session, replace=False)


def replay_with_same_seats(session: Session, replace: bool) -> None:
    old = session.save
    state = session.game.new(session.state.players, seed=random_seed(), options=session.state.options)
    if replace:
        APP.store.delete(old.id)
    save = Save(id=APP.store.new_id(), game=old.game, record=state.record(), seats=old.seats, undo=old.undo)
    save.follow(state)
    if write_new(save):
        open_session(save, state)


def act_lang(_data: dict) -> None:
    new = "en" if i18n.lang() == "fr" else "fr"
    i18n.set_lang(new)
    document.documentElement.lang = new
    try:
        APP.store.put(LANG_KEY, new)
    except StorageFull:
        pass  # the switch still works for this visit
    render_home()
    paint_table()
    if APP.dialog and by_id("newgame"):
        paint_dialog()


def act_undo(_data: dict) -> None:
    if APP.session:
        APP.session.undo()


def act_pace(_data: dict) -> None:
    """The bots' pace, in turn fast, normal, slow; kept for every table."""
    session = APP.session
    if not session:
        return
    names = list(Session.PACES)
    pace = names[(names.index(session.pace()) + 1) % len(names)]
    session.bot_delay = Session.PACES[pace]
    put_setting("bot_pace", pace)
    paint_table()


def act_speak(data: dict) -> None:
    """Say a called number aloud, in the page's language, where the browser has a voice (the
    voices on the device work offline; without one, nothing happens)."""
    speech = getattr(window, "speechSynthesis", None)
    if speech is None or speech is jsnull or not data.get("text"):
        return
    utterance = window.SpeechSynthesisUtterance.new(data["text"])
    utterance.lang = "fr-FR" if i18n.lang() == "fr" else "en-GB"
    speech.cancel()
    speech.speak(utterance)


def act_step(data: dict) -> None:
    if APP.session:
        APP.session.step(int(data["delta"]))


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
            APP.session.table.act(data["act"], data)
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
        cost = along + 2 * abs(vx * dy + vy * dx)
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
            APP.session.table.act(str(target.dataset.act), dataset(target))
            return
    if event.key.startswith("Arrow") and APP.session and not by_id("layer").classList.contains("open"):
        if move_focus(str(event.key)):
            event.preventDefault()
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


def on_storage(event) -> None:
    """Another tab changed storage: follow its moves, refresh the home screen."""
    key = event.key if isinstance(event.key, str) else ""
    if APP.session and key == APP.session.save.key:
        APP.session.reload_if_changed()
    elif APP.session is None and (key.startswith(("ludotheque:save:", ASIDE_PREFIX)) or key in ("", STATS_KEY)):
        render_home()


def on_pagehide(_event) -> None:
    """The page goes away with a write still waiting for the cross-tab lock: write it now."""
    if APP.session and APP.session.saving == "later":
        APP.session.write_locked()


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
    guarded(render_home)
    for button in document.querySelectorAll("#cards button[disabled]"):
        button.disabled = False
    if str(window.location.hash).startswith(SHARE_PREFIX):
        guarded(open_shared, str(window.location.hash)[len(SHARE_PREFIX):])
    document.documentElement.dataset.ready = "true"
