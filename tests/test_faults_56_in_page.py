"""Faults the several-devices codes, storage eviction and the backup brought (issue #56), in the
page: each test makes the fault as a family (or a forger) would and checks what the page does."""
from __future__ import annotations

import json
import random

from playwright.sync_api import expect

from pagetools import stored_saves
from test_devices_in_page import device, join_table, open_table, play_take_it_easy_round
from test_table_codes import finished
from test_offline import sw_context  # noqa: F401  (a fixture)

from ludotheque import games, table_codes
from ludotheque.web.storage.saves import EXPORT_FORMAT, Save, Seat

STATS = "() => JSON.parse(localStorage.getItem('ludotheque:stats') || 'null')"


def gather(page, codes: list[str]) -> None:
    page.click("#ending [data-action='devices-gather']")
    page.fill("#gather textarea[name='codes']", "\n".join(codes))
    page.click("#gather [data-action='devices-rank']")


def ranking(page) -> dict[str, int]:
    rows = page.locator("#ending .ranking tbody tr")
    return {rows.nth(i).locator("td").nth(1).inner_text(): int(rows.nth(i).locator("td").nth(2).inner_text())
            for i in range(rows.count())}


def tom_code(code: str, name: str = "Tom", seed: int = 1) -> str:
    """A finished board of the table of `code` under `name`, as another device's result code."""
    table = table_codes.read_table(code)
    return table_codes.result_code(table, name, finished(table, random.Random(seed)))


def test_gathering_a_table_again_counts_its_game_once(browser, site):
    """#56.1: the ranking gathered, then the device's finished board opened from the history and
    the same code gathered again: the same ranking opens, no second game is stored, the
    statistics count one game and one win."""
    context, page = device(browser, site)
    try:
        code = open_table(page, "take-it-easy", "Maman", {"rounds": 1})
        play_take_it_easy_round(page, 0)
        other = tom_code(code)
        gather(page, [other])
        expect(page.locator("#ending .ranking tbody tr")).to_have_count(2)
        first = ranking(page)
        stats = page.evaluate(STATS)["games"]["take-it-easy"]
        played = stats["played"]   # the board alone, and the table's game
        assert stats["players"]["Maman"]["played"] == 1
        page.click("#ending [data-action='leave']")
        # the board of this device, from the history, gathered again with the same code
        board = [s for s in stored_saves(page) if s.get("table") == code and len(s["seats"]) == 1][0]
        page.evaluate("() => { document.querySelector('#home details.history').open = true; }")
        page.click(f"#history li[data-save='{board['id']}'] button[data-action='view']")
        gather(page, [other])
        expect(page.locator("#ending .ranking tbody tr")).to_have_count(2)
        assert ranking(page) == first
        joint = [s for s in stored_saves(page) if len(s["seats"]) == 2]
        assert len(joint) == 1
        stats = page.evaluate(STATS)["games"]["take-it-easy"]
        assert stats["played"] == played
        assert stats["players"]["Maman"]["played"] == 1 and stats["players"]["Tom"]["played"] == 1
        assert stats["players"]["Maman"]["won"] + stats["players"]["Tom"]["won"] <= 2
        expect(page.locator("#table .notice")).to_contain_text("déjà été rassemblé")
        # a third device's board, late: the ranking is replaced, still one game in the statistics
        page.click("#ending [data-action='leave']")
        page.evaluate("() => { document.querySelector('#home details.history').open = true; }")
        page.click(f"#history li[data-save='{board['id']}'] button[data-action='view']")
        gather(page, [other, tom_code(code, "Léa", seed=2)])
        expect(page.locator("#ending .ranking tbody tr")).to_have_count(3)
        assert len([s for s in stored_saves(page) if len(s["seats"]) > 1]) == 1
        stats = page.evaluate(STATS)["games"]["take-it-easy"]
        assert stats["played"] == played and stats["players"]["Maman"]["played"] == 1
        assert stats["players"]["Léa"]["played"] == 1
    finally:
        context.close()


def test_a_board_deleted_deals_no_second_board_at_its_table(browser, site):
    """#56.2: join, play, go home, delete the board, join the same code again: refused with the
    reason, no board stored (its every tile is known on this device)."""
    context, page = device(browser, site)
    try:
        host_context, host = device(browser, site)
        try:
            code = open_table(host, "take-it-easy", "Maman", {"rounds": 1})
        finally:
            host_context.close()
        join_table(page, "take-it-easy", "Tom", code)
        page.locator(".tie-main .tie-cell.legal").first.click()
        expect(page.locator(".tie-main .tie-cell.filled")).to_have_count(1)
        page.click("#table button[data-action='leave']")
        board = [s for s in stored_saves(page) if s.get("table") == code][0]
        page.on("dialog", lambda dialog: dialog.accept())
        page.click(f"#going li[data-save='{board['id']}'] button[data-action='delete']")
        expect(page.locator(f"#going li[data-save='{board['id']}']")).to_have_count(0)
        join_table(page, "take-it-easy", "Tom", code, opens=False)
        expect(page.locator("#devices .form-error")).to_contain_text("déjà eu son plateau à cette table")
        expect(page.locator("#table")).to_be_hidden()
        assert [s for s in stored_saves(page) if s.get("table") == code] == []
        # the English words too
        page.click("#devices button[data-action='close-layer']")
    finally:
        context.close()


def test_a_boards_result_code_is_that_of_its_own_moves(browser, site, tmp_path):
    """#56.3: two finished boards of one table under one name (a Take It Easy round is always 19
    moves) on one device: each shows the result code of its own moves."""
    context, page = device(browser, site)
    try:
        code = open_table(page, "take-it-easy", "Léa", {"rounds": 1})
        play_take_it_easy_round(page, 0)
        first = page.locator("#result-code").inner_text()
        page.click("#ending [data-action='leave']")
        table = table_codes.read_table(code)
        state = finished(table, random.Random(5))
        other = Save(id="1-0", game="take-it-easy", record=state.record(), seats=[Seat("Léa")], undo=False,
                     table=table.code)
        other.follow(state)
        expected = table_codes.result_code(table, "Léa", state)
        assert expected != first
        path = tmp_path / "board.json"
        path.write_text(json.dumps({"format": EXPORT_FORMAT, "save": other.to_dict()}), "utf-8")
        page.set_input_files("#import-file", str(path))
        expect(page.locator("#result-code")).to_have_text(expected)
        rebuilt = table_codes.read_result(table, page.locator("#result-code").inner_text())
        assert rebuilt.state.moves == state.moves
    finally:
        context.close()


def test_names_in_result_codes_follow_one_rule_and_one_board_per_name(browser, site):
    """#56.5: a long name with an accent gathers as the person its device named; a code under
    the gatherer's own name is refused; a name with bidi-override and zero-width characters is
    shown and counted without them, in the ranking, the statistics and the people chips."""
    host_context, host = device(browser, site)
    guest_context, guest = device(browser, site)
    try:
        code = open_table(host, "take-it-easy", "Maman", {"rounds": 1})
        join_table(guest, "take-it-easy", "Anne-Sophie de Létourneau", code)
        play_take_it_easy_round(guest, 3)
        seat = [s for s in stored_saves(guest) if s.get("table") == code][0]["seats"][0]["name"]
        assert seat == "Anne-Sophie de Létournea"   # 24 graphemes, 25 bytes
        guest_code = guest.locator("#result-code").inner_text()
        play_take_it_easy_round(host, 0)
        mine = tom_code(code, "Maman", seed=3)
        gather(host, [guest_code, mine])
        expect(host.locator("#gather .form-error")).to_contain_text("Ligne 2")
        expect(host.locator("#gather .form-error")).to_contain_text("Maman a déjà un plateau ici")
        hidden = tom_code(code, "Z\u202eo\u200bé\u0007", seed=4)
        host.fill("#gather textarea[name='codes']", "\n".join([guest_code, hidden]))
        host.click("#gather [data-action='devices-rank']")
        expect(host.locator("#ending .ranking tbody tr")).to_have_count(3)
        assert set(ranking(host)) == {"Maman", "Anne-Sophie de Létournea", "Zoé"}
        players = host.evaluate(STATS)["games"]["take-it-easy"]["players"]
        assert set(players) == {"Maman", "Anne-Sophie de Létournea", "Zoé"}
        host.click("#ending [data-action='leave']")
        host.click("#cards button[data-action='new'][data-game='take-it-easy']")
        expect(host.locator("#newgame .chip[data-name='Zoé']")).to_have_count(1)
        chips = host.locator("#newgame .chip").evaluate_all("els => els.map(e => e.dataset.name)")
        assert not any(ch in name for name in chips for ch in "\u202e\u200b\u0007")
    finally:
        host_context.close()
        guest_context.close()


def test_a_code_of_another_games_table_is_said_not_opened(browser, site):
    """#56.7: a 3x16 table's code typed on Take It Easy's card: said, nothing opened or stored."""
    context, page = device(browser, site)
    try:
        game = games.get("3x16")
        options = game.validate_options({**game.default_options(), **game.device_fixed}, 1)
        code = table_codes.Table("3x16", options, 12345).code
        join_table(page, "take-it-easy", "Tom", code, opens=False)
        expect(page.locator("#devices .form-error")).to_contain_text("c’est le code d’une table de 3x16")
        expect(page.locator("#table")).to_be_hidden()
        assert stored_saves(page) == []
    finally:
        context.close()


def test_at_quota_zero_a_new_game_says_it_did_not_start(page, site):
    """#56.7: the storage refuses every write (quota 0): "New game" says the game could not
    start, not that it goes on unsaved (none started)."""
    page.goto(site)
    page.wait_for_selector("html[data-engine='ready']", timeout=90_000)
    page.evaluate("""() => { Storage.prototype.setItem = function () {
        throw new DOMException('full', 'QuotaExceededError'); }; }""")
    page.click("#cards button[data-action='new'][data-game='take-it-easy']")
    page.select_option("#newgame select[name='players']", "1")
    page.click("#newgame button[data-action='start']")
    expect(page.locator(".dialog.storage .form-error")).to_contain_text("n’a pas pu commencer")
    expect(page.locator(".dialog.storage .form-error")).not_to_contain_text("continue")
    expect(page.locator("#table")).to_be_hidden()


SAVE_KEYS = "() => Object.keys(localStorage).filter(k => k.startsWith('ludotheque:save:'))"
FILLED = ".tie-main .tie-cell.filled"


def test_a_game_whose_storage_vanished_is_written_back_by_the_tab_that_holds_it(page, site, context):
    """#56.4: the save's key removed by hand (another page of the site), then the whole site's
    storage cleared (as a browser's "clear site data" or an eviction): each time the tab that
    holds the game writes it back and says so, not "deleted in another tab"; every later move is
    saved, and a reload finds the game with every move."""
    from conftest import READY
    from pagetools import start
    page.goto(site)
    page.wait_for_selector(READY, timeout=90_000)
    start(page, "take-it-easy", players=1)
    page.locator(".tie-main .tie-cell.legal").first.click()
    expect(page.locator(FILLED)).to_have_count(1)
    page.wait_for_function(f"() => ({SAVE_KEYS})().length === 1")
    key = page.evaluate(SAVE_KEYS)[0]
    other = context.new_page()
    other.goto(site + "build.json")   # a page of the origin that runs no app
    other.evaluate("key => localStorage.removeItem(key)", key)
    expect(page.locator("#table .notice")).to_contain_text("réenregistrée depuis cet onglet")
    expect(page.locator("#table #refusal")).to_have_count(0)
    page.wait_for_function(f"() => localStorage.getItem({json.dumps(key)}) !== null")
    assert len(json.loads(page.evaluate(f"localStorage.getItem({json.dumps(key)})"))["record"]["moves"]) == 1
    page.locator(".tie-main .tie-cell.legal").first.click()
    expect(page.locator(FILLED)).to_have_count(2)
    # everything the site keeps, cleared from outside the page (no storage event comes)
    cdp = context.new_cdp_session(other)
    cdp.send("Storage.clearDataForOrigin", {"origin": site.rstrip("/"), "storageTypes": "local_storage"})
    page.wait_for_function("() => localStorage.length === 0")
    page.locator(".tie-main .tie-cell.legal").first.click()
    expect(page.locator(FILLED)).to_have_count(3)
    expect(page.locator("#table .notice")).to_contain_text("réenregistrée depuis cet onglet")
    expect(page.locator("#table #refusal")).to_have_count(0)
    page.wait_for_function(f"() => (JSON.parse(localStorage.getItem({json.dumps(key)}) || 'null') || {{record: {{moves: []}}}}).record.moves.length === 3")
    page.locator(".tie-main .tie-cell.legal").first.click()
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem({json.dumps(key)})).record.moves.length === 4")
    page.click("#table button[data-action='leave']")
    page.reload()
    page.wait_for_selector(READY, timeout=90_000)
    expect(page.locator("#going .saved-game")).to_have_count(1)
    expect(page.locator("#going .saved-moves")).to_contain_text("4")


def test_storage_cleared_under_the_service_worker_offers_no_new_version(sw_context, site):
    """#56.4: the site's data cleared (its service worker and caches with it) while a game is
    open: the game is written back, and no "A new version is available" is offered, since none is."""
    from pagetools import start
    from test_offline import first_visit, open_page
    ctx, watch = sw_context(site)
    page = open_page(ctx, watch)
    first_visit(page, site)
    start(page, "take-it-easy", players=1)
    page.locator(".tie-main .tie-cell.legal").first.click()
    expect(page.locator(FILLED)).to_have_count(1)
    cdp = ctx.new_cdp_session(page)
    cdp.send("Storage.clearDataForOrigin", {"origin": site.rstrip("/"), "storageTypes": "all"})
    page.wait_for_function("() => localStorage.length === 0")
    page.wait_for_timeout(1500)
    page.locator(".tie-main .tie-cell.legal").first.click()
    expect(page.locator(FILLED)).to_have_count(2)
    expect(page.locator("#table .notice")).to_contain_text("réenregistrée depuis cet onglet")
    page.wait_for_function(f"() => ({SAVE_KEYS})().length === 1")
    assert len(json.loads(page.evaluate(f"localStorage.getItem(({SAVE_KEYS})()[0])"))["record"]["moves"]) == 2
    page.wait_for_timeout(1500)
    expect(page.locator("#update")).to_be_hidden()
    # the clear also ends the service worker, and with it the downloads under way: the bots'
    # worker, started after the first placement to judge the review during the game, may lose
    # its Pyodide's ("Failed to fetch", said by the worker); the table then judges the review at
    # the end, as without a bots' worker, and plays on (above). Any other error still fails.
    watch.errors[:] = [error for error in watch.errors if error != "Failed to fetch"]


def test_offline_with_the_runtime_evicted_the_failure_is_said_at_once(sw_context, site):
    """#56.7: offline, Pyodide's wasm gone from the offline copy (evicted): the start's failure
    and "Repair the offline files" come within seconds, not after the 90 s watchdog."""
    import time
    from conftest import BOOT_TIMEOUT
    from test_offline import first_visit, open_page
    ctx, watch = sw_context(site)
    page = open_page(ctx, watch)
    first_visit(page, site)
    evicted = page.evaluate("""async () => { let n = 0;
        for (const name of await caches.keys()) { const cache = await caches.open(name);
            for (const request of await cache.keys())
                if (request.url.includes('pyodide.asm.wasm')) { await cache.delete(request); n++; } }
        return n; }""")
    assert evicted >= 1
    ctx.set_offline(True)
    watch.errors.clear()
    began = time.monotonic()
    page.reload(wait_until="commit")
    expect(page.locator("#boot-error")).to_be_visible(timeout=BOOT_TIMEOUT)
    took = time.monotonic() - began
    assert took < 30, f"the failure came after {took:.0f} s"
    expect(page.locator("#boot-error-detail")).to_contain_text("pyodide.asm.wasm")
    expect(page.locator("#boot-repair")).to_be_visible()
    watch.expect_errors = True   # the start failed: that is the point (its fetches fail, and may say so later)


def test_a_backup_keeps_what_this_version_cannot_read_and_asks_before_holding_secret_hands(page, site, tmp_path):
    """#56.7: a backup made by an older tab holds the newer version's game and the value set
    aside as they are, and a wipe then a restore puts them back; a backup that would hold an
    unfinished Rucki Zucki (the seed deals every hand) says so first, and no file is made
    unless that is agreed."""
    from test_backup import device, game
    from test_backup_in_page import back_up, open_with, restore, stored
    from ludotheque.web.storage.saves import SAVE_VERSION
    newer_value = json.dumps({**game("7-0").to_dict(), "version": SAVE_VERSION + 1})
    aside_value = json.dumps({"key": "ludotheque:save:8-0", "reason": "r", "why": "not-json", "params": {"pos": 0},
                              "when": 5.0, "value": "{damaged"})
    store = device(game("6-0"))
    store.put("ludotheque:save:7-0", newer_value)
    store.put("ludotheque:aside:8-0", aside_value)
    open_with(page, site, store)
    path = back_up(page, tmp_path)
    data = json.loads(path.read_text("utf-8"))
    assert {item["key"]: item["value"] for item in data["raw"]} == {
        "ludotheque:save:7-0": newer_value, "ludotheque:aside:8-0": aside_value}
    page.evaluate("() => localStorage.clear()")
    page.reload()
    page.wait_for_selector("html[data-engine='ready']", timeout=90_000)
    restore(page, path)
    expect(page.locator("#saved .notice")).to_contain_text("remises telles quelles")
    kept = stored(page)
    assert kept["ludotheque:save:7-0"] == newer_value and kept["ludotheque:aside:8-0"] == aside_value
    assert "ludotheque:save:6-0" in kept

    # an unfinished Rucki Zucki of two seats: asked first; no, and no file
    hands = game("9-0", moves=3, names=("Léa", "Tom"), game_id="rucki-zucki")
    assert not hands.over
    open_with(page, site, device(hands))
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.click("#menu summary")
    page.click("#menu button[data-action='backup']")
    expect(page.locator("html")).not_to_have_attribute("data-busy", "")
    assert asked and "mains sont secrètes" in asked[0]
    page.once("dialog", lambda dialog: dialog.accept())
    if not page.locator("#menu button[data-action='backup']").is_visible():
        page.click("#menu summary")
    with page.expect_download() as download:
        page.click("#menu button[data-action='backup']")
    assert json.loads(open(download.value.path(), encoding="utf-8").read())["saves"][0]["id"] == "9-0"
