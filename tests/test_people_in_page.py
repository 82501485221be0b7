"""People in the page: the new-game form starts from the last table and offers who played before,
each seat's colour shows on its board, and default names follow a language switch."""
from __future__ import annotations

from playwright.sync_api import expect

from pagetools import FAST_BOTS, start


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
    assert "19, 138, 138" in band, band
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
