"""Each game's guided first game in the page, played to its end by taps in French and in English:
every step lit on the board and said, one wrong tap refused with the step's sentence, the guide's
own moves played by itself, nothing stored, then a real game against an easy computer. The offer
comes with the first new-game dialog of a game, and not after."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from ludotheque import games, texts
from ludotheque.web.guide import Guide
from pagetools import FAST_BOTS, stored_saves

GUIDED = [game_id for game_id in games.ids() if games.get(game_id).guide is not None]


def taps(game_id: str, move: dict) -> list[str]:
    """The selectors a person taps, in order, to play `move` at the game's table."""
    kind = move["type"]
    if game_id == "lucky-numbers":
        cell = f"#table .ln-main [data-act='cell'][data-row='{move.get('row')}'][data-col='{move.get('col')}']"
        return {"setup": ["#table [data-act='confirm-setup']"], "draw": ["#table [data-act='draw']"],
                "discard": ["#table [data-act='discard']"], "place": [cell],
                "take": [f"#table [data-act='pool'][data-tile='{move.get('tile')}']", cell]}[kind]
    if game_id == "take-it-easy":
        return [f"#table .tie-main [data-act='place'][data-cell='{move['cell']}']"]
    if game_id == "rucki-zucki":
        if kind in ("draw", "end"):
            return [f"#table .rz-hand [data-act='{kind}']"]
        if kind == "joker":
            return ["#table .rz-hand [data-act='card'][data-card='joker']", f"#table [data-act='cell'][data-cell='{move['cell']}']"]
        return [f"#table [data-act='cell'][data-cell='{move['card']}']"]
    if kind == "place":
        return [f"#table [data-act='row'][data-row='{move['row']}']" if "row" in move
                else f"#table [data-act='column'][data-column='{move['column']}']"]
    if kind == "transfer":
        return [f"#table [data-act='bottom'][data-column='{move['column']}']"]
    return [f"#table [data-act='{kind}']"]


WRONG = {   # a tap the first step refuses: (the person's step it is tried at, the selector)
    "lucky-numbers": (3, "#table .ln-main [data-act='cell'][data-row='3'][data-col='0']"),
    "take-it-easy": (0, "#table .tie-main [data-act='place'][data-cell='18']"),
    "rucki-zucki": (0, "#table .rz-hand [data-act='draw']"),
    "3x16": (0, "#table [data-act='column'][data-column='4']"),
}


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game_id", GUIDED)
def test_the_guided_game_is_played_by_taps_to_a_real_game(page, site, context, game_id, lang):
    context.add_init_script(FAST_BOTS)
    page.goto(site)
    page.wait_for_selector("html[data-ready='true']", timeout=90_000)
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
        if guide.cover and page.locator("#pass-cover").count():
            expect(page.locator("#pass-cover #guide-note")).to_have_text(said[guide.cover])
            page.click("#pass-cover [data-action='reveal']")
        expect(note).to_contain_text(said[step.say])
        expect(page.locator("#table .hint").first).to_be_visible()   # where to tap is lit
        if n == wrong_at:
            page.click(wrong)
            expect(page.locator("#table .refusal.toast")).to_have_text(said[step.say])
        for selector in taps(game_id, step.move):
            page.click(selector)
    ending = page.locator("#guide-note.guide-end")
    expect(ending).to_contain_text(said[guide.end])
    assert stored_saves(page) == []   # never kept, so never counted, exported or shared
    ending.locator("[data-action='guide-real']").click()
    expect(page.locator("#guide-note")).to_have_count(0)
    saves = stored_saves(page)
    assert len(saves) == 1 and saves[0]["game"] == game_id
    assert [(s["kind"], s["level"]) for s in saves[0]["seats"]] == [("human", None), ("bot", "easy")]
    if lang == "fr":   # offered once: the next new game goes straight to the form
        page.click("#table [data-action='leave']")
        page.click(f"#cards button[data-action='new'][data-game='{game_id}']")
        expect(page.locator("#newgame")).to_be_visible()
        expect(page.locator("#newgame .guide-offer")).to_have_count(0)
        assert texts.TEXTS["fr"]["guide.offer"] not in page.locator("#newgame").inner_text()
