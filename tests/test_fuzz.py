"""A small run of the game fuzzer (tools/fuzz_games.py runs a large one): every registered game,
random seeds and options, legal and illegal moves."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from fuzz_games import feed_hostile, play_one  # tools/, on the path by conftest

from ludotheque import games


@pytest.mark.parametrize("game_id", games.ids())
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_play_refuses_cleanly_and_replays(game_id, seed):
    legal, illegal = play_one(games.get(game_id), seed, max_moves=250)
    assert legal > 0


@pytest.mark.parametrize("game_id", games.ids())
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_hostile_records_are_refused_cleanly_by_replay_and_the_saves_readers(game_id, seed):
    """Nesting, huge numbers, extra fields, unknown options and levels: replay raises only
    BadRecord, the saves' readers only SaveError, and hostile statistics are never trusted."""
    feed_hostile(games.get(game_id), seed)
