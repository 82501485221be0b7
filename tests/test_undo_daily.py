"""Undo that works and cannot cheat, a daily deal that cannot be retried or spoiled, and options
an edition fixes, in the page."""
from __future__ import annotations

from playwright.sync_api import expect

from pagetools import start
from test_tables import TABLETS, assert_fits

SLOW_BOTS = "localStorage.setItem('ludotheque:settings', JSON.stringify({bot_delay: 1500}));"
UNDO = "#table button[data-action='undo']"


def test_undo_while_the_bot_thinks_takes_back_the_move(page, context, boot):
    context.add_init_script(SLOW_BOTS)
    boot()
    start(page, "take-it-easy", players=3, names=("Alice",))
    page.locator(".tie-main .tie-cell[data-cell='9']").click()
    expect(page.locator("#banner")).to_contain_text("…")      # a bot is thinking
    expect(page.locator(UNDO)).to_be_enabled()
    page.click(UNDO)
    expect(page.locator(".tie-main .tie-cell.filled")).to_have_count(0)
    expect(page.locator("#banner")).to_contain_text("Alice")
    page.wait_for_timeout(1800)                               # the bot's old turn must not come back
    expect(page.locator(".tie-main .tie-cell.filled")).to_have_count(0)
    expect(page.locator(".tie-other .tie-cell.filled")).to_have_count(0)


def test_undo_says_why_it_is_off_and_never_reopens_an_ending(page, context, boot):
    boot()
    start(page, "take-it-easy", names=("Alice",), options={"rounds": 1})
    undo = page.locator(UNDO)
    expect(undo).to_be_disabled()
    expect(undo).to_have_attribute("title", "Aucun coup à vous à reprendre pour l'instant")
    page.locator(".tie-main .tie-cell.legal").first.click()
    expect(undo).to_be_disabled()          # placing revealed the next tile
    expect(undo).to_have_attribute("title", "Du nouveau a été révélé depuis votre dernier coup : il ne peut plus être annulé")
    for _ in range(17):                    # the 19th tile goes in the last hex by itself
        page.locator(".tie-main .tie-cell.legal").first.click()
    expect(page.locator("#ending")).to_be_visible()
    expect(undo).to_be_disabled()          # the 18th tile cannot be taken back once scored
    expect(undo).to_have_attribute("title", "La fin est affichée : on ne peut plus revenir en arrière")


def test_one_daily_attempt_per_date_and_its_share_gives_no_tile_away(page, context, boot):
    boot()
    page.click("#cards button[data-action='daily'][data-game='take-it-easy']")
    expect(page.locator("#banner .daily-label")).to_be_visible()
    expect(page.locator("#table button[data-action='restart']")).to_have_count(0)
    for _ in range(18):   # the 19th tile goes in the last hex by itself
        page.locator(".tie-main .tie-cell.legal").first.click()
    expect(page.locator("#ending button[data-action='again']")).to_have_count(0)
    assert_fits(page, "the daily deal's end", TABLETS)   # its result to copy over the board ran 22 px past 768×1024
    page.set_viewport_size({"width": 768, "height": 1024})
    page.click("#ending button[data-action='copy-daily']")
    expect(page.locator("#ending .copied")).to_contain_text("Copié")
    page.click("#ending button[data-action='share']")
    shared = page.locator("#share-text").input_value()
    assert "#replay=" not in shared and "points" in shared
    expect(page.locator(".dialog.share button[data-action='copy-share']")).to_have_text("Copier le résultat")
    page.keyboard.press("Escape")
    # delete the finished deal: a second tap still does not deal it again
    page.click("#table button[data-action='leave']")
    page.on("dialog", lambda dialog: dialog.accept())
    page.click("details.history summary")
    page.click("#history button[data-action='delete']")
    page.click("#cards button[data-action='daily'][data-game='take-it-easy']")
    expect(page.locator("#saved .notice").last).to_contain_text("déjà jouée")
    expect(page.locator("#table")).to_have_count(0)
    page.click("#stats summary")   # the statistics are folded under their title
    expect(page.locator("#stats [data-record='daily']")).to_contain_text("1 jour d'affilée")


def test_an_option_fixed_by_the_edition_is_disabled_with_its_reason(page, boot):
    boot()
    page.click("#cards button[data-action='new'][data-game='lucky-numbers']")
    page.select_option("#newgame select[name='opt-edition']", "ravensburger-2012")
    setup = page.locator("#newgame select[name='opt-setup']")
    expect(setup).to_be_disabled()
    expect(setup).to_have_value("michael")
    expect(page.locator("#newgame .option.fixed").first).to_contain_text("n'a que la mise en place de Michael")


def test_bots_move_from_their_own_worker_and_a_game_goes_on_to_its_end(page, context, boot):
    """The bots' worker starts once a bot's move has kept the table's worker busy (the strong
    Take It Easy bot's moves do; meanwhile the table's worker works them out itself); from then
    the bots' moves come from it, and the game goes on by taps to its end as before."""
    context.add_init_script("localStorage.setItem('ludotheque:settings', JSON.stringify({bot_delay: 300}));")
    boot()
    assert page.locator("script[type='py'][name='bots']").count() == 0   # not before a bot plays
    start(page, "take-it-easy", players=2, names=("Alice",), kinds=("human", "bot:expert"), options={"rounds": 1})
    for _ in range(18):   # the 19th tile goes in the last hex by itself
        page.locator(".tie-main .tie-cell.legal").first.click()
        page.wait_for_timeout(400)
        expect(page.locator("#table .tie-main .tie-cell.legal").first.or_(page.locator("#ending"))).to_be_visible()
    expect(page.locator("#ending")).to_be_visible()
    expect(page.locator(".tie-other").first.locator(".tie-cell.filled")).to_have_count(19)   # the bot's board, full
    assert page.locator("script[type='py'][name='bots']").count() == 1
    assert page.evaluate("performance.getEntriesByName('ludotheque:thought').length") >= 5
