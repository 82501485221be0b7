"""The WebKit tests' hands and eyes: a Selenium session on one site, with what a person does (a
tap, a choice in a form) and what they wait for (what the page shows), polled, never slept."""
from __future__ import annotations

import json

from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

BOOT_TIMEOUT = 120          # seconds: a first visit compiles the Python runtime
WAIT = 30                   # seconds: what a person would see after a tap
SEEN_KEY = "webkit-test:seen"   # the watcher's notes in sessionStorage (conftest.py)

READY = "return document.documentElement.getAttribute('data-engine') === 'ready'"
SETTLED = "return !document.documentElement.hasAttribute('data-busy')"
FAST_BOTS = {"ludotheque:settings": json.dumps({"bot_delay": 0})}
STORED_SAVES = """return Object.keys(localStorage).filter(k => k.startsWith('ludotheque:save:'))
    .map(k => JSON.parse(localStorage.getItem(k)))"""
HUMAN_OR_OVER = """const t = document.querySelector('#table .table');
    const error = document.querySelector('#layer .error');
    if (error) return 'error: ' + error.textContent;
    return !!t && (t.dataset.over === 'true' || !document.querySelector('#banner').textContent.includes('…'))"""
# what this tab saw go wrong (the watcher's notes) and asked of another origin (its resource timings)
PROBLEMS = """const seen = JSON.parse(sessionStorage.getItem(arguments[0]) || '[]');
    const off = performance.getEntriesByType('resource').map(e => e.name)
      .filter(u => !u.startsWith(location.origin) && !u.startsWith('data:') && !u.startsWith('blob:'));
    return seen.concat(off.map(u => 'request off the origin: ' + u));"""


# the element to tap: an HTML one is returned for WebDriver to click; an SVG one (if no other
# element covers its centre) gets the click here, and true is returned; null while there is none
TAP = """const el = document.querySelectorAll(arguments[0])[arguments[1]];
    if (!el) return null;
    if (!(el instanceof SVGElement)) return el;
    el.scrollIntoView({block: 'nearest'});
    const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === el || el.contains(hit))) return null;   // covered: a finger would touch something else
    const at = {bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y, view: window, button: 0};
    el.dispatchEvent(new PointerEvent('pointerdown', {...at, pointerId: 1, isPrimary: true}));
    el.dispatchEvent(new PointerEvent('pointerup', {...at, pointerId: 1, isPrimary: true}));
    el.dispatchEvent(new MouseEvent('click', at));
    return true;"""


class Browser:
    def __init__(self, driver, site, home):
        self.driver, self.site, self.home = driver, site, home

    # --- reading -------------------------------------------------------------------------------
    def js(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    def all(self, css: str):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def count(self, css: str) -> int:
        return len(self.all(css))

    def text(self, css: str) -> str:
        return self.js("const e = document.querySelector(arguments[0]); return e ? e.innerText : null", css)

    def attr(self, css: str, name: str):
        return self.js("const e = document.querySelector(arguments[0]); return e ? e.getAttribute(arguments[1]) : null",
                       css, name)

    def saves(self) -> list[dict]:
        return self.js(STORED_SAVES)

    def problems(self) -> list[str]:
        """Every window's errors and off-origin requests (the test's end checks them)."""
        found = []
        for handle in self.driver.window_handles:
            self.driver.switch_to.window(handle)
            try:
                found += self.js(PROBLEMS, SEEN_KEY) or []
            except Exception as error:   # a window on no page of the site
                found.append(f"window unreadable: {error}")
        return found

    # --- waiting -------------------------------------------------------------------------------
    def until(self, condition, timeout: float = WAIT, message: str = ""):
        """Polls `condition` (a JS body returning a value, or a function of this browser) until truthy."""
        check = (lambda _: self.js(condition)) if isinstance(condition, str) else (lambda _: condition(self))
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.05,
                                 ignored_exceptions=(StaleElementReferenceException,)).until(check)
        except TimeoutException:
            raise AssertionError(f"not seen within {timeout} s: {message or condition}") from None

    def shown(self, css: str, timeout: float = WAIT) -> None:
        self.until(f"const e = document.querySelector({json.dumps(css)}); return !!e && e.getClientRects().length > 0",
                   timeout, f"{css} shown")

    def gone(self, css: str, timeout: float = WAIT) -> None:
        self.until(f"return !document.querySelector({json.dumps(css)})", timeout, f"no {css}")

    def counted(self, css: str, n: int, timeout: float = WAIT) -> None:
        self.until(lambda b: b.count(css) == n, timeout, f"{n} × {css} (now {self.count(css)})")

    def says(self, css: str, words: str, timeout: float = WAIT) -> None:
        self.until(lambda b: words in (b.text(css) or ""), timeout, f"{css} saying {words!r} (now {self.text(css)!r})")

    def settle(self) -> None:
        """Until the page has answered the last input (static/host/calls.js marks <html data-busy> meanwhile)."""
        self.until(SETTLED, message="the page's answer to the last input")

    def ready(self) -> None:
        """Until the worker's Python is up and has answered (`data-engine="ready"`)."""
        self.until(READY, BOOT_TIMEOUT, "the engine up")

    def human_or_over(self) -> None:
        """Until the banner names a person (no thinking bot) or the game is over, and no error shown."""
        seen = self.until(HUMAN_OR_OVER, message="a person's turn or the end")
        assert seen is True, seen

    # --- doing ---------------------------------------------------------------------------------
    def open(self, path: str = "", storage: dict[str, str] | None = None) -> None:
        """Open the app (after putting `storage` in its localStorage) and wait for the engine."""
        if storage:
            self.driver.get(self.site.url + "build.json")   # a page of the origin that runs no app
            self.js("for (const [k, v] of Object.entries(arguments[0])) localStorage.setItem(k, v)", storage)
        self.driver.get(self.site.url + path)
        self.ready()

    def reload(self) -> None:
        self.driver.refresh()
        self.ready()

    def tap(self, css: str, nth: int = 0, settle: bool = True) -> None:
        """A tap on the nth element matching `css`, then its answer: WebDriver's element click on
        HTML; on an SVG shape (which WebDriver calls not interactable) a click event dispatched at
        its centre, once the shape is what a finger there would touch."""
        def tapped(b: Browser) -> bool:
            found = b.js(TAP, css, nth)
            if found and found is not True:
                found.click()               # if redrawn since it was found, `until` finds it again
            return bool(found)
        self.until(tapped, message=f"{css} [{nth}] to tap")
        if settle:
            self.settle()

    def choose(self, css: str, value: str) -> None:
        Select(self.all(css)[0]).select_by_value(value)
        self.settle()

    def fill(self, css: str, text: str) -> None:
        field = self.all(css)[0]
        field.clear()
        field.send_keys(text)

    def start(self, game_id: str, players: int | None = None, names: tuple[str, ...] = (),
              kinds: tuple[str, ...] = (), options: dict | None = None, level: str | None = None) -> None:
        """The new-game dialog filled in as tests/pagetools.start does (seat 1 a person, the others
        bots of `level`, unless `kinds`), then Start, until the table shows."""
        from ludotheque import bots
        self.tap(f"#cards button[data-action='new'][data-game='{game_id}']")
        self.shown("#newgame")
        if players:
            self.choose("#newgame select[name='players']", str(players))
        if not kinds:
            seats = self.count("#newgame fieldset.seat")
            kinds = ("human",) + (f"bot:{level or bots.default_level(game_id)}",) * (seats - 1)
        for n, name in enumerate(names):
            self.fill(f"#newgame input[name='seat-{n}-name']", name)
        for n, kind in enumerate(kinds):
            self.choose(f"#newgame select[name='seat-{n}-kind']", kind)
        for name, value in (options or {}).items():
            css = f"#newgame [name='opt-{name}']"
            if isinstance(value, bool):
                if self.js(f"return document.querySelector({json.dumps(css)}).checked") != value:
                    self.tap(css)
            else:
                self.choose(css, str(value))
        self.tap("#newgame button[data-action='start']")
        self.shown("#table")
