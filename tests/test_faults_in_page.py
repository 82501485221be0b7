"""Faults a family can meet (issue #39), in the page: storage the browser refuses, a start that
fails, a computer player that never answers, a stored picture of the home that was tampered with,
a value from a newer version. Each test makes the fault itself (an init script, a route) and waits
for what a player would see."""
from __future__ import annotations

from playwright.sync_api import expect

from chromium import READY
from pagetools import FAST_BOTS, start

# site data blocked (some private windows, a privacy setting): reading either storage throws
STORAGE_REFUSED = """(() => {
  const refuse = { get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }, configurable: true };
  Object.defineProperty(window, 'localStorage', refuse);
  Object.defineProperty(window, 'sessionStorage', refuse);
})();"""


def test_storage_refused_is_said_at_the_start_and_the_table_plays_on_not_saved(page, site, context):
    context.add_init_script(STORAGE_REFUSED)
    page.goto(site)
    page.wait_for_selector(READY, timeout=90_000)
    expect(page.locator("#storage-refused")).to_contain_text("ne sont pas conservées")
    # the first tap opens the form, Start starts a table
    page.click("#cards button[data-action='new'][data-game='take-it-easy']")
    page.select_option("#newgame select[name='players']", "1")
    page.click("#newgame button[data-action='start']")
    expect(page.locator("#table")).to_be_visible()
    page.locator(".tie-main .tie-cell.legal").first.click()
    expect(page.locator("#refusal")).to_contain_text("ne sont pas conservées")   # the reason, not a full storage
    page.locator(".tie-main .tie-cell.legal").first.click()
    assert page.locator(".tie-main .tie-cell.filled").count() == 2   # the game goes on
    # nothing to free: no "Free space" button, which would say the storage is full
    expect(page.locator("#table button[data-action='storage']")).to_have_count(0)
    # the worker believes nothing stored, as the page holds nothing: the home lists no game
    page.click("#table button[data-action='leave']")
    expect(page.locator("#home")).to_be_visible()
    expect(page.locator("#storage-refused")).to_be_visible()
    expect(page.locator("#going")).to_have_count(0)
    # in English too
    page.click("#lang-switch")
    expect(page.locator("#storage-refused")).to_contain_text("games can be played but not kept")


def one_game_kept(context, site):
    """A page where one solo Take It Easy game was played a move and left: the home lists it, and
    its picture is kept for the next visit."""
    page = context.new_page()
    page.goto(site)
    page.wait_for_selector(READY, timeout=90_000)
    start(page, "take-it-easy", players=1)
    page.locator(".tie-main .tie-cell.legal").first.click()
    page.click("#table button[data-action='leave']")
    expect(page.locator("#going .saved-game")).to_have_count(1)
    return page


def test_a_failed_start_disables_the_pictures_buttons_and_drops_the_waiting_tap(context, site, watch):
    page = one_game_kept(context, site)
    page.close()

    watch.expect_errors = True   # the start fails: that is the point
    page = context.new_page()
    page.on("request", watch.on_request)
    context.route("**/py/ludotheque.zip", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(site, wait_until="commit")
    page.wait_for_selector("html[data-ready='true']")   # the picture, before the worker
    continue_ = page.locator("#going button[data-action='continue']")
    continue_.evaluate("el => el.click()")   # waits for the worker: not for the page's answer
    expect(continue_).to_have_attribute("aria-busy", "true")
    expect(page.locator("#boot-error")).to_be_visible(timeout=60_000)
    expect(page.locator("#boot-error-detail")).to_contain_text("ludotheque.zip")
    expect(page.locator("#boot-dropped")).to_be_visible()
    for button in page.locator("#home button:not(#boot-error button)").all():
        expect(button).to_be_disabled()
    expect(page.locator("#home [aria-busy]")).to_have_count(0)
    expect(page.locator("html")).not_to_have_attribute("data-busy", "")
    expect(page.locator("html")).not_to_have_attribute("data-ready", "true")
    assert not watch.offsite


# the bots' worker's entry point, with a `think` that never answers (a worker starved, stuck)
STUCK_THINKER = '''from ludotheque.web.thinker import start


def think(message):
    while True:
        pass


__export__ = ["start", "think"]
'''

PERSON_TO_ACT = """() => { const t = document.querySelector('#table .table');
  return t && (t.dataset.over === 'true' || !document.querySelector('#banner').textContent.includes('…')); }"""


def test_a_bot_whose_worker_never_answers_moves_all_the_same_past_its_deadline(page, context, boot):
    """The strongest level's wait shows its progress; past the deadline the bots' worker is ended
    (and another started) and the table's worker works the move out: the game goes on, its log
    as usual."""
    context.add_init_script(FAST_BOTS)
    started = []   # each bots' worker started fetches its script
    context.route("**/py/thinker.py", lambda route: (started.append(1), route.fulfill(
        status=200, body=STUCK_THINKER, content_type="text/x-python")))
    # time flows as usual, and the test skips ahead to the deadline (the fake clock leaves
    # performance marks out: the workers started tell the story instead)
    context.clock.install()
    boot()
    start(page, "take-it-easy", players=2, names=("Alice",), kinds=("human", "bot:expert"), options={"rounds": 1})
    progress = page.locator("#table #banner .bot-progress")
    for placed in range(1, 19):
        page.locator(".tie-main .tie-cell.legal").first.click()
        page.wait_for_function(f"() => ({PERSON_TO_ACT})() || !!document.querySelector('#banner .bot-progress')",
                               timeout=60_000)
        if progress.count():
            break
    else:
        raise AssertionError("no bot's move was ever asked of the bots' worker")
    expect(progress).to_have_attribute("aria-label", "Le temps de réflexion de l’ordinateur")
    page.wait_for_timeout(500)
    assert not page.evaluate(PERSON_TO_ACT)   # still waiting for the bots' worker
    context.clock.fast_forward(60_000)   # past the strongest level's deadline (page.STRONGEST_DEADLINE)
    page.wait_for_function(PERSON_TO_ACT, timeout=60_000)   # the move came all the same
    for _ in range(50):   # the stuck worker ended at its deadline, and another starts
        if len(started) == 2:
            break
        page.wait_for_timeout(100)
    assert len(started) == 2
    expect(progress).to_have_count(0)
    expect(page.locator(".tie-other .tie-cell.filled")).to_have_count(placed)   # the bot's board
    expect(page.locator(".tie-main .tie-cell.filled")).to_have_count(placed)
    expect(page.locator("#layer .dialog.error")).to_have_count(0)
    expect(page.locator("#table .refusal, #table .notice")).to_have_count(0)
    page.locator(".tie-main .tie-cell.legal").first.click()   # and the game goes on
    expect(page.locator(".tie-main .tie-cell.filled")).to_have_count(placed + 1)


# every breach of the page's Content Security Policy, kept for the test to read
POLICY_WATCH = """window.breaches = [];
document.addEventListener('securitypolicyviolation', e => window.breaches.push(e.effectiveDirective + ' ' + e.blockedURI));"""


def test_a_forged_home_picture_is_not_shown_and_runs_nothing(context, site):
    """A script of the same origin (another project on the same GitHub Pages) writes a picture
    with the right build, language, day and fingerprint and an <img onerror>."""
    page = one_game_kept(context, site)
    page.evaluate("""() => { const picture = JSON.parse(localStorage.getItem('ludotheque-home'));
        picture.html += '<img src="forged.png" onerror="window.forged = 1">';
        localStorage.setItem('ludotheque-home', JSON.stringify(picture)); }""")
    page.close()

    page = context.new_page()
    page.add_init_script("""window.images = 0; new MutationObserver(records => records.forEach(r =>
        r.addedNodes.forEach(n => { if (n.nodeName === 'IMG' || (n.querySelector && n.querySelector('img'))) window.images++; })))
        .observe(document, {childList: true, subtree: true});""")
    page.goto(site)
    page.wait_for_selector("html[data-engine='ready']", timeout=90_000)
    expect(page.locator("#going .saved-game")).to_have_count(1)   # listed by the worker
    assert page.evaluate("window.forged") is None
    assert page.evaluate("window.images") == 0


def test_the_app_plays_within_its_content_security_policy_and_no_inline_handler_runs(page, context, boot):
    context.add_init_script(POLICY_WATCH)
    boot()
    start(page, "take-it-easy", players=1)
    page.locator(".tie-main .tie-cell.legal").first.click()
    expect(page.locator(".tie-main .tie-cell.filled")).to_have_count(1)
    assert page.evaluate("window.breaches") == []
    page.evaluate("""() => { const b = document.createElement('div');
        b.innerHTML = '<button type="button" id="inline" onclick="window.ranInline = 1">x</button>';
        document.body.appendChild(b); }""")
    page.locator("#inline").click()
    page.wait_for_function("() => window.breaches.length > 0")
    assert page.evaluate("window.ranInline") is None
    assert page.evaluate("window.breaches")[0].startswith("script-src")


def test_after_an_update_an_old_tab_leaves_a_newer_save_and_exports_no_hidden_hand(page, site, context):
    """What an older build (this one) meets once a newer one has run: the newer save stays as it
    is, listed to be opened by a reload; an aside it wrote holding a newer save is neither shown
    nor exported; an aside this version reads is taken back; an aside holding an unfinished game
    of two seats (the seed replays every hand) is not exported."""
    import json
    from ludotheque.web.storage.saves import SAVE_VERSION
    from test_saves_in_page import seed_storage, valid_save

    newer = valid_save("300-0", game_id="rucki-zucki")
    newer_value = json.dumps({**newer.to_dict(), "version": SAVE_VERSION + 1})
    readable = valid_save("301-0", names=("Back", "Again"))
    hands = valid_save("302-0", names=("Secret", "Hands"), game_id="rucki-zucki")

    def aside(save_key, value, why="newer"):
        return json.dumps({"key": save_key, "reason": "r", "why": why, "params": {"version": "3"},
                           "when": 5.0, "value": value})
    seed_storage(context, {
        newer.key: newer_value,
        "ludotheque:aside:303-0": aside("ludotheque:save:303-0", json.dumps({**newer.to_dict(), "id": "303-0",
                                                                            "version": SAVE_VERSION + 1})),
        "ludotheque:aside:301-0": aside(readable.key, readable.to_json()),
        "ludotheque:aside:302-0": aside(hands.key, json.dumps({**hands.to_dict(), "version": "?"}), "unknown-version"),
    })
    page.goto(site)
    page.wait_for_selector(READY, timeout=90_000)
    expect(page.locator(".asides.newer li")).to_have_count(2)
    expect(page.locator(".asides.newer")).to_contain_text("rechargez la page pour l’ouvrir")
    expect(page.locator(".asides.newer button")).to_have_count(0)          # neither exported nor deleted
    assert page.evaluate(f"localStorage.getItem('{newer.key}')") == newer_value   # untouched
    expect(page.locator("#going li[data-save='301-0']")).to_contain_text("Back")   # taken back
    expect(page.locator("#saved .notice").first).to_contain_text("revenue dans la liste")
    assert page.evaluate("localStorage.getItem('ludotheque:aside:301-0')") is None
    downloads = []
    page.on("download", lambda download: downloads.append(download))
    page.click(".asides li[data-key='ludotheque:aside:302-0'] button[data-action='export-aside']")
    expect(page.locator("#saved .notice").last).to_contain_text("Pas d'export")
    assert downloads == []
    page.click(".home-tools button[data-action='storage']")
    expect(page.locator(".dialog.storage")).to_contain_text("rechargez la page pour l’ouvrir")
