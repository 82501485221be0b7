"""A person never taps for a move that decides nothing: when their only legal move is a formality
of the game (3x16's "done" with nothing left to move, Rucki Zucki's end of turn with nothing
left to place, Lucky Numbers' end of its last replay), the shared table plays it for them at once, writes it in the log like
any move, and undo goes back past it to the person's last real decision. Only where it hides
nothing from her, though: at a secret-hand table of several people a turn begins under the
person's cover, and her forced draw waits there until she has seen her hand and why. And undo never takes back
another person's moves without asking, naming them."""
from __future__ import annotations

import random
import re

import pytest

from ludotheque import games
from ludotheque.web import i18n
from ludotheque.web.table.registry import table_class
from ludotheque.web.storage.saves import Save, SaveStore, Seat
from ludotheque.web.table.session import Session, forced
from ludotheque.web.table.view import render

from test_web_logic import MemoryStorage


def table(game_id: str, seats: list[Seat], seed: int = 3, options=None):
    state = games.get(game_id).new(len(seats), seed=seed, options=options)
    save = Save(id="f1", game=game_id, record=state.record(), seats=seats)
    queue: list = []
    session = Session(save, state, SaveStore(MemoryStorage(), clock=lambda: 1.0), table_class(game_id),
                      schedule=lambda fn, ms: queue.append(fn), bot_delay=0)
    return session, queue


def test_a_solitaire_of_3x16_by_hand_needs_no_done_at_all():
    """The scripted solitaire of the family test: a row when one fits, else a column, "move
    everything that fits" whenever a tile can move, and never Done: it needed Done at all 48 calls."""
    session, _ = table("3x16", [Seat("Léa")], options={"transfers": "manual"})
    dones = 0
    while not session.state.is_over:
        legal = session.state.legal_moves()
        rows = [m for m in legal if m["type"] == "place" and "row" in m]
        columns = [m for m in legal if m["type"] == "place" and "column" in m]
        moves = [m for m in legal if m["type"] == "transfer-all"]
        move = (rows or columns or moves or [None])[0]
        if move is None:
            dones += 1   # the person would have to say Done: the table should have
            move = {"type": "done"}
        assert session.play(move)
    assert dones == 0
    said = [entry for entry in session.log if entry["move"]["type"] == "done"]
    assert said and all(entry.get("auto") for entry in said), "every Done is played by the table, and logged"


def test_undo_goes_back_past_a_formality_to_the_persons_own_move():
    """Rucki Zucki: Léa places her last card that fits; the end of her turn is played for her.
    Undo takes back her placement (not only the end, which the table would play again at once)."""
    session, queue = table("rucki-zucki", [Seat("Léa"), Seat("Robot", "bot", "easy")])
    for _ in range(200):
        while queue:
            queue.pop(0)()
        state = session.state
        last = None
        for move in state.legal_moves():
            after = state.copy()
            after.play(move)
            if move["type"] in ("place", "exchange") and after.current_player == 0 and forced(after) == {"type": "end"}:
                last = move
                break
        if last is not None:
            break
        session.play(next((m for m in state.legal_moves() if m["type"] != "draw"), state.legal_moves()[0]))
    assert last is not None, "no placement followed by a forced end in 200 turns"
    before = len(session.state.moves)
    session.play(last)
    assert session.log[-1]["move"] == {"type": "end"} and session.log[-1].get("auto")
    assert len(session.state.moves) == before + 2
    session.undo()
    assert len(session.state.moves) == before and session.state.current_player == 0
    assert last in session.state.legal_moves(), "her card is back in her hand, her choice again"
    # after a reload, the log rebuilt from the record knows the formalities again
    session.play(last)
    again = Session(session.save, session.save.replay(), None, table_class("rucki-zucki"), schedule=lambda fn, ms: None)
    assert [e.get("auto", False) for e in again.log] == [e.get("auto", False) for e in session.log]


@pytest.mark.parametrize("game_id", games.ids())
def test_no_person_is_ever_left_with_only_a_formality_to_tap(game_id):
    """People at every table, random taps: after each tap, the person to act (if any) has a real
    choice or a move that decides something, save under her cover at a secret-hand table (the
    formality waits there for her to see her hand: issue #55); formalities are logged, the
    record replays, and a reload marks the same moves as the table's."""
    game = games.get(game_id)
    players = max(2, game.min_players)
    session, queue = table(game_id, [Seat(f"P{n}") for n in range(players)], seed=5)
    chooser, autos = random.Random(5), 0
    while not session.state.is_over and len(session.state.moves) < 2000:
        while session.lingers():   # the last hand on show a moment (`Session.linger`): it goes by
            queue.pop(0)()
        if session.human_to_act() and not session.table.waits_for_humans():
            assert forced(session.state) is None or session.covered(), \
                f"{game_id}: a person left to tap {forced(session.state)}"
        session.reveal()
        session.play(chooser.choice(session.state.legal_moves()))
        autos = sum(1 for entry in session.log if entry.get("auto"))
    assert session.state.is_over
    assert game.replay(session.state.record()).record() == session.state.record()
    assert autos == 0 or game.formalities, f"{game_id}: {autos} formalities played"
    again = Session(session.save, session.save.replay(), None, table_class(game_id), schedule=lambda fn, ms: None)
    assert [e.get("auto", False) for e in again.log] == [e.get("auto", False) for e in session.log]


@pytest.mark.parametrize("options", [{"rounds": 1}, {"rounds": 1, "pairs": True}])
def test_take_it_easy_last_tile_goes_in_the_last_empty_hex_by_itself(options):
    """A round of Take It Easy has 19 tiles for 19 hexes: the person places 18; the last tile goes
    in the one hex left without a tap, logged like any placement."""
    session, _ = table("take-it-easy", [Seat("Léa")], options=options)
    taps = 0
    while not session.state.is_over:
        session.play(session.state.legal_moves()[0])
        taps += 1
    placed = [entry for entry in session.log if entry["move"]["type"] == "place"]
    assert len(placed) == 19 and taps == 18
    assert placed[-1].get("auto") and not any(entry.get("auto") for entry in placed[:-1])


def test_a_pause_for_people_is_never_played_for_them():
    """Between Take It Easy's rounds the only move is "next round", but the scores stay on show until
    a person goes on: not a formality."""
    session, _ = table("take-it-easy", [Seat("Léa"), Seat("Zoé")], options={"rounds": 4})
    while session.state.view(None)["phase"] != "scoring":
        session.play(session.state.legal_moves()[0])
    assert session.state.legal_moves() == [{"type": "next-round"}]
    assert session.table.waits_for_humans() and session.formality() is None


def test_undo_asks_before_it_takes_back_another_persons_moves_and_names_them():
    """Take It Easy, Papa, a computer and Léa: Papa places, the computer places, then Léa taps
    Undo. It would take back Papa's move and the computer's: the table asks, naming them, and only
    the second tap takes them back. Léa's own last move goes back at once, as before."""
    session, queue = table("take-it-easy", [Seat("Papa"), Seat("Robot 2", "bot", "easy"), Seat("Léa")])
    session.carry_out(session.table.act("place", {"cell": "4"}))
    queue.pop(0)()
    assert session.state.current_player == 2 and len(session.state.moves) == 2
    session.undo()
    assert len(session.state.moves) == 2 and session.undo_asked, "nothing goes back on the first tap"
    markup = render(session)
    question = markup.split('id="undo-ask"')[1].split("</section>")[0]
    assert "Reprendre ces 2 coups de" in question and "Papa" in question and "Robot 2" in question
    i18n.set_lang("en")   # issue #55: "Take back these 2 moves of Papa and Robot 2?" was no English
    asked = re.sub(r"<[^>]+>", "", render(session).split('id="undo-ask-title">')[1].split("</h2>")[0])
    i18n.set_lang("fr")
    assert re.fullmatch(r"Take back Papa and (Robot|Bot) 2's last 2 moves\?", asked), asked
    assert question.count("<li") == 2 and 'data-action="undo" data-confirmed="yes"' in question
    assert 'data-action="undo-keep"' in question
    session.undo(confirmed=True)
    assert session.state.moves == [] and session.state.current_player == 0 and not session.undo_asked
    assert 'id="undo-ask"' not in render(session)
    # your own move (and the computer's reply) goes back at once
    session.carry_out(session.table.act("place", {"cell": "4"}))
    session.undo()
    assert session.state.moves == [] and not session.undo_asked


def test_a_formality_the_table_played_is_not_what_the_table_says_nor_what_undo_asks_about():
    """The try-out, 3x16 by hand: Maman put the 8 in a column and the table said Done for her.
    Papa's screen said "Maman a fini avec le 8", and his Undo asked to take back "2 moves of
    Maman's", the Done among them. The line now says her placement, and Undo asks of it alone."""
    session, queue = table("3x16", [Seat("Maman"), Seat("Papa")], options={"transfers": "manual"})
    while not (session.log and session.log[-1].get("auto") and session.state.current_player == 1):
        if session.covered():
            session.reveal()
        legal = session.state.legal_moves()
        session.play(next(m for m in legal if m["type"] == "place" and "column" in m))
    placed, done = session.log[-2:]
    assert placed["seat"] == done["seat"] == 0 and done["move"] == {"type": "done"}
    line = re.search(r'id="last-move".*?</p>', render(session)).group(0)
    assert "a mis le " in line and "a fini" not in line and 'data-action="log"' not in line
    session.undo()
    question = render(session).split('id="undo-ask"')[1].split("</section>")[0]
    assert "Reprendre ce coup de" in question and question.count("<li") == 1 and "a fini" not in question
    i18n.set_lang("en")
    asked = re.sub(r"<[^>]+>", "", render(session).split('id="undo-ask-title">')[1].split("</h2>")[0])
    i18n.set_lang("fr")
    assert asked == "Take back Maman's move?", asked
    session.undo(confirmed=True)
    assert session.state.moves == [], "both went back, the Done with the placement"


def test_a_secret_hand_table_never_draws_for_a_person_before_she_has_seen_her_hand():
    """The try-out (issue #55): Maman and Papa at one tablet, and nothing of Maman's fits at the
    start. Her first cover said "Maman a pioché une carte" before she had ever seen her cards.
    Now nothing is played before she lifts her cover; then her hand is shown with why she draws,
    and the draw is her own tap. Papa's cover then says she drew, and never why (her hand is hers)."""
    session, queue = table("rucki-zucki", [Seat("Maman"), Seat("Papa")], seed=4)
    assert forced(session.state) == {"type": "draw"}, "the deal: nothing of Maman's fits"
    session.begin()
    assert session.state.moves == [] and session.covered()
    first = render(session)
    assert 'id="pass-cover"' in first and "pioché" not in first and "pass-since" not in first
    session.reveal()
    shown = render(session)
    assert 'class="rz-hand' in shown and 'data-seat="0"' in shown.split('class="rz-hand')[1][:200]
    assert "Aucune de vos cartes ne touche une carte posée : vous en piochez une." in shown
    assert 'data-act="draw"' in shown and session.state.moves == []
    session.carry_out(session.table.act("draw", {}))
    assert session.state.moves == [{"type": "draw"}] and not session.log[-1].get("auto")
    assert session.state.current_player == 1
    # a draw ends the turn, the card kept in hand (RULES 4, whether it fits or not): her hand stays on show a moment
    # with that card and why (the next cover came at once, over a card she had never seen)
    drawn = session.state.view(0)["drawn"]
    lingering = render(session)
    assert not session.covered() and 'id="pass-cover"' not in lingering
    assert 'data-seat="0"' in lingering.split('class="rz-hand')[1][:200] and "rz-card in-hand" in lingering
    assert f"Vous avez pioché le {drawn} : il reste dans votre main, votre tour est fini." in lingering
    # the banner names her while her hand is on show: naming Papa would hand him the tablet over her cards
    banner = lingering.split('id="banner"')[1].split("</p>")[0]
    said = re.sub(r"<[^>]+>", "", banner.split(">", 1)[1])
    assert said.startswith("Maman : votre tour est fini") and "Papa" not in said and 'data-seat="0"' in banner
    hand = lingering.split('class="rz-hand')[1].split("</section>")[0]
    assert hand.count("rz-card in-hand") == len(session.state.hands[0]) and "disabled" in hand   # hers, nothing to tap
    while queue and not session.covered():
        queue.pop(0)()
    assert session.covered() and 'id="pass-cover"' in render(session)
    since = render(session).split('class="pass-since"')[1].split("</section>")[0]
    assert "Maman" in since and "a pioché une carte" in since and "aucune de vos cartes" not in since


def test_a_secret_hand_is_put_away_while_the_computers_play():
    """The try-out (issue #55): Léa's hand stayed open on the tablet while the computer after her
    thought, for whoever took the tablet next to see. Once her turn is over it is hidden."""
    session, queue = table("rucki-zucki", [Seat("Maman"), Seat("Robot", "bot", "easy"), Seat("Papa")], seed=4)
    session.begin()
    session.reveal()
    assert session.shows_hand() and 'class="rz-hand' in render(session)
    while session.state.current_player == 0:
        session.carry_out(session.table.act("draw", {}) if forced(session.state) == {"type": "draw"}
                          else session.state.legal_moves()[0])
    assert session.state.current_player == 1 and queue, "the computer's turn, still to be played"
    if session.lingers():   # a card drawn that fitted nowhere ended her turn: seen a moment, then put away
        queue.pop(0)()
        assert not session.lingers() and queue, "the computer's turn, still to be played"
    assert not session.shows_hand() and "rz-card in-hand" not in render(session)


def test_alone_against_a_computer_the_table_draws_for_her_and_says_why():
    """Léa alone against a computer, nothing of hers fitting at the start: nothing is hidden from
    anyone, so the table draws for her at once; back at her turn, the last-move line tells her
    that she drew because none of her cards fitted (not only "drew a card"), in its short words,
    and the log says it whole."""
    session, queue = table("rucki-zucki", [Seat("Léa"), Seat("Robot", "bot", "easy")], seed=7)
    session.begin()
    assert session.log[0]["move"] == {"type": "draw"} and session.log[0]["auto"]
    while queue and not session.human_to_act():
        queue.pop(0)()
    assert session.human_to_act() and len(session.log) >= 2
    line = re.search(r'id="last-move".*?</p>', render(session)).group(0)
    assert "Léa" in line and "(vous) a pioché : rien n'allait" in line, line
    assert "a pioché une carte : aucune de vos cartes n'allait" in session.say(session.log[0]), session.log[0]


# --- in the page: a forced draw is the table's -------------------------------------------------

def test_lucky_numbers_first_draw_is_played_by_the_table_in_the_page(page, context, boot):
    """Alice against a computer: at her first turn the pool is empty, so drawing is all she could
    do. The table draws for her: her tile is in her hand to place, no Draw button to tap, and the
    log says she drew it."""
    from pagetools import FAST_BOTS, start, stored_saves, wait_for_human
    from playwright.sync_api import expect
    context.add_init_script(FAST_BOTS)
    boot()
    start(page, "lucky-numbers", players=2, names=("Alice",), level="easy")
    page.click("#table button[data-act='confirm-setup']")
    expect(page.locator("#table button[data-act='discard']")).to_be_visible()   # the person's tile to place
    wait_for_human(page)
    expect(page.locator("#table .ln-drawn .ln-tile")).to_be_visible()
    expect(page.locator("#table button[data-act='draw']")).to_have_count(0)
    expect(page.locator("#table .ln-garden.active .ln-cell.legal").first).to_be_visible()
    assert stored_saves(page)[0]["record"]["moves"][-1] == {"type": "draw"}, "kept with the game like any move"


def test_rucki_zucki_a_person_with_nothing_to_place_sees_her_hand_then_draws_herself(page, context, boot):
    """Maman and Papa at one tablet, nothing of Maman's fitting at the start (issue #55: the
    table drew for her, and her first cover said "Maman a pioché une carte" before she had seen
    her cards). Her first cover says nothing was played; lifted, it shows her hand and why she
    draws, with the Draw button; her draw is then said on Papa's cover, never which card, and
    Papa's hand never shows it. (This test replaces the one where Bob's forced draw was the
    table's at once, the tablet staying with Alice: at a table of covers that hid his turn.)"""
    from pagetools import open_stored, stored_save, stored_saves
    from playwright.sync_api import expect
    game = games.get("rucki-zucki")
    state = game.new(2, seed=4)
    assert state.current_player == 0 and forced(state) == {"type": "draw"}
    after = state.copy()
    after.play({"type": "draw"})
    maman = after.view(0)["hand"]
    drawn = next(c for c in maman if c not in state.view(0)["hand"])
    boot()
    open_stored(page, stored_save(state, [Seat("Maman"), Seat("Papa")]))
    cover = page.locator("#pass-cover")
    expect(cover).to_contain_text("Maman")
    expect(cover).not_to_contain_text("pioché")
    expect(cover.locator(".pass-since")).to_have_count(0)
    page.click("#pass-cover [data-action='reveal']")
    expect(page.locator("#table .rz-hand")).to_have_attribute("data-seat", "0")
    expect(page.locator("#rz-stuck")).to_have_text("Aucune de vos cartes ne touche une carte posée : vous en piochez une.")
    shown = page.locator("#table .rz-card.in-hand").all_inner_texts()
    assert sorted(int(c) for c in shown) == sorted(state.view(0)["hand"])
    assert stored_saves(page)[0]["record"]["moves"] == [], "nothing played for her"
    page.click("#table .rz-hand button[data-act='draw']")
    since = cover.locator(".pass-since")
    expect(since).to_contain_text(re.compile(r"Maman\W* a pioché une carte"))
    assert not re.search(r"\d", since.inner_text()), "her card is never named"
    page.click("#pass-cover [data-action='reveal']")
    expect(page.locator("#table .rz-hand")).to_have_attribute("data-seat", "1")
    shown = page.locator("#table .rz-card.in-hand").all_inner_texts()
    assert sorted(int(c) for c in shown if c.strip().isdigit()) == sorted(c for c in after.view(1)["hand"] if isinstance(c, int))
    assert str(drawn) not in shown


def test_a_lucky_numbers_setup_with_one_legal_form_is_the_tables():
    """The setup in ascending order has one legal form: the table puts Alice's four tiles on her
    diagonal when the game opens (and her first draw, the pool being empty, follows)."""
    session, queue = table("lucky-numbers", [Seat("Alice"), Seat("Robot", "bot", "easy")],
                           options={"setup_order": "ascending"})
    session.begin()
    assert [e["move"]["type"] for e in session.log] == ["setup"] and session.log[0]["auto"]
    assert session.state.view(0)["gardens"][0][0][0]
