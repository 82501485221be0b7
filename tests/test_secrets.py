"""Nothing the page offers shows a person more than the table shows them (docs/DESIGN.md, "What
the table hides"): exports, imports, replay links, a second tab, the score table and the daily
deal's one attempt, on CPython through the saves and the shared table."""
from __future__ import annotations

import json
import re

import pytest

from ludotheque import games
from ludotheque.web.storage import stats
from ludotheque.web.table.registry import table_class
from ludotheque.web.storage.saves import (STATS_KEY, Save, SaveError, SaveStore, Seat, export_text,
                                          import_text, kept_back, read_share, share_code)
from ludotheque.web.table.session import Session
from ludotheque.web.table.view import render

from test_web_logic import MemoryStorage

TODAY = "2026-11-27"


def played(game_id: str, seats: list[Seat], moves: int, seed: int = 6, options=None, daily=None) -> Save:
    """A save after `moves` first legal moves (all of them: a finished game)."""
    state = games.get(game_id).new(len(seats), seed=seed, options=options)
    while not state.is_over and len(state.moves) < moves:
        state.play(state.legal_moves()[0])
    save = Save(id="g1", game=game_id, record=state.record(), seats=seats, daily=daily)
    save.follow(state)
    return save


def file_of(save: Save) -> str:
    """A hand-made export file (what export_text would write, without its check)."""
    return json.dumps({"format": "ludotheque-game", "save": save.to_dict()})


ALICE_BOB = [Seat("Alice"), Seat("Bob")]


@pytest.mark.parametrize("game_id, seats, moves, daily, reason", [
    ("rucki-zucki", ALICE_BOB, 5, None, "secret-hands"),
    ("rucki-zucki", [Seat("Alice"), Seat("Bot", "bot", "easy")], 5, None, "secret-hands"),
    ("take-it-easy", [Seat("Alice"), Seat("Bot", "bot", "easy")], 4, None, "secret-supply"),
    ("lucky-numbers", ALICE_BOB, 6, None, "secret-supply"),
    ("3x16", ALICE_BOB, 4, None, "secret-supply"),
    ("take-it-easy", [Seat("Alice")], 4, TODAY, "secret-daily"),
    ("take-it-easy", [Seat("Alice")], 10 ** 5, TODAY, "secret-daily"),      # ended, its day is not
    ("3x16", [Seat("Alice")], 4, "2026-11-20", "secret-daily"),             # an old deal, unfinished
])
def test_a_game_with_secrets_cannot_be_exported_imported_or_shared_before_its_end(game_id, seats, moves, daily, reason):
    save = played(game_id, seats, moves, options={"rounds": 1} if daily and game_id == "take-it-easy" else None,
                  daily=daily)
    assert kept_back(save, TODAY) == reason
    for copy in (lambda: export_text(save, TODAY), lambda: share_code(save, TODAY),
                 lambda: import_text(file_of(save), "n", today=TODAY)):
        with pytest.raises(SaveError) as refused:
            copy()
        assert refused.value.key == reason
        assert "secr" in refused.value.say("fr") and "secret" in refused.value.say("en")


@pytest.mark.parametrize("game_id, seats, moves, daily", [
    ("take-it-easy", [Seat("Alice")], 4, None),                       # alone: only one's own future
    ("rucki-zucki", ALICE_BOB, 10 ** 5, None),                        # over: every hand is shown
    ("take-it-easy", [Seat("Alice")], 10 ** 5, "2026-11-26"),         # yesterday's deal, ended
])
def test_what_shows_nothing_hidden_still_travels(game_id, seats, moves, daily):
    save = played(game_id, seats, moves, options={"rounds": 1} if game_id == "take-it-easy" else None, daily=daily)
    assert kept_back(save, TODAY) is None
    imported, state = import_text(export_text(save, TODAY), "n", today=TODAY)
    assert imported.record == save.record and imported.daily is None
    if save.over:
        assert read_share(share_code(save, TODAY), TODAY)[1].record() == state.record()


@pytest.mark.parametrize("game_id", ["take-it-easy", "3x16"])
@pytest.mark.parametrize("day", [TODAY, "2026-11-28"])   # tomorrow's: a friend whose clock is ahead plays it
def test_a_daily_deal_can_never_become_an_ordinary_game_before_its_day_is_over(game_id, day):
    """A file or a link holding the deal's seed is refused whatever it says it is: ordinary,
    another number of rounds, finished or not."""
    from ludotheque.web.storage.saves import daily_seed
    for moves in (3, 10 ** 5):
        save = played(game_id, [Seat("Alice")], moves, seed=daily_seed(game_id, day))
        assert kept_back(save, TODAY) == "secret-daily"
        with pytest.raises(SaveError, match="secret"):
            import_text(file_of(save), "n", today=TODAY)
        if save.over:
            from ludotheque.web.storage.saves import link_code
            with pytest.raises(SaveError, match="secret"):
                read_share(link_code(save), TODAY)


def test_the_export_button_says_why_when_tapped():
    session = two_tabs("rucki-zucki")[0]
    session.today = lambda: TODAY
    session.reveal()
    markup = render(session)
    button = re.search(r'<button[^>]*data-action="export"[^>]*>', markup).group(0)
    assert 'aria-disabled="true"' in button and "secrètes" in button     # its title says why
    assert session.refuse_copy() and "Pas d'export" in session.refused


# --- a second tab ----------------------------------------------------------------------------------

def two_tabs(game_id: str, seats=ALICE_BOB, options=None) -> list[Session]:
    """The same game open in two tabs over one storage (each tab its own Session)."""
    storage = MemoryStorage()
    state = games.get(game_id).new(len(seats), seed=3, options=options)
    save = Save(id="s1", game=game_id, record=state.record(), seats=seats)
    tabs = []
    for _ in range(2):
        copy = Save.from_json(save.to_json())
        tabs.append(Session(copy, copy.replay(), SaveStore(storage, clock=lambda: 1.0),
                            table_class(game_id), schedule=lambda fn, ms: None, bot_delay=0))
    return tabs


def play_turn(session: Session) -> None:
    """The person to act takes the tablet and plays a whole turn (until the turn passes on)."""
    seat = session.state.current_player
    if session.covered():
        session.reveal()
    while session.state.current_player == seat and not session.table.waits_for_humans():
        legal = session.state.legal_moves()
        session.play(next((m for m in legal if m["type"] in ("draw", "end")), legal[0]))


def test_a_tab_that_follows_the_other_tabs_moves_shows_no_hand_until_its_owner_takes_the_tablet():
    """Bob took the tablet in tab B; Alice then played in tab A: when tab B follows and the turn
    is Bob's again, his hand stays covered (it showed at once, uncovered)."""
    tab_a, tab_b = two_tabs("rucki-zucki")
    play_turn(tab_b)                              # Alice, in tab B
    play_turn(tab_b)                              # Bob takes the tablet in tab B and plays
    assert tab_a.reload_if_changed()
    play_turn(tab_a)                              # Alice, now in tab A
    assert tab_b.reload_if_changed()
    assert tab_b.state.current_player == 1
    assert tab_b.covered() and not tab_b.shows_hand()
    assert "rz-hand" not in render(tab_b) and "pass-cover" in render(tab_b)


def test_take_it_easy_covered_boards_say_no_score_of_a_round_still_being_played():
    """Round 2 with the boards covered: the next person sees the totals of round 1 only (a
    total used to jump as soon as its covered board completed a line), and "show the other
    boards" was the last person's wish, not theirs."""
    session = two_tabs("take-it-easy")[0]

    def place() -> None:
        session.carry_out(session.table.act("place", {"cell": str(session.table.view()["legal_cells"][0])}))

    while session.state.phase == "place":         # round 1, both people (the last tile goes by itself)
        place()
    session.carry_out(session.table.act("next-round", {}))
    after_round_1 = [sum(r[s] for r in session.state.round_scores) for s in range(2)]
    jumped = False
    while session.state.phase == "place":
        session.carry_out(session.table.act("show-all", {}))
        before = session.focus_seat()
        place()                                   # then the tablet goes on
        if session.state.phase != "place":
            break
        assert session.focus_seat() != before
        markup = render(session)
        totals = [int(x) for x in re.findall(r"<td>(\d+)</td></tr>", markup.split('class="tie-scores score-table"')[1])]
        assert totals == after_round_1
        assert session.table.show_all is False and "tie-covered" in markup
        jumped |= session.state.totals() != after_round_1
    assert jumped, "a line was completed during round 2: the test saw a total that must not show"


def test_adopting_another_tabs_move_covers_the_other_boards_again():
    tab_a, tab_b = two_tabs("take-it-easy")
    tab_b.carry_out(tab_b.table.act("show-all", {}))
    tab_a.carry_out(tab_a.table.act("place", {"cell": "4"}))
    assert tab_b.reload_if_changed() and tab_b.table.show_all is False


# --- the daily deal's one attempt ------------------------------------------------------------------

class StatsFull(MemoryStorage):
    """A storage with room for a game but not for the statistics."""

    def setItem(self, key, value):
        if key == STATS_KEY:
            raise RuntimeError("QuotaExceededError")
        super().setItem(key, value)


def daily_save(game_id: str = "3x16") -> Save:
    from ludotheque.web.storage.saves import daily_seed
    state = games.get(game_id).new(1, seed=daily_seed(game_id, TODAY))
    save = Save(id="d1", game=game_id, record=state.record(), seats=[Seat("A")], undo=False, daily=TODAY)
    save.follow(state)
    return save


def test_the_daily_attempt_is_claimed_once_and_never_opens_unmarked():
    store = SaveStore(MemoryStorage(), clock=lambda: 1.0)
    assert stats.claim_daily(store, "3x16", TODAY, daily_save()) is None
    assert store.storage.getItem(daily_save().key) is not None
    assert TODAY in stats.daily_results(stats.load(store)[0], "3x16")
    again = daily_save()
    again.id = "d2"
    assert stats.claim_daily(store, "3x16", TODAY, again) == "done"      # a second tab, a moment later
    assert store.storage.getItem(again.key) is None
    full = SaveStore(StatsFull(), clock=lambda: 1.0)
    assert stats.claim_daily(full, "3x16", TODAY, daily_save()) == "unmarked"
    assert full.storage.getItem(daily_save().key) is None                # no deal left open, unmarked
