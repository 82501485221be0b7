"""Games stored at a chosen position, as the page keeps them: the browser tests (tests/pagetools.py)
and tools/screenshot.py open a table there instead of tapping their way to it."""
from __future__ import annotations

import random

from ludotheque import games
from ludotheque.web.storage.saves import Save, Seat


def bots_near_the_end(game_id: str, players: int, options: dict | None = None, seed: int = 7, left: int = 6):
    """A game of easy bots stored `left` moves before its end (seeded random legal moves up to
    there): opened, the bots finish it at once, so a test reaches an end screen without playing
    a whole match move by move through the page."""
    game, chooser = games.get(game_id), random.Random(seed)
    whole = game.new(players, seed=seed, options=options)
    while not whole.is_over:
        whole.play(chooser.choice(whole.legal_moves()))
    state = game.new(players, seed=seed, options=options)
    for move in whole.moves[:-left]:
        state.play(move)
    return stored_save(state, [Seat(f"Robot {n}", "bot", "easy") for n in range(1, players + 1)])


def stored_until(game_id: str, seats: list, until, options: dict | None = None, seed: int = 7, choose=None):
    """A game of `seats` stored at the first position where `until(state)` holds, reached by
    `choose(state)` (default: seeded random legal moves): a test opens the table there rather
    than tapping its way to it."""
    chooser = random.Random(seed)
    choose = choose or (lambda state: chooser.choice(state.legal_moves()))
    state = games.get(game_id).new(len(seats), seed=seed, options=options)
    while not until(state):
        state.play(choose(state))
    return stored_save(state, seats)


def family_table(game_id: str) -> int:
    """The seats of a table as a family would sit at it: three, or what the game takes."""
    game = games.get(game_id)
    return min(max(3, game.min_players), game.max_players)


def family_middle(game_id: str, seed: int = 7):
    """A family's game (two people and medium computers, `family_table` seats) stored a little
    past its middle (at the middle, a match of rounds stands between two rounds), at a person's
    turn: each seat's moves are the medium bot's up to there, so the boards look as a real
    game's do then."""
    from ludotheque import bots
    players = family_table(game_id)
    seats = [Seat(name, "human") for name in ("Léa", "Papa")] + [
        Seat(f"Robot {n}", "bot", "medium") for n in range(1, players - 1)]
    choose = lambda state: bots.choose(state, "medium", seed=len(state.moves))  # noqa: E731
    whole = games.get(game_id).new(players, seed=seed)
    while not whole.is_over:
        whole.play(choose(whole))
    past = len(whole.moves) * 5 // 8
    return stored_until(game_id, seats, lambda state: len(state.moves) >= past
                        and not seats[state.current_player].is_bot, seed=seed, choose=choose)


def stored_save(state, seats: list):
    """The save of `state` played by `seats`, as the page keeps it."""
    save = Save(id="1700000000000-9", game=state.game.id, record=state.record(), created=1.7e9, updated=1.7e9,
                seats=seats)
    save.follow(state)
    return save
