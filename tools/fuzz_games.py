"""Drive every registered game with random seeds, options, and legal and illegal moves.

    python3 tools/fuzz_games.py [--games 2000] [--seed 1]

Checks, at every step: only IllegalMove is ever raised; an illegal move changes nothing; the seat
to play and "over" agree; there is a legal move whenever the game is not over and each legal move
passes `check`; the view is JSON. At the end of each game its record replays to the same state.

Hostile records (`hostile_record`): a real record of the game with one hostile change (a field
nested thousands deep, huge or non-finite numbers, extra fields in a move or the record, unknown
options, a bot seat with an unknown level) is fed to game.replay, which may only raise BadRecord,
and, as a stored save, an exported file and a replay link, to the saves' readers, which may only
raise SaveError.

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
from ludotheque.core import BadOptions, BadRecord, Game, IllegalMove, Rng  # noqa: E402
from ludotheque.web.storage import stats  # noqa: E402
from ludotheque.web.storage.saves import (STATS_KEY, Save, SaveError, SaveStore, Seat, import_text,  # noqa: E402
                                          link_code, read_share)

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


TODAY = "2026-01-01"   # the date the saves' readers are told it is


def retyped(value: Any, rng: Rng) -> Any:
    """The same value with every whole number written as a float (6.0) or, for 0 and 1, a boolean
    (False, True) at random: equal to Python, and never what a move holds."""
    if isinstance(value, list):
        return [retyped(item, rng) for item in value]
    if isinstance(value, int) and not isinstance(value, bool):
        return bool(value) if value in (0, 1) and rng.below(2) else float(value)
    return value


def fingerprint(state) -> str:
    return json.dumps([state.record(), state.view(None), state.current_player, state.is_over], sort_keys=True,
                      default=str)


def refused(state, attempt: Any) -> bool:
    """Try a move: True if refused, and then the state must be exactly as it was."""
    before = fingerprint(state)
    try:
        state.play(attempt)
    except IllegalMove:
        assert fingerprint(state) == before, f"an illegal move {attempt!r} changed the state"
        return True
    return False


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
        numbers = [move for move in legal if any(isinstance(v, (int, list)) for k, v in move.items() if k != "type")]
        if numbers and rng.below(8) == 0:
            move = numbers[rng.below(len(numbers))]
            attempt = {k: (v if k == "type" else retyped(v, rng)) for k, v in move.items()}
            assert refused(state, attempt), f"{attempt!r}, a legal move's numbers as floats or booleans, was played"
            illegal_count += 1
            continue
        if rng.below(4) == 0:
            if refused(state, mutate(legal[rng.below(len(legal))], rng)):
                illegal_count += 1
            else:
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


DEEP_TEXT = "[" * 5000 + "]" * 5000


def deep(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = [value]
    return value


HOSTILE_VALUES = [deep(3000), deep(40), 10 ** 400, -(2 ** 70), float("inf"), float("nan"), 1e308, "x" * 100_000,
                  {"a": deep(30)}, [None] * 10_000, "\u202e", True, None, {}]


def _marked(value: Any, depth: int = 0) -> Any:
    """value with every part nested deeper than 50 replaced by a marker (json.dumps would hit
    the recursion limit; the marker is swapped for DEEP_TEXT in the text)."""
    if isinstance(value, (list, dict)) and depth > 50:
        return "§DEEP§"
    if isinstance(value, list):
        return [_marked(v, depth + 1) for v in value]
    if isinstance(value, dict):
        return {k: _marked(v, depth + 1) for k, v in value.items()}
    return value


def to_text(value: Any) -> str:
    """JSON text of value as a hostile writer could store it: Infinity, NaN and deep nesting kept."""
    return json.dumps(_marked(value), default=str).replace('"§DEEP§"', DEEP_TEXT)


def hostile_record(game: Game, rng: Rng) -> dict[str, Any]:
    """A real record of the game (a few legal moves in) with one hostile change."""
    state = game.new(game.min_players, seed=rng.below(2 ** 32))
    for _ in range(rng.below(8)):
        if state.is_over:
            break
        state.play(state.legal_moves()[rng.below(len(state.legal_moves()))])
    record = state.record()
    kind = rng.below(7)
    value = HOSTILE_VALUES[rng.below(len(HOSTILE_VALUES))]
    if kind == 0 and record["moves"]:
        move = record["moves"][rng.below(len(record["moves"]))]
        move[rng.choice(sorted(move))] = value
    elif kind == 1 and record["moves"]:
        record["moves"][rng.below(len(record["moves"]))]["extra"] = value
    elif kind == 2:
        record[rng.choice(["players", "seed", "rules_version", "game"])] = value
    elif kind == 3:
        record["options"] = {**record["options"], rng.choice([*record["options"], "unknown"]): value}
    elif kind == 4:
        record["moves"].append(value if not isinstance(value, dict) else {"type": "place", **value})
    elif kind == 5:
        record["extra"] = value
    else:
        record["moves"] = value
    return record


def feed_hostile(game: Game, seed: int) -> int:
    """Feed one hostile record to replay and, stored as a save (with bot seats of hostile levels
    and a hostile revision), as an exported file and as a replay link, to every reader of the
    saves; and a hostile statistics value to the statistics. Returns how many refusals were
    checked. Anything but BadRecord / SaveError escaping is a bug."""
    rng = Rng(seed)
    record = hostile_record(game, rng)
    refused = 0
    try:
        game.replay(record)
    except BadRecord:
        refused += 1
    players = record.get("players")
    count = players if isinstance(players, int) and not isinstance(players, bool) and 0 < players < 9 else 1
    level = rng.choice(["strong", "grandmaster", "", deep(50), 10 ** 50, None])
    save = {"id": "f", "game": game.id, "record": record, "created": 1.0, "updated": 2.0, "over": False,
            "seats": [{"name": "A" * rng.below(100), "kind": "bot", "level": level}] * count,
            "rev": rng.choice([1, 10 ** 40, -1, 2.5, float("inf")]), "undo": True, "version": 2}
    texts = [to_text(save), to_text({"format": "ludotheque-game", "save": save})]
    link = link_code(Save(id="s", game=game.id, record=_marked(record), seats=[Seat("A")]))
    for reader in (lambda: Save.from_json(texts[0]).replay(), lambda: import_text(texts[1], "n", today=TODAY),
                   lambda: read_share(link, TODAY)):
        try:
            reader()
        except SaveError:
            refused += 1
    value = HOSTILE_VALUES[rng.below(len(HOSTILE_VALUES))]
    data, _ = stats.load(SaveStore(_Memory({STATS_KEY: to_text({"version": 1, "counted": [], "games": {game.id: value}})})))
    assert data == stats.empty(), "a hostile statistics value was trusted"
    return refused


class _Memory:
    """The Web Storage API over a dict."""

    def __init__(self, items: dict[str, str]):
        self.items = dict(items)
        self.length = len(self.items)

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        self.items[key] = value
        self.length = len(self.items)

    def removeItem(self, key):
        self.items.pop(key, None)
        self.length = len(self.items)

    def key(self, index):
        keys = list(self.items)
        return keys[index] if index < len(keys) else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per registered game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hostile", type=int, default=2000, help="hostile records per registered game")
    args = parser.parse_args()
    start = time.time()
    for game_id in games.ids():
        refused = sum(feed_hostile(games.get(game_id), args.seed * 7_000_003 + n) for n in range(args.hostile))
        print(f"{game_id}: {args.hostile} hostile records, {refused} refusals, all clean")
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
