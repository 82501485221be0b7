"""Rucki Zucki's round end says why it ended in both languages, also when nobody went out: the
pile ran out (the page test plays the other case, a bot emptying its hand)."""
from __future__ import annotations

import random
import re

from ludotheque import games
from ludotheque.web import i18n
from ludotheque.web.storage.saves import Save, Seat
from ludotheque.web.table.session import Session
from ludotheque.web.table.registry import table_class
from ludotheque.web.table.view import render


def pile_ran_out() -> Session:
    """A two-person game stored where round 1 ended with the pile empty and both hands full."""
    for seed in range(1, 400):
        chooser = random.Random(seed)
        state = games.get("rucki-zucki").new(2, seed=seed)
        while state.phase in ("turn", "last-draw"):
            moves = state.legal_moves()
            draws = [m for m in moves if m["type"] in ("draw", "end")]
            state.play(chooser.choice(draws or moves))   # draw whenever possible: the pile runs out first
        if state.phase == "scoring" and all(state.hands):
            save = Save(id="s1", game="rucki-zucki", record=state.record(), seats=[Seat("Léa"), Seat("Tom")])
            return Session(save, state, None, table_class("rucki-zucki"), schedule=lambda fn, ms: None, bot_delay=0)
    raise AssertionError("no deal where the pile runs out")


def test_a_round_ended_by_the_empty_pile_says_so_with_each_penalty():
    session = pile_ran_out()
    penalties = session.table.view()["penalties"][-1]
    for lang, said, first in (("fr", "La pioche est épuisée", "Léa : "), ("en", "The pile ran out", "Léa: ")):
        i18n.set_lang(lang)
        html = str(render(session))
        over = re.search(r'<section class="rz-round-over names-cut".*?</section>', html).group(0)
        assert said in over and "dernière carte" not in over and "last card" not in over
        assert f'{first}{penalties[0]} point' in re.sub(r"<[^>]+>", "", over)
        banner = re.sub(r"<[^>]+>", "", re.search(r'<p class="banner.*?</p>', html).group(0))
        assert said in banner
    i18n.set_lang("fr")
