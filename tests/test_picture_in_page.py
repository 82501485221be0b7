"""The home screen opens before the worker's Python is up (static/host/picture.js): a first
visit shows the shell, a returning one the games it keeps, and a tap made then is answered once
the worker is up. The worker is held back here by holding PyScript's script (a dedicated
worker's own downloads are out of a page route's reach)."""
from __future__ import annotations

from playwright.sync_api import expect

from chromium import READY
from pagetools import start

SHOWN = "html[data-ready='true']"
PICTURE = "() => localStorage.getItem('ludotheque-home')"


def held_back(page) -> list:
    """PyScript's script, held until the test lets it go (`release`): no worker until then."""
    held: list = []
    page.route("**/pyscript/core.js", lambda route: held.append(route))
    return held


def release(page, held: list) -> None:
    page.wait_for_timeout(300)   # the taps below reached the queue well before the worker
    expect(page.locator("html")).not_to_have_attribute("data-engine", "ready")
    assert held, "the page asked for PyScript"
    for route in held:
        route.continue_()
    page.unroute("**/pyscript/core.js")


def tap(page, selector: str) -> None:
    """A tap that does not wait for the page's answer (the worker is not up: it waits too)."""
    page.locator(selector).evaluate("el => el.click()")


def test_a_first_visit_takes_a_tap_before_the_worker_is_up_and_answers_it(context, site, watch):
    page = context.new_page()
    page.on("request", watch.on_request)
    held = held_back(page)
    page.goto(site, wait_until="commit")
    page.wait_for_selector(SHOWN)
    new = "#cards button[data-action='new'][data-game='3x16']"
    expect(page.locator(new)).to_be_enabled()
    tap(page, new)
    expect(page.locator(new)).to_have_attribute("aria-busy", "true")
    expect(page.locator("#boot")).to_be_visible()       # the bar at the top: starting
    release(page, held)
    expect(page.locator("#newgame")).to_be_visible(timeout=60_000)
    expect(page.locator(new)).not_to_have_attribute("aria-busy", "true")
    expect(page.locator("#boot")).to_be_hidden()
    assert not watch.offsite


def test_a_returning_visit_lists_its_games_at_once_and_a_continue_tapped_then_opens_the_table(context, site):
    page = context.new_page()
    page.goto(site)
    page.wait_for_selector(READY, timeout=90_000)
    start(page, "take-it-easy", names=("Alice",))
    page.locator(".tie-main .tie-cell.legal").first.click()
    page.click("#table button[data-action='leave']")
    expect(page.locator("#going .saved-game")).to_have_count(1)
    assert page.evaluate(PICTURE)
    page.close()                                         # the tab closed: no table to reopen

    page = context.new_page()
    held = held_back(page)
    page.goto(site, wait_until="commit")
    page.wait_for_selector(SHOWN)
    expect(page.locator("#going .saved-game")).to_have_count(1)
    expect(page.locator("#going .saved-game")).to_contain_text("Alice")
    tap(page, "#going button[data-action='continue']")
    release(page, held)
    expect(page.locator("#table .tie-main .tie-cell.filled")).to_have_count(1, timeout=60_000)


def test_a_game_played_at_the_table_before_the_tab_closed_is_listed_as_it_was_left(context, site):
    """The worker draws the home behind the table once the page is quiet (static/host/picture.js, pictureLater)."""
    page = context.new_page()
    page.goto(site)
    page.wait_for_selector(READY, timeout=90_000)
    start(page, "take-it-easy", names=("Alice",))
    for _ in range(2):
        page.locator(".tie-main .tie-cell.legal").first.click()
    page.wait_for_function(f"() => ({PICTURE})() !== null && ({PICTURE})().includes('2 coups')", timeout=15_000)
    page.close()

    page = context.new_page()
    held = held_back(page)
    page.goto(site, wait_until="commit")
    page.wait_for_selector(SHOWN)
    expect(page.locator("#going .saved-moves")).to_have_text("2 coups joués")
    release(page, held)
    page.wait_for_selector(READY, timeout=60_000)


def test_stored_values_changed_since_the_picture_wait_for_the_worker(context, site):
    """Another build, another tab or a hand on the storage: the picture no longer says what is
    stored, so the home waits for the worker's Python, which lists what is there now."""
    page = context.new_page()
    page.goto(site)
    page.wait_for_selector(READY, timeout=90_000)
    start(page, "take-it-easy", names=("Alice",))
    page.locator("#table .tie-main .tie-cell.legal").first.click()   # a game nobody played in is not kept
    page.wait_for_function("() => Object.keys(localStorage).some(k => k.startsWith('ludotheque:save:')"
                           " && JSON.parse(localStorage.getItem(k)).record.moves.length === 1)")
    page.click("#table button[data-action='leave']")
    page.evaluate("""() => {
        const key = Object.keys(localStorage).find(k => k.startsWith('ludotheque:save:'));
        const save = JSON.parse(localStorage.getItem(key));
        save.seats[0].name = 'Zoé';
        localStorage.setItem(key, JSON.stringify(save));
    }""")
    page.close()

    page = context.new_page()
    held = held_back(page)
    page.goto(site, wait_until="commit")
    page.wait_for_timeout(500)
    expect(page.locator("html")).not_to_have_attribute("data-ready", "true")
    expect(page.locator("#going")).to_have_count(0)
    release(page, held)
    page.wait_for_selector(READY, timeout=60_000)
    expect(page.locator("#going .saved-game")).to_contain_text("Zoé")


def test_a_home_that_tells_something_is_never_kept_as_the_picture(context, site):
    """A value set aside is said once, in a notice: a picture with it would say it again."""
    context.add_init_script("""if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('ludotheque:save:broken', '{not json');
    }""")
    page = context.new_page()
    page.goto(site)
    page.wait_for_selector(READY, timeout=90_000)
    expect(page.locator("#saved .notice")).to_have_count(1)
    assert page.evaluate(PICTURE) is None
    page.click("#saved button[data-action='dismiss']")
    expect(page.locator("#saved .notice")).to_have_count(0)
    assert "notice" not in page.evaluate(PICTURE)
