"""Life at the table (issue #29) in the page: pieces travel from where they come from to where they
land, a tap during a glide finishes it and is not lost, nothing glides under reduced motion, and
the sound switch is kept."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from pagetools import draw_if_asked, hold_a_fitting_card, start, stored_moves, unfold, wait_for_human

pytestmark = [pytest.mark.browser, pytest.mark.motion]

# what static/motion.js animates, recorded as it starts; and, at each tap, how many glides were
# still running just before it and just after the page's own handlers saw the tap
WATCH = """
window.__travels = [];
window.__taps = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  const animation = animate.call(this, frames, options);
  const piece = this.hasAttribute('data-ghost')
    ? document.querySelector(`#table [data-travel="${this.getAttribute('data-ghost')}"]`) : null;
  if (piece) {
    const box = this.style;   // a ghost stands where its piece lands
    window.__travels.push({key: piece.getAttribute('data-travel'), from: piece.getAttribute('data-from'),
                           cell: piece.getAttribute('data-cell'), first: frames[0].transform, duration: options.duration,
                           x: parseFloat(box.left) + parseFloat(box.width) / 2, y: parseFloat(box.top) + parseFloat(box.height) / 2});
  }
  return animation;
};
const running = () => document.getAnimations().filter(a => a.id === 'travel' && a.playState === 'running').length;
window.addEventListener('pointerdown', () => window.__taps.push({before: running()}), true);
window.addEventListener('pointerdown', () => { window.__taps[window.__taps.length - 1].after = running(); });
"""

SLOW = "localStorage.setItem('ludotheque:settings', JSON.stringify({bot_pace: 'slow'}));"
FAST = "localStorage.setItem('ludotheque:settings', JSON.stringify({bot_delay: 0}));"


def travels(page) -> list[dict]:
    return page.evaluate("window.__travels")


def moved(first: str) -> float:
    """How far (px) a glide's first frame puts the piece from its place."""
    dx, dy = first.split("translate(")[1].split(")")[0].replace("px", "").split(",")
    return abs(float(dx)) + abs(float(dy))


def test_a_tile_glides_from_the_called_tile_to_its_hex_and_a_tap_finishes_it(page, context, boot):
    context.add_init_script(WATCH + SLOW)
    boot()
    start(page, "take-it-easy", players=1)
    cells = page.locator("#table .tie-main .tie-cell.legal")
    cells.nth(0).click()
    page.wait_for_function("window.__travels.length === 1")
    first = travels(page)
    assert len(first) == 1 and first[0]["from"] == "called" and moved(first[0]["first"]) > 20
    assert first[0]["duration"] == 600          # the slow pace chosen at the table
    cells.nth(3).click()                        # at once, while the first tile still glides
    page.wait_for_function("window.__travels.length === 2")
    assert stored_moves(page) == 2              # the tap was not lost
    taps = page.evaluate("window.__taps")
    assert all(tap["after"] == 0 for tap in taps), taps   # a tap finishes every glide at once
    # each glide ends on the hex tapped, now filled
    for glide in travels(page):
        cell = page.locator(f"#table .tie-main .tie-cell[data-cell='{glide['cell']}']")
        expect(cell).to_have_class("tie-cell filled")
        box = cell.bounding_box()
        assert box["x"] < glide["x"] < box["x"] + box["width"] and box["y"] < glide["y"] < box["y"] + box["height"]
    # a repaint of the same arrival does not glide again
    page.click("#table .toolbar [data-action='log']")
    page.click("#table .toolbar [data-action='log']")
    assert len(travels(page)) == 2


def test_nothing_glides_under_reduced_motion_and_the_tile_is_in_place(page, context, boot):
    context.add_init_script(WATCH + SLOW)
    page.emulate_media(reduced_motion="reduce")
    boot()
    start(page, "take-it-easy", players=1)
    page.locator("#table .tie-main .tie-cell.legal").nth(0).click()
    expect(page.locator("#table .tie-main .tie-cell.filled")).to_have_count(1)
    assert travels(page) == []
    # with no choice made, a device that asks for reduced motion starts with the sound off
    expect(page.locator("#sound-switch")).to_have_attribute("aria-pressed", "false")


REPAINT = "() => { const t = document.getElementById('table'); window.ludotheque.paintTable(t, t.innerHTML); }"


@pytest.mark.parametrize("context, finger", [({}, "mouse"), ({"has_touch": True}, "touch")], ids=["mouse", "touch"],
                         indirect=["context"])
def test_a_finger_down_while_the_table_repaints_still_places_the_tile(page, context, boot, finger):
    """A bot's move repaints the table while a person's finger is down on a hex: every control is
    replaced by its new copy, and a mouse's press on one and release on the other made no click
    (the tile was not placed). Lifted on the same hex, the tap now places the tile, once (a touch
    screen's own tap is not taken twice); a finger that slides off to another hex places
    nothing."""
    context.add_init_script(FAST)
    boot()
    # the form's default (#55.7, decided by two try-outs): no placement waits for a second tap,
    # on a touch screen as with a mouse (alone against the computer every tile waited: two taps a tile)
    page.click("#cards button[data-action='new'][data-game='take-it-easy']")
    unfold(page, "#newgame input[name='confirm']")
    box = page.locator("#newgame input[name='confirm']")
    expect(box).not_to_be_checked()
    expect(page.locator("#newgame .option", has=page.locator("input[name='confirm']"))).to_contain_text("Confirmer les poses qu’on ne peut pas annuler")
    page.click("#newgame button[data-action='close-layer']")
    start(page, "take-it-easy", players=1, confirm=False)
    assert page.evaluate("navigator.maxTouchPoints > 0") == (finger == "touch")
    cdp = context.new_cdp_session(page) if finger == "touch" else None

    def press_repaint_release(down, up) -> None:
        points = []
        for cell in (down, up):
            box = cell.bounding_box()
            points.append({"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2})
        if cdp:
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [points[0]]})
            page.evaluate(REPAINT)
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [points[1]]})
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        else:
            page.mouse.move(**points[0])
            page.mouse.down()
            page.evaluate(REPAINT)
            page.mouse.move(**points[1])
            page.mouse.up()

    legal = page.locator("#table .tie-main .tie-cell.legal")
    target = legal.nth(2).get_attribute("data-cell")
    hexes = lambda cell: page.locator(f"#table .tie-main .tie-cell[data-cell='{cell}']")
    press_repaint_release(hexes(target), hexes(target))
    expect(hexes(target)).to_have_class("tie-cell filled")
    page.wait_for_timeout(300)
    assert stored_moves(page) == 1                     # taken once, not twice
    first, other = legal.nth(0).get_attribute("data-cell"), legal.nth(5).get_attribute("data-cell")
    press_repaint_release(hexes(first), hexes(other))   # slid off: no tap
    page.wait_for_timeout(300)
    assert stored_moves(page) == 1
    expect(page.locator("#table .tie-main .tie-cell.filled")).to_have_count(1)


@pytest.mark.parametrize("game", ["3x16", "lucky-numbers", "rucki-zucki"])
def test_every_game_sends_its_pieces_from_where_they_come(page, context, boot, game):
    """3x16: the called tile to a column; Lucky Numbers: the drawn clover from the pile, then to
    the garden, and the bot's too; Rucki Zucki: a card from the hand to its cell."""
    context.add_init_script(WATCH + FAST)
    boot()
    if game == "3x16":
        start(page, "3x16", players=1)
        page.locator("#table .x16-drop.legal").first.click()
        expected = {"call"}
    elif game == "lucky-numbers":
        start(page, "lucky-numbers", players=2, kinds=("human", "bot:easy"))
        page.click("#table [data-act='confirm-setup']")
        wait_for_human(page)
        draw_if_asked(page)   # the first turn: the pool is empty, the table draws
        page.locator("#table .ln-garden.active .ln-cell.legal").first.click()
        wait_for_human(page)
        expected = {"pile", "drawn"}
    else:
        start(page, "rucki-zucki", players=2, kinds=("human", "bot:easy"))
        hold_a_fitting_card(page)
        page.locator("#table .rz-cell.legal").first.click()
        expected = {"hand"}
    page.wait_for_function("window.__travels.length > 0")
    seen = {t["from"] for t in travels(page) if moved(t["first"]) > 10}
    assert expected <= seen, travels(page)


def test_the_sound_switch_is_kept_and_cues_follow_the_table(page, context, boot, site):
    boot()
    switch = page.locator("#sound-switch")
    expect(switch).to_have_attribute("aria-pressed", "true")
    start(page, "take-it-easy", players=1)
    page.locator("#table .tie-main .tie-cell.legal").nth(0).click()
    expect(page.locator("html")).to_have_attribute("data-sound", "place")
    page.locator("#table .tie-main .tie-cell.filled").nth(0).click()    # taken: refused, with its reason
    expect(page.locator("#table .refusal.toast")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-sound", "refuse")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "false")
    assert stored_moves(page) == 1              # the switch is no tap on the table
    page.reload()
    page.wait_for_selector("html[data-engine='ready']")
    expect(page.locator("#sound-switch")).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("localStorage.getItem('ludotheque:sound')") == "off"


YESTERDAY_PLAYED = """
const day = new Date(Date.now() - 86400000).toLocaleDateString('sv-SE');
localStorage.setItem('ludotheque:stats', JSON.stringify({version: 1, counted: [], games: {'take-it-easy': {
  played: 1, players: {}, records: {}, daily: {[day]: {score: 120, hints: 0}}}}}));
"""


def test_a_daily_streak_is_celebrated_at_the_end(page, context, boot):
    """Yesterday's deal played on this device: today's ends saying two days in a row, with its
    chime."""
    context.add_init_script(YESTERDAY_PLAYED)
    boot()
    page.click("#cards [data-action='daily'][data-game='take-it-easy']")
    for placed in range(18):   # the 19th tile goes in the last hex by itself
        cells = page.locator(".tie-main .tie-cell.legal")
        expect(cells).to_have_count(19 - placed)
        cells.first.click()
    moment = page.locator("#ending .moment")
    expect(moment).to_contain_text("2 jours d'affilée !")
    expect(page.locator("html")).to_have_attribute("data-sound", "moment")


A_LOW_RECORD = """
localStorage.setItem('ludotheque:stats', JSON.stringify({version: 1, counted: [], games: {'take-it-easy': {
  played: 1, players: {}, records: {best_round: {score: 3, name: 'Joueur 1', when: 1}}}}}));
"""


def test_a_personal_record_beaten_is_announced(page, context, boot):
    """Today's deal played as the strongest bot would play it (the deal is the same everywhere,
    so this test knows its tiles), alone and without a hint: the round beats the device's best
    of 3 points, and the end screen says so."""
    from ludotheque import bots, games
    from ludotheque.web.storage.saves import daily_seed
    context.add_init_script(A_LOW_RECORD)
    boot()
    today = page.evaluate("new Date().toLocaleDateString('sv-SE')")
    game = games.get("take-it-easy")
    state = game.new(1, seed=daily_seed(game.id, today), options={"rounds": 1})
    cells = []
    while not state.is_over:
        move = bots.choose(state, "strong")
        cells.append(move["cell"])
        state.play(move)
    score = int(state.scores()[0])
    assert score > 3
    page.click("#cards [data-action='daily'][data-game='take-it-easy']")
    for cell in cells[:-1]:   # the last tile goes in the last hex by itself
        page.click(f".tie-main .tie-cell.legal[data-cell='{cell}']")
    expect(page.locator("#ending")).to_have_attribute("data-score", str(score))
    expect(page.locator("#ending .moment")).to_contain_text("Nouveau record personnel")
    expect(page.locator("#ending .moment")).to_contain_text(str(score))
