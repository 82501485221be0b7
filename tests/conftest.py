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


@pytest.fixture(scope="session")
def browser():
    """The Chromium `build/chromium.py` finds (LUDO_CHROMIUM, Debian's, Playwright's own), the one
    `make test` checked for before it began."""
    chromium = find_chromium()
    if not chromium:
        pytest.fail(NEEDED, pytrace=False)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
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


@pytest.fixture
def context(browser, site, request):
    """An upright tablet in French that asks for reduced motion (the page's animations drawn in
    software take the run's processor: tests of the animations are marked `motion`); a test
    parametrized indirectly on `context` adds options (`{"has_touch": True}`: a touch screen)."""
    options = {"viewport": {"width": 768, "height": 1024}, "locale": "fr-FR", "service_workers": "block",
               "reduced_motion": "no-preference" if request.node.get_closest_marker("motion") else "reduce",
               **getattr(request, "param", {})}
    ctx = browser.new_context(**options)
    yield ctx
    ctx.close()


@pytest.fixture
def watch(site) -> Watch:
    return Watch(origin=site.rstrip("/"))


SETTLED = "() => !document.documentElement.hasAttribute('data-busy')"


def settle(page) -> None:
    """Until the page has shown its answer to the last input: Python answers from a worker, and
    the page's host marks <html data-busy> meanwhile (static/host.js)."""
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
    from ludotheque.bots import take_it_easy as tie_bots
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
