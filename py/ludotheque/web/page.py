"""What every screen of the page shares: the app's state (the store, the open table, the
notices), small DOM helpers, the settings, timers, the cross-tab lock, and `guarded`, which turns
any Python error in a handler into a readable message instead of a blank screen. Only the
modules of web/ that draw screens import pyscript; the rest of the engine never does."""
from __future__ import annotations

import json
from typing import Callable
import traceback

from pyodide.ffi import create_once_callable, jsnull
from pyscript import document, window

from . import i18n
from .dom import Raw, h
from .i18n import t
from .saves import Problem, SaveStore, StorageFull
from .table import Session


SETTINGS_KEY = "ludotheque:settings"


SHARE_PREFIX = "#replay="


class App:
    def __init__(self):
        self.store: SaveStore | None = None
        self.session: Session | None = None
        self.dialog: dict | None = None       # the new-game dialog's current choices
        self.notices: list[Callable[[], str]] = []   # said in the language of the moment
        self.left_told: set[str] = set()   # keys of values left in place (no room) already said
        self.proxies: list = []
        self.tapped: tuple[int, int, int] | None = None   # the last control tapped: left, bottom, top
        self.table_markup: str | None = None   # what the table shows now, as the session rendered it
        self.lost_focus: str | None = None     # the table's control a repaint took the focus from


APP = App()


def by_id(element_id: str):
    """The element, or None (Pyodide gives JS null as `jsnull`, which is not None)."""
    el = document.getElementById(element_id)
    return None if el is jsnull else el


def dataset(el) -> dict[str, str]:
    return {str(pair[0]): str(pair[1]) for pair in window.Object.entries(el.dataset)}


_opener = None   # the control that had the focus when the dialog opened


def layer(markup: Raw | str) -> None:
    """Show a dialog above the screen (or close it with an empty string). Closed, the focus goes
    back to the control that opened it, when that is still on the page."""
    global _opener
    box = by_id("layer")
    if markup and not box.classList.contains("open"):
        _opener = document.activeElement
    box.innerHTML = markup
    box.classList.toggle("open", bool(markup))
    if markup:
        focus = box.querySelector("[autofocus], select, input, button")
        if focus is not jsnull:
            focus.focus()
    elif _opener is not None:
        if _opener is not jsnull and document.body.contains(_opener):
            _opener.focus()
        _opener = None


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
        tell_problem(problem, "saves.data-aside")
    return value


def tell_problem(problem: Problem, kind: str = "saves.kept-aside") -> None:
    """Add the notice of a value that could not be read. A value left in place for want of room
    is met again at every reading: it is said once (the storage screen lists it, to delete)."""
    if not problem.kept:
        if problem.key in APP.left_told:
            return
        APP.left_told.add(problem.key)
    APP.notices.append(lambda: aside_notice(problem, kind))


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
    pace = chosen.get("bot_pace")
    return Session.PACES[pace] if isinstance(pace, str) and pace in Session.PACES else Session.PACES["normal"]


def put_setting(name: str, value) -> None:
    put_settings({name: value})


def put_settings(values: dict) -> None:
    """Keep these settings (the others as they are); a full storage keeps them for this visit."""
    chosen = {k: v for k, v in settings().items() if k != "bot_delay" or "bot_pace" not in values}
    chosen.update(values)
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


def when_text(stamp: float) -> str:
    return window.Date.new(stamp * 1000).toLocaleString(i18n.lang())


def copy_text(text: str) -> None:
    clipboard = window.navigator.clipboard
    if clipboard is not None and clipboard is not jsnull:
        clipboard.writeText(text)


def local_date() -> str:
    """Today on this device, YYYY-MM-DD (the Swedish format is ISO)."""
    return str(window.Date.new().toLocaleDateString("sv-SE"))
