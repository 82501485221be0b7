"""Shared fixtures. Browser tests build dist/ once per run, serve it in-process on 127.0.0.1 and
drive headless Chromium through Playwright (the system Chromium when Playwright has none of its
own). Every page a test opens is watched: a page error or a request that leaves the page's origin
fails the test."""
from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))
sys.path.insert(0, str(ROOT / "tools"))

from chromium import CHROMIUM_ARGS, NEEDED, READY, find_chromium  # noqa: E402

BOOT_TIMEOUT = 90_000
DIST = Path(os.environ.get("LUDO_DIST") or ROOT / "dist")   # another folder lets two checkouts test at once


def pytest_addoption(parser):
    parser.addoption("--webkit", action="store_true",
                     help="run the WebKit suite (tests/webkit, `make test-webkit`) instead of leaving it out")


def pytest_ignore_collect(collection_path, config):
    """tests/webkit is collected by `--webkit` only (`make test-webkit`): `make test` needs no WebKit."""
    if collection_path.name == "webkit" and collection_path.parent == Path(__file__).parent:
        return not config.getoption("--webkit")
    return None


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "page" in getattr(item, "fixturenames", ()) or "site" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


def build_once(run: str | None) -> None:
    """Build dist/ from this tree. Under pytest-xdist (`run`: the run's id, shared by its workers)
    the first worker to need it builds while the others wait, and none builds it again."""
    command = [sys.executable, str(ROOT / "build" / "build_site.py"), "--out", str(DIST)]
    if run is None:
        subprocess.run(command, check=True, cwd=ROOT)
        return
    import fcntl
    with open(DIST.parent / f".{DIST.name}.lock", "a+", encoding="utf-8") as lock:   # holds the run that built
        fcntl.flock(lock, fcntl.LOCK_EX)
        lock.seek(0)
        if lock.read() != run:
            subprocess.run(command, check=True, cwd=ROOT)
            lock.truncate(0)
            lock.write(run)


@pytest.fixture(scope="session")
def site(request) -> str:
    """dist/ built from this tree (once, unless LUDO_SKIP_BUILD says `make` just did) and served on
    an ephemeral localhost port (each pytest-xdist worker its own)."""
    import serve
    if not os.environ.get("LUDO_SKIP_BUILD"):
        build_once(getattr(request.config, "workerinput", {}).get("testrunuid"))
    server = serve.start(DIST)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


# one renderer for all the pages of a site in a context: the pages of the tests that share a
# context (below) then share one compiled Pyodide
SHARED_RENDERER = ["--process-per-site"]


@pytest.fixture(scope="session")
def browser():
    """The Chromium `build/chromium.py` finds (LUDO_CHROMIUM, Debian's, Playwright's own), the one
    `make test` checked for before it began."""
    chromium = find_chromium()
    if not chromium:
        pytest.fail(NEEDED, pytrace=False)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS + SHARED_RENDERER)
        yield browser
        browser.close()


@dataclass
class Watch:
    """What a page did that a test must not ignore."""
    origin: str
    errors: list[str] = field(default_factory=list)
    offsite: list[str] = field(default_factory=list)
    expect_errors: bool = False

    def on_request(self, request) -> None:
        url = request.url
        if not (url.startswith(self.origin) or url.startswith("data:") or url.startswith("blob:")):
            self.offsite.append(url)


# the keys left in the origin's localStorage a moment after a clear
STORAGE_LEFT = "() => new Promise(done => setTimeout(() => done(localStorage.length), 20))"


class SharedContext:
    """A browser context that test after test opens its pages in, as if each were the first.

    Why: most of a page's start is the processor compiling Pyodide's 9.6 MB of WebAssembly and
    then optimizing its hot functions (about 2 CPU-s a page). Chromium keeps a compiled module for
    as long as one is alive in the renderer process, and `--process-per-site` puts every page of
    the site in a context into one process; so a page of the origin that runs no app (`keeper`)
    holds Pyodide's module compiled, and each test's page starts on that code, its optimized
    functions included: about half the processor per start.

    Between tests every page but the keeper closes and the origin's storage is cleared (local and
    session storage, IndexedDB, caches, cookies). A test sees it through `ContextSeen`, which
    keeps its init scripts to its own pages; a test that changes the context any other way (a
    route, offline...) makes it unfit to share: it is closed after that test."""

    def __init__(self, browser, site: str, options: dict):
        self.site = site
        self.context = browser.new_context(**options)
        self.keeper = self.context.new_page()
        self.keeper.goto(site + "build.json")
        self.keeper.evaluate("""() => { fetch('pyscript/pyodide/pyodide.asm.wasm')
            .then(r => WebAssembly.compileStreaming(r)).then(m => { window.held = m; }, () => {}); }""")
        self.cdp = self.context.new_cdp_session(self.keeper)

    def fit(self) -> bool:
        return not self.keeper.is_closed()

    def reset(self) -> None:
        for page in self.context.pages:
            if page is not self.keeper:
                page.close()
        # a write of a closed page can land after the clear (its message to the storage is still
        # on its way: seen once, a Rucki Zucki save in the next test's localStorage), so the
        # clear is checked from the keeper, a page of the origin, and done again while needed
        for _ in range(5):
            self.cdp.send("Storage.clearDataForOrigin", {"origin": self.site.rstrip("/"), "storageTypes": "all"})
            if not self.keeper.evaluate(STORAGE_LEFT):
                return
        raise AssertionError("the origin's localStorage would not stay empty between two tests")

    def close(self) -> None:
        self.context.close()


class ContextSeen:
    """What a test sees as its browser context: the shared one, with the init scripts it adds kept
    to its own pages (those already open and those it opens). Anything else it asks of the context
    (a route, going offline, a listener) goes through, and marks the shared context as changed."""

    def __init__(self, shared: SharedContext):
        self._shared = shared
        self._scripts: list[dict] = []
        self.changed = False

    def new_page(self):
        page = self._shared.context.new_page()
        for script in self._scripts:
            page.add_init_script(**script)
        return page

    @property
    def pages(self):
        return [page for page in self._shared.context.pages if page is not self._shared.keeper]

    def add_init_script(self, script=None, path=None) -> None:
        self._scripts.append({"script": script, "path": path})
        for page in self.pages:
            page.add_init_script(script=script, path=path)

    def __getattr__(self, name):
        self.changed = True
        return getattr(self._shared.context, name)


@pytest.fixture(scope="session")
def shared_contexts(browser):
    """The shared contexts of this pytest worker, one per site and set of options."""
    contexts: dict[str, SharedContext] = {}
    yield contexts
    for shared in contexts.values():
        shared.close()


@pytest.fixture
def context(browser, site, shared_contexts, request):
    """An upright tablet in French that asks for reduced motion (the page's animations drawn in
    software take the run's processor: tests of the animations are marked `motion`); a test
    parametrized indirectly on `context` adds options (`{"has_touch": True}`: a touch screen).
    It is a context shared with the tests before and after (`SharedContext`), reset between them."""
    import json
    options = {"viewport": {"width": 768, "height": 1024}, "locale": "fr-FR", "service_workers": "block",
               "reduced_motion": "no-preference" if request.node.get_closest_marker("motion") else "reduce",
               **getattr(request, "param", {})}
    key = site + json.dumps(options, sort_keys=True)
    shared = shared_contexts.get(key)
    if shared is None or not shared.fit():
        shared = shared_contexts[key] = SharedContext(browser, site, options)
    ctx = ContextSeen(shared)
    yield ctx
    if ctx.changed or not shared.fit():
        shared.close()
        del shared_contexts[key]
    else:
        shared.reset()


@pytest.fixture
def watch(site) -> Watch:
    return Watch(origin=site.rstrip("/"))


SETTLED = "() => !document.documentElement.hasAttribute('data-busy')"


def settle(page) -> None:
    """Until the page has shown its answer to the last input: Python answers from a worker, and
    the page's host marks <html data-busy> meanwhile (static/host/calls.js)."""
    from playwright.sync_api import Error
    try:
        page.wait_for_function(SETTLED)
    except Error as error:   # the input took the page away (a reload, a new version): nothing to wait for
        if "destroyed" not in str(error) and "closed" not in str(error) and "navigat" not in str(error):
            raise


def settling(method, page_of):
    def run(self, *args, **kwargs):
        result = method(self, *args, **kwargs)
        settle(page_of(self))
        return result
    return run


class SettlingKeyboard:
    """page.keyboard, waiting after each key for the page's answer."""

    def __init__(self, page, keyboard):
        self._page, self._keyboard = page, keyboard

    def press(self, *args, **kwargs):
        self._keyboard.press(*args, **kwargs)
        settle(self._page)

    def __getattr__(self, name):
        return getattr(self._keyboard, name)


def _settle_after_inputs() -> None:
    """Every input a test gives (a click, a key, a choice in a form, a file, a drag) returns once
    the page has shown its answer, as a person sees the screen change before the next tap."""
    from playwright.sync_api import Locator, Page
    if getattr(Page, "_settling", False):
        return
    for name in ("click", "dblclick", "select_option", "check", "uncheck", "set_checked", "set_input_files",
                 "drag_and_drop", "press", "tap", "dispatch_event"):
        if hasattr(Page, name):
            setattr(Page, name, settling(getattr(Page, name), lambda page: page))
    for name in ("click", "dblclick", "select_option", "check", "uncheck", "set_checked", "set_input_files",
                 "drag_to", "press", "tap", "dispatch_event"):
        if hasattr(Locator, name):
            setattr(Locator, name, settling(getattr(Locator, name), lambda locator: locator.page))
    keyboard = Page.keyboard
    Page.keyboard = property(lambda page: SettlingKeyboard(page, keyboard.fget(page)))
    Page._settling = True


_settle_after_inputs()


@pytest.fixture
def page(context, watch):
    page = context.new_page()
    page.on("pageerror", lambda exc: watch.errors.append(str(exc)))
    page.on("request", watch.on_request)
    page.set_default_timeout(20_000)
    yield page
    assert not watch.offsite, f"requests left the origin: {watch.offsite}"
    if not watch.expect_errors:
        assert not watch.errors, f"page errors: {watch.errors}"


@pytest.fixture
def boot(page, site):
    """boot(path="") opens the app and waits until Python has made the menu interactive."""
    def open_app(path: str = ""):
        page.goto(site + path)
        page.wait_for_selector(READY, timeout=BOOT_TIMEOUT)
        return page
    return open_app


@pytest.fixture(autouse=True)
def french():
    """Every test starts with the page's language in French (the default) and leaves it so."""
    from ludotheque.web import i18n
    i18n.set_lang("fr")
    yield
    i18n.set_lang("fr")


@pytest.fixture(scope="module")
def tie_expert_estimates_once():
    """The expert's estimates for a Take It Easy position (`ExpertBot.compared`, a pure function
    of the position) worked out once per test module that asks for it: its tests review the same
    rounds, a bot's board of a round played by the hint meets the hint's positions again, and each
    estimate costs the strongest bot's look-ahead."""
    from ludotheque.games.take_it_easy import bots as tie_bots
    compared = tie_bots.ExpertBot.compared
    known: dict[tuple, tuple[list[int], dict[int, float]]] = {}

    def once(self, pos, also=None):
        key = (tuple(pos.board), tuple(pos.waiting), tuple(pos.unseen), pos.adjacency, pos.previous, also)
        if key not in known:
            known[key] = compared(self, pos, also)
        cells, values = known[key]
        return list(cells), dict(values)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tie_bots.ExpertBot, "compared", once)
        yield
