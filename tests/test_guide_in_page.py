"""Each game's guided first game in the page, played to its end by taps in French and in English:
every step lit on the board, said and within a tablet either way, one wrong tap refused with the step's sentence, the guide's
own moves played by itself, nothing stored, then a real game against an easy computer. The offer
comes with the first new-game dialog of a game, and not after."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from ludotheque import games, texts
from ludotheque.web.table.guide import Guide
from pagetools import FAST_BOTS, stored_saves
from screenshot import guide_taps
from test_tables import PHONE, TABLETS, assert_fits

GUIDED = [game_id for game_id in games.ids() if games.get(game_id).guide is not None]


WRONG = {   # a tap the first step refuses: (the person's step it is tried at, the selector)
    "lucky-numbers": (3, "#table .ln-main [data-act='cell'][data-row='3'][data-col='0']"),
    "take-it-easy": (0, "#table .tie-main [data-act='place'][data-cell='18']"),
    "rucki-zucki": (0, "#table .rz-hand [data-act='draw']"),
    "3x16": (0, "#table [data-act='column'][data-column='4']"),
}


@pytest.mark.parametrize("lang", ["fr", pytest.param("en", marks=pytest.mark.long)])
@pytest.mark.parametrize("game_id", GUIDED)
def test_the_guided_game_is_played_by_taps_to_a_real_game(page, site, context, game_id, lang):
    context.add_init_script(FAST_BOTS)
    page.goto(site)
    page.wait_for_selector("html[data-engine='ready']", timeout=90_000)
    if lang == "en":
        page.click("[data-action='lang']")
    game, guide = games.get(game_id), Guide(games.get(game_id))
    said = game.texts[lang]
    if lang == "fr":   # the first new game offers the guide
        page.click(f"#cards button[data-action='new'][data-game='{game_id}']")
        page.click("#newgame .guide-offer [data-action='guide']")
    else:              # always there in the rules
        page.click(f"#cards button[data-action='rules'][data-game='{game_id}']")
        page.click(".dialog.rules [data-action='guide']")
    note = page.locator("#table #guide-note")
    wrong_at, wrong = WRONG[game_id]
    for n, step in enumerate(guide.steps):
        if not step.say:
            continue
        if guide.cover:   # the guide may play a move of its own first (a formality), then the cover comes
            page.wait_for_function("(s) => !!document.querySelector('#pass-cover')"
                                   " || (document.querySelector('#table #guide-note') || {textContent: ''}).textContent.includes(s)",
                                   arg=said[step.say])
        if guide.cover and page.locator("#pass-cover").count():
            expect(page.locator("#pass-cover #guide-note")).to_have_text(said[guide.cover])
            page.click("#pass-cover [data-action='reveal']")
        expect(note).to_contain_text(said[step.say])
        expect(page.locator("#table .hint").first).to_be_visible()   # where to tap is lit
        if lang == "fr":   # every step fits a tablet either way without scrolling (a phone: never sideways)
            assert_fits(page, f"{game_id}, step {n}", sizes=(PHONE, TABLETS[1], TABLETS[0]))
        if n == wrong_at:
            page.click(wrong)
            expect(page.locator("#table .refusal.toast")).to_have_text(said[step.say])
        for selector in guide_taps(game_id, step.move):
            page.click(selector)
    ending = page.locator("#guide-note.guide-end")
    expect(ending).to_contain_text(said[guide.end])
    # it ends there: nobody is left thinking, no cover is left to take
    expect(page.locator("#pass-cover")).to_have_count(0)
    expect(page.locator("#banner")).not_to_contain_text("…")
    if game_id == "3x16":   # no fresh call left on show, as if the lesson went on
        expect(page.locator(".x16-call-number")).to_have_text("–")
    assert stored_saves(page) == []   # never kept, so never counted, exported or shared
    ending.locator("[data-action='guide-real']").click()
    # the new-game form, seated for the person and an easy computer; nothing stored until it starts
    form = page.locator("#newgame")
    expect(form).to_be_visible()
    expect(page.locator("#guide-note")).to_have_count(0)
    expect(form.locator(".guide-offer")).to_have_count(0)
    expect(form.locator("select[name='seat-1-kind']")).to_have_value("bot:easy")
    assert stored_saves(page) == []
    expect(page.locator("#going .saved-game")).to_have_count(0)   # no empty game "in progress"
    form.locator("button[data-action='start']").click()
    expect(page.locator("#table")).to_be_visible()
    saves = stored_saves(page)
    assert len(saves) == 1 and saves[0]["game"] == game_id
    assert [(s["kind"], s["level"]) for s in saves[0]["seats"]] == [("human", None), ("bot", "easy")]
    if lang == "fr":   # offered once: the next new game goes straight to the form
        page.click("#table [data-action='leave']")
        page.click(f"#cards button[data-action='new'][data-game='{game_id}']")
        expect(page.locator("#newgame")).to_be_visible()
        expect(page.locator("#newgame .guide-offer")).to_have_count(0)
        assert texts.TEXTS["fr"]["guide.offer"] not in page.locator("#newgame").inner_text()


def test_a_reload_in_the_middle_of_a_guided_game_reopens_it_at_the_same_step(page, site, context):
    """Two steps into Take It Easy's guided game, a reload (or the tablet's browser reopening the
    tab) brings back the guided table at its third step, not the home screen; nothing stored. A
    place this app cannot read (another app's value, a step past the script) opens the home."""
    context.add_init_script(FAST_BOTS)
    page.goto(site)
    page.wait_for_selector("html[data-engine='ready']", timeout=90_000)
    game, guide = games.get("take-it-easy"), Guide(games.get("take-it-easy"))
    page.click("#cards button[data-action='rules'][data-game='take-it-easy']")
    page.click(".dialog.rules [data-action='guide']")
    taught = [n for n, step in enumerate(guide.steps) if step.say]
    for n in taught[:2]:
        expect(page.locator("#table #guide-note")).to_contain_text(game.texts["fr"][guide.steps[n].say])
        for selector in guide_taps("take-it-easy", guide.steps[n].move):
            page.click(selector)
    third = game.texts["fr"][guide.steps[taught[2]].say]
    expect(page.locator("#table #guide-note")).to_contain_text(third)
    filled = page.locator(".tie-main .tie-cell.filled").count()
    page.reload()
    page.wait_for_selector("html[data-engine='ready']", timeout=90_000)
    expect(page.locator("#table #guide-note")).to_contain_text(third)
    expect(page.locator(".tie-main .tie-cell.filled")).to_have_count(filled)
    expect(page.locator("#home")).to_be_hidden()
    assert stored_saves(page) == []
    # the page keeps its own place when it goes away: the value is put back before the app reads it
    page.add_init_script("const w = sessionStorage.getItem('test-open'); if (w) {"
                         " sessionStorage.setItem('ludotheque:open', w); sessionStorage.removeItem('test-open'); }")
    for where in ("guide:take-it-easy:999", "guide:no-such-game:2", "guide:take-it-easy:-1:x"):
        page.evaluate("(where) => sessionStorage.setItem('test-open', where)", where)
        page.reload()
        page.wait_for_selector("html[data-engine='ready']", timeout=90_000)
        expect(page.locator("#home")).to_be_visible()
        expect(page.locator("#table")).to_have_count(0)


def test_on_a_phone_the_steps_sentence_stays_in_sight_when_the_page_scrolls_to_the_board(page, site, context):
    """A 390 px phone: Rucki Zucki's hand is below the board, so the person scrolls down to it; the
    step's sentence stays at the top of the screen (it scrolled away above), and the place to
    tap stays uncovered."""
    context.add_init_script(FAST_BOTS)
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.goto(site)
    page.wait_for_selector("html[data-engine='ready']", timeout=90_000)
    page.click("#cards button[data-action='rules'][data-game='rucki-zucki']")
    page.click(".dialog.rules [data-action='guide']")
    game, guide = games.get("rucki-zucki"), Guide(games.get("rucki-zucki"))
    first = next(step for step in guide.steps if step.say)
    page.click("#pass-cover [data-action='reveal']")   # the guided game starts on the hand-over cover
    expect(page.locator("#table #guide-note")).to_contain_text(game.texts["fr"][first.say])
    # scrolled down as a person would (again if a paint came in between)
    page.wait_for_function("() => { window.scrollTo(0, document.documentElement.scrollHeight); return window.scrollY > 150; }")
    note = page.locator("#table #guide-note").bounding_box()
    assert note["y"] >= 0 and note["y"] + note["height"] <= PHONE[1], note
    hint = page.locator("#table .hint").first
    hint.scroll_into_view_if_needed()
    uncovered = hint.evaluate("""(el) => { const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); }""")
    assert uncovered
