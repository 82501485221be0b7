"""The shared table as a player meets it, in every game: your board stays put while bots play,
their moves are marked and logged, a refused tap says why beside the place tapped, the end screen
names the winner inside the first screen, arrow keys move between cells, and secret hands are
covered between people. Rucki Zucki and 3x16 are played by taps to their end screens."""
from __future__ import annotations

import io
import json
import re

import pytest
from playwright.sync_api import expect

from ludotheque.web.storage.saves import Seat

from pagetools import (FAST_BOTS, at_rest, done_if_asked, rucki_zucki_of_choices, bots_near_the_end, check_modal, leave_table, open_stored, small_targets, start,
                       hold_a_fitting_card, stored_save, stored_saves, stored_until, wait_for_human)


def alice_and_three_easy_bots() -> list[Seat]:
    """The seats of a stored four-seat game: Alice, then three easy bots (their moves come at once)."""
    return [Seat("Alice")] + [Seat(f"Robot {n}", "bot", "easy") for n in (2, 3, 4)]


SLOW_BOTS = "localStorage.setItem('ludotheque:settings', JSON.stringify({bot_delay: 400}));"


def play_3x16_solitaire(page, transfers: bool = False, reload_at: int | None = None) -> None:
    """48 calls by taps: a row when the called tile fits one, else a column in turn; Done. At
    call `reload_at` the page is reloaded, and the game continued shows the identical tableau."""
    for call in range(48):
        if call == reload_at:
            before = (at_rest(page, ".x16-tableau.large"), page.locator(".x16-call-number").inner_text())
            page.reload()
            page.wait_for_selector("html[data-engine='ready']", timeout=90_000)   # the table again
            after = (at_rest(page, ".x16-tableau.large"), page.locator(".x16-call-number").inner_text())
            assert after == before
        rows = page.locator(".x16-tableau.large .x16-row.legal")
        if rows.count():
            rows.first.click()
        else:
            page.locator(".x16-drop.legal").nth(call % 5).click()
        if transfers and page.locator("button[data-act='transfer-all']:not([disabled])").count():
            page.click("button[data-act='transfer-all']")
        done_if_asked(page)


def test_own_board_stays_put_and_bot_moves_are_marked_and_logged(page, context, boot):
    context.add_init_script(SLOW_BOTS)
    boot()
    start(page, "take-it-easy", players=3, names=("Alice",))
    page.locator(".tie-main .tie-cell.legal").first.click()
    # a bot is placing: Alice's board is still the large one, and never hidden
    expect(page.locator("#banner")).to_contain_text("…")
    expect(page.locator(".tie-main")).to_have_attribute("data-seat", "0")
    expect(page.locator(".tie-other .tie-covered")).to_have_count(0)
    wait_for_human(page)
    expect(page.locator(".tie-main")).to_have_attribute("data-seat", "0")
    # each bot's tile is marked where it landed, and said in words
    expect(page.locator(".tie-other[data-seat='1'] .tie-cell.just")).to_have_count(1)
    expect(page.locator(".tie-other[data-seat='2'] .tie-cell.just")).to_have_count(1)
    # each bot's placement said (it said the last and "and 1 more"), the same tile placed by both said once
    expect(page.locator("#last-move .last-move-seat")).to_have_text([re.compile(r"Robot 2\W* et \W*Robot 3\W* ont posé \d-\d-\d")])
    expect(page.locator("#last-move .last-move-label")).to_have_text("Derniers coups")
    page.click(".toolbar button[data-action='log']")
    log = page.locator("#move-log li")
    expect(log).to_have_count(3)
    expect(log.last).to_contain_text("Alice")   # the oldest move, listed last
    page.click("#move-log button[data-action='log']")
    expect(page.locator("#move-log")).to_have_count(0)


@pytest.mark.parametrize("context", [pytest.param({"reduced_motion": "no-preference"}, marks=pytest.mark.long),
                                     {"reduced_motion": "reduce"}], indirect=True,
                         ids=["motion", "reduced-motion"])
def test_a_refused_tap_is_explained_beside_the_cell_and_fades(page, context, boot):
    """Under reduced motion too the note goes by itself (it stayed over the board for good)."""
    context.add_init_script(FAST_BOTS)
    boot()
    start(page, "take-it-easy", names=("Alice",), options={"adjacency": "any"})
    page.locator(".tie-main .tie-cell[data-cell='0']").click()
    expect(page.locator(".tie-main .tie-cell.filled")).to_have_count(1)
    before = page.locator(".tie-main").bounding_box()
    far = page.locator(".tie-main .tie-cell[data-cell='18']")
    far.click()
    toast = page.locator("#refusal")
    expect(toast).to_be_visible()
    expect(toast).to_contain_text("ne touche aucune tuile")
    # beside the tapped cell, and the board did not move
    cell, box = far.bounding_box(), toast.bounding_box()
    assert abs(box["y"] - (cell["y"] + cell["height"])) < 100 or abs(cell["y"] - (box["y"] + box["height"])) < 100
    assert page.locator(".tie-main").bounding_box() == before
    expect(toast).to_be_hidden(timeout=8000)   # it goes away by itself
    far.click()   # the same refusal again: said again
    expect(toast).to_be_visible()
    expect(toast).to_contain_text("ne touche aucune tuile")


COVERED = """() => { const t = document.querySelector('#refusal').getBoundingClientRect();
  return [...document.querySelectorAll('#table [data-act], #table [data-cell]')].filter(e => {
    const r = e.getBoundingClientRect();
    return r.width && Math.min(t.right, r.right) > Math.max(t.left, r.left) && Math.min(t.bottom, r.bottom) > Math.max(t.top, r.top);
  }).map(e => e.dataset.cell || e.dataset.card || e.dataset.act); }"""


def test_a_refused_card_is_explained_near_the_cell_over_none_of_the_board(page, context, boot):
    """The try-out: "Le 8 ne touche aucune carte du plan" lay over cells 19 to 23 of Rucki Zucki's
    board, the hinted one among them. The note now takes the nearest place above or below the
    tapped cell that covers none of the board's cells, cards or buttons, on a tablet and a phone.
    Bot names and levels stay whole in their seat cards ("Rob… (moyen)" was cut before its level,
    then "Bot 1 (mediu…" at 1024×768: the level now heads the card's second line)."""
    context.add_init_script(FAST_BOTS)
    boot()
    start(page, "rucki-zucki", players=3, names=("Alice",), level="medium")
    # Alice's draws are played for her while no card of hers fits; about 1 deal in 400 a bot
    # empties its hand first, and the round's end waits for a person to deal the next one
    page.wait_for_function("() => document.querySelector('.rz-hand [data-act=\"card\"], #table [data-act=\"next-round\"]')")
    if page.locator("#table [data-act='next-round']").count():
        page.click("#table [data-act='next-round']")
        wait_for_human(page)
    page.wait_for_function("() => document.querySelector('.rz-hand [data-act=\"card\"]')")
    for width, height in TABLETS + (PHONE,):
        page.set_viewport_size({"width": width, "height": height})
        names = page.locator(".rz-seat[data-seat='1'] .rz-seat-name > bdi")
        assert names.evaluate("n => n.scrollWidth <= n.clientWidth"), names.inner_text()
        second = page.locator(".rz-seat[data-seat='1'] .rz-penalty")
        expect(second).to_contain_text("moyen")
        assert second.evaluate("n => n.scrollWidth <= n.clientWidth"), second.inner_text()
        # a card with a number (the joker, which fits many cells, may come first in the hand)
        card = page.locator(".rz-hand [data-act='card']:not([data-card='joker'])").first
        number = card.get_attribute("data-card")
        if card.get_attribute("aria-pressed") != "true":   # kept from the last size: a tap would put it back
            card.click()
        expect(card).to_have_attribute("aria-pressed", "true")
        wrong = page.locator(f".rz-board [data-act='cell']:not([data-cell='{number}'])").nth(20)
        wrong.scroll_into_view_if_needed()
        wrong.click()
        expect(page.locator("#refusal")).to_be_visible()
        assert page.evaluate(COVERED) == [], (width, height)
        cell, note = wrong.bounding_box(), page.locator("#refusal").bounding_box()
        if width > PHONE[0]:   # on a phone the board fills the width: the nearest free place is under the hand
            assert min(abs(note["y"] - cell["y"] - cell["height"]), abs(cell["y"] - note["y"] - note["height"])) < 200
        page.evaluate("document.querySelector('#refusal').remove()")


def test_dialogs_keep_the_keyboard_inside_and_escape_gives_it_back(page, context, boot):
    """Tab goes round an open dialog's own controls (it used to reach the screen behind), Escape
    closes it and puts the focus back on the button that opened it; Escape closes the move log."""
    context.add_init_script(FAST_BOTS)
    boot()
    check_modal(page, page.locator("#cards button[data-action='rules']").first, "#layer.open", tabs=12)

    start(page, "take-it-easy", names=("Alice",))
    log = page.locator("#table .toolbar button[data-action='log']")
    log.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#move-log")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#move-log")).to_have_count(0)
    expect(log).to_be_focused()


# where the keyboard's focus is: the focused control's data, and whose board it is on
FOCUSED = """() => { const e = document.activeElement;
  const board = e && e.closest('#table .seat-board, #table [role=group]');
  return {tag: e ? e.tagName.toLowerCase() : null, data: e ? {...e.dataset} : {},
          lit: !!(e && e.classList && e.classList.contains('legal')),
          seat: board && board.dataset.seat !== undefined ? board.dataset.seat : null,
          own: !!(e && e.closest('#table .seat-board:not([data-glance])') &&
                  e.closest('#table .seat-board').dataset.seat === document.querySelector('#table .table').dataset.focus),
          board: board ? board.className.baseVal !== undefined ? board.className.baseVal : board.className : null}; }"""


def focused(page) -> dict:
    return page.evaluate(FOCUSED)


def start_by_keyboard(page, game_id: str) -> None:
    """The new-game form opened by Enter on the game's button, started by Enter on Start (the form
    as it opens: a person, then computers)."""
    page.locator(f"#cards button[data-action='new'][data-game='{game_id}']").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#newgame")).to_be_visible()
    page.locator("#newgame button[data-action='start']").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#table")).to_be_visible()


def test_after_a_bot_replies_the_keyboard_focus_is_back_on_the_board(page, context, boot):
    """Keyboard play against a bot: once the bot has played, the focus is on the person's own board
    again, so the next turn needs no Tab from the top of the page (it fell to the page's body),
    and never on the bot's board (a Take It Easy try-out: after each placement it went there)."""
    context.add_init_script(SLOW_BOTS)
    boot()
    start(page, "lucky-numbers", players=2, names=("Alice",))
    wait_for_human(page)
    page.locator("button[data-act='confirm-setup']").focus()
    page.keyboard.press("Enter")
    # the first turn's draw (nothing in the pool) the table plays itself: the tile is Alice's to place
    expect(page.locator("button[data-act='discard']")).to_be_visible(timeout=20_000)
    wait_for_human(page)
    in_table = "() => document.querySelector('#table').contains(document.activeElement)"
    assert page.evaluate(in_table)
    page.locator(".ln-garden.active .ln-cell.legal").first.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#banner")).to_contain_text("…")          # the bot is thinking
    assert focused(page)["seat"] != "1"                            # not on the bot's garden meanwhile
    # meanwhile it waits on her own garden, not on the page's body (a Tab would start from the top)
    page.wait_for_function(in_table)
    assert focused(page)["seat"] == "0" and page.locator("#banner").inner_text().endswith("…"), focused(page)
    wait_for_human(page)
    page.wait_for_function(in_table)
    assert focused(page)["seat"] != "1", focused(page)


@pytest.mark.parametrize("game_id", ("take-it-easy", "lucky-numbers", "rucki-zucki", "3x16"))
def test_start_by_keyboard_lands_on_the_persons_own_board(page, context, boot, game_id):
    """The try-out: after Start the focus was on the page's body (a Tab from the top of the page
    to reach the board). Started by Enter, the focus is on the first thing the person acts on,
    on her own board (a lit place where there is one), in every game."""
    context.add_init_script(FAST_BOTS)
    boot()
    start_by_keyboard(page, game_id)
    wait_for_human(page)
    page.wait_for_function("() => document.querySelector('#table').contains(document.activeElement)")
    where = focused(page)
    assert where["own"], where
    if game_id == "take-it-easy":
        assert where["lit"] and where["data"]["act"] == "place", where


def test_take_it_easy_by_keyboard_against_a_bot_the_focus_follows_the_person(page, context, boot):
    """Take It Easy against a bot, by the keyboard only: Start puts the focus on a lit hex of her
    board, Enter places the tile there, and once the bot has placed its own the focus is on a lit
    hex of her board again, next to the one she filled (it went to the bot's board, and stayed)."""
    context.add_init_script(FAST_BOTS)
    boot()
    start_by_keyboard(page, "take-it-easy")
    for placement in range(3):
        wait_for_human(page)
        where = focused(page)
        assert where["own"] and where["lit"] and where["data"]["act"] == "place", (placement, where)
        cell = where["data"]["cell"]
        page.keyboard.press("Enter")
        expect(page.locator(f".tie-main .tie-cell.filled[data-cell='{cell}']")).to_have_count(1)
        wait_for_human(page)
        page.wait_for_function("() => document.activeElement.closest('#table .tie-main')")
        after = focused(page)
        assert after["own"] and after["lit"] and after["data"]["cell"] != cell, (placement, after)
        # beside the hex just filled: the nearest lit one
        gap = page.evaluate("""([a, b]) => { const box = c => document.querySelector(`.tie-main .tie-cell[data-cell='${c}']`).getBoundingClientRect();
          const p = box(a), q = box(b); return Math.hypot(p.x - q.x, p.y - q.y) / p.width; }""", [cell, after["data"]["cell"]])
        assert gap < 1.2, (placement, gap)


def test_enter_goes_through_the_placement_confirmation_as_a_tap_does(page, context, boot):
    """"Confirm each placement" on: Enter on a hex puts the tile down to wait, as a first tap does;
    a held Enter (the key repeating) confirms nothing; a second press plays it, as a second tap
    does; Enter on "Place it here" plays the next one."""
    context.add_init_script(FAST_BOTS)
    boot()
    start(page, "take-it-easy", players=2, names=("Alice",), confirm=True)
    wait_for_human(page)
    cell = page.locator(".tie-main .tie-cell.legal").first
    number = cell.get_attribute("data-cell")
    cell.focus()
    page.keyboard.down("Enter")
    page.keyboard.down("Enter")      # held: the key repeats
    page.keyboard.down("Enter")
    page.keyboard.up("Enter")
    page.wait_for_timeout(300)
    expect(page.locator(f".tie-main .tie-cell.pending[data-cell='{number}']")).to_have_count(1)
    expect(page.locator("button[data-act='confirm']")).to_be_visible()
    assert page.locator(".tie-main .tie-cell.filled:not(.pending)").count() == 0
    assert focused(page)["data"].get("cell") == number
    page.keyboard.press("Enter")     # the second press: played
    expect(page.locator(f".tie-main .tie-cell.filled:not(.pending)[data-cell='{number}']")).to_have_count(1)
    wait_for_human(page)
    page.wait_for_function("() => document.activeElement.closest('#table .tie-main .tie-cell.legal')")
    page.keyboard.press("Enter")
    expect(page.locator(".tie-main .tie-cell.pending")).to_have_count(1)
    page.locator("button[data-act='confirm']").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".tie-main .tie-cell.pending")).to_have_count(0)
    expect(page.locator(".tie-main .tie-cell.filled")).to_have_count(2)


def test_arrow_keys_move_between_cells_and_focus_stays_on_the_board(page, context, boot):
    context.add_init_script(FAST_BOTS)
    boot()
    start(page, "take-it-easy", names=("Alice",))
    # sideways into the next column of hexes (half a cell up or down), never over it
    page.locator(".tie-main .tie-cell[data-cell='13']").focus()
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.cell") in ("8", "9")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.cell") in ("12", "13")
    page.locator(".tie-main .tie-cell[data-cell='4']").focus()
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.cell") == "5"
    page.keyboard.press("ArrowRight")
    moved = page.evaluate("document.activeElement.dataset.cell")
    assert moved not in ("4", "5")
    page.keyboard.press("Enter")
    expect(page.locator(f".tie-main .tie-cell.filled[data-cell='{moved}']")).to_have_count(1)
    # after the move the focus is still on the board, on a lit hex beside the one filled
    where = focused(page)
    assert where["own"] and where["lit"] and where["data"]["cell"] != moved, where


def to_the_first_placement(page, game_id: str) -> None:
    """Alice against a computer, to her first placement: Lucky Numbers' setup confirmed by Enter,
    in Rucki Zucki a card that fits held up (`hold_a_fitting_card`)."""
    start(page, game_id, players=2, names=("Alice",))
    wait_for_human(page)
    if game_id == "lucky-numbers":
        page.locator("button[data-act='confirm-setup']").focus()
        page.keyboard.press("Enter")
        wait_for_human(page)
    if game_id == "rucki-zucki":
        hold_a_fitting_card(page)


EDGES = {"take-it-easy": ".tie-main .tie-cell", "lucky-numbers": ".ln-garden.active .ln-cell[data-act]",
         "rucki-zucki": ".rz-board [data-act='cell']", "3x16": ".x16-tableau.large [data-act]"}


@pytest.mark.parametrize("game_id", EDGES)
def test_arrow_keys_stop_at_the_edge_of_the_board(page, context, boot, game_id):
    """The try-out: an arrow key at the board's edge took the focus off it (to the tile's panel,
    the buttons, another person's board). Ten presses each way from a cell of the board: the
    focus is on a cell of the same board after each, and the page did not scroll."""
    context.add_init_script(FAST_BOTS)
    boot()
    to_the_first_placement(page, game_id)
    cells = page.locator(EDGES[game_id])
    for key in ("ArrowUp", "ArrowLeft", "ArrowDown", "ArrowRight"):
        cells.first.focus()
        scrolled = page.evaluate("scrollY")
        for press in range(10):
            page.keyboard.press(key)
            assert page.evaluate(f"() => document.activeElement.matches({EDGES[game_id]!r})"), (key, press, focused(page))
        assert page.evaluate("scrollY") == scrolled, key


ROVING = {"take-it-easy": ".tie-main [data-roving]", "lucky-numbers": ".ln-garden.active [data-roving]",
          "rucki-zucki": ".rz-board[data-roving]"}
TAB_STOPS = """sel => Array.from(document.querySelector(sel).querySelectorAll('[data-act]')).filter(
  el => el.tabIndex >= 0 && !el.hasAttribute('disabled')).map(el => el.dataset.cell || `${el.dataset.row}-${el.dataset.col}`)"""


@pytest.mark.parametrize("game_id", ROVING)
def test_a_board_of_cells_is_one_stop_of_tab_and_the_arrows_go_inside_it(page, context, boot, game_id):
    """The try-out of 2026-12-03: Rucki Zucki's board was 46 Tabs behind the hand (every cell a
    stop). A board's cells are one stop: a lit place on her turn, after an arrow the cell it went
    to (Tab out and Shift+Tab back land there), and the next Tab leaves the board."""
    context.add_init_script(FAST_BOTS)
    boot()
    to_the_first_placement(page, game_id)
    expect(page.locator(f"{ROVING[game_id]} .legal").first).to_be_visible()   # her places lit
    group = ROVING[game_id]
    page.wait_for_function(f"() => document.querySelectorAll({group!r} + ' [data-act]').length > 1")
    stops = page.evaluate(TAB_STOPS, group)
    assert len(stops) == 1, stops
    entry = page.locator(group).locator("[tabindex='0']")
    assert "legal" in entry.get_attribute("class"), "the stop is a place lit for her move"
    entry.focus()
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
        before = page.evaluate("document.activeElement.outerHTML")
        page.keyboard.press(key)
        if page.evaluate("document.activeElement.outerHTML") != before:
            break
    moved = page.evaluate(TAB_STOPS, group)
    assert len(moved) == 1 and page.evaluate(f"() => document.activeElement.matches({group!r} + ' [data-act]')")
    here = page.evaluate("document.activeElement.outerHTML")
    page.keyboard.press("Tab")
    assert not page.evaluate(f"() => document.querySelector({group!r}).contains(document.activeElement)"), "one Tab leaves the board"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.outerHTML") == here, "and Shift+Tab comes back to the cell it was on"


def test_rucki_zucki_hot_seat_hides_each_hand_until_its_owner_taps(page, context, boot):
    boot()
    open_stored(page, rucki_zucki_of_choices(("Alice", "Bruno")))   # each person has a choice (no draw is the table's)
    cover = page.locator("#pass-cover")
    expect(cover).to_be_visible()
    first = page.locator("#banner").get_attribute("data-seat")
    who = "Alice" if first == "0" else "Bruno"
    expect(cover).to_contain_text(who)
    # before the tap no hand is on the page at all, not even hidden
    assert page.locator(".rz-hand, .rz-card.in-hand").count() == 0
    page.click("#pass-cover button[data-action='reveal']")
    expect(page.locator(".rz-hand")).to_contain_text(who)
    hand_before = page.locator(".rz-fan").inner_text()
    page.click("button[data-act='draw']") if page.locator("button[data-act='draw']").count() else None
    by_keyboard = page.locator("button[data-act='end']").count() > 0
    if by_keyboard:
        page.focus("button[data-act='end']")
        page.keyboard.press("Enter")
    # the next person: covered again, and the first hand is gone from the page
    expect(cover).to_be_visible()
    # nothing behind the cover can be reached: no toolbar (undo would bring the hand back), and
    # the keyboard lands on the cover's button and goes round the cover only
    assert page.locator("#table nav.toolbar, #table button[data-action='undo']").count() == 0
    if by_keyboard:
        assert page.evaluate("document.activeElement.dataset.action") == "reveal"
        for _ in range(4):
            page.keyboard.press("Tab")
            assert page.evaluate("document.querySelector('#pass-cover').contains(document.activeElement)")
    other = "Bruno" if who == "Alice" else "Alice"
    expect(cover).to_contain_text(other)
    assert page.locator(".rz-fan").count() == 0
    assert hand_before not in page.content() or len(hand_before) < 3
    page.click("#pass-cover button[data-action='reveal']")
    expect(page.locator(".rz-hand")).to_contain_text(other)


def test_the_pass_cover_lets_people_stop_without_seeing_the_hand(page, context, boot):
    boot()
    # a game under way (one nobody played in is not kept when left)
    open_stored(page, stored_until("rucki-zucki", [Seat("Alice"), Seat("Bruno")], lambda s: len(s.moves) >= 3))
    expect(page.locator("#pass-cover")).to_be_visible()
    page.click("#pass-cover button[data-action='leave']")
    expect(page.locator("#home")).to_be_visible()
    assert page.locator(".rz-fan, .rz-hand").count() == 0
    # the game is kept; continued, it is covered again until its owner taps
    page.click("#saved button[data-action='continue']")
    expect(page.locator("#pass-cover")).to_be_visible()
    assert page.locator(".rz-fan").count() == 0


PLACE_AND_CARD = """() => {
  const hex = c => '#' + c.match(/\\d+/g).slice(0, 3).map(n => Number(n).toString(16).padStart(2, '0')).join('');
  const fill = el => { for (let e = el; e; e = e.parentElement) {   // the first opaque colour behind it
    const c = getComputedStyle(e).backgroundColor; if (!/rgba\\(.*, 0\\)$/.test(c) && c !== 'transparent') return hex(c); } };
  const looks = el => { const s = getComputedStyle(el); return {fill: fill(el), border: s.borderTopStyle, shadow: s.boxShadow}; };
  const empty = document.querySelector('#table .rz-cell:not(.filled):not(.legal):not(.hint):not(.pile):not(.joker-cell)');
  const card = document.querySelector('#table .rz-cell.filled > .rz-card:not(.joker)');
  return {empty: looks(empty), card: looks(card)};
}"""


def empty_place_and_placed_card_look_apart(page) -> None:
    """Early in a round (the try-out, issue #55): a placed card (white) and an empty place (pale
    blue) looked alike. An empty place is now the board's blue in a dashed outline, a placed card
    a solid white card with a shadow: their fills stand well apart."""
    from test_palette import contrast
    seen = page.evaluate(PLACE_AND_CARD)
    empty, card = seen["empty"], seen["card"]
    assert contrast(empty["fill"], card["fill"]) >= 3, seen
    assert empty["border"] == "dashed" and card["border"] == "solid" and card["shadow"] != "none", seen


def test_rucki_zucki_round_against_bots_to_the_end_screen_with_a_reload(page, context, boot):
    context.add_init_script(FAST_BOTS)
    boot()
    start(page, "rucki-zucki", players=2, names=("Alice",), options={"rounds": 1})
    expect(page.locator("#pass-cover")).to_have_count(0)   # one person: no cover
    turns = 0
    while True:
        wait_for_human(page)
        if page.locator("#table .table[data-over='true']").count():
            break
        turns += 1
        assert turns < 120
        if turns == 1:
            empty_place_and_placed_card_look_apart(page)
        if turns == 3:
            before = page.locator(".rz-table").inner_text()
            page.reload()
            page.wait_for_selector("html[data-engine='ready']", timeout=90_000)   # the table again
            wait_for_human(page)
            assert page.locator(".rz-table").inner_text() == before
        lit = page.locator(".rz-cell.legal")
        if lit.count():
            lit.first.click()
            continue
        if page.locator("button[data-act='draw']").count():
            page.click("button[data-act='draw']")
        elif page.locator("button[data-act='end']").count():
            page.click("button[data-act='end']")
    ending = page.locator("#ending")
    expect(ending).to_be_visible()
    expect(ending.locator(".ranking tbody tr")).to_have_count(2)
    expect(ending).to_contain_text("Points de pénalité")
    # the winner is named inside the first screen
    # measured in the page: the end is painted again while its review is worked out
    assert page.locator("#ending-title").evaluate("e => e.getBoundingClientRect().bottom") <= 1024
    saved = stored_saves(page)
    assert len(saved) == 1 and saved[0]["over"] is True


def test_3x16_solitaire_by_taps_to_the_end_screen_with_a_reload(page, context, boot):
    boot()
    start(page, "3x16", names=("Alice",))
    play_3x16_solitaire(page, transfers=True, reload_at=20)
    ending = page.locator("#ending")
    expect(ending).to_be_visible()
    left = int(ending.get_attribute("data-score"))
    assert 0 <= left <= 48
    # alone, nobody wins: the end says the tableau is complete, or how many tiles are left
    title = {0: "Réussi !", 1: "1 plaquette restante"}.get(left, f"{left} plaquettes restantes")
    expect(page.locator("#ending-title")).to_have_text(title)
    # measured in the page: the end is painted again while its review is worked out
    assert page.locator("#ending-title").evaluate("e => e.getBoundingClientRect().bottom") <= 1024


def test_3x16_refuses_a_tile_that_fits_no_row_and_two_seats_take_turns(page, context, boot):
    context.add_init_script(FAST_BOTS)
    boot()
    start(page, "3x16", players=2, names=("Alice",))
    call = int(page.locator(".x16-call-number").inner_text())
    if call != 1:
        page.locator(".x16-tableau.large .x16-row[data-row='0']").click()
        expect(page.locator("#refusal")).to_be_visible()
    page.locator(".x16-drop").first.click()
    done_if_asked(page)
    wait_for_human(page)
    # the bot placed the same call on its own tableau, and it is marked and said
    expect(page.locator("#last-move")).to_contain_text("Robot 2")
    assert page.locator(".x16-call-label").inner_text().startswith("Appel 2")


READ_COVERED = """() => { const t = document.querySelector('#refusal').getBoundingClientRect();
  return [...document.querySelectorAll('#table #last-move, #table .x16-called')].filter(e => {
    const r = e.getBoundingClientRect();
    return r.width && Math.min(t.right, r.right) > Math.max(t.left, r.left) && Math.min(t.bottom, r.bottom) > Math.max(t.top, r.top);
  }).map(e => e.id || e.className); }"""


NAMES_CUT = """() => [...document.querySelectorAll('#table .seat-board h3 > bdi')].filter(b =>
    b.getBoundingClientRect().width && b.scrollWidth > b.clientWidth + 1).map(b => b.textContent)"""


@pytest.mark.parametrize("game_id", ["lucky-numbers", "take-it-easy", "rucki-zucki", "3x16"])
def test_at_the_end_every_boards_title_says_its_name_whole(page, context, boot, game_id):
    """The outside try-out read the final gardens' titles as "Robo… · 0 libre" and "Mam…": at the
    end, four boards side by side, a name of eight letters is whole on every board's title at
    both tablet sizes, the words after it going under it where need be."""
    context.add_init_script(FAST_BOTS)
    boot()
    save = bots_near_the_end(game_id, 4, {"rounds": 1} if game_id in ("take-it-easy", "rucki-zucki") else {})
    save.seats[0] = Seat("Maminette", "bot", "easy")
    open_stored(page, save)
    expect(page.locator("#table .table[data-over='true']")).to_be_visible(timeout=60_000)
    for width, height in TABLETS:
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate(NAMES_CUT) == [], (width, height)


def test_a_3x16_refusal_covers_neither_the_call_nor_the_last_moves(page, context, boot):
    """The try-out: on a phone the bubble saying why a row refused the tile lay over the call
    (the very number it was about), and on a tablet over the last-move line. At each size it
    now covers neither."""
    context.add_init_script(FAST_BOTS)
    boot()
    start(page, "3x16", players=2, names=("Alice",))
    wait_for_human(page)
    while int(page.locator(".x16-call-number").inner_text()) == 1:   # a 1 starts any row: the next call
        page.locator(".x16-drop").first.click()
        done_if_asked(page)
        wait_for_human(page)
    for width, height in (PHONE,) + TABLETS:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        page.locator(".x16-tableau.large .x16-row[data-row='0']").click()
        expect(page.locator("#refusal")).to_be_visible()
        assert page.evaluate(READ_COVERED) == [], (width, height)
        page.evaluate("document.querySelector('#refusal').remove()")


def test_3x16_caller_mode_calls_every_number_once(page, context, boot):
    boot()
    start(page, "3x16", names=("Alice",), options={"mode": "caller"})
    seen = []
    for _ in range(48):
        page.click("button[data-act='call']")
        seen.append(int(page.locator(".x16-call-number").inner_text()))
    assert sorted(seen) == sorted(list(range(1, 17)) * 3)
    expect(page.locator("#ending")).to_contain_text("48")


def test_3x16_daily_deal_is_the_same_everywhere_and_its_result_gives_no_call_away(page, context, boot):
    from ludotheque.games.three_by_sixteen.rules import call_order, daily_seed
    boot()
    today = page.evaluate("new Date().toLocaleDateString('sv-SE')")
    page.click("#cards button[data-action='daily'][data-game='3x16']")
    order = call_order(daily_seed(today))
    expect(page.locator(".x16-call-number")).to_have_text(str(order[0]))
    expect(page.locator("#table button[data-action='undo']")).to_have_count(0)
    play_3x16_solitaire(page)
    text = page.locator("#daily-text").input_value()
    from ludotheque.web import i18n
    assert i18n.day(today) in text and "plaquettes restantes" in text   # "27 novembre 2026"
    assert "," not in text.split(":")[-1]   # a count, not the list of calls


TABLETS = ((768, 1024), (1024, 768))
PHONE = (390, 844)


# every animation that ends has ended (a piece travelling from the pile, a change of player's flash);
# those that loop for ever (a lit hint's pulse) go on
SETTLED_MOTION = """() => document.getAnimations().every(a => a.playState !== 'running'
    || (a.effect && a.effect.getTiming().iterations === Infinity))"""


# the table's parts and their heights, said when a table does not fit
PARTS = """() => [...document.querySelectorAll('#table .table > *, #table .board > *, #table .rz-lower > *')]
    .map(e => e.className + ' ' + Math.round(e.getBoundingClientRect().height)).join(', ')"""


def assert_fits(page, when: str, sizes=TABLETS) -> None:
    """At each size the page scrolls neither way (a 390 px phone: never sideways); on a tablet
    the table's whole menu is in view (on a phone it scrolls sideways within itself); every
    control is at least 44 px either way."""
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        page.wait_for_function(SETTLED_MOTION, timeout=10_000)   # measured at rest: no piece still in flight
        scroll_width, scroll_height, menu_width, menu_room = page.evaluate(
            "() => { const m = document.querySelector('#table .toolbar');"
            " return [document.documentElement.scrollWidth, document.documentElement.scrollHeight,"
            " m ? m.scrollWidth : 0, m ? m.clientWidth : 0]; }")
        assert scroll_width <= width and (scroll_height <= height or width <= 390), \
            f"{when} at {width}×{height}: {scroll_width}×{scroll_height}; " + page.evaluate(PARTS)
        assert menu_width <= menu_room or width <= 390, f"{when} at {width}×{height}: the menu is cut"
        small = small_targets(page)
        assert not small, f"{when} at {width}×{height}: controls under 44 px: " + "; ".join(small[:4])


def test_every_table_fits_a_tablet_both_ways_and_a_phone_width(page, context, boot):
    """At the start and at the end of each game, 768×1024 and 1024×768 show the whole table
    without scrolling; a 390 px phone never scrolls sideways."""
    context.add_init_script(FAST_BOTS)
    boot()
    for game_id, players, options in (("lucky-numbers", 4, {}), ("take-it-easy", 4, {"rounds": 1}),
                                      ("rucki-zucki", 6, {"rounds": 12}), ("3x16", 4, {})):
        page.set_viewport_size({"width": 768, "height": 1024})
        start(page, game_id, players=players, names=("Alice",), level="easy")
        wait_for_human(page)
        assert_fits(page, f"{game_id}'s start", TABLETS + (PHONE,))
        leave_table(page)
        page.set_viewport_size({"width": 768, "height": 1024})
        open_stored(page, bots_near_the_end(game_id, players, options))
        expect(page.locator("#table .table[data-over='true']")).to_be_visible(timeout=60_000)
        for width, height in TABLETS:
            assert_fits(page, f"{game_id}'s end", ((width, height),))
            assert page.locator("#ending-title").evaluate("e => e.getBoundingClientRect().top") < height / 2
        leave_table(page)


def test_a_family_table_of_two_people_and_a_computer_fits_with_a_hint_on_show(page, context, boot):
    """Two people and a computer, the family table: Take It Easy (the other person's board covered
    while one places, with a switch to show it) ran 32 px past 1024×768 at the first tile, the
    computer's board cut; a Lucky Numbers hint's words, in the column beside the garden, pushed
    the other gardens 43 px past 768×1024 and the centre of the table past 1024×768. At both
    tablet sizes the table fits at the first turn and with the hint's words on show, and upright
    the board does not move when they come (the try-out: Lucky Numbers' garden shrank from 498 to
    404 px, its cells moving under the finger)."""
    context.add_init_script(FAST_BOTS)
    boot()
    for game_id, options, words in (("take-it-easy", {"rounds": 1}, "#hint-note"), ("lucky-numbers", {}, ".ln-hint")):
        page.set_viewport_size({"width": 768, "height": 1024})
        start(page, game_id, players=3, names=("Maman", "Léo"), kinds=("human", "human", "bot:easy"), options=options)
        if game_id == "lucky-numbers":   # past the setup: the drawn clover, where a hint says where it goes
            # the setup's hint, the longest words: whole upright (its last line was cut in a box of 90 px)
            wait_for_human(page)
            page.click("#table button[data-act='hint']")
            expect(page.locator(words)).to_contain_text("Pourquoi")
            assert page.locator(words).evaluate("e => e.scrollHeight <= e.clientHeight + 1"), page.locator(words).inner_text()
            for _ in range(2):
                wait_for_human(page)
                page.click("#table button[data-act='confirm-setup']")
        else:
            expect(page.locator("#table button[data-act='show-all']")).to_be_visible()
        wait_for_human(page)
        assert_fits(page, f"{game_id}, two people and a computer", TABLETS)
        page.set_viewport_size({"width": 768, "height": 1024})
        board = page.locator("#table .ln-garden.active .ln-grid, #table .tie-main .tie-board").first.bounding_box()
        page.click("#table button[data-act='hint']")
        expect(page.locator(words)).to_contain_text("Pourquoi")
        # the board stays where it was, its cells under the finger (Lucky Numbers' shrank by 94 px)
        assert page.locator("#table .ln-garden.active .ln-grid, #table .tie-main .tie-board").first.bounding_box() == board
        assert_fits(page, f"{game_id}, two people and a computer, a hint on show", TABLETS)
        leave_table(page)


@pytest.mark.long   # two whole matches' ends at two sizes: make test-long (CI runs it)
def test_the_end_of_a_match_shows_every_rounds_score_and_the_boards_at_a_readable_size(page, context, boot):
    """The end of a four-round match on a landscape tablet: the ranking's column is as wide as its
    rounds (they were cut at R2, the rest scrolled out of sight). Upright, four scored Take It Easy
    boards stand two a row (four in a row were 165 px with half the screen empty)."""
    context.add_init_script(FAST_BOTS)
    page.set_viewport_size({"width": 1024, "height": 768})
    boot()
    for game_id in ("take-it-easy", "rucki-zucki"):
        open_stored(page, bots_near_the_end(game_id, 4))
        expect(page.locator("#table .table[data-over='true']")).to_be_visible(timeout=60_000)
        expect(page.locator(".ending .ranking thead .round")).to_have_count(4)
        box = page.locator(".ending .ranking-box")
        assert box.evaluate("e => e.scrollWidth <= e.clientWidth"), f"{game_id}: the rounds scroll out of sight"
        assert_fits(page, f"{game_id}'s end", ((1024, 768),))
        page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})   # four rounds beside the names on a phone too
        assert box.evaluate("e => e.scrollWidth <= e.clientWidth"), f"{game_id}: a phone's ranking cuts its last round"
        page.set_viewport_size({"width": 1024, "height": 768})
        if game_id == "take-it-easy":
            page.set_viewport_size({"width": 768, "height": 1024})
            assert_fits(page, "four boards at the end", ((768, 1024),))
            boards = [page.locator(f".tie-other[data-seat='{s}'] .tie-board").bounding_box() for s in range(4)]
            assert len({round(b["x"]) for b in boards}) == 2 and len({round(b["y"]) for b in boards}) == 2, boards
            assert min(b["height"] for b in boards) >= 200, boards
            page.set_viewport_size({"width": 1024, "height": 768})
        page.click("#table button[data-action='leave']")


def test_a_ranking_too_wide_for_a_phone_shows_that_it_scrolls(page, context, boot):
    """Long names at the end of a four-round match on a 390 px phone: the rounds run past the
    ranking's edge, and a shade at that edge says there is more (its last column was cut through
    its numbers with nothing to say so); scrolled to its end, the shade moves to the other edge."""
    from PIL import Image
    context.add_init_script(FAST_BOTS)
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    boot()
    save = bots_near_the_end("rucki-zucki", 4)
    for seat, name in zip(save.seats, ("Grand-mère Josette", "Oncle Barnabé", "Capucine", "Maximilien")):
        seat.name = name
    open_stored(page, save)
    expect(page.locator("#table .table[data-over='true']")).to_be_visible(timeout=60_000)
    box = page.locator(".ending .ranking-box")
    assert box.evaluate("e => e.scrollWidth > e.clientWidth + 20"), "the names leave the rounds room: nothing to show"

    def edges() -> tuple[float, float]:
        """How light the box's leftmost and rightmost 2 px are, under its head row (0 black, 255 white)."""
        picture = Image.open(io.BytesIO(box.screenshot())).convert("L")
        width, height = picture.size
        top = round(page.locator(".ending .ranking thead").bounding_box()["height"])
        def light(left: int) -> float:
            strip = picture.crop((left, top, left + 2, height)).tobytes()
            return sum(strip) / len(strip)
        return light(0), light(width - 2)

    left, right = edges()
    assert right < left - 25, f"no shade at the edge with more beyond it: left {left:.0f}, right {right:.0f}"
    box.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    left, right = edges()
    assert left < right - 25, f"scrolled to its end, no shade at the left: left {left:.0f}, right {right:.0f}"


# the width of each end board's hexes as drawn (its picture's margins, where line scores stand, left out)
HEX_WIDTHS = """() => [...document.querySelectorAll('#table .tie-other .tie-board')].map(svg => {
  const boxes = [...svg.querySelectorAll('.tie-cell polygon')].map(p => p.getBoundingClientRect());
  return Math.round(Math.max(...boxes.map(b => b.right)) - Math.min(...boxes.map(b => b.left))); })"""


@pytest.mark.parametrize("players, least", ((4, 165), *(pytest.param(*case, marks=pytest.mark.long)   # the other tables: make test-long
                                                  for case in ((2, 165), (3, 165), (8, 120)))))
def test_take_it_easy_end_boards_take_the_room_a_tablet_has(page, context, boot, players, least):
    """The end of a four-round match: every seat's board is drawn as large as the tablet allows,
    at least `least` px wide either way (they were about 150 px at 1024×768 and 768×1024 for two
    to four seats, in cells twice as wide over a blank band; 80 px for eight), and the whole table
    still fits both tablets and a phone's width."""
    context.add_init_script(FAST_BOTS)
    boot()
    open_stored(page, bots_near_the_end("take-it-easy", players))
    expect(page.locator("#table .table[data-over='true']")).to_be_visible(timeout=60_000)
    for width, height in TABLETS:
        assert_fits(page, f"{players} seats at the end", ((width, height),))
        widths = page.evaluate(HEX_WIDTHS)
        assert len(widths) == players and min(widths) >= least, f"{players} seats at {width}×{height}: boards {widths} px wide"
    assert_fits(page, f"{players} seats at the end", (PHONE,))


TURN_TAPS = {  # one person's turn by taps: each selector clicked when it is there, in order
    "take-it-easy": (".tie-main .tie-cell.legal",),
    "lucky-numbers": ("button[data-act='confirm-setup']", "button[data-act='draw']",
                      ".ln-garden.active .ln-cell.legal", "button[data-act='discard']"),
    "rucki-zucki": ("button[data-act='next-round']", "button[data-act='draw']", "button[data-act='end']"),
    # every called tile parked, columns in turn: the tallest columns a game can grow
    "3x16": (".x16-drop.legal", "button[data-act='done']"),
}


def tap_turn(page, game_id: str, turn: int) -> None:
    """One person's turn by the TURN_TAPS (3x16 parks its calls in the columns in turn)."""
    for selector in TURN_TAPS[game_id]:
        taps = page.locator(f"{selector}:not([disabled])")   # a Done the table already said stays greyed
        if taps.count():
            taps.nth(turn % taps.count() if game_id == "3x16" else 0).click()


def parking_every_call(state) -> dict:
    """3x16: each seat parks every called tile, in the columns in turn (the tallest columns a game
    can grow), and says done."""
    legal = state.legal_moves()
    parks = [m for m in legal if m["type"] == "place" and "column" in m]
    if parks:
        return parks[len(state.moves) % len(parks)]
    return next((m for m in legal if m["type"] == "done"), legal[0])


@pytest.mark.long   # a sweep: four games turn after turn at three sizes (make test fits each table as it opens)
def test_every_table_fits_a_tablet_both_ways_in_the_middle_of_a_game(page, context, boot):
    """Turn after turn, as the boards fill (3x16's columns at their longest: every tile parked),
    768×1024 and 1024×768 still show the whole table without scrolling, a phone never sideways."""
    context.add_init_script(FAST_BOTS)
    boot()
    # game, seats, options, the person's turns, measured every so many turns (a Rucki Zucki round
    # may end after a couple of turns: measured at each, over three rounds); 3x16 opens stored at
    # its 33rd call, every tile parked so far, and plays on by taps
    for game_id, players, options, turns, every in (("take-it-easy", 4, {"rounds": 1}, 18, 3),
                                                     ("lucky-numbers", 4, {}, 14, 3),
                                                     ("rucki-zucki", 5, {"rounds": 3}, 12, 1), ("3x16", 4, {}, 12, 3)):
        page.set_viewport_size({"width": 768, "height": 1024})
        if game_id == "3x16":
            seats = alice_and_three_easy_bots()
            open_stored(page, stored_until("3x16", seats, lambda s: s.view(0)["call_number"] >= 33 and s.current_player == 0
                                           and not s.view(0)["placed"], choose=parking_every_call))
            expect(page.locator(".x16-tableau.large .x16-column .x16-tile")).to_have_count(32)
        else:
            start(page, game_id, players=players, names=("Alice",), level="easy", options=options)
        checks = 0
        for turn in range(turns):
            wait_for_human(page)
            if page.locator("#table .table[data-over='true']").count():
                break
            tap_turn(page, game_id, turn)
            if turn % every == every - 1:
                wait_for_human(page)
                assert_fits(page, f"{game_id} at turn {turn + 1}", (PHONE,) + TABLETS)
                checks += 1
        assert checks >= 2, f"{game_id}: the game ended before the table was measured twice"
        if game_id == "3x16":   # the columns did grow long
            assert max(page.locator(f".x16-tableau.large .x16-column[data-column='{j}'] .x16-tile").count()
                       for j in range(5)) >= 8
        page.click("#table button[data-action='leave']")


def test_a_lucky_numbers_pool_of_three_dozen_clovers_scrolls_within_itself(page, context, boot):
    """Four seats whose clovers were given up to the pool, 36 of them face up at Alice's turn: the
    table still fits both tablets (the pool used to push the other gardens 130 px below a
    768×1024 screen); the pool scrolls within itself, and its last clover can be scrolled to and
    taken. On a phone it stays beside the garden, two clovers a row."""
    from ludotheque import games
    state = games.get("lucky-numbers").new(4, seed=5)
    while not (len(state.view(0)["pool"]) >= 36 and state.current_player == 0):
        moves = state.legal_moves()
        state.play(next((m for m in moves if m["type"] == "discard"), None)
                   or next((m for m in moves if m["type"] == "draw"), moves[0]))
    seats = alice_and_three_easy_bots()
    save = stored_save(state, seats)
    context.add_init_script(FAST_BOTS + f"localStorage.setItem({json.dumps(save.key)}, {json.dumps(save.to_json())});")
    boot()
    page.click(f"#going li[data-save='{save.id}'] button[data-action='continue']")
    wait_for_human(page)
    clovers = page.locator(".ln-pool-tiles .ln-tile")
    expect(clovers).to_have_count(len(state.view(0)["pool"]))
    assert_fits(page, "36 clovers in the pool", TABLETS + (PHONE,))
    for width, height in TABLETS + (PHONE,):   # a phone too: not a column of 36 clovers 1,800 px long
        page.set_viewport_size({"width": width, "height": height})
        room = page.evaluate("() => { const p = document.querySelector('.ln-pool-tiles'); return [p.scrollHeight, p.clientHeight]; }")
        assert room[0] > room[1] and room[1] < height / 2, f"{width}×{height}: the pool's height, whole and shown: {room}"
    last = clovers.last
    tile = last.get_attribute("data-tile")
    last.scroll_into_view_if_needed()
    last.click()
    expect(page.locator(f".ln-pool-tiles .ln-tile[data-tile='{tile}'].held").first).to_be_visible()
    expect(page.locator(".ln-garden.active .ln-cell.legal").first).to_be_visible()


@pytest.mark.long   # a sweep: a whole last round of four seats by taps
def test_take_it_easy_running_scores_fit_in_every_round(page, context, boot):
    """Four seats: the finished rounds' scores stand beside the boards; with three rounds done
    they used to run 170 px off a 768 px screen (and the page scrolled). The table opens stored
    at the end of round 3, the widest it gets before the end, and round 4 is played by taps."""
    context.add_init_script(FAST_BOTS)
    boot()
    seats = alice_and_three_easy_bots()
    open_stored(page, stored_until("take-it-easy", seats, lambda s: s.phase == "scoring" and s.round == 2))
    expect(page.locator("button[data-act='next-round']")).to_be_visible()
    assert_fits(page, "after round 3", TABLETS + (PHONE,))
    page.set_viewport_size({"width": 768, "height": 1024})
    page.click("button[data-act='next-round']")
    for tile in range(18):   # the 19th tile goes in the last hex by itself
        wait_for_human(page)
        if tile in (0, 9, 17):
            expect(page.locator(".tie-panel .tie-scores thead th.round")).to_have_count(3)
            assert_fits(page, f"round 4, tile {tile + 1}", TABLETS + (PHONE,))
            page.set_viewport_size({"width": 768, "height": 1024})
        page.locator(".tie-main .tie-cell.legal").first.click()
    expect(page.locator("#table .table[data-over='true']")).to_be_visible()


@pytest.mark.long   # a sweep: make test-long
def test_take_it_easy_fits_a_tablet_with_eight_players_and_shows_a_solo_board_large(page, context, boot):
    """Eight seats (the most the rules allow): placing, between rounds and at the end, the whole
    table fits a tablet both ways. Alone, the scored board between rounds fills the room left, its
    numbers readable (it used to be a quarter of the screen at 1024×768)."""
    context.add_init_script(FAST_BOTS)
    boot()
    start(page, "take-it-easy", players=8, names=("Alice",), level="easy")
    for turn in range(18):   # the 19th tile goes in the last hex by itself
        wait_for_human(page)
        if turn in (0, 9, 17):
            assert_fits(page, f"eight seats at tile {turn + 1}", TABLETS + (PHONE,))
            page.set_viewport_size({"width": 768, "height": 1024})
        page.locator(".tie-main .tie-cell.legal").first.click()
    expect(page.locator("button[data-act='next-round']")).to_be_visible(timeout=60_000)
    assert_fits(page, "eight seats between rounds", TABLETS + (PHONE,))
    page.set_viewport_size({"width": 768, "height": 1024})
    page.click("#table button[data-action='leave']")
    open_stored(page, bots_near_the_end("take-it-easy", 8))   # the end of a match of eight bots
    expect(page.locator("#table .table[data-over='true']")).to_be_visible(timeout=60_000)
    assert_fits(page, "eight seats at the end of four rounds", TABLETS + (PHONE,))
    expect(page.locator("#ending .ranking thead th.round")).to_have_count(4)
    page.set_viewport_size({"width": 768, "height": 1024})
    page.click("#table button[data-action='leave']")

    start(page, "take-it-easy", players=1, names=("Alice",))
    for _ in range(18):   # the 19th tile goes in the last hex by itself
        page.locator(".tie-main .tie-cell.legal").first.click()
    expect(page.locator("button[data-act='next-round']")).to_be_visible()
    for width, height in TABLETS:
        assert_fits(page, "alone between rounds", ((width, height),))
        box = page.locator(".tie-other .tie-board").bounding_box()
        assert box["height"] >= 0.4 * height, f"alone at {width}×{height}: the board is {box['height']:.0f} px tall"


def test_on_a_phone_each_computers_move_is_said_whole_on_lines_that_never_move(page, context, boot):
    """390 px wide, Alice and three computers: the line under the banner says each computer's
    placement whole (the same tile, placed by the three, said once for them), one after the other (it said one, "Dernier coup : Robot 4 a posé 1-7-4 sur
    la case 1 de la colonne 4", then "et 2 de plus"), one a line, the same lines at every turn."""
    context.add_init_script(FAST_BOTS)
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    boot()
    start(page, "take-it-easy", players=4, names=("Alice",))
    heights = set()
    for _ in range(4):
        page.locator(".tie-main .tie-cell.legal").first.click()
        wait_for_human(page)
        line = page.locator("#last-move")
        seats = line.locator(".last-move-seat")
        expect(seats).to_have_text([re.compile(r"Robot 2\W*, \W*Robot 3\W* et \W*Robot 4\W* ont posé \d-\d-\d")])
        heights.add(round(line.bounding_box()["height"]))
        # each seat's words whole and inside the line's two lines (none cut short, none below)
        assert line.evaluate("""e => [...e.querySelectorAll('.last-move-seat')].every(s => {
            const b = s.getBoundingClientRect(), l = e.getBoundingClientRect();
            return s.scrollWidth <= s.clientWidth + 1 && b.bottom <= l.bottom + 1 && b.right <= l.right + 1; })"""), line.inner_text()
    assert len(heights) == 1


WHOLE_SEATS = """e => [...e.querySelectorAll('.last-move-seat')].filter(s => {
    const b = s.getBoundingClientRect(), l = e.getBoundingClientRect();
    return s.scrollWidth > s.clientWidth + 1 || b.bottom > l.bottom + 1 || b.right > l.right + 1; }).map(s => s.textContent)"""


@pytest.mark.parametrize("game_id", ["lucky-numbers", "take-it-easy", "rucki-zucki", "3x16"])
def test_on_a_tablet_each_computers_latest_move_is_read_whole(page, context, boot, game_id):
    """Alice and three medium computers, a few turns in, on a tablet either way (a family's
    try-out read "Robot 2 a posé le…", "Robot 3 a mis le 6 en colon…": each seat's words cut
    short on one line): every seat's move since her turn is said whole on the last-move line,
    the seats that did the same said together ("Robot 2, Robot 3 et Robot 4 ont mis le 6 en
    colonne 1"), and upright the banner and the line keep one height, so the board never moves."""
    from ludotheque import bots
    context.add_init_script(FAST_BOTS)
    boot()
    seats = [Seat("Alice")] + [Seat(f"Robot {n}", "bot", "medium") for n in (2, 3, 4)]
    choose = lambda state: bots.choose(state, "medium", seed=len(state.moves))  # noqa: E731
    open_stored(page, stored_until(game_id, seats, lambda s: len(s.moves) >= 20 and s.current_player == 0, choose=choose))
    wait_for_human(page)
    line = page.locator("#last-move")
    expect(line.locator(".last-move-seat").first).to_be_visible()
    for width, height in ((768, 1024), (1024, 768)):
        page.set_viewport_size({"width": width, "height": height})
        assert line.evaluate(WHOLE_SEATS) == [], f"{width}×{height}: {line.inner_text()}"
    page.set_viewport_size({"width": 768, "height": 1024})
    head = page.locator("#table .turn-head").bounding_box()["height"]
    assert head == pytest.approx(3 * 18.4 * 1.35 + 36, abs=1), head   # three banner lines' room, shared


def test_on_a_phone_the_3x16_call_is_a_strip_over_its_buttons_and_the_tableau_starts_on_the_first_screen(page, context, boot):
    """A 390 px phone: the call on one line and its buttons side by side under it (stacked they were
    300 px tall; the call beside a column of buttons, 217 px with the banner), so the rows and
    150 px of the columns are on the first screen, where the tile goes."""
    context.add_init_script(FAST_BOTS)
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    boot()
    for players in (1, 2):
        start(page, "3x16", players=players, level="easy")
        wait_for_human(page)
        page.evaluate("window.scrollTo(0, 0)")
        called = page.locator(".x16-called").bounding_box()
        buttons = [b.bounding_box() for b in page.locator(".x16-controls > button").all()]
        assert len(buttons) == 3 and called["height"] <= 64, (called, buttons)
        assert len({round(b["y"]) for b in buttons}) == 1 and buttons[0]["y"] >= called["y"] + called["height"], (called, buttons)
        columns = page.locator(".x16-tableau.large .x16-columns").bounding_box()
        assert columns["y"] + 150 <= PHONE[1], f"{players} seat(s): the columns start at {columns['y']:.0f}"
        page.click("#table button[data-action='leave']")


def filling_rows(state) -> dict:
    """3x16: each seat moves every tile that fits onto its rows and puts a called tile on a row it
    fits, else parks it in the columns in turn, and says done: rows and columns both grow."""
    legal = state.legal_moves()
    for move in legal:
        if move["type"] == "transfer-all" or (move["type"] == "place" and "row" in move):
            return move
    return parking_every_call(state)


# what a 3x16 phone screen shows, measured at the page's top: each part's box, every number with
# its size (another seat's small tableau included: a family reads it without a tap), the tiles
# a box with overflow or a mask cuts, and what runs past the screen's sides (the menu, which
# scrolls sideways within itself, left out)
X16_PHONE = """() => {
  window.scrollTo(0, 0);
  const box = s => { const e = document.querySelector(s); if (!e) return null; const r = e.getBoundingClientRect();
                     return {top: r.top, bottom: r.bottom, height: r.height}; };
  const shown = e => { const r = e.getBoundingClientRect(); return r.width > 2 && r.height > 2 && getComputedStyle(e).display !== 'none'; };
  const numbers = [...document.querySelectorAll('#table .x16-table .x16-tile, #table .x16-table .x16-slot, #table .x16-table .x16-column-label')]
    .filter(e => /^\\d+$/.test(e.textContent.trim()) && shown(e))
    .map(e => ({text: e.textContent.trim(), size: parseFloat(getComputedStyle(e).fontSize), row: !!e.closest('.x16-row')}));
  const cut = [];
  for (const tile of document.querySelectorAll('#table .x16-table .x16-tile')) {
    if (!shown(tile)) continue;
    const r = tile.getBoundingClientRect();
    for (let e = tile.parentElement; e && e.id !== 'table'; e = e.parentElement) {
      const s = getComputedStyle(e), c = e.getBoundingClientRect();
      const masked = s.maskImage && s.maskImage !== 'none' || s.webkitMaskImage && s.webkitMaskImage !== 'none';
      const scrolls = ['auto', 'scroll'].includes(s.overflowY);   // a column that scrolls within itself shows the rest
      if ((s.overflowY !== 'visible' && !scrolls && (r.top < c.top - .5 || r.bottom > c.bottom + .5))
          || (masked && r.top < c.top + 14)) { cut.push(tile.textContent.trim()); break; }   // hidden, or faded out
    }
  }
  const wide = [...document.querySelectorAll('#table *')].filter(e => !e.closest('.toolbar') && shown(e)
    && e.getBoundingClientRect().right > innerWidth + .5).map(e => e.className).slice(0, 4);
  const menu = [...document.querySelectorAll('#table .toolbar button')].map(b => Math.round(b.getBoundingClientRect().top));
  const done = document.querySelector('#table button[data-act="done"]');
  const plain = document.querySelector('#table .x16-controls button[data-act="hint"]');
  const others = [...document.querySelectorAll('#table .x16-others [data-glance]')].map(e => e.getBoundingClientRect())
    .map(r => ({top: r.top, bottom: r.bottom, height: r.height}));
  return {called: box('.x16-called'), controls: box('.x16-controls'), columns: box('.x16-tableau.large .x16-columns'),
          tableau: box('.x16-tableau.large'), others, numbers, cut, wide, menu, scrollWidth: document.documentElement.scrollWidth,
          done: done && {disabled: done.disabled, background: getComputedStyle(done).backgroundColor,
                         plain: plain && getComputedStyle(plain).backgroundColor,
                         primary: getComputedStyle(document.querySelector('#table button.primary:not(:disabled)') || document.body).backgroundColor}};
}"""


def test_3x16_on_a_phone_plays_on_one_screen_and_ends_with_every_number_readable_and_whole(page, context, boot):
    """Issue #55, point 5 and point 2 for 3x16 at 390×844: in play the menu keeps to one row;
    the call, the step's buttons and the person's five columns are on the first screen; the
    rows' numbers are 14 px or more (16 places a row were 19 px wide, numbered at 12 px); the
    other seats are a strip of cards under the tableau (they were 770 px of boards below it), a
    tap on one enlarges it; a Done that cannot be tapped yet is greyed, not the step's blue
    button faded. At the end every tableau's rows read at 14 px or more, every number at 12 or
    more (they were 11.2), no column cut at its top ("13 9 16" half shown), nothing wider than
    the phone."""
    context.add_init_script(FAST_BOTS)
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    boot()
    open_stored(page, stored_until("3x16", alice_and_three_easy_bots(), lambda s: s.view(0)["call_number"] >= 47
                                   and s.current_player == 0 and not s.view(0)["placed"], choose=filling_rows))
    for call in (47, 48):
        wait_for_human(page)
        expect(page.locator(".x16-drop.legal").first).to_be_visible()
        seen = page.evaluate(X16_PHONE)
        when = f"call {call}"
        assert len(set(seen["menu"])) == 1, f"{when}: the menu takes {len(set(seen['menu']))} rows"
        for part in ("called", "controls", "columns"):
            assert seen[part]["bottom"] <= PHONE[1], f"{when}: the {part} end at {seen[part]['bottom']:.0f}, past the first screen"
        rows = [n for n in seen["numbers"] if n["row"]]
        assert rows and min(n["size"] for n in rows) >= 14, f"{when}: row numbers at {min(n['size'] for n in rows)} px"
        assert min(n["size"] for n in seen["numbers"]) >= 12, f"{when}: {min(seen['numbers'], key=lambda n: n['size'])}"
        assert len(seen["others"]) == 3 and all(o["height"] <= 90 for o in seen["others"]), f"{when}: the others {seen['others']}"
        assert min(o["top"] for o in seen["others"]) <= seen["tableau"]["bottom"] + 40, f"{when}: the others far below"
        assert seen["wide"] == [] and seen["scrollWidth"] <= PHONE[0], f"{when}: wider than the phone: {seen['wide']}"
        done = seen["done"]
        assert done["disabled"] and done["background"] == done["plain"] != done["primary"], f"{when}: a disabled Done {done}"
        if call == 47:   # a tap on another seat's card enlarges its tableau
            page.locator("#table .x16-others [data-glance]").first.click()
            expect(page.locator("#zoom .x16-tableau")).to_be_visible()
            page.keyboard.press("Escape")
            expect(page.locator("#zoom")).to_have_count(0)
        page.locator(".x16-drop.legal").first.click()
        done_if_asked(page)
    expect(page.locator("#table .table[data-over='true']")).to_be_visible(timeout=60_000)
    seen = page.evaluate(X16_PHONE)
    rows = [n for n in seen["numbers"] if n["row"]]
    assert rows and min(n["size"] for n in rows) >= 14, f"the end: row numbers at {min(n['size'] for n in rows)} px"
    assert min(n["size"] for n in seen["numbers"]) >= 12, f"the end: {min(seen['numbers'], key=lambda n: n['size'])}"
    assert seen["cut"] == [], f"the end: tiles cut {seen['cut'][:6]}"
    assert seen["wide"] == [] and seen["scrollWidth"] <= PHONE[0], f"the end: wider than the phone: {seen['wide']}"
    assert len(set(seen["menu"])) == 1, "the end: the menu takes two rows"


# --- the outside family try-out at the 3x16 table -------------------------------------------------

# each small tableau's rows as shown: per row, each tile shown (its number, size, and the box of
# its number's glyphs)
X16_SMALL_ROWS = """() => [...document.querySelectorAll('#table .x16-others .x16-tableau')].map(t =>
  [...t.querySelectorAll('.x16-row')].map(row => [...row.querySelectorAll('.x16-tile')].filter(e => {
      const r = e.getBoundingClientRect(); return r.width > 2 && r.height > 2 && getComputedStyle(e).display !== 'none'; })
    .map(e => { const range = document.createRange(); range.selectNodeContents(e); const r = range.getBoundingClientRect();
                return {text: e.textContent.trim(), size: parseFloat(getComputedStyle(e).fontSize),
                        left: r.left, right: r.right, top: Math.round(r.top)}; })))"""


def unread_rows(page, least: float) -> list[str]:
    """What keeps a person from reading the small tableaux' rows tile by tile: a tile without its
    number (a row holds 1 up to its last), a number under `least` px, two numbers run together."""
    bad = []
    for seat, rows in enumerate(page.evaluate(X16_SMALL_ROWS)):
        for i, tiles in enumerate(rows):
            texts = [tile["text"] for tile in tiles]
            if texts != [str(n) for n in range(1, len(tiles) + 1)]:
                bad.append(f"small tableau {seat}, row {i + 1} reads {texts}")
            bad += [f"small tableau {seat}, row {i + 1}: the {tile['text']} at {tile['size']} px" for tile in tiles
                    if tile["size"] < least]
            bad += [f"small tableau {seat}, row {i + 1}: {a['text']} and {b['text']} run together"
                    for a, b in zip(tiles, tiles[1:]) if a["top"] == b["top"] and a["right"] > b["left"] + .5]
    return bad


def test_3x16_small_tableaux_number_every_tile_of_their_rows(page, context, boot):
    """The try-out read the other seats' finished rows as a lone last number over empty circles:
    in play at both tablet sizes and at the end at every size, each row of a small tableau shows
    every tile's number (16 px on a tablet, 12 on a phone), none run into the next."""
    context.add_init_script(FAST_BOTS)
    boot()
    open_stored(page, stored_until("3x16", alice_and_three_easy_bots(), lambda s: s.view(0)["call_number"] >= 47
                                   and s.current_player == 0 and not s.view(0)["placed"], choose=filling_rows))
    wait_for_human(page)
    bad = []
    for width, height in TABLETS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        bad += [f"in play at {width}×{height}: {b}" for b in unread_rows(page, 16)]
    for _ in range(2):
        wait_for_human(page)
        page.locator(".x16-drop.legal").first.click()
        done_if_asked(page)
    expect(page.locator("#table .table[data-over='true']")).to_be_visible(timeout=60_000)
    for (width, height), least in ((TABLETS[0], 16), (TABLETS[1], 16), (PHONE, 12)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        bad += [f"at the end at {width}×{height}: {b}" for b in unread_rows(page, least)]
    assert not bad, "\n".join(bad[:12])


# the tiles shown that a box cuts: partly inside a box that hides (or scrolls) what goes past it,
# or in a masked box's faded top; a tile wholly outside such a box is hidden, not cut
X16_CUT = """() => {
  const cut = [];
  for (const tile of document.querySelectorAll('#table .x16-tile')) {
    const r = tile.getBoundingClientRect();
    if (r.width < 2 || r.height < 2 || getComputedStyle(tile).display === 'none') continue;
    let hidden = false, partly = false;
    for (let e = tile.parentElement; e && e.id !== 'table'; e = e.parentElement) {
      const s = getComputedStyle(e), c = e.getBoundingClientRect();
      const masked = s.maskImage && s.maskImage !== 'none' || s.webkitMaskImage && s.webkitMaskImage !== 'none';
      const clips = s.overflowY !== 'visible' || s.overflowX !== 'visible';
      const inside = r.top >= c.top - .5 && r.bottom <= c.bottom + .5 && r.left >= c.left - .5 && r.right <= c.right + .5;
      const apart = r.bottom <= c.top + .5 || r.top >= c.bottom - .5 || r.right <= c.left + .5 || r.left >= c.right - .5;
      if (clips && apart) hidden = true;
      if (clips && !inside && !apart || masked && r.top < c.top + 14 && !apart) partly = true;
    }
    if (partly && !hidden) cut.push((tile.closest('[data-seat]') || {dataset: {}}).dataset.seat + ':' + tile.textContent.trim());
  }
  return cut;
}"""


def test_3x16_columns_show_whole_tiles_only_in_play_and_at_the_end(page, context, boot):
    """The try-out read the columns' top numbers cut off, the person's own on a phone and the
    computers' at 768×1024: every call parked, columns of ten tiles, in play and at the end at
    each size, a tile is shown whole or not at all (a long column scrolls within itself, or a
    tap enlarges the small tableau, to show the rest)."""
    context.add_init_script(FAST_BOTS)
    boot()
    open_stored(page, stored_until("3x16", alice_and_three_easy_bots(), lambda s: s.view(0)["call_number"] >= 47
                                   and s.current_player == 0 and not s.view(0)["placed"], choose=parking_every_call))
    wait_for_human(page)
    bad = []
    for width, height in (PHONE,) + TABLETS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        bad += [f"in play at {width}×{height}: {tile}" for tile in page.evaluate(X16_CUT)]
    for _ in range(2):
        wait_for_human(page)
        page.locator(".x16-drop.legal").first.click()
        done_if_asked(page)
    expect(page.locator("#table .table[data-over='true']")).to_be_visible(timeout=60_000)
    for width, height in (PHONE,) + TABLETS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        bad += [f"at the end at {width}×{height}: {tile}" for tile in page.evaluate(X16_CUT)]
    assert not bad, "tiles cut: " + ", ".join(bad[:12])


def placed_with_a_tile_to_move(state) -> bool:
    """Manual transfers: Alice has placed the called tile and a column's bottom tile fits a row."""
    return state.current_player == 0 and state.view(0)["placed"] and state.view(0)["call_number"] >= 8 \
        and any(m["type"] == "transfer" for m in state.legal_moves())


def test_a_3x16_row_tapped_after_the_placement_takes_the_tile_that_fits_it_or_says_what_it_waits_for(page, context, boot):
    """The try-out tapped a row while moving tiles and nothing moved: once the called tile is
    down (transfers by hand), a tap on a row moves onto it the column's bottom tile that follows
    its last number; a row no bottom tile fits says which number it waits for."""
    from ludotheque import games
    context.add_init_script(FAST_BOTS)
    boot()
    options = {"transfers": "manual"}
    def a_row_waits(state) -> bool:   # and another row that no bottom tile fits yet
        fits = {m["row"] for m in state.legal_moves() if m["type"] == "transfer"}
        return placed_with_a_tile_to_move(state) and any(i not in fits and end < 16
                                                           for i, end in enumerate(state.view(0)["row_ends"][0]))
    save = stored_until("3x16", [Seat("Alice"), Seat("Robot 2", "bot", "easy")], a_row_waits, options=options,
                        choose=filling_rows)
    state = games.get("3x16").replay(save.record)
    transfer = next(m for m in state.legal_moves() if m["type"] == "transfer")
    row, ends = transfer["row"], state.view(0)["row_ends"][0]
    open_stored(page, save)
    wait_for_human(page)
    fits = {m["row"] for m in state.legal_moves() if m["type"] == "transfer"}
    waiting = next(i for i in range(3) if i not in fits and ends[i] < 16)
    page.locator(f".x16-tableau.large .x16-row[data-row='{waiting}']").click()
    expect(page.locator("#refusal")).to_contain_text(f"La rangée {waiting + 1} attend le {ends[waiting] + 1}")
    tiles = page.locator(f".x16-tableau.large .x16-row[data-row='{row}'] .x16-tile")
    expect(tiles).to_have_count(ends[row])
    page.locator(f".x16-tableau.large .x16-row[data-row='{row}']").click()
    expect(tiles).to_have_count(ends[row] + 1)
    expect(page.locator("#refusal")).to_have_count(0)


def test_3x16_fits_a_phone_without_scrolling_in_play_and_while_moving_tiles(page, context, boot):
    """The try-out's phone scrolled 9 px: at 390×844, a table of four in play and while the
    person moves tiles by hand, the page is no taller than the screen; on a tablet either way
    it is not with a hint's words on show either."""
    context.add_init_script(FAST_BOTS)
    boot()
    seats = alice_and_three_easy_bots()
    tall = []
    for phase, save in (("play", stored_until("3x16", seats, lambda s: s.view(0)["call_number"] >= 30 and s.current_player == 0
                                              and not s.view(0)["placed"], choose=filling_rows)),
                        ("moving tiles", stored_until("3x16", seats, placed_with_a_tile_to_move, options={"transfers": "manual"},
                                                      choose=filling_rows))):
        page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
        open_stored(page, save)
        wait_for_human(page)
        for hint, sizes in ((False, (PHONE,)), (True, TABLETS)):
            if hint:
                page.click("#table button[data-act='hint']")
                expect(page.locator("#table .hint-note")).to_be_visible(timeout=60_000)
            for width, height in sizes:
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_timeout(100)
                high = page.evaluate("document.documentElement.scrollHeight")
                if high > height:
                    tall.append(f"{phase}{' with a hint' if hint else ''} at {width}×{height}: {high} px")
        leave_table(page)
    assert not tall, tall


def test_3x16_on_a_phone_says_the_hint_the_call_and_the_move_count_at_14_px(page, context, boot):
    """The try-out read the hint, the call's words and the move count at 13.6 px on a phone: at
    390×844 they are 14 px or more."""
    context.add_init_script(FAST_BOTS)
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    boot()
    start(page, "3x16", players=2)
    wait_for_human(page)
    page.click("#table button[data-act='hint']")
    expect(page.locator("#table .hint-note")).to_be_visible(timeout=60_000)
    sizes = page.evaluate("""() => Object.fromEntries(['.hint-note', '.toolbar .tool-count', '.x16-call-label', '.x16-call-left']
        .map(s => [s, parseFloat(getComputedStyle(document.querySelector('#table ' + s)).fontSize)]))""")
    assert min(sizes.values()) >= 14, sizes


def test_a_long_3x16_column_scrolls_within_itself_and_keeps_its_bottom_tile_in_view(page, boot):
    """Thirty calls parked in one column: its tiles keep a readable size, the column scrolls within
    itself (the page does not), and its bottom tile, the one that can move, is what it shows."""
    boot()
    start(page, "3x16", names=("Alice",))
    calls = []
    for _ in range(30):
        calls.append(int(page.locator(".x16-call-number").inner_text()))
        page.locator(".x16-tableau.large .x16-drop").first.click()
        done_if_asked(page)
    column = page.locator(".x16-tableau.large .x16-column[data-column='0']")
    expect(column.locator(".x16-tile")).to_have_count(30)
    stack, bottom = column.locator(".x16-stack"), column.locator(".x16-tile.bottom")
    assert bottom.inner_text() == str(calls[-1])
    for width, height in TABLETS + (PHONE,):
        page.set_viewport_size({"width": width, "height": height})
        # the page's measures follow the new size (a resize's observers): a loaded machine took more than 100 ms
        stack.evaluate("s => new Promise(done => { const t0 = performance.now(); (function look() {"
                       " if (s.scrollHeight > s.clientHeight || performance.now() - t0 > 3000) done();"
                       " else requestAnimationFrame(look); })(); })")
        page.wait_for_timeout(100)
        room, tiles = stack.evaluate("s => [s.scrollHeight - s.clientHeight,"
                                     " [...s.querySelectorAll('.x16-tile')].map(t => t.getBoundingClientRect().height)]")
        assert room > 0, f"at {width}×{height} thirty tiles fit without scrolling: the test proves nothing"
        assert min(tiles) >= 18, f"at {width}×{height} parked tiles drawn {min(tiles)} px tall"
        box, seen = bottom.bounding_box(), stack.bounding_box()
        assert seen["y"] <= box["y"] and box["y"] + box["height"] <= seen["y"] + seen["height"], \
            f"at {width}×{height} the bottom tile is scrolled out of its column"
    assert_fits(page, "3x16 with a column of 30 tiles", (PHONE,) + TABLETS)


@pytest.mark.long   # a whole tournament game played to its standings
def test_a_lucky_numbers_tournament_shows_every_garden_between_games_within_a_tablet(page, context, boot):
    """Between two games of a tournament: the standings and all four gardens side by side (as at
    the end), with the button for the next game, on one tablet screen either way."""
    context.add_init_script(FAST_BOTS)
    boot()
    start(page, "lucky-numbers", players=4, names=("Alice",), options={"tournament": True})
    for turn in range(200):
        wait_for_human(page)
        if page.locator("#table .table[data-pause='true']").count():
            break
        for selector in TURN_TAPS["lucky-numbers"]:
            if page.locator(selector).count():
                page.locator(selector).first.click()
    expect(page.locator("button[data-act='next-game']")).to_be_visible()
    expect(page.locator(".ln-all .ln-garden")).to_have_count(4)
    expect(page.locator(".ln-garden.active")).to_have_count(0)   # nothing to place between games
    assert_fits(page, "Lucky Numbers between two games of a tournament")
    page.click("button[data-act='next-game']")
    expect(page.locator(".ln-main .ln-garden")).to_have_count(1)


def test_an_import_error_is_said_in_plain_words_and_follows_the_language_switch(page, boot, tmp_path):
    boot()
    (tmp_path / "junk.json").write_text("<html>", "utf-8")
    page.set_input_files("#import-file", str(tmp_path / "junk.json"))
    notice = page.locator("#saved .notice").last
    expect(notice).to_contain_text("n’a pas pu être importé")
    page.click("#lang-switch")
    expect(page.locator("#saved .notice").last).to_contain_text("could not be imported")
    assert "Traceback" not in page.locator("#saved").inner_text()


def test_take_it_easy_caller_mode_reveals_each_tile_for_the_real_boxes(page, boot):
    boot()
    start(page, "take-it-easy", names=("Alice",), options={"mode": "caller", "rounds": 1})
    for n in range(19):
        page.click("button[data-act='call']")
        expect(page.locator(".tie-caller-past li")).to_have_count(n + 1)
    expect(page.locator("button[data-act='call']")).to_have_count(0)
    expect(page.locator("#ending")).to_contain_text("révélées")
    assert page.locator(".tie-main").count() == 0          # no board to place on


def test_reduced_motion_turns_every_animation_off(page, context, boot):
    """UX: short transitions for a placed tile or a flipped card; prefers-reduced-motion turns
    them off: the same tap animates without it (the computer's tile slides in) and leaves no
    animation with it."""
    context.add_init_script(SLOW_BOTS)
    boot()
    animating = "() => document.getAnimations().length > 0"
    for reduced in (False, True):
        page.emulate_media(reduced_motion="reduce" if reduced else "no-preference")
        start(page, "take-it-easy", players=2, names=("Alice",), options={"rounds": 1})
        page.locator(".tie-main .tie-cell.legal").first.click()
        if not reduced:
            page.wait_for_function(animating, polling="raf")
        else:
            for _ in range(10):
                assert not page.evaluate(animating)
                page.wait_for_timeout(100)
        expect(page.locator(".tie-other .tie-cell.filled")).to_have_count(1)   # the computer did play
        page.click("#table .toolbar button[data-action='leave']")


@pytest.mark.long   # a sweep: two to eight seats at three sizes
def test_take_it_easy_other_boards_are_large_enough_to_read_while_placing(page, context, boot):
    """Issue #28: while placing, the other boards were 110 px thumbnails beside the tile to place
    (72 px from five seats on). Now they stand under the player's own board (upright) or under the
    panel (landscape): with two or three seats each is at least 180 px wide on a tablet (150 on a
    phone), with four at least 160 (three in a row beside a landscape board), with five to eight
    at least 95 px, and the table still fits mid-game at every size."""
    context.add_init_script(FAST_BOTS)
    boot()
    for players in (2, 3, 4, 5, 8):
        page.set_viewport_size({"width": 768, "height": 1024})
        start(page, "take-it-easy", players=players, names=("Alice",))
        for _ in range(5):
            wait_for_human(page)
            page.locator(".tie-main .tie-cell.legal").first.click()
        wait_for_human(page)
        assert_fits(page, f"{players} seats at tile 6", TABLETS + (PHONE,))
        for width, height in TABLETS + (PHONE,):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(100)
            boards = page.locator(".tie-other .tie-board")
            expect(boards).to_have_count(players - 1)
            least = (180 if width > 390 else 150) if players <= 3 else 160 if players == 4 else 95
            for k in range(players - 1):
                box = boards.nth(k).bounding_box()
                drawn = min(box["width"], box["height"] / 1.08)   # the board as drawn inside its box
                assert drawn >= least, f"{players} seats at {width}×{height}: board {k} is {drawn:.0f} px wide"
                if width > 390:   # on a tablet, in view without scrolling
                    assert box["y"] + box["height"] <= height
        page.set_viewport_size({"width": 768, "height": 1024})
        page.click("#table button[data-action='leave']")


@pytest.mark.long   # a whole match of four rounds (make test reveals each tile in caller mode)
def test_take_it_easy_caller_mode_match_of_four_rounds_passes_the_call_each_round(page, boot):
    """Caller mode by taps, as the rules play it: the form asks only what the mode uses (people,
    no bot levels, no tie rule, no adjacency, no undo or confirmation), and over a match of four
    rounds the caller changes each round (Alice, Bruno, Chloé, then Alice again)."""
    boot()
    page.click("#cards button[data-action='new'][data-game='take-it-easy']")
    page.select_option("#newgame select[name='players']", "3")
    expect(page.locator("#newgame select[name='seat-1-kind']")).to_have_count(1)
    page.select_option("#newgame select[name='opt-mode']", "caller")
    expect(page.locator("#newgame select[name='seat-1-kind']")).to_have_count(0)
    expect(page.locator("#newgame .level-help")).to_have_count(0)
    page.click("#newgame details.more summary")   # the rarely changed options, unfolded
    expect(page.locator("#newgame select[name='opt-tie']")).to_be_hidden()
    expect(page.locator("#newgame select[name='opt-adjacency']")).to_be_hidden()
    expect(page.locator("#newgame input[name='undo']")).to_have_count(0)
    expect(page.locator("#newgame input[name='confirm']")).to_have_count(0)
    expect(page.locator("#newgame select[name='opt-rounds']")).to_be_visible()
    expect(page.locator("#newgame [name='opt-pairs']")).to_be_visible()
    for n, name in enumerate(("Alice", "Bruno", "Chloé")):
        page.fill(f"#newgame input[name='seat-{n}-name']", name)
    page.click("#newgame button[data-action='start']")
    for rnd, caller in enumerate(("Alice", "Bruno", "Chloé", "Alice")):
        expect(page.locator("#banner")).to_contain_text(caller)
        for n in range(19):
            expect(page.locator("#banner")).to_contain_text(caller)
            page.click("button[data-act='call']")
            expect(page.locator(".tie-caller-past li")).to_have_count(n + 1)
        if rnd < 3:
            page.click("button[data-act='next-round']")
    expect(page.locator("#ending")).to_be_visible()
    expect(page.locator("button[data-act='call']")).to_have_count(0)


MATCH_SEED = 1


@pytest.mark.long   # a whole match of four rounds by taps: make test-long (CI runs it)
def test_take_it_easy_two_bots_of_one_level_are_not_tied_over_a_match(page, context, boot):
    """The default seats (you and two bots of the default level), a whole match of four rounds by
    taps: the two bots' round points are not all alike (they used to place every tile alike and
    tie every round: "Victoire partagée : Robot 2, Robot 3"). On a fixed deal, so the test says
    the same every time: two strong bots still play about one round in five alike (where no
    decision leaves two placements near the best; `bench/take_it_easy_bots.py --variety twins`)."""
    from ludotheque import games
    from ludotheque.web.storage.saves import Save, Seat
    game = games.get("take-it-easy")
    seats = [Seat("Alice"), Seat("Robot 2", "bot", "strong"), Seat("Robot 3", "bot", "strong")]
    state = game.new(3, seed=MATCH_SEED)
    save = Save(id="1700000000000-0", game=game.id, record=state.record(), seats=seats, created=1.7e9, updated=1.7e9)
    context.add_init_script(FAST_BOTS + f"localStorage.setItem({json.dumps(save.key)}, {json.dumps(save.to_json())});")
    boot()
    page.click(f"#going li[data-save='{save.id}'] button[data-action='continue']")
    for rnd in range(4):
        for _ in range(18):   # the 19th tile goes in the last hex by itself
            wait_for_human(page)
            page.locator(".tie-main .tie-cell.legal").first.click()
        if rnd < 3:
            page.click("button[data-act='next-round']", timeout=60_000)
    expect(page.locator("#ending .ranking")).to_be_visible(timeout=60_000)
    rounds = [page.locator(f"#ending .ranking tr[data-seat='{seat}'] td.round").all_inner_texts() for seat in (1, 2)]
    assert len(rounds[0]) == 4 and rounds[0] != rounds[1], rounds


def test_3x16_placement_waits_for_its_confirmation_by_taps(page, context, boot):
    """3x16 with automatic transfers (placing ends the step and the next number is called at
    once): the form offers "Confirm tiles that cannot be undone" only with those transfers; with it the first
    tap puts the called tile down see-through, a tap on another column moves it, a second tap on
    it plays it, and "Place it here" does too."""
    context.add_init_script(FAST_BOTS)
    boot()
    page.click("#cards button[data-action='new'][data-game='3x16']")
    expect(page.locator("#newgame input[name='confirm']")).to_have_count(0)   # manual transfers: undo does it
    page.select_option("#newgame select[name='opt-transfers']", "automatic")
    page.set_checked("#newgame input[name='confirm']", True)
    page.click("#newgame button[data-action='start']")
    number = page.locator(".x16-call-label")
    first = number.inner_text()
    drops = page.locator(".x16-drop.legal")   # a column always takes the called tile (a 1 too, by default)
    drops.nth(0).click()
    expect(page.locator(".x16-drop.pending")).to_have_attribute("data-column", "0")
    expect(page.locator("button[data-act='confirm']")).to_be_visible()
    assert number.inner_text() == first                # nothing played yet
    drops.nth(2).click()                               # moved
    expect(page.locator(".x16-drop.pending")).to_have_attribute("data-column", "2")
    assert number.inner_text() == first
    page.locator(".x16-drop.pending").click()          # the second tap plays it
    expect(number).not_to_have_text(first)
    second = number.inner_text()
    page.locator(".x16-drop.legal").nth(4).click()
    expect(page.locator(".x16-drop.pending")).to_have_attribute("data-column", "4")
    page.click("button[data-act='confirm']")               # "Place it here"
    expect(number).not_to_have_text(second)
    expect(page.locator(".x16-tableau.large .pending")).to_have_count(0)
    expect(page.locator(".x16-tableau.large .pending")).to_have_count(0)


# each score of the end's ranking: the number drawn on screen now (a count-up's counter), and the
# number in its text (what a screen reader says, what is copied)
SCORES_SHOWN = """() => [...document.querySelectorAll('#table .ranking tr[data-seat] td:nth-child(3)')].map(td => {
  const up = td.querySelector('.count-up');
  return [up ? getComputedStyle(up).getPropertyValue('--n').trim() : td.textContent.trim(), td.textContent.trim()]; })"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_ends_scores_count_up_once_and_read_whole_at_once(page, context, boot, motion):
    """The outside try-out: the end's scores count up from 0, and counted again from 0 at each
    paint of the end (its review ready, another language), a wrong number on screen for a moment.
    They count once, when the last move arrives, never under reduced motion; the number itself
    is in the text at once; any later paint shows it at once."""
    context.add_init_script(FAST_BOTS)
    page.emulate_media(reduced_motion=motion)
    boot()
    open_stored(page, bots_near_the_end("rucki-zucki", 3, {"rounds": 1}))   # the bots play the last move
    expect(page.locator("#table .table[data-over='true']")).to_be_visible(timeout=60_000)
    scores = page.evaluate(SCORES_SHOWN)
    assert len(scores) == 3 and all(said.isdigit() for _, said in scores) and any(said != "0" for _, said in scores)
    for row in page.locator("#table .ranking tr[data-seat] td:nth-child(3)").all():
        expect(row).to_have_accessible_name(re.compile(r"^\d+$"))   # the number alone, not a counter's too
    if motion == "reduce":
        assert all(drawn == said for drawn, said in scores), scores
    page.wait_for_timeout(1500)
    for _ in range(2):   # painted again, in the other language then back
        page.click("#lang-switch")
        scores = page.evaluate(SCORES_SHOWN)
        assert all(drawn == said for drawn, said in scores), f"drawn, said: {scores}"
