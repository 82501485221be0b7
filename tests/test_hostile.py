"""Hostile values and actions in the page (issue #12). Each test starts from real saves (finished
and unfinished games of Lucky Numbers and Take It Easy, played through the engine, and the
statistics they make), applies one hostile value or action, and checks that the app becomes
ready, says what happened in French, keeps the bad value aside where it can be exported, and
that every other save is intact and still plays."""
from __future__ import annotations

import base64
import json
import time
import zlib

import pytest
from playwright.sync_api import expect

from chromium import READY
from conftest import BOOT_TIMEOUT
from ludotheque import games
from ludotheque.web.storage import stats
from ludotheque.web.storage.saves import Save, Seat, export_text
from test_saves_logic import STATS_SHAPES

DEEP = "[" * 10_000 + "]" * 10_000          # 20 KB nested 10,000 deep
PREFIX = "ludotheque:save:"
ASIDE = "ludotheque:aside:"


def build(save_id: str, game_id: str, seats: list[Seat], moves: int, seed: int, options=None,
          until_human: bool = False) -> Save:
    """A save made by playing `moves` first legal moves through the engine (all of them for a
    finished game); with until_human, it stops when a human is to play."""
    game = games.get(game_id)
    state = game.new(len(seats), seed=seed, options=options)
    played = 0
    while not state.is_over and played < moves:
        state.play(state.legal_moves()[0])
        played += 1
    while until_human and not state.is_over and seats[state.current_player].is_bot:
        state.play(state.legal_moves()[0])
    save = Save(id=save_id, game=game_id, record=state.record(), seats=seats, created=1.7e9, updated=1.7e9 + played)
    save.follow(state)
    save.rev = 1
    return save


def real_saves() -> dict[str, Save]:
    human_vs_bot = [Seat("Alice"), Seat("Robot 2", "bot", "greedy")]
    return {s.id: s for s in (
        build("1700000000001-0", "take-it-easy", [Seat("Alice"), Seat("Bob")], 3, 11),
        build("1700000000002-0", "lucky-numbers", human_vs_bot, 6, 12, until_human=True),
        build("1700000000003-0", "take-it-easy", [Seat("Zoé")], 10_000, 13, options={"rounds": 1}),
        build("1700000000004-0", "lucky-numbers", [Seat("Chloé"), Seat("Dan")], 10_000, 14),
    )}


UNFINISHED = ("1700000000001-0", "1700000000002-0")


def real_values() -> dict[str, str]:
    """localStorage as a player's device holds it: the saves and the statistics they made."""
    saves = real_saves()
    data = stats.empty()
    for save in saves.values():
        if save.over:
            stats.count_finished(data, save, games.get(save.game).replay(save.record))
    values = {save.key: save.to_json() for save in saves.values()}
    values["ludotheque:stats"] = json.dumps(data, separators=(",", ":"))
    values["ludotheque:settings"] = json.dumps({"bot_delay": 0})
    return values


def seed(context, values: dict[str, str]) -> None:
    """Put values in localStorage before the app's first load only (reloads keep what the app did)."""
    context.add_init_script(
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        + "".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in values.items()) + "}")


def open_app(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT)


def stored(page) -> dict[str, str]:
    return page.evaluate("() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")


def notices(page) -> str:
    return " ".join(page.locator("#saved .notice").all_inner_texts())


def assert_home_works(page) -> None:
    """The home screen is whole: Import and Storage are offered, nothing English or Pythonic."""
    expect(page.locator("#import-file")).to_have_count(1)
    expect(page.locator(".home-tools button[data-action='storage']")).to_be_visible()
    text = page.locator("#saved").inner_text()
    for word in ("Traceback", "Error", "Expecting", "object has no attribute", "Maximum call stack"):
        assert word not in text, f"{word!r} on the home screen: {text[:300]}"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), "the page got wider"


def assert_saves_intact_and_playable(page, before: dict[str, str], except_keys=()) -> None:
    """Every real save is stored unchanged and listed; the unfinished ones open and take a move."""
    now = stored(page)
    saves = real_saves()
    for key in (save.key for save in saves.values()):
        if key not in except_keys:
            assert now.get(key) == before[key], f"{key} changed"
    for save_id, save in saves.items():
        if save.key in except_keys:
            continue
        expect(page.locator(f"#saved li.saved-game[data-save='{save_id}']")).to_have_count(1)
    for save_id in UNFINISHED:
        key = PREFIX + save_id
        if key in except_keys:
            continue
        moves = len(json.loads(now[key])["record"]["moves"])
        page.click(f"#going li[data-save='{save_id}'] button[data-action='continue']")
        expect(page.locator("#table .banner")).to_be_visible()
        if saves[save_id].game == "take-it-easy":
            page.locator(".tie-main .tie-cell.legal").first.click()
        else:
            page.click("#table button[data-act='draw']")
        page.wait_for_function(f"JSON.parse(localStorage.getItem({json.dumps(key)})).record.moves.length > {moves}")
        page.click("#table button[data-action='leave']")
        expect(page.locator("#saved")).to_be_visible()


def exportable(page, aside_key: str) -> str:
    """The aside is listed with an Export button that downloads it; returns the kept value."""
    button = page.locator(f".asides li[data-key='{aside_key}'] button[data-action='export-aside']")
    expect(button).to_have_count(1)
    with page.expect_download() as download:
        button.click()
    text = open(download.value.path(), encoding="utf-8").read()
    return json.loads(text)["value"]


# --- 1. deep nesting --------------------------------------------------------------------------------

@pytest.mark.parametrize("where", ["save", *(pytest.param(w, marks=pytest.mark.long) for w in ("aside", "stats", "settings"))])
def test_a_value_nested_10000_deep_never_stops_the_app(page, site, context, where):
    values = real_values()
    key = {"save": PREFIX + "1700000000009-0", "aside": ASIDE + "1700000000009-0",
           "stats": "ludotheque:stats", "settings": "ludotheque:settings"}[where]
    values[key] = DEEP
    seed(context, values)
    open_app(page, site)
    assert_home_works(page)
    if where == "aside":
        expect(page.locator(".asides")).to_contain_text("une valeur mise de côté n’a pas pu être lue")
        assert stored(page)[key] == DEEP
        with page.expect_download() as download:
            page.click(f".asides li[data-key='{key}'] button[data-action='export-aside']")
        assert open(download.value.path(), encoding="utf-8").read() == DEEP
    else:
        expect(page.locator("#saved .notice").first).to_contain_text("imbriquée sur plus de 24 niveaux")
        aside = ASIDE + key[len(PREFIX):] if key.startswith(PREFIX) else ASIDE + key
        assert exportable(page, aside) == DEEP
        assert key not in stored(page)
    assert_saves_intact_and_playable(page, values)
    # New game works too (a deep settings value used to make it do nothing)
    page.click("#cards button[data-action='new'][data-game='take-it-easy']")
    page.click("#newgame button[data-action='start']")
    expect(page.locator(".tie-main .tie-cell.legal").first).to_be_visible()


def test_a_deep_replay_link_is_refused_and_left_behind(page, site, context):
    values = real_values()
    seed(context, values)
    code = base64.urlsafe_b64encode(zlib.compress(DEEP.encode(), 9)).decode().rstrip("=")
    assert len(code) < 120
    open_app(page, site + "#replay=" + code)
    expect(page.locator("#saved .notice")).to_contain_text("Ce lien de partage n’a pas pu être lu")
    expect(page.locator("#saved .notice")).to_contain_text("imbriquée")
    assert "#replay" not in page.url, "a reload must not meet the link again"
    assert_home_works(page)
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT)
    assert_saves_intact_and_playable(page, values)


def test_a_deep_file_is_refused_on_import_and_said(page, site, context, tmp_path):
    values = real_values()
    seed(context, values)
    open_app(page, site)
    for count, (name, text) in enumerate((("deep.json", DEEP),
                       ("deep-save.json", json.dumps({"format": "ludotheque-game", "save": {"x": 1}})[:-2] + DEEP + "}}"),
                       ("inf.json", '{"format": "ludotheque-game", "save": {"rev": Infinity}}'))):
        path = tmp_path / name
        path.write_text(text, "utf-8")
        page.set_input_files("#import-file", str(path))
        expect(page.locator("#saved .notice")).to_have_count(count + 1)
        expect(page.locator("#saved .notice").last).to_contain_text("Ce fichier n’a pas pu être importé")
    assert "imbriquée" in notices(page) and "nombre qu’aucun jeu n’utilise" in notices(page)
    assert_home_works(page)
    assert_saves_intact_and_playable(page, values)


def test_a_save_with_a_3000_deep_move_field_is_set_aside(page, site, context):
    values = real_values()
    bad = json.loads(values[PREFIX + UNFINISHED[0]])
    bad["id"] = "1700000000008-0"
    bad["record"]["moves"].append({"type": "place", "cell": "DEEP"})
    values[PREFIX + bad["id"]] = json.dumps(bad).replace('"DEEP"', "[" * 3000 + "1" + "]" * 3000)
    seed(context, values)
    open_app(page, site)
    expect(page.locator("#saved .notice")).to_contain_text("imbriquée")
    assert exportable(page, ASIDE + bad["id"]) == values[PREFIX + bad["id"]]
    assert_saves_intact_and_playable(page, values, except_keys=(PREFIX + bad["id"],))


# --- 2. absurd numbers and wrong shapes -------------------------------------------------------------



@pytest.mark.long   # a sweep: make test-long
def test_absurd_numbers_and_wrong_stats_shapes_hide_no_game(page, site, context):
    values = real_values()
    template = values[PREFIX + UNFINISHED[0]]
    rev = f'"rev":{json.loads(template)["rev"]}'
    bad = {}
    for n, number in enumerate(("1e999", "Infinity", "9" * 5000)):
        save_id = f"1700000000{n + 5}00-0"
        bad[PREFIX + save_id] = template.replace(UNFINISHED[0], save_id).replace(rev, f'"rev":{number}')
    values.update(bad)
    values["ludotheque:stats"] = json.dumps(STATS_SHAPES[0])
    seed(context, values)
    open_app(page, site)
    assert_home_works(page)
    text = notices(page)
    assert text.count("nombre qu’aucun jeu n’utilise") == 3, text
    assert "statistiques n’ont pas pu être lues (games.lucky-numbers)" in text
    for key, value in bad.items():
        assert exportable(page, ASIDE + key[len(PREFIX):]) == value
    assert exportable(page, ASIDE + "ludotheque:stats") == json.dumps(STATS_SHAPES[0])
    assert_saves_intact_and_playable(page, values)
    # a new game survives leaving and a reload
    page.click("#cards button[data-action='new'][data-game='take-it-easy']")
    page.click("#newgame button[data-action='start']")
    page.locator(".tie-main .tie-cell.legal").first.click()
    page.click("#table button[data-action='leave']")
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT)
    expect(page.locator("#going .saved-game")).to_have_count(3)
    # the other five shapes of statistics are set aside too, one after the other
    for shape in STATS_SHAPES[1:]:
        page.evaluate("v => localStorage.setItem('ludotheque:stats', v)", json.dumps(shape))
        page.reload()
        page.wait_for_selector(READY, timeout=BOOT_TIMEOUT)
        expect(page.locator("#saved .notice")).to_contain_text("les statistiques n’ont pas pu être lues")
        assert_home_works(page)


# --- 4. values another tab wrote, games another tab deleted ------------------------------------------

def two_tabs(context, site, watch):
    pages = []
    for _ in range(2):
        p = context.new_page()
        p.on("pageerror", lambda exc: watch.errors.append(str(exc)))
        p.on("request", watch.on_request)
        open_app(p, site)
        pages.append(p)
    return pages


def test_a_value_this_tab_cannot_read_is_set_aside_not_overwritten(page, site, context):
    values = real_values()
    seed(context, values)
    open_app(page, site)
    key = PREFIX + UNFINISHED[0]
    page.click(f"#going li[data-save='{UNFINISHED[0]}'] button[data-action='continue']")
    # a newer version's save (after an update, in another tab) is left as it is: not overwritten,
    # not set aside (issue #39)
    newer = json.dumps({**json.loads(values[key]), "version": 3, "future": True})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, newer])
    page.locator(".tie-main .tie-cell.legal").first.click()
    expect(page.locator("#table #refusal")).to_be_visible()
    assert stored(page)[key] == newer
    assert not [k for k in stored(page) if k.startswith(ASIDE)]
    value = "garbage from elsewhere"
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])
    page.locator(".tie-main .tie-cell.legal").first.click()
    expect(page.locator("#table .notice")).to_contain_text("n’a pas pu être lue")
    asides = [v for k, v in stored(page).items() if k.startswith(ASIDE + UNFINISHED[0])]
    assert value in [json.loads(a)["value"] for a in asides], "the unreadable value is kept aside"
    assert Save.from_json(stored(page)[key]).rev >= 2
    page.click("#table button[data-action='leave']")
    expect(page.locator(".asides li")).to_have_count(1)


def test_a_game_deleted_in_another_tab_is_not_brought_back(site, context, watch):
    values = real_values()
    seed(context, values)
    first, second = two_tabs(context, site, watch)
    key = PREFIX + UNFINISHED[0]
    second.click(f"#going li[data-save='{UNFINISHED[0]}'] button[data-action='continue']")
    first.on("dialog", lambda dialog: dialog.accept())
    first.click(f"#going li[data-save='{UNFINISHED[0]}'] button[data-action='delete']")
    expect(first.locator(f"#going li[data-save='{UNFINISHED[0]}']")).to_have_count(0)
    expect(second.locator("#table #refusal")).to_contain_text("supprimée dans un autre onglet")
    second.locator(".tie-main .tie-cell.legal").first.click()
    expect(second.locator("#table #refusal")).to_contain_text("supprimée dans un autre onglet")
    assert key not in stored(second)
    assert not watch.errors


# --- 3. two tabs acting within a few ms ---------------------------------------------------------------

TAP_AT = """([at, last]) => {
    // at a given time, tap the first (or last) free cell of the board shown then, as a finger would
    const fire = () => {
        const old = document.querySelector('#table #refusal');
        if (old) old.dataset.old = '1';
        const cells = document.querySelectorAll('.tie-main .tie-cell.legal');
        const el = cells[last ? cells.length - 1 : 0];
        el.dispatchEvent(new MouseEvent('click', {bubbles: true}));
        window.tapped = Number(el.getAttribute('data-cell'));
    };
    window.tapped = null;
    setTimeout(fire, Math.max(0, at - (performance.timeOrigin + performance.now())));
}"""
CONFLICT_SAID = """() => { const el = document.querySelector('#table #refusal');
    return !!el && !el.dataset.old && el.textContent.includes('autre onglet'); }"""
OUTCOME = """([key, before]) => {
    // what this tab shows of its tap: the stored moves after `before`, whether it was told, and
    // whether it still has a call in flight (a storage event is answered a moment after it came)
    const raw = localStorage.getItem(key);
    return {raw: raw, moves: JSON.parse(raw).record.moves.slice(before), tapped: window.tapped,
            said: (""" + CONFLICT_SAID + """)(),
            quiet: document.documentElement.getAttribute('data-calls') === '0'};
}"""


def settled_outcome(tabs, key: str, before: int, wait_s: float = 10.0) -> list[dict]:
    """Each tab's outcome once the storage has settled: both tabs see the same stored game (a
    tab's own write shows in its storage until the other tab's later one reaches it), neither
    has a call in flight, and each tab's move is in it or the tab was told. A loaded machine may
    fire a tap or deliver a storage event late: this waits for it, not a fixed time. After
    `wait_s` the last outcome is returned, and the assertions say what went wrong."""
    deadline = time.monotonic() + wait_s
    while True:
        seen = [tab.evaluate(OUTCOME, [key, before]) for tab in tabs]
        agreed = len({o["raw"] for o in seen}) == 1 and all(o["quiet"] and o["tapped"] is not None for o in seen)
        if agreed and all(o["said"] or any(m.get("cell") == o["tapped"] for m in o["moves"]) for o in seen):
            return seen
        if time.monotonic() > deadline:
            return seen
        tabs[0].wait_for_timeout(50)


@pytest.mark.parametrize("locks", [True, pytest.param(False, marks=pytest.mark.long)], ids=["web-locks", "no-web-locks"])
def test_two_tabs_tapping_within_milliseconds_never_lose_a_move_silently(site, context, watch, locks):
    """Many trials of two tabs tapping within ±2 ms: every move is either kept or its tab is
    told (and shows the stored game). With the Web Locks API the loser is found when it takes
    the lock; without it (older browsers), by the other tab's storage event."""
    values = real_values()
    if not locks:
        context.add_init_script("Object.defineProperty(Navigator.prototype, 'locks', {get: () => undefined});")
    race = build("1700000000010-0", "take-it-easy", [Seat("Alice"), Seat("Bob")], 0, 40)
    values[race.key] = race.to_json()
    seed(context, values)
    first, second = two_tabs(context, site, watch)
    for p in (first, second):
        p.click(f"#going li[data-save='{race.id}'] button[data-action='continue']")
        expect(p.locator(".tie-main .tie-cell.legal").first).to_be_visible()
    told = both_kept = 0
    for trial in range(18):
        before = json.loads(stored(first)[race.key])["record"]["moves"]
        at = first.evaluate("performance.timeOrigin + performance.now()") + 200
        skew = (trial % 5) - 2   # -2 .. +2 ms between the two taps
        first.evaluate(TAP_AT, [at, False])   # both taps are set up first, then happen together
        second.evaluate(TAP_AT, [at + skew, True])
        outcome = settled_outcome([first, second], race.key, len(before))
        assert None not in (o["tapped"] for o in outcome), f"trial {trial}: a tap did not happen"
        assert outcome[0]["raw"] == outcome[1]["raw"], f"trial {trial}: the two tabs never agreed on the stored game"
        moves = json.loads(outcome[0]["raw"])["record"]["moves"]
        assert moves[:len(before)] == before, f"trial {trial}: stored moves were rewritten"
        for o in outcome:
            kept = any(m.get("cell") == o["tapped"] for m in moves[len(before):])
            assert kept or o["said"], f"trial {trial}: a move was dropped silently"
            assert not (kept and o["said"]) or len(moves) - len(before) == 2
            told += o["said"]
        both_kept += len(moves) - len(before) == 2
        # the tab that was told shows the stored game: both tabs show the same table now
        expect(second.locator("#banner")).to_have_text(first.locator("#banner").inner_text())
        assert first.locator(".tie-main .tie-cell.filled").count() == second.locator(".tie-main .tie-cell.filled").count()
    print(f"two tabs ({'with' if locks else 'without'} Web Locks): {told} conflicts told, {both_kept} trials kept both moves, of 18")
    assert told > 0, "no trial raced: the taps were never simultaneous"
    assert not watch.errors, watch.errors


# a table's worker whose first board tap waits (a synchronous request the test holds) before it is
# worked out: a call as long as a bot worked out here, a review step or a replay
SLOW_TAP = '''import json

from ludotheque.web.events import call as answer

held = []


def call(message):
    request = json.loads(message)
    target = (request.get("data") or {}).get("target") or {}
    if not held and request.get("kind") == "click" and "act" in target:
        held.append(True)
        from js import XMLHttpRequest
        from ludotheque.web.page import APP
        wait = XMLHttpRequest.new()
        wait.open("GET", APP.env["base"] + "slow-call", False)
        wait.send()
    return answer(message)


__export__ = ["call"]
'''


TAP = "el => el.dispatchEvent(new MouseEvent('click', {bubbles: true}))"   # a tap, not waiting for its answer
# the tile placed: the turn passes to Bob (Alice's board is hidden while he places)
BOB_TO_PLAY = "() => document.querySelector('#table #banner').textContent.includes('Bob')"


@pytest.mark.parametrize("same", [False, True], ids=["another-game", "the-same-game"])
def test_a_long_call_in_one_tab_never_holds_a_tap_in_another(site, context, watch, same):
    """While the first tab's call is held (its worker busy as long as the test says), the second
    tab's tap is answered and stored: the cross-tab lock is held only to store a call's writes,
    never while it is worked out. Then the first call ends: in another game both moves are kept;
    in the same game the first tab finds the second's move stored, shows it and says its own was
    not kept. Nothing is lost silently."""
    values = real_values()
    games_ = [build(f"17000000000{20 + n}-0", "take-it-easy", [Seat("Alice"), Seat("Bob")], 0, 50 + n)
              for n in range(2)]
    for save in games_:
        values[save.key] = save.to_json()
    seed(context, values)
    served, held = [], []

    def main_py(route):   # the first tab's table's worker is the slow one; the second's is the app's own
        if served:
            route.continue_()
        else:
            served.append(True)
            route.fulfill(status=200, body=SLOW_TAP, content_type="text/x-python")
    context.route("**/py/main.py", main_py)
    context.route("**/slow-call", lambda route: held.append(route))
    first, second = two_tabs(context, site, watch)
    one, other = games_[0], games_[1 if not same else 0]
    first.click(f"#going li[data-save='{one.id}'] button[data-action='continue']")
    second.click(f"#going li[data-save='{other.id}'] button[data-action='continue']")
    for p in (first, second):
        expect(p.locator(".tie-main .tie-cell.legal").first).to_be_visible()
    try:
        first.locator(".tie-main .tie-cell.legal").first.evaluate(TAP)   # answered only once released
        for _ in range(400):
            if held:
                break
            first.wait_for_timeout(50)
        assert held, "the first tab's call never began"
        second.locator(".tie-main .tie-cell.legal").last.evaluate(TAP)
        try:
            second.wait_for_function(BOB_TO_PLAY, timeout=15_000)
        except Exception:
            raise AssertionError("the second tab's tap waited for the first tab's call") from None
        assert first.evaluate("document.documentElement.hasAttribute('data-busy')"), "the first call was over"
        assert first.evaluate(BOB_TO_PLAY) is False, "the first tab showed its move before it was stored"
        assert len(json.loads(stored(second)[other.key])["record"]["moves"]) == 1
    finally:
        for route in held:
            route.fulfill(status=204, body="")
    first.wait_for_function("!document.documentElement.hasAttribute('data-busy')")
    first.wait_for_function(BOB_TO_PLAY)
    moves = {save.key: len(json.loads(stored(first)[save.key])["record"]["moves"]) for save in games_}
    if same:
        assert moves == {one.key: 1, games_[1].key: 0}
        expect(first.locator("#table #refusal")).to_contain_text("autre onglet")
        assert first.locator("#banner").inner_text() == second.locator("#banner").inner_text()
    else:
        assert moves == {one.key: 1, other.key: 1}
        expect(first.locator("#table #refusal")).to_have_count(0)
    assert not watch.errors, watch.errors


# --- 6. bots with a level this app does not know -------------------------------------------------------

def test_a_bot_with_an_unknown_level_plays_at_the_default_and_says_so(page, site, context):
    values = real_values()
    save = build("1700000000007-0", "take-it-easy", [Seat("Robo", "bot", "grandmaster-2031"), Seat("Alice")], 0, 17)
    values[save.key] = save.to_json()
    seed(context, values)
    open_app(page, site)
    page.click(f"#going li[data-save='{save.id}'] button[data-action='continue']")
    expect(page.locator("#table .notice")).to_contain_text("niveau d’ordinateur que l’application ne connaît pas")
    expect(page.locator("#table .notice")).to_contain_text("grandmaster-2031")
    expect(page.locator("#banner")).to_contain_text("Alice")
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{save.key}')).record.moves.length === 1")
    page.click("#table button[data-action='leave']")
    assert_saves_intact_and_playable(page, values)


# --- 7. replay links that inflate without end -----------------------------------------------------------

def test_a_link_that_inflates_to_gigabytes_is_refused_at_once(page, site, context):
    values = real_values()
    seed(context, values)
    bomb = zlib.compressobj(9)
    code = bomb.compress(b"[" * 200_000_000) + bomb.flush()
    link = base64.urlsafe_b64encode(code).decode().rstrip("=")
    assert len(link) < 256 * 1024
    open_app(page, site + "#replay=" + link)
    expect(page.locator("#saved .notice")).to_contain_text("le lien est bien trop long pour être une partie")
    assert_home_works(page)
    assert_saves_intact_and_playable(page, values)


# --- 8. imports: history, daily deal --------------------------------------------------------------------

def test_importing_a_finished_game_says_which_history_goes(page, site, context, tmp_path):
    values = real_values()
    for n in range(10):
        done = build(f"16000000000{n:02d}-0", "take-it-easy", [Seat(f"Ancien {n}")], 10_000, 30 + n,
                     options={"rounds": 1})
        done.updated = 1.6e9 + n
        values[done.key] = done.to_json()
    seed(context, values)
    open_app(page, site)
    text = notices(page)   # 11 finished games stored: the oldest is dropped, and that is said
    assert "retirée de l’historique" in text and "Ancien 0" in text
    fresh = build("x", "lucky-numbers", [Seat("Importée"), Seat("Fichier")], 10_000, 99)
    path = tmp_path / "game.json"
    path.write_text(export_text(fresh, "2000-01-01"), "utf-8")
    page.set_input_files("#import-file", str(path))
    expect(page.locator("#table")).to_be_visible()
    page.click("#table button[data-action='leave']")
    expect(page.locator("#history")).to_contain_text("Importée")
    # the import pushed one more out: that one is said now (the first ones were said at the start)
    assert "Ancien 2" in notices(page) and "Ancien 0" not in notices(page)


def test_a_file_cannot_pose_as_the_daily_deal(page, site, context, tmp_path):
    """A hand-made file holding today's deal, marked daily or not, is refused with the reason:
    importing it would show today's tiles ahead, and the deal itself still opens fresh."""
    from ludotheque.games.take_it_easy.rules import daily_seed
    seed(context, real_values())
    open_app(page, site)
    today = page.evaluate("new Date().toLocaleDateString('sv-SE')")
    fake = build("x", "take-it-easy", [Seat("Tricheur")], 0, daily_seed(today), options={"rounds": 1})
    for daily in (today, None):
        fake.daily = daily
        path = tmp_path / "daily.json"
        path.write_text(json.dumps({"format": "ludotheque-game", "save": fake.to_dict()}), "utf-8")
        page.set_input_files("#import-file", str(path))
        expect(page.locator("#saved .notice").last).to_contain_text("donne du jour reste secrète")
        assert not [v for k, v in stored(page).items() if k.startswith(PREFIX) and "Tricheur" in v]
    page.click("#cards button[data-action='daily']")
    expect(page.locator("#table")).to_be_visible()
    daily = [json.loads(v) for k, v in stored(page).items() if k.startswith(PREFIX) and json.loads(v)["daily"] == today]
    assert len(daily) == 1 and daily[0]["record"]["seed"] == daily_seed(today)
    assert daily[0]["seats"][0]["name"] != "Tricheur"


# --- 9. text -------------------------------------------------------------------------------------------

LAYOUT_ORDER = """([selector, text]) => {
    // x positions of the first and last character of `text` inside the element, as laid out
    const root = document.querySelector(selector);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.data.indexOf(text);
        if (at < 0) continue;
        const box = i => { const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1);
                           return r.getBoundingClientRect().left; };
        return [box(at), box(at + text.length - 1)];
    }
    return null;
}"""


def test_a_right_to_left_override_in_a_name_reorders_nothing_else(page, site, context):
    values = real_values()
    evil = build("1700000000006-0", "take-it-easy", [Seat("\u202eEve"), Seat("Bob")], 0, 21)
    values[evil.key] = evil.to_json()
    seed(context, values)
    open_app(page, site)
    turn = f"#going li[data-save='{evil.id}'] .saved-turn"
    left, right = page.evaluate(LAYOUT_ORDER, [turn, "de jouer"])
    assert left < right, "the app's words after the name were reversed"
    page.click(f"#going li[data-save='{evil.id}'] button[data-action='continue']")
    expect(page.locator("#banner")).to_contain_text("Eve")
    words = page.evaluate("document.querySelector('#banner').textContent.split(':').pop().trim().split(' ').slice(0, 2).join(' ')")
    left, right = page.evaluate(LAYOUT_ORDER, ["#banner", words])
    assert left < right, "the banner's words after the name were reversed"
    assert page.locator("#going bdi, #table bdi").count() > 0


def test_long_names_ids_and_versions_stay_in_the_page(page, site, context):
    values = real_values()
    family = "👨\u200d👩\u200d👧\u200d👦"
    long_name = build("1700000000005-0", "take-it-easy", [Seat(family * 30)], 0, 22)
    data = long_name.to_dict()
    data["seats"][0]["name"] = family * 30     # as another version of the app could have stored it
    values[long_name.key] = json.dumps(data, ensure_ascii=False)
    values[PREFIX + "1700000000006-0"] = json.dumps({**json.loads(values[PREFIX + UNFINISHED[0]]),
                                                     "id": "1700000000006-0", "game": "g" * 100_000})
    values[PREFIX + "1700000000007-0"] = json.dumps({**json.loads(values[PREFIX + UNFINISHED[0]]),
                                                     "id": "1700000000007-0", "version": "v" * 100_000})
    seed(context, values)
    open_app(page, site)
    assert_home_works(page)
    assert len(notices(page)) < 1000
    shown = page.locator(f"#going li[data-save='{long_name.id}'] .saved-seats bdi").inner_text()
    segments = page.evaluate("t => [...new Intl.Segmenter('fr', {granularity: 'grapheme'}).segment(t)].map(s => s.segment)",
                             shown)
    assert segments == [family] * 3   # whole graphemes within the name rule's 96 bytes (a family is 25)


def test_with_the_storage_full_a_bad_value_is_not_said_to_be_kept_aside(page, site, context):
    values = real_values()
    values[PREFIX + "1700000000009-0"] = "{broken"
    seed(context, values)
    context.add_init_script("""(() => { const real = Storage.prototype.setItem;
        Storage.prototype.setItem = function (k, v) {
            if (String(k).startsWith('ludotheque:aside:') && !sessionStorage.getItem('roomy'))
                throw new DOMException('full', 'QuotaExceededError');
            return real.call(this, k, v); }; })();""")
    open_app(page, site)
    text = notices(page)
    assert "trop pleine pour les mettre de côté" in text and "elle est mise de côté" not in text
    assert stored(page)[PREFIX + "1700000000009-0"] == "{broken"
    page.evaluate("sessionStorage.setItem('roomy', '1')")
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT)
    expect(page.locator("#saved .notice")).to_contain_text("elle est mise de côté")
    assert exportable(page, ASIDE + "1700000000009-0") == "{broken"


def test_with_the_storage_full_an_unreadable_value_is_said_once_and_can_be_deleted(page, site, context):
    values = real_values()
    values[PREFIX + "1700000000009-0"] = "{broken"
    values["ludotheque:settings"] = DEEP
    seed(context, values)
    context.add_init_script("""(() => { const real = Storage.prototype.setItem;
        Storage.prototype.setItem = function (k, v) {
            if (String(k).startsWith('ludotheque:aside:')) throw new DOMException('full', 'QuotaExceededError');
            return real.call(this, k, v); }; })();""")
    open_app(page, site)
    assert notices(page).count("trop pleine pour les mettre de côté") == 2, notices(page)
    for _ in range(2):   # said once: not again at each return to the home screen
        page.click(f"#going li[data-save='{UNFINISHED[0]}'] button[data-action='continue']")
        page.click("#table button[data-action='leave']")
        assert "trop pleine" not in notices(page), notices(page)
    page.click(".home-tools button[data-action='storage']")
    left = page.locator(".dialog.storage li", has_text="laissé en place")
    expect(left).to_have_count(2)
    page.on("dialog", lambda dialog: dialog.accept())
    left.locator(f"button[data-action='delete-aside'][data-key='{PREFIX}1700000000009-0']").click()
    expect(page.locator(".dialog.storage li", has_text="laissé en place")).to_have_count(1)
    assert PREFIX + "1700000000009-0" not in stored(page)
    assert stored(page)["ludotheque:settings"] == DEEP


def test_a_pace_setting_of_the_wrong_kind_opens_every_game_at_the_normal_pace(page, site, context):
    values = real_values()
    values["ludotheque:settings"] = json.dumps({"bot_pace": []})
    seed(context, values)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_app(page, site)
    page.click(f"#going li[data-save='{UNFINISHED[1]}'] button[data-action='continue']")
    key = PREFIX + UNFINISHED[1]
    moves = len(json.loads(stored(page)[key])["record"]["moves"])
    page.click("#table button[data-act='draw']")
    page.wait_for_function(f"JSON.parse(localStorage.getItem({json.dumps(key)})).record.moves.length > {moves}")
    assert "Un problème est survenu" not in page.locator("body").inner_text() and not errors


# --- 5. a damaged offline cache heals ------------------------------------------------------------------

from test_offline import first_visit, open_page, subpath_server, sw_context  # noqa: E402,F401  (fixtures, helpers)

DAMAGE = """async ([corrupt, missing]) => {
    const name = (await caches.keys()).find(k => k.startsWith('ludotheque-'));
    const cache = await caches.open(name);
    for (const path of corrupt) await cache.put(new URL(path, location.href).href, new Response('garbage'));
    for (const path of missing) await cache.delete(new URL(path, location.href).href);
}"""
CACHED_HASHES = """async (paths) => {
    const name = (await caches.keys()).find(k => k.startsWith('ludotheque-'));
    const cache = await caches.open(name);
    const out = {};
    for (const path of paths) {
        const hit = await cache.match(new URL(path, location.href).href);
        if (!hit) { out[path] = null; continue; }
        const digest = await crypto.subtle.digest('SHA-256', await hit.arrayBuffer());
        out[path] = Array.from(new Uint8Array(digest), b => b.toString(16).padStart(2, '0')).join('');
    }
    return out;
}"""
RUNTIME = ["index.html", "py/ludotheque.zip", "pyscript/pyodide/pyodide.asm.wasm"]


def test_a_damaged_offline_cache_heals_and_never_touches_the_saves(sw_context, subpath_server, tmp_path):
    import pwa
    from conftest import DIST
    files = pwa.cached_files(DIST)
    core = next(path for path in files if path.startswith("pyscript/core") and path.endswith(".js"))
    url, _ = subpath_server(DIST)
    nothing = tmp_path / "nothing"   # the server answers 404 to everything: as good as offline
    nothing.mkdir()
    ctx, watch = sw_context(url)
    values = real_values()
    seed(ctx, values)
    page = open_page(ctx, watch)
    first_visit(page, url)
    before = stored(page)
    # online: corrupt and missing entries are fetched again and the app boots as if nothing happened
    page.evaluate(DAMAGE, [RUNTIME + ["pyscript/core.js", core], ["pyscript/pyodide/python_stdlib.zip"]])
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT)
    watched = RUNTIME + ["pyscript/core.js", core, "pyscript/pyodide/python_stdlib.zip"]
    for _ in range(60):   # the cache holds this build's bytes again (a missing entry is refetched when used)
        found = page.evaluate(CACHED_HASHES, watched)
        if found == {path: files[path] for path in watched}:
            break
        page.wait_for_timeout(500)
    assert found == {path: files[path] for path in watched}
    assert stored(page) == before
    millis = page.evaluate("""async () => { const t = performance.now();
        const c = await caches.open((await caches.keys()).find(k => k.startsWith('ludotheque-')));
        const r = await c.match(new URL('pyscript/pyodide/pyodide.asm.wasm', location.href).href);
        await crypto.subtle.digest('SHA-256', await r.arrayBuffer()); return performance.now() - t; }""")
    print(f"checking the cached wasm took {millis:.0f} ms")
    # offline with a damaged runtime file: the boot fails, says so, and offers a repair that
    # needs the network; online again, the repair heals the cache and the app comes back
    page.evaluate(DAMAGE, [["pyscript/core.js"], []])
    subpath_server.point(nothing)
    ctx.new_cdp_session(page).send("Network.clearBrowserCache")   # nor any copy in the HTTP cache
    page.reload()
    expect(page.locator("#boot-error")).to_be_visible(timeout=BOOT_TIMEOUT)
    repair = page.locator("#boot-repair")
    expect(repair).to_be_visible()
    expect(repair).to_contain_text("Réparer les fichiers hors ligne")
    repair.click()
    expect(page.locator("#boot-repair-status")).to_contain_text("connectez-vous au réseau")
    assert stored(page) == before
    subpath_server.point(DIST)
    with page.expect_navigation(timeout=BOOT_TIMEOUT):
        repair.click()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT)
    assert stored(page) == before
    assert_saves_intact_and_playable(page, values)
    watch.errors.clear()   # the failed offline boot reported its missing file, as it should
