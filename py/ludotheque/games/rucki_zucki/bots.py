"""Rucki Zucki bots, weakest first: "easy", "medium", "strong" (the default seat).

Every bot reads only its seat's view: its own hand, the board, the hand sizes, the pile's size
and where the joker lies. A turn is planned as a whole (which cards to place, in which order,
where the joker goes) and the bot plays the plan's first step; at its next call it plans again
from the new position, so a plan is never stored between calls.

- easy (cautious): places every card it can, chaining, highest first; exchanges for the joker
  whenever it can and replays the joker at once where it unlocks most of its own cards (the
  joker cell J on a tie, where it can never be taken back). Draws only when nothing fits.
- medium (tempo and blocking): goes out whenever its whole hand fits this turn. Otherwise it
  places its playable cards highest first but keeps the cheapest one back as a reserve: a card
  that fits stays playable (nobody else can use its cell), so next turn it can place the reserve
  instead of drawing. While an opponent holds 2 cards or fewer the round may end any moment: it
  then places everything, except low cards (10 or less) whose placement would open two or more
  new cells to that opponent. The joker never stays in its hand.
- strong (determinised search): lists a few plans for the rest of its turn (everything; keep one
  or two reserves; the medium plan; the tempo plan, which places a single card, the one that
  unlocks most of its own cards, and keeps the rest back; keep the joker or put it on J; stop
  now) and scores each over `samples` sampled deals of the unseen cards (`determinise(view,
  rng)` in the rules module: the other hands with their public sizes, the pile with its size,
  the joker with the seat known to hold it), made plausible by what the table's play says (the
  seat that just ended its turn placed what it could, so at most one of its cards fits the board
  it left: the others go back to the pile), and plays every deal to the end of the round. Its
  own later turns follow the tempo plan face to face (holding cards back blocks the single
  opponent; a card that fits keeps fitting, so it never has to draw) and the medium plan with
  more players; the others keep a reserve face to face (medium) and race to go out with more
  players (easy). A plan's value is its mean over the deals of what each deal's end of round is
  worth (`StrongBot.value`): with more players its penalty edge (the others' mean penalty minus
  its own); face to face the match, since the fewest points over the match win: its chance to
  win the match with the totals so far, worth `match_scale` points (in the last round won,
  shared or lost; with rounds to come, as if each were a fair draw of spread `round_spread`),
  plus a twentieth of the edge. The same deals serve every plan. It keeps a prior plan (tempo
  face to face, medium with more players) unless another plan scores `margin` points better.
  Its randomness comes from its seed and the view only, so its choice is a function of what it
  sees.

Measured (bench/rucki_zucki_bots.py): face to face against medium, scoring plans by the round's
mean edge the strong bot won 64.8 % ± 4.7 of the matches on seeds 0..399 (66.3 % ± 3.3 on
0..799; the tempo plan alone about 66 % over 1,000; searching on uniform deals, without the
plausible step, about 60 %); weighing the match instead, 76.1 % ± 4.2 on the same seeds (paired
+11.4 ± 4.8 points) and 73.2 % ± 4.3 on 400..799. Tried beside it on seeds 0..399, paired, and
left out: every card that fits laid alone as a plan of its own (+0.4 ± 2.3, and more plans to
play out), a round spread of 100 points instead of 60 (-0.6 ± 3.2), a margin of 4 instead of 2
(-0.4 ± 4.3). Held out, on seeds 3,000,000..3,000,999 (read once): 77.5 % ± 2.6. With four
seats against three easy bots it stays at equal strength (about 24-30 % whatever the plan or
the objective): an oracle running the same search that knows the other hands (not the pile)
wins about 45 %, one that also knows the pile about 66 %; the race to go out is decided by the
hidden cards.
"""
from __future__ import annotations

import json
import math
from typing import Any, Callable, Generator, Iterator, Mapping, Sequence

from ...core import Bot, Move, Rng, State, bot_levels, derive_seed, get_bot, get_game, register_bot
from ...search import Judged, decision_key, finish
from .rules import (CARDS, CELLS, HAND, J_POS, JOKER, JOKER_PENALTY, NEIGHBOUR_MASK, P_POS,
                                 RuckiZuckiState, determinise, penalty, positions_of)

GAME_ID = "rucki-zucki"

Action = tuple[str, int]  # ("place", n) | ("exchange", n) | ("joker", position)


# --- a fast round simulator --------------------------------------------------------------------------

class Sim:
    """One round in compact form, for planning and playouts: `occ` is a bit mask of occupied
    positions, `jpos` the joker's position on the board (-1 when it is not there), `label[p]` the
    number of position p (0 for P and J)."""

    __slots__ = ("cell", "label", "occ", "jpos", "hands", "pile", "turn", "players", "connected",
                 "any_cards", "placed", "phase", "last_card")

    @classmethod
    def from_state(cls, state: RuckiZuckiState) -> "Sim":
        sim = cls.__new__(cls)
        sim.cell = state.cell
        sim.label = [label if isinstance(label, int) else 0 for label in state.layout]
        sim.occ = sum(1 << p for p in range(CELLS) if state.board[p] is not None)
        jp = state.joker_position()
        sim.jpos = -1 if jp is None else jp
        sim.hands = [list(h) for h in state.hands]
        sim.pile = list(state.pile)
        sim.turn = state.turn
        sim.players = state.players
        sim.connected = state.options["joker"] == "connected"
        sim.any_cards = state.options["last_draw"] == "any-cards"
        sim.placed = len(state.placed)
        sim.phase = state.phase
        sim.last_card = state.last_card
        return sim

    def copy(self) -> "Sim":
        sim = Sim.__new__(Sim)
        sim.cell, sim.label, sim.occ, sim.jpos = self.cell, self.label, self.occ, self.jpos
        sim.hands = [list(h) for h in self.hands]
        sim.pile = list(self.pile)
        sim.turn, sim.players, sim.connected, sim.any_cards = self.turn, self.players, self.connected, self.any_cards
        sim.placed, sim.phase, sim.last_card = self.placed, self.phase, self.last_card
        return sim

    # -- what fits ---------------------------------------------------------------------------------
    def fits(self, card: int, occ: int) -> bool:
        p = self.cell[card]
        return not (occ >> p) & 1 and bool(NEIGHBOUR_MASK[p] & occ)

    def joker_targets(self, occ: int) -> list[int]:
        return [p for p in range(CELLS) if p != P_POS and not (occ >> p) & 1
                and (not self.connected or NEIGHBOUR_MASK[p] & occ)]

    def best_joker_cell(self, hand: Sequence[int], occ: int) -> int | None:
        """Where the joker unlocks most of `hand` (J on a tie, then the cell opening fewest new
        cells to the others)."""
        best, best_key = None, None
        locked = [self.cell[n] for n in hand if n != JOKER and not NEIGHBOUR_MASK[self.cell[n]] & occ
                  and not (occ >> self.cell[n]) & 1]
        for p in self.joker_targets(occ):
            unlock = sum(1 for q in locked if (NEIGHBOUR_MASK[q] >> p) & 1)
            opened = _popcount(NEIGHBOUR_MASK[p] & ~occ & ~_reach(occ)) if p != J_POS else -1
            key = (unlock, p == J_POS, -opened)
            if best_key is None or key > best_key:
                best, best_key = p, key
        return best

    # -- plans ---------------------------------------------------------------------------------------
    def closure(self, hand: Sequence[int], occ: int, jpos: int, exclude: frozenset = frozenset(),
                joker: bool = True, exchange: bool = True) -> tuple[list[Action], list[int], int, int]:
        """Everything `hand` can place from here, chaining, highest cards first; the joker (if
        `joker`) goes where it unlocks most once no card fits. Cards in `exclude` are kept.
        Returns (actions, hand after, occ after, jpos after)."""
        hand = list(hand)
        actions: list[Action] = []
        cell, label = self.cell, self.label
        while True:
            progress = False
            if exchange and jpos >= 0 and jpos != J_POS:
                n = label[jpos]
                if n in hand and n not in exclude:
                    hand.remove(n)
                    hand.append(JOKER)
                    actions.append(("exchange", n))
                    jpos = -1
                    progress = True
            for n in sorted(hand, reverse=True):
                if n == JOKER or n in exclude:
                    continue
                p = cell[n]
                if not (occ >> p) & 1 and NEIGHBOUR_MASK[p] & occ:
                    hand.remove(n)
                    occ |= 1 << p
                    actions.append(("place", n))
                    progress = True
            if progress:
                continue
            if joker and JOKER in hand and JOKER not in exclude:
                p = self.best_joker_cell(hand, occ)
                if p is not None:
                    hand.remove(JOKER)
                    occ |= 1 << p
                    jpos = p
                    actions.append(("joker", p))
                    continue
            break
        return actions, hand, occ, jpos

    def apply(self, seat: int, actions: Sequence[Action]) -> None:
        hand = self.hands[seat]
        for kind, arg in actions:
            if kind == "place":
                hand.remove(arg)
                self.occ |= 1 << self.cell[arg]
            elif kind == "exchange":
                hand.remove(arg)
                hand.append(JOKER)
                self.jpos = -1
            else:
                hand.remove(JOKER)
                self.occ |= 1 << arg
                self.jpos = arg
            self.placed += 1

    # -- playing on --------------------------------------------------------------------------------
    def draw(self, seat: int) -> bool:
        """The seat draws; True when that ends the round (the pile's last card)."""
        card = self.pile.pop()
        self.hands[seat].append(card)
        if self.pile:
            return False
        self.last_card = card
        self.apply(seat, last_draw_plan(self, seat))
        return True

    def finish_turn(self, seat: int) -> bool:
        """End `seat`'s turn after its placements (drawing if it placed none): True when the
        round is over."""
        if not self.hands[seat]:
            return True
        if self.placed == 0 and self.draw(seat):
            return True
        self.placed = 0
        return False

    def play_out(self, policy: "Policy", limit: int = 400) -> list[int]:
        """Play the round to its end from the start of `turn`'s turn; the penalties per seat."""
        seat = self.turn
        for _ in range(limit):
            self.apply(seat, policy(self, seat))
            if self.finish_turn(seat):
                break
            seat = (seat + 1) % self.players
        return [sum(JOKER_PENALTY if c == JOKER else c for c in h) for h in self.hands]


def _popcount(x: int) -> int:
    return bin(x).count("1")


def _reach(occ: int) -> int:
    """The positions touching an occupied one."""
    reach, q = 0, 0
    while occ:
        if occ & 1:
            reach |= NEIGHBOUR_MASK[q]
        occ >>= 1
        q += 1
    return reach


Policy = Any  # (sim, seat) -> list[Action]


def safe_closure(sim: Sim, hand: Sequence[int], exclude: frozenset = frozenset(),
                 joker: bool = True) -> tuple[list[Action], list[int]]:
    """The closure, without exchanges if one would leave the joker stuck in the hand."""
    actions, after, _, _ = sim.closure(hand, sim.occ, sim.jpos, exclude, joker)
    if JOKER in after and JOKER not in hand:
        actions, after, _, _ = sim.closure(hand, sim.occ, sim.jpos, exclude, joker, exchange=False)
    return actions, after


def last_draw_plan(sim: Sim, seat: int) -> list[Action]:
    """After drawing the pile's last card: place that card if it fits (never by an exchange,
    which would leave the joker in hand), or with "any-cards" everything that fits."""
    hand = sim.hands[seat]
    if sim.any_cards:
        return safe_closure(sim, hand)[0]
    card = sim.last_card
    if card == JOKER:
        p = sim.best_joker_cell(hand, sim.occ)
        return [] if p is None else [("joker", p)]
    return [("place", card)] if sim.fits(card, sim.occ) else []


def easy_plan(sim: Sim, seat: int) -> list[Action]:
    return safe_closure(sim, sim.hands[seat])[0]


def medium_plan(sim: Sim, seat: int) -> list[Action]:
    """Go out if possible; else everything but one cheap reserve, or, while an opponent is close
    to going out, everything but the low cards that open the way to them."""
    hand = sim.hands[seat]
    actions, after = safe_closure(sim, hand)
    if not actions or not after:
        return actions
    short = min(len(h) for s, h in enumerate(sim.hands) if s != seat) <= 2
    if short:
        return _blocking(sim, hand, actions)
    return _with_reserves(sim, hand, actions, 1)


def tempo_plan(sim: Sim, seat: int) -> list[Action]:
    """Go out if possible; else place a single card (an exchange first, then the card that
    unlocks most of the others, then the highest) and keep every other card back, the joker too;
    draw only when nothing fits."""
    hand = sim.hands[seat]
    actions, after = safe_closure(sim, hand)
    if not actions or not after:
        return actions
    if sim.placed:
        return []
    occ = sim.occ
    locked = [sim.cell[n] for n in hand if n != JOKER and not NEIGHBOUR_MASK[sim.cell[n]] & occ]
    best, best_key = None, None
    for action in actions:
        kind, arg = action
        if kind == "joker":
            continue
        if kind == "exchange":
            key = (2, 0, arg)
        else:
            bit = 1 << sim.cell[arg]
            unlock = sum(1 for q in locked if NEIGHBOUR_MASK[q] & bit)
            key = (1 if unlock else 0, unlock, arg)
        if best_key is None or key > best_key:
            best, best_key = action, key
    return actions if best is None else [best]


def _with_reserves(sim: Sim, hand: Sequence[int], actions: list[Action], count: int,
                   skip: int = 0) -> list[Action]:
    """`actions` minus `count` cheap cards kept back (the `skip` cheapest candidates passed over),
    such that everything else still fits and at least one card is placed this turn."""
    placed_cards = sorted(arg for kind, arg in actions if kind in ("place", "exchange"))
    kept: set[int] = set()
    best = actions
    for n in placed_cards[skip:]:
        trial, _ = safe_closure(sim, hand, frozenset(kept | {n}))
        if len(trial) == len(actions) - len(kept) - 1 and (trial or sim.placed):
            kept.add(n)
            best = trial
            if len(kept) == count:
                break
    return best


def _blocking(sim: Sim, hand: Sequence[int], actions: list[Action]) -> list[Action]:
    """Everything except low cards whose placement opens two or more new cells."""
    occ = sim.occ
    reach = _reach(occ)
    held = set()
    for kind, arg in actions:
        if kind != "place" or arg > 10:
            continue
        p = sim.cell[arg]
        if _popcount(NEIGHBOUR_MASK[p] & ~occ & ~reach & ~(1 << P_POS)) >= 2:
            held.add(arg)
    if not held:
        return actions
    trial, _ = safe_closure(sim, hand, frozenset(held))
    return trial if trial or sim.placed else actions


# --- from a view to a move ------------------------------------------------------------------------------

def view_sim(view: dict[str, Any]) -> Sim:
    """The viewer's own knowledge as a Sim: the board and its hand (other hands and the pile are
    left empty: planning one's own turn needs neither)."""
    state = RuckiZuckiState.__new__(RuckiZuckiState)
    layout = tuple(label for row in view["layout"] for label in row)
    state.layout = layout
    state.cell = positions_of(layout)
    state.board = [None if c is None else (JOKER if c == "joker" else c) for row in view["board"] for c in row]
    state.hands = [[] for _ in range(view["players"])]
    state.hands[view["seat"]] = [JOKER if c == "joker" else c for c in view["hand"]]
    state.pile = []
    state.turn = view["current"]
    state.players = view["players"]
    state.options = view["options"]
    state.placed = list(view["placed"])
    state.phase = view["phase"]
    state.last_card = None if view["last_card"] is None else (JOKER if view["last_card"] == "joker" else view["last_card"])
    sim = Sim.from_state(state)
    sim.hands = [[-1] * size for size in view["hand_sizes"]]  # unknown cards: only the sizes count
    sim.hands[view["seat"]] = list(state.hands[view["seat"]])
    return sim


def action_move(sim: Sim, action: Action) -> Move:
    kind, arg = action
    if kind == "joker":
        return {"type": "joker", "cell": "J" if arg == J_POS else sim.label[arg]}
    return {"type": kind, "card": arg}


def stop_move(legal: list[Move]) -> Move:
    """End the turn (or the last draw), or draw when nothing was placed."""
    for move in legal:
        if move["type"] in ("end", "draw"):
            return dict(move)
    return dict(legal[0])


class PlanBot(Bot):
    """Plans the rest of its turn from the view and plays the plan's first step."""

    def decide(self, view: dict[str, Any], legal: list[Move]) -> Move:
        if view["phase"] == "scoring":
            return {"type": "next-round"}
        sim = view_sim(view)
        seat = view["seat"]
        plan = last_draw_plan(sim, seat) if view["phase"] == "last-draw" else self.plan(view, sim, seat)
        if not plan:
            return stop_move(legal)
        move = action_move(sim, plan[0])
        return move if move in legal else stop_move(legal)

    def plan(self, view: dict[str, Any], sim: Sim, seat: int) -> list[Action]:
        raise NotImplementedError


class EasyBot(PlanBot):
    level = "easy"

    def plan(self, view: dict[str, Any], sim: Sim, seat: int) -> list[Action]:
        return easy_plan(sim, seat)


class MediumBot(PlanBot):
    level = "medium"

    def plan(self, view: dict[str, Any], sim: Sim, seat: int) -> list[Action]:
        return medium_plan(sim, seat)


def round_edge(penalties: Sequence[int], seat: int) -> float:
    """A round's end seen from `seat`: the others' mean penalty minus its own."""
    return (sum(penalties) - penalties[seat]) / (len(penalties) - 1) - penalties[seat]


class StrongBot(PlanBot):
    """Scores a few turn plans over `samples` sampled deals, each played out to the end of the
    round with `own_policy` for itself and `others_policy` for the other seats."""

    level = "strong"
    samples = 40
    margin = 2.0

    def own_policy(self, sim: Sim, seat: int) -> list[Action]:
        return tempo_plan(sim, seat) if sim.players == 2 else medium_plan(sim, seat)

    def others_policy(self, sim: Sim, seat: int) -> list[Action]:
        return medium_plan(sim, seat) if sim.players == 2 else easy_plan(sim, seat)

    why: dict[str, Any] | None = None
    """Why its last plan, by the figures it chose it by: kind "out" (it lays its whole hand),
    "none" (nothing to lay), "only" (one plan), or "plan" with the seat's mean penalty at the
    round's end after it ("penalty") and its mean edge over the others ("edge", `edge`), the same
    for the next best plan it weighed ("next_penalty", "next_edge", "next_plan")."""

    def plan(self, view: dict[str, Any], sim: Sim, seat: int) -> list[Action]:
        hand = sim.hands[seat]
        actions, after = safe_closure(sim, hand)
        if not after or not actions:
            self.why = {"kind": "out" if actions else "none"}
            return actions
        plans = candidate_plans(sim, seat, actions)
        if len(plans) == 1:
            self.why = {"kind": "only"}
            return plans[0]
        prior = self.prior(sim, seat)
        if prior not in plans:
            plans.append(prior)
        totals = [0.0] * len(plans)
        own = [0.0] * len(plans)
        values = [0.0] * len(plans)
        worth = self.worth(view, seat, sim.players)
        for deal in self.deals(view):
            for k, plan in enumerate(plans):
                penalties = self.penalties(deal.copy(), seat, plan)
                own[k] += penalties[seat]
                totals[k] += round_edge(penalties, seat)
                values[k] += worth(penalties)
        scores = [value / self.samples + (self.margin if plan == prior else 0.0) for value, plan in zip(values, plans)]
        best = max(range(len(plans)), key=lambda k: (scores[k], -k))
        other = max((k for k in range(len(plans)) if k != best), key=lambda k: (values[k], -k))
        n = self.samples
        self.why = {"kind": "plan", "penalty": own[best] / n, "edge": totals[best] / n,
                    "next_penalty": own[other] / n, "next_edge": totals[other] / n, "next_plan": plans[other]}
        if self.match_scale and sim.players == 2:   # face to face: the chance to win the match it weighed
            self.why["match"], self.why["next_match"] = (
                max(0.0, min(1.0, (values[k] / n - self.edge_weight * totals[k] / n) / self.match_scale)) for k in (best, other))
        return plans[best]

    match_scale = 100.0
    """Face to face, what winning the match is worth, in penalty points (0: the round's edge alone)."""
    round_spread = 60.0
    """The assumed spread (standard deviation, in points) of one round's penalty difference, for
    the chance to win the match with rounds still to come."""
    edge_weight = 0.05
    """The share of the round's edge kept beside the match (it breaks ties between plans whose
    deals all end the match the same way)."""

    def value(self, view: dict[str, Any], penalties: list[int], seat: int) -> float:
        """What a round ending with `penalties` is worth to the seat (`worth`)."""
        return self.worth(view, seat, len(penalties))(penalties)

    def worth(self, view: dict[str, Any], seat: int, players: int) -> Callable[[list[int]], float]:
        """What a round ending with given penalties is worth to the seat. With more than two
        players: its edge (`edge`). Face to face, the match: "the fewest penalty points over the
        match win, and ties are shared", so the seat's lead after this round (the match totals so
        far plus this round) is worth its chance to win the match, times `match_scale`: in the
        last round 1, 1/2 or 0; with rounds still to come, as if each were a fair draw of spread
        `round_spread`. Plus `edge_weight` times the edge. (Read from the view once per search.)"""
        if not self.match_scale or players != 2:
            return lambda penalties: round_edge(penalties, seat)
        before = sum(r[1 - seat] - r[seat] for r in view["penalties"])
        left = view["rounds"] - view["round"]
        scale, weight = self.match_scale, self.edge_weight
        if left <= 0:
            def last(penalties: list[int]) -> float:
                edge = penalties[1 - seat] - penalties[seat]
                lead = before + edge
                return (scale if lead > 0 else scale / 2 if lead == 0 else 0.0) + weight * edge
            return last
        spread = self.round_spread * math.sqrt(2.0 * left)

        def to_come(penalties: list[int]) -> float:
            edge = penalties[1 - seat] - penalties[seat]
            return scale * 0.5 * (1.0 + math.erf((before + edge) / spread)) + weight * edge
        return to_come

    def prior(self, sim: Sim, seat: int) -> list[Action]:
        """The plan kept unless the search finds one better by `margin` points: the tempo plan
        face to face, the medium plan with more players (the others race to go out)."""
        return tempo_plan(sim, seat) if sim.players == 2 else medium_plan(sim, seat)

    def decision_seed(self, view: dict[str, Any]) -> int:
        """The same view (and bot seed) always samples the same deals."""
        key = json.dumps([view["round"], view["pile"], view["hand"], view["board"], view["hand_sizes"],
                          view["placed"], view["current"]], separators=(",", ":"))
        return derive_seed(self.seed, "rucki-zucki", "strong", key)

    def edge(self, sim: Sim, seat: int, plan: list[Action]) -> float:
        """The others' mean penalty minus the seat's, after `plan` and a playout."""
        penalties = self.penalties(sim, seat, plan)
        mine = penalties[seat]
        return (sum(penalties) - mine) / (len(penalties) - 1) - mine

    def penalties(self, sim: Sim, seat: int, plan: list[Action]) -> list[int]:
        """Every seat's penalty at the end of the round, after `plan` and a playout of `sim`."""
        sim.apply(seat, plan)
        if not sim.finish_turn(seat):
            sim.turn = (seat + 1) % sim.players
            own, others = self.own_policy, self.others_policy
            sim.play_out(lambda s, k: own(s, k) if k == seat else others(s, k))
        return [sum(JOKER_PENALTY if c == JOKER else c for c in h) for h in sim.hands]

    def expected_penalty(self, view: dict[str, Any], plans: list[list[Action]]) -> list[float]:
        """The seat's mean penalty at the round's end after each plan, over the deals its search
        samples from `view` (the same deals as `plan`'s, the same for every plan)."""
        seat = view["seat"]
        totals = [0.0] * len(plans)
        for deal in self.deals(view):
            for k, plan in enumerate(plans):
                totals[k] += self.penalties(deal.copy(), seat, plan)[seat]
        return [total / self.samples for total in totals]

    def deals(self, view: dict[str, Any]) -> Iterator[Sim]:
        """The `samples` plausible deals of the unseen cards its search plays from `view`, drawn
        from the view's own seed: the same deals every time."""
        rng = Rng(self.decision_seed(view))
        for _ in range(self.samples):
            yield plausible(Sim.from_state(determinise(view, rng, self.game)), view, rng)


def plausible(sim: Sim, view: dict[str, Any], rng: Rng) -> Sim:
    """The sampled deal `sim` made consistent with the last turn seen: the seat before the viewer
    placed what it could (keeping at most one reserve, or drawing a card that may fit), so at most
    one of its cards fits the board as it left it; its other fitting cards are swapped with pile
    cards that do not fit. The round's first turn has no such seat."""
    seat = view["seat"]
    if seat == view["first"] and view["pile"] == CARDS + 1 - 1 - HAND * sim.players:
        return sim
    cell = sim.cell
    occ = sim.occ
    for c in view["placed"]:
        if c != "joker":
            occ &= ~(1 << cell[c])
        elif sim.jpos >= 0:
            occ &= ~(1 << sim.jpos)
    jp = sim.jpos

    def fits(card: int) -> bool:
        p = cell[card]
        return card != JOKER and (not (occ >> p) & 1 or p == jp) and bool(NEIGHBOUR_MASK[p] & occ)

    hand = sim.hands[(seat - 1) % sim.players]
    fitting = [i for i, c in enumerate(hand) if fits(c)]
    if len(fitting) <= 1:
        return sim
    spare = [j for j, c in enumerate(sim.pile) if not fits(c)]
    rng.shuffle(fitting)
    rng.shuffle(spare)
    for i in fitting[1:]:
        if not spare:
            break
        j = spare.pop()
        hand[i], sim.pile[j] = sim.pile[j], hand[i]
    return sim


def candidate_plans(sim: Sim, seat: int, everything: list[Action]) -> list[list[Action]]:
    """Distinct plans for the rest of the turn: everything; one reserve (the cheapest, the next);
    two reserves; the joker kept, or put on J; stop now (end the turn, or draw)."""
    hand = sim.hands[seat]
    plans = [everything,
             _with_reserves(sim, hand, everything, 1),
             _with_reserves(sim, hand, everything, 1, skip=1),
             _with_reserves(sim, hand, everything, 2),
             medium_plan(sim, seat),
             tempo_plan(sim, seat)]
    if JOKER in hand:
        plans.append(safe_closure(sim, hand, joker=False)[0])
        if (not sim.occ >> J_POS & 1) and (not sim.connected or NEIGHBOUR_MASK[J_POS] & sim.occ):
            rest, _ = safe_closure(sim, [c for c in hand if c != JOKER])
            plans.append([("joker", J_POS)] + rest)
    plans.append([])
    unique: list[list[Action]] = []
    for plan in plans:
        if plan not in unique:
            unique.append(plan)
    return unique


# --- hint and review ------------------------------------------------------------------------------------

def strongest_level() -> str:
    """The level whose plans the hint gives and the review weighs: the strongest (last) one."""
    return bot_levels(GAME_ID)[-1]


def turn_plan(bot: PlanBot, view: dict[str, Any], legal: list[Move]) -> tuple[list[Action], list[Move]]:
    """What `bot` would do with the rest of the seat's turn, from its view alone: (its plan's
    actions, the same as moves in order, then "end" when the turn goes on after them; "draw" or
    "end" alone when it would place nothing). Its first move is the one `bot.decide` plays."""
    if view["phase"] == "scoring":
        return [], [{"type": "next-round"}]
    sim = view_sim(view)
    seat = view["seat"]
    plan = last_draw_plan(sim, seat) if view["phase"] == "last-draw" else bot.plan(view, sim, seat)
    moves = [action_move(sim, action) for action in plan]
    if not moves or moves[0] not in legal:
        return [], [stop_move(legal)]
    if view["phase"] == "turn" and len(view["hand"]) > sum(kind != "exchange" for kind, _ in plan):
        moves.append({"type": "end"})   # cards are left (an exchange leaves the joker): the turn ends by a tap
    return plan, moves


def hint_moves(state: State) -> list[Move]:
    """The strongest bot's plan for the seat to act (`turn_plan`), from that seat's view only
    with a fixed seed: the same position always gets the same hint, whatever the other hands
    and the pile hold; in the middle of a turn that has followed the plan the turn began with,
    the rest of that plan (`hint_why`)."""
    return hint_why(state)[0]


PLACING = ("place", "joker", "exchange")


def turn_start(state: State) -> tuple[State, list[Move]]:
    """The position where the seat to act began its turn, and the cards it has laid since (the
    moves after the last one that ended a turn: an end, a draw, a new round)."""
    made = 0
    while made < len(state.moves) and state.moves[-1 - made]["type"] in PLACING:
        made += 1
    if not made:
        return state, []
    record = state.record()
    start = get_game(GAME_ID).replay({**record, "moves": record["moves"][:-made]})
    return start, record["moves"][-made:]


def hint_why(state: State) -> tuple[list[Move], dict[str, Any]]:
    """`hint_moves` and why. A hint asked in the middle of a turn whose moves so far are the
    start of the plan the turn began with gives the rest of that plan, with that plan's why: a
    hint asked again never contradicts the one before it, nor the review (which weighs each turn
    from its start, `review_steps`), though a search from the new position might choose
    otherwise."""
    start, made = turn_start(state)
    if made and start.current_player == state.current_player:
        moves, why = hint_why_at(start)
        rest = moves[len(made):]
        if moves[:len(made)] == made and rest and rest[0] in state.legal_moves():
            return rest, why
    return hint_why_at(state)


def hint_why_at(state: State) -> tuple[list[Move], dict[str, Any]]:
    """The plan from this very position and why, from the figures the bot chose its plan by (no
    second search): see `StrongBot.why`; "next" is the next best plan as moves, "kept" the cards
    it lays that the hint keeps in hand (the cards that fit but are better kept), kind "keep"
    when there are any. After the pile's last card: kind "last", "fits" whether it is laid."""
    bot = get_bot(GAME_ID, strongest_level(), seed=0)
    bot.why = None
    view = state.view(state.current_player)
    plan, moves = turn_plan(bot, view, state.legal_moves())
    if view["phase"] == "last-draw":
        return moves, {"kind": "last", "fits": bool(plan)}
    why = dict(getattr(bot, "why", None) or {"kind": "only"})
    if why["kind"] == "plan":
        sim = view_sim(view)
        laid = {arg for kind, arg in plan if kind == "place"}
        why["kept"] = [arg for kind, arg in why["next_plan"] if kind == "place" and arg not in laid]
        why["next"] = [action_move(sim, action) for action in why.pop("next_plan")]
        if why["kept"] and len(why["next"]) > len(plan):
            why["kind"] = "keep"
    return moves, why


def move_action(sim: Sim, move: Move) -> Action | None:
    """A placing move as a plan's action (None for "draw" and "end")."""
    kind = move["type"]
    if kind in ("place", "exchange"):
        return kind, move["card"]
    if kind == "joker":
        return "joker", J_POS if move["cell"] == "J" else sim.cell[move["cell"]]
    return None


Decision = tuple[int, int, RuckiZuckiState, list[Move]]


def decisions(record: dict[str, Any], seat: int, round: int) -> list[Decision]:
    """Each decision of `seat` in round `round` (0-based) of `record`: a turn (the cards it laid
    then "end", or "draw") and, after drawing the pile's last card, what it did with it; each as
    (the index of its first move, the seat's turn in the round from 1, the state before it, its
    moves). A turn that could only draw is no decision."""
    game = get_game(GAME_ID)
    state = game.new(record["players"], record["seed"], record["options"])
    out: list[Decision] = []
    current: list[Move] | None = None
    turn = 0
    for n, move in enumerate(record["moves"]):
        if state.round > round:
            break
        phase = state.phase
        if state.round == round and state.turn == seat and phase in ("turn", "last-draw"):
            if current is None:
                current = []
                turn += phase == "turn"
                if len(state.legal_moves()) > 1:
                    out.append((n, turn, state.copy(), current))
            current.append(move)
        state.play(move)
        if state.turn != seat or state.phase != phase or state.round != round:
            current = None
    if current is not None and out and out[-1][3] is current:
        out.pop()   # a turn still played (a round not over): not a decision yet
    return out


def review_steps(record: dict[str, Any], seat: int, round: int, known: Mapping[str, Any] | None = None,
                 partial: bool = False, most: int | None = None) -> Generator[float, None, list[dict[str, Any]]]:
    """Each decision of `seat` in a finished round (`decisions`) beside the hint's plan at its
    start, each worth the seat's expected penalty at the round's end by the strongest bot's own
    estimate: the mean over the deals of the unseen cards its search samples from the seat's view
    there, each played to the round's end by its playout policies (after the pile's last card,
    the penalty itself). Rows: "n" (the first move's index), "turn" (the seat's turn in the
    round, from 1), "phase", "hand" (the seat's cards then, as its view says them), "board" and
    "layout" (the board then, as the view says them: what the review's words read), "moves"
    (played), "best" (the hint's moves), "value" / "best_value" (expected penalties), "loss"
    (value minus best_value: 0 when the hint's plan was played, never negative: a plan it
    expects to cost less than its own counts as the best), "key" (`decision_key`). Yields how far
    it got (0..1); returns the rows sorted by loss, largest first. A row judged before under its
    key (`known`, during the round) is taken as it is; `partial` judges the turns finished so far
    in the round still played, `most` at most that many not `known`, returning only those."""
    game = get_game(GAME_ID)
    if not 0 <= round < len(game.replay(record).round_scores) + partial:
        raise ValueError(f"round {round} is not finished")
    bot = get_bot(GAME_ID, strongest_level(), seed=0)
    found = decisions(record, seat, round)
    judged = Judged(known, most)
    for n, turn, before, moves in found:
        key = decision_key(seat, record["moves"], n, n + len(moves))
        if judged.reuse(key):
            continue
        view = before.view(seat)
        plan, best = turn_plan(bot, view, before.legal_moves())
        if view["phase"] == "last-draw":   # the round ends here: the penalty is known
            value, best_value = (_penalty_after(before, seat, m) for m in (moves, best))
        else:
            sim = view_sim(view)
            played = [a for a in (move_action(sim, m) for m in moves) if a is not None]
            plans = [plan] if played == plan else [plan, played]
            values = bot.expected_penalty(view, plans)
            best_value, value = values[0], values[-1]
        if value <= best_value:
            best, best_value = moves, value
        judged.add(key, {"n": n, "turn": turn, "phase": view["phase"], "hand": view["hand"], "moves": moves,
                         "board": view["board"], "layout": view["layout"],
                         "best": best, "value": value, "best_value": best_value, "loss": value - best_value})
        yield len(judged.rows) / len(found)
    return judged.result(lambda r: (-r["loss"], r["n"]))


def _penalty_after(state: RuckiZuckiState, seat: int, moves: list[Move]) -> int:
    """The seat's penalty once `moves` (those still legal, in order) are played from `state`."""
    after = state.copy()
    for move in moves:
        if move not in after.legal_moves():
            break
        after.play(move)
    return penalty(after.hands[seat])


def review(record: dict[str, Any], seat: int, round: int) -> list[dict[str, Any]]:
    """`review_steps` run to its end."""
    return finish(review_steps(record, seat, round))


register_bot(GAME_ID, "easy", EasyBot)
register_bot(GAME_ID, "medium", MediumBot)
register_bot(GAME_ID, "strong", StrongBot, default=True)
