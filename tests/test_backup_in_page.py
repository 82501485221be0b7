"""Backing up and restoring everything through the page, and the note that tells a Safari visitor
in time (issue #41, points 3 and 4): the backup's round trip merges (nothing lost, nothing counted
twice), a damaged or foreign file is refused with a reason and changes nothing, and the note shows
in Safari's engine only (by user agent), never once installed (by display mode)."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from chromium import READY
from conftest import BOOT_TIMEOUT
from test_backup import device, game

SAFARI_MAC = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) "
              "Version/17.4 Safari/605.1.15")
SAFARI_IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
                 "Version/17.4 Mobile/15E148 Safari/604.1")
CHROME_IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
                 "CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1")
CHROME_MAC = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) "
              "Chrome/124.0.0.0 Safari/537.36")
TOUCH_MAC = "Object.defineProperty(Navigator.prototype, 'maxTouchPoints', {get: () => 5});"   # iPadOS says Macintosh
STANDALONE = ("const real = window.matchMedia.bind(window); window.matchMedia = q => q.includes('display-mode: standalone')"
              " ? {matches: true, media: q, addListener() {}, removeListener() {}, addEventListener() {},"
              " removeEventListener() {}} : real(q);")
HOME_SCREEN = "Object.defineProperty(Navigator.prototype, 'standalone', {get: () => true});"   # iOS's own flag
STORED = "() => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('ludotheque:'))" \
         ".map(k => [k, localStorage.getItem(k)]))"


def open_with(page, site, store=None) -> None:
    """The app opened on a device that keeps what `store` holds (nothing if None)."""
    page.goto(site)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT)
    page.evaluate("items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                  dict(store.storage.items) if store else {})
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT)


def stored(page) -> dict:
    return page.evaluate(STORED)


MENU_BACKUP = "#menu button[data-action='backup']"


def back_up(page, tmp_path, button: str = MENU_BACKUP):
    """The backup's file, from `button` (by default the top bar's menu, opened first)."""
    if button.startswith("#menu"):
        page.click("#menu summary")
    with page.expect_download() as download:
        page.click(button)
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    return path


def restore(page, path) -> None:
    """A file chosen in the top bar's menu's "Restore a backup"."""
    page.click("#menu summary")
    expect(page.locator("#menu label")).to_be_visible()
    page.set_input_files("#restore-file-menu", str(path))


def played_count(page) -> str:
    return page.locator("#stats .stats-game[data-game='lucky-numbers'] h3").text_content()


def test_a_backup_restored_merges_without_losing_or_counting_twice(page, site, context, tmp_path):
    running = game("1-0", moves=5)   # an export keeps it back (several seats, unfinished): a backup does not
    open_with(page, site, device(game("1-1"), game("1-2", seed=9), running, people=(("Alice", "red"), ("Bob", "blue"))))
    path = back_up(page, tmp_path)
    assert path.name.startswith("ludotheque-backup-")
    data = json.loads(path.read_text("utf-8"))
    assert data["format"] == "ludotheque-backup" and len(data["saves"]) == 3
    # another device: one finished game of its own and one person
    open_with(page, site, device(game("2-1", seed=3, names=("Zoé", "Léo")), people=(("Zoé", "green"),)))
    expect(page.locator("#history li")).to_have_count(1)
    restore(page, path)
    expect(page.locator("#saved .notice").last).to_have_text(
        "Sauvegarde restaurée : 3 parties et 2 personnes en plus ; 0 partie déjà ici.×")
    expect(page.locator("#going li[data-save='1-0']")).to_have_count(1)
    expect(page.locator("#history li")).to_have_count(3)
    assert "3 parties" in played_count(page)
    after = stored(page)
    people = json.loads(after["ludotheque:settings"])["people"]
    assert [p["name"] for p in people] == ["Zoé", "Alice", "Bob"]
    # the same file again adds nothing and counts nothing twice
    restore(page, path)
    expect(page.locator("#saved .notice").last).to_contain_text("0 partie et 0 personne en plus ; 3 parties déjà ici")
    assert stored(page) == after
    assert "3 parties" in played_count(page)


def test_a_damaged_or_foreign_backup_is_refused_and_changes_nothing(page, site, context, tmp_path):
    open_with(page, site, device(game("2-1", seed=3), people=(("Zoé", "green"),)))
    before = stored(page)
    good = json.loads(back_up(page, tmp_path).read_text("utf-8"))
    cases = {
        "junk.json": ("<html>", "pas du JSON valide"),
        "game.json": (json.dumps({"format": "ludotheque-game", "save": good["saves"][0]}), "Importer une partie"),
        "newer.json": (json.dumps({**good, "version": 9}), "version plus récente"),
        "bad-game.json": (json.dumps({**good, "saves": [{**good["saves"][0], "record": {"moves": 3}}]}),
                          "la partie 1 de la sauvegarde ne peut pas être lue"),
    }
    for name, (text, reason) in cases.items():
        (tmp_path / name).write_text(text, "utf-8")
        restore(page, tmp_path / name)
        notice = page.locator("#saved .notice").last
        expect(notice).to_contain_text("Cette sauvegarde n’a pas pu être restaurée, et rien n’a changé")
        expect(notice).to_contain_text(reason)
        assert stored(page) == before
    # in English too
    page.click("#lang-switch")
    restore(page, tmp_path / "junk.json")
    expect(page.locator("#saved .notice").last).to_contain_text("This backup could not be restored, and nothing was changed")


def test_the_storage_dialog_offers_the_backup_and_the_restore(page, site, context, tmp_path):
    open_with(page, site, device(game("1-1"), people=(("Alice", "red"),)))
    page.click(".home-tools button[data-action='storage']")
    dialog = page.locator("#layer .storage")
    expect(dialog.locator("button[data-action='backup']")).to_have_text("Tout sauvegarder (pour vos propres appareils)")
    expect(dialog).to_contain_text("gardez-la pour les appareils de la famille")
    path = back_up(page, tmp_path, "#layer .storage button[data-action='backup']")
    open_with(page, site)
    page.click(".home-tools button[data-action='storage']")
    page.set_input_files("#restore-file", str(path))
    expect(page.locator("#layer .storage")).to_have_count(0)
    expect(page.locator("#saved .notice").last).to_contain_text("1 partie et 1 personne en plus")
    expect(page.locator("#history li")).to_have_count(1)


def test_the_top_bar_menu_backs_up_at_a_table_and_a_restore_there_goes_home_to_say_what_it_added(page, site, context, tmp_path):
    open_with(page, site, device(game("1-1"), game("1-0", moves=5), people=(("Alice", "red"), ("Bob", "blue"))))
    menu = page.locator("#menu")
    expect(menu.locator(".menu-items")).to_be_hidden()
    page.click("#going li[data-save='1-0'] button[data-action='continue']")
    expect(page.locator("#table .table")).to_be_visible()
    path = back_up(page, tmp_path)   # at the table: the file comes, the table stays
    expect(menu.locator(".menu-items")).to_be_hidden()   # a choice closes the menu
    expect(page.locator("#table .table")).to_be_visible()
    assert len(json.loads(path.read_text("utf-8"))["saves"]) == 2
    # a tap elsewhere closes it too, and the table's own tap still counts
    page.click("#menu summary")
    expect(menu.locator(".menu-items")).to_be_visible()
    page.click("#banner")
    expect(menu.locator(".menu-items")).to_be_hidden()
    # another device, at a table: the restore leaves it (its game is stored) to say what it added
    open_with(page, site, device(game("2-0", seed=3, moves=2, names=("Zoé", "Léo"))))
    page.click("#going li[data-save='2-0'] button[data-action='continue']")
    expect(page.locator("#table .table")).to_be_visible()
    restore(page, path)
    expect(page.locator("#home")).to_be_visible()
    expect(menu.locator(".menu-items")).to_be_hidden()
    expect(page.locator("#saved .notice").last).to_contain_text("2 parties et 2 personnes en plus")
    expect(page.locator("#going li")).to_have_count(2)


SAFARI_NOTE = "#saved #safari-note"


@pytest.mark.parametrize("context", [{"user_agent": SAFARI_MAC}], indirect=True)
def test_a_safari_visitor_is_told_after_a_finished_game_and_may_close_the_note(page, site, context, tmp_path):
    open_with(page, site, device(game("1-0", moves=3)))   # nothing finished yet: nothing said
    expect(page.locator("#saved")).not_to_contain_text("Safari")
    open_with(page, site, device(game("1-1")))
    note = page.locator(SAFARI_NOTE)
    expect(note).to_contain_text("Safari efface tout ce qu’un site garde")
    expect(note).to_contain_text("sept jours")
    expect(note).to_contain_text("« Sur l’écran d’accueil »")
    back_up(page, tmp_path, f"{SAFARI_NOTE} button[data-action='backup']")
    page.click("#lang-switch")
    expect(note).to_contain_text("Add to Home Screen")
    page.click(f"{SAFARI_NOTE} button[data-action='safari-close']")
    expect(page.locator(SAFARI_NOTE)).to_have_count(0)
    closed = json.loads(stored(page)["ludotheque:settings"])["safari_note"]
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT)
    expect(page.locator("#saved")).to_be_attached()
    expect(page.locator(SAFARI_NOTE)).to_have_count(0)
    # thirty days after it was closed, still not installed: it comes back
    page.evaluate("""closed => {
        const day = new Date(closed); day.setDate(day.getDate() - 30);
        const settings = JSON.parse(localStorage.getItem('ludotheque:settings'));
        settings.safari_note = day.toLocaleDateString('sv-SE');
        localStorage.setItem('ludotheque:settings', JSON.stringify(settings)); }""", closed)
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT)
    expect(page.locator(SAFARI_NOTE)).to_be_visible()


@pytest.mark.parametrize("context, scripts, shown", [
    ({"user_agent": SAFARI_IPHONE}, (), True),
    # every iOS browser is WebKit: cleared alike (the rest of the devices: make test-long)
    pytest.param({"user_agent": CHROME_IPHONE}, (), True, marks=pytest.mark.long),
    pytest.param({"user_agent": SAFARI_MAC}, (TOUCH_MAC,), True, marks=pytest.mark.long),   # an iPad, which says Macintosh
    ({"user_agent": SAFARI_IPHONE}, (HOME_SCREEN,), False),   # added to the home screen
    pytest.param({"user_agent": SAFARI_MAC}, (STANDALONE,), False, marks=pytest.mark.long),  # installed (standalone)
    pytest.param({"user_agent": CHROME_MAC}, (), False, marks=pytest.mark.long),
    ({}, (), False),                                      # this Chromium as it is
], indirect=["context"])
def test_the_safari_note_shows_in_safari_only_and_never_once_installed(page, site, context, scripts, shown):
    for script in scripts:
        context.add_init_script(script)
    open_with(page, site, device(game("1-1")))
    expect(page.locator("#history li")).to_have_count(1)
    expect(page.locator(SAFARI_NOTE)).to_have_count(1 if shown else 0)
