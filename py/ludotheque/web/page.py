"""What every screen of the page shares: the app's state (the store, the open table, the
notices), the operations sent back to the page, the settings, timers, and `guarded`, which turns
any Python error in a handler into a readable message instead of a blank screen.

Python runs in a PyScript worker: it never touches the page. Each call from the page's thin host
(static/host/) brings an event and the storage values that changed since the last call; what the
page must do comes back as a list of plain operations (`out`: set a screen's markup, open a
dialog, copy a text, start a timer...) and the storage writes, which the host stores under the
app's cross-tab storage lock if storage still holds what the call read. Only the modules of web/
that draw screens import this one; the rest of the engine never does."""
from __future__ import annotations

import json
from typing import Any, Callable
import traceback

import js   # the worker's own globals: Date, crypto, console, fetch (the page's are out of reach)

from . import i18n
from .dom import Raw, h
from .i18n import t
from .storage.saves import Problem, SaveStore, StorageFull, StorageRefused
from .table.session import PACES, Session


SETTINGS_KEY = "ludotheque:settings"


SHARE_PREFIX = "#replay="


class App:
    def __init__(self):
        self.store: SaveStore | None = None
        self.session: Session | None = None
        self.dialog: dict | None = None       # the new-game dialog's current choices
        self.notices: list[Callable[[], str]] = []   # said in the language of the moment
        self.left_told: set[str] = set()   # keys of values left in place (no room) already said
        self.ops: list[dict[str, Any]] = []   # what the page must do, in order, for this call
        self.env: dict[str, Any] = {}         # the page's facts: its address, a touch screen, installed
        self.layer_kind: str | None = None    # the dialog open above the screen ("newgame"...), if any
        self.table_markup: str | None = None  # what the table shows now, as the session rendered it
        self.share_text = ""                  # the text the share dialog offers to copy
        self.timers: dict[int, Callable[[], Any]] = {}   # callbacks waiting for the page's timers
        self.next_timer = 0


APP = App()


def out(op: str, **fields) -> None:
    """Ask the page to do something once this call is over (static/host/ops.js, `apply`)."""
    APP.ops.append({"op": op, **fields})


def show(selector: str, markup: Raw | str) -> None:
    out("html", sel=selector, html=str(markup))


def layer(markup: Raw | str, kind: str = "dialog") -> None:
    """Show a dialog above the screen (or close it with an empty string). The page focuses its
    first control (drawn again while open, the control the focus was on), and gives the focus
    back to the opener when it closes."""
    APP.layer_kind = kind if markup else None
    out("layer", html=str(markup))


def confirmed(question: str, data: dict) -> bool:
    """True once the person said yes: the page asks (window.confirm) and sends the same action
    again with `data-confirmed`."""
    if data.get("confirmed") == "yes":
        return True
    out("confirm", text=question, then={**data, "confirmed": "yes"})
    return False


class MirrorStorage:
    """The app's localStorage values as this worker knows them (the page sends every change before
    each call): getItem, setItem, removeItem, key and length, as saves.SaveStore expects. The call
    runs without the cross-tab lock; its writes go back with what they were based on (`basis`:
    every key the call read or wrote, as it was before, and the keys it listed), and the page
    stores them under the lock only if its storage still holds that (events.conflict otherwise).
    When the page could not store a call's writes and the call is taken up again (events.refused),
    the storage is `full`: every setItem raises StorageFull, as the browser's would have. Storage
    the browser refuses altogether (site data blocked: reading localStorage throws) is full for
    the whole visit: the page says so at the start (`storage: "refused"` among its facts), no
    value ever comes with a call, and nothing is written, so what the worker believes stored is
    what the page holds: nothing."""

    def __init__(self):
        self.values: dict[str, str] = {}
        self.writes: dict[str, str | None] = {}   # this call's writes, in order, to be stored by the page
        self.read: dict[str, str | None] = {}     # this call's basis: each key it touched, as it was before
        self.listed: list[str] | None = None      # the keys there were when this call first listed them
        self.full = False

    def begin(self) -> None:
        """A new call: nothing read yet."""
        self.read, self.listed = {}, None

    def _touch(self, key: str) -> None:
        self.read.setdefault(key, self.values.get(key))

    def getItem(self, key: str) -> str | None:
        self._touch(key)
        return self.values.get(key)

    def setItem(self, key: str, value: str) -> None:
        if storage_refused():
            raise StorageRefused(f"{key}: the browser keeps nothing for this site")
        if self.full:
            raise StorageFull(f"{key}: the storage is full")
        self._touch(key)
        self.values[key] = value
        self.writes.pop(key, None)
        self.writes[key] = value

    def removeItem(self, key: str) -> None:
        self._touch(key)
        self.values.pop(key, None)
        self.writes.pop(key, None)
        self.writes[key] = None

    def _list(self) -> list[str]:
        if self.listed is None:   # the keys as they were before this call's own writes
            self.listed = sorted({key for key in self.values if key not in self.read}
                                 | {key for key, value in self.read.items() if value is not None})
        return list(self.values)

    def key(self, index: int) -> str | None:
        keys = self._list()
        return keys[index] if 0 <= index < len(keys) else None

    @property
    def length(self) -> int:
        return len(self._list())

    def follow(self, changes: dict[str, str | None]) -> None:
        """The values as the page has them now (another tab's writes, or ours it refused)."""
        for key, value in changes.items():
            if value is None:
                self.values.pop(key, None)
            else:
                self.values[key] = value

    def take_writes(self) -> list[list]:
        writes = [[key, value] for key, value in self.writes.items()]
        self.writes = {}
        return writes

    def basis(self) -> dict:
        """What this call's writes were based on, for the page to check under its lock."""
        return {"read": dict(self.read), "listed": self.listed}


def storage_refused() -> bool:
    """The browser refuses this site any storage (the page found reading localStorage throws)."""
    return APP.env.get("storage") == "refused"


def settings() -> dict:
    """The stored settings; a value that cannot be read is set aside (and said) and the
    defaults apply."""
    value, problem = APP.store.read_settings()
    if problem:
        tell_problem(problem, "saves.data-aside")
    return value


def tell_problem(problem: Problem, kind: str = "saves.kept-aside") -> None:
    """Add the notice of a value that could not be read. A value left in place for want of room
    is met again at every reading: it is said once (the storage screen lists it, to delete). A
    newer version's value is no fault: the home lists it (reload to open it)."""
    if problem.newer:
        return
    if not problem.kept:
        if problem.key in APP.left_told:
            return
        APP.left_told.add(problem.key)
    APP.notices.append(lambda: aside_notice(problem, kind))


def aside_notice(problem: Problem, kind: str = "saves.kept-aside") -> str:
    """What to tell about a value that could not be read: kept aside, or (storage full) left."""
    detail = problem.error.say(i18n.lang())
    return t(kind, detail=detail) if problem.kept else t("saves.not-kept", detail=detail)


def bot_delay() -> int:
    """The pause before a bot's move: the pace chosen at the table ("bot_pace"), or an exact
    "bot_delay" in ms (tests and benchmarks set 0)."""
    chosen = settings()
    delay = chosen.get("bot_delay")
    if isinstance(delay, int) and not isinstance(delay, bool) and 0 <= delay <= 5000:
        return delay
    pace = chosen.get("bot_pace")
    return PACES[pace] if isinstance(pace, str) and pace in PACES else PACES["normal"]


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
    """Run callback later: the page starts the timer and calls back when it fires, timing the call
    from then to the screen updated as a performance measure named after the callback
    ("ludotheque:bot_turn"...), which the page-latency benchmark reads."""
    APP.next_timer += 1
    APP.timers[APP.next_timer] = callback
    out("timer", id=APP.next_timer, delay=max(0, int(delay_ms)), name="ludotheque:" + getattr(callback, "__name__", "task"))


THINK_DEADLINE = 5000       # ms: a bot's move the bots' worker has not answered by then...
STRONGEST_DEADLINE = 20000  # ...or, for the game's strongest level (which may think longer), by then


def think(request: dict, answer: Callable[[Any], None]) -> None:
    """A bot's move worked out in the page's second worker (`Session.think`): the page sends it
    the request and calls back with the move (`run_timer` with it); null when that worker is not
    there (not started yet, or failed) or has not answered by the deadline (the page then ends
    it and starts another), and the table works the move out itself. The strongest level's
    longer wait shows its progress (`progress`: the mark's words)."""
    from .. import core
    APP.next_timer += 1
    APP.timers[APP.next_timer] = answer
    levels = core.bot_levels(str(request.get("game")))
    strongest = len(levels) > 1 and request.get("level") == levels[-1]
    out("think", id=APP.next_timer, request=json.dumps(request),
        deadline=STRONGEST_DEADLINE if strongest else THINK_DEADLINE,
        progress=t("table.bot-progress") if strongest else None)


def judge(request: dict, answer: Callable[[Any], None]) -> None:
    """A part of a review judged in the page's second worker during the game
    (`Review.judge_ahead`): the page starts that worker if need be, sends it the request once no
    bot's move is being worked out there, and calls back with what it found ({key: part}), or
    null when that worker cannot judge (the review then judges everything at the end, here)."""
    APP.next_timer += 1
    APP.timers[APP.next_timer] = answer
    out("judge", id=APP.next_timer, request=json.dumps(request))


def run_timer(timer_id: int, *args: Any) -> None:
    """A timer's callback (or a bot's move coming back, `think`), once."""
    callback = APP.timers.pop(timer_id, None)
    if callback is not None:
        guarded(callback, *args)


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
        js.console.error(traceback.format_exc())
        show_error(f"{type(exc).__name__}: {exc}")
        return None


def random_seed() -> int:
    return int(js.crypto.getRandomValues(js.Uint32Array.new(1))[0])


def download(filename: str, text: str) -> None:
    out("download", name=filename, text=text)


def when_text(stamp: float) -> str:
    return js.Date.new(stamp * 1000).toLocaleString(i18n.lang())


def copy_text(text: str) -> None:
    out("copy", text=text)


def replace_address(address: str) -> None:
    """The page's address without a reload (history.replaceState): a replay link shown or left."""
    APP.env["hash"] = address[address.index("#"):] if "#" in address else ""
    out("address", value=address)


def page_address() -> str:
    """The page's address without its fragment (its path and query)."""
    return str(APP.env.get("path", ""))


def local_date() -> str:
    """Today on this device, YYYY-MM-DD (the Swedish format is ISO)."""
    return str(js.Date.new().toLocaleDateString("sv-SE"))
