"""The outside try-out of Lucky Numbers (French, 768x1024): the hint's and the review's "why" for a
tile alone in its row and column said one template again and again, « le 5 prend la place de
votre 12, seul dans sa rangée et sa colonne », which tells a child of nine nothing. Over the
hints of seeded games, these reasons now vary with what the tile does on the board (the corner it
suits, the cells the swapped tile squeezed, the room it leaves, where the swapped tile belongs),
each true of the garden by the rule it states, in both languages with the same blanks."""
from __future__ import annotations

import collections
import re
import string

import pytest

from ludotheque.core import get_bot
from ludotheque.games.lucky_numbers import bots as ln_bots
from ludotheque.games.lucky_numbers.board import reason_of
from ludotheque.games.lucky_numbers.rules import GAME
from ludotheque.games.lucky_numbers.texts import TEXTS
from ludotheque.web import i18n

SIZE, TOP = 4, 20
SEEDS = range(10)

ALONE_KEYS = ("reason.open", "reason.swap-alone", "reason.blocked-below", "reason.blocked-above",
              "reason.squeezed-below", "reason.squeezed-above", "reason.corner-top", "reason.corner-bottom",
              "reason.room-both", "reason.lower", "reason.higher", "reason.more-after", "reason.more-before",
              "reason.open-top", "reason.open-bottom", "reason.open-middle",
              "reason.blocked-below.twin", "reason.blocked-above.twin", "reason.blocked-below.crossed",
              "reason.blocked-above.crossed", "reason.setup", "reason.setup.twin")


@pytest.fixture(autouse=True)
def french_after():
    yield
    i18n.set_lang("fr")


def place_of(row: int, col: int) -> float:
    """The rule the reasons state, "small numbers top left, large ones bottom right", as the
    number a cell suits in a garden climbing evenly from 1 (top left) to 20 (bottom right)."""
    return 1 + (TOP - 1) * (row + col) / (2 * (SIZE - 1))


def alone_in_lines(garden, row: int, col: int) -> bool:
    return all(garden[row][k] is None for k in range(SIZE) if k != col) and \
        all(garden[k][col] is None for k in range(SIZE) if k != row)


def recorder(lang: str):
    """A `say` for `reason_of` that formats strictly (a blank missing raises) and keeps the
    keys it was asked for, with their blanks."""
    said = []

    def say(key, **params):
        said.append((key, params))
        return TEXTS[lang][key].format(**params)
    return say, said


def hint_positions():
    """(view, seat, hint move) for every turn of seeded two-player games where the hint puts a
    tile on a cell alone in its row and column (not the last empty cell): both seats follow the
    hint, the setup is the medium bot's."""
    found = []
    for seed in SEEDS:
        state = GAME.new(2, seed=seed)
        setup = get_bot("lucky-numbers", "medium", seed=seed)
        while not state.is_over:
            seat = state.current_player
            v = state.view(seat)
            if v["phase"] not in ("drawn", "turn"):
                state.apply(setup.choose(state))
                continue
            move = ln_bots.hint(state)
            if move["type"] in ("place", "take"):
                garden = v["gardens"][seat]
                empty = sum(x is None for line in garden for x in line)
                last = empty == 1 and garden[move["row"]][move["col"]] is None
                if alone_in_lines(garden, move["row"], move["col"]) and not last:
                    found.append((v, seat, move))
            state.apply(move)
    return found


@pytest.fixture(scope="module")
def positions():
    return hint_positions()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_reasons_for_a_tile_alone_in_its_row_and_column_vary(positions, lang):
    """On main every one of them was « seul dans sa rangée et sa colonne » (reason.swap-alone)."""
    keys = collections.Counter()
    for v, seat, move in positions:
        say, said = recorder(lang)
        reason_of(say, v, seat, move)
        keys[said[-1][0]] += 1
    total = sum(keys.values())
    assert total >= 30, keys
    assert keys.most_common(1)[0][1] < total / 2, keys
    assert len(keys) >= 5, keys
    assert keys["reason.swap-alone"] + keys["reason.open"] <= total / 10, keys


def quarters(garden, row: int, col: int) -> tuple[int | None, int | None]:
    """The largest number up and to the left of the cell, the smallest down and to the right."""
    up = [garden[r][c] for r in range(row) for c in range(col) if garden[r][c] is not None]
    down = [garden[r][c] for r in range(row + 1, SIZE) for c in range(col + 1, SIZE) if garden[r][c] is not None]
    return max(up, default=None), min(down, default=None)


def check_true(garden, row: int, col: int, tile: int, key: str, p: dict) -> None:
    """What the reason `key` says with blanks `p` is true of the garden, worked out again here."""
    there = garden[row][col]
    a, b = quarters(garden, row, col)
    place = place_of(row, col)
    assert p["tile"] == tile and p["there"] == there
    pair = key.split(".")[2] if key.count(".") == 2 else ""   # "twin": equal numbers, "crossed": the larger up-left
    if key.startswith("reason.blocked-"):
        small, large = (there, b) if key.startswith("reason.blocked-below") else (a, there)
        assert pair == ("twin" if small == large else "crossed" if small > large else ""), (key, small, large)
    if key.startswith(("reason.blocked-below", "reason.squeezed-below")):
        # "no number / only a n can go between your there and your b: the tile leaves count before the b"
        assert p["b"] == b and b is not None
        between = [x for x in range(there + 1, b)]
        assert between == ([] if key.startswith("reason.blocked-below") else [p["n"]])
        assert p["count"] == len(range(tile + 1, b)) >= 2
    elif key.startswith(("reason.blocked-above", "reason.squeezed-above")):
        assert p["a"] == a and a is not None
        between = [x for x in range(a + 1, there)]
        assert between == ([] if key.startswith("reason.blocked-above") else [p["n"]])
        assert p["count"] == len(range(a + 1, tile)) >= 2
    elif key == "reason.corner-top":   # small numbers top left: smaller suits it better
        assert (row, col) == (0, 0) and tile < there
    elif key == "reason.corner-bottom":
        assert (row, col) == (SIZE - 1, SIZE - 1) and tile > there
    elif key == "reason.room-both":
        assert (p["a"], p["b"]) == (a, b) and a is not None and b is not None
        assert p["before"] == len(range(a + 1, tile)) >= 2 and p["after"] == len(range(tile + 1, b)) >= 2
    elif key in ("reason.lower", "reason.higher"):   # the swapped tile belongs lower right / higher left
        assert (there > place) == (key == "reason.lower") and there != place
        assert abs(tile - place) < abs(there - place)
    elif key == "reason.more-after":
        assert tile < there and row + col < 2 * (SIZE - 1)
    elif key == "reason.more-before":
        assert tile > there and row + col > 0
    elif key in ("reason.open-top", "reason.open-bottom"):
        assert there is None and (row, col) == ((0, 0) if key == "reason.open-top" else (SIZE - 1, SIZE - 1))
        assert abs(tile - place) <= (TOP - 1) / (2 * (SIZE - 1))
    elif key == "reason.open-middle":
        assert there is None and 8 <= tile <= 13
    else:
        assert key in ("reason.open", "reason.swap-alone"), key
        assert (there is None) == (key == "reason.open")


def numbers_named(sentence: str, lang: str) -> list[int]:
    """The numbers a sentence says are in your garden ("your 12", « vos 5 et 20 »)."""
    if lang == "en":
        return [int(n) for pair in re.findall(r"\byour (\d+)(?: and (\d+))?", sentence) for n in pair if n]
    return [int(n) for pair in re.findall(r"\bvotre (\d+)|\bvos (\d+) et (\d+)", sentence) for n in pair if n]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_such_reason_is_true_of_the_garden(positions, lang):
    for v, seat, move in positions:
        garden = v["gardens"][seat]
        tile = move["tile"] if move["type"] == "take" else v["drawn"]
        say, said = recorder(lang)
        sentence = reason_of(say, v, seat, move)
        key, params = said[-1]
        check_true(garden, move["row"], move["col"], tile, key, params)
        on_board = {x for line in garden for x in line if x is not None}
        assert set(numbers_named(sentence, lang)) <= on_board, (sentence, garden)
        assert str(tile) in sentence


def garden(cells: dict[tuple[int, int], int]) -> list[list[int | None]]:
    return [[cells.get((r, c)) for c in range(SIZE)] for r in range(SIZE)]


DIAGONAL = {(0, 0): 4, (1, 1): 12, (2, 2): 14, (3, 3): 15}


@pytest.mark.parametrize("cells, cell, drawn, en, fr", [
    (DIAGONAL, (1, 1), 5, "your 12 belongs lower right, with the large numbers: the 5 suits this cell better.",
     "votre 12 irait plus bas à droite, avec les grands nombres : le 5 va mieux ici."),
    (DIAGONAL, (1, 1), 9, "only a 13 can go between your 12 and your 14: the 9 leaves room for 4 numbers before the 14.",
     "seul un 13 va entre votre 12 et votre 14 : le 9 laisse place à 4 nombres avant le 14."),
    (DIAGONAL, (3, 3), 20, "nothing can go between your 14 and your 15: the 20 leaves room for 5 numbers after the 14.",
     "rien ne va entre votre 14 et votre 15 : le 20 laisse place à 5 nombres après le 14."),
    ({**DIAGONAL, (0, 0): 7, (1, 1): 11}, (0, 0), 3,
     "small numbers go top left: the 3 suits this corner better than your 7.",
     "les petits nombres vont en haut à gauche : le 3 y va mieux que votre 7."),
    ({(0, 0): 2, (1, 1): 6, (2, 2): 12, (3, 3): 16}, (3, 3), 19,
     "large numbers go bottom right: the 19 suits this corner better than your 16.",
     "les grands nombres vont en bas à droite : le 19 y va mieux que votre 16."),
    ({(0, 0): 1, (1, 1): 5, (2, 2): 9, (3, 3): 20}, (2, 2), 11,
     "between your 5 and 20, the 11 leaves room on both sides: for 5 smaller numbers before it, and 8 larger ones after it.",
     "entre vos 5 et 20, le 11 laisse de la place des deux côtés : pour 5 nombres plus petits avant lui, et 8 plus grands après lui."),
    ({(1, 1): 5, (2, 2): 9}, (0, 3), 10,
     "the 10 is near the middle of 1 to 20: it leaves room on both sides.",
     "le 10 est près du milieu de 1 à 20 : il laisse de la place des deux côtés."),
    ({(1, 1): 5, (2, 2): 9}, (0, 0), 2, "small numbers go top left: the 2 suits this corner.",
     "les petits nombres vont en haut à gauche : le 2 convient à ce coin."),
])
def test_hand_checked_gardens_say_what_the_tile_does(cells, cell, drawn, en, fr):
    view = {"gardens": [garden(cells)], "drawn": drawn, "pool": [], "takeable": []}
    move = {"type": "place", "row": cell[0], "col": cell[1]}
    for lang, said in (("en", en), ("fr", fr)):
        say, _ = recorder(lang)
        assert reason_of(say, view, 0, move) == said


@pytest.mark.parametrize("cells, cell, drawn, en, fr", [
    # the try-out read « rien ne va entre votre 1 et votre 1 »: two equal numbers bound no gap, they can never be in order
    ({(0, 0): 1, (1, 1): 1, (2, 2): 13, (3, 3): 19}, (1, 1), 6,
     "nothing goes between your two 1s: the 6 leaves room for 4 numbers after them.",
     "rien ne va entre vos deux 1 : le 6 laisse place à 4 nombres après eux."),
    ({(0, 0): 2, (1, 1): 9, (2, 2): 9, (3, 3): 19}, (1, 1), 5,
     "nothing goes between your two 9s: the 5 leaves room for 3 numbers before them.",
     "rien ne va entre vos deux 9 : le 5 laisse place à 3 nombres avant eux."),
    # a larger number up-left of a smaller one (legal while the cells between stay empty)
    ({(0, 0): 2, (1, 1): 12, (2, 2): 8, (3, 3): 19}, (1, 1), 4,
     "your 12 is bigger than your 8: the 4 leaves room for 3 numbers before the 8.",
     "votre 12 dépasse votre 8 : le 4 laisse place à 3 nombres avant le 8."),
])
def test_equal_or_crossed_numbers_are_not_said_to_bound_a_gap(cells, cell, drawn, en, fr):
    """Nothing goes between two equal numbers, nor between a larger one up-left and a smaller one
    down-right, since rows and columns strictly grow: said plainly, never "between your 1 and your 1"."""
    view = {"gardens": [garden(cells)], "drawn": drawn, "pool": [], "takeable": []}
    move = {"type": "place", "row": cell[0], "col": cell[1]}
    for lang, said in (("en", en), ("fr", fr)):
        say, _ = recorder(lang)
        assert reason_of(say, view, 0, move) == said


@pytest.mark.parametrize("lang, order, said_, never", [
    ("fr", [1, 1, 13, 19], "Vos deux 1 peuvent rester sur la diagonale", "croissent"),
    ("en", [1, 1, 13, 19], "Your two 1s may both stay there, as they share no row or column", "climb"),
    ("en", [1, 5, 13, 19], "climb down the diagonal from the top left: 1, 5, 13 and 19.", "two"),
])
def test_a_setup_with_equal_tiles_does_not_say_they_climb(lang, order, said_, never):
    """The try-out read « croissent : 1, 1, 13 et 19 ». Two equal tiles may both go on the diagonal
    (RULES L2: duplicates kept; the diagonal's cells share no row or column), so the reason says
    that, and that nothing goes between them until one is swapped."""
    i18n.set_lang(lang)
    view = {"gardens": [garden({})], "drawn": None, "pool": [], "takeable": []}
    say, _ = recorder(lang)
    sentence = reason_of(say, view, 0, {"type": "setup", "tiles": order})
    assert said_ in sentence and never not in sentence, sentence


def blanks(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_both_languages_have_every_reason_with_the_same_blanks():
    for key in ALONE_KEYS:
        assert blanks(TEXTS["fr"][key]) == blanks(TEXTS["en"][key]), key
        assert TEXTS["fr"][key] != TEXTS["en"][key], key
