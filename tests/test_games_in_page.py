"""Whole games played in the page by taps, as a player would, and reloads in the middle of them."""
from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from pagetools import FAST_BOTS, at_rest, draw_if_asked, low_contrast, start, stored_saves, tap_and_wait
from pagetools import wait_for_human as wait_until_human
from test_tables import PHONE, TABLETS, assert_fits

def wait_for_human(page):
    """Until a person is to play or the game is over, with no error on screen."""
    wait_until_human(page)
    expect(page.locator("#layer .error")).to_have_count(0)


def table_text(page) -> str:
    return page.locator("#table").inner_text()


def test_lucky_numbers_human_against_bot_to_the_end(page, context, boot):
    context.add_init_script(FAST_BOTS)
    boot()
    start(page, "lucky-numbers", names=("Alice",))
    expect(page.locator("#banner")).to_contain_text("Alice")
    page.click("button[data-act='confirm-setup']")
    turns = 0
    while True:
        wait_for_human(page)
        if page.locator("#table .table[data-over='true']").count():
            break
        turns += 1
        assert turns < 60, "the game should end within the supply"
        draw_if_asked(page)   # the first turn's draw, with nothing in the pool, the table plays itself
        lit = page.locator(".ln-garden.active .ln-cell.legal")
        tap_and_wait(page, lit.first if lit.count() else "button[data-act='discard']")
        if turns == 6:
            # a reload in the middle restores the identical position
            wait_for_human(page)
            before = table_text(page)
            page.reload()
            page.wait_for_selector("html[data-engine='ready']", timeout=90_000)   # the table again
            wait_for_human(page)
            assert table_text(page) == before
    ending = page.locator("#ending")
    expect(ending).to_be_visible()
    expect(ending.locator(".ranking tbody tr")).to_have_count(2)
    expect(ending).to_contain_text("Alice")
    # a finished game is no longer offered to continue: it moves to the history, and counts
    page.click("#ending button[data-action='leave']")
    expect(page.locator("#going .saved-game")).to_have_count(0)
    expect(page.locator("#history .saved-game")).to_have_count(1)
    page.click("#stats summary")   # the statistics are folded under their title
    expect(page.locator("#stats .stats-game[data-game='lucky-numbers']")).to_contain_text("Alice")


def diagonal(page) -> list[int]:
    """The numbers on the golden diagonal of the garden in front of the screen, top left first."""
    return [int(page.locator(f".ln-garden.active .ln-cell[data-row='{k}'][data-col='{k}']").inner_text())
            for k in range(4)]


def test_lucky_numbers_warns_of_a_blocking_diagonal_then_refuses_with_a_reason_and_changes_nothing(page, context, boot):
    """The try-out: a diagonal 20/6/16/5 was confirmed without a word. Before the confirmation the
    table now says which cells an order out of line leaves for no number (striped) and offers to
    sort it; sorted, the warning goes."""
    from ludotheque.games.lucky_numbers.rules import blocked_by_order
    context.add_init_script(FAST_BOTS)
    boot()
    start(page, "lucky-numbers", names=("Alice",))
    garden = ".ln-garden.active"
    expect(page.locator("#table .ln-warn")).to_have_count(0)
    ascending = diagonal(page)
    page.click(f"{garden} .ln-cell[data-row='0'][data-col='0']")   # the largest top left, the smallest bottom right
    page.click(f"{garden} .ln-cell[data-row='3'][data-col='3']")
    arranged = diagonal(page)
    assert arranged == [ascending[3], *ascending[1:3], ascending[0]]
    cells, (big, small) = blocked_by_order(arranged)
    warning = page.locator("#table .ln-warn")
    expect(warning).to_contain_text(f"{len(cells)} ")
    expect(warning).to_contain_text(str(big))
    expect(page.locator(f"{garden} .ln-cell.blocked")).to_have_count(len(cells))
    for k in cells:
        expect(page.locator(f"{garden} .ln-cell[data-row='{k // 4}'][data-col='{k % 4}']")).to_have_class(re.compile(r"\bblocked\b"))
    expect(page.locator("#table [data-act='confirm-setup']")).to_be_visible()   # still hers to keep
    assert_fits(page, "a diagonal that blocks cells, said", (PHONE, TABLETS[1], TABLETS[0]))
    assert low_contrast(page) == []
    page.click("#table [data-act='sort-setup']")
    assert diagonal(page) == sorted(arranged)
    expect(warning).to_have_count(0)
    expect(page.locator(f"{garden} .ln-cell.blocked")).to_have_count(0)
    expect(page.locator("#table [data-act='sort-setup']")).to_have_count(0)
    page.click("button[data-act='confirm-setup']")
    wait_for_human(page)
    draw_if_asked(page)
    drawn = int(page.locator(".ln-drawn .ln-tile").inner_text())
    # find a cell the drawn tile may not go to, tap it, and read the reason
    garden = page.evaluate("""() => [...document.querySelectorAll('.ln-garden.active .ln-cell')]
        .map(c => ({row: +c.dataset.row, col: +c.dataset.col, legal: c.classList.contains('legal')}))""")
    illegal = [c for c in garden if not c["legal"]]
    assert illegal, "with four diagonal tiles some cell refuses any number"
    before = page.locator(".ln-garden.active").inner_text()
    cell = illegal[0]
    page.click(f".ln-garden.active .ln-cell[data-row='{cell['row']}'][data-col='{cell['col']}']")
    refusal = page.locator("#refusal")
    expect(refusal).to_be_visible()
    expect(refusal).to_contain_text(str(drawn))
    assert page.locator(".ln-garden.active").inner_text() == before
    expect(page.locator(".ln-drawn .ln-tile")).to_have_text(str(drawn))


def test_take_it_easy_solo_round_by_taps_with_a_reload(page, context, boot):
    context.add_init_script(FAST_BOTS)
    boot()
    start(page, "take-it-easy", options={"rounds": 1}, names=("Alice",))
    for placed in range(18):   # the 19th tile goes in the last hex by itself
        if placed == 9:
            before = at_rest(page, ".tie-main")
            page.reload()
            page.wait_for_selector("html[data-engine='ready']", timeout=90_000)   # the table again
            assert at_rest(page, ".tie-main") == before
        cells = page.locator(".tie-main .tie-cell.legal")
        expect(cells).to_have_count(19 - placed)
        cells.first.click()
    ending = page.locator("#ending")
    expect(ending).to_be_visible()
    score = int(ending.get_attribute("data-score"))
    expect(ending).to_contain_text(f"Points : {score}")
    assert 0 <= score <= 307
    saved = stored_saves(page)
    assert len(saved) == 1 and saved[0]["over"] is True
    assert len(saved[0]["record"]["moves"]) == 19
    assert json.dumps(saved[0]["record"]["options"]["rounds"]) == "1"


def test_take_it_easy_daily_deal_is_the_same_everywhere_and_shares_its_result(page, context, boot):
    from ludotheque.games.take_it_easy.rules import TILES, daily_seed, round_order
    boot()
    today = page.evaluate("new Date().toLocaleDateString('sv-SE')")
    page.click("#cards button[data-action='daily'][data-game='take-it-easy']")
    first_tile = TILES[round_order(daily_seed(today), 0)[0]]
    expect(page.locator("#banner")).to_contain_text("-".join(map(str, first_tile)))
    expect(page.locator("#table button[data-action='undo']")).to_have_count(0)  # no undo in a daily deal
    for placed in range(18):   # the 19th tile goes in the last hex by itself
        page.locator(".tie-main .tie-cell.legal").first.click()
    text = page.locator("#daily-text").input_value()
    lines = text.split("\n")
    from ludotheque.web import i18n
    assert i18n.day(today) in lines[0]   # "27 novembre 2026"
    score = int(page.locator("#ending").get_attribute("data-score"))
    assert f"{score} points" in lines[0]
    assert len(lines) == 6
    # the same deal again today opens the finished one, not a new deal
    page.click("#ending button[data-action='leave']")
    page.click("#cards button[data-action='daily'][data-game='take-it-easy']")
    expect(page.locator("#table .table[data-over='true']")).to_be_visible()


def test_a_daily_deal_is_played_under_the_name_of_whoever_played_here_last(page, context, boot):
    """The try-out: the daily deal started as "Joueur 1" on a family's tablet. It asks nothing
    first; it takes the name (and colour) of the person who played here last."""
    context.add_init_script("""if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');
        localStorage.setItem('ludotheque:settings', JSON.stringify({people: [{name: 'Léa', colour: 'teal'}, {name: 'Tom', colour: null}]})); }""")
    boot()
    page.click("#cards button[data-action='daily'][data-game='3x16']")
    expect(page.locator("#banner")).to_contain_text("Léa")
    assert stored_saves(page)[0]["seats"][0] == {"name": "Léa", "kind": "human", "level": None, "colour": "teal"}
