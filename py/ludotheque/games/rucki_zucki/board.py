"""Rucki Zucki at the table: the 4×12 board with every number printed on its cell, the pile on P
and the joker cell J unmistakable; the hand of the seat in front of the screen as a fan of cards;
the other seats as panels with their card backs and penalty points. Tap a card (the cells it may
go to light up), then a cell; or tap a lit cell straight away to put its card there. Drag and
drop does the same. Hands are secret: with several people at the table, the shared table code
covers the screen between them (GameTable.hides_hands, from the game's secret_hands), so no hand reaches the page before its
owner taps "show my hand". At the end of a round every hand is shown and counted."""
from __future__ import annotations

from functools import partial
from typing import Any, Callable, Generator

from ...core import Move
from ...web.dom import Raw, h
from ...web.i18n import (about, about_one, decimal, gt, gtn, level_name, number, percent, person,
                         listed, points, sentence, t)
from ...web.table.registry import table
from ...web.table.game_table import REFUSAL_GONE, GameTable, Intent
from ...web.table.review import RoundResult
from ...web.widgets import names_apart, place_mark, ranked
from .rules import COLS, GAME, JOKER_PENALTY, NEIGHBOURS

say = partial(gt, GAME)   # the game's own words (texts.py), in the current language
say_n = partial(gtn, GAME)

JOKER = "joker"


CROWDED = 8
"""A hand of more cards than this keeps to one line: its cards get narrower and their numbers smaller."""


LAID = ("move.place", "move.place-last", "move.exchange", "move.joker", "move.joker-on-j")
"""The log's keys of a card put on the board (the one exchanged for the joker too)."""


@table
class Table(GameTable):
    game_id = "rucki-zucki"
    pause_phase = "scoring"   # the round's hands stay on show until a person deals the next one
    round_move = "next-round"   # each round has its review
    score_key = "board.score"
    closing = frozenset({"move.end", "move.stop"})   # after cards laid, "ended their turn" says nothing more

    def __init__(self, session):
        super().__init__(session)
        self.selected: int | str | None = None   # a hand card picked up (a number or "joker")

    # -- taps ----------------------------------------------------------------------------------
    def acting(self, v: dict[str, Any]) -> bool:
        """A person plays a turn here (between rounds nobody does: the board is for looking)."""
        return self.session.human_to_act() and v["current"] == v["seat"] and v["phase"] in ("turn", "last-draw")

    def targets(self, v: dict[str, Any], card: int | str | None) -> dict[Any, dict[str, Any]]:
        """Cell label -> the playable entry that may go there (for one card, or any card)."""
        found = {}
        for entry in v["playable"]:
            if card is None or entry["card"] == card:
                for cell in entry["cells"]:
                    found.setdefault(cell, entry)
        return found

    def act(self, action: str, data: dict[str, str]) -> Intent:
        v = self.view()
        if action == "card":
            card = parse_card(data["card"])
            self.selected = None if self.selected == card else card
            return REFUSAL_GONE
        elif action == "cell":
            return self.tap_cell(v, parse_cell(data["cell"]))
        elif action == "draw":
            return {"type": "draw"}
        elif action == "end":
            return {"type": "end"}
        elif action == "next-round":
            self.review_open = False
            self.review_round = None
            return {"type": "next-round"}
        elif action == "hint":
            return self.ask_hint()

    # -- the hint ------------------------------------------------------------------------------
    def suggest(self) -> list[Move]:
        """The strongest bot's plan for the rest of the turn (the cards to lay in order, then
        "end"; or "draw"), from the view of the person holding the tablet only."""
        hint_why = self.coach().hint_why
        self.selected = None   # only the hint's cells lit: no card held up lighting its own
        moves, self.why = hint_why(self.state)
        return moves

    def explain(self, why: dict[str, Any]) -> str:
        """The figures behind the hint, for those who ask (`bots.rucki_zucki.hint_why`): for a
        plan weighed by playouts, your penalty at the round's end against the next best plan's,
        or, when the plan chosen costs you more but the others more still, how much better off
        it leaves you; face to face, the chance to win the match. None where the board says it
        all (the hand empties, the pile's last card, a turn with one sensible way)."""
        kind = why["kind"]
        if kind not in ("plan", "keep"):
            return ""
        other = list(why["next"])
        if other and len(other) < len(self.state.hands[self.state.current_player]):
            other.append({"type": "end"})   # "if you lay the 16, then end the turn", not "if you lay the 16"
        gain = why["edge"] - why["next_edge"]
        params = {"penalty": about(why["penalty"]), "next_penalty": about(why["next_penalty"]),
                  "gain": about(gain), "next": self.say_moves(other, self.state.phase)}
        if "match" in why and round(100 * why["match"]) > round(100 * why["next_match"]):   # face to face: the match
            return self.text("why.keep-match" if kind == "keep" else "why.plan-match",
                             match=percent(why["match"]), next_match=percent(why["next_match"]), next=params["next"])
        cheaper = round(why["penalty"]) < round(why["next_penalty"])
        key = ("why.keep" if kind == "keep" else "why.plan") + ("" if cheaper else "-edge")
        if not cheaper and gain < 0.05:   # the bot keeps its steadier plan unless another is clearly better
            key = ("why.keep" if kind == "keep" else "why.plan") + "-even"
        elif about_one(why["penalty"] if cheaper else gain):
            key += ".one"   # "about 0,5 point", in the singular
        return self.text(key, **params)

    def reason(self, moves: list[Move]) -> str:
        """Why the hint, read on the board (`reason_of`): the card each goes beside, the cards kept
        and what they would open to the others."""
        v = self.view()
        if v["phase"] == "last-draw" and not any(m["type"] in ("place", "joker", "exchange") for m in moves):
            return self.text("reason.last-none", card=v["last_card"]) + "."
        return reason_of(self.text, v["board"], v["layout"], v["hand"], moves)

    def kept_cards(self, why: dict[str, Any]) -> str:
        """The cards that fit but the hint keeps in hand, in words ("the 16 and the 4")."""
        return self.text("why.and").join(self.text("say.card", card=c) for c in why.get("kept", ()))

    def say_advice(self, moves: list[Move]) -> str:
        return self.text("hint.say", moves=self.say_moves(moves, self.state.phase))

    def lead_turn(self, row: dict[str, Any]) -> Raw:
        """A costly turn: first the cards that made the difference, those you laid and the
        computer would have kept (and the cells they opened to the others, read on the board as
        it was), those you kept and it would have laid; the two plans in full where the same
        cards went (another order, a draw). The penalty points it risked folded after."""
        def laid(moves: list[Move]) -> list[Any]:
            return [move["card"] if move["type"] != "joker" else JOKER for move in moves
                    if move["type"] in ("place", "exchange", "joker")]
        mine, best = laid(row["moves"]), laid(row["best"])
        extra = [card for card in mine if card not in best]
        kept = [card for card in best if card not in mine]
        figures = self.text("review.lead.cost", loss=about(row["loss"]), value=about(row["value"]),
                            best_value=about(row["best_value"]), points=points(row["loss"]),
                            best_points=points(row["best_value"]))
        cards = lambda cs: listed([self.text("say.card", card="★" if c == JOKER else c) for c in cs])
        if not extra and not kept:
            reason = self.text("review.lead", turn=row["turn"], moves=self.say_moves(row["moves"], row["phase"]),
                               best=self.say_moves(row["best"], row["phase"]))
        elif extra and kept:
            reason = self.text("review.lead.swap", turn=row["turn"], extra=cards(extra), kept=cards(kept))
        else:
            opened = opened_by(row["board"], row["layout"], row["moves"], extra) if extra else []
            key = "review.lead.opened" if opened else "review.lead.laid" if extra else "review.lead.kept"
            reason = self.count_text(key, len(extra or kept), turn=row["turn"], cards=cards(extra or kept),
                                     cells=listed([self.text("say.cell", cell=c) for c in opened]))
        return self.review_line(reason, figures, {"data-n": row["n"]}, loss=row["loss"])

    def say_moves(self, moves: list[Move], phase: str, done: bool = False) -> str:
        """Moves of one turn (or, in phase "last-draw", after the pile's last card) in words:
        "lay the 12, the joker on J, then end the turn"; `done`, as what the person did: "you
        laid the 12, then you ended the turn"."""
        said_as = "said." if done else "say."
        cards = []
        for move in moves:
            kind = move["type"]
            if kind == "joker":
                cards.append(self.text("say.joker", cell=move["cell"]))
            elif kind in ("place", "exchange"):
                cards.append(self.text("say.card" if kind == "place" else "say.exchange", card=move["card"]))
        last = moves[-1]["type"] if moves else "end"
        ending = None
        if last == "draw":
            ending = self.text(said_as + "draw")
        elif last == "end":
            ending = self.text(said_as + ("stop" if phase == "last-draw" else "end"))
        said = self.text(said_as + "lay", cards=", ".join(cards)) if cards else None
        if said and ending:
            return self.text("say.then", first=said, second=ending)
        return said or ending or ""

    def hint_order(self) -> dict[Any, int]:
        """Cell label -> its place (from 1) in the hint's cards to lay."""
        order: dict[Any, int] = {}
        for move in self.advice or ():
            if move["type"] in ("place", "exchange"):
                order.setdefault(move["card"], len(order) + 1)
            elif move["type"] == "joker":
                order.setdefault(move["cell"], len(order) + 1)
        return order

    def hinted_cards(self) -> set:
        """The hand cards the hint lays (the joker as "joker")."""
        return {move["card"] if move["type"] != "joker" else JOKER
                for move in self.advice or () if move["type"] in ("place", "exchange", "joker")}

    def drag(self, data: dict[str, str]) -> None:
        if data.get("act") == "card":
            self.selected = parse_card(data["card"])

    def tap_cell(self, v: dict[str, Any], cell: int | str) -> Intent:
        hand = v["hand"] or []
        card = self.selected
        if card is None:
            # no card picked up: the card printed on the cell, when the hand holds it
            card = cell if cell in hand else None
            if card is None and cell in self.targets(v, JOKER):
                card = JOKER   # only the joker can go there: tapping the lit cell plays it
            if card is None:
                if cell == "P":
                    return self.refusal(say, "board.pile-cell")
                else:
                    return self.refusal(lambda: say("board.not-in-hand", cell=label_text(cell)))
                return
        if card == JOKER:
            return {"type": "joker", "cell": cell}
        if cell != card:
            return self.refusal(say, "board.own-cell", card=card)
        exchange = any(e["card"] == card and e["exchange"] for e in v["playable"])
        return {"type": "exchange" if exchange else "place", "card": card}

    def cancel(self) -> None:
        self.selected = None

    # -- drawing -------------------------------------------------------------------------------
    def marked(self) -> dict[Any, tuple[int, bool]]:
        """Cells that other seats just played on: who played there, and whether it is not yet on
        screen (it slides in). A joker marks its cell while it lies there: the card exchanged for
        it since is its owner's (theirs to mark, or nobody's when it is the person's own)."""
        on = on_board(self.view())
        cells: dict[Any, tuple[int, bool]] = {}
        for seat, moves in self.just_moved().items():
            for move in moves:
                if move["type"] in ("place", "exchange"):
                    cells[move["card"]] = (seat, self.arriving(move))
                elif move["type"] == "joker" and on.get(move["cell"]) == JOKER:
                    cells[move["cell"]] = (seat, self.arriving(move))
        return cells

    def source(self, seat: int) -> str:
        """Where `seat`'s cards come from on screen: the hand shown, or the seat's panel."""
        return "hand" if seat == self.session.focus_seat() and self.session.shows_hand() else f"seat-{seat}"

    def travels(self) -> dict[str, dict[Any, dict[str, Any]]]:
        """The cards shown for the first time, and where each comes from: onto the board from a
        hand ("board", by cell), the joker taken back into the hand ("hand"), a card drawn from
        the pile into a hand, face down for the others ("drawn", by seat)."""
        found: dict[str, dict[Any, dict[str, Any]]] = {"board": {}, "hand": {}, "drawn": {}}
        for seat in range(self.state.players):
            for entry in self.landings(seat):
                move = entry["move"]
                if move["type"] in ("place", "exchange"):
                    found["board"][move["card"]] = self.travel(entry, self.source(seat))
                    if move["type"] == "exchange":
                        found["hand" if self.source(seat) == "hand" else "drawn"][
                            JOKER if self.source(seat) == "hand" else seat] = self.travel(entry, f"cell-{move['card']}", ".j")
                elif move["type"] == "joker":
                    found["board"][move["cell"]] = self.travel(entry, self.source(seat))
                elif move["type"] == "draw":
                    found["drawn"][seat] = self.travel(entry, "pile", ".d")
        return found

    def grid(self, v: dict[str, Any], acting: bool) -> Raw:
        # a hint on show lights only its own cells (marked "hint"), unless a card is held up
        hinting = bool(self._advice) and self.session.guided() is None and self.selected is None
        lit = self.targets(v, self.selected) if acting and not hinting else {}
        marked = self.marked()
        travels = self.travels()["board"]
        order = self.hint_order() if acting else {}
        cells = []
        for r, row in enumerate(v["layout"]):
            for c, label in enumerate(row):
                held = v["board"][r][c]
                classes = ["rz-cell"]
                if label == "P":
                    classes.append("pile")
                    # the pile lies on P (the letter under it, as on the printed board): its
                    # count on a small stack of cards, the cell's name said to screen readers
                    inner = [h("span", {"class_": "rz-pile-count", "data-source": "pile"}, v["pile"])]
                    aria = self.count_text("label.pile", v["pile"])
                else:
                    if label == "J":
                        classes.append("joker-cell")
                    if label in lit:
                        classes.append("legal")
                    if label in marked:
                        classes += ["just", "just-played"]
                    if label in order:
                        classes.append("hint")
                    inner = [h("span", {"class_": "rz-label"}, label)]
                    if label in order:
                        inner.append(h("span", {"class_": "hint-order", "aria-hidden": "true"}, order[label]))
                    if held is not None:
                        classes.append("filled")
                        inner.append(self.card(held, "arrive" if label in travels or marked.get(label, (0, False))[1]
                                               else "", travels.get(label)))
                    aria = label_text(label) + (f": {card_text(held)}" if held is not None else "") \
                        + (", " + say("board.laid-by", player=self.session.name(marked[label][0])) if label in marked else "") \
                        + (f" ({t('hint.marked')} {order[label]})" if label in order else "")
                attrs = {"class_": " ".join(classes), "data-cell": label, "aria-label": aria, "data-source": f"cell-{label}",
                         "data-hint": order.get(label),
                         # the mark in the mover's colour
                         "style": f"--seat: var(--seat-{marked[label][0]}); --mark: var(--mark-{marked[label][0]})"
                         if label in marked else None}
                if acting:
                    attrs.update({"type": "button", "data-act": "cell", "data-drop": "1"})
                    cells.append(h("button", attrs, inner))
                else:
                    cells.append(h("div", attrs, inner))
        name = v["layout_name"]
        return h("div", {"class_": "rz-board-wrap"},
                 h("div", {"class_": "rz-board" + ("" if v["printed"] else " shuffled"), "role": "group",
                           "aria-label": self.text(f"label.layout-{name}"), "data-roving": True}, cells),
                 None if v["printed"] else h("p", {"class_": "rz-layout-note"}, self.text(f"label.layout-{name}")))

    def card(self, card: int | str, extra: str = "", travel: dict[str, Any] | None = None) -> Raw:
        """A card on the board or in a hand shown: its number; the joker a star drawn at the
        card's size (a star of text overflowed the small joker card in the corner of a cell)."""
        joker = card == JOKER
        return h("span", {"class_": f"rz-card{' joker' if joker else ''} {extra}".strip(), **(travel or {})},
                 h("span", {"class_": "rz-star", "aria-hidden": "true"}) if joker else card)

    def hand(self, v: dict[str, Any], acting: bool) -> Raw | None:
        hand = v["hand"]
        if hand is None or not self.session.shows_hand():
            return None
        playable = {e["card"] for e in v["playable"]}
        hinted = self.hinted_cards() if acting else set()
        travels = self.travels()
        arriving = travels["hand"]
        drawn = travels["drawn"].get(v["seat"])
        if drawn and v["drawn"] is not None:
            arriving = {**arriving, v["drawn"]: drawn}
        cards = []
        for card in hand:
            chosen = card == self.selected
            classes = "rz-card in-hand" + (" joker" if card == JOKER else "") + (" picked" if chosen else "") \
                + (" fits" if card in playable else "") + (" fresh" if card == v["drawn"] else "") \
                + (" hint" if card in hinted else "")
            attrs = {"type": "button", "class_": classes, "aria-pressed": "true" if chosen else "false", **arriving.get(card, {}),
                     "aria-label": sentence(card_text(card)) + (". " + say("board.fits") if card in playable else "")}
            if acting:
                attrs.update({"data-act": "card", "data-card": card, "data-drag": "card", "draggable": "true"})
            else:
                attrs["disabled"] = True
            cards.append(h("button", attrs, "★" if card == JOKER else card))
        controls = [self.stuck_note(v, acting)]
        following = (self.next_advice() or {}).get("type")
        if acting and v["can_draw"]:
            controls.append(h("button", {"type": "button", "class_": "primary" + (" hint" if following == "draw" else ""),
                                         "data-act": "draw"}, self.text("label.draw")))
        if acting and v["can_end"]:
            controls.append(h("button", {"type": "button", "class_": ("primary" if not v["playable"] else "")
                                         + (" hint" if following == "end" else "") or None, "data-act": "end"},
                              self.text("label.stop" if v["phase"] == "last-draw" else "label.end")))
        if acting:   # the hint in words beside its button
            controls += [self.hint_button(), self.hint_note()]
        seat = v["seat"]
        return h("section", {"class_": "rz-hand seat-board", "aria-label": self.text("label.hand"), "data-seat": seat, "data-source": "hand",
                             **self.turn_attrs("foot")},
                 h("h3", None, self.badge(seat), " · ", self.text("label.hand"),
                   " · ", say_n("board.hand-sum", hand_sum(hand))),
                 h("div", {"class_": "rz-fan" + (" crowded" if len(cards) > CROWDED else "")},
                   cards or h("span", None, say("board.empty-hand"))),
                 h("div", {"class_": "rz-controls"}, controls) if any(controls) else None)

    def briefly(self, turn: list[dict[str, Any]]) -> tuple[str, dict[str, Any]]:
        """A turn's cards laid, said together on the last-move line: "placed the 12, the 13 and
        the joker", "…: no card left" when the hand emptied; a turn that laid none as the log
        says it ("drew a card")."""
        laid = [entry for entry in turn if entry["key"] in LAID]
        if not laid:
            return super().briefly(turn)
        cards = listed([say("brief.joker") if entry["key"].startswith("move.joker") else say("brief.card", card=entry["params"]["card"])
                        for entry in laid])
        out = any(entry["key"] == "move.place-last" for entry in laid)
        return ("move.laid-out.short" if out else "move.laid.short"), {"cards": cards}

    def lingers_after(self, move: Move) -> bool:
        """A draw ends the turn, the card kept in hand even where it fits: it is seen a moment before the next cover."""
        return move.get("type") == "draw"

    def stuck_note(self, v: dict[str, Any], acting: bool) -> Raw | None:
        """A turn begun with nothing that fits: none of the person's cards touches a card on the
        board, so she draws one, and the board says so beside the Draw button (at a table of
        covers the table waits for her to see it: `Session.formality`). The banner says it in
        short too, and is what a screen reader hears (this note is not announced again)."""
        if self.session.lingers() and v["drawn"] is not None:   # her draw ended her turn: what she drew
            card = say("board.joker") if v["drawn"] == JOKER else say("brief.card", card=v["drawn"])
            return h("p", {"class_": "rz-stuck", "id": "rz-stuck"}, say("board.stuck-drawn", card=card))
        if not (acting and v["phase"] == "turn" and v["can_draw"] and not v["playable"]):
            return None
        return h("p", {"class_": "rz-stuck", "id": "rz-stuck"}, say("board.stuck"))

    def seats_panel(self, v: dict[str, Any]) -> Raw:
        rows = []
        drawn = self.travels()["drawn"]
        for s in range(v["players"]):
            who = self.session.seats[s]
            size = v["hand_sizes"][s]
            shown = v["hands"][s] if v["hands"] else None
            # a computer's level heads the second line: beside the name it was cut ("Bot 1 (mediu…")
            penalty = [level_name(who.level)] if who.is_bot else []
            if shown is not None:
                penalty.append(say_n("board.hand-sum", hand_sum(shown)))
            if v["phase"] != "over":   # at the end the ranking gives the totals
                penalty.append(say("board.total", total=number(self.shown_score(v["totals"][s]))))
            rows.append(h("li", {"class_": "rz-seat" + (" current" if s == v["current"] else ""), "data-seat": s,
                                 "data-source": f"seat-{s}"},
                          h("span", {"class_": "rz-seat-name seat-name"}, h("bdi", None, person(who.name))),
                          h("span", {"class_": "rz-backs", "aria-label": self.count_text("label.cards", size)},
                            [self.card(c) for c in shown] if shown is not None
                            else h("span", {"class_": "rz-back", **(drawn.get(s, {}) if s != v["seat"] else {})}, size)),
                          h("span", {"class_": "rz-penalty"}, " · ".join(penalty))))
        return h("ul", {"class_": "rz-seats"}, rows)

    def board(self) -> Raw:
        v = self.view()
        acting = self.acting(v)
        info = h("p", {"class_": "rz-info names-cut narrow"}, self.text("label.round", round=v["round"], rounds=v["rounds"]), " · ",
                 names_apart(self.text("label.dealer", player=self.session.name(v["dealer"]))), " · ",
                 self.count_text("label.pile", v["pile"]))
        buttons = []
        if v["phase"] == "scoring" and not self.session.readonly:
            buttons.append(h("button", {"type": "button", "class_": "primary", "data-act": "next-round"},
                             say("board.next-round", round=v["round"] + 1)))
        if v["phase"] == "scoring" and self.reviewable():
            buttons.append(self.review_button())
        return h("div", {"class_": "rz-table board"},
                 info, self.round_over(v), self.grid(v, acting),
                 h("div", {"class_": "rz-lower"}, self.hand(v, acting), self.seats_panel(v),
                   h("div", {"class_": "rz-round-end"}, buttons) if buttons else None),
                 self.review_layer(v) if self.review_open and self.reviewable() else None)

    # -- the end of a round: who went out, and what each hand cost ----------------------------------
    def went_out(self, v: dict[str, Any]) -> int | None:
        """The seat whose hand emptied and ended the round on show (None: the pile ran out)."""
        hands = v["hands"] or []
        return next((s for s, hand in enumerate(hands) if not hand), None)

    def round_over_text(self, v: dict[str, Any], scoring: bool = False) -> str:
        """Why the round on show ended: "Léa put down their last card", or the pile ran out; with
        `scoring`, the banner's sentence, which goes on to the next round."""
        out = self.went_out(v)
        key = ("round.pile" if out is None else "round.out") + (".scoring" if scoring else "")
        return self.text(key, who=self.session.name(out), round=v["round"], next=v["round"] + 1)

    def prompt(self) -> str:
        """Between rounds, the banner says who ended the round, then what comes next."""
        v = self.view()
        if v["phase"] == "scoring" and v["round_scores"]:
            return self.round_over_text(v, scoring=True)
        return super().prompt()

    def round_over(self, v: dict[str, Any]) -> Raw | None:
        """Once a round has ended, while its hands are on show: who went out (or that the pile ran
        out) and each seat's penalty for the round, each with its seat's mark, the fewest first
        (ties sharing a place, as the end ranks them). At the match's end the ranking says it (a
        column per round), and the end screen has no room for more."""
        if v["phase"] != "scoring" or not v["round_scores"]:
            return None
        penalties = v["penalties"][-1]
        return h("section", {"class_": "rz-round-over names-cut", "id": "round-over", "role": "status",
                             "aria-labelledby": "round-over-title"},
                 h("h3", {"id": "round-over-title"}, self.text("round.title", round=len(v["round_scores"])), " · ",
                   names_apart(sentence(self.round_over_text(v)))),
                 h("ul", None, [h("li", {"data-seat": s}, place_mark(place), h("span", None,
                                  names_apart(self.count_text("round.penalty", penalties[s], who=self.session.name(s)))))
                                for place, s in ranked([-p for p in penalties])]))

    def rounds_done(self) -> int:
        """Every finished round, the first one too (its end chimes like the others')."""
        return len(self.view()["round_scores"])

    def penalty_said(self, penalty: int) -> str:
        """A round's penalty points in words: "12 penalty points", "no penalty point"."""
        return self.text("review.round.points.none") if penalty == 0 else self.count_text("review.round.points", penalty)

    def round_points(self) -> list[list[int]] | None:
        """Each round's penalty points (positive, as the ranking shows them)."""
        rounds = self.view()["penalties"]
        return rounds if len(rounds) > 1 else None

    # -- the review of a finished round (every hand is on show then) ------------------------------
    def review_ready(self) -> bool:
        """A round is over and its hands are shown: each person's turns may be gone over (never
        while hands are secret)."""
        return self.view()["phase"] in ("scoring", "over")

    def review_finished(self) -> int:
        return len(self.view()["round_scores"])

    def review_job(self, seat: int, index: int) -> Generator[float, None, list[dict[str, Any]]]:
        return self.coach().review_steps(self.state.record(), seat, index, self.judged)

    def review_layer(self, v: dict[str, Any]) -> Raw:
        """Each turn of the person in the round chosen, the costliest first, beside the hint's
        plan from the same hand, with the penalty points each leaves to expect."""
        seat = self.review_seat()
        finished = len(v["round_scores"])
        index = self.review_index(finished)
        title = t("review.title.round", round=index + 1)
        rows = self.reviewed(seat, index)
        if rows is None:
            return self.review_panel(title, self.review_rounds(finished), self.review_wait(seat, index))
        body = [h("tr", {"data-n": row["n"], "class_": "best" if row["loss"] <= 0 else None},
                  h("th", None, self.text("review.turn", turn=row["turn"]), h("br", None),
                    h("span", {"class_": "review-hand"},
                      self.text("review.hand", cards=" ".join("★" if c == JOKER else str(c) for c in row["hand"])))),
                  h("td", None, self.say_moves(row["moves"], row["phase"], done=True)),
                  h("td", None, t("review.best") if row["loss"] <= 0 else self.say_moves(row["best"], row["phase"])),
                  self.review_cost(row["loss"], self.text("review.expected", points=decimal(row["value"])),
                                   self.text("review.expected", points=decimal(row["best_value"])),
                                   self.text("review.lost", points=decimal(row["loss"])), f"review-cost-{row['n']}"))
                for row in rows]
        lead = self.review_lead(rows, lambda row: row["loss"] >= 0.5, self.lead_turn,
                                RoundResult(index, v["rounds"], v["penalties"][index], True, self.penalty_said,
                                            v["penalties"][:finished]))
        return self.review_panel(
                 title, self.review_rounds(finished), lead,
                 self.review_explain(self.text("review.explain")),
                 h("table", {"class_": "review-rows"},
                   h("thead", None, h("tr", None, h("th", None, t("review.move")), h("th", None, t("review.yours")),
                                      h("th", None, t("review.bot")), h("th", None, t("review.loss")))),
                   h("tbody", None, body)) if rows else h("p", None, t("review.none")))

def reason_of(say: Callable[..., str], board: list[list[Any]], layout: list[list[Any]], hand: list[Any],
              moves: list[Move]) -> str:
    """Why a turn's moves, read on the board (`board`, `layout` as the view gives them) from the
    hand `hand`: each card laid goes beside a card already there (or laid just before it), the
    hand grows smaller or empties; the cards that fit but are kept, and the empty cells laying
    them would open to the others; a draw where nothing touches a card."""
    cells, labels = [x for line in board for x in line], [x for line in layout for x in line]
    at = {label: p for p, label in enumerate(labels)}
    said, fewer = [], 0
    for move in moves:
        kind = move["type"]
        if kind == "exchange":
            said.append(say("reason.exchange", card=move["card"]))
            cells[at[move["card"]]] = move["card"]
        elif kind in ("place", "joker"):
            p = at[move["cell"] if kind == "joker" else move["card"]]
            touch, corner = beside(cells, p, move.get("card"))
            end = ".corner" if corner else ""
            said.append(say("reason.card" + end, card=move["card"], touch=touch) if kind == "place"
                        else say("reason.joker" + end, cell=move["cell"], touch=touch))
            cells[p] = JOKER if kind == "joker" else move["card"]
            fewer += 1
    left = list(hand)
    for move in moves:
        if move["type"] in ("place", "exchange"):
            left.remove(move["card"])
        if move["type"] == "joker":
            left.remove(JOKER)
        elif move["type"] == "exchange":
            left.append(JOKER)
    fits = [c for c in left if c != JOKER and cells[at[c]] is None and touching(cells, at[c])]
    parts = []
    if said:
        after = say("reason.out") if not left else gtn(GAME, "reason.fewer", fewer) if fewer else None
        if len(said) > 3:   # a long turn: its first cards, then how many more (each touches one laid before)
            said = said[:2] + [gtn(GAME, "reason.more", len(said) - 2)]
        parts.append(say("reason.so", cards=listed(said), after=after) if after else listed(said))
    if fits:
        opens = sorted({labels[q] for c in fits for q in opening(cells, labels, at[c])})
        named = listed([say("say.card", card=c) for c in fits])
        key = "reason.kept" if opens else "reason.kept-closed"
        parts.append(gtn(GAME, key, len(fits), cards=named, cells=listed([say("say.cell", cell=c) for c in opens])))
    last = moves[-1]["type"] if moves else "end"
    if last == "draw":
        parts.append(say("reason.draw") if fits or said else say("reason.none"))
    if not parts:
        parts.append(say("reason.end"))
    text = parts[0]
    for part in parts[1:]:
        text = say("reason.also", first=text, second=part)
    return text + "."


def touching(cells: list[Any], p: int) -> bool:
    """A card lies on a cell touching position `p` (the pile's cell holds none)."""
    return any(cells[q] is not None for q in NEIGHBOURS[p])


def beside(cells: list[Any], p: int, card: Any) -> tuple[str, bool]:
    """The card a card laid on position `p` touches, in words: the nearest in value ("the 4") of
    those beside it by a side, else of those at a corner (True: a corner only, which "beside"
    would not say), the joker only where nothing else touches it."""
    def side(q: int) -> bool:
        return q // COLS == p // COLS or q % COLS == p % COLS
    for corner in (False, True):
        numbers = [cells[q] for q in NEIGHBOURS[p] if isinstance(cells[q], int) and side(q) != corner]
        if numbers:
            return str(min(numbers, key=lambda n: (abs(n - card), n) if isinstance(card, int) else (0, n))), corner
    return say("say.joker-card"), not any(cells[q] is not None and side(q) for q in NEIGHBOURS[p])


def opening(cells: list[Any], labels: list[Any], p: int) -> list[int]:
    """The empty number cells a card laid on position `p` would open: those that touch no card yet."""
    return [q for q in NEIGHBOURS[p] if isinstance(labels[q], int) and cells[q] is None
            and not any(cells[r] is not None for r in NEIGHBOURS[q])]


def opened_by(board: list[list[Any]], layout: list[list[Any]], moves: list[Move], cards: list[Any]) -> list[Any]:
    """The cells (labels) that `moves`, played from `board`, opened to the others by laying `cards`."""
    cells, labels = [x for line in board for x in line], [x for line in layout for x in line]
    at = {label: p for p, label in enumerate(labels)}
    opened: set[Any] = set()
    for move in moves:
        if move["type"] not in ("place", "joker", "exchange"):
            continue
        p = at[move["cell"] if move["type"] == "joker" else move["card"]]
        card = JOKER if move["type"] == "joker" else move["card"]
        if card in cards:
            opened |= {labels[q] for q in opening(cells, labels, p)}
        cells[p] = card
    return sorted(c for c in opened if cells[at[c]] is None)


def on_board(v: dict[str, Any]) -> dict[Any, Any]:
    """Cell label -> the card lying on it (None: empty), from the view's board and layout."""
    return {label: card for labels, cards in zip(v["layout"], v["board"]) for label, card in zip(labels, cards)}


def parse_card(raw: str) -> int | str:
    return JOKER if raw == JOKER else int(raw)


def parse_cell(raw: str) -> int | str:
    return raw if raw in ("J", "P") else int(raw)


def label_text(cell: int | str) -> str:
    return say("board.cell", cell=cell)


def card_text(card: int | str) -> str:
    return say("board.joker") if card == JOKER else str(card)


def hand_sum(hand: list | None) -> int:
    """What a hand costs at the end of a round: its numbers, the joker 100."""
    return sum(JOKER_PENALTY if c == JOKER else c for c in hand or ())


# --- pictures for "How to play": the rule text's examples on the blue board ----------------------

def board_picture(cards: dict, lit: set, crossed: set = frozenset()) -> Raw:
    """The blue board with some cards on it (label -> card or "joker"), cells lit (they touch),
    cells crossed out (they do not), drawn with the table's own classes."""
    from .rules import BLUE
    cells = []
    for label in BLUE:
        classes = ["rz-cell"] + (["pile"] if label == "P" else []) + (["joker-cell"] if label == "J" else []) \
            + (["legal"] if label in lit else []) + (["crossed"] if label in crossed else [])
        inner = [h("span", {"class_": "rz-label"}, label)]
        if label in cards:
            classes.append("filled")
            inner.append(h("span", {"class_": "rz-card" + (" joker" if cards[label] == JOKER else "")},
                           "★" if cards[label] == JOKER else cards[label]))
        cells.append(h("div", {"class_": " ".join(classes)}, inner))
    return h("div", {"class_": "rz-board rz-picture", "aria-hidden": "true"}, cells)


def neighbours_picture() -> Raw:
    """21 touches 8 cells: the cards 9, 10, 11, 20, 22, 31, 32 and 33 may all go next to it."""
    from .rules import neighbours
    return board_picture({21: 21}, set(neighbours(21)))


def joker_cell_picture() -> Raw:
    """With J empty, 24 does not touch 25: the way round is 14 or 36; 18 and 19 never touch
    through the pile."""
    return board_picture({25: 25, 18: 18}, {14, 36, 15, 16, 26, 37, 38, 5, 6, 7, 17, 27, 28, 29}, {24, 19})



Table.pictures = {"neighbours": neighbours_picture, "joker-cell": joker_cell_picture}
