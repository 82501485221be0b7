"""Seats beyond colour, round ends that say who and why, refusals that leave the targets in
sight (issue #40, points 8, 9 and 12), in the page: every seat mark carries the seat's initial
with its colour; Rucki Zucki's round end names who went out and each hand's penalty, and shows
the bot's last cards; a refusal's bubble covers neither the cell tapped nor a legal target."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from pagetools import FAST_BOTS, open_stored, start, stored_save, wait_for_human

MARKS = """() => {
  const found = [];
  const add = (host, dot, text) => found.push({where: host.className || host.tagName, seat: host.dataset.seat,
    text: getComputedStyle(text[0], text[1]).content, colour: getComputedStyle(dot[0], dot[1]).backgroundColor});
  const all = (sel, f) => document.querySelectorAll(sel).forEach(f);
  all('#table .move-log li[data-seat]:not([data-seat=""])', li => add(li, [li, '::before'], [li, '::before']));
  all('#table .ranking tr[data-seat]', tr => { const td = tr.children[1]; add(tr, [td, '::before'], [td, '::before']); });
  all('#table .banner[data-seat]:not([data-seat=""])', b => { const s = b.firstElementChild; add(b, [s, '::before'], [s, '::before']); });
  all('#table .swatch[data-seat]', s => add(s, [s, null], [s, '::before']));
  all('#table .rz-seat[data-seat]', li => { const n = li.querySelector('.rz-seat-name'); add(li, [n, '::before'], [n, '::before']); });
  all('#table #round-over li[data-seat]', li => add(li, [li, '::before'], [li, '::before']));
  return found;
}"""


def check_marks(page, initials: dict[str, str], kinds: set[str]) -> None:
    """Every seat mark on the table shows its seat's initial on its seat's colour; the same seat
    has the same colour everywhere, two seats never share one; `kinds` of marks were all seen."""
    marks = page.evaluate(MARKS)
    seen = {m["where"].split()[0] for m in marks}
    assert kinds <= seen, (kinds, seen)
    colours: dict[str, str] = {}
    for mark in marks:
        assert mark["text"] == f'"{initials[mark["seat"]]}"', mark
        assert mark["colour"] not in ("rgba(0, 0, 0, 0)", "transparent"), mark
        assert colours.setdefault(mark["seat"], mark["colour"]) == mark["colour"], mark
    assert len(set(colours.values())) == len(colours), colours


def test_every_seat_mark_carries_the_initial_beside_the_colour(page, context, boot):
    context.add_init_script(FAST_BOTS)
    boot()
    start(page, "lucky-numbers", players=3, names=("Tom", "Léa", "Zoé"), kinds=("bot:easy", "human", "bot:easy"))
    wait_for_human(page)
    page.click("#table button[data-action='log']")
    expect(page.locator("#move-log li[data-seat='0']").first).to_be_visible()
    check_marks(page, {"0": "T", "1": "L", "2": "Z"}, {"banner", "swatch", "LI"})
    page.screenshot(path="/tmp/seatsw/marks.png")


def test_the_ranking_and_rucki_zucki_seats_carry_initials_too(page, context, boot):
    from pagetools import bots_near_the_end
    context.add_init_script(FAST_BOTS)
    boot()
    open_stored(page, bots_near_the_end("rucki-zucki", 3, left=1))
    expect(page.locator("#ending")).to_be_visible(timeout=20_000)
    check_marks(page, {"0": "R1", "1": "R2", "2": "R3"}, {"winner", "rz-seat"})


def bot_goes_out():
    """Rucki Zucki, Léa against an easy bot (Bob), stored at the start of the bot's turn in which
    it empties its hand and ends round 1 (the bot's moves worked out as the page works them)."""
    import random
    from ludotheque import bots, games
    from ludotheque.core import derive_seed
    from ludotheque.web.storage.saves import Seat
    chooser = random.Random(3)
    for seed in range(1, 60):
        state = games.get("rucki-zucki").new(2, seed=seed)
        while state.phase == "turn" or state.phase == "last-draw":
            if state.current_player == 1 and (not state.moves or state.placed == []):
                ahead = games.get("rucki-zucki").replay(state.record())
                while ahead.current_player == 1 and ahead.phase in ("turn", "last-draw"):
                    ahead.play(bots.choose(ahead, "easy", derive_seed(ahead.seed, "seat", 1, len(ahead.moves))))
                placed = sum(m["type"] != "end" for m in ahead.moves[len(state.moves):])
                if ahead.phase == "scoring" and not ahead.hands[1] and placed >= 2:
                    return stored_save(state, [Seat("Léa", "human", None, "blue"), Seat("Bob", "bot", "easy", "orange")]), \
                        ahead.moves[len(state.moves):], -ahead.round_scores[0][0]
            if state.current_player == 1:
                state.play(bots.choose(state, "easy", derive_seed(state.seed, "seat", 1, len(state.moves))))
            else:
                state.play(chooser.choice(state.legal_moves()))
    raise AssertionError("no deal where the bot goes out")


def test_rucki_zucki_round_end_names_who_went_out_and_each_penalty(page, context, boot):
    save, last_turn, lea_penalty = bot_goes_out()
    context.add_init_script(FAST_BOTS)
    boot()
    open_stored(page, save)
    expect(page.locator("#table .table[data-pause='true']")).to_have_count(1, timeout=30_000)
    banner = page.locator("#banner")
    expect(banner).to_contain_text("Bob a posé sa dernière carte")
    expect(banner).to_contain_text("manche 1 est finie")
    over = page.locator("#round-over")
    expect(over).to_contain_text("Bob a posé sa dernière carte")
    # ranked, each with its place: Bob went out, first
    expect(over.locator("li[data-seat='0']")).to_have_text("2" + (f"Léa : {lea_penalty} points" if lea_penalty != 1 else "Léa : 1 point"))
    expect(over.locator("li[data-seat='1']")).to_have_text("1Bob : 0 point")
    expect(over.locator("li").first).to_have_attribute("data-seat", "1")
    for width, height in ((768, 1024), (1024, 768)):   # the round's end fits a tablet both ways
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        assert page.evaluate("() => document.documentElement.scrollHeight") <= height
    page.set_viewport_size({"width": 768, "height": 1024})
    # the round's end is announced (its chime: data-rounds grows from 0 for the first round too)
    expect(page.locator("#table .table[data-rounds='1']")).to_have_count(1)
    # the bot's last cards stay marked on the board, in its colour (a folded corner), its name
    # in the cell's accessible name
    for move in last_turn:
        if move["type"] in ("place", "exchange"):
            cell = page.locator(f"#table .rz-cell[data-cell='{move['card']}']")
            expect(cell).to_have_class(re.compile(r"\bjust\b"))
            expect(cell).to_have_attribute("aria-label", re.compile(r"posée par \W?Bob"))
            # read on the cell on screen now: the end is painted again once its review is ready
            # (a cell of the last paint, no longer in the page, has no style)
            page.wait_for_function("""card => { const c = document.querySelector(`#table .rz-cell[data-cell='${card}']`);
                return getComputedStyle(c, '::after').backgroundImage.includes(getComputedStyle(c).outlineColor); }""",
                                   arg=str(move["card"]), timeout=5000)
    page.click("#table button[data-act='next-round']")
    expect(page.locator("#round-over")).to_have_count(0)


def human_can_place():
    """Rucki Zucki, Léa to act against a bot, with a playable card whose cell has a cell above it."""
    import random
    from ludotheque import games
    from ludotheque.web.storage.saves import Seat
    chooser = random.Random(5)
    state = games.get("rucki-zucki").new(2, seed=11)
    while True:
        if state.current_player == 0 and state.phase == "turn":
            view = state.view(0)
            rows = {label: r for r, row in enumerate(view["layout"]) for label in row}
            cards = [e["card"] for e in view["playable"] if isinstance(e["card"], int) and rows.get(e["card"], 0) > 0
                     and not e["exchange"]]
            if cards:
                return stored_save(state, [Seat("Léa", "human", None, "blue"), Seat("Bob", "bot", "easy", "orange")]), cards[0]
        state.play(chooser.choice(state.legal_moves()))


OVERLAP = """([tapped]) => {
  const toast = document.querySelector('#table .refusal.toast').getBoundingClientRect();
  const boxes = [document.querySelector(tapped), ...document.querySelectorAll('#table .legal')].map(e => e.getBoundingClientRect());
  const over = boxes.filter(r => Math.min(toast.right, r.right) - Math.max(toast.left, r.left) > 0.5 &&
                                 Math.min(toast.bottom, r.bottom) - Math.max(toast.top, r.top) > 0.5);
  return {over: over.length, legal: boxes.length - 1, inside: toast.left >= 0 && toast.top >= 0 &&
          toast.right <= innerWidth && toast.bottom <= innerHeight, width: toast.width};
}"""


@pytest.mark.parametrize("size", [(768, 1024), (1024, 768), (390, 844)])
def test_a_refusal_bubble_covers_neither_the_cell_tapped_nor_a_legal_target(page, context, boot, size):
    save, card = human_can_place()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    context.add_init_script(FAST_BOTS)
    boot()
    open_stored(page, save)
    wait_for_human(page)
    page.click(f"#table button[data-act='card'][data-card='{card}']")
    target = page.locator("#table .rz-cell.legal")
    expect(target).to_have_count(1)
    target.scroll_into_view_if_needed()
    # the cell just above the lit one: a bubble put under the cell tapped would hide the target
    above = page.evaluate("""() => { const r = document.querySelector('#table .rz-cell.legal').getBoundingClientRect();
        const el = document.elementsFromPoint(r.left + r.width / 2, r.top - r.height / 2).find(e => e.matches('.rz-cell'));
        return el ? el.dataset.cell : null; }""")
    assert above is not None
    page.click(f"#table .rz-cell[data-cell='{above}']")
    toast = page.locator("#table .refusal.toast")
    expect(toast).to_contain_text(f"{card}")
    found = page.evaluate(OVERLAP, [f"#table .rz-cell[data-cell='{above}']"])
    assert found["legal"] >= 1 and found["over"] == 0, found
    assert found["inside"] and found["width"] >= 200, found
