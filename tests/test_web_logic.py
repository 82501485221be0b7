"""The page's pure logic on CPython: escaped markup, the new-game form, saves, and a table
session driven by taps and bots exactly as the page drives it."""
from __future__ import annotations

import json

import pytest

from ludotheque import bots, games
from ludotheque.core import BadOptions
from ludotheque.web import i18n
from ludotheque.web.screens import newgame
from ludotheque.web.dom import Raw, h
from ludotheque.web.storage.saves import ASIDE_PREFIX, SAVE_PREFIX, Save, SaveError, SaveStore, Seat
from ludotheque.web.table.session import Session
from ludotheque.web.table.view import render


class MemoryStorage:
    """The Web Storage API over a dict."""

    def __init__(self):
        self.items: dict[str, str] = {}

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        self.items[key] = str(value)

    def removeItem(self, key):
        self.items.pop(key, None)

    def key(self, index):
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None

    @property
    def length(self):
        return len(self.items)


def test_markup_escapes_every_text_and_attribute():
    hostile = '<img src=x onerror="alert(1)">&'
    out = h("p", {"title": hostile, "data-x": hostile}, hostile, Raw("<b>ok</b>"))
    assert "<img" not in out.replace("<b>ok</b>", "")
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;" in out
    assert out.endswith("<b>ok</b></p>")
    assert h("input", {"checked": True, "disabled": False}) == "<input checked>"


def test_new_game_form_parses_seats_and_typed_options():
    game = games.get("lucky-numbers")
    form = {"players": "3", "seat-0-name": "  Alice  ", "seat-1-kind": "bot:medium", "seat-1-name": "",
            "seat-2-kind": "bot:nonsense", "opt-setup": "michael", "opt-bruno": True, "opt-tournament": False}
    players, seats, options = newgame.parse(game, form)
    assert players == 3
    assert seats[0] == Seat("Alice")
    assert seats[1].is_bot and seats[1].level == "medium" and seats[1].name == "Robot 2"
    assert not seats[2].is_bot  # an unknown level is not trusted
    assert options["setup"] == "michael" and options["bruno"] is True
    with pytest.raises(BadOptions):
        newgame.parse(game, {"players": "9"})
    with pytest.raises(BadOptions):
        newgame.parse(game, {"players": "2", "opt-setup": "chaos"})


def test_new_game_dialog_offers_every_option_with_its_default():
    game = games.get("take-it-easy")
    markup = newgame.dialog(game, 1, newgame.default_seats(game, 1), game.default_options())
    for opt in game.options:
        assert f'name="opt-{opt.name}"' in markup
    assert "Nouvelle partie" in markup and "Humain" in markup
    for level in bots.levels("take-it-easy"):
        assert f'value="bot:{level}"' in markup


def test_saves_round_trip_and_bad_values_are_set_aside_not_lost():
    storage = MemoryStorage()
    store = SaveStore(storage, clock=lambda: 1000.0)
    game = games.get("take-it-easy")
    state = game.new(1, seed=5)
    state.play(state.legal_moves()[0])
    save = Save(id=store.new_id(), game=game.id, record=state.record(), seats=[Seat("<b>Zoé</b>")])
    store.write(save)
    storage.setItem(SAVE_PREFIX + "bad", "{oops")
    storage.setItem(SAVE_PREFIX + "old", json.dumps({"version": 0}))
    saves, problems = store.load_all()
    assert [s.id for s in saves] == [save.id]
    assert {p.key for p in problems} == {SAVE_PREFIX + "bad", SAVE_PREFIX + "old"}
    assert "JSON" in next(p.reason for p in problems if p.key.endswith("bad"))
    assert "JSON valide" in next(p.error.say("fr") for p in problems if p.key.endswith("bad"))
    aside = json.loads(storage.getItem(ASIDE_PREFIX + "bad"))
    assert aside["value"] == "{oops"          # the bad text is kept where it can be exported
    loaded, again = store.load(save.id)
    assert loaded.seats[0].name == "<b>Zoé</b>" and str(again) == str(state)


def test_a_save_whose_record_fails_is_refused_with_the_move_number():
    game = games.get("take-it-easy")
    record = game.new(1, seed=5).record()
    record["moves"] = [{"type": "place", "cell": 0}, {"type": "place", "cell": 0}]
    save = Save(id="x", game=game.id, record=record, seats=[Seat("A")])
    with pytest.raises(SaveError, match="move 2"):
        save.replay()
    with pytest.raises(SaveError, match="does not know"):
        Save(id="y", game="chess", record=record, seats=[Seat("A")]).replay()


def make_session(game_id: str, seats: list[Seat], seed: int = 3, options=None):
    from ludotheque.web.table.registry import table_class
    storage = MemoryStorage()
    store = SaveStore(storage, clock=lambda: 1.0)
    game = games.get(game_id)
    state = game.new(len(seats), seed=seed, options=options)
    save = Save(id="s1", game=game_id, record=state.record(), seats=seats)
    queue: list = []
    session = Session(save, state, store, table_class(game_id), schedule=lambda fn, ms: queue.append(fn),
                      bot_delay=0)
    return session, queue, storage


def test_bots_play_their_turns_and_every_move_is_saved():
    session, queue, storage = make_session("lucky-numbers", [Seat("Alice"), Seat("Bot", "bot", "greedy")])
    session.carry_out(session.table.act("confirm-setup", {}))
    assert queue, "the bot's setup is scheduled, not played at once"
    while queue and session.bot_to_play():
        queue.pop(0)()
    assert session.state.current_player == 0
    saved = json.loads(storage.getItem(SAVE_PREFIX + "s1"))
    assert saved["record"]["moves"] == session.state.record()["moves"]
    assert "Alice" in render(session)


def test_a_refused_tap_changes_nothing_and_says_why_in_french():
    session, queue, _ = make_session("take-it-easy", [Seat("Alice")])
    session.carry_out(session.table.act("place", {"cell": "4"}))
    before = session.state.record()
    session.carry_out(session.table.act("place", {"cell": "4"}))
    assert session.state.record() == before
    assert session.refused == "La case 2 de la colonne 2 a déjà une tuile."
    assert "La case 2 de la colonne 2 a déjà une tuile." in render(session)


@pytest.mark.parametrize("game_id, taps, english", [
    ("take-it-easy", [("place", {"cell": "4"}), ("place", {"cell": "4"})], "Hex 2 of column 2 already has a tile."),
    ("rucki-zucki", [("cell", {"cell": "P"})], "That is the pile: no card ever goes on P."),
])
def test_a_refusal_on_screen_follows_a_change_of_language(game_id, taps, english):
    """The reason a tap was refused is said again in English when the page switches (it stayed
    in French)."""
    from ludotheque.web import i18n
    session, _, _ = make_session(game_id, [Seat("Alice")] + [Seat("Bot", "bot", "easy")] * (game_id == "rucki-zucki"))
    for action, data in taps:
        session.carry_out(session.table.act(action, data))
    french = session.refused
    assert french and french != english
    try:
        i18n.set_lang("en")
        assert session.refused == english and english in render(session)
    finally:
        i18n.set_lang("fr")
    assert session.refused == french


def test_the_score_screen_waits_for_a_human_between_rounds():
    session, queue, _ = make_session("take-it-easy", [Seat("Bot", "bot", "easy"), Seat("Alice")])
    for _ in range(200):
        if session.state.view()["phase"] != "place":
            break
        if session.bot_to_play():
            session.bot_turn()
        else:
            session.carry_out(session.table.act("place", {"cell": str(session.state.view(1)["legal_cells"][0])}))
    view = session.state.view()
    assert view["phase"] == "scoring" and session.state.current_player == 0
    queue.clear()
    session.wake_bots()
    assert not queue, "no bot starts the next round while people read the scores"
    assert "tie-scores" in render(session)


def test_undo_goes_back_until_a_tile_was_revealed():
    session, _, storage = make_session("take-it-easy", [Seat("Alice"), Seat("Bob")])
    assert not session.can_undo()
    first_cell = session.state.legal_moves()[0]["cell"]
    session.carry_out(session.table.act("place", {"cell": str(first_cell)}))
    assert session.can_undo(), "Bob has not placed yet: nothing new is revealed"
    session.undo()
    assert session.undo_asked and len(session.state.moves) == 1, "Bob's tap asks before Alice's move goes"
    session.undo(confirmed=True)
    assert session.state.moves == [] and session.state.current_player == 0
    assert json.loads(storage.getItem(SAVE_PREFIX + "s1"))["record"]["moves"] == []
    session.carry_out(session.table.act("place", {"cell": "0"}))
    session.carry_out(session.table.act("place", {"cell": "0"}))  # Bob places: the next tile is revealed
    assert not session.can_undo()


def test_undo_can_be_turned_off_and_is_never_offered_for_a_bot_move():
    session, queue, _ = make_session("take-it-easy", [Seat("Alice"), Seat("Bob")])
    session.save.undo = False
    session.carry_out(session.table.act("place", {"cell": "3"}))
    assert not session.can_undo()
    assert 'data-action="undo"' not in render(session)
    solo, _, _ = make_session("take-it-easy", [Seat("Alice")])
    solo.carry_out(solo.table.act("place", {"cell": "3"}))
    assert not solo.can_undo(), "placing the solo tile reveals the next one"


def test_daily_result_text_has_date_score_and_a_picture_of_the_board():
    from ludotheque.games.take_it_easy.rules import TILES, score_board
    from ludotheque.games.take_it_easy.board import daily_text
    board307 = [(5, 6, 3), (5, 7, 8), (5, 2, 4), (5, 6, 8), (5, 7, 3), (5, 2, 8), (5, 6, 4), (1, 6, 4), (1, 7, 8),
                (1, 2, 3), (1, 6, 8), (1, 7, 4), (9, 7, 4), (9, 2, 8), (9, 6, 3), (9, 7, 8), (9, 2, 4), (9, 6, 8),
                (9, 7, 3)]
    assert all(tile in TILES for tile in board307)
    total, lines = score_board(board307)
    text = daily_text("2026-11-25", total, lines)
    first, *rows = text.split("\n")
    assert "25 novembre 2026" in first and "307" in first
    assert [row.count("★") for row in rows] == [3, 4, 5, 4, 3]   # every line scored: 3 lines per cell
    broken = [(1, 2, 3), (5, 6, 4), (9, 7, 8)] * 6 + [(1, 6, 8)]
    _, lines = score_board(broken)
    assert "★" not in daily_text("2026-11-25", 0, lines)


def test_solo_records_keep_the_best_round_and_match():
    from ludotheque.web.storage import stats
    store = SaveStore(MemoryStorage(), clock=lambda: 5.0)
    game = games.get("take-it-easy")
    data = stats.empty()
    for seed in (1, 2):
        state = game.new(1, seed=seed)
        while not state.is_over:
            state.play(state.legal_moves()[0])
        save = Save(id=f"g{seed}", game=game.id, record=state.record(), seats=[Seat("Zoé")])
        assert stats.count_finished(data, save, state)
        assert not stats.count_finished(data, save, state), "a game counts once"
    entry = data["games"]["take-it-easy"]
    assert entry["played"] == 2 and entry["players"] == {}, "a game alone is neither won nor lost"
    assert entry["records"]["best_round"]["score"] >= 0
    assert entry["records"]["best_match"]["score"] >= entry["records"]["best_round"]["score"]
    assert stats.store_stats(store, data)
    assert stats.load(store)[0] == json.loads(json.dumps(data))
    duel = game.new(2, seed=3)
    while not duel.is_over:
        duel.play(duel.legal_moves()[0])
    assert stats.count_finished(data, Save(id="d", game=game.id, record=duel.record(),
                                           seats=[Seat("Zoé"), Seat("Yann")]), duel)
    won = [data["games"]["take-it-easy"]["players"][name]["won"] for name in ("Zoé", "Yann")]
    assert data["games"]["take-it-easy"]["players"]["Zoé"]["played"] == 1 and sum(won) >= 1


def test_lucky_numbers_undo_takes_back_a_placement_but_never_a_draw():
    session, _, _ = make_session("lucky-numbers", [Seat("Alice"), Seat("Bob")])
    session.carry_out(session.table.act("confirm-setup", {}))
    assert session.can_undo(), "the setup revealed nothing new"
    session.carry_out(session.table.act("confirm-setup", {}))
    session.carry_out(session.table.act("draw", {}))
    assert not session.can_undo(), "a drawn tile is never put back"
    drawn = session.state.view()["drawn"]
    session.carry_out(session.table.act("discard", {}))
    assert session.can_undo()
    session.undo()   # Bob's turn: Alice's discard goes back once he says so
    session.undo(confirmed=True)
    assert session.state.view()["phase"] == "drawn" and session.state.view()["drawn"] == drawn


def test_choosing_the_2012_edition_brings_its_only_setup():
    game = games.get("lucky-numbers")
    _, _, options = newgame.parse(game, {"players": "2", "opt-edition": "ravensburger-2012",
                                         "opt-setup": "standard", "opt-bruno": True})
    assert options["edition"] == "ravensburger-2012"
    assert options["setup"] == "michael" and options["bruno"] is False
    assert game.new(2, seed=1, options=options).view()["phase"] == "michael"


def play_human_turn(session):
    """A simple human: draw, then place on the first lit cell or discard."""
    session.carry_out(session.table.act("draw", {}))
    view = session.state.view()
    if view["phase"] != "drawn":
        return
    for r in range(4):
        for c in range(4):
            lo_hi = view["fits"][view["current"]][r][c]
            if lo_hi and lo_hi[0] <= view["drawn"] <= lo_hi[1]:
                session.carry_out(session.table.act("cell", {"row": str(r), "col": str(c)}))
                return
    session.carry_out(session.table.act("discard", {}))


def test_lucky_numbers_tournament_shows_standings_between_games():
    session, queue, _ = make_session("lucky-numbers", [Seat("Alice"), Seat("Bot", "bot", "greedy")],
                                     options={"tournament": True})
    session.carry_out(session.table.act("confirm-setup", {}))
    for _ in range(400):
        if session.state.view()["phase"] == "between-games":
            break
        if session.bot_to_play():
            queue.clear()
            session.bot_turn()
        elif session.state.view()["phase"] == "setup":
            session.carry_out(session.table.act("confirm-setup", {}))
        else:
            play_human_turn(session)
    view = session.state.view()
    assert view["phase"] == "between-games"
    queue.clear()
    session.wake_bots()
    assert not queue, "the standings wait for a person"
    markup = render(session)
    assert "ln-standings" in markup and 'data-act="next-game"' in markup
    session.carry_out(session.table.act("next-game", {}))
    assert session.state.view()["tournament"]["game_index"] == 1


def test_michael_setup_by_tapping_diagonal_cells():
    session, _, _ = make_session("lucky-numbers", [Seat("Alice"), Seat("Bob")], options={"setup": "michael"})
    session.carry_out(session.table.act("cell", {"row": "0", "col": "1"}))
    assert session.refused and session.state.moves == []
    for seat_round in range(6):   # the last diagonal cell is each seat's only one: the table fills it
        cell = seat_round // 2
        session.carry_out(session.table.act("cell", {"row": str(cell), "col": str(cell)}))
    assert [e.get("auto", False) for e in session.log[6:]] == [True, True, True]
    # the first turn: the pool is empty, so Alice's only move is to draw: the table draws for her
    assert session.state.view()["phase"] == "drawn" and session.log[-1]["move"] == {"type": "draw"}
    assert session.log[-1]["auto"]
    assert all(session.state.view()["gardens"][s][k][k] for s in range(2) for k in range(4))


def test_a_game_only_called_here_counts_in_no_statistics_and_shows_no_scores():
    from ludotheque.web.storage import stats
    for game_id in ("take-it-easy", "3x16"):
        game = games.get(game_id)
        state = game.new(1, seed=1, options={"mode": "caller"})
        while not state.is_over:
            state.play(state.legal_moves()[0])
        save = Save(id="c", game=game_id, record=state.record(), seats=[Seat("Zoé")])
        data = stats.empty()
        assert not stats.count_finished(data, save, state)
        assert data == stats.empty()
    session, _, _ = make_session("take-it-easy", [Seat("Zoé")], options={"mode": "caller"})
    while not session.state.is_over:
        session.play(session.state.legal_moves()[0])
    markup = render(session)
    assert "tie-scores" not in markup and "ending" in markup


def test_lucky_numbers_ranks_a_tournament_by_its_points_and_a_game_by_cells_filled():
    from ludotheque.web.i18n import t
    tournament, _, _ = make_session("lucky-numbers", [Seat("A"), Seat("B")], options={"tournament": True})
    single, _, _ = make_session("lucky-numbers", [Seat("A"), Seat("B")])
    assert t(tournament.table.score_key) == "Points" and t(single.table.score_key) == "Cases remplies"


def second_tab(first: Session, storage: MemoryStorage) -> tuple[Session, list]:
    """The same saved game opened in another tab (same storage, its own scheduler)."""
    from ludotheque.web.table.registry import table_class
    store = SaveStore(storage, clock=lambda: 1.0)
    save, state = store.load(first.save.id)
    queue: list = []
    tab = Session(save, state, store, table_class(save.game), schedule=lambda fn, ms: queue.append(fn),
                  bot_delay=0)
    return tab, queue


def test_two_tabs_at_a_game_with_a_bot_never_both_play_its_turn():
    first, first_bots, storage = make_session("take-it-easy", [Seat("Alice"), Seat("Bot", "bot", "easy")])
    first.persist()
    second, second_bots = second_tab(first, storage)
    for turn in range(4):
        tab, bots, other, other_bots = (first, first_bots, second, second_bots) if turn % 2 == 0 else \
            (second, second_bots, first, first_bots)
        cell = next(m for m in tab.state.legal_moves())
        assert tab.play(cell)
        assert other.reload_if_changed()          # the storage event in the other tab
        assert other_bots, "the other tab keeps a late turn for the bot, in case this tab is closed"
        bots.pop(0)()                              # this tab's bot replies and writes
        other_bots.pop(0)()                        # the other tab's turn comes later: it follows instead
        assert other.message is None and tab.message is None, "no false conflict"
        assert other.state.moves == tab.state.moves
        stored = Save.from_json(storage.getItem(tab.save.key))
        assert stored.record["moves"] == tab.state.record()["moves"] and len(tab.state.moves) == 2 * (turn + 1)
        bots.clear(), other_bots.clear()


def test_a_tab_plays_the_bot_when_the_tab_that_moved_was_closed():
    first, first_bots, storage = make_session("take-it-easy", [Seat("Alice"), Seat("Bot", "bot", "easy")])
    first.persist()
    second, second_bots = second_tab(first, storage)
    first.play(first.state.legal_moves()[0])       # and the first tab is closed before its bot plays
    assert second.reload_if_changed()
    second_bots.pop(0)()
    assert len(second.state.moves) == 2 and second.message is None
    assert len(Save.from_json(storage.getItem(second.save.key)).record["moves"]) == 2


def test_a_personal_best_is_one_persons_alone_unaided_and_in_its_own_variant():
    """The solo best round mixed variants, rounds of several players and rounds played with hints."""
    from ludotheque.web.storage import stats
    game = games.get("take-it-easy")

    def finished(save_id: str, players: int, options: dict, hints: int = 0) -> tuple[Save, object]:
        state = game.new(players, seed=7, options={"rounds": 1, **options})
        while not state.is_over:
            state.play(state.legal_moves()[0])
        return Save(id=save_id, game=game.id, record=state.record(), seats=[Seat(f"P{n}") for n in range(players)],
                    hints=hints), state

    data = stats.empty()
    for save_id, players, options, hints in (("duo", 2, {}, 0), ("hinted", 1, {}, 3), ("pairs", 1, {"pairs": True}, 0),
                                             ("plain", 1, {}, 0)):
        stats.count_finished(data, *finished(save_id, players, options, hints))
    records = data["games"]["take-it-easy"]["records"]
    assert set(records) == {"best_round", "best_round.pairs"}
    i18n.set_lang("en")
    assert i18n.record_text(game, "best_round.pairs", records["best_round.pairs"]).startswith("Best round (Pairs): ")
    assert stats.wrong_part(json.loads(json.dumps(data))) is None


def test_take_it_easy_line_scores_never_stand_on_one_another():
    """The try-out: on an end board "+36" and "+9" stood 4 px apart, unreadable. Two lines of
    different directions can share the hex past their ends; the second's points then stand past
    its other end. Over random full boards (the case comes up in about one in a hundred) no two
    scores stand closer than half a hex."""
    import math
    import random
    import re
    from ludotheque.games.take_it_easy import rules as tie
    from ludotheque.games.take_it_easy.board import H, board_svg
    rng = random.Random(1)
    shared = 0
    for _ in range(500):
        tiles = rng.sample(range(len(tie.TILES)), tie.CELLS)
        board = [list(tie.TILES[tile]) for tile in tiles]
        _, lines = tie.score_board(board)
        scored = [line for line in lines if line["status"] == "scored"]
        shared += any(math.dist(tie_next(a), tie_next(b)) < 1 for i, a in enumerate(scored) for b in scored[i + 1:])
        svg = str(board_svg(board, lines, [], False, label=""))
        spots = [(float(x), float(y)) for x, y in re.findall(r'class="tie-points" x="([-\d.]+)" y="([-\d.]+)"', svg)]
        assert len(spots) == len(scored)
        assert all(math.dist(a, b) >= H / 2 for i, a in enumerate(spots) for b in spots[i + 1:]), spots
    assert shared, "no board where two lines' points would meet"


def tie_next(line) -> tuple[float, float]:
    """The place past a Take It Easy line's last hex (where its points stand first)."""
    import math
    from ludotheque.games.take_it_easy.board import H, centre
    (x1, y1), (x2, y2) = centre(line["cells"][0]), centre(line["cells"][-1])
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    return x2 + (x2 - x1) / length * H, y2 + (y2 - y1) / length * H
