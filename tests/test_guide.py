"""The guided first games, on CPython: each game's script plays from its fixed deal to its end
with the engine, the person's steps are the people's and the guide's own moves are legal too,
every sentence is in French and English, and the shared table plays the script: it marks the
step's move, refuses anything else with the step's sentence, plays the guide's moves itself and
keeps nothing."""
from __future__ import annotations

import re

import pytest

from ludotheque import games, texts
from ludotheque.web import i18n
from ludotheque.web.table.guide import GUIDE_ID, Guide
from ludotheque.web.table.registry import table_class
from ludotheque.web.storage.saves import SAVE_PREFIX, SaveStore
from ludotheque.web.table.session import Session, forced
from ludotheque.web.table.view import render

from test_web_logic import MemoryStorage

GUIDED = [game_id for game_id in games.ids() if games.get(game_id).guide is not None]


def test_every_game_has_a_guided_first_game():
    assert sorted(GUIDED) == sorted(games.ids())


@pytest.mark.parametrize("game_id", GUIDED)
def test_the_script_plays_from_its_deal_with_every_move_legal(game_id):
    guide = Guide(games.get(game_id))
    state = guide.new()
    assert 5 <= len(guide.taught()) <= 10
    for n, step in enumerate(guide.steps):
        assert not state.is_over, f"step {n}: the game ended before the script"
        assert step.move in state.legal_moves(), f"step {n}: {step.move} is not legal"
        if step.say:
            assert state.current_player < guide.people, f"step {n} is taught to a computer's seat"
            # never a tap a real game does not ask for (the table plays a formality itself)
            assert forced(state) != step.move, f"step {n} teaches a formality: {step.move}"
        if game_id == "rucki-zucki" and step.move["type"] == "draw":   # taught as "nothing you hold fits": the board agrees
            assert [m for m in state.legal_moves() if m["type"] != "draw"] == [], f"step {n}: a card fits"
        state.play(step.move)


@pytest.mark.parametrize("game_id", GUIDED)
def test_every_sentence_is_in_french_and_english(game_id):
    game = games.get(game_id)
    guide = Guide(game)
    keys = {step.say for step in guide.steps if step.say} | {guide.end} | ({guide.cover} if guide.cover else set())
    for key in keys:
        for lang in ("fr", "en"):
            assert game.texts[lang].get(key), f"{key} missing in {lang}"
        assert game.texts["fr"][key] != game.texts["en"][key]
    for key in ("guide.button", "guide.offer", "guide.step", "guide.watch", "guide.over", "guide.real"):
        assert texts.TEXTS["fr"][key] != texts.TEXTS["en"][key]


def guided_session(game_id: str):
    storage = MemoryStorage()
    guide = Guide(games.get(game_id))
    state = guide.new()
    queue: list = []
    session = Session(guide.save(state), state, SaveStore(storage, clock=lambda: 1.0), table_class(game_id),
                      schedule=lambda fn, ms: queue.append(fn), bot_delay=0, guide=guide)
    return session, queue, storage


@pytest.mark.parametrize("game_id", GUIDED)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_table_plays_the_script_refusing_other_moves_with_the_steps_sentence(game_id, lang):
    i18n.set_lang(lang)
    session, queue, storage = guided_session(game_id)
    game, guide = session.game, session.guide
    for n, step in enumerate(guide.steps):
        if not step.say:
            assert session.guide_plays() and queue, f"step {n}: the guide's own move is scheduled"
            queue.pop(0)()
            assert len(session.state.moves) == n + 1
            continue
        if session.covered():
            assert game.texts[lang][guide.cover] in render(session)
            session.reveal()
        sentence = game.texts[lang][step.say]
        assert sentence in render(session)
        assert session.table.advice == [step.move]   # the board marks the step's move as it marks a hint
        assert session.table.hint_button() is None
        other = next((m for m in session.state.legal_moves() if m != step.move), None)
        if other is not None:
            assert not session.play(other)
            assert session.refused == sentence and len(session.state.moves) == n
        assert session.play(step.move)
    while queue:
        queue.pop(0)()
    assert len(session.state.moves) == len(guide.steps)
    page = render(session)
    assert 'data-action="guide-real"' in page and game.texts[lang][guide.end] in page
    # it ends there: no one left thinking for ever, no hand-over cover, the banner says it is over
    assert not session.bot_to_play() and not session.covered() and 'id="pass-cover"' not in page
    if not session.state.is_over:
        assert texts.TEXTS[lang]["guide.over"] in page.split('id="banner"')[1].split("</p>")[0]
        # a settled last screen: the banner wears nobody's colour, the board offers no move to tap
        # (3x16's ended on a blue "Done" for the next call, Lucky Numbers' on the computer's badge)
        banner = re.search(r'<p class="banner[^>]*id="banner"[^>]*>', page).group(0)
        assert 'data-seat=""' in banner
        assert not re.search(r'class="[^"]*\blegal\b', page) and not re.search(r'data-act="(done|draw|end)"', page)
    legal = session.state.legal_moves()
    if legal:   # the game goes on (Take It Easy's round is over): the guided game takes no more moves
        assert not session.play(legal[0]) and session.refused == texts.TEXTS[lang]["guide.over"]
    assert 'data-action="export"' not in page and 'data-action="share"' not in page
    assert 'data-act="review"' not in page, "the script's moves are not the person's to review"
    assert not [key for key in storage.items if key.startswith(SAVE_PREFIX)] and GUIDE_ID == session.save.id


def test_lucky_numbers_guided_take_is_played_by_a_tap_on_the_lit_cell():
    """The try-out: the step "take the 17 from the pool and put it on the lit cell" refused a tap on
    the lit cell (the pool tile was to be tapped first). The lit cell alone now takes it."""
    session, queue, _ = guided_session("lucky-numbers")
    for n, step in enumerate(session.guide.steps):
        if not step.say:
            queue.pop(0)()
            continue
        if session.covered():
            session.reveal()
        if step.move["type"] == "take":
            session.carry_out(session.table.act("cell", {"row": str(step.move["row"]), "col": str(step.move["col"])}))
            assert session.refused is None and session.state.moves[-1] == step.move
            return
        assert session.play(step.move)
    pytest.fail("the guided game teaches no take from the pool")


def test_lucky_numbers_guide_says_the_discarded_tile_could_go_somewhere():
    """The try-out: the last step said the 3 "fits nowhere" while two of the garden's tiles were
    lit for it to replace. It says a tile may go to the pool even where it fits."""
    guide = Guide(games.get("lucky-numbers"))
    state = guide.new()
    at = next(n for n, step in enumerate(guide.steps) if step.move == {"type": "discard"} and step.say)
    for step in guide.steps[:at]:
        state.play(step.move)
    assert any(m["type"] == "place" for m in state.legal_moves())
    for lang in ("fr", "en"):
        said = games.get("lucky-numbers").texts[lang][guide.steps[at].say]
        assert "nowhere" not in said and "nulle part" not in said


def test_lucky_numbers_guided_game_teaches_what_a_first_game_needs_in_the_steps_the_readme_says():
    """The try-out: 5 steps where the README says 7 to 8, and the person never chose to draw (each
    draw was the table's, nothing in the pool fitting). It teaches the setup, a placement, taking
    from the pool, a swap, a draw chosen while a pool tile fits, a discard and a cell that takes
    only the numbers between its neighbours, then says how the game ends."""
    guide = Guide(games.get("lucky-numbers"))
    low, high = readme_steps()
    assert low <= len(guide.taught()) <= high
    state, taught = guide.new(), []
    for step in guide.steps:
        if step.say:
            kind = step.move["type"]
            if kind == "place":
                kind += "-swap" if state.boards[state.turn][step.move["row"] * 4 + step.move["col"]] else "-empty"
            if kind == "draw":
                assert state.takeable(), "a draw taught where the pool offered a tile that fits"
            taught.append(kind)
        state.play(step.move)
    assert sorted(taught) == sorted(["setup", "place-empty", "take", "place-swap", "draw", "discard", "place-empty"])


def readme_steps() -> tuple[int, int]:
    """The README's "guided first game of N to M steps"."""
    import pathlib
    return tuple(map(int, re.search(r"guided first game\*\*\s+of (\d+) to (\d+) steps",
                                    (pathlib.Path(__file__).parents[1] / "README.md").read_text()).groups()))


@pytest.mark.parametrize("game_id", GUIDED)
def test_every_guided_game_has_the_steps_the_readme_says(game_id):
    """The try-out counted 5 steps in Lucky Numbers' guided game where the README said 7 to 8."""
    low, high = readme_steps()
    assert low <= len(Guide(games.get(game_id)).taught()) <= high


def test_rucki_zucki_guided_exchange_leaves_no_other_seats_mark_on_the_card():
    """The outside try-out: in Rucki Zucki's guided game, once Player 2 had laid her 21 on the
    joker Player 1 left there (the joker now in her hand), the 21 still wore Player 1's mark, as if
    he had laid it. A joker marks its cell while it lies there; the card laid in its place is its
    owner's, and hers, in front of the screen, is not marked."""
    i18n.set_lang("fr")
    session, queue, _ = guided_session("rucki-zucki")
    guide = session.guide
    exchange = next(n for n, step in enumerate(guide.steps) if step.move["type"] == "exchange")
    for n, step in enumerate(guide.steps[:exchange + 1]):
        if not step.say:
            queue.pop(0)()
            continue
        if session.covered():
            session.reveal()
        if n == exchange:
            assert session.table.marked()[21][0] == 0   # Player 1's joker on 21, marked his
        assert session.play(step.move)
    from ludotheque.games.rucki_zucki.board import on_board
    assert on_board(session.table.view())[21] == 21 and 21 not in session.table.marked()
    assert 'data-cell="21"' in (page := render(session)) and not re.search(r'data-cell="21"[^>]*--mark', page)
