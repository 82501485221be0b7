"""The bots' worker: a second Python beside the table's, so that a bot thinking never keeps a
tap waiting (static/host/bots.js starts it once a bot's move has kept the table's worker busy too long,
and then sends it each bot turn the table asks for: `Session.think`). It knows nothing of the page: a request is plain data (the game's
record, the seat, the bot's level and seed) and its answer is the move, or nothing when the
position cannot be read (the table then works the move out itself)."""
from __future__ import annotations

import json
from typing import Any

from .. import core, games  # noqa: F401  (games: every game's folder found and registered)
from .data_files import when_needed

# the last position worked out, and the record's start it stands on: the next request of the
# same game only plays the moves made since
_LAST: dict[str, Any] = {"start": None, "state": None}


def position(record: dict[str, Any]) -> core.State:
    """The state `record` leads to, from the last one when it is the same game further on."""
    start = {k: v for k, v in record.items() if k != "moves"}
    moves = record["moves"]
    state = _LAST["state"]
    if state is None or _LAST["start"] != start or state.moves != moves[:len(state.moves)]:
        state = core.get_game(record["game"]).replay({**record, "moves": []})
    for move in moves[len(state.moves):]:
        state.play(move)
    _LAST.update(start=start, state=state)
    return state


def think(message: str) -> str:
    """The move of the bot `message` asks for (JSON in, JSON out; null: not worked out here)."""
    from .. import bots
    try:
        request = json.loads(message)
        move = bots.choose(position(request["record"]), request["level"], request["seed"])
    except Exception:   # noqa: BLE001  an unreadable position: the table works the move out itself
        _LAST.update(start=None, state=None)
        return "null"
    return json.dumps(move)


def judge(message: str) -> str:
    """A part of a review judged during the game (`bots.judge`: one decision of the person, as
    the review at the end would judge it), for the table's `Review.judge_ahead`: JSON in, JSON
    out ({key: part}; {} when nothing is left to judge; null: not judged here)."""
    from .. import bots
    try:
        request = json.loads(message)
        found = bots.judge(request["game"], request["record"], int(request["seat"]), int(request["round"]),
                           dict(request["known"]))
    except Exception:   # noqa: BLE001  the review at the end judges it, as before
        return "null"
    return json.dumps(found)


def start(page_url: str) -> None:
    """The games' data files come from beside the page `page_url`, fetched at a bot's first need."""
    when_needed(page_url)
