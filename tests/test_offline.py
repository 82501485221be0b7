"""The built site as an offline web app: after one visit the service worker has cached every file,
so a reload with no network boots the app and a game is played and saved; the same under a
subpath (GitHub Pages serves the site at /<repo>/); a new build is offered by a banner and taking
it keeps the saved game; Chromium itself judges the app installable.

These tests make their own browser contexts: conftest's `context` blocks service workers."""
from __future__ import annotations

import json
import os
import shutil
import struct
import zlib
from pathlib import Path

import build_site  # build/ is on the path (conftest)
import pwa
import pytest
import serve
from conftest import BOOT_TIMEOUT, CHROMIUM_ARGS, DIST, READY, ROOT, Watch, find_chromium
from playwright.sync_api import expect

SAVE_PREFIX = "ludotheque:save:"
TIE_NEW = "#cards button[data-action='new'][data-game='take-it-easy']"
CONTROLLED = "navigator.serviceWorker.controller !== null"
CACHES = "caches.keys().then(keys => keys.filter(k => k.startsWith('ludotheque-')))"


@pytest.fixture
def sw_context(browser, site):
    """A context like conftest's, but with service workers allowed; site is asked for so dist/
    is built. Every request of the context (the worker's too) is watched."""
    contexts = []

    def make(origin: str):
        ctx = browser.new_context(viewport={"width": 768, "height": 1024}, locale="fr-FR",
                                  service_workers="allow")
        watch = Watch(origin=origin.rstrip("/"))
        ctx.on("request", watch.on_request)
        contexts.append((ctx, watch))
        return ctx, watch

    yield make
    for ctx, watch in contexts:
        ctx.close()
        assert not watch.offsite, f"requests left the origin: {watch.offsite}"
        if not watch.expect_errors:
            assert not watch.errors, f"page errors: {watch.errors}"


def open_page(ctx, watch):
    page = ctx.new_page()
    page.on("pageerror", lambda exc: watch.errors.append(str(exc)))
    page.set_default_timeout(30_000)
    return page


def first_visit(page, url: str) -> None:
    """Open the app online and wait until the service worker has cached the build and controls
    the page."""
    page.goto(url)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT)
    page.wait_for_function(CONTROLLED, timeout=BOOT_TIMEOUT)
    # a worker that claimed the page may still be finishing its activate step on a loaded machine
    page.wait_for_function("navigator.serviceWorker.ready.then(r => r.active.state === 'activated')", timeout=BOOT_TIMEOUT)


def reload_ready(page) -> None:
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT)


def saves(page) -> list[str]:
    return page.evaluate(f"Object.keys(localStorage).filter(k => k.startsWith({SAVE_PREFIX!r}))")


LEGAL = ".tie-main .tie-cell.legal"


def start_take_it_easy_and_place(page) -> int:
    """Start a solo Take It Easy, place the first tile; returns the free places left."""
    page.click(TIE_NEW)
    page.click("#newgame button[data-action='start']")
    expect(page.locator("#table .banner")).to_be_visible()
    expect(page.locator(LEGAL)).to_have_count(19)
    page.locator(LEGAL).first.click()
    expect(page.locator(LEGAL)).to_have_count(18)
    return 18


def back_at_the_table(page, places: int) -> None:
    """After a reload the same table is there again, with no tap; leaving it, the home screen
    lists the one saved game."""
    expect(page.locator("#table .banner")).to_be_visible()
    expect(page.locator(LEGAL)).to_have_count(places)
    page.click("#table [data-action='leave']")
    expect(page.locator("#saved .saved-game")).to_have_count(1)


@pytest.fixture
def subpath_server(tmp_path):
    """start(target) serves tmp_path, where ludotheque/ -> target, and returns the app's URL and
    the server; start.point(target) swaps the folder, as a deployment does."""
    servers = []
    link = tmp_path / "ludotheque"

    def point(target: Path) -> None:
        fresh = tmp_path / "ludotheque.new"
        fresh.symlink_to(target, target_is_directory=True)
        os.replace(fresh, link)

    def start(target: Path):
        point(target)
        server = serve.start(tmp_path)
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/ludotheque/", server

    start.point = point
    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def play_offline(page, ctx) -> None:
    ctx.set_offline(True)
    reload_ready(page)
    assert page.evaluate("navigator.onLine") is False
    assert saves(page) == []
    places = start_take_it_easy_and_place(page)
    assert len(saves(page)) == 1
    reload_ready(page)
    back_at_the_table(page, places)


def test_one_visit_then_offline_boots_plays_and_saves(sw_context, site):
    ctx, watch = sw_context(site)
    page = open_page(ctx, watch)
    first_visit(page, site)
    build_id = json.loads((DIST / "build.json").read_text())["build"]
    assert page.evaluate(CACHES) == [f"ludotheque-{build_id} {site}"]
    play_offline(page, ctx)


def test_under_a_subpath_with_the_server_gone(sw_context, subpath_server):
    url, server = subpath_server(DIST)
    ctx, watch = sw_context(url)
    page = open_page(ctx, watch)
    first_visit(page, url)
    registration = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert registration == url
    server.shutdown()  # really offline: nothing answers any more
    server.server_close()
    play_offline(page, ctx)


def make_next_build(tmp_path: Path) -> tuple[Path, str]:
    """dist/ with a changed page, re-hashed and with its own service worker, as the next deploy."""
    nxt = tmp_path / "next"
    shutil.copytree(DIST, nxt, symlinks=False)
    index = nxt / "index.html"
    index.write_text(index.read_text("utf-8").replace(
        "</head>", '<meta name="ludotheque-test-build" content="next">\n</head>'), "utf-8")
    (nxt / pwa.SW_NAME).unlink()
    (nxt / "build.json").unlink()
    build_id = build_site.content_hash(nxt)
    pwa.write_service_worker(nxt, build_id)
    return nxt, build_id


def test_a_new_build_is_offered_and_the_game_survives(sw_context, subpath_server, tmp_path):
    url, _ = subpath_server(DIST)
    nxt, next_id = make_next_build(tmp_path)
    ctx, watch = sw_context(url)
    page = open_page(ctx, watch)
    first_visit(page, url)
    places = start_take_it_easy_and_place(page)
    saved_before = saves(page)
    assert len(saved_before) == 1
    banner = page.locator("#update")
    expect(banner).to_be_hidden()

    subpath_server.point(nxt)  # deploy; the open app looks for a new version (as when it is shown again)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    expect(banner).to_be_visible(timeout=BOOT_TIMEOUT)
    expect(banner).to_contain_text("Une nouvelle version est disponible")
    # until the player accepts, the running build is the old one and the game goes on
    assert page.locator("meta[name='ludotheque-test-build']").count() == 0
    expect(page.locator("#table .banner")).to_be_visible()

    with page.expect_navigation(timeout=BOOT_TIMEOUT):  # the new worker takes over, the page reloads
        banner.locator("#update-reload").click()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT)
    assert page.locator("meta[name='ludotheque-test-build']").count() == 1
    expect(banner).to_be_hidden()
    caches = page.evaluate(CACHES)
    assert caches == [f"ludotheque-{next_id} {url}"]  # the old build's cache is gone
    assert saves(page) == saved_before
    back_at_the_table(page, places)


def test_chromium_judges_the_app_installable(browser, site, tmp_path):
    """Page.getInstallabilityErrors is empty: manifest, icons, service worker with a fetch handler.
    A persistent profile, because Chromium never installs from an incognito one."""
    options = dict(args=CHROMIUM_ARGS, service_workers="allow", viewport={"width": 768, "height": 1024})
    ctx = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=find_chromium(), **options)
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        first_visit(page, site)
        cdp = ctx.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest.get("errors") == [], manifest.get("errors")
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        ctx.close()


def test_the_service_worker_lists_every_file_but_itself(site):
    files = pwa.cached_files(DIST)
    on_disk = {p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file()}
    assert set(files) == on_disk - {"sw.js"}
    assert {"index.html", "manifest.webmanifest", "py/ludotheque.zip", "pyscript/pyodide/pyodide.asm.wasm",
            "static/icons/icon-180.png", "static/icons/icon-192.png", "static/icons/icon-512.png",
            "static/icons/icon-maskable-512.png"} <= set(files)
    host = {f"static/host/{p.name}" for p in (ROOT / "static" / "host").glob("*.js")}
    assert "static/host/main.js" in host and host <= set(files), "every module of the host is precached"
    build_id = json.loads((DIST / "build.json").read_text())["build"]
    assert (DIST / "sw.js").read_text("utf-8") == pwa.render_service_worker(build_id, files)


def read_png(data: bytes) -> tuple[int, int, bytes]:
    """(width, height, RGBA rows) of an 8-bit RGBA PNG with unfiltered rows, as pwa.png writes."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, size = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        assert zlib.crc32(kind + body) == struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])[0]
        if kind == b"IHDR":
            size = struct.unpack(">IIBB", body[:10])
            assert size[2:] == (8, 6)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    return size[0], size[1], zlib.decompress(idat)


def test_icons_and_manifest(tmp_path):
    pwa.write_assets(tmp_path)
    manifest = json.loads((tmp_path / "manifest.webmanifest").read_text("utf-8"))
    assert manifest["start_url"] == manifest["scope"] == "./" and manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"] and manifest["theme_color"] == "#1d2433"
    purposes = {}
    for icon in manifest["icons"]:
        width, height, rows = read_png((tmp_path / icon["src"]).read_bytes())
        assert icon["sizes"] == f"{width}x{height}"
        purposes.setdefault(icon["purpose"], set()).add(width)
        stride = 1 + 4 * width
        pixel = lambda x, y: rows[y * stride + 1 + 4 * x:y * stride + 5 + 4 * x]  # noqa: E731
        assert pixel(width // 2, int(height * 0.3)) == bytes((0xf3, 0xc2, 0x4b, 255))  # the gold diamond
        corner = pixel(0, 0)
        if icon["purpose"] == "maskable":  # full bleed, and the mark inside the 40 % safe circle
            assert corner == bytes((0x1d, 0x24, 0x33, 255))
            marked = [(x, y) for y in range(height) for x in range(width) if pixel(x, y) != corner]
            assert max((x + .5 - width / 2) ** 2 + (y + .5 - height / 2) ** 2 for x, y in marked) < (.4 * width) ** 2
        else:  # app.svg's rounded corners
            assert corner[3] == 0
    assert purposes == {"any": {192, 512}, "maskable": {512}}
    width, _, rows = read_png((tmp_path / "static/icons/icon-180.png").read_bytes())
    assert width == 180 and all(rows[i] == 255 for i in range(4, len(rows), 4 * 180 + 1)), "opaque for iOS"


def test_the_service_worker_is_registered_once_the_app_is_ready(sw_context, site):
    """Its precache would compete with the runtime's download and start: it waits for the worker's
    Python to be up (not for the home screen, shown before)."""
    ctx, watch = sw_context(site)
    ctx.add_init_script("""(() => {
        const register = ServiceWorkerContainer.prototype.register;
        ServiceWorkerContainer.prototype.register = function (...args) {
            window.ludoRegisteredWhenReady = document.documentElement.dataset.engine === "ready";
            return register.apply(this, args);
        };
    })()""")
    page = open_page(ctx, watch)
    first_visit(page, site)
    assert page.evaluate("window.ludoRegisteredWhenReady") is True
