"""Numbers readable at arm's length (issue #40, point 3; issue #55, point 2): every number a player
reads at a table (board cells, tiles, cards, calls, scores, hint marks, the labels that say a
number, "2 libres", "pénalités jusqu'ici : 12"), and every sentence of a hint or a review, is at
least 16 CSS px on a tablet either way and 12 px on a phone, at the start, in the middle, at a
round's end, at the end and in the review of every game, in both languages, and in How to play's
pictures; the other seats' boards as they stand, though a tap enlarges them: a family reads them at
the end without tapping. `pagetools.numbers` and `pagetools.sentences` measure what the page
renders. The table's menu keeps one row (issue #55, point 7)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from ludotheque.web.storage.saves import Seat

from pagetools import (FAST_BOTS, bots_near_the_end, done_if_asked, numbers, open_stored, sentences, start, stored_until,
                       wait_for_human)

SIZES = (((768, 1024), 16), ((1024, 768), 16), ((390, 844), 12))   # a size, the smallest number it may show
GAMES = {"lucky-numbers": (4, {}), "take-it-easy": (4, {"rounds": 4}), "rucki-zucki": (4, {"rounds": 2}),
         "3x16": (4, {})}


def seats(players: int) -> list[Seat]:
    return [Seat("Alice")] + [Seat(f"Robot {n}", "bot", "easy") for n in range(2, players + 1)]


def opening_with_a_choice(game_id: str):
    """A new game of Alice and a bot whose first move is Alice's and hers to choose (a forced
    first draw the table plays, or a bot's first turn, would leave a move on the table's line)."""
    from ludotheque import games
    from ludotheque.web.table.session import forced
    for seed in range(1, 200):
        state = games.get(game_id).new(2, seed=seed)
        if state.current_player == 0 and forced(state) is None:
            return stored_until(game_id, seats(2), lambda s: True, seed=seed)
    raise AssertionError(f"{game_id}: no such deal")


def after_alices_last_move(game_id: str, players: int, options: dict, seed: int = 7):
    """The game of Alice and easy bots stored just after her last move, every seat's moves the
    easy bot's as the table plays them (Alice's too): opened, the bots finish it as they would
    and the end screen is hers, with a review of her moves."""
    from ludotheque import bots, games
    from ludotheque.core import derive_seed

    def easy(state):
        return bots.choose(state, "easy", derive_seed(state.seed, "seat", state.current_player, len(state.moves)))

    state, last = games.get(game_id).new(players, seed=seed, options=options), 0
    while not state.is_over:
        alices = state.current_player == 0
        state.play(easy(state))
        last = len(state.moves) if alices else last
    return stored_until(game_id, seats(players), lambda s: len(s.moves) >= last, options=options, seed=seed, choose=easy)


def phases(game_id: str):
    """The game stored at each phase a person reads numbers in: its start, its middle (a dozen
    moves in, Alice to play: a hint is asked there), a round's end (a match of two rounds), and
    its end (Alice's last move played, the bots finish it), whose review is read too: (the
    phase's name, its save)."""
    players, options = GAMES[game_id]
    yield "start", stored_until(game_id, seats(players), lambda s: True, options=options)
    yield "middle", stored_until(game_id, seats(players), lambda s: s.is_over or (len(s.moves) >= 12 and s.current_player == 0),
                                 options=options)
    if options.get("rounds"):
        yield "round end", stored_until(game_id, seats(players), lambda s: s.phase == "scoring", options=options)
    yield "end", after_alices_last_move(game_id, players, options)


# what a person reads in sentences: the hint's box (Lucky Numbers' has its own), the review's lines,
# the page's line under its name, the table's menu, banner and last move, a board's own last move,
# the seats' names (the try-out: the menu's words at 15.2 px), Lucky Numbers' standing help (the
# second try-out: at 14.4 px on a tablet)
SENTENCES = ("#table .hint-note, #table .ln-hint, #review, header .tagline, #table .toolbar, #table .banner, "
             "#table .last-move, #table .ln-last, #table .seat-name, #table .ln-help")


def too_small(page, when: str, scope: str = "body", game_id: str = "") -> list[str]:
    """At each size, the numbers within `scope` and the sentences of a hint or a review under its
    least size (the smallest few said)."""
    bad = []
    for (width, height), least in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        found = numbers(page, scope)
        assert found, f"{when} at {width}×{height}: no number found"
        small = [n for n in found if n["size"] < least] + [n for n in sentences(page, SENTENCES) if n["size"] < least]
        small.sort(key=lambda n: n["size"])
        seen = {n["where"]: n for n in reversed(small)}   # the smallest of each kind of place
        bad += [f"{when} at {width}×{height}: \"{n['text']}\" {n['size']} px < {least} in {n['where']}"
                for n in sorted(seen.values(), key=lambda n: n["size"])[:4]]
    return bad


def both_languages(page, when: str, scope: str, game_id: str, review: bool = False) -> list[str]:
    """`too_small` in the language shown, then in the other (the language switch keeps the game);
    with `review`, in the end's review (opened in each language, closed after)."""
    bad = []
    for language in ("fr", "en"):
        if review:
            page.click("#ending button[data-act='review']")
            expect(page.locator("#review")).to_be_visible()
            expect(page.locator("#review .review-wait")).to_have_count(0, timeout=120_000)   # worked out
        bad += too_small(page, f"{when} ({language})", scope, game_id)
        page.set_viewport_size({"width": 768, "height": 1024})
        if review:
            page.keyboard.press("Escape")
            expect(page.locator("#review")).to_have_count(0)
        page.click("#lang-switch")   # the other language, then back to the first
    return bad


@pytest.mark.parametrize("game_id", GAMES)
def test_every_number_and_sentence_a_player_reads_is_readable_at_arms_length(page, context, boot, game_id):
    """Issue #55, point 2: at a table of four, on the table (the other seats' boards as they
    stand, though a tap enlarges them: a family reads them without tapping), with a hint asked,
    at a round's end, at the game's end and in its review, every number and every sentence of
    the hint and the review is 16 px or more on a tablet either way, 12 on a phone, in French and
    in English."""
    context.add_init_script(FAST_BOTS)
    boot()
    bad = []
    for phase, save in phases(game_id):
        page.set_viewport_size({"width": 768, "height": 1024})
        open_stored(page, save)
        if phase == "end":
            play_to_the_end(page)
        elif phase == "round end":
            expect(page.locator("#table button[data-act='next-round']")).to_be_visible(timeout=60_000)
        else:
            wait_for_human(page)
        if phase == "middle":
            page.click("#table button[data-act='hint']")
            expect(page.locator("#table .hint-note, #table .ln-hint").first).to_be_visible(timeout=60_000)
        bad += both_languages(page, f"{game_id}'s {phase}", "#table", game_id)
        if phase == "end":
            bad += both_languages(page, f"{game_id}'s review", "#review", game_id, review=True)
        page.click("#table button[data-action='leave']")
    assert not bad, "\n".join(bad)


def test_how_to_plays_pictures_are_readable_at_arms_length(page, boot):
    boot()
    bad = []
    for game_id in GAMES:
        page.set_viewport_size({"width": 768, "height": 1024})
        page.click(f"#cards button[data-action='rules'][data-game='{game_id}']")
        expect(page.locator("#layer.open")).to_be_visible()
        page.evaluate("() => document.querySelectorAll('#layer details').forEach(d => d.open = true)")
        if page.locator("#layer .howto-picture").count():
            bad += too_small(page, f"{game_id}'s How to play", "#layer .rules-text")
        page.keyboard.press("Escape")
        expect(page.locator("#layer.open")).to_have_count(0)
    assert not bad, "\n".join(bad)


OVERLAPS = """(scope) => {
  const bad = [];
  for (const svg of document.querySelectorAll(scope + ' svg.tie-board')) {
    const nums = [...svg.querySelectorAll('.tie-num')].map(n => n.getBoundingClientRect());
    for (const p of svg.querySelectorAll('.tie-points')) {
      const a = p.getBoundingClientRect();
      for (const b of nums)
        if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5)
          bad.push(p.textContent);
    }
  }
  return bad;
}"""


def test_take_it_easy_end_boards_enlarge_and_their_line_scores_never_cover_a_tile_number(page, context, boot):
    """The end of a game of four: each board's line scores ("+35") stand outside its hexes, over
    no tile's number (they sat on the edge tiles' numbers); a tap on a small board enlarges it,
    its numbers read at arm's length; a tap on it, or Escape, closes it."""
    context.add_init_script(FAST_BOTS)
    boot()
    open_stored(page, bots_near_the_end("take-it-easy", 4, {"rounds": 1}, seed=3))
    expect(page.locator("#table .table[data-over='true']")).to_be_visible(timeout=60_000)
    for (width, height), _ in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        assert page.locator("#table .tie-points").count() >= 1
        assert page.evaluate(OVERLAPS, "#table") == [], f"at {width}×{height}"
    # How to play's scored board, drawn by the same code, with more lines scored
    page.click("#table .toolbar button[data-action='rules']")
    expect(page.locator("#layer .howto-picture .tie-points").first).to_be_attached()
    page.evaluate("() => document.querySelectorAll('#layer details').forEach(d => d.open = true)")
    assert page.locator("#layer .tie-points").count() >= 3
    assert page.evaluate(OVERLAPS, "#layer") == []
    page.keyboard.press("Escape")
    page.set_viewport_size({"width": 768, "height": 1024})
    board = page.locator("#table .tie-other[data-glance]").nth(2)
    board.click()
    zoom = page.locator("#zoom")
    expect(zoom).to_be_visible()
    expect(zoom.locator(".tie-board")).to_have_count(1)
    assert zoom.locator(".tie-board").bounding_box()["width"] >= 600
    assert page.evaluate(OVERLAPS, "#zoom") == []
    assert min(n["size"] for n in numbers(page, "#zoom")) >= 16
    zoom.click(position={"x": 5, "y": 5})   # a tap closes it
    expect(zoom).to_have_count(0)
    board.focus()
    page.keyboard.press("Enter")   # the keyboard too, and Escape gives the focus back
    expect(zoom).to_be_visible()
    page.keyboard.press("Escape")
    expect(zoom).to_have_count(0)
    expect(board).to_be_focused()


GAP_UNDER_BANNER = """() => {
  const banner = document.querySelector('#banner').getBoundingClientRect();
  for (const el of document.querySelectorAll('#table .table > *, #table .table > .turn-head > *')) {
    const r = el.getBoundingClientRect();
    if (r.top < banner.bottom - 1 || r.height === 0) continue;
    if (el.innerText.trim() || el.querySelector('svg, button')) return r.top - banner.bottom;
  }
  return null;
}"""
TOOLBAR_CUT = """() => { const bar = document.querySelector('#table .toolbar'), r = bar.getBoundingClientRect();
  return [...bar.querySelectorAll('button')].filter(b => b.getBoundingClientRect().right > r.right + 0.5
    || b.scrollWidth > b.clientWidth + 1).map(b => b.textContent); }"""


def test_at_768_px_the_menu_is_whole_and_no_blank_band_waits_under_the_banner(page, boot):
    """Issue #40, point 11, on an upright tablet at the bots' normal pace (their pace said in
    words): the menu's last button (Export) is whole once the move counter has two digits (it was
    cut), and before the first move the line under the banner says the game begins (it was a
    blank band of 40 px between the banner and the board)."""
    boot()
    open_stored(page, stored_until("rucki-zucki", seats(4), lambda s: len(s.moves) >= 14 and s.current_player == 0,
                                   options={"rounds": 1}))
    wait_for_human(page)
    expect(page.locator("#table .toolbar button[data-action='log']")).to_contain_text("(1")
    expect(page.locator("#table .toolbar button[data-action='pace']")).to_contain_text("rythme normal")
    for width, height in ((768, 1024), (1024, 768)):
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate(TOOLBAR_CUT) == [], f"at {width}×{height}"
    page.set_viewport_size({"width": 768, "height": 1024})
    page.click("#table button[data-action='leave']")
    for game_id in GAMES:
        open_stored(page, opening_with_a_choice(game_id))
        wait_for_human(page)
        expect(page.locator("#last-move")).to_contain_text("la partie commence")
        gap = page.evaluate(GAP_UNDER_BANNER)
        assert gap is not None and gap <= 16, f"{game_id}: {gap} px of nothing under the banner"
        page.click("#table button[data-action='leave']")


def test_take_it_easy_in_landscape_shows_the_bots_board_whole_whatever_the_panel_holds(page, context, boot):
    """Issue #40, point 11: at 1024×768 the bot's board beside the player's stays wholly on the
    screen while the panel holds a placement to confirm, and a hint's words (it was cut 32 px
    below the screen's edge)."""
    context.add_init_script(FAST_BOTS)
    page.set_viewport_size({"width": 1024, "height": 768})
    boot()
    start(page, "take-it-easy", players=2, names=("Alice",), confirm=True)
    wait_for_human(page)
    bottoms = "() => [...document.querySelectorAll('.tie-other .tie-board')].map(e => e.getBoundingClientRect().bottom)"
    for step in ("start", "hint", "pending"):
        if step == "hint":
            page.click("#table button[data-act='hint']")
        elif step == "pending":
            page.locator(".tie-main .tie-cell.legal").first.click()
            expect(page.locator("#table button[data-act='confirm']")).to_be_visible()
        board = page.locator(".tie-other .tie-board")
        expect(board).to_have_count(1)
        assert max(page.evaluate(bottoms)) <= 768, f"{step}: the bot's board runs past the screen"
        assert board.bounding_box()["height"] >= 150, step
        assert page.evaluate("document.documentElement.scrollHeight") <= 768, step


def test_the_reviews_boards_are_readable_at_arms_length(page, context, boot):
    """Take It Easy's review draws Alice's board and the computer's: their numbers at 16 px on a
    tablet, 12 on a phone, like the table's."""
    context.add_init_script(FAST_BOTS)
    boot()
    # stored at the bot's last placement: opened, it plays it and the game ends
    open_stored(page, stored_until("take-it-easy", seats(2), lambda s: len(s.moves) >= 37, options={"rounds": 1}))
    expect(page.locator("#table .table[data-over='true']")).to_be_visible(timeout=60_000)
    page.locator("#ending button[data-act='review']").click()
    expect(page.locator("#review .review-bot .tie-cell.filled")).to_have_count(19, timeout=120_000)
    bad = too_small(page, "Take It Easy's review", "#review")
    assert not bad, "\n".join(bad)


@pytest.mark.long   # the strongest bot judges each of 48 steps again: about 20 s in the page
def test_3x16_review_fits_a_phone_and_its_numbers_read_at_arms_length(page, context, boot):
    """Issue #55, point 2: 3x16's review of a game of Alice and a computer, on a 390×844 phone,
    is no wider than the screen (its table ran 34 px past it, the losses cut at "+11.1 til"),
    and its numbers read at 16 px on a tablet, 12 on a phone."""
    context.add_init_script(FAST_BOTS)
    page.set_viewport_size({"width": 390, "height": 844})
    boot()
    open_stored(page, stored_until("3x16", seats(2), lambda s: s.view(0)["call_number"] >= 48 and s.current_player == 0
                                   and not s.view(0)["placed"]))
    wait_for_human(page)
    page.locator(".x16-drop.legal").first.click()
    done_if_asked(page)
    expect(page.locator("#table .table[data-over='true']")).to_be_visible(timeout=60_000)
    page.locator("#ending button[data-act='review']").click()
    expect(page.locator("#review .review-rows tbody tr")).to_have_count(48, timeout=180_000)
    assert page.locator("#review .review-loss:not(:text-is('0'))").count(), "every step the computer's: nothing wide to show"
    wide = page.evaluate("() => { const r = document.querySelector('#review');"
                         " return [r.scrollWidth - r.clientWidth, document.documentElement.scrollWidth]; }")
    assert wide[0] <= 0 and wide[1] <= 390, f"the review runs {wide[0]} px past its box, the page is {wide[1]} px wide"
    bad = too_small(page, "3x16's review", "#review")
    assert not bad, "\n".join(bad)


TOOLBAR_ROWS = """() => { const bar = document.querySelector('#table .toolbar');
  const buttons = [...bar.querySelectorAll('button')].filter(b => b.getBoundingClientRect().width > 0);
  const tops = new Set(buttons.map(b => Math.round(b.getBoundingClientRect().top)));
  const two = buttons.filter(b => {   // the lines its shown words take (words said to screen readers only are 1 px)
    const tops = new Set(), walk = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (n.parentElement.getBoundingClientRect().width <= 1) continue;
      const r = document.createRange(); r.selectNodeContents(n);
      for (const q of r.getClientRects()) if (q.width > 1) tops.add(Math.round(q.top / 4));
    }
    return tops.size > 1; }).map(b => b.textContent);
  return {rows: tops.size, two_lines: two, scrolls: bar.scrollWidth > bar.clientWidth + 1,
          cut: buttons.filter(b => b.getBoundingClientRect().right > bar.getBoundingClientRect().right + 0.5).map(b => b.textContent)}; }"""


def test_the_menu_keeps_one_row_whatever_the_move_counter(page, boot):
    """Issue #55, point 7: the table's menu stays one row of whole buttons, each on one line, none
    out of sight, on a tablet either way and on a phone, once the move counter has two digits and
    three (it wrapped at two)."""
    boot()
    bad = []
    for moves in (14, 100):
        open_stored(page, stored_until("rucki-zucki", seats(4), lambda s: len(s.moves) >= moves and s.current_player == 0,
                                       options={"rounds": 4}))
        wait_for_human(page)
        expect(page.locator("#table .toolbar button[data-action='log']")).to_contain_text(f"({str(moves)[0]}")
        for (width, height), _ in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(100)
            found = page.evaluate(TOOLBAR_ROWS)
            if found["rows"] != 1 or found["two_lines"] or found["scrolls"] or found["cut"]:
                bad.append(f"{moves} moves at {width}×{height}: {found}")
        page.set_viewport_size({"width": 768, "height": 1024})
        page.click("#table button[data-action='leave']")
    assert not bad, "\n".join(bad)


def play_to_the_end(page) -> None:
    """The stored game played on to its end: each round's end waits for a person to deal the next."""
    over = page.locator("#table .table[data-over='true'], #table button[data-act='next-round']")
    while not page.locator("#table .table[data-over='true']").count():
        expect(over.first).to_be_visible(timeout=60_000)
        if page.locator("#table button[data-act='next-round']").count():
            page.click("#table button[data-act='next-round']")


def small_sentences(page, when: str, scope: str, sizes=SIZES) -> list[str]:
    """At each size, the sentences shown within `scope` under its least size (the smallest said)."""
    bad = []
    for (width, height), least in sizes:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        found = sentences(page, scope)
        assert found, f"{when} at {width}×{height}: no sentence found in {scope}"
        bad += [f"{when} at {width}×{height}: \"{n['text']}\" {n['size']} px < {least} in {n['where']}"
                for n in found if n["size"] < least][:2]
    page.set_viewport_size({"width": 768, "height": 1024})
    return bad


@pytest.mark.parametrize("game_id", GAMES)
def test_a_guided_games_steps_and_the_new_game_forms_level_notes_read_at_arms_length(page, context, boot, game_id):
    """The fourth outside try-out: a guided game's step sentences were 14.4 px on a tablet (Rucki
    Zucki's on the hand-over cover 15.2 px), the new-game form's notes on the computer's levels
    and its options 14.4 px: 16 px or more on a tablet either way, 12 on a phone."""
    context.add_init_script(FAST_BOTS)
    boot()
    bad = []
    page.click(f"#cards button[data-action='new'][data-game='{game_id}']")
    expect(page.locator("#newgame .level-help")).to_be_visible()
    bad += small_sentences(page, f"{game_id}'s new-game form", "#newgame .level-help")
    more = page.locator("#newgame details.more")
    if more.count() and more.get_attribute("open") is None:
        more.locator("summary").click()
    bad += small_sentences(page, f"{game_id}'s new-game form, its options", "#newgame .option-help")
    page.keyboard.press("Escape")
    page.click(f"#cards button[data-action='rules'][data-game='{game_id}']")
    page.click(".dialog.rules [data-action='guide']")
    cover = page.locator("#pass-cover #guide-note")
    expect(page.locator("#guide-note").first).to_be_visible()
    if cover.count():
        bad += small_sentences(page, f"{game_id}'s guided game, its cover", "#pass-cover #guide-note")
        page.click("#pass-cover [data-action='reveal']")
    expect(page.locator("#table #guide-note")).to_be_visible()
    bad += small_sentences(page, f"{game_id}'s guided game, its first step", "#table #guide-note")
    assert not bad, "\n".join(bad)


UNDER_THE_QUESTION = """() => {
  const ask = document.querySelector('#undo-ask').getBoundingClientRect();
  return [...document.querySelectorAll('#table .tie-main .tie-cell')].filter(c => {
    const r = c.getBoundingClientRect();
    return Math.min(r.right, ask.right) - Math.max(r.left, ask.left) > 1 && Math.min(r.bottom, ask.bottom) - Math.max(r.top, ask.top) > 1;
  }).map(c => c.dataset.cell);
}"""


def test_take_it_easys_placement_help_reads_at_arms_length_and_the_undo_question_leaves_the_board_whole(page, context, boot):
    """The fourth outside try-out: a placement waiting for its second tap said "Tap it again, or
    another place to move it." at 13.6 px: 16 px or more on a tablet either way, 12 on a phone.
    Undo asked to take back the other person's placement: its question covered the foot of the
    board (its bottom row of hexes) on a tablet either way; it covers no hex."""
    context.add_init_script(FAST_BOTS)
    boot()
    start(page, "take-it-easy", players=2, confirm=True)   # the computer plays next: the tile waits
    page.locator(".tie-main .tie-cell.legal").first.click()
    expect(page.locator("#table .confirm-place p")).to_be_visible()
    bad = small_sentences(page, "Take It Easy's placement to confirm", "#table .confirm-place p")
    page.click("#table button[data-action='leave']")
    start(page, "take-it-easy", players=2, kinds=("human", "human"), confirm=False)
    page.locator(".tie-main .tie-cell.legal").first.click()
    expect(page.locator("#table button[data-action='undo']")).to_be_enabled()
    page.click("#table button[data-action='undo']")   # the other person's turn: the table asks first
    expect(page.locator("#undo-ask")).to_be_visible()
    for (width, height), _ in SIZES[:2]:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        covered = page.evaluate(UNDER_THE_QUESTION)
        if covered:
            bad.append(f"at {width}×{height} the undo question covers hexes {covered}")
    assert not bad, "\n".join(bad)


# Rucki Zucki's board: each text a player reads on a cell (its number, a card's, the pile's count,
# a joker's corner number), drawn whole inside its cell and its card, over no other text of the
# cell, at its size; each mark of a card another seat just laid, a shape in its colour (no text:
# its 10 px initial was unreadable) with the seat named in the cell's accessible name
CELL_TEXTS = """([least, names]) => {
  const bad = [], inside = (a, b) => a.left >= b.left - .5 && a.right <= b.right + .5 && a.top >= b.top - .5 && a.bottom <= b.bottom + .5;
  for (const cell of document.querySelectorAll('#table .rz-board .rz-cell')) {
    const box = cell.getBoundingClientRect(), texts = [];
    const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement, range = document.createRange(); range.selectNodeContents(n);
      const r = range.getBoundingClientRect();
      if (!n.textContent.trim() || r.width < 1 || getComputedStyle(el).visibility === 'hidden') continue;
      const size = parseFloat(getComputedStyle(el).fontSize), where = `cell ${cell.dataset.cell} "${n.textContent}"`;
      if (size < least) bad.push(`${where}: ${size} px < ${least}`);
      if (!inside(r, box)) bad.push(`${where}: ${r.height.toFixed(1)} px high, out of its ${box.height.toFixed(1)} px cell`);
      const card = el.closest('.rz-card');
      if (card && !inside(r, card.getBoundingClientRect())) bad.push(`${where}: out of its card`);
      for (const o of texts) if (Math.min(r.right, o.r.right) - Math.max(r.left, o.r.left) > .5 && Math.min(r.bottom, o.r.bottom) - Math.max(r.top, o.r.top) > .5)
        bad.push(`${where} over "${o.text}"`);
      texts.push({r, text: n.textContent});
    }
    if (cell.classList.contains('just-played')) {
      const mark = getComputedStyle(cell, '::after').content, seat = Number((cell.getAttribute('style').match(/--seat-(\\d+)/) || [])[1]);
      if (/[\\p{L}\\d]/u.test(mark)) bad.push(`cell ${cell.dataset.cell}: a mark of text ${mark}`);
      if (!(cell.getAttribute('aria-label') || '').includes(names[seat])) bad.push(`cell ${cell.dataset.cell}: "${cell.getAttribute('aria-label')}" names not ${names[seat]}`);
    }
  }
  return bad;
}"""


def test_rucki_zucki_cards_read_whole_in_their_cells_in_play_and_at_a_rounds_end_and_the_end(page, context, boot):
    """The outside try-out: at 1024×768 the round's end squeezed the board to cells 27 px high
    under numbers of 21.6 px; the pile's "P" was 12 px on a tablet, the initials on the cards
    just laid 10 px. In play (the bots' cards just laid marked), at a round's end (four seats and
    six) and at the end, on a tablet either way and on a phone, every text of a cell is whole in
    it at 16 px (12 on a phone), the marks are shapes that name their seat to a screen reader,
    and the table fits the screen (a phone scrolls down only)."""
    from test_tables import assert_fits
    context.add_init_script(FAST_BOTS)
    boot()
    rounds = {"rounds": 2}
    tables = [("play", 4, stored_until("rucki-zucki", seats(4), lambda s: len(s.moves) >= 12 and s.current_player == 0, options=rounds)),
              ("a round's end", 4, stored_until("rucki-zucki", seats(4), lambda s: s.phase == "scoring", options=rounds)),
              ("a round's end", 6, stored_until("rucki-zucki", seats(6), lambda s: s.phase == "scoring", options=rounds)),
              ("the end", 4, after_alices_last_move("rucki-zucki", 4, rounds))]
    bad = []
    for when, players, save in tables:
        page.set_viewport_size({"width": 768, "height": 1024})
        open_stored(page, save)
        if when == "the end":
            play_to_the_end(page)
        elif when == "a round's end":
            expect(page.locator("#table button[data-act='next-round']")).to_be_visible(timeout=60_000)
        else:
            wait_for_human(page)
            assert page.locator("#table .rz-cell.just-played").count(), "no card just laid to see marked"
        names = [seat.name for seat in seats(players)]
        for (width, height), least in SIZES:
            assert_fits(page, f"{when} of {players}", ((width, height),))
            bad += [f"{when} of {players} at {width}×{height}: {problem}" for problem in page.evaluate(CELL_TEXTS, [least, names])][:6]
        page.set_viewport_size({"width": 768, "height": 1024})
        page.click("#table button[data-action='leave']")
    assert not bad, "\n".join(bad)
