"""Rucki Zucki (Manfred Schreiber; Espenlaub, French translation 2008), as specified in RULES.md §4.

The pieces. 46 number cards 1 to 46 and one joker, 47 cards in all. The board has 4 rows of 12
cells (row 0 at the top, col 0 at the left; position k = 12*row + col): 46 number cells, the
pile cell P at (1, 6) and the joker cell J at (2, 1). On the blue side (the default) the numbers
run in reading order:

    row 0:   1   2   3   4   5   6   7   8   9  10  11  12
    row 1:  13  14  15  16  17  18   P  19  20  21  22  23
    row 2:  24   J  25  26  27  28  29  30  31  32  33  34
    row 3:  35  36  37  38  39  40  41  42  43  44  45  46

Card n belongs on the cell that shows n. Option "board": "blue" (the printed side), "red" (RULES
R1: the red side's printing is unknown, so the numbers are laid out by one fixed permutation of
1..46 over the number cells, drawn once with Rng(RED_LAYOUT_SEED) and the same in every game; P
and J stay where they are on blue) or "random" (a new permutation each round, from the game's
seed). Neither red nor random is the printed red side: the page says so (label.layout-*).

Touching. Two cells touch when they share an edge or a corner (8 neighbours). A cell is occupied
when it holds a card or the joker; J counts only while the joker lies on it; P never counts, not
even with the joker anywhere: 18 and 19, 7 and 29 do not touch through the pile, and 24 does
not touch 25 through an empty J (14 and 36 are the way round).

A round. The 47 cards are shuffled; each seat gets 5, the rest is the face-down pile on P, and
the pile's top card is turned over onto its own cell (the joker onto cell 25). The seat left of
the dealer starts and play goes clockwise (seat order). On your turn you may place as many cards
as you can and want, one after the other, never compulsorily:
- a number card n on its empty cell n when one of the cell's neighbours is occupied (cards placed
  earlier in the turn count, so cards chain);
- the joker on any empty number cell or on J, needing an occupied neighbour too (RULES R2;
  option "joker" "anywhere": no neighbour needed);
- an exchange: while the joker lies on number cell n, the holder of card n puts n there and takes
  the joker into their hand; it may be replayed at once. The joker on J stays there for the
  round and is never exchanged.
An exchange counts as a placement. If you placed nothing, you must draw the pile's top card and
your turn ends: that card is playable from your next turn on. Otherwise you end your turn.

The end of a round. At once when a hand empties. When someone draws the pile's last card, they
may still place that card if it fits (RULES R3; option "last_draw" "any-cards": any legal cards,
chains included), then the round ends; if nothing fits, it ends at once. Each seat then scores
minus the cards left in its hand, the joker counting 100. The hands stay on show (phase
"scoring") until the next round's first seat deals it. A match is as many rounds as seats
(option "rounds": "seats", or 1..12), the dealer moving one seat clockwise each round; the fewest
penalty points win, ties shared (RULES R4).

Moves (JSON objects):
- {"type": "place", "card": n}: card n from your hand onto cell n.
- {"type": "exchange", "card": n}: card n onto cell n where the joker lies; the joker to your hand.
- {"type": "joker", "cell": n | "J"}: the joker from your hand onto number cell n or onto J.
- {"type": "draw"}: only when you placed nothing this turn; the drawn card stays in your hand.
- {"type": "end"}: end your turn after at least one placement; after drawing the pile's last
  card, stop placing (the round ends).
- {"type": "next-round"}: phase "scoring" only, by the next round's first seat.
With "last_draw" "drawn-card", after the last draw only the drawn card may be placed (placed,
exchanged, or the joker played) and the round ends right after.

Phases (view "phase"; the banner text is view "prompt"): "turn", "last-draw", "scoring", "over".

Options (default first): board "blue"|"red"|"random" (R1); joker "connected"|"anywhere" (R2);
last_draw "drawn-card"|"any-cards" (R3); rounds "seats"|1..12.

Scores. A round scores -(sum of the hand), the joker -100; `scores()` are the match totals of the
finished rounds (negative numbers: the highest total has the fewest penalty points).

Randomness. Round r (0-based) shuffles the 47 cards with Rng(derive_seed(seed, "rucki-zucki", r));
with board "random" its layout comes from Rng(derive_seed(seed, "rucki-zucki", "layout", r)).
Hidden: every hand from the other seats, the pile's order from everyone. A bot samples them with
`determinise(view, rng)`.
"""
from __future__ import annotations

from typing import Any, Sequence

from ...core import Game, Move, Option, Rng, State, derive_seed, register_game
from .texts import GUIDE, TEXTS

# --- the board ------------------------------------------------------------------------------------

ROWS, COLS = 4, 12
CELLS = ROWS * COLS
P_POS = 1 * COLS + 6
J_POS = 2 * COLS + 1
NUMBER_POSITIONS: tuple[int, ...] = tuple(p for p in range(CELLS) if p not in (P_POS, J_POS))
JOKER = 0
"""The joker in hands and on the board (number cards are 1..46); views say "joker"."""
CARDS = 46
HAND = 5
JOKER_PENALTY = 100
JOKER_START = 25
"""The cell the joker goes on when it is the opening card."""

Label = Any  # a cell's label: 1..46, "P" or "J"


def _layout(numbers: Sequence[int]) -> tuple[Label, ...]:
    """The 48 labels in reading order, the number cells taking `numbers` in turn."""
    labels: list[Label] = []
    it = iter(numbers)
    for p in range(CELLS):
        labels.append("P" if p == P_POS else "J" if p == J_POS else next(it))
    return tuple(labels)


BLUE: tuple[Label, ...] = _layout(range(1, CARDS + 1))

RED_LAYOUT_SEED = derive_seed(2008, "rucki-zucki", "red")
"""The red side's fixed layout comes from this seed (2008: the French translation's year)."""


def _shuffled_layout(seed: int) -> tuple[Label, ...]:
    numbers = list(range(1, CARDS + 1))
    Rng(seed).shuffle(numbers)
    return _layout(numbers)


RED: tuple[Label, ...] = _shuffled_layout(RED_LAYOUT_SEED)


def random_layout(seed: int, round_index: int) -> tuple[Label, ...]:
    """The layout of one round with board "random"."""
    return _shuffled_layout(derive_seed(seed, "rucki-zucki", "layout", round_index))


def _neighbour_positions(p: int) -> tuple[int, ...]:
    r, c = divmod(p, COLS)
    return tuple(rr * COLS + cc for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
                 if (rr, cc) != (r, c) and 0 <= rr < ROWS and 0 <= cc < COLS)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbour_positions(p) for p in range(CELLS))
"""The 8-neighbourhood of every position, in reading order (P and J included as positions)."""

NEIGHBOUR_MASK: tuple[int, ...] = tuple(sum(1 << q for q in NEIGHBOURS[p]) for p in range(CELLS))
"""The same as bit masks over positions, for fast search."""


def positions_of(layout: Sequence[Label]) -> list[int]:
    """cell[n] = the position of number n's cell (index 0: unused)."""
    cell = [0] * (CARDS + 1)
    for p, label in enumerate(layout):
        if isinstance(label, int):
            cell[label] = p
    return cell


def neighbours(label: Label, layout: Sequence[Label] = BLUE) -> list[Label]:
    """The labels of the cells touching the cell labelled `label` (reading order; P and J
    included: whether they connect depends on what lies on them)."""
    p = list(layout).index(label)
    return [layout[q] for q in NEIGHBOURS[p]]


def card_text(card: int) -> str:
    return "J*" if card == JOKER else str(card)


def card_json(card: int) -> Any:
    return "joker" if card == JOKER else card


def hand_order(hand: Sequence[int]) -> list[int]:
    """Number cards ascending, then the joker."""
    return sorted(hand, key=lambda c: (c == JOKER, c))


def penalty(hand: Sequence[int]) -> int:
    """The penalty points of a hand at the end of a round: face values, the joker 100."""
    return sum(JOKER_PENALTY if c == JOKER else c for c in hand)


def _is_card(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= CARDS


# --- the state --------------------------------------------------------------------------------------

class RuckiZuckiState(State):
    """One position of a Rucki Zucki match.

    Attributes: `layout` (48 labels), `cell` (position of each number), `board` (48 entries: None,
    a card, or JOKER), `hands` (per seat, unordered), `pile` (face down, drawn from the end),
    `joker_seat` (the seat publicly known to hold the joker after an exchange, else None),
    `drawn` (per seat, the card it drew last this round: shown to that seat only), `last_card`
    (the pile's last card while its drawer may still place it), `placed` (cards placed this turn,
    in order), `turn`, `phase`, `round`, `round_scores` (per finished round, per seat, negative),
    `revealed` (the information counter)."""

    layout: tuple[Label, ...]
    cell: list[int]
    board: list[int | None]
    hands: list[list[int]]
    pile: list[int]
    joker_seat: int | None
    drawn: list[int | None]
    last_card: int | None
    placed: list[int]
    turn: int | None
    phase: str
    round: int
    round_scores: list[list[int]]
    revealed: int

    def setup(self) -> None:
        self.round_scores = []
        self.revealed = 0
        self._start_round(0)

    # -- rounds ------------------------------------------------------------------------------------
    @property
    def rounds(self) -> int:
        rounds = self.options["rounds"]
        return self.players if rounds == "seats" else int(rounds)

    @property
    def dealer(self) -> int:
        return (self.round - 1) % self.players

    @property
    def first(self) -> int:
        """The seat left of the dealer, who starts the round."""
        return self.round % self.players

    def _start_round(self, index: int) -> None:
        self.round = index
        board_option = self.options["board"]
        self.layout = (BLUE if board_option == "blue" else RED if board_option == "red"
                       else random_layout(self.seed, index))
        self.cell = positions_of(self.layout)
        deck = list(range(CARDS + 1))
        Rng(derive_seed(self.seed, "rucki-zucki", index)).shuffle(deck)
        self.hands = [[] for _ in range(self.players)]
        for k in range(self.players):
            seat = (self.first + k) % self.players
            self.hands[seat] = [deck.pop() for _ in range(HAND)]
        self.pile = deck
        self.board = [None] * CELLS
        opening = self.pile.pop()
        self.board[self.cell[JOKER_START if opening == JOKER else opening]] = opening
        self.joker_seat = None
        self.drawn = [None] * self.players
        self.last_card = None
        self.placed = []
        self.turn = self.first
        self.phase = "turn"
        self.revealed += 1

    def _end_round(self) -> None:
        self.round_scores.append([-penalty(h) for h in self.hands])
        self.placed = []
        self.last_card = None
        self.revealed += 1
        if len(self.round_scores) >= self.rounds:
            self.phase, self.turn = "over", None
        else:
            self.phase, self.turn = "scoring", (self.round + 1) % self.players

    # -- the contract ----------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def information(self) -> int:
        """Grows at every deal, every draw and every round's end (hands shown)."""
        return self.revealed

    def joker_position(self) -> int | None:
        for p in (self.cell[n] for n in range(1, CARDS + 1)):
            if self.board[p] == JOKER:
                return p
        return J_POS if self.board[J_POS] == JOKER else None

    def touches(self, p: int) -> bool:
        board = self.board
        return any(board[q] is not None for q in NEIGHBOURS[p])

    def joker_cells(self) -> list[Label]:
        """The cells (labels, reading order) where the joker could go now."""
        anywhere = self.options["joker"] == "anywhere"
        return [self.layout[p] for p in range(CELLS)
                if p != P_POS and self.board[p] is None and (anywhere or self.touches(p))]

    def _candidates(self, seat: int) -> list[int]:
        """The hand cards that may be used now (after the last draw with "drawn-card": that one)."""
        hand = self.hands[seat]
        if self.phase == "last-draw" and self.options["last_draw"] == "drawn-card":
            return [self.last_card] if self.last_card in hand else []
        return hand

    def playable(self, seat: int | None = None) -> list[dict[str, Any]]:
        """For the seat to act, each hand card that may go somewhere now: {"card", "cells",
        "exchange"} (card n goes on cell n, by an exchange when the joker lies there; the joker
        lists its cells). Empty for any other seat and between rounds."""
        seat = self.turn if seat is None else seat
        if seat is None or seat != self.turn or self.phase not in ("turn", "last-draw"):
            return []
        out = []
        for card in hand_order(set(self._candidates(seat))):
            if card == JOKER:
                cells = self.joker_cells()
                if cells:
                    out.append({"card": "joker", "cells": cells, "exchange": False})
                continue
            p = self.cell[card]
            if self.board[p] == JOKER:
                out.append({"card": card, "cells": [card], "exchange": True})
            elif self.board[p] is None and self.touches(p):
                out.append({"card": card, "cells": [card], "exchange": False})
        return out

    def legal_moves(self) -> list[Move]:
        if self.phase == "scoring":
            return [{"type": "next-round"}]
        if self.phase not in ("turn", "last-draw"):
            return []
        moves: list[Move] = []
        for entry in self.playable():
            if entry["card"] == "joker":
                moves.extend({"type": "joker", "cell": c} for c in entry["cells"])
            else:
                moves.append({"type": "exchange" if entry["exchange"] else "place", "card": entry["card"]})
        if self.phase == "last-draw" or self.placed:
            moves.append({"type": "end"})
        else:
            moves.append({"type": "draw"})
        return moves

    # -- checking moves ---------------------------------------------------------------------------
    def check(self, move: Move) -> None:
        kind = move["type"]
        if kind == "next-round":
            if self.phase != "scoring":
                raise self.game.refuse("not-between-rounds")
            return
        if self.phase == "scoring":
            raise self.game.refuse("round-over", round=self.round + 1)
        if kind == "draw":
            if self.phase == "last-draw":
                raise self.game.refuse("pile-empty")
            if self.placed:
                raise self.game.refuse("placed-no-draw", count=len(self.placed))
            return
        if kind == "end":
            if self.phase == "turn" and not self.placed:
                raise self.game.refuse("nothing-placed")
            return
        if kind == "joker":
            self._check_joker(move["cell"])
        elif kind in ("place", "exchange"):
            self._check_card(kind, move["card"])
        else:
            raise self.game.refuse("unknown-move", type=kind)

    def _check_hand(self, card: int) -> None:
        hand = self.hands[self.turn]
        if card not in hand:
            if card == JOKER:
                raise self.game.refuse("no-joker-in-hand")
            raise self.game.refuse("not-in-hand", card=card)
        if self.phase == "last-draw" and self.options["last_draw"] == "drawn-card" and card != self.last_card:
            raise self.game.refuse("only-drawn-card", card=card_json(self.last_card))

    def _check_card(self, kind: str, card: Any) -> None:
        if not _is_card(card):
            raise self.game.refuse("bad-card", card=repr(card))
        self._check_hand(card)
        p = self.cell[card]
        here = self.board[p]
        if kind == "exchange":
            if here != JOKER:
                if self.board[J_POS] == JOKER:
                    raise self.game.refuse("joker-stays")
                raise self.game.refuse("no-joker-there", card=card)
            return
        if here == JOKER:
            raise self.game.refuse("exchange-instead", card=card)
        if not self.touches(p):
            raise self._lonely("no-neighbour", p, card=card)

    def _check_joker(self, cell: Any) -> None:
        if cell == "J":
            p = J_POS
        elif _is_card(cell):
            p = self.cell[cell]
        elif cell == "P":
            raise self.game.refuse("joker-on-pile")
        else:
            raise self.game.refuse("bad-cell", cell=repr(cell))
        self._check_hand(JOKER)
        if self.board[p] is not None:
            raise self.game.refuse("cell-taken", cell=cell, card=card_json(self.board[p]))
        if self.options["joker"] == "connected" and not self.touches(p):
            raise self._lonely("joker-no-neighbour", p, cell=cell)

    def _lonely(self, key: str, p: int, **params: Any) -> Exception:
        """The refusal for a cell with no occupied neighbour, saying so when an occupied cell
        lies just beyond P or an empty J (the player may have thought they touch)."""
        r, c = divmod(p, COLS)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                mid = (r + dr, c + dc)
                far = (r + 2 * dr, c + 2 * dc)
                if (dr, dc) == (0, 0) or not (0 <= far[0] < ROWS and 0 <= far[1] < COLS):
                    continue
                m, f = mid[0] * COLS + mid[1], far[0] * COLS + far[1]
                if m in (P_POS, J_POS) and self.board[f] is not None:
                    suffix = "-pile" if m == P_POS else "-joker-cell"
                    return self.game.refuse(key + suffix, other=self.layout[f], **params)
        return self.game.refuse(key, **params)

    # -- applying moves ---------------------------------------------------------------------------
    def apply(self, move: Move) -> None:
        kind = move["type"]
        if kind == "next-round":
            self._start_round(self.round + 1)
            return
        seat = self.turn
        assert seat is not None
        hand = self.hands[seat]
        if kind == "draw":
            card = self.pile.pop()
            hand.append(card)
            self.drawn[seat] = card
            self.revealed += 1
            if self.pile:
                self._next_turn()
            else:
                self.phase, self.last_card, self.placed = "last-draw", card, []
                if not self.playable():
                    self._end_round()
            return
        if kind == "end":
            if self.phase == "last-draw":
                self._end_round()
            else:
                self._next_turn()
            return
        if kind == "joker":
            p = J_POS if move["cell"] == "J" else self.cell[move["cell"]]
            hand.remove(JOKER)
            self.board[p] = JOKER
            self.joker_seat = None
            self.placed.append(JOKER)
        elif kind == "exchange":
            card = move["card"]
            hand.remove(card)
            self.board[self.cell[card]] = card
            hand.append(JOKER)
            self.joker_seat = seat
            self.placed.append(card)
        else:
            card = move["card"]
            hand.remove(card)
            self.board[self.cell[card]] = card
            self.placed.append(card)
        if not hand:
            self._end_round()
        elif self.phase == "last-draw" and (self.options["last_draw"] == "drawn-card" or not self.playable()):
            self._end_round()

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.players
        self.placed = []

    # -- scores ----------------------------------------------------------------------------------
    def totals(self) -> list[int]:
        """Match totals of the finished rounds (negative: minus the penalty points)."""
        return [sum(r[s] for r in self.round_scores) for s in range(self.players)]

    def scores(self) -> list[float]:
        return [float(t) for t in self.totals()]

    def winners(self) -> list[int]:
        """The fewest penalty points (the highest total), ties shared."""
        totals = self.totals()
        return [s for s, t in enumerate(totals) if t == max(totals)]

    # -- what a seat sees ------------------------------------------------------------------------
    def hands_shown(self) -> bool:
        return self.phase in ("scoring", "over")

    def joker_where(self, seat: int | None) -> Any:
        """The joker's cell label when it lies on the board; "hand" when the viewer holds it or
        an exchange put it in a hand in front of everyone (see "joker_seat"); else None."""
        p = self.joker_position()
        if p is not None:
            return self.layout[p]
        if self.joker_seat is not None or (seat is not None and JOKER in self.hands[seat]):
            return "hand"
        if self.hands_shown() and any(JOKER in h for h in self.hands):
            return "hand"
        return None

    def prompt(self, seat: int | None) -> dict[str, Any]:
        """The banner for the seat to act (in their own view; others see whose turn it is)."""
        phase = self.phase
        if phase in ("scoring", "over"):
            params = {"round": self.round + 1, "next": self.round + 2} if phase == "scoring" else {}
            return {"key": f"prompt.{phase}", "params": params}
        if seat != self.turn:
            return {"key": "prompt.waiting", "params": {}}
        if phase == "last-draw":
            key = "prompt.last-draw" if self.options["last_draw"] == "drawn-card" else "prompt.last-draw-any"
            return {"key": key, "params": {"card": card_json(self.last_card)}}
        if self.placed:
            return {"key": "prompt.placed" if self.playable() else "prompt.placed-done",
                    "params": {"count": len(self.placed)}}
        return {"key": "prompt.turn" if self.playable() else "prompt.turn-stuck", "params": {}}

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What `seat` may see (None: the public picture).

        Keys: game, options, players, seat, phase, current (seat to act or None), prompt
        ({"key", "params"}), round (from 1), rounds, dealer, first (the round's first seat),
        layout (4 rows of 12 labels: numbers, "P", "J"), layout_name ("blue"|"red"|"random"),
        printed (True only for the printed blue side), board (4 rows of 12: None, a card, or
        "joker"), joker (its cell label on the board, "hand" when known to be in a hand, else
        None), joker_seat (the seat known to hold it after an exchange, else None), hand (the
        viewer's cards, ascending, the joker last as "joker"; None in the public view), hand_sizes,
        pile (cards left in it), placed (cards placed this turn, in order), drawn (the card the
        viewer drew last this round, else None), last_card (the pile's last card, to its drawer
        only, while they may still place it), playable (for the viewer when it is their turn:
        [{"card", "cells", "exchange"}]), can_draw, can_end, hands (every hand, at "scoring" and
        "over" only; else None), round_scores (per round, per seat, negative), penalties (per
        round, per seat, positive), totals, winners (once over)."""
        own = seat is not None and 0 <= seat < self.players
        acting = own and seat == self.turn and self.phase in ("turn", "last-draw")
        shown = self.hands_shown()
        return {
            "game": self.game.id,
            "options": dict(self.options),
            "players": self.players,
            "seat": seat,
            "phase": self.phase,
            "current": self.turn,
            "prompt": self.prompt(seat),
            "round": self.round + 1,
            "rounds": self.rounds,
            "dealer": self.dealer,
            "first": self.first,
            "layout": [list(self.layout[r * COLS:(r + 1) * COLS]) for r in range(ROWS)],
            "layout_name": self.options["board"],
            "printed": self.options["board"] == "blue",
            "board": [[card_json(c) if c is not None else None for c in self.board[r * COLS:(r + 1) * COLS]]
                      for r in range(ROWS)],
            "joker": self.joker_where(seat if own else None),
            "joker_seat": self.joker_seat,
            "hand": [card_json(c) for c in hand_order(self.hands[seat])] if own else None,
            "hand_sizes": [len(h) for h in self.hands],
            "pile": len(self.pile),
            "placed": [card_json(c) for c in self.placed],
            "drawn": card_json(self.drawn[seat]) if own and self.drawn[seat] is not None else None,
            "last_card": card_json(self.last_card) if acting and self.last_card is not None else None,
            "playable": self.playable(seat) if acting else [],
            "can_draw": acting and self.phase == "turn" and not self.placed,
            "can_end": acting and (self.phase == "last-draw" or bool(self.placed)),
            "hands": [[card_json(c) for c in hand_order(h)] for h in self.hands] if shown else None,
            "round_scores": [list(r) for r in self.round_scores],
            "penalties": [[-s for s in r] for r in self.round_scores],
            "totals": self.totals(),
            "winners": self.winners() if self.is_over else [],
        }

    # -- search support --------------------------------------------------------------------------
    def copy(self) -> "RuckiZuckiState":
        clone = self.shallow_copy()
        clone.cell = list(self.cell)
        clone.board = list(self.board)
        clone.hands = [list(h) for h in self.hands]
        clone.pile = list(self.pile)
        clone.drawn = list(self.drawn)
        clone.placed = list(self.placed)
        clone.round_scores = [list(r) for r in self.round_scores]
        return clone

    def board_text(self) -> str:
        rows = []
        for r in range(ROWS):
            cells = []
            for p in range(r * COLS, (r + 1) * COLS):
                label, here = self.layout[p], self.board[p]
                if here is not None:
                    cells.append(f"[{card_text(here):>2}]")
                else:
                    cells.append(f" {label:>2} " if label not in ("P", "J") else f" {label * 2} ")
            rows.append("".join(cells))
        return "\n".join(rows)

    def __str__(self) -> str:
        acting = "" if self.turn is None else f", seat {self.turn} to act"
        lines = [f"Rucki Zucki, round {self.round + 1}/{self.rounds} ({self.options['board']} board), "
                 f"dealer seat {self.dealer}, phase {self.phase}{acting}",
                 f"pile {len(self.pile)}  placed this turn [{' '.join(card_text(c) for c in self.placed)}]",
                 self.board_text()]
        for seat, hand in enumerate(self.hands):
            cards = " ".join(card_text(c) for c in hand_order(hand)) if self.hands_shown() else "?"
            lines.append(f"seat {seat}: {len(hand)} cards [{cards}], total {self.totals()[seat]}")
        if self.is_over:
            lines.append(f"winners {self.winners()}")
        return "\n".join(lines)


# --- sampling the hidden cards ---------------------------------------------------------------------

def _card_from_json(value: Any) -> int:
    return JOKER if value == "joker" else int(value)


def unseen_cards(view: dict[str, Any]) -> list[int]:
    """The cards the viewer cannot see: all 47 minus their hand minus the board (sorted)."""
    seen = {_card_from_json(c) for row in view["board"] for c in row if c is not None}
    seen.update(_card_from_json(c) for c in view["hand"] or [])
    return [c for c in range(CARDS + 1) if c not in seen]


def determinise(view: dict[str, Any], rng: Rng, game: Game | None = None) -> RuckiZuckiState:
    """A complete state consistent with what `view` (a seat's view during a round) shows: the
    other hands (with their sizes) and the pile (with its size) are a random deal of the unseen
    cards, the joker going to the seat known to hold it. Its record is not the game's: it serves
    search only (its later rounds are dealt from a seed drawn from `rng`)."""
    seat = view["seat"]
    state = RuckiZuckiState.__new__(RuckiZuckiState)
    state.game = game or GAME
    state.players = view["players"]
    state.seed = rng.next64()
    state.options = dict(view["options"])
    state.moves = []
    state.layout = tuple(label for row in view["layout"] for label in row)
    state.cell = positions_of(state.layout)
    state.board = [None if c is None else _card_from_json(c) for row in view["board"] for c in row]
    state.round = view["round"] - 1
    state.round_scores = [list(r) for r in view["round_scores"]]
    state.revealed = 0
    state.phase = view["phase"]
    state.turn = view["current"]
    state.placed = [_card_from_json(c) for c in view["placed"]]
    state.joker_seat = view["joker_seat"]
    state.drawn = [None] * state.players
    state.drawn[seat] = None if view["drawn"] is None else _card_from_json(view["drawn"])
    state.last_card = None if view["last_card"] is None else _card_from_json(view["last_card"])
    unseen = unseen_cards(view)
    rng.shuffle(unseen)
    state.hands = [[] for _ in range(state.players)]
    state.hands[seat] = [_card_from_json(c) for c in view["hand"]]
    sizes = view["hand_sizes"]
    holder = view["joker_seat"]
    if holder is not None and holder != seat and JOKER in unseen:
        unseen.remove(JOKER)
        state.hands[holder].append(JOKER)
    for s in range(state.players):
        if s != seat:
            while len(state.hands[s]) < sizes[s]:
                state.hands[s].append(unseen.pop())
    state.pile = unseen
    return state


# --- the game ----------------------------------------------------------------------------------------

ROUND_CHOICES: tuple[Any, ...] = ("seats", *range(1, 13))


class RuckiZucki(Game):
    """The Rucki Zucki declaration: options mirror RULES.md's DECISION register R1-R3."""

    id = "rucki-zucki"
    rules_version = 1
    secret_hands = True   # each player sees only their own hand
    lower_is_better = True   # penalties, kept negative
    formalities = frozenset({"draw", "end"})   # nothing to place: draw; nothing left to place: the turn ends
    min_players = 2
    max_players = 6
    default_players = 3
    options = (
        Option("board", ("blue", "red", "random")),
        Option("joker", ("connected", "anywhere"), rare=True),
        Option("last_draw", ("drawn-card", "any-cards"), rare=True),
        Option("rounds", ROUND_CHOICES),
    )
    move_fields = {
        "place": (frozenset({"card"}), frozenset()),
        "exchange": (frozenset({"card"}), frozenset()),
        "joker": (frozenset({"cell"}), frozenset()),
        "draw": (frozenset(), frozenset()),
        "end": (frozenset(), frozenset()),
        "next-round": (frozenset(), frozenset()),
    }
    state_class = RuckiZuckiState
    texts = TEXTS
    guide = GUIDE

    def describe(self, before: State, move: Move) -> dict[str, Any]:
        """The move as the table hears it ("placed the 12", "drew a card": never which card)."""
        assert isinstance(before, RuckiZuckiState)
        kind = move["type"]
        seat = before.turn
        hand = before.hands[seat] if seat is not None else []
        if kind == "next-round":
            return {"key": "move.next-round", "params": {"round": before.round + 2}}
        if kind == "draw":
            return {"key": "move.draw-last" if len(before.pile) == 1 else "move.draw", "params": {}}
        if kind == "end":
            key = "move.stop" if before.phase == "last-draw" else "move.end"
            return {"key": key, "params": {"count": len(before.placed)}}
        if kind == "joker":
            cell = move["cell"]
            return {"key": "move.joker-on-j" if cell == "J" else "move.joker", "params": {"cell": cell}}
        card = move["card"]
        if kind == "exchange":
            return {"key": "move.exchange", "params": {"card": card}}
        return {"key": "move.place-last" if len(hand) == 1 else "move.place", "params": {"card": card}}


GAME = register_game(RuckiZucki())

__all__ = ["GAME", "RuckiZucki", "RuckiZuckiState", "BLUE", "RED", "NEIGHBOURS", "neighbours", "determinise",
           "unseen_cards", "penalty"]
