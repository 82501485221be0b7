"""Rucki Zucki: the board against RULES.md §4 and §7, the seed text's examples, turns, the joker,
the end of a round, the options, views and hidden hands, records, bots."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludotheque import bots, games
from ludotheque.core import IllegalMove, Rng, bot_levels, default_bot_level, get_bot
from ludotheque.games.rucki_zucki import rules as rz
from test_saves_logic import touch_every_container

GAME = rz.GAME

VECTORS = {
    21: [9, 10, 11, 20, 22, 31, 32, 33],
    25: [14, 15, 16, "J", 26, 36, 37, 38],
    24: [13, 14, "J", 35, 36],
    "J": [13, 14, 15, 24, 25, 35, 36, 37],
    "P": [6, 7, 8, 18, 19, 28, 29, 30],
    18: [5, 6, 7, 17, "P", 27, 28, 29],
    19: [7, 8, 9, "P", 20, 29, 30, 31],
    7: [6, 8, 18, "P", 19],
    29: [18, "P", 19, 28, 30, 40, 41, 42],
    1: [2, 13, 14],
    46: [33, 34, 45],
}


def rigged(players: int = 2, board: dict | None = None, hands: list[list] | None = None,
           pile: list[int] | None = None, turn: int = 0, **options):
    """A fresh state, then the board, hands and pile set by hand (cards by number; "joker" for
    the joker; board keys are cell labels). Unlisted cards go to the pile."""
    state = GAME.new(players, seed=1, options=options)
    state.board = [None] * rz.CELLS
    for label, card in (board or {}).items():
        state.board[state.layout.index(label)] = rz.JOKER if card == "joker" else card
    state.hands = [[rz.JOKER if c == "joker" else c for c in h] for h in (hands or [[] for _ in range(players)])]
    used = {c for c in state.board if c is not None} | {c for h in state.hands for c in h}
    state.pile = [c for c in range(rz.CARDS, -1, -1) if c not in used] if pile is None else list(pile)
    state.turn = turn
    state.placed = []
    return state


def refusal(state, move) -> IllegalMove:
    before = json.dumps(state.record()), str(state), json.dumps(state.view(state.current_player))
    with pytest.raises(IllegalMove) as err:
        state.play(move)
    assert (json.dumps(state.record()), str(state), json.dumps(state.view(state.current_player))) == before
    return err.value


def conserved(state) -> None:
    cards = sorted([c for h in state.hands for c in h] + state.pile + [c for c in state.board if c is not None])
    assert cards == list(range(rz.CARDS + 1))


# --- the board -------------------------------------------------------------------------------------

def test_blue_board_is_the_verified_layout():
    assert rz.BLUE[:12] == tuple(range(1, 13))
    assert rz.BLUE[12:24] == (13, 14, 15, 16, 17, 18, "P", 19, 20, 21, 22, 23)
    assert rz.BLUE[24:36] == (24, "J", *range(25, 35))
    assert rz.BLUE[36:] == tuple(range(35, 47))
    assert rz.BLUE.index("P") == rz.P_POS == 1 * 12 + 6 and rz.BLUE.index("J") == rz.J_POS == 2 * 12 + 1


@pytest.mark.parametrize("label", list(VECTORS))
def test_neighbourhood_vectors(label):
    assert rz.neighbours(label) == VECTORS[label]


def test_red_layout_is_fixed_and_keeps_p_and_j():
    assert rz.RED == rz._shuffled_layout(rz.RED_LAYOUT_SEED)
    assert rz.RED.index("P") == rz.P_POS and rz.RED.index("J") == rz.J_POS
    assert sorted(x for x in rz.RED if isinstance(x, int)) == list(range(1, 47))
    assert rz.RED != rz.BLUE
    views = [GAME.new(2, seed=s, options={"board": "red"}).view(0)["layout"] for s in (1, 2)]
    assert views[0] == views[1] == [list(rz.RED[r * 12:(r + 1) * 12]) for r in range(4)]
    assert GAME.new(2, seed=1, options={"board": "red"}).view(None)["printed"] is False


def test_random_layout_changes_each_round_and_game():
    state = GAME.new(2, seed=5, options={"board": "random"})
    first = state.layout
    assert first.index("P") == rz.P_POS and first.index("J") == rz.J_POS
    assert GAME.new(2, seed=6, options={"board": "random"}).layout != first
    assert GAME.new(2, seed=5, options={"board": "random"}).layout == first
    finish_round(state)
    state.play({"type": "next-round"})
    assert state.layout != first and state.layout == rz.random_layout(5, 1)


# --- the seed text's examples ------------------------------------------------------------------------

def test_21s_neighbours_take_cards_and_others_do_not():
    hand = [9, 10, 11, 20, 22, 31, 32, 33, 8, 23, 30]
    state = rigged(board={21: 21}, hands=[hand, [1]])
    fits = {e["card"] for e in state.playable()}
    assert fits == {9, 10, 11, 20, 22, 31, 32, 33}


def test_chain_11_12_23_34_in_one_turn():
    state = rigged(board={21: 21}, hands=[[34, 23, 12, 11, 40], [1]])
    assert refusal(state, {"type": "place", "card": 12}).key == "no-neighbour"
    for card in (11, 12, 23, 34):
        state.play({"type": "place", "card": card})
    assert state.turn == 0 and state.placed == [11, 12, 23, 34] and state.hands[0] == [40]
    state.play({"type": "end"})
    assert state.turn == 1


def test_24_is_not_reached_from_25_past_an_empty_j_but_14_and_36_go_round():
    state = rigged(board={25: 25}, hands=[[24, 14, 36, 1], [2]])
    err = refusal(state, {"type": "place", "card": 24})
    assert err.key == "no-neighbour-joker-cell" and err.params == {"card": 24, "other": 25}
    assert "joker cell" in str(err) and "empty" in str(err)
    assert {e["card"] for e in state.playable()} == {14, 36}
    state.play({"type": "place", "card": 14})
    state.play({"type": "place", "card": 24})
    assert state.board[state.cell[24]] == 24


def test_the_joker_on_j_connects_24_and_25():
    state = rigged(board={25: 25, "J": "joker"}, hands=[[24, 1], [2]])
    state.play({"type": "place", "card": 24})
    assert state.placed == [24]


@pytest.mark.parametrize("on_board,card", [(18, 19), (19, 18), (7, 29), (29, 7)])
def test_the_pile_never_connects_even_with_the_joker_on_j(on_board, card):
    state = rigged(board={on_board: on_board, "J": "joker"}, hands=[[card, 1], [2]])
    err = refusal(state, {"type": "place", "card": card})
    assert err.key == "no-neighbour-pile" and err.params == {"card": card, "other": on_board}
    assert "pile lies between" in str(err)


def test_p_cannot_take_the_joker_and_never_counts_as_occupied():
    state = rigged(board={18: 18}, hands=[["joker", 1], [2]])
    assert refusal(state, {"type": "joker", "cell": "P"}).key == "joker-on-pile"
    assert "P" not in state.joker_cells()
    assert state.joker_cells() == [5, 6, 7, 17, 27, 28, 29]


# --- setup and turns -------------------------------------------------------------------------------------

@pytest.mark.parametrize("players,pile", [(2, 36), (3, 31), (4, 26), (5, 21), (6, 16)])
def test_setup_deals_five_and_turns_one_card(players, pile):
    state = GAME.new(players, seed=players)
    assert [len(h) for h in state.hands] == [5] * players
    assert len(state.pile) == pile
    assert sum(c is not None for c in state.board) == 1
    conserved(state)
    assert state.current_player == 0 and state.dealer == players - 1


def test_an_opening_joker_goes_on_25():
    seed = next(s for s in range(500) if GAME.new(2, seed=s).board[rz.BLUE.index(25)] == rz.JOKER)
    state = GAME.new(2, seed=seed)
    assert sum(c is not None for c in state.board) == 1
    assert state.view(0)["joker"] == 25


def test_placing_is_never_compulsory_and_a_draw_ends_the_turn():
    state = rigged(board={21: 21}, hands=[[20, 40], [1]], pile=[5, 6, 22])
    assert {"type": "draw"} in state.legal_moves() and {"type": "end"} not in state.legal_moves()
    assert refusal(state, {"type": "end"}).key == "nothing-placed"
    state.play({"type": "draw"})
    assert sorted(state.hands[0]) == [20, 22, 40] and state.turn == 1
    assert state.view(0)["drawn"] == 22 and state.view(1)["drawn"] is None


def test_after_a_placement_the_turn_ends_without_drawing():
    state = rigged(board={21: 21}, hands=[[20, 40], [1]], pile=[5, 6, 7])
    state.play({"type": "place", "card": 20})
    assert refusal(state, {"type": "draw"}).key == "placed-no-draw"
    assert {"type": "draw"} not in state.legal_moves()
    state.play({"type": "end"})
    assert state.turn == 1 and len(state.pile) == 3


def test_refusals_say_why():
    state = rigged(board={21: 21}, hands=[[20, 40], [1]])
    assert refusal(state, {"type": "place", "card": 41}).key == "not-in-hand"
    assert refusal(state, {"type": "place", "card": 47}).key == "bad-card"
    assert refusal(state, {"type": "place", "card": True}).key == "field-type"   # the core refuses it
    assert refusal(state, {"type": "place", "card": 40}).key == "no-neighbour"
    assert refusal(state, {"type": "exchange", "card": 20}).key == "no-joker-there"
    assert refusal(state, {"type": "joker", "cell": 22}).key == "no-joker-in-hand"
    assert refusal(state, {"type": "next-round"}).key == "not-between-rounds"
    assert refusal(state, {"type": "place", "card": 20, "cell": 20}).key == "move-fields"
    assert refusal(state, {"type": "place"}).key == "move-fields"
    assert refusal(state, {"type": "draw", "card": 1}).key == "move-fields"
    assert refusal(state, {"type": "fly"}).key == "unknown-move"
    assert refusal(state, "draw").key == "malformed"
    for key in ("unknown-move", "move-fields", "malformed", "game-over", "field-type"):
        assert GAME.text("en", f"illegal.{key}") != GAME.text("fr", f"illegal.{key}") != f"illegal.{key}"


# --- the joker -----------------------------------------------------------------------------------------

def test_joker_needs_a_neighbour_by_default_or_goes_anywhere():
    state = rigged(board={21: 21}, hands=[["joker", 1], [2]])
    err = refusal(state, {"type": "joker", "cell": 40})
    assert err.key == "joker-no-neighbour"
    assert set(state.joker_cells()) == {9, 10, 11, 20, 22, 31, 32, 33}
    anywhere = rigged(board={21: 21}, hands=[["joker", 1], [2]], joker="anywhere")
    assert len(anywhere.joker_cells()) == 46 - 1 + 1  # every empty number cell, and J
    anywhere.play({"type": "joker", "cell": 40})
    assert anywhere.board[anywhere.cell[40]] == rz.JOKER


def test_exchange_takes_the_joker_back_and_it_may_be_replayed_at_once():
    state = rigged(board={21: 21, 22: "joker"}, hands=[[22, 5], [2]])
    assert refusal(state, {"type": "place", "card": 22}).key == "exchange-instead"
    state.play({"type": "exchange", "card": 22})
    assert state.board[state.cell[22]] == 22 and sorted(state.hands[0]) == [0, 5]
    assert state.placed == [22] and {"type": "end"} in state.legal_moves()
    assert state.view(None)["joker"] == "hand" and state.view(None)["joker_seat"] == 0
    state.play({"type": "joker", "cell": 23})
    assert state.view(None)["joker"] == 23 and state.view(None)["joker_seat"] is None
    assert state.hands[0] == [5] and state.placed == [22, rz.JOKER]


def test_the_joker_on_j_stays_and_is_never_exchanged():
    state = rigged(board={25: 25}, hands=[["joker", 3], [2]])
    state.play({"type": "joker", "cell": "J"})
    assert state.board[rz.J_POS] == rz.JOKER
    state.play({"type": "end"})
    assert refusal(state, {"type": "exchange", "card": 2}).key == "joker-stays"


def test_the_joker_counts_100():
    assert rz.penalty([rz.JOKER, 3, 40]) == 143


# --- the end of a round --------------------------------------------------------------------------------

def test_an_empty_hand_ends_the_round_at_once_and_hands_show():
    state = rigged(3, board={21: 21}, hands=[[20, 22], [1, "joker"], [46]])
    state.play({"type": "place", "card": 20})
    state.play({"type": "place", "card": 22})
    assert state.phase == "scoring" and state.round_scores == [[0, -101, -46]]
    assert state.current_player == 1 and state.legal_moves() == [{"type": "next-round"}]
    for seat in (None, 0, 1, 2):
        assert state.view(seat)["hands"] == [[], [1, "joker"], [46]]
    assert refusal(state, {"type": "place", "card": 1}).key == "round-over"
    info = state.information()
    state.play({"type": "next-round"})
    assert state.round == 1 and state.information() > info and state.current_player == 1
    assert state.dealer == 0 and [len(h) for h in state.hands] == [5, 5, 5]
    conserved(state)


def test_the_last_card_may_be_placed_then_the_round_ends():
    state = rigged(board={21: 21}, hands=[[40], [1]], pile=[22])
    state.play({"type": "draw"})
    assert state.phase == "last-draw" and state.turn == 0
    assert state.legal_moves() == [{"type": "place", "card": 22}, {"type": "end"}]
    assert state.view(0)["last_card"] == 22 and state.view(1)["last_card"] is None
    state.play({"type": "place", "card": 22})
    assert state.phase == "scoring" and state.round_scores == [[-40, -1]]


def test_only_the_drawn_card_unless_any_cards():
    state = rigged(board={21: 21}, hands=[[20, 40], [1]], pile=[31])
    state.play({"type": "draw"})
    assert refusal(state, {"type": "place", "card": 20}).key == "only-drawn-card"
    assert refusal(state, {"type": "draw"}).key == "pile-empty"
    state.play({"type": "end"})
    assert state.round_scores == [[-91, -1]]
    other = rigged(board={21: 21}, hands=[[20, 40, 19], [1]], pile=[31], last_draw="any-cards")
    other.play({"type": "draw"})
    other.play({"type": "place", "card": 20})
    assert other.phase == "last-draw"
    other.play({"type": "place", "card": 19})
    other.play({"type": "end"})
    assert other.round_scores == [[-71, -1]]


def test_a_last_card_that_does_not_fit_ends_the_round_at_once():
    state = rigged(board={21: 21}, hands=[[20], [1]], pile=[46])
    state.play({"type": "draw"})
    assert state.phase == "scoring" and state.round_scores == [[-66, -1]]


def test_rounds_dealer_rotation_and_winners():
    state = GAME.new(3, seed=4)
    assert state.rounds == 3
    firsts = []
    while not state.is_over:
        if state.phase == "turn" and not state.placed and not firsts[-1:] == [(state.round, state.first)]:
            firsts.append((state.round, state.first))
        state.play(state.legal_moves()[0])
    assert [f for _, f in firsts] == [0, 1, 2]
    assert len(state.round_scores) == 3 and state.current_player is None
    totals = state.totals()
    assert state.winners() == [s for s in range(3) if totals[s] == max(totals)]
    assert state.result()["scores"] == [float(t) for t in totals]
    assert GAME.new(2, seed=1, options={"rounds": 5}).rounds == 5


def test_ties_are_shared():
    state = GAME.new(2, seed=1, options={"rounds": 1})
    state.round_scores = [[-10, -10]]
    state.phase, state.turn = "over", None
    assert state.winners() == [0, 1]


# --- views and hidden information -----------------------------------------------------------------------

def test_views_are_json_copies_and_hide_other_hands():
    state = GAME.new(3, seed=9)
    before = json.dumps(state.record()), str(state)
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view
        reference = json.dumps(state.view(seat), sort_keys=True)
        touch_every_container(view)
        assert json.dumps(state.view(seat), sort_keys=True) == reference
    assert (json.dumps(state.record()), str(state)) == before
    scoring = state.copy()
    finish_round(scoring)
    view = scoring.view(None)
    reference = json.dumps(view, sort_keys=True)
    touch_every_container(view)
    assert json.dumps(scoring.view(None), sort_keys=True) == reference
    public = state.view(None)
    assert public["hand"] is None and public["hands"] is None and public["playable"] == []
    assert public["hand_sizes"] == [5, 5, 5]
    for seat in range(3):
        view = state.view(seat)
        assert view["hand"] == [rz.card_json(c) for c in rz.hand_order(state.hands[seat])]
        assert view["hands"] is None and view["pile"] == len(state.pile)
        assert (view["playable"] != []) == (seat == 0 and bool(state.playable()))
    hidden = [c for c in range(1, 47) if state.board[state.cell[c]] != c]
    numbers = json.dumps(public["board"])
    assert all(f" {c}," not in numbers and f"[{c}," not in numbers for c in hidden)


def test_view_shows_only_the_viewers_cards():
    """Swapping two other hands or reordering the pile changes nothing in a seat's view."""
    state = GAME.new(4, seed=12)
    swapped = state.copy()
    swapped.hands[2], swapped.hands[3] = swapped.hands[3], swapped.hands[2]
    swapped.pile.reverse()
    for seat in (None, 0, 1):
        assert state.view(seat) == swapped.view(seat)
    assert state.view(2) != swapped.view(2)


def test_describe_names_no_drawn_card():
    state = rigged(board={21: 21}, hands=[[20, 40], [1]], pile=[5, 6, 22])
    assert GAME.describe(state, {"type": "draw"}) == {"key": "move.draw", "params": {}}
    assert GAME.describe(state, {"type": "place", "card": 20}) == {"key": "move.place", "params": {"card": 20}}
    last = rigged(board={21: 21}, hands=[[20], [1]], pile=[22])
    assert GAME.describe(last, {"type": "draw"})["key"] == "move.draw-last"
    assert GAME.describe(last, {"type": "place", "card": 20})["key"] == "move.place-last"
    for key in ("move.draw", "move.place", "move.place-last", "move.exchange", "move.joker", "move.joker-on-j",
                "move.end", "move.stop", "move.next-round", "move.draw-last"):
        assert key in GAME.texts["en"] and key in GAME.texts["fr"]


def test_information_grows_at_every_draw_and_round():
    state = GAME.new(2, seed=3)
    seen = [state.information()]
    while not state.is_over:
        move = state.legal_moves()[0] if state.phase != "turn" or state.placed else {"type": "draw"}
        before = state.information()
        state.play(move)
        if move["type"] in ("draw", "next-round"):
            assert state.information() > before
        else:
            assert state.information() >= before
        seen.append(state.information())
    assert seen == sorted(seen)


def test_texts_name_every_phase_and_the_printed_layout():
    """(Both languages' keys, blanks and options: test_contract.py, for every game.)"""
    en = GAME.texts["en"]
    for phase in ("turn", "turn-stuck", "placed", "placed-done", "last-draw", "last-draw-any", "scoring", "over"):
        assert f"prompt.{phase}" in en
    assert "label.layout-red" in en and "not the printed" in en["label.layout-red"]
    assert en["rules"].count("\n\n") >= 6


# --- random play, records ---------------------------------------------------------------------------------

def finish_round(state) -> None:
    while state.phase in ("turn", "last-draw"):
        state.play(state.legal_moves()[0])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6),
       board=st.sampled_from(["blue", "red", "random"]), joker=st.sampled_from(["connected", "anywhere"]),
       last_draw=st.sampled_from(["drawn-card", "any-cards"]), rounds=st.sampled_from(["seats", 1, 2]))
def test_random_legal_play_keeps_invariants_and_replays(seed, players, board, joker, last_draw, rounds):
    options = {"board": board, "joker": joker, "last_draw": last_draw, "rounds": rounds}
    state = GAME.new(players, seed=seed, options=options)
    rng = Rng(seed)
    info = state.information()
    while not state.is_over:
        legal = state.legal_moves()
        assert legal and state.current_player is not None
        if state.phase in ("turn", "last-draw"):
            conserved(state)
            view = state.view(state.current_player)
            assert len(view["hand"]) == view["hand_sizes"][state.current_player]
        move = rng.choice(legal)
        state.check(move)
        state.play(move)
        assert state.information() >= info
        info = state.information()
    assert state.current_player is None and state.legal_moves() == []
    assert len(state.round_scores) == state.rounds
    again = GAME.replay(json.loads(json.dumps(state.record())))
    assert str(again) == str(state) and again.result() == state.result()
    assert again.view(None) == state.view(None)


def test_copy_is_independent_and_shares_the_game():
    state = GAME.new(3, seed=2)
    twin = state.copy()
    twin.play(twin.legal_moves()[0])
    assert state.moves == [] and twin.game is state.game
    assert state.view(0) == GAME.new(3, seed=2).view(0)


def test_registry():
    assert "rucki-zucki" in games.ids() and games.get("rucki-zucki") is GAME
    assert GAME.new().players == 3


# --- determinisation and bots ------------------------------------------------------------------------

def test_determinise_is_consistent_with_the_view():
    state = GAME.new(4, seed=21)
    for _ in range(12):
        state.play(state.legal_moves()[-1])
    seat = state.current_player
    view = state.view(seat)
    sample = rz.determinise(view, Rng(1))
    assert sorted(sample.hands[seat]) == sorted(state.hands[seat])
    assert [len(h) for h in sample.hands] == view["hand_sizes"] and len(sample.pile) == view["pile"]
    assert sample.board == state.board and sample.layout == state.layout
    conserved(sample)
    assert sample.view(seat) == view
    assert rz.unseen_cards(view) == sorted([c for s, h in enumerate(state.hands) if s != seat for c in h]
                                           + state.pile)
    assert sorted(sample.pile + [c for s, h in enumerate(sample.hands) if s != seat for c in h]) == \
        rz.unseen_cards(view)


def test_levels_weakest_first_with_strong_by_default():
    assert bot_levels(GAME.id) == ["easy", "medium", "strong"]
    assert default_bot_level(GAME.id) == "strong"


@pytest.mark.parametrize("level", ["easy", "medium", "strong"])
@pytest.mark.parametrize("players,options", [(2, {}), (4, {"last_draw": "any-cards", "joker": "anywhere"}),
                                             (3, {"board": "red", "rounds": 1})])
def test_bots_play_whole_matches_with_legal_moves(level, players, options):
    state = GAME.new(players, seed=7, options=options)
    bot = get_bot(GAME.id, level, seed=1)
    while not state.is_over:
        move = bot.choose(state)
        assert move in state.legal_moves(), (move, str(state))
        state.play(move)


@pytest.mark.parametrize("level", ["easy", "medium", "strong"])
def test_bots_are_deterministic_for_their_seed(level):
    def run(seed):
        state = GAME.new(3, seed=11, options={"rounds": 1})
        bot = get_bot(GAME.id, level, seed=seed)
        while not state.is_over:
            state.play(bot.choose(state))
        return state.record()["moves"]
    assert run(5) == run(5)


def positions(count: int = 6):
    """Mid-round positions from bot play, for the hidden-information tests."""
    out = []
    for seed in range(count):
        state = GAME.new(3, seed=seed)
        bot = get_bot(GAME.id, "easy", seed=0)
        for _ in range(8 + seed * 3):
            if state.phase != "turn":
                break
            state.play(bot.choose(state))
        if state.phase == "turn":
            out.append(state)
    return out


@pytest.mark.parametrize("level", ["easy", "medium", "strong"])
def test_bot_choice_ignores_hidden_information(level):
    for state in positions():
        seat = state.current_player
        others = [s for s in range(state.players) if s != seat]
        hidden = state.copy()
        hidden.pile.reverse()
        pool = [c for s in others for c in hidden.hands[s]] + hidden.pile
        Rng(len(pool)).shuffle(pool)
        for s in others:
            size = len(hidden.hands[s])
            hidden.hands[s], pool = pool[:size], pool[size:]
        hidden.pile = pool
        assert hidden.view(seat) == state.view(seat)
        assert hidden.hands != state.hands
        a = get_bot(GAME.id, level, seed=3).choose(state)
        b = get_bot(GAME.id, level, seed=3).choose(hidden)
        assert a == b


def test_easy_places_everything_it_can_and_medium_keeps_a_reserve():
    state = rigged(board={21: 21}, hands=[[20, 22, 9, 40, 45], [1, 2, 3, 4, 5]])
    easy = get_bot(GAME.id, "easy")
    medium = get_bot(GAME.id, "medium")
    trial = state.copy()
    while trial.turn == 0:
        trial.play(easy.choose(trial))
    assert sorted(trial.hands[0]) == [40, 45]
    trial = state.copy()
    while trial.turn == 0:
        trial.play(medium.choose(trial))
    assert sorted(trial.hands[0]) == [9, 40, 45]


def test_bots_go_out_when_they_can():
    for level in ("easy", "medium", "strong"):
        state = rigged(board={21: 21}, hands=[[20, 22, 19], [1, 2, 3, 4, 5]])
        bot = get_bot(GAME.id, level)
        while state.phase == "turn":
            state.play(bot.choose(state))
        assert state.round_scores[-1][0] == 0, level


def test_bots_get_rid_of_the_joker_and_never_exchange_after_the_last_draw():
    state = rigged(board={21: 21}, hands=[["joker", 40], [1, 2]])
    move = get_bot(GAME.id, "easy").choose(state)
    assert move["type"] == "joker"
    last = rigged(board={21: 21, 22: "joker"}, hands=[[40], [1]], pile=[22])
    last.play({"type": "draw"})
    for level in ("easy", "medium", "strong"):
        assert get_bot(GAME.id, level).choose(last) == {"type": "end"}


def test_bot_hands_to_the_next_round():
    state = rigged(board={21: 21}, hands=[[20], [1]])
    state.play({"type": "place", "card": 20})
    assert bots.choose(state, "strong") == {"type": "next-round"}


def test_strong_weighs_the_match_face_to_face_and_the_round_with_more_players():
    """Face to face the fewest points over the match win: in the last round a lead of 40 points
    is kept by losing the round by 30 and lost by losing it by 50, whatever the mean edge says;
    with a round still to come a bigger lead is worth more; with three seats, the round's edge."""
    from ludotheque.games.rucki_zucki import bots as rz_bots
    bot = get_bot("rucki-zucki", "strong", seed=0)
    last = {"rounds": 2, "round": 2, "penalties": [[10, 50]]}
    assert bot.value(last, [30, 0], 0) == pytest.approx(bot.match_scale - 30 * bot.edge_weight)
    assert bot.value(last, [50, 0], 0) == pytest.approx(-50 * bot.edge_weight)
    assert bot.value(last, [40, 0], 0) == pytest.approx(bot.match_scale / 2 - 40 * bot.edge_weight)
    first = {"rounds": 2, "round": 1, "penalties": []}
    values = [bot.value(first, [mine, 20], 0) for mine in (100, 40, 20, 0)]
    assert values == sorted(values) and values[2] == pytest.approx(bot.match_scale / 2)
    assert bot.value({"rounds": 3, "round": 3, "penalties": [[0, 0, 90]]}, [10, 20, 30], 0) == 15
    assert isinstance(bot, rz_bots.StrongBot)


def test_strong_samples_keep_the_view_and_the_last_seat_placed_what_it_could():
    from ludotheque.games.rucki_zucki import bots as rz_bots
    for state in positions():
        seat = state.current_player
        view = state.view(seat)
        rng = Rng(5)
        for _ in range(20):
            sim = rz_bots.plausible(rz_bots.Sim.from_state(rz.determinise(view, rng)), view, rng)
            assert [len(h) for h in sim.hands] == view["hand_sizes"]
            assert len(sim.pile) == view["pile"]
            assert sorted(sim.pile + [c for s, h in enumerate(sim.hands) if s != seat for c in h]) == \
                rz.unseen_cards(view)
            if view["placed"]:
                continue  # the fit is judged on the board the last seat left
            previous = sim.hands[(seat - 1) % state.players]
            spare = [c for c in sim.pile if c == rz.JOKER or not sim.fits(c, sim.occ)]
            fitting = [c for c in previous if c != rz.JOKER and sim.fits(c, sim.occ)]
            assert len(fitting) <= 1 or not spare
