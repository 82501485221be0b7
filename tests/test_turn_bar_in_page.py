"""The turn bar on a phone (issue #40, point 2), in the page: at 390×844, with two people in the
middle of a game, the page scrolled to its bottom still shows who plays (the banner: the name, and
the call or the tile to place) and the step's buttons, in a bar at most 30 % of the screen's
height; a table opens at the top of the page (it opened at the home's scroll, 295 px down for
3x16, its banner out of sight), and the page stays where it is when the person changes."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from ludotheque.web.storage.saves import Seat
from pagetools import FAST_BOTS, open_stored, start, stored_until

PHONE = {"width": 390, "height": 844}

SHOWN = """(sel) => { const el = document.querySelector(sel); if (!el) return null;
  const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + Math.min(r.height / 2, 12);
  const top = document.elementFromPoint(x, y);
  return {top: r.top, bottom: r.bottom, uncovered: !!top && (el === top || el.contains(top))}; }"""
"""Where an element stands in the window, and whether it is the one seen there (not under another)."""

STICKY = """() => {
  const parts = [...document.querySelectorAll('#table *')].filter(el => {
    const p = getComputedStyle(el).position;
    return p === 'sticky' || p === 'fixed';
  });
  let room = 0;
  for (const el of parts) {
    if (parts.some(other => other !== el && other.contains(el))) continue;
    const r = el.getBoundingClientRect();
    room += Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
  }
  return room;
}"""
"""How much of the window the table's sticky and fixed parts take (the bar, a hand at the bottom)."""

# a game of two people in its middle, the first person to act, and what the banner names of their step
MIDDLE = {
    "lucky-numbers": (lambda s: len(s.moves) >= 12 and s.current_player == 0 and s.view(0)["phase"] == "drawn",
                      lambda v: str(v["drawn"])),
    "take-it-easy": (lambda s: len(s.moves) >= 8 and s.current_player == 0 and s.view(0)["phase"] == "place",
                     lambda v: "-".join(map(str, v["to_place"][0]))),
    "rucki-zucki": (lambda s: len(s.moves) >= 6 and s.current_player == 0 and s.view(0)["phase"] == "turn"
                    and not s.view(0)["placed"], None),
    "3x16": (lambda s: len(s.moves) >= 12 and s.current_player == 0 and not s.view(0)["placed"],
             lambda v: str(v["call"])),
}

STEP_BUTTONS = {   # the step's main button, which the person must reach wherever the page is scrolled
    "lucky-numbers": "#table button[data-act='discard']",
    "take-it-easy": "#table .tie-pick",   # a tap on the board places it; the tile itself stays in sight
    "rucki-zucki": "#table .rz-hand button[data-act='draw']",
    "3x16": "#table button[data-act='hint']",
}


def in_window(box: dict | None) -> bool:
    return box is not None and box["top"] >= -1 and box["bottom"] <= PHONE["height"] + 1 and box["uncovered"]


def open_on_a_phone(page, context, boot, save) -> bool:
    """The stored game `save` opened on a phone, bots at once, its person's cards shown; whether
    it opened on the hand-over cover (which says to pass the phone, not the tablet, and so does
    the banner under it)."""
    context.add_init_script(FAST_BOTS)
    page.set_viewport_size(PHONE)
    boot()
    open_stored(page, save)
    covered = page.locator("#pass-cover").count() > 0
    if covered:
        expect(page.locator("#pass-title")).to_have_text("Passez le téléphone à \u2068Dad\u2069", use_inner_text=True)
        # the banner under it, which a screen reader reads, says the same (it said "la tablette")
        expect(page.locator("#banner")).to_have_text("Passez le téléphone à Dad", use_inner_text=True)
        page.click("#pass-cover [data-action='reveal']")
    return covered


@pytest.mark.parametrize("game_id", list(MIDDLE))
def test_on_a_phone_who_plays_and_the_call_stay_in_sight_at_the_bottom_of_the_page(page, context, boot, game_id):
    until, named = MIDDLE[game_id]
    save = stored_until(game_id, [Seat("Dad", colour="blue"), Seat("Léa", colour="orange")], until)
    assert open_on_a_phone(page, context, boot, save) == (game_id == "rucki-zucki")   # hands are secret there only
    banner = page.locator("#banner")
    expect(banner).to_contain_text("Dad")
    # the page scrolls (the board and the other person's below), to its very bottom; 3x16's fits
    # the phone (the family try-out: it scrolled 9 px), and is its own bottom
    page.wait_for_function("() => { const page = document.documentElement; window.scrollTo(0, page.scrollHeight);"
                           " return (window.scrollY > 0 || page.scrollHeight <= innerHeight)"
                           " && window.scrollY >= page.scrollHeight - innerHeight - 1; }")
    assert in_window(page.evaluate(SHOWN, "#banner")), page.evaluate(SHOWN, "#banner")
    said = banner.inner_text()
    assert "Dad" in said
    if named:
        from ludotheque import games
        view = games.get(game_id).replay(save.record).view(0)
        assert re.search(rf"(?<![\d-]){re.escape(named(view))}(?![\d-])", said), (said, named(view))
    # the banner's mark of the seat: its colour with the initial
    mark = page.evaluate("() => { const s = getComputedStyle(document.querySelector('#banner > span'), '::before');"
                         " return [s.content, s.backgroundColor]; }")
    assert mark[0] == '"D"' and mark[1] not in ("rgba(0, 0, 0, 0)", "transparent"), mark
    if game_id == "3x16":   # the call itself, large, beside the step's buttons
        assert in_window(page.evaluate(SHOWN, "#table .x16-call-number"))
    if STEP_BUTTONS[game_id]:
        assert in_window(page.evaluate(SHOWN, STEP_BUTTONS[game_id])), page.evaluate(SHOWN, STEP_BUTTONS[game_id])
        # and at the top of the page (the try-out: Take It Easy's tile was cut at the screen's edge)
        page.evaluate("() => window.scrollTo(0, 0)")
        assert in_window(page.evaluate(SHOWN, STEP_BUTTONS[game_id])), page.evaluate(SHOWN, STEP_BUTTONS[game_id])
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    page.screenshot(path=f"/tmp/sticky-{game_id}.png")
    room = page.evaluate(STICKY)
    assert room <= 0.3 * PHONE["height"], f"the sticky parts take {room} px of {PHONE['height']}"
    # a foot at the bottom hides the board under it (Take It Easy's hexes showed through its words)
    foot = page.evaluate("() => { const f = document.querySelector('#table [data-turn=\"foot\"]');"
                         " return f && getComputedStyle(f).backgroundColor; }")
    assert foot is None or not foot.startswith("rgba"), foot   # opaque
    # a hint's words on show too leave most of the screen to the board (3x16's bar took 46 %;
    # Rucki Zucki's hand of 11 cards at the foot, the cards played from, 41 %)
    page.click("#table [data-act='hint']")
    expect(page.locator("#table .hint-note, #table .ln-hint")).to_contain_text("Pourquoi")
    room, most = page.evaluate(STICKY), (0.4 if game_id == "rucki-zucki" else 0.35)
    assert room <= most * PHONE["height"], f"with a hint, the sticky parts take {room} px of {PHONE['height']}"


def test_3x16_on_a_phone_opens_at_the_top_and_stays_put_when_the_person_changes(page, context, boot):
    context.add_init_script(FAST_BOTS)
    page.set_viewport_size(PHONE)
    boot()
    start(page, "3x16", players=2, names=("Dad", "Léa"), kinds=("human", "human"))   # the home scrolled to its card
    assert page.evaluate("scrollY") == 0
    assert in_window(page.evaluate(SHOWN, "#banner"))
    expect(page.locator("#banner")).to_contain_text("Dad")
    who = ["Dad", "Léa"]
    for step in range(6):
        # wherever the person has scrolled to, the next one finds the page there
        page.evaluate(f"() => window.scrollTo(0, {[10_000, 150, 0][step % 3]})")
        before = page.evaluate("scrollY")
        drops = page.locator("#table .x16-drop.legal")
        target = drops.nth(step % drops.count()) if drops.count() else page.locator("#table .x16-row.legal").first
        target.dispatch_event("click")   # a tap where it stands: the test scrolls nothing
        done = page.locator("#table button[data-act='done']:not([disabled])")
        if done.count():
            done.dispatch_event("click")
        expect(page.locator("#banner")).to_contain_text(who[(step + 1) % 2])
        page.wait_for_timeout(100)
        # the page stays where it was (where the next turn's page is shorter, at its foot)
        foot = page.evaluate("Math.max(0, document.documentElement.scrollHeight - innerHeight)")
        assert page.evaluate("scrollY") == min(before, foot), f"step {step}: the page moved from {before}"
        assert in_window(page.evaluate(SHOWN, "#banner"))


# the table's menu: its rows (the distinct tops of its buttons), and the buttons cut or under a finger's width
TOOLBAR = """() => { const bar = document.querySelector('#table .toolbar'), r = bar.getBoundingClientRect();
  const buttons = [...bar.querySelectorAll('button')];
  return {rows: new Set(buttons.map(b => Math.round(b.getBoundingClientRect().top))).size, buttons: buttons.length,
          cut: buttons.filter(b => b.getBoundingClientRect().right > r.right + 0.5 || b.getBoundingClientRect().left < r.left - 0.5
                                   || b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1).map(b => b.textContent),
          small: buttons.filter(b => b.getBoundingClientRect().height < 44 || b.getBoundingClientRect().width < 44).map(b => b.textContent)}; }"""


@pytest.mark.parametrize("game_id", ["lucky-numbers", *(pytest.param(g, marks=pytest.mark.long)   # one shared menu: the rest in make test-long
                                                 for g in ("take-it-easy", "rucki-zucki", "3x16"))])
def test_on_a_phone_the_tables_menu_takes_two_rows_every_word_whole(page, context, boot, game_id):
    """At 390×844 the table's menu (Home, Rules, Undo, the moves counted, the bots' pace, Restart,
    Export) stands in two rows at most, in French and English, in the middle of a game (the
    counter at two digits) and at its end (three): in French it took three rows, 142 px of the
    phone's height above the banner. No button's words are cut, each is a finger wide and tall."""
    from pagetools import bots_near_the_end
    context.add_init_script(FAST_BOTS)
    page.set_viewport_size(PHONE)
    boot()
    seats = [Seat("Alice")] + [Seat(f"Robot {n}", "bot", "easy") for n in (2, 3)]
    for lang in ("fr", "en"):
        for phase, save in (("middle", stored_until(game_id, seats, lambda s: len(s.moves) >= 12 and s.current_player == 0)),
                            ("end", bots_near_the_end(game_id, 3))):
            save.id = f"1700000000000-{lang}-{phase}"   # a game of its own each time: the page keeps no trace of the last
            open_stored(page, save)
            if phase == "end":
                expect(page.locator("#table .table[data-over='true']")).to_be_visible(timeout=60_000)
            else:
                expect(page.locator("#table .toolbar button[data-action='undo']")).to_be_visible()
            bar = page.evaluate(TOOLBAR)
            digits = re.search(r"\((\d+)\)", page.locator("#table .toolbar button[data-action='log']").inner_text()).group(1)
            assert len(digits) == (2 if phase == "middle" else 3), digits
            assert bar["buttons"] >= 7 and bar["rows"] <= 2, f"{game_id}'s {phase} in {lang}: {bar}"
            assert not bar["cut"] and not bar["small"], f"{game_id}'s {phase} in {lang}: {bar}"
            page.click("#table button[data-action='leave']")
            page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('ludotheque:save:')).forEach(k => localStorage.removeItem(k))")
        if lang == "fr":
            page.click("#lang-switch")


BAND = """() => {   // the first hint mark on the board (not in the bars), and the band the bars leave free
  const mark = [...document.querySelectorAll('#table .hint')].find(el => !el.closest('[data-turn]'));
  if (!mark) return null;
  const r = mark.getBoundingClientRect(), foot = document.querySelector("#table [data-turn='foot']");
  const top = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--turn-bottom')) || 0;
  const bottom = foot && getComputedStyle(foot).position === 'sticky' ? foot.getBoundingClientRect().top : innerHeight;
  return {top: r.top, bottom: r.bottom, free: [top, bottom], page: r.top + scrollY};
}"""


@pytest.mark.parametrize("game_id", ["3x16", "rucki-zucki"])
def test_on_a_phone_a_hint_brings_its_mark_on_the_board_into_view(page, context, boot, game_id):
    """The try-out: on a phone, 3x16's hint lit file 5 at 985 px on an 844 px screen and the page
    stayed where it was; Rucki Zucki's hinted cell lay under the hand that sticks at the bottom.
    Asked with the page at its top, the hint's first mark on the board comes into the band the
    turn bar and the hand leave free, and the hint's words show whole (Rucki Zucki's showed two lines
    of four and a half) with half the screen left to the board; asked again where it already
    shows, the page stays put."""
    until, _ = MIDDLE[game_id]
    for seed in range(1, 40):
        save = stored_until(game_id, [Seat("Dad"), Seat("Léa")], until, seed=seed)
        from ludotheque import games
        from ludotheque.games.rucki_zucki import bots as rz_bots
        from ludotheque.games.three_by_sixteen import bots as x16_bots
        state = games.get(game_id).replay(save.record)
        first = (x16_bots if game_id == "3x16" else rz_bots).hint_moves(state)[0]
        if first["type"] in ("place", "transfer") and (game_id == "rucki-zucki" or "column" in first):
            break   # a mark on the board: a cell, a column's drop
    open_on_a_phone(page, context, boot, save)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.click("#table button[data-act='hint']")
    page.wait_for_timeout(100)
    band = page.evaluate(BAND)
    assert band is not None, "the hint marks nothing on the board"
    low, high = band["free"]
    assert low - 1 <= band["top"] and band["bottom"] <= high + 1, band
    # the hint's words whole (Rucki Zucki's phone hand showed 2 lines of 4.5), the bars within their room
    note = page.evaluate("() => { const n = document.querySelector('#hint-note'); return [n.scrollHeight, n.clientHeight]; }")
    assert note[0] <= note[1] + 1, f"the hint's words are cut: {note}"
    room = page.evaluate(STICKY)   # the words take room while they show: half the screen stays the board's
    assert room <= 0.5 * PHONE["height"], f"the sticky parts take {room} px of {PHONE['height']}"
    still = page.evaluate("scrollY")
    page.click("#table button[data-act='hint']")   # asked again: the mark shows already
    page.wait_for_timeout(100)
    assert page.evaluate("scrollY") == still


OVERLAP = """([a, b]) => { const r = document.querySelector(a).getBoundingClientRect(),
  s = document.querySelector(b).getBoundingClientRect();
  return Math.max(0, Math.min(r.right, s.right) - Math.max(r.left, s.left))
       * Math.max(0, Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top)); }"""


def test_on_a_phone_a_refusal_leaves_the_hints_words_readable(page, context, boot):
    """The try-out: on a phone, 3x16's "2 does not fit row 3" lay over the hint's words in the
    turn bar (the tapped row lies just under it). The note now covers none of them."""
    until, _ = MIDDLE["3x16"]
    save = stored_until("3x16", [Seat("Dad"), Seat("Léa")], until, seed=3)
    open_on_a_phone(page, context, boot, save)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.click("#table button[data-act='hint']")
    expect(page.locator("#table .hint-note")).to_be_visible()
    wrong = page.locator("#table .x16-tableau.large .x16-row:not(.legal)").first
    wrong.click()
    toast = page.locator("#table .refusal.toast")
    expect(toast).to_be_visible()
    page.wait_for_timeout(100)
    assert page.evaluate(OVERLAP, ["#table .refusal.toast", "#table .hint-note"]) == 0, toast.inner_text()
