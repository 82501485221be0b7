"""UX: "Contrast meets WCAG AA" and "targets are at least 44 px". Every text on every screen a
player meets (home, the new-game dialog, each game's table in play with a refusal said, the
pass-the-tablet cover, the move log, the rules, the end screen and the review) is measured against
its background in the page, and every control there is measured."""
from __future__ import annotations

import io

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


def luminance(rgb) -> float:
    """WCAG's relative luminance of an sRGB colour."""
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def shot(page, box) -> list:
    """The pixels of `box` on the screen as a list of (r, g, b)."""
    from PIL import Image
    picture = Image.open(io.BytesIO(page.screenshot(clip=box))).convert("RGB")
    return list(picture.get_flattened_data()) if hasattr(picture, "get_flattened_data") else list(picture.getdata())


def focus_ring(page, cell: str, away: str) -> dict:
    """What the keyboard's focus changes on the control `cell` (reached by an arrow key from
    `away`, so that the browser shows its focus): the pixels of its box that change by 3:1 or
    more (the ring), and the least contrast of the ring's colour against the colours the control
    and its surroundings show without the focus (each one drawn on 2 % of its box or more)."""
    target = page.locator(cell)
    box = target.bounding_box()
    box = {"x": box["x"] - 4, "y": box["y"] - 4, "width": box["width"] + 8, "height": box["height"] + 8}
    page.locator(away).focus()
    plain = shot(page, box)
    page.keyboard.press("ArrowDown")
    assert page.evaluate(f"() => document.activeElement.matches({cell!r})"), cell
    lit = shot(page, box)
    ring = [b for a, b in zip(plain, lit) if contrast(a, b) >= 3]
    counts: dict = {}
    for colour in ring:
        counts[colour] = counts.get(colour, 0) + 1
    colour = max(counts, key=counts.get) if counts else None
    around: dict = {}
    for c in plain:
        around[c] = around.get(c, 0) + 1
    usual = [c for c, n in around.items() if n >= 0.02 * len(plain)]
    return {"pixels": len(ring), "width": box["width"], "colour": colour,
            "least": min(contrast(colour, c) for c in usual) if colour else 0}


def test_a_focused_empty_hex_has_a_ring_that_stands_out(page, context, boot):
    """The try-out: an empty hex of Take It Easy showed no focus ring (its lit edge grew thicker
    in the blue every lit hex around it has). Reached by the arrow keys, an empty hex (lit for the
    tile, and one that is not) has a ring at least 2 px wide all round it, whose colour stands out
    3:1 against everything the hex and its surroundings show without it."""
    context.add_init_script(FAST_BOTS)
    boot()
    start(page, "take-it-easy", names=("Alice",), options={"adjacency": "any"})
    page.locator(".tie-main .tie-cell[data-cell='9']").click()     # the middle: its neighbours lit, the rest not
    assert page.locator(".tie-main .tie-cell[data-cell='5'].legal").count() == 1
    assert page.locator(".tie-main .tie-cell[data-cell='1']:not(.legal):not(.filled)").count() == 1
    for cell, away in (("5", "4"), ("1", "0")):
        ring = focus_ring(page, f".tie-main .tie-cell[data-cell='{cell}']", f".tie-main .tie-cell[data-cell='{away}']")
        # a hexagon's edge is three times its width long: a ring of 2 px all round, inside it
        assert ring["pixels"] >= 2 * 3 * 0.8 * (ring["width"] - 8), (cell, ring)
        assert ring["least"] >= 3, (cell, ring)


@pytest.mark.parametrize("game_id, cell, away", (
    ("rucki-zucki", ".rz-board [data-cell='20']", ".rz-board [data-cell='9']"),
    ("lucky-numbers", ".ln-garden.active [data-row='1'][data-col='2']", ".ln-garden.active [data-row='0'][data-col='2']")))
def test_a_focused_cell_on_a_dark_board_has_a_ring_that_stands_out(page, context, boot, game_id, cell, away):
    """The page's blue focus ring was lost on Rucki Zucki's blue board and on a Lucky Numbers
    garden's green: reached by an arrow key, an empty cell there has a ring at least 2 px wide all
    round it, 3:1 against everything around it."""
    context.add_init_script(FAST_BOTS)
    boot()
    start(page, game_id, players=2, names=("Alice",))
    wait_for_human(page)
    page.wait_for_function(f"() => document.querySelector({cell!r} + '[data-act]')")
    ring = focus_ring(page, cell, away)
    assert ring["pixels"] >= 2 * 4 * (ring["width"] - 8), ring   # a square's edge: four times its width
    assert ring["least"] >= 3, ring
