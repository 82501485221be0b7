"""Players' names as long as the new-game form allows (24 characters: a real French name and the
widest letters) keep every table within a tablet either way and a phone's width: in each game,
one person with bots, several people, and the end screen. A name is cut with an ellipsis where
room is short; no name runs off the screen or over another."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from pagetools import FAST_BOTS, names_out, start, stored_saves, wait_for_human
from test_tables import PHONE, TABLETS, assert_fits, tap_turn

LONG = "Marie-Charlotte Dupontel"
WIDE = "W" * 24
SIZES = (PHONE,) + TABLETS

# per game: the seats of a table of several people (all long names) and its number of turns
PEOPLE = {
    "lucky-numbers": (4, 8),
    "take-it-easy": (4, 8),
    "rucki-zucki": (6, 8),
    "3x16": (4, 8),
}
ONE_ROUND = {"take-it-easy": {"rounds": 1}, "rucki-zucki": {"rounds": 1}}
# a Rucki Zucki round may end after a couple of turns (a bot empties its hand): tables of people
# play three rounds and are measured at every turn
PLAYED = {"rucki-zucki": ({"rounds": 3}, 1)}


def assert_fits_with_names(page, when: str) -> None:
    """assert_fits at a phone and both tablet sizes, and at each every name stays in view."""
    for width, height in SIZES:
        assert_fits(page, when, ((width, height),))
        bad = names_out(page)
        assert not bad, f"{when} at {width}×{height}: " + "; ".join(bad[:4])


def play(page, game_id: str, turns: int, every: int, when: str) -> int:
    """The people's turns by taps (a hand-over cover is taken), measured every so many turns."""
    checks = 0
    for turn in range(turns):
        wait_for_human(page)
        if page.locator("#table .table[data-over='true']").count():
            break
        if page.locator("#pass-cover").count():
            if turn == 1:
                assert_fits_with_names(page, f"{when}: the hand-over cover")
            page.click("#pass-cover button[data-action='reveal']")
        tap_turn(page, game_id, turn)
        if turn % every == every - 1:
            wait_for_human(page)
            if page.locator("#pass-cover").count():
                page.click("#pass-cover button[data-action='reveal']")
            assert_fits_with_names(page, f"{when} at turn {turn + 1}")
            checks += 1
    return checks


@pytest.mark.long
@pytest.mark.parametrize("game_id", ["lucky-numbers", "take-it-easy", "rucki-zucki", "3x16"])
def test_long_names_keep_every_table_within_a_tablet_and_a_phone_width(page, context, boot, game_id):
    context.add_init_script(FAST_BOTS)
    boot()
    people, turns = PEOPLE[game_id]
    options = ONE_ROUND.get(game_id, {})
    played, every = PLAYED.get(game_id, (options, None))
    # one person with a long name and three bots
    page.set_viewport_size({"width": 768, "height": 1024})
    start(page, game_id, players=4, names=(LONG,), options=played, level="easy")
    assert play(page, game_id, 6, every or 3, f"{game_id}, {LONG} and bots") >= 2
    page.click("#table button[data-action='leave']")
    # several people, every name long
    page.set_viewport_size({"width": 768, "height": 1024})
    names = tuple((LONG, WIDE)[n % 2] for n in range(people))
    start(page, game_id, players=people, names=names, kinds=("human",) * people, options=played)
    assert [[seat["name"] for seat in save["seats"]] for save in stored_saves(page)].count(list(names)) == 1
    assert play(page, game_id, turns, every or 4, f"{game_id}, {people} people") >= 2
    page.click("#table button[data-action='leave']")
    # the end screen: the winner named, every board with its name
    page.set_viewport_size({"width": 768, "height": 1024})
    start(page, game_id, players=4, names=(WIDE, LONG, WIDE, LONG), kinds=("bot:easy",) * 4, options=options)
    expect(page.locator("#table .table[data-over='true']")).to_be_visible(timeout=120_000)
    assert_fits_with_names(page, f"{game_id}'s end")
    for width, height in SIZES:   # the ranking stays inside the box that names the winner
        page.set_viewport_size({"width": width, "height": height})
        inner, room = page.locator("#ending").evaluate("e => [e.scrollWidth, e.clientWidth]")
        assert inner <= room, f"{game_id}'s end at {width}×{height}: the ranking is {inner} px wide in {room} px"
    page.click("#table button[data-action='leave']")


def test_a_take_it_easy_solo_table_with_records_under_a_long_name_fits(page, context, boot):
    """Alone at Take It Easy, the personal bests (their holders' names as stored) stay on their
    lines instead of widening the table."""
    from ludotheque.web.storage import stats
    data = stats.empty()
    data["games"]["take-it-easy"] = {"played": 2, "players": {}, "records": {
        "best_round": {"score": 150, "name": WIDE, "when": 1700000000},
        "best_match": {"score": 480, "name": LONG, "when": 1700000000}}}
    context.add_init_script(f"localStorage.setItem('ludotheque:stats', {json.dumps(json.dumps(data))});")
    boot()
    start(page, "take-it-easy", names=(WIDE,))
    expect(page.locator(".tie-records .record")).to_have_count(2)
    for turn in range(3):
        page.locator(".tie-main .tie-cell.legal").first.click()
    assert_fits_with_names(page, "Take It Easy alone, with records")
    for record in page.locator(".tie-records .record").all():
        assert record.evaluate("r => r.getBoundingClientRect().right <= r.parentElement.getBoundingClientRect().right + 1")


def test_rucki_zucki_round_end_names_six_long_names_within_a_phone(page, boot):
    """The end of a round names who went out and each person's penalty: six of the widest names
    stay within a phone's width and the tablets (a random deal met it 16 px too wide)."""
    from ludotheque.web.storage.saves import Seat
    from pagetools import open_stored, stored_until
    names = [WIDE[:-n] + str(n) if n else WIDE for n in range(6)]
    save = stored_until("rucki-zucki", [Seat(name) for name in names],
                        lambda s: s.view(None)["phase"] == "scoring", options={"rounds": 3})
    boot()
    open_stored(page, save)
    if page.locator("#pass-cover").count():
        page.click("#pass-cover button[data-action='reveal']")
    expect(page.locator("#round-over li")).to_have_count(6)
    assert_fits_with_names(page, "the end of a round, six people")
