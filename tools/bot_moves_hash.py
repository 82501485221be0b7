"""One hash of every bot's moves on a fixed set of seeds: run it before and after a change that
should not change how any bot plays (a move of modules, a clean-up); the two hashes must match.

    python tools/bot_moves_hash.py            # every game, every level, two seeds, two seats
    python tools/bot_moves_hash.py --quick    # the strongest levels left out (a few seconds)
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from ludotheque import bots, games  # noqa: E402

SEEDS = (11, 12)
MOVE_CAP = 400


def moves_of(game_id: str, level: str, seed: int, players: int) -> list:
    """The moves of a game of `players` bots of `level` from `seed` (each seat its own bot)."""
    state = games.get(game_id).new(players, seed=seed)
    seat_bots = [bots.get(game_id, level, seed * 10 + seat) for seat in range(players)]
    while not state.is_over and len(state.moves) < MOVE_CAP:
        state.play(seat_bots[state.current_player].choose(state))
    return state.moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="leave out each game's two strongest levels")
    args = parser.parse_args()
    whole = hashlib.sha256()
    for game_id in sorted(games.ids()):
        game = games.get(game_id)
        levels = bots.levels(game_id)
        if args.quick:
            levels = levels[:max(1, len(levels) - 2)]
        players = max(game.min_players, min(2, game.max_players))
        for level in levels:
            one = hashlib.sha256()
            for seed in SEEDS:
                one.update(json.dumps(moves_of(game_id, level, seed, players), sort_keys=True).encode())
            whole.update(one.digest())
            print(f"{game_id:14} {level:8} {one.hexdigest()[:16]}", flush=True)
    print(f"all bots: {whole.hexdigest()}")


if __name__ == "__main__":
    main()
