"""The page itself: the shell paints, Python makes it interactive, storage survives reloads,
and failures are explained instead of leaving a blank screen."""
from __future__ import annotations

import json
import zipfile

from playwright.sync_api import expect

from conftest import DIST
from ludotheque import games
from pagetools import FAST_BOTS, draw_if_asked, start

CARD_BUTTON = "#cards button[data-action='new']"


def test_menu_becomes_interactive(page, site, boot):
    page.goto(site)
    # the static shell is there before Python: one card per game, buttons waiting
    cards = page.locator("#cards .card")
    expect(cards).to_have_count(len(games.ids()))
    assert len(games.ids()) >= 2
    page.wait_for_selector("html[data-engine='ready']", timeout=90_000)
    for game_id in games.ids():
        button = page.locator(f"{CARD_BUTTON}[data-game='{game_id}']")
        expect(button).to_be_enabled()
        game = games.get(game_id)
        card = page.locator(f".card[data-game='{game_id}']")
        expect(card.locator(".card-name")).to_have_text(game.text("fr", "name"), use_inner_text=True)
        expect(card.locator(".card-players")).to_contain_text(str(game.max_players))
    expect(page.locator("#boot")).to_be_hidden()
    expect(page.locator("#boot-error")).to_be_hidden()


def test_language_switch_is_remembered(page, boot):
    boot()
    assert page.evaluate("document.documentElement.lang") == "fr"
    expect(page.locator(".tagline")).to_have_text("Des jeux de nombres pour la table, sans réseau", use_inner_text=True)
    page.click("#lang-switch")
    expect(page.locator(".tagline")).to_have_text("Number games for the table, offline", use_inner_text=True)
    page.reload()
    page.wait_for_selector("html[data-engine='ready']", timeout=90_000)
    assert page.evaluate("document.documentElement.lang") == "en"
    expect(page.locator(CARD_BUTTON).first).to_have_text("New game", use_inner_text=True)


def test_new_game_dialog_offers_seats_and_options(page, boot):
    boot()
    game = games.get("lucky-numbers")
    page.click(f"{CARD_BUTTON}[data-game='lucky-numbers']")
    dialog = page.locator("#newgame")
    expect(dialog).to_be_visible()
    expect(dialog.locator("fieldset.seat")).to_have_count(game.default_players)
    page.select_option("#newgame select[name='players']", str(game.max_players))
    expect(dialog.locator("fieldset.seat")).to_have_count(game.max_players)
    kinds = dialog.locator("select[name='seat-0-kind'] option")
    assert kinds.count() >= 3  # human and at least two bot levels
    assert dialog.locator(".option").count() >= 1
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_every_new_game_dialog_fits_a_phone_width(page, boot):
    """At 390 px every control of every game's dialog stays inside the dialog (a long choice goes
    under its label), and the page never scrolls sideways."""
    page.set_viewport_size({"width": 390, "height": 844})
    boot()
    for game_id in games.ids():
        page.click(f"{CARD_BUTTON}[data-game='{game_id}']")
        dialog = page.locator("#newgame")
        expect(dialog).to_be_visible()
        overflow = page.evaluate("""() => {
            const box = document.querySelector('#newgame').getBoundingClientRect();
            return [...document.querySelectorAll('#newgame select, #newgame input, #newgame button')]
                .filter(el => el.offsetParent !== null)
                .filter(el => { const r = el.getBoundingClientRect(); return r.left < box.left - 1 || r.right > box.right + 1; })
                .map(el => el.name || el.textContent); }""")
        assert overflow == [], f"{game_id}: {overflow} pass the dialog's edge"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()


def test_a_saved_games_buttons_keep_their_words_whole_on_a_phone(page, context, boot):
    """At 390 px, in French and English, "Reprendre", "Exporter", "Supprimer" each stay on one
    line (they used to break inside the word: "Reprendr / e")."""
    from pagetools import bots_near_the_end
    save = bots_near_the_end("lucky-numbers", 2)
    context.add_init_script(f"localStorage.setItem({json.dumps(save.key)}, {json.dumps(save.to_json())});")
    page.set_viewport_size({"width": 390, "height": 844})
    boot()
    for _ in ("fr", "en"):
        expect(page.locator("#going .saved-actions button")).to_have_count(3)
        broken = page.evaluate("""() => [...document.querySelectorAll('#going .saved-actions button')].filter(b => {
            const range = document.createRange(); range.selectNodeContents(b);
            return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1; }).map(b => b.textContent)""")
        assert broken == [], f"{broken} break inside a word"
        page.click("#lang-switch")


def test_a_started_game_survives_a_reload(page, boot):
    boot()
    page.click(f"{CARD_BUTTON}[data-game='take-it-easy']")
    page.fill("#newgame input[name='seat-0-name']", "Alice")
    page.click("#newgame button[data-action='start']")
    expect(page.locator("#table .banner")).to_contain_text("Alice")
    page.locator(".tie-main .tie-cell.legal").first.click()
    page.reload()
    page.wait_for_selector("html[data-engine='ready']", timeout=90_000)
    # the reload reopens the table where it was, with no tap
    expect(page.locator("#table .banner")).to_contain_text("Alice")
    expect(page.locator(".tie-main .tie-cell.legal")).to_have_count(18)
    expect(page.locator("#home")).to_be_hidden()
    page.click("#table [data-action='leave']")
    saved = page.locator(".saved-game")
    expect(saved).to_have_count(1)
    expect(saved).to_contain_text("Alice")
    # left for the home screen: a reload stays there
    page.reload()
    page.wait_for_selector("html[data-engine='ready']", timeout=90_000)
    expect(page.locator("#home")).to_be_visible()
    expect(page.locator("#table")).to_have_count(0)
    saved.locator("button[data-action='continue']").click()
    expect(page.locator("#table .banner")).to_contain_text("Alice")


def test_missing_runtime_file_gives_an_error_message(page, site, watch):
    watch.expect_errors = True
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(site)
    box = page.locator("#boot-error")
    expect(box).to_be_visible(timeout=60_000)
    expect(box).to_contain_text("pyodide.asm.wasm")
    expect(box).to_contain_text("n’a pas pu démarrer")
    assert page.evaluate("document.documentElement.dataset.ready") is None     # the home took taps: no longer
    assert page.evaluate("document.documentElement.dataset.engine") is None


def test_corrupt_local_storage_does_not_stop_the_menu(page, site, context):
    bad_values = {
        "ludotheque:lang": "klingon",
        "ludotheque:settings": "{not json",
        "ludotheque:save:1-0": "{truncated",
        "ludotheque:save:2-0": json.dumps({"version": 1, "id": "2-0", "game": "chess"}),
        "ludotheque:save:3-0": json.dumps(["not", "a", "save"]),
    }
    context.add_init_script(
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        + "".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in bad_values.items())
        + "}")
    page.goto(site)
    page.wait_for_selector("html[data-engine='ready']", timeout=90_000)
    expect(page.locator(CARD_BUTTON).first).to_be_enabled()
    notices = page.locator("#saved .notice")
    expect(notices).to_have_count(4)   # three saves and the settings, each set aside and said
    expect(notices.first).to_contain_text("Des données enregistrées")
    # kept aside, not deleted: the bad values are still in storage under their own keys
    aside = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('ludotheque:aside:')).length")
    assert aside == 4
    page.click(f"{CARD_BUTTON}[data-game='lucky-numbers']")
    expect(page.locator("#newgame")).to_be_visible()


def test_a_python_error_is_shown_as_a_message_and_the_app_goes_on(page, boot):
    boot()
    # a control the app does not know raises inside a handler
    page.evaluate("""() => { const b = document.createElement('button'); b.id = 'bogus';
        b.dataset.action = 'no-such-action'; b.textContent = 'x'; document.querySelector('#home').append(b); }""")
    page.click("#bogus")
    dialog = page.locator("#layer .dialog.error")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("KeyError")
    dialog.locator("button").click()
    page.click(f"{CARD_BUTTON}[data-game='take-it-easy']")
    expect(page.locator("#newgame")).to_be_visible()


def test_lucky_numbers_drag_and_drop_places_the_drawn_tile(page, context, boot):
    context.add_init_script("localStorage.setItem('ludotheque:settings', JSON.stringify({bot_delay: 0}));")
    boot()
    page.click(f"{CARD_BUTTON}[data-game='lucky-numbers']")
    page.click("#newgame button[data-action='start']")
    page.click("button[data-act='confirm-setup']")
    draw_if_asked(page)   # the first turn: the pool is empty, the table draws
    drawn = page.locator(".ln-drawn .ln-tile").inner_text()
    target = page.locator(".ln-garden.active .ln-cell.legal").first
    row, col = target.get_attribute("data-row"), target.get_attribute("data-col")
    # the drag's events themselves, one after the other: the browser's own drag under a mouse
    # (page.drag_and_drop) sometimes starts no drag at all on a loaded machine
    cell = f".ln-garden.active .ln-cell[data-row='{row}'][data-col='{col}']"
    carried = page.evaluate_handle("() => new DataTransfer()")
    page.dispatch_event(".ln-drawn .ln-tile", "dragstart", {"dataTransfer": carried})
    page.dispatch_event(cell, "dragover", {"dataTransfer": carried})
    page.dispatch_event(cell, "drop", {"dataTransfer": carried})
    expect(page.locator(f".ln-garden[data-seat='0'] .ln-cell[data-row='{row}'][data-col='{col}']")).to_have_text(drawn)


PROBE = """
import sys, traceback, json

def from_source():
    # standard library modules the page imported from their source: compiled at this start
    return " ".join(sorted(name for name, module in list(sys.modules.items())
                           if ".zip/" in (getattr(module, "__file__", None) or "")
                           and module.__file__.endswith(".py") and "/ludotheque/" not in module.__file__))

def stdlib_traceback():
    try:
        json.loads("{")
    except ValueError:
        return traceback.format_exc()

__export__ = ["call", "from_source", "stdlib_traceback"]
"""
WORKER = "document.querySelector(\"script[type='py'][worker]\").xworker.sync"   # what the worker exports


def test_the_standard_library_the_page_uses_is_bytecode(page, site, boot):
    """Every standard library module imported to start the app and a game against a bot comes
    as bytecode, and an error inside the library still names its file and line."""
    main = (DIST / "py" / "main.py").read_text("utf-8")
    page.route("**/py/main.py", lambda route: route.fulfill(body=main + PROBE, content_type="text/plain"))
    boot()
    assert page.evaluate(f"{WORKER}.from_source()") == ""
    start(page, "lucky-numbers", players=2, kinds=("human", "bot:strong"))
    expect(page.locator("#table .banner")).to_be_visible()
    page.click("#table .toolbar [data-action='log']")
    assert page.evaluate(f"{WORKER}.from_source()") == ""
    trace = page.evaluate(f"{WORKER}.stdlib_traceback()")
    assert 'python314.zip/json/decoder.py", line' in trace and "JSONDecodeError" in trace


def test_the_first_screen_fetches_only_what_it_needs(page, site, context, boot):
    """The build ships no source-map comment (nothing asks for a missing .map), a lock file with
    no packages and no PyScript chunk the page never asks for; every file the page asks for, from
    the start to a game against Take It Easy's strong bot, is there; the package zip is downloaded
    once; the bot's learned tables are fetched when that table opens, not at the start."""
    scripts = [p for p in DIST.rglob("*") if p.suffix in (".js", ".mjs")]
    assert scripts and not [p.name for p in scripts if b"sourceMappingURL" in p.read_bytes()]
    lock = json.loads((DIST / "pyscript" / "pyodide" / "pyodide-lock.json").read_text("utf-8"))
    assert lock["packages"] == {} and lock["info"]["abi_version"]
    assert not list((DIST / "pyscript").glob("xterm*")) and not list((DIST / "pyscript").glob("codemirror*"))
    with zipfile.ZipFile(DIST / "py" / "ludotheque.zip") as package:
        assert not [name for name in package.namelist() if name.endswith("weights.json")]
    answers, downloads = [], []   # downloads: GETs (a start slower than 6 s also asks HEAD of each runtime file: static/host/main.js)
    page.on("response", lambda response: answers.append((response.url, response.status)))
    page.on("response", lambda response: response.request.method == "GET" and downloads.append(response.url))
    context.add_init_script(FAST_BOTS)
    boot()
    assert not [url for url, _ in answers if "weights" in url]
    # the package zip is downloaded once, by the worker (a preload in the page was a second download:
    # the page's preload cache is not the worker's)
    assert len([url for url in downloads if url.endswith("/py/ludotheque.zip")]) == 1
    start(page, "take-it-easy", players=2, kinds=("human", "bot:strong"))
    expect(page.locator(".tie-main .tie-cell.legal")).to_have_count(19)
    page.locator(".tie-main .tie-cell.legal").first.click()
    expect(page.locator("#table .log-entry, #table .tie-main .tie-cell.legal").first).to_be_visible()
    page.wait_for_function("() => JSON.parse(localStorage.getItem(Object.keys(localStorage)"
                           ".find(k => k.startsWith('ludotheque:save:')))).record.moves.length >= 2")
    assert [url for url, _ in answers if url.endswith("/py/data/take_it_easy/weights.json")]
    for game_id in ("lucky-numbers", "rucki-zucki", "3x16"):
        page.click("#table [data-action='leave']")
        start(page, game_id)
    assert [(url, status) for url, status in answers if status >= 400] == []


def test_chromium_reports_no_deprecated_api(page, site, context):
    """Chromium's issues (what Lighthouse's "deprecated APIs" reads): none while the app starts and
    a game opens. Pyodide used to make a shared memory as it loaded (SharedArrayBuffer without
    cross-origin isolation)."""
    cdp = context.new_cdp_session(page)
    issues = []
    cdp.on("Audits.issueAdded", lambda event: issues.append(event["issue"]))
    cdp.send("Audits.enable")
    page.goto(site)
    page.wait_for_selector("html[data-engine='ready']", timeout=90_000)
    start(page, "take-it-easy")
    page.locator(".tie-main .tie-cell.legal").first.click()
    assert [issue for issue in issues if issue["code"] == "DeprecationIssue"] == []
