"""UX: "Contrast meets WCAG AA" and "targets are at least 44 px". Every text on every screen a
player meets (home, the new-game dialog, each game's table in play with a refusal said, the
pass-the-tablet cover, the move log, the rules, the end screen and the review) is measured against
its background in the page, and every control there is measured."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from pagetools import FAST_BOTS, low_contrast, small_targets, start, wait_for_human


def assert_readable(page, where: str) -> None:
    bad = low_contrast(page)
    assert not bad, f"{where}: " + "; ".join(bad[:5])
    small = small_targets(page)
    assert not small, f"{where}: controls under 44 px: " + "; ".join(small[:5])


@pytest.mark.long   # a sweep over every screen of every game
def test_every_screen_meets_wcag_aa_contrast_with_targets_a_finger_wide(page, context, boot):
    context.add_init_script(FAST_BOTS)
    page.emulate_media(reduced_motion="reduce")   # measured at rest, not while a dialog grows in
    boot()
    assert_readable(page, "home")
    page.click("#cards button[data-action='new'][data-game='lucky-numbers']")
    assert_readable(page, "new-game dialog")
    page.click("#newgame button[data-action='start']")
    wait_for_human(page)
    page.click("button[data-act='confirm-setup']")
    wait_for_human(page)
    # a cell the move cannot go to (no tile in hand yet, or one the table drew for a forced draw): said beside it
    page.locator(".ln-main .ln-cell:not(.legal)").nth(1).click()
    expect(page.locator(".refusal")).to_be_visible()
    assert_readable(page, "Lucky Numbers with a refusal")
    page.click("#table .toolbar button[data-action='rules']")
    assert_readable(page, "the rules")
    page.keyboard.press("Escape")
    page.click("#table .toolbar button[data-action='leave']")
    start(page, "3x16", names=("Alice",))
    wait_for_human(page)
    assert_readable(page, "3x16")
    page.click("#table .toolbar button[data-action='leave']")
    start(page, "rucki-zucki", players=3, names=("Alice", "Bruno"), kinds=("human", "human", "bot:strong"))
    expect(page.locator("#pass-cover")).to_be_visible()
    assert_readable(page, "the pass-the-tablet cover")
    page.click("#pass-cover button[data-action='reveal']")
    assert_readable(page, "Rucki Zucki")
    page.click("#table .toolbar button[data-action='leave']")
    start(page, "take-it-easy", players=2, names=("Alice",), options={"rounds": 1})
    for placed in range(18):   # the 19th tile goes in the last hex by itself
        wait_for_human(page)
        page.locator(".tie-main .tie-cell.legal").first.click()
        if placed == 2:
            page.click("#table .toolbar button[data-action='log']")
            assert_readable(page, "Take It Easy with the move log")
            page.click("#move-log button[data-action='log']")
    expect(page.locator("#ending")).to_be_visible()
    page.wait_for_timeout(1500)   # the points have counted up
    assert_readable(page, "the end screen")
    page.click("#ending button[data-act='review']")
    expect(page.locator("#review .review-rows")).to_be_visible(timeout=90_000)
    assert_readable(page, "the review")
    page.keyboard.press("Escape")
    page.click("#table .toolbar button[data-action='leave']")
    expect(page.locator("#home")).to_be_visible()
    assert_readable(page, "home with games kept")
    page.click("#cards button[data-action='rules'][data-game='rucki-zucki']")
    assert_readable(page, "how to play, with its pictures")
