"""A small run of the game fuzzer (tools/fuzz_games.py runs a large one): every registered game,
random seeds and options, legal and illegal moves."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from fuzz_games import play_one  # noqa: E402

from ludotheque import games  # noqa: E402


@pytest.mark.parametrize("game_id", games.ids())
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_play_refuses_cleanly_and_replays(game_id, seed):
    legal, illegal = play_one(games.get(game_id), seed, max_moves=250)
    assert legal > 0
