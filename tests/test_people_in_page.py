"""People in the page: the new-game form starts from the last table and offers who played before,
each seat's colour shows on its board, and default names follow a language switch."""
from __future__ import annotations

from playwright.sync_api import expect

from pagetools import FAST_BOTS, draw_if_asked, start, tap_and_wait


def test_the_form_remembers_the_table_and_names_follow_the_language(page, context, boot):
    context.add_init_script(FAST_BOTS)
    boot()
    page.click("#cards button[data-action='new'][data-game='lucky-numbers']")
    page.fill("#newgame input[name='seat-0-name']", "Zoé")
    page.select_option("#newgame select[name='seat-0-colour']", "teal")
    page.click("#newgame button[data-action='start']")
    expect(page.locator("#table")).to_be_visible()
    # Zoé's garden carries her colour; the bot's default name is said in French
    band = page.locator(".ln-garden[data-seat='0']").evaluate("e => getComputedStyle(e).boxShadow")
    assert "0, 96, 128" in band, band   # teal
    expect(page.locator(".ln-garden[data-seat='1'] h3")).to_contain_text("Robot 2")
    page.click("#lang-switch")
    expect(page.locator(".ln-garden[data-seat='1'] h3")).to_contain_text("Bot 2")
    page.click("#table button[data-action='leave']")
    # a new game starts from that table: Zoé in teal, and her name is offered for every seat
    page.click("#cards button[data-action='new'][data-game='lucky-numbers']")
    expect(page.locator("#newgame input[name='seat-0-name']")).to_have_value("Zoé")
    expect(page.locator("#newgame select[name='seat-0-colour']")).to_have_value("teal")
    expect(page.locator("#newgame input[name='seat-1-name']")).to_have_value("Bot 2")
    expect(page.locator("#people-names option[value='Zoé']")).to_have_count(1)
    page.click("#newgame button[data-action='close-layer']")
    start(page, "take-it-easy", players=2, names=("Zoé", "Yann"), kinds=("human", "human"))
    colours = page.locator("#table .table").evaluate("e => e.getAttribute('style')")
    assert "--seat-0: var(--colour-teal)" in colours and "--seat-1: var(--colour-teal)" not in colours


def test_the_games_stay_above_the_fold_however_many_statistics(page, context, boot):
    """After many games the statistics pushed the game cards below a 768 px screen: they fold
    under their title, and open on a tap."""
    import json
    from ludotheque.web.storage import stats
    data = stats.empty()
    for game_id in ("lucky-numbers", "take-it-easy", "rucki-zucki", "3x16"):
        data["games"][game_id] = {"played": 40, "records": {}, "players": {
            f"Joueuse numéro {n}": {"played": 40, "won": n} for n in range(8)}}
    data["games"]["take-it-easy"]["records"] = {"best_round": {"score": 201, "name": "Zoé", "when": 1700000000}}
    data["games"]["3x16"]["daily"] = {f"2026-11-{d:02d}": {"score": d, "hints": 0} for d in range(1, 27)}
    context.add_init_script(f"localStorage.setItem('ludotheque:stats', {json.dumps(json.dumps(data))});")
    for width, height in ((1024, 768), (768, 1024)):
        page.set_viewport_size({"width": width, "height": height})
        boot()
        last = page.locator("#cards .card").last.bounding_box()
        assert last["y"] + min(last["height"], 120) <= height, f"{width}×{height}: the last game's card starts at {last['y']:.0f}"
        expect(page.locator("#stats .stats-game")).to_have_count(4)
        expect(page.locator("#stats .stats-game").first).to_be_hidden()
    page.click("#stats summary")
    expect(page.locator("#stats .stats-game[data-game='take-it-easy']")).to_contain_text("Joueuse numéro 7")


def test_each_garden_names_its_seat_with_a_colour_seen_on_green(page, context, boot):
    """Lucky Numbers' gardens are green and the third seat is given green: a band on the garden
    did not show it. Each board's title carries the seat's colour in a white ring, the green
    seat's last move is marked white under its dashes, and the narrow gardens beside the main one
    (a landscape tablet) keep every name whole."""
    context.add_init_script(FAST_BOTS)
    page.set_viewport_size({"width": 1024, "height": 768})
    boot()
    # medium bots: an easy one whose empty cells are boxed in discards every tile to the end of the
    # game (one game in 150 or so in the engine), and its garden never shows a last move
    start(page, "lucky-numbers", players=3, level="medium", colours={2: "green"})
    page.click("#table button[data-act='confirm-setup']")
    for _ in range(12):   # until the green seat's last move put a clover in its garden (not in the pool)
        draw_if_asked(page)   # a draw with nothing in the pool that fits, the table plays itself
        lit = page.locator(".ln-garden.active .ln-cell.legal")
        tap_and_wait(page, lit.first if lit.count() else "#table button[data-act='discard']")
        if page.locator(".ln-garden[data-seat='2'] .ln-cell.just").count():
            break
    expect(page.locator(".ln-garden[data-seat='2'] .ln-cell.just")).to_have_count(1)
    style = page.locator("#table .table").get_attribute("style")
    given = {}
    for seat in range(3):
        swatch = page.locator(f".ln-garden[data-seat='{seat}'] h3 .swatch")
        given[seat] = swatch.evaluate("e => getComputedStyle(e).backgroundColor")
        assert "255, 255, 255" in swatch.evaluate("e => getComputedStyle(e).boxShadow")
        name = page.locator(f".ln-garden[data-seat='{seat}'] h3 > bdi")
        assert name.evaluate("e => e.scrollWidth <= e.clientWidth"), f"seat {seat}'s name is cut"
    assert "--seat-2: var(--colour-green)" in style and given[2] == "rgb(0, 128, 24)", (style, given)
    assert len(set(given.values())) == 3, given
    mark = page.locator(".ln-garden[data-seat='2'] .ln-cell.just").evaluate("e => getComputedStyle(e).boxShadow")
    assert "255, 255, 255" in mark, mark
