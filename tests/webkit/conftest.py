"""WebKit, the engine of Safari and of every browser on an iPad: the built site driven through
WebKitGTK's WebDriver (`WebKitWebDriver` with its `MiniBrowser`) by Selenium, on an X server of
its own (Xvfb). Collected only by `make test-webkit` (`pytest --webkit`): tests/conftest.py leaves
this folder out otherwise, so `make test` needs no WebKit.

Each test gets a fresh origin (a server on a new port) and a fresh browser session, so nothing it
keeps (localStorage, the service worker and its cache) reaches another test. That server is also
the browser's proxy: every request of the page, its workers and its service worker passes through
it, so one that leaves the origin is seen (and refused) wherever it comes from. The page it serves
is the built site with one script put first in <head> (and the service worker's hash of index.html
made to match): it keeps, in the tab's sessionStorage, every uncaught error, unhandled rejection
and console.error, which WebDriver cannot watch. A test fails on any of them, or on a request off
the origin, as the Chromium tests do."""
from __future__ import annotations

import functools
import glob
import json
import os
import shutil
import subprocess
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from wkpage import SEEN_KEY, Browser

COMMAND_TIMEOUT = 180       # seconds: no WebDriver command of these tests comes near it (the longest, a first load, takes a few)
WATCHER = """<script>
/* tests/webkit: what went wrong in this tab, kept across its reloads */
(function () {
  function note(kind, text) {
    try {
      var seen = JSON.parse(sessionStorage.getItem(%(key)s) || "[]");
      seen.push(kind + ": " + text);
      sessionStorage.setItem(%(key)s, JSON.stringify(seen));
    } catch (e) {}
  }
  addEventListener("error", function (e) { note("error", e.message + " (" + e.filename + ":" + e.lineno + ")"); });
  addEventListener("unhandledrejection", function (e) {
    var r = e.reason; note("unhandled rejection", r && (r.stack || r.message) || String(r));
  });
  var error = console.error;
  console.error = function () {
    note("console.error", Array.prototype.map.call(arguments, function (a) {
      return a && a.stack ? a.stack : String(a); }).join(" "));
    return error.apply(console, arguments);
  };
})();
</script>
""" % {"key": json.dumps(SEEN_KEY)}


def find_minibrowser() -> str | None:
    found = [os.environ.get("LUDO_MINIBROWSER", "")] + sorted(
        glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser") + glob.glob("/usr/libexec/webkit2gtk-4.*/MiniBrowser"))
    return next((path for path in found if path and os.access(path, os.X_OK)), None)


@pytest.fixture(scope="session")
def webkit():
    """(WebKitWebDriver, MiniBrowser), or the test fails saying what to install."""
    driver, browser = os.environ.get("LUDO_WEBKITDRIVER") or shutil.which("WebKitWebDriver"), find_minibrowser()
    if not driver or not browser or not shutil.which("Xvfb"):
        pytest.fail("WebKit tests need Debian's webkit2gtk-driver (WebKitWebDriver, MiniBrowser) and xvfb: "
                    "apt-get install webkit2gtk-driver xvfb")
    return driver, browser


@pytest.fixture(scope="session")
def display():
    """An X server of the tests' own (a tablet's height and then some)."""
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1280x24", "-nolisten", "tcp"],
                            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        xvfb.kill()
        pytest.fail("Xvfb did not start")
    yield f":{number}"
    xvfb.terminate()
    xvfb.wait(10)


@pytest.fixture(scope="session")
def watched_dist(site, tmp_path_factory) -> Path:
    """The built site (conftest's `site` builds it) with the watcher first in <head>; its
    service worker rewritten by the builder for that index.html."""
    import pwa
    dist = Path(os.environ.get("LUDO_DIST") or Path(__file__).resolve().parents[2] / "dist")   # as tests/conftest.py
    out = tmp_path_factory.mktemp("webkit") / "dist"
    shutil.copytree(dist, out)
    index = out / "index.html"
    html = index.read_text("utf-8")
    assert "<head>\n" in html
    index.write_text(html.replace("<head>\n", "<head>\n" + WATCHER, 1), "utf-8")
    pwa.write_service_worker(out, json.loads((out / "build.json").read_text())["build"])
    return out


class Site:
    """The built site on a port of its own, also the browser's proxy: it records what was asked
    (`requested`: paths of the origin; `offsite`: any other URL, refused), can drop every request
    as a network down would (`offline`), and can hold the requests for paths ending in a given
    suffix until `release()`."""

    def __init__(self, directory: Path):
        import serve
        site = self
        self.directory = directory
        self.requested: list[str] = []
        self.offsite: list[str] = []
        self.offline = False
        self.holding: str | None = None
        self.no_store = False                   # answers the browser may not keep in its HTTP cache
        self.released = threading.Event()

        class Handler(serve.Handler):
            def route(self) -> bool:
                target = self.path
                if "://" in target:             # a proxy request: absolute URL
                    url = urlsplit(target)
                    if f"{url.scheme}://{url.netloc}" != site.origin:
                        site.offsite.append(target)
                        self.send_error(502, "off the origin")
                        return False
                    target = self.path = urlunsplit(("", "", url.path or "/", url.query, ""))
                if site.offline:                # no answer at all: a network error for the browser
                    self.close_connection = True
                    return False
                site.requested.append(target)
                if site.holding and target.split("?")[0].endswith(site.holding):
                    site.released.wait(120)
                return True

            def end_headers(self):
                if site.no_store:
                    self.send_header("Cache-Control", "no-store")
                super().end_headers()

            def do_GET(self):
                if self.route():
                    super().do_GET()

            def do_HEAD(self):
                if self.route():
                    super().do_HEAD()

            def do_POST(self):
                if self.route():
                    self.send_error(405)

            def do_CONNECT(self):               # https through the proxy: never on this origin
                site.offsite.append("https://" + self.path)
                self.send_error(502, "off the origin")

        Handler.quiet = True
        self.server = serve.Server(("127.0.0.1", 0), functools.partial(Handler, directory=str(directory)))
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.url = self.origin + "/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def hold(self, suffix: str) -> None:
        self.released.clear()
        self.holding = suffix

    def release(self) -> None:
        self.holding = None
        self.released.set()

    def close(self) -> None:
        self.release()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def wk(webkit, display, watched_dist, tmp_path, request):
    """A fresh WebKit session on a fresh origin (see the module's docstring); the test fails on an
    error in any of its windows or a request off the origin. Parametrized indirectly with
    {"page_load_strategy": "none"}, opening a page does not wait for its load event."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service
    site = Site(watched_dist)
    driver_path, browser_path = webkit
    options = Options()
    options.binary_location = browser_path
    options.page_load_strategy = getattr(request, "param", {}).get("page_load_strategy", "normal")
    for arg in ("--automation", f"--proxy={site.origin}"):
        options.add_argument(arg)
    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "DISPLAY": display, "HOME": str(home), "XDG_DOWNLOAD_DIR": str(home / "Downloads"),
           "XDG_CACHE_HOME": str(home / ".cache"), "XDG_DATA_HOME": str(home / ".local/share"),
           "XDG_CONFIG_HOME": str(home / ".config")}
    service = Service(executable_path=driver_path, env=env, log_output=subprocess.DEVNULL)
    driver = webdriver.WebKitGTK(options=options, service=service)
    # Selenium gives WebKitGTK's driver no time limit: a driver that stops answering (seen once in
    # CI, an hour into one command) would hold the run for ever; past this, the command fails with
    # urllib3's ReadTimeoutError and `make test-webkit` runs that test again, once
    driver.command_executor._client_config.timeout = COMMAND_TIMEOUT
    browser = Browser(driver, site, home)
    try:
        driver.set_window_rect(x=0, y=0, width=768, height=1024)
        yield browser
        problems = browser.problems()
    finally:
        try:
            driver.quit()
        finally:
            site.close()
    assert not site.offsite and not problems, f"requests left the origin: {site.offsite}; page errors: {problems}"
