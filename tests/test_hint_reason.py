"""Issue #55, point 3 on CPython: every hint and every review line says first a reason read on the
board, in the game's own words (the line a tile carries on, the numbers a tile goes between, the
card a card goes beside, the row a tile completes), worked out from the position; the computer's
figures (expected points, chances, penalty points) come second, folded, for those who ask. Round
reviews lead with the round's result. And two English phrasings of point 7."""
from __future__ import annotations

import re

import pytest

from ludotheque import bots
from ludotheque.games.lucky_numbers.board import reason_of as ln_reason
from ludotheque.games.rucki_zucki.board import reason_of as rz_reason
from ludotheque.games.rucki_zucki.rules import GAME as RZ
from ludotheque.games.take_it_easy.board import lines_said
from ludotheque.games.take_it_easy.rules import TILE_INDEX, TILES
from ludotheque.games.three_by_sixteen.board import reason_of as x16_reason
from ludotheque.games.three_by_sixteen.rules import GAME as X16
from ludotheque.games.lucky_numbers.rules import GAME as LN
from ludotheque.web import i18n
from ludotheque.web.i18n import gt
from ludotheque.web.table.review import RoundResult
from ludotheque.web.table.view import render
from ludotheque.web.storage.saves import Seat

from test_hint_why import note_of
from test_review_lead import plain, rz_round_reviewed
from test_review_logic import reviewed
from test_table_logic import bot, session_for

STATISTICS = re.compile(r"%|\bpoints?\b|\bexpects?\b|\benviron\b|\babout\b|\bchances?\b|compte sur|played out|"
                        r"jusqu'au bout|playouts?|parties jouées", re.I)
ON_THE_BOARD = re.compile(r"\d|\b(cards?|cartes?|board|plateau|row|column|rangée|colonne|file|line|ligne|garden|"
                          r"jardin|hex|case|diagonal|diagonale)\b", re.I)
WHY = {"fr": "Pourquoi : ", "en": "Why: "}


@pytest.fixture(autouse=True)
def french_after():
    yield
    i18n.set_lang("fr")


def first_sentence(text: str) -> str:
    """A text's first sentence (up to its first full stop that ends one)."""
    return re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0]


def check_hint(session, css: str = "hint-note") -> int:
    """The hint on show, in both languages: what the box shows says no figure, its reason names
    something on the board; the figures, where the bot gave any, are folded under it. Returns
    how many hints had figures folded."""
    folded = 0
    for lang in ("en", "fr"):
        shown, figures = note_of(session, lang, css)
        assert not STATISTICS.search(shown), shown
        assert shown.count(WHY[lang]) == 1, shown
        reason = first_sentence(shown.split(WHY[lang])[1])
        assert ON_THE_BOARD.search(reason), reason
        folded += bool(figures)
    return folded


def follow_hints(session, queue, css: str = "hint-note", turns: int = 8) -> tuple[int, int]:
    """Seat 0 follows the hint for `turns` of its turns, each checked (`check_hint`); the others
    play as their bots. Returns (hints checked, hints with their figures folded)."""
    checked = folded = 0
    while checked < turns and not session.state.is_over:
        if session.bot_to_play():
            queue.pop(0)()
            continue
        if session.covered():
            session.reveal()
        if not session.table.hint_allowed():
            session.play(session.state.legal_moves()[0])
            continue
        session.tap("hint", {})
        checked += 1
        folded += check_hint(session, css)
        for move in list(session.table.advice):
            if move in session.state.legal_moves():
                session.play(move)
    return checked, folded


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_tie_hints_say_the_lines_first_and_the_expected_points_folded(seed):
    session, queue = session_for("take-it-easy", [Seat("Alice")], seed=seed, options={"rounds": 1})
    checked, folded = follow_hints(session, queue)
    assert checked == 8 and folded == 2 * checked


@pytest.mark.parametrize("seed", [1, 3])
def test_ln_hints_say_where_the_tile_fits_first_and_the_chances_folded(seed):
    session, queue = session_for("lucky-numbers", [Seat("Alice"), bot("B")], seed=seed)
    checked, folded = follow_hints(session, queue, "ln-hint", turns=7)
    assert checked == 7 and folded


@pytest.mark.parametrize("seed, players", [(2, 2), (5, 3)])
def test_rz_hints_say_the_cards_on_the_board_first_and_the_penalty_folded(seed, players):
    seats = [Seat("Alice")] + [bot(f"B{n}", "medium") for n in range(1, players)]
    session, queue = session_for("rucki-zucki", seats, seed=seed, options={"rounds": 1})
    checked, folded = follow_hints(session, queue, turns=5)
    assert checked >= 3 and folded


@pytest.mark.parametrize("players", [1, 2])
def test_x16_hints_say_the_rows_and_columns_first_and_the_play_outs_folded(players):
    seats = [Seat("Alice")] + [bot("B", "medium")] * (players - 1)
    session, queue = session_for("3x16", seats, seed=7)
    checked, folded = follow_hints(session, queue, turns=10)
    assert checked == 10 and folded


# -- the reason is true of the position: hand-checked boards --------------------------------------

def garden(cells: dict[tuple[int, int], int]) -> list[list[int | None]]:
    return [[cells.get((r, c)) for c in range(4)] for r in range(4)]


@pytest.mark.parametrize("lang, move, cells, said", [
    ("en", {"type": "place", "row": 1, "col": 1}, {(0, 1): 5, (3, 1): 9, (1, 0): 3},
     "the 7 fits between your 5 and 9 in column 2 and after your 3 in row 2."),
    ("fr", {"type": "place", "row": 1, "col": 1}, {(0, 1): 5, (3, 1): 9, (1, 0): 3},
     "le 7 va entre vos 5 et 9 en colonne 2 et après votre 3 en rangée 2."),
    ("en", {"type": "place", "row": 2, "col": 3}, {(2, 1): 4, (3, 3): 18, (0, 0): 1},
     "the 7 fits above your 18 in column 4 and after your 4 in row 3."),
    ("en", {"type": "place", "row": 0, "col": 2}, {(3, 3): 18}, "the 7 starts row 1 and column 3, both still empty."),
    ("en", {"type": "place", "row": 1, "col": 1}, {(1, 1): 12, (3, 1): 15},
     "in place of your 12, the 7 fits above your 15 in column 2."),
])
def test_ln_reason_names_the_numbers_the_tile_goes_between(lang, move, cells, said):
    i18n.set_lang(lang)
    view = {"gardens": [garden(cells)], "drawn": 7, "pool": [], "takeable": []}
    assert ln_reason(lambda key, **p: gt(LN, key, **p), view, 0, move) == said


def test_ln_reason_for_a_draw_or_a_tile_put_back_reads_the_middle_and_the_garden():
    i18n.set_lang("en")
    say = lambda key, **p: gt(LN, key, **p)
    view = {"gardens": [garden({})], "drawn": 20, "pool": [4, 12], "takeable": [4, 12],
            "fits": [[[[1, 20] if (r, c) == (3, 3) else None for c in range(4)] for r in range(4)]]}
    assert ln_reason(say, view, 0, {"type": "draw"}) == \
        "the 4 and the 12 in the middle would fit your garden less well than what the pile may give."
    assert ln_reason(say, view, 0, {"type": "discard"}) == \
        "the 20 would only fit on row 4, column 4: back in the middle, it leaves that cell for a number that fits better."
    assert ln_reason(say, {**view, "takeable": []}, 0, {"type": "draw"}) == \
        "none of the tiles in the middle (the 4 and the 12) fits your garden."


def test_tie_reason_names_the_lines_the_tile_carries_on_starts_or_breaks(tie_table):
    """The 9-6-3 on the middle hex, under a 9-2-4 and beside a 5-6-8 and a 1-7-3: it carries on
    the 9s, its "/" line is broken already, it starts the 3s; the 5-6-3 there breaks the 9s."""
    board = [None] * 19
    board[8] = TILE_INDEX[(9, 2, 4)]
    board[5], board[13] = TILE_INDEX[(5, 6, 8)], TILE_INDEX[(1, 7, 3)]
    for lang, carries, breaks in (
            ("en", "carries on your line of 9s and starts a line of 3s", "breaks your line of 9s"),
            ("fr", "prolonge votre ligne de 9 et commence une ligne de 3", "casse votre ligne de 9")):
        i18n.set_lang(lang)
        tiles = [None if t is None else list(TILES[t]) for t in board]
        assert tie_table.line_parts(lines_said(tiles, 9, TILE_INDEX[(9, 6, 3)]), "why") == carries
        assert tie_table.line_parts(lines_said(tiles, 9, TILE_INDEX[(5, 6, 3)]), "why").endswith(breaks)
    i18n.set_lang("en")
    assert tie_table.line_parts([(9, "starts"), (6, "starts"), (3, "starts")], "why") == "starts new lines of 9s, 6s and 3s"
    assert tie_table.line_parts([(9, "spent"), (6, "spent"), (3, "spent")], "review.would") == \
        "spoiled none of the lines you were building"


@pytest.fixture
def tie_table():
    return session_for("take-it-easy", [Seat("Alice")], options={"rounds": 1})[0].table


def rz_board(cards: list[int]) -> tuple[list[list], list[list]]:
    """The blue board with `cards` on their cells (RULES.md 4.2)."""
    layout = RZ.new(2, seed=1).view(0)["layout"]
    board = [[label if label in cards else None for label in line] for line in layout]
    return board, layout


@pytest.mark.parametrize("lang, hand, moves, said", [
    ("en", [5, 30], [{"type": "place", "card": 5}, {"type": "end"}], "your 5 goes beside the 4: one card fewer in your hand."),
    ("fr", [5, 30], [{"type": "place", "card": 5}, {"type": "end"}],
     "votre 5 va à côté du 4 : une carte de moins dans votre main."),
    # the 15 is under the 3, at a corner of the 4: "beside" was said of it (the try-out of 2026-12-03)
    ("en", [15, 30], [{"type": "place", "card": 15}, {"type": "end"}],
     "your 15 touches the 4 at a corner: one card fewer in your hand."),
    ("fr", [15, 30], [{"type": "place", "card": 15}, {"type": "end"}],
     "votre 15 touche le 4 par un coin : une carte de moins dans votre main."),
    # the 16 fits under the 4, kept: laid, it would open the 25, 26 and 27 below it (the 3, 5, 15
    # and 17 around it touch the 4 already)
    ("en", [16, 30], [{"type": "draw"}], "you keep the 16, which would open the 25, the 26 and the 27 to the others; you draw a card."),
    ("en", [30, 45], [{"type": "draw"}], "none of your cards touches a card on the board: you draw one."),
    ("en", [5, 6], [{"type": "place", "card": 5}, {"type": "place", "card": 6}],
     "your 5 goes beside the 4 and your 6 goes beside the 5: your hand is empty and the round ends."),
])
def test_rz_reason_names_the_card_each_goes_beside_and_what_a_kept_card_would_open(lang, hand, moves, said):
    i18n.set_lang(lang)
    board, layout = rz_board([4])
    assert rz_reason(lambda key, **p: gt(RZ, key, **p), board, layout, hand, moves) == said


@pytest.mark.parametrize("lang, ends, columns, call, moves, said", [
    ("en", [6, 0, 0], [[8], [], [], [], []], 7, [{"type": "place", "row": 0}, {"type": "transfer", "column": 0}],
     "the 7 goes on row 1, after your 6 and the 8 moves on from your columns."),
    ("fr", [6, 0, 0], [[8], [], [], [], []], 7, [{"type": "place", "row": 0}, {"type": "transfer", "column": 0}],
     "le 7 va sur la rangée 1, après votre 6 et le 8 passe de vos colonnes à vos rangées."),
    ("en", [15, 3, 0], [[16], [], [], [], []], 4, [{"type": "place", "row": 1}, {"type": "transfer-all"}],
     "the 4 goes on row 2, after your 3 and the 16 moves on from your columns, completing row 1."),
    ("en", [2, 0, 0], [[9], [12], [], [], []], 10, [{"type": "place", "column": 1}],
     "the 10 goes under your 12 in column 2, which your rows need later."),
    ("en", [2, 0, 0], [[9], [12], [], [], []], 10, [{"type": "place", "column": 0}], "the 10 covers your 9 in column 1."),
    ("en", [2, 0, 0], [[9], [12], [], [], []], 10, [{"type": "place", "column": 3}], "the 10 starts column 4, still empty."),
])
def test_x16_reason_names_the_row_it_carries_on_and_the_column_it_goes_under(lang, ends, columns, call, moves, said):
    i18n.set_lang(lang)
    assert x16_reason(lambda key, **p: gt(X16, key, **p), ends, columns, call, moves) == said


# -- round reviews lead with the round's result --------------------------------------------------

def test_a_round_review_leads_with_the_rounds_result_in_the_games_measure():
    """A match of several rounds: the review of one round opens with who won it and what the
    person made of it (the game reviews already opened with the game's result)."""
    session, _ = session_for("take-it-easy", [Seat("Alice"), Seat("Bob")], options={"rounds": 4})
    table = session.table
    points = lambda n: f"{n} points"
    i18n.set_lang("en")
    for seat, scores, said in (
            (0, [150, 170], "Bob won round 2, with 170 points; you had 150 points."),
            (1, [150, 170], "You won round 2, with 170 points."),
            (0, [170, 170], "You shared the win of round 2, with 170 points.")):
        table.review_for = seat
        lead = table.review_lead([], lambda row: False, lambda row: None, RoundResult(1, 4, scores, False, points))
        assert plain(re.search(r'<p class="review-outcome">([^<]*)</p>', lead)[1]) == said
    penalties = lambda n: "no penalty point" if n == 0 else f"{n} penalty points"
    table.review_for = 0
    lead = table.review_lead([], lambda row: False, lambda row: None, RoundResult(0, 3, [12, 0], True, penalties))
    assert plain(re.search(r'<p class="review-outcome">([^<]*)</p>', lead)[1]) == \
        "Bob won round 1, with no penalty point; you had 12 penalty points."


@pytest.mark.usefixtures("tie_expert_estimates_once")
def test_tie_round_review_of_a_match_says_the_rounds_points_first():
    session, queue = session_for("take-it-easy", [Seat("Alice")], options={"rounds": 4})
    table = session.table
    while table.view()["phase"] == "place":
        session.play(bots.get("take-it-easy", "easy", seed=1).choose(session.state))
    table.session.tap("review", {})
    reviewed(session, queue)
    scored = table.view()["round_scores"][0][0]
    for lang, said in (("fr", f"Manche 1 : vous avez marqué {scored} points."), ("en", f"Round 1: you scored {scored} points.")):
        i18n.set_lang(lang)
        markup = render(session)
        assert re.search(r'<div class="review-lead"><p class="review-outcome">([^<]*)</p>', markup)[1] == said


def test_rz_round_review_of_a_match_says_the_rounds_penalties_first():
    session, _ = rz_round_reviewed(2)
    table = session.table
    mine, theirs = table.view()["penalties"][0]
    i18n.set_lang("en")
    said = plain(re.search(r'<div class="review-lead"><p class="review-outcome">([^<]*)</p>', render(session))[1])
    words = lambda n: "no penalty point" if n == 0 else f"{n} penalty point" + ("s" if n > 1 else "")
    if mine < theirs:
        assert said.startswith(f"You won round 1, with {words(mine)}."), said
    else:
        assert said == f"B won round 1, with {words(theirs)}; you had {words(mine)}." or mine == theirs, said


# -- point 7: two English phrasings --------------------------------------------------------------

def test_tie_review_board_caption_is_a_whole_sentence():
    from ludotheque.games.take_it_easy.rules import GAME as TIE
    i18n.set_lang("en")
    assert gt(TIE, "review.better") == "Where the computer would have put it"
    i18n.set_lang("fr")
    assert gt(TIE, "review.better") == "Là où l'ordinateur l'aurait posée"
