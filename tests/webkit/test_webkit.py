"""The app in WebKit, Safari's engine (an iPad's every browser): a first visit, the four games
played by taps to their end, a guided game, reloads, offline, two windows, export and import,
sound, the home's picture. See conftest.py for how each page is watched."""
from __future__ import annotations

import json

import pytest

from wkpage import FAST_BOTS

pytestmark = pytest.mark.webkit


def test_a_first_visit_shows_the_shell_then_the_engine_comes_up(wk):
    wk.driver.get(wk.site.url)
    wk.until("return document.documentElement.getAttribute('data-ready') === 'true'", message="the shell")
    assert wk.count("#cards button[data-action='new']") == 4
    wk.ready()
    assert not wk.count("#layer .error")
    assert wk.js("return document.documentElement.lang") == "fr"
    # the engine answers a tap: the new-game dialog of a game
    wk.tap("#cards button[data-action='new'][data-game='lucky-numbers']")
    wk.shown("#newgame")



OVER = "#table .table[data-over='true']"


def ending_ranks(wk, seats: int, name: str) -> None:
    wk.shown("#ending")
    wk.counted("#ending .ranking tbody tr", seats)
    wk.says("#ending", name)
    saves = wk.saves()
    assert len(saves) == 1 and saves[0]["over"] is True


def to_the_end(wk, turn, most: int) -> int:
    """`turn(n)` at each person's turn n (from 1) until the game is over; how many there were."""
    turns = 0
    while True:
        wk.human_or_over()
        if wk.count(OVER):
            return turns
        turns += 1
        assert turns <= most, f"the game should be over within {most} turns"
        turn(turns)


def test_lucky_numbers_against_a_bot_by_taps_to_the_end(wk):
    wk.open(storage=FAST_BOTS)
    wk.start("lucky-numbers", names=("Alice",), level="easy")
    wk.says("#banner", "Alice")
    wk.tap("button[data-act='confirm-setup']")

    def turn(_n):
        # a draw with nothing in the pool that fits is the table's own (a formality): the tile is in hand
        wk.until(lambda b: b.count("button[data-act='draw'], button[data-act='discard']"),
                 message="a draw or a tile to place")
        if wk.count("button[data-act='draw']:not([disabled])"):
            wk.tap("button[data-act='draw']")
        if wk.count(".ln-garden.active .ln-cell.legal"):
            wk.tap(".ln-garden.active .ln-cell.legal")
        else:
            wk.tap("button[data-act='discard']")
    to_the_end(wk, turn, 60)
    ending_ranks(wk, 2, "Alice")


def test_take_it_easy_against_a_bot_by_taps_to_the_end(wk):
    wk.open(storage=FAST_BOTS)
    wk.start("take-it-easy", players=2, names=("Alice",), options={"rounds": 1}, level="easy")
    for placed in range(18):   # the 19th tile goes in the last hex by itself
        wk.human_or_over()
        wk.counted(".tie-main .tie-cell.legal", 19 - placed)
        wk.tap(".tie-main .tie-cell.legal", nth=placed % 3 if 19 - placed > 2 else 0)
    wk.human_or_over()
    ending_ranks(wk, 2, "Alice")
    assert len(wk.saves()[0]["record"]["moves"]) == 38   # each seat placed the 19 tiles


def test_rucki_zucki_two_people_and_a_bot_through_the_hand_over_cover_to_the_end(wk):
    wk.open(storage=FAST_BOTS)
    wk.start("rucki-zucki", players=3, names=("Alice", "Bruno"), kinds=("human", "human", "bot:easy"),
             options={"rounds": 1})
    covers = []

    def turn(_n):
        if wk.count("#pass-cover"):
            # before the tap no hand is on the page at all
            assert wk.count(".rz-hand, .rz-card.in-hand") == 0
            who = wk.text("#pass-title")
            assert "Alice" in who or "Bruno" in who
            covers.append(who)
            wk.tap("#pass-cover button[data-action='reveal']")
            wk.says(".rz-hand", "Alice" if "Alice" in who else "Bruno")
        elif wk.count(".rz-cell.legal"):
            wk.tap(".rz-cell.legal")
        elif wk.count("button[data-act='draw']:not([disabled])"):
            wk.tap("button[data-act='draw']")
        elif wk.count("button[data-act='end']:not([disabled])"):
            wk.tap("button[data-act='end']")
    to_the_end(wk, turn, 200)
    assert len(covers) >= 2, "the tablet passed between Alice and Bruno under the cover"
    ending_ranks(wk, 3, "Bruno")
    wk.says("#ending", "Points de pénalité")


def test_3x16_against_a_bot_by_taps_to_the_end(wk):
    wk.open(storage=FAST_BOTS)
    wk.start("3x16", players=2, names=("Alice",), options={"transfers": "automatic"}, level="easy")

    def turn(call):                             # automatic transfers: one tap a call
        if wk.count(".x16-tableau.large .x16-row.legal"):
            wk.tap(".x16-tableau.large .x16-row.legal")
        else:
            wk.tap(".x16-drop.legal", nth=call % wk.count(".x16-drop.legal"))
    assert to_the_end(wk, turn, 48) == 48
    ending_ranks(wk, 2, "Alice")


def test_a_guided_first_game_is_played_by_taps_to_a_real_game(wk):
    from ludotheque import games
    from ludotheque.web.table.guide import Guide
    from screenshot import guide_taps
    game_id = "take-it-easy"
    game, guide = games.get(game_id), Guide(games.get(game_id))
    said = game.texts["fr"]
    wk.open(storage=FAST_BOTS)
    wk.tap(f"#cards button[data-action='new'][data-game='{game_id}']")
    wk.tap("#newgame .guide-offer [data-action='guide']")
    for step in guide.steps:
        if not step.say:
            continue
        wk.says("#table #guide-note", said[step.say])
        wk.shown("#table .hint")
        for selector in guide_taps(game_id, step.move):
            wk.tap(selector)
    wk.says("#guide-note.guide-end", said[guide.end])
    assert wk.saves() == []
    wk.tap("#guide-note.guide-end [data-action='guide-real']")
    wk.gone("#guide-note")
    wk.shown("#newgame")   # the form, seated for the person and an easy computer: nothing stored yet
    assert wk.saves() == []
    wk.tap("#newgame button[data-action='start']")
    wk.shown("#table")
    saves = wk.saves()
    assert len(saves) == 1 and saves[0]["game"] == game_id
    assert [(s["kind"], s["level"]) for s in saves[0]["seats"]] == [("human", None), ("bot", "easy")]


def board(wk) -> list:
    """Take It Easy's own board: each filled cell and the tile on it, and the places still free."""
    return wk.js("""return [...document.querySelectorAll('.tie-main .tie-cell')]
        .map(c => [c.dataset.cell, c.classList.contains('filled'), c.classList.contains('legal'), c.textContent])""")


def test_a_reload_in_the_middle_of_a_game_reopens_its_table(wk):
    wk.open(storage=FAST_BOTS)
    wk.start("take-it-easy", names=("Alice",))
    for placed in range(4):
        wk.counted(".tie-main .tie-cell.legal", 19 - placed)
        wk.tap(".tie-main .tie-cell.legal", nth=placed)
    wk.counted(".tie-main .tie-cell.legal", 15)
    before, banner = board(wk), wk.text("#banner")
    wk.reload()
    wk.shown("#table .tie-main")   # the table again, with no tap
    wk.counted(".tie-main .tie-cell.legal", 15)
    assert board(wk) == before and wk.text("#banner") == banner
    wk.tap(".tie-main .tie-cell.legal")
    wk.counted(".tie-main .tie-cell.legal", 14)
    assert len(wk.saves()[0]["record"]["moves"]) == 5


def test_once_the_service_worker_controls_the_page_a_reload_offline_plays_on(wk):
    wk.open()
    wk.until("return navigator.serviceWorker.controller !== null", 120, "the service worker in control")
    build = json.loads((wk.site.directory / "build.json").read_text())["build"]
    wk.until(f"return caches.keys().then(k => k.some(n => n.startsWith('ludotheque-{build}')))", 60,
             "this build's files cached")
    wk.start("take-it-easy", names=("Alice",))
    wk.tap(".tie-main .tie-cell.legal")
    wk.counted(".tie-main .tie-cell.legal", 18)
    wk.site.offline = True                      # from here no request reaches the server
    asked = len(wk.site.requested)
    wk.reload()
    wk.shown("#table .tie-main")
    wk.counted(".tie-main .tie-cell.legal", 18)
    wk.tap(".tie-main .tie-cell.legal", nth=2)
    wk.counted(".tie-main .tie-cell.legal", 17)
    assert len(wk.saves()[0]["record"]["moves"]) == 2
    wk.tap("#table button[data-action='leave']")
    wk.counted("#going .saved-game", 1)
    assert len(wk.site.requested) == asked


def test_two_windows_on_one_game_lose_no_move(wk):
    wk.open(storage=FAST_BOTS)
    first = wk.driver.current_window_handle
    wk.driver.switch_to.new_window("window")
    second = wk.driver.current_window_handle
    wk.open()
    wk.driver.switch_to.window(first)
    wk.start("take-it-easy", players=2, names=("Alice", "Bruno"), kinds=("human", "human"))
    wk.driver.switch_to.window(second)
    wk.counted("#going .saved-game", 1)         # the other window lists the new game at once
    wk.tap("#going button[data-action='continue']")
    wk.shown("#table .tie-main")
    for move in range(6):
        window, other = (first, second) if move % 2 == 0 else (second, first)
        wk.driver.switch_to.window(window)
        wk.counted(".tie-main .tie-cell.legal", 19 - move // 2)
        wk.tap(".tie-main .tie-cell.legal", nth=move)
        banner = wk.text("#banner").strip()
        wk.driver.switch_to.window(other)       # the move shows in the other window
        wk.until(lambda b: b.text("#banner").strip() == banner,
                 message=f"the other window following move {move + 1}: {banner!r}, not {wk.text('#banner')!r}")
        assert len(wk.saves()[0]["record"]["moves"]) == move + 1
    for window in (first, second):
        wk.driver.switch_to.window(window)
        assert len(wk.saves()) == 1 and len(wk.saves()[0]["record"]["moves"]) == 6


# the file the page hands the browser to save, as it is made (WebDriver sees no download)
CATCH_EXPORT = """const make = URL.createObjectURL;
    window.exported = [];
    URL.createObjectURL = function (blob) { blob.text().then(t => window.exported.push(t)); return make.call(URL, blob); };"""


def test_a_finished_game_exported_then_imported_comes_back(wk, tmp_path):
    wk.open(storage=FAST_BOTS)
    wk.start("take-it-easy", names=("Zoé",), options={"rounds": 1})
    for placed in range(18):   # the 19th tile goes in the last hex by itself
        wk.counted(".tie-main .tie-cell.legal", 19 - placed)
        wk.tap(".tie-main .tie-cell.legal")
    wk.shown("#ending")
    score = wk.attr("#ending", "data-score")
    wk.tap("#ending button[data-action='leave']")
    wk.counted("#history .saved-game", 1)
    wk.tap("details.history summary")           # the history is folded under its title
    wk.js(CATCH_EXPORT)
    wk.tap("#history button[data-action='export']")
    wk.until("return window.exported.length === 1", message="the export's file")
    text = wk.js("return window.exported[0]")
    data = json.loads(text)
    assert data["format"] == "ludotheque-game" and len(data["save"]["record"]["moves"]) == 19
    exported = tmp_path / "partie.json"
    exported.write_text(text, "utf-8")
    wk.all("#import-file")[0].send_keys(str(exported))
    wk.settle()
    wk.shown(OVER)                              # the imported game, at its end
    wk.shown("#ending")
    assert wk.attr("#ending", "data-score") == score
    wk.tap("#table button[data-action='leave']")
    wk.counted("#history .saved-game", 2)


def test_the_sound_switch_and_a_move_with_sound_on(wk):
    wk.open()
    assert wk.attr("#sound-switch", "aria-pressed") == "true"
    wk.start("take-it-easy", names=("Alice",))
    wk.tap(".tie-main .tie-cell.legal")
    wk.until("return document.documentElement.dataset.sound === 'place'", message="the sound of a tile put down")
    wk.tap(".tie-main .tie-cell.filled")        # taken: refused, with its sound
    wk.shown("#table .refusal.toast")
    wk.until("return document.documentElement.dataset.sound === 'refuse'", message="the sound of a refusal")
    wk.tap("#sound-switch")
    assert wk.attr("#sound-switch", "aria-pressed") == "false"
    assert len(wk.saves()[0]["record"]["moves"]) == 1
    wk.reload()
    assert wk.attr("#sound-switch", "aria-pressed") == "false"
    assert wk.js("return localStorage.getItem('ludotheque:sound')") == "off"
    wk.tap("#sound-switch")                     # on again: it plays at once
    wk.until("return document.documentElement.dataset.sound === 'place' && localStorage.getItem('ludotheque:sound') === 'on'")


FORGET_THE_WORKER = """const done = arguments[arguments.length - 1];
    navigator.serviceWorker.getRegistrations().then(rs => Promise.all(rs.map(r => r.unregister())))
      .then(() => caches.keys()).then(keys => Promise.all(keys.map(k => caches.delete(k)))).then(() => done(true));"""


@pytest.mark.parametrize("wk", [{"page_load_strategy": "none"}], indirect=True)
def test_a_second_visit_shows_the_homes_picture_and_takes_a_tap_before_the_engine_is_up(wk):
    wk.site.no_store = True                     # every visit asks the server, which can hold PyScript back
    wk.driver.get(wk.site.url)
    wk.ready()
    wk.start("take-it-easy", names=("Alice",))
    wk.tap(".tie-main .tie-cell.legal")
    wk.counted(".tie-main .tie-cell.legal", 18)
    wk.tap("#table button[data-action='leave']")
    wk.counted("#going .saved-game", 1)
    wk.until("return !!localStorage.getItem('ludotheque-home')", message="the home's picture kept")
    # the next visit: no service worker to answer from its cache, and PyScript held at the server
    assert wk.driver.execute_async_script(FORGET_THE_WORKER)
    wk.js("window.previousVisit = true")
    wk.site.hold("/pyscript/core.js")
    wk.driver.get(wk.site.url)                  # returns at once: the page's load waits for PyScript
    wk.until("return !window.previousVisit && document.documentElement.getAttribute('data-ready') === 'true'",
             message="the second visit's home shown")
    wk.counted("#going .saved-game", 1)
    wk.says("#going", "Alice")
    assert wk.attr("html", "data-engine") != "ready"
    wk.until(lambda b: "/pyscript/core.js" in b.site.requested, message="the page asking for PyScript")
    continue_ = "#going button[data-action='continue']"
    wk.js("document.querySelector(arguments[0]).click()", continue_)   # tapped while the engine is not up
    assert wk.attr(continue_, "aria-busy") == "true"
    wk.site.release()
    wk.ready()
    wk.counted("#table .tie-main .tie-cell.filled", 1)
    wk.counted(".tie-main .tie-cell.legal", 18)


def test_a_table_of_several_devices_opened_and_played_in_webkit(wk):
    """An iPad opens a table of several devices: its code and QR code show, its board is played to
    the end, and its result code, read on another device (here, the engine itself), rebuilds the
    same board and score; then it joins a table another device opened."""
    from ludotheque import games, table_codes
    wk.open()
    wk.tap("#cards button[data-action='devices'][data-game='take-it-easy']")
    wk.shown("#devices")
    wk.fill("#devices input[name='name']", "Alice")
    wk.choose("#devices [name='opt-rounds']", "1")
    wk.tap("#devices button[data-action='devices-new']")
    code = wk.text("#table-code")
    wk.until(lambda b: b.attr("#table-qr", "data-drawn") == code, message="the table's QR code drawn")
    wk.tap("[data-action='devices-play']")
    wk.says("#banner .table-label", code)
    placed = 0
    while not wk.count("#ending"):
        wk.human_or_over()
        if wk.count(".tie-main .tie-cell.legal"):
            wk.tap(".tie-main .tie-cell.legal", nth=placed % 2)
            placed += 1
    result = wk.text("#result-code")
    wk.until(lambda b: b.attr("#result-qr", "data-drawn") == result, message="the result's QR code drawn")
    table = table_codes.read_table(code)
    board = table_codes.read_result(table, result)
    assert board.name == "Alice"
    assert board.state.scores()[0] == float(wk.attr("#ending", "data-score"))
    # a table another device opened, joined by its code typed
    other = table_codes.Table("3x16", games.get("3x16").validate_options({"transfers": "automatic"}, 1), 77)
    wk.tap("#ending [data-action='leave']")
    wk.tap("#cards button[data-action='devices'][data-game='3x16']")
    wk.shown("#devices")
    wk.fill("#devices input[name='code']", other.code.lower())
    wk.tap("#devices button[data-action='devices-join']")
    wk.says("#banner .table-label", other.code)
    first = other.new().view(0)
    wk.says(".x16-call-number", str(first["call"]))
