"""Drive every registered game with random seeds, options, and legal and illegal moves.

    python3 tools/fuzz_games.py [--games 2000] [--seed 1]

Checks, at every step: only IllegalMove is ever raised; an illegal move changes nothing; the seat
to play and "over" agree; there is a legal move whenever the game is not over and each legal move
passes `check`; the view is JSON. At the end of each game its record replays to the same state.
The test suite runs a small sample of this (tests/test_fuzz.py); this script runs a large one and
prints how many games and moves it tried."""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from ludotheque import games  # noqa: E402
from ludotheque.core import BadOptions, Game, IllegalMove, Rng  # noqa: E402

JUNK = [None, -1, 99, "x", 3.5, True, [1, 2], {"a": 1}, 10**9]


def random_options(game: Game, rng: Rng) -> dict[str, Any]:
    options = {}
    for opt in game.options:
        options[opt.name] = opt.choices[rng.below(len(opt.choices))]
    merged = {**game.default_options(), **options}
    return {k: v for k, v in options.items() if game.option(k).applies(merged)}


def mutate(move: dict[str, Any], rng: Rng) -> Any:
    """A move that is probably illegal: a field changed to junk, removed, or an unknown type."""
    kind = rng.below(5)
    if kind == 0:
        return {**move, "type": "no-such-move"}
    if kind == 1 and len(move) > 1:
        key = rng.choice([k for k in move if k != "type"])
        return {k: v for k, v in move.items() if k != key}
    if kind == 2:
        return rng.choice(["draw", None, 7, [move]])
    key = rng.choice(list(move))
    return {**move, key: rng.choice(JUNK)}


def fingerprint(state) -> str:
    return json.dumps([state.record(), state.view(None), state.current_player, state.is_over], sort_keys=True,
                      default=str)


def play_one(game: Game, seed: int, max_moves: int = 3000) -> tuple[int, int]:
    """One game to its end (or max_moves); returns (legal moves, illegal attempts)."""
    rng = Rng(seed)
    players = game.min_players + rng.below(game.max_players - game.min_players + 1)
    try:
        state = game.new(players, seed=seed, options=random_options(game, rng))
    except BadOptions:
        state = game.new(players, seed=seed)
    legal_count = illegal_count = 0
    while not state.is_over and legal_count < max_moves:
        assert state.current_player is not None, "a game not over has a seat to play"
        legal = state.legal_moves()
        assert legal, f"no legal move but not over:\n{state}"
        json.dumps(state.view(state.current_player))
        if rng.below(4) == 0:
            attempt = mutate(legal[rng.below(len(legal))], rng)
            before = fingerprint(state)
            try:
                state.play(attempt)
            except IllegalMove:
                illegal_count += 1
                assert fingerprint(state) == before, f"an illegal move {attempt!r} changed the state"
                continue
            legal_count += 1  # the mutation happened to be legal: fine, it was played
            continue
        move = legal[rng.below(len(legal))]
        state.check(move)
        state.play(move)
        legal_count += 1
    assert state.current_player is None or not state.is_over
    again = game.replay(json.loads(json.dumps(state.record())))
    assert fingerprint(again) == fingerprint(state), "the record does not replay to the same state"
    return legal_count, illegal_count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per registered game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.time()
    for game_id in games.ids():
        game = games.get(game_id)
        moves = illegal = 0
        for n in range(args.games):
            m, i = play_one(game, args.seed * 1_000_003 + n)
            moves, illegal = moves + m, illegal + i
        print(f"{game_id}: {args.games} games, {moves} legal moves, {illegal} illegal attempts refused cleanly")
    print(f"done in {time.time() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
