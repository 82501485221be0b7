"""Saves in the page: bad data of every kind never stops the app nor touches the other saves,
a full storage is explained, reloads restore games exactly, and two tabs stay consistent."""
from __future__ import annotations

import json

import pytest

from playwright.sync_api import expect

from chromium import READY
from pagetools import FAST_BOTS, at_rest, start, stored_moves, stored_saves, tap_and_wait

STORED_MOVES = """Object.keys(localStorage).filter(k => k.startsWith('ludotheque:save:'))
    .map(k => JSON.parse(localStorage.getItem(k)).record.moves.length)[0]"""
from ludotheque import games
from ludotheque.web.storage.saves import Save, Seat



def valid_save(save_id: str, names=("Alice", "Bob"), moves: int = 3, game_id: str = "take-it-easy") -> Save:
    game = games.get(game_id)
    state = game.new(len(names), seed=11)
    for _ in range(moves):
        state.play(state.legal_moves()[0])
    save = Save(id=save_id, game=game_id, record=state.record(), seats=[Seat(n) for n in names],
                created=1.0, updated=2.0)
    save.follow(state)
    return save


def seed_storage(context, values: dict[str, str]) -> None:
    """Put values in localStorage before the app's first load (once per test)."""
    context.add_init_script(
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        + "".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in values.items())
        + "}")


def boot_page(page, site):
    page.goto(site)
    page.wait_for_selector(READY, timeout=90_000)


def test_every_kind_of_bad_save_is_explained_and_kept_aside(page, site, context):
    good = valid_save("100-0")
    older = valid_save("101-0", names=("Old", "Timer"))
    older_dict = {k: v for k, v in older.to_dict().items() if k not in ("rev", "turn", "undo")}
    older_dict["version"] = 1
    broken_record = valid_save("102-0", names=("Broken", "Record"))
    broken_record.record["moves"].insert(1, {"type": "place", "cell": 99})
    hostile = valid_save("103-0", names=("<img src=x onerror=p()>", "<b>Bob</b>"))
    full_text = valid_save("104-0").to_json()
    bad = {
        "ludotheque:save:200-0": "{not json at all",
        "ludotheque:save:201-0": full_text[: len(full_text) // 2],                       # truncated
        "ludotheque:save:202-0": json.dumps({"version": 2, "id": "202-0", "hello": "world"}),  # wrong shape
        "ludotheque:save:203-0": json.dumps({**good.to_dict(), "id": "203-0", "game": "chess"}),  # unknown game
        "ludotheque:save:204-0": json.dumps({**good.to_dict(), "id": "204-0", "version": 9}),      # newer version
        "ludotheque:save:205-0": "x" * 600_000,                                           # enormous
    }
    seed_storage(context, {good.key: good.to_json(), "ludotheque:save:101-0": json.dumps(older_dict),
                           broken_record.key: broken_record.to_json(), hostile.key: hostile.to_json(), **bad})
    boot_page(page, site)
    notices = page.locator("#saved .notice")
    damaged = {k: v for k, v in bad.items() if k != "ludotheque:save:204-0"}   # a newer version's is no damage
    expect(notices).to_have_count(len(damaged))
    text = " ".join(notices.all_inner_texts())
    for words in ("pas du JSON valide", "coupée", "il manque une partie", "ne connaît pas (« chess »)",
                  "bien trop grande"):
        assert words in text, f"no notice says {words!r}: {text}"
    # the newer version's save is left where it is, listed to be opened by a reload (issue #39)
    expect(page.locator(".asides.newer li")).to_have_text(["Une partie faite par une version plus récente de "
                                                           "Ludothèque : rechargez la page pour l’ouvrir."])
    assert page.evaluate("localStorage.getItem('ludotheque:save:204-0')") == bad["ludotheque:save:204-0"]
    # the good, the migrated, the hostile and the not-yet-replayed saves are all listed
    expect(page.locator("#going .saved-game")).to_have_count(4)
    expect(page.locator("#going")).to_contain_text("Old, Timer")
    # hostile names are text, never markup
    expect(page.locator("#going")).to_contain_text("<img src=x onerror=p()>")
    expect(page.locator("#going")).to_contain_text("<b>Bob</b>")
    assert page.locator("#going img").count() == 0
    # every bad value is kept aside where it can be exported, none is lost
    asides = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('ludotheque:aside:')).sort()")
    assert asides == sorted(k.replace("save:", "aside:") for k in damaged)
    kept = json.loads(page.evaluate("localStorage.getItem('ludotheque:aside:205-0')"))
    assert kept["value"] == "x" * 600_000
    expect(page.locator(".asides button[data-action='export-aside']")).to_have_count(len(damaged))
    with page.expect_download() as download:
        page.click(".asides li[data-key='ludotheque:aside:200-0'] button[data-action='export-aside']")
    assert download.value.suggested_filename.endswith(".json")
    # the migrated save opens and plays on
    page.click("#going li[data-save='101-0'] button[data-action='continue']")
    expect(page.locator("#banner")).to_contain_text("Timer")
    page.click("#table button[data-action='leave']")
    # the save whose replay fails at move 2 says so when opened, and is set aside
    page.click("#going li[data-save='102-0'] button[data-action='continue']")
    expect(page.locator("#saved .notice").last).to_contain_text("le coup 2 est refusé")
    assert page.evaluate("localStorage.getItem('ludotheque:aside:102-0')") is not None
    expect(page.locator("#going .saved-game")).to_have_count(3)


def test_a_full_storage_is_explained_and_nothing_is_lost(page, site, context):
    context.add_init_script(FAST_BOTS)
    boot_page(page, site)
    start(page, "take-it-easy")
    page.locator(".tie-main .tie-cell.legal").first.click()
    page.wait_for_function(STORED_MOVES + " === 1")
    page.evaluate("""() => { window.realSetItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); }; }""")
    page.locator(".tie-main .tie-cell.legal").first.click()
    expect(page.locator("#refusal")).to_contain_text("pleine")
    expect(page.locator("#table button[data-action='storage']")).to_be_visible()
    # the game went on in the page; the stored save is still the last complete one
    assert page.locator(".tie-main .tie-cell.filled").count() == 2
    page.click("#table button[data-action='storage']")
    expect(page.locator(".dialog.storage")).to_contain_text("Ludothèque")
    page.keyboard.press("Escape")
    page.evaluate("() => { Storage.prototype.setItem = window.realSetItem; }")
    page.locator(".tie-main .tie-cell.legal").first.click()
    page.wait_for_function(STORED_MOVES + " === 3")   # written when the cross-tab lock is granted
    assert stored_moves(page) == 3
    expect(page.locator("#refusal")).to_have_count(0)


def position(page) -> str:
    return at_rest(page)


@pytest.mark.long   # a sweep of reload points (make test reloads a started game in test_page.py)
def test_reload_at_any_point_restores_the_game_exactly(page, site, context):
    context.add_init_script(FAST_BOTS)
    boot_page(page, site)
    start(page, "lucky-numbers", kinds=("human", "human"))
    script = ["button[data-act='confirm-setup']", "button[data-act='confirm-setup']"]
    for _ in range(6):
        script += ["draw-if-asked", "discard-or-place"]
    for step, action in enumerate(script):
        if action == "discard-or-place":
            lit = page.locator(".ln-garden.active .ln-cell.legal")
            tap_and_wait(page, lit.first if lit.count() else page.locator("button[data-act='discard']"))
        elif action == "draw-if-asked":   # a draw with nothing in the pool that fits is the table's
            draw = page.locator("button[data-act='draw']")
            if draw.count():
                tap_and_wait(page, draw)
        else:
            tap_and_wait(page, action)
        if step % 3 == 2:
            before = position(page)
            page.reload()
            page.wait_for_selector(READY, timeout=90_000)   # the table again, at once
            assert position(page) == before, f"reload after step {step} changed the table"


def test_two_tabs_follow_each_other_and_never_overwrite_newer_moves(site, context, watch):
    first, second = context.new_page(), context.new_page()
    for p in (first, second):
        p.on("pageerror", lambda exc: watch.errors.append(str(exc)))
        p.on("request", watch.on_request)
        boot_page(p, site)
    start(first, "take-it-easy", players=2, kinds=("human", "human"))
    # the other tab's home screen lists the new game at once
    expect(second.locator("#going .saved-game")).to_have_count(1)
    second.click("#going button[data-action='continue']")
    first.locator(".tie-main .tie-cell.legal").nth(4).click()
    # the move made in the first tab shows in the second
    expect(second.locator("#table .notice")).to_be_visible()
    assert second.locator("#banner").inner_text() == first.locator("#banner").inner_text()
    # a write this tab was not told about (a page gets no storage event for the writes made in
    # it, so one is made from its own script): its next move must not overwrite the newer save
    newer = second.evaluate("""() => {
        const key = Object.keys(localStorage).find(k => k.startsWith('ludotheque:save:'));
        const save = JSON.parse(localStorage.getItem(key));
        save.rev += 1; save.updated += 1;
        localStorage.setItem(key, JSON.stringify(save));
        return save; }""")
    second.locator(".tie-main .tie-cell.legal").nth(7).click()
    expect(second.locator("#refusal")).to_contain_text("autre onglet")
    stored = stored_saves(second)
    assert stored == [newer]
    assert stored_moves(second) == 1
    # and the tab shows the stored position, from which play goes on normally
    second.locator(".tie-main .tie-cell.legal").nth(7).click()
    expect(first.locator("#banner")).to_have_text(second.locator("#banner").inner_text())
    assert not watch.offsite and not watch.errors


def test_export_then_import_replays_the_game_into_a_new_save(page, site, context, tmp_path):
    context.add_init_script(FAST_BOTS)
    boot_page(page, site)
    start(page, "take-it-easy", players=1, names=("Zoé",))   # alone: a copy shows nobody else's secret
    for _ in range(3):
        page.locator(".tie-main .tie-cell.legal").first.click()
    before = at_rest(page, ".tie-main")
    with page.expect_download() as download:
        page.click("#table button[data-action='export']")
    exported = tmp_path / "game.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text("utf-8"))
    assert data["format"] == "ludotheque-game" and len(data["save"]["record"]["moves"]) == 3
    page.click("#table button[data-action='leave']")
    page.set_input_files("#import-file", str(exported))
    expect(page.locator(".tie-main")).to_be_visible()
    assert at_rest(page, ".tie-main") == before
    page.click("#table button[data-action='leave']")
    expect(page.locator("#going .saved-game")).to_have_count(2)
    # a file whose moves do not replay is refused with the move number, and nothing is added
    data["save"]["record"]["moves"][1] = {"type": "place", "cell": 42}
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data), "utf-8")
    page.set_input_files("#import-file", str(broken))
    expect(page.locator("#saved .notice").last).to_contain_text("le coup 2 est refusé")
    expect(page.locator("#going .saved-game")).to_have_count(2)
    (tmp_path / "junk.json").write_text("<html>", "utf-8")
    page.set_input_files("#import-file", str(tmp_path / "junk.json"))
    expect(page.locator("#saved .notice").last).to_contain_text("pas du JSON valide")


def test_a_shared_link_replays_a_finished_game_read_only(page, site, context, browser):
    context.add_init_script(FAST_BOTS)
    boot_page(page, site)
    start(page, "take-it-easy", options={"rounds": 1})
    for _ in range(18):   # the 19th tile goes in the last hex by itself
        page.locator(".tie-main .tie-cell.legal").first.click()
    final = page.locator("#ending-title").inner_text()
    page.click("#ending button[data-action='share']")
    link = page.locator("#share-text").input_value()
    assert link.startswith(site) and "#replay=" in link
    # another device: a fresh context with empty storage opens the link
    other = browser.new_context(viewport={"width": 768, "height": 1024}, locale="fr-FR", service_workers="block")
    try:
        viewer = other.new_page()
        viewer.goto(link)
        viewer.wait_for_selector(READY, timeout=90_000)
        expect(viewer.locator("#banner")).to_contain_text("lecture seule")
        assert viewer.locator("#ending-title").inner_text() == final
        assert viewer.locator(".tie-cell.legal").count() == 0
        viewer.click("#table button[data-action='step'][data-delta='-1']")
        expect(viewer.locator("#banner")).to_contain_text("coup 18 sur 19")
        viewer.click("#table button[data-action='step'][data-delta='-19']")
        expect(viewer.locator("#banner")).to_contain_text("coup 0 sur 19")
        assert viewer.evaluate("Object.keys(localStorage).filter(k => k.startsWith('ludotheque:save:')).length") == 0
        viewer.reload()   # a reload replays the link again
        viewer.wait_for_selector(READY, timeout=90_000)
        expect(viewer.locator("#banner")).to_contain_text("lecture seule")
    finally:
        other.close()
    # the link pasted into this tab, where the app already runs: it opens without a reload, keeps
    # its address, and a reload replays it again
    page.evaluate("link => { location.hash = new URL(link).hash; }", link)
    expect(page.locator("#banner")).to_contain_text("lecture seule")
    assert page.locator("#ending-title").inner_text() == final
    assert page.url == link
    page.reload()
    page.wait_for_selector(READY, timeout=90_000)
    expect(page.locator("#banner")).to_contain_text("lecture seule")
    assert page.locator("#ending-title").inner_text() == final
    # leaving the replay drops its address: a reload then opens the home screen
    page.click("#table [data-action='leave']")
    assert "#replay" not in page.url
    page.reload()
    page.wait_for_selector(READY, timeout=90_000)
    expect(page.locator("#home")).to_be_visible()


def test_two_tabs_each_reopen_their_own_table_after_a_reload(site, context, watch):
    """The table a tab shows is that tab's: after a reload each tab is back at its own game."""
    first, second = context.new_page(), context.new_page()
    for p in (first, second):
        p.on("pageerror", lambda exc: watch.errors.append(str(exc)))
        boot_page(p, site)
    start(first, "take-it-easy", kinds=("human",))
    start(second, "lucky-numbers", kinds=("human", "human"))
    for p in (first, second):
        p.reload()
        p.wait_for_selector(READY, timeout=90_000)
    expect(first.locator(".tie-main")).to_be_visible()
    expect(second.locator(".ln-garden").first).to_be_visible()
    # a tab opened afresh has no table of its own: the home screen, listing both games
    third = context.new_page()
    boot_page(third, site)
    expect(third.locator("#home")).to_be_visible()
    expect(third.locator("#going .saved-game")).to_have_count(2)
    assert not watch.errors


def test_undo_in_the_page_takes_back_a_placement(page, site, context):
    boot_page(page, site)
    start(page, "take-it-easy", players=2, kinds=("human", "human"))
    undo = page.locator("#table button[data-action='undo']")
    expect(undo).to_be_disabled()
    page.locator(".tie-main .tie-cell.legal").first.click()
    expect(undo).to_be_enabled()
    undo.click()   # Joueur 2's turn: it would take back Joueur 1's move, so the table asks, naming it
    ask = page.locator("#undo-ask")
    expect(ask).to_contain_text("Reprendre ce coup de Joueur 1")
    expect(ask.locator("li")).to_have_count(1)
    assert page.evaluate(STORED_MOVES) == 1, "nothing goes back on the first tap"
    ask.locator("button[data-action='undo']").click()
    expect(ask).to_have_count(0)
    expect(page.locator(".tie-main .tie-cell.filled")).to_have_count(0)
    expect(page.locator("#banner")).to_contain_text("Joueur 1")
    page.wait_for_function(STORED_MOVES + " === 0")


def test_the_installed_app_reopens_its_table_when_started_again(site, context, watch):
    """An installed app (here iOS's navigator.standalone) starts afresh each time it is opened, with
    an empty sessionStorage: it reopens the game it had at its table all the same."""
    context.add_init_script("Object.defineProperty(navigator, 'standalone', {value: true});")
    first = context.new_page()
    first.on("pageerror", lambda exc: watch.errors.append(str(exc)))
    boot_page(first, site)
    start(first, "take-it-easy", kinds=("human",))
    first.locator(".tie-main .tie-cell.legal").first.click()
    first.close(run_before_unload=True)
    again = context.new_page()
    again.on("pageerror", lambda exc: watch.errors.append(str(exc)))
    boot_page(again, site)
    expect(again.locator(".tie-main .tie-cell.legal")).to_have_count(18)
    # left for the home screen, the app opens there next time
    again.click("#table [data-action='leave']")
    again.close(run_before_unload=True)
    third = context.new_page()
    boot_page(third, site)
    expect(third.locator("#home")).to_be_visible()
    assert not watch.errors
