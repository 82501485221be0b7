"""The new-game form remembers the table (issue #40, point 5): it reopens with the last table of
that game (seats, kinds, levels, options), started again in one tap by "Same table"; the people
who played here are chips that seat them in a tap; a device that remembers no table offers
computers at the middle level; Start is in sight without scrolling on a tablet, the rarely changed
options folded with a count of those changed; a stored table this version cannot use is ignored."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from ludotheque import bots, games
from pagetools import FAST_BOTS, STORED_SAVES, start
from test_tables import PHONE, TABLETS

FORM = "#newgame"
SAME = "#newgame button[data-action='same-table']"


def settings_script(values: dict) -> str:
    """An init script that plants these settings (fast bots besides) before the page reads them."""
    return f"localStorage.setItem('ludotheque:settings', {json.dumps(json.dumps({'bot_delay': 0, **values}))});"


def open_form(page, game_id: str) -> None:
    page.click(f"#cards button[data-action='new'][data-game='{game_id}']")
    expect(page.locator(FORM)).to_be_visible()


def leave(page) -> None:
    page.click("#table button[data-action='leave']")
    expect(page.locator("#cards")).to_be_visible()


def test_the_form_reopens_with_the_last_table_of_that_game(page, context, boot):
    context.add_init_script(FAST_BOTS)
    boot()
    start(page, "lucky-numbers", players=3, names=("Zoé", "Yann"), kinds=("human", "human", "bot:easy"),
          options={"tournament": True, "first_player": "random"})
    leave(page)
    open_form(page, "lucky-numbers")
    expect(page.locator(f"{FORM} select[name='players']")).to_have_value("3")
    expect(page.locator(f"{FORM} input[name='seat-0-name']")).to_have_value("Zoé")
    expect(page.locator(f"{FORM} input[name='seat-1-name']")).to_have_value("Yann")
    expect(page.locator(f"{FORM} select[name='seat-1-kind']")).to_have_value("human")
    expect(page.locator(f"{FORM} select[name='seat-2-kind']")).to_have_value("bot:easy")
    expect(page.locator(f"{FORM} input[name='opt-tournament']")).to_be_checked()
    # the rarely changed option is folded, and the fold says one of its options was changed
    more = page.locator(f"{FORM} details.more")
    expect(more).not_to_have_attribute("open", "")
    expect(more.locator("summary")).to_have_text("Plus d’options (1 modifiée)")
    expect(page.locator(f"{FORM} select[name='opt-first_player']")).to_be_hidden()
    more.locator("summary").click()
    expect(page.locator(f"{FORM} select[name='opt-first_player']")).to_have_value("random")
    page.keyboard.press("Escape")
    # another game's form does not take that table
    open_form(page, "rucki-zucki")
    expect(page.locator(f"{FORM} input[name='seat-0-name']")).to_have_value("Joueur 1")
    expect(page.locator(SAME)).to_have_count(0)


def test_same_table_starts_it_again_in_one_tap_and_a_game_nobody_played_in_is_not_kept(page, context, boot):
    """Same table: the last table's seats and options, a new deal. A game left before anybody
    played in it is not kept (the try-out: Same table and back home, twice, listed two empty
    games under "Games in progress"); a game with a move is."""
    context.add_init_script(FAST_BOTS)
    boot()
    start(page, "take-it-easy", players=2, names=("Zoé", "Yann"), kinds=("human", "human"),
          options={"rounds": 1, "pairs": True})
    expect(page.locator("#table .tie-main .tie-cell.legal").first).to_be_visible()
    [first] = page.evaluate(STORED_SAVES)
    leave(page)
    assert page.evaluate(STORED_SAVES) == []
    expect(page.locator("#going")).to_have_count(0)
    open_form(page, "take-it-easy")
    expect(page.locator("#newgame .same-table")).to_contain_text("Zoé, Yann")
    page.click(SAME)
    expect(page.locator("#table")).to_be_visible()
    page.locator("#table .tie-main .tie-cell.legal").first.click()
    page.wait_for_function(f"() => ({STORED_SAVES})().some(s => s.record.moves.length === 1)")
    leave(page)
    [again] = page.evaluate(STORED_SAVES)
    assert len(again["record"]["moves"]) == 1, "the game with a move stays"
    expect(page.locator("#going li")).to_have_count(1)
    assert [s["name"] for s in again["seats"]] == ["Zoé", "Yann"]
    assert again["record"]["options"] == first["record"]["options"]
    assert again["record"]["options"]["rounds"] == 1 and again["record"]["options"]["pairs"] is True
    assert again["record"]["seed"] != first["record"]["seed"]


def test_a_known_person_is_a_chip_that_takes_the_next_free_seat(page, context, boot):
    people = [{"name": n, "colour": None} for n in ("Anna", "Bruno", "Chloé", "Denis", "Emma")]
    context.add_init_script(settings_script({"people": people}))
    boot()
    open_form(page, "3x16")   # a solitaire by default: one seat, four at most
    page.fill(f"{FORM} input[name='seat-0-name']", "Marc")   # typed, not yet sent: kept
    page.click(f"{FORM} .chips button[data-name='Anna']")
    expect(page.locator(f"{FORM} input[name='seat-0-name']")).to_have_value("Marc")
    expect(page.locator(f"{FORM} input[name='seat-1-name']")).to_have_value("Anna")
    expect(page.locator(f"{FORM} .chips button[data-name='Anna']")).to_have_count(0)   # seated
    page.click(f"{FORM} .chips button[data-name='Bruno']")
    page.click(f"{FORM} .chips button[data-name='Chloé']")
    expect(page.locator(f"{FORM} select[name='players']")).to_have_value("4")
    expect(page.locator(f"{FORM} input[name='seat-3-name']")).to_have_value("Chloé")
    # the game takes four: the others stay offered, greyed
    expect(page.locator(f"{FORM} .chips button[data-name='Denis']")).to_be_disabled()
    page.keyboard.press("Escape")
    # a default name is a free seat: the chip takes it, before adding one
    open_form(page, "lucky-numbers")
    page.click(f"{FORM} .chips button[data-name='Emma']")
    expect(page.locator(f"{FORM} input[name='seat-0-name']")).to_have_value("Emma")
    expect(page.locator(f"{FORM} select[name='players']")).to_have_value("2")


def test_a_new_device_offers_computers_at_the_middle_level(page, boot):
    boot()
    for game_id in games.ids():
        levels = bots.levels(game_id)
        middle = levels[(len(levels) - 1) // 2]
        assert middle != levels[-1]
        open_form(page, game_id)
        if page.locator(f"{FORM} select[name='players']").input_value() == "1":
            page.select_option(f"{FORM} select[name='players']", "2")
        expect(page.locator(f"{FORM} select[name='seat-1-kind']")).to_have_value(f"bot:{middle}")
        page.keyboard.press("Escape")
        expect(page.locator(FORM)).to_be_hidden()


def start_in_sight(page) -> dict:
    return page.evaluate("""() => {
        const box = document.querySelector("#newgame button[data-action='start']").getBoundingClientRect();
        const form = document.querySelector("#newgame").getBoundingClientRect();
        const bar = document.querySelector("#newgame .dialog-actions").getBoundingClientRect();
        return {top: box.top, bottom: box.bottom, height: innerHeight, scrolled: document.querySelector('#layer').scrollTop,
                form: form.bottom, bar: bar.bottom};
    }""")


@pytest.mark.parametrize("size", [*TABLETS, PHONE], ids=lambda s: f"{s[0]}x{s[1]}")
def test_start_is_in_sight_without_scrolling(page, boot, size):
    """For every game, on its first opening (with the guided game's offer) and on the next; the
    form scrolls inside itself, so none of its rows shows under or below the bar of Start."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    boot()
    for game_id in games.ids():
        for _ in range(2):
            open_form(page, game_id)
            box = start_in_sight(page)
            assert box["scrolled"] == 0 and 0 <= box["top"] and box["bottom"] <= box["height"], (game_id, box)
            # the form ends on its bar, on the screen: no row shows under it or below it
            assert box["form"] <= box["height"] and abs(box["bar"] - box["form"]) <= 2, (game_id, box)
            page.keyboard.press("Escape")
            expect(page.locator(FORM)).to_be_hidden()


def test_a_table_this_version_cannot_use_is_ignored(page, context, boot, watch):
    seat = {"name": "Ancien", "kind": "human", "level": None, "colour": None}
    tables = {
        "rucki-zucki": [seat, {**seat, "name": "Robot 2", "kind": "bot", "level": "easy"}],   # an older version's list
        "lucky-numbers": "n'importe quoi",
        "take-it-easy": {"version": 2, "seats": [seat], "options": {"rounds": 99}, "undo": True, "confirm": False},
        "3x16": {"version": 2, "seats": [{**seat, "kind": "bot", "level": "godlike"}], "options": {}},
    }
    context.add_init_script(settings_script({"tables": tables}))
    boot()
    for game_id in games.ids():
        open_form(page, game_id)
        expect(page.locator(f"{FORM} input[name='seat-0-name']")).to_have_value("Joueur 1")
        expect(page.locator(SAME)).to_have_count(0)
        page.keyboard.press("Escape")
        expect(page.locator(FORM)).to_be_hidden()
    start(page, "rucki-zucki")   # and a game still starts, its table then remembered
    leave(page)
    open_form(page, "rucki-zucki")
    expect(page.locator(SAME)).to_have_count(1)


@pytest.mark.parametrize("field", ("players", "seat-0-kind"))
def test_a_choice_by_keyboard_in_the_form_keeps_the_focus_on_its_field(page, context, boot, field):
    """The try-out: changing a <select> of the new-game form (the form is drawn again) sent the
    focus to the top of the form, its first button. Changed by the arrow keys, the field keeps the
    focus, with its new value, and stays where it was on the screen; the next arrow changes it again."""
    context.add_init_script(FAST_BOTS)
    boot()
    open_form(page, "take-it-easy")
    select = page.locator(f"{FORM} select[name='{field}']")
    select.focus()
    before, where = select.input_value(), select.bounding_box()["y"]
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.name") == field
    changed = select.input_value()
    assert changed != before
    assert abs(select.bounding_box()["y"] - where) < 2
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.name") == field
    assert select.input_value() != changed
