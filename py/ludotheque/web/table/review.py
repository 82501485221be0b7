"""The review of a person's moves against the strongest bot, after a round or a game: the part
of a game's table (`table.GameTable`) that opens it, computes it a step at a time (the strongest
bot judging every move again takes seconds in the page, and taps must be answered meanwhile),
from the end of the round or game on, before it is asked, and lays out its panel. A game that
reviews says when (`review_ready`), what it computes (`review_job`) and draws what it found."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Generator

from ...search import told
from ..dom import Raw, h
from ..i18n import listed, t

if TYPE_CHECKING:
    from .session import Session


LEAD = 3
"""The costliest moves a review names first, in words."""


@dataclass
class RoundResult:
    """A finished round of a match, as its review opens: which (`index`, from 0, of `rounds`),
    each seat's points as the table shows them, whether fewer is better (penalty points), and
    how a number of them is said in the game's words (`said`: "165 points", "no penalty point");
    `played`: each finished round's points, to say the whole match at its end."""
    index: int
    rounds: int
    points: list[int]
    fewer_wins: bool
    said: Callable[[int], str]
    played: list[list[int]] = field(default_factory=list)

    def best(self) -> int:
        """The round's winning points."""
        return min(self.points) if self.fewer_wins else max(self.points)

    def won(self, seat: int) -> bool:
        """Whether `seat` won the round (or shares it)."""
        return self.points[seat] == self.best()

    def of(self, index: int) -> "RoundResult":
        """Another finished round of the same match."""
        return RoundResult(index, self.rounds, self.played[index], self.fewer_wins, self.said, self.played)


class Review:
    """The review's state and markup, mixed into `GameTable`."""

    session: "Session"
    round_move: str | None = None   # the move that deals a game's next round, where each round is reviewed

    def __init__(self) -> None:
        self.review_open = False
        self.review_for: int | None = None   # the seat a person chose to review
        self.reviews: dict[tuple, Any] = {}  # what a review shows, computed once per key
        self.review_jobs: dict[tuple, tuple[Generator[float, None, Any], list[float]]] = {}  # under way, how far
        self.review_pending: tuple | None = None   # the review whose next step is scheduled
        self.review_round: int | None = None     # the round reviewed (None: the last one finished)
        self.judged: dict[str, Any] = {}     # parts of the reviews judged during the game, by their key (`judge_ahead`)
        self.judging = False                 # a part asked of the bots' worker, not back yet
        self.judge_off = False               # the bots' worker could not judge: the end judges it all, as before
        self.judged_all: dict[int, int] = {}  # seat: how many moves the game had when nothing was left to judge

    def review_tap(self, action: str, data: dict[str, str]) -> bool:
        """A tap on the review's own controls (True if it was one)."""
        if action == "review":
            self.review_open = not self.review_open and self.reviewable()
        elif action == "review-close":
            self.close_review()
        elif action == "review-seat":
            self.review_for = int(data["seat"])
        elif action == "review-round":
            self.review_round = int(data["round"])
        else:
            return False
        return True

    def review_ready(self) -> bool:
        """Whether the position is one where the game offers its review (a round or game over)."""
        return False

    def reviewable(self) -> bool:
        """A review is offered to people, after a real game's round or game (a guided game's
        moves were the script's: its end offers a real game instead)."""
        return self.review_ready() and bool(self.session.humans()) and self.session.guide is None

    def review_button(self) -> Raw:
        """The button that opens the review; the page knows from it whether the review of the
        person in front of the screen is ready (it then opens finished)."""
        ready = self.review_key(self.review_seat(), self.review_finished() - 1) in self.reviews
        return h("button", {"type": "button", "class_": "review-open", "data-act": "review",
                            "data-ready": "true" if ready else "false",
                            "aria-expanded": "true" if self.review_open else "false"}, t("review.button"))

    def close_review(self) -> bool:
        """Escape: close the review if it is open (True if it was)."""
        was = self.review_open
        self.review_open = False
        return was

    def review_seat(self) -> int:
        """The person reviewed: the one chosen, else the first person at the table (at a round's
        or game's end nobody in particular is in front of the screen: the review opened on
        whoever played last), else the seat in front of the screen."""
        humans = self.session.humans()
        if self.review_for in humans:
            return self.review_for  # type: ignore[return-value]
        return humans[0] if humans else self.session.focus_seat()

    def review_job(self, seat: int, index: int) -> Generator[float, None, Any]:
        """The computation of `seat`'s review of round `index` (from 0; a game reviewed whole
        has only round 0): a generator yielding how far it got (0..1) and returning what the
        review shows. A game that reviews says how."""
        raise NotImplementedError

    def review_finished(self) -> int:
        """How many rounds may be reviewed, the last one finished by default (a game reviewed
        whole: 1)."""
        return 1

    def review_key(self, seat: int, index: int) -> tuple:
        """What a review reads, as the key it is kept under: the moves up to the end of the
        round reviewed (those of the next round, dealt since, change nothing; an undo and
        another move do), the seat and the round."""
        moves = self.state.moves
        ends = [n for n, move in enumerate(moves) if move.get("type") == self.round_move] if self.round_move else []
        upto = moves[:ends[index]] if index < len(ends) else moves
        digest = hashlib.blake2b(json.dumps(upto, sort_keys=True).encode(), digest_size=12).hexdigest()
        return len(upto), digest, seat, index

    def reviewed(self, seat: int, index: int = 0) -> Any:
        """The review's data of `seat` for round `index` once computed, else None (its
        computation is then under way, the panel's first: `review_ahead`)."""
        key = self.review_key(seat, index)
        if key not in self.reviews:
            self.review_ahead()
        return self.reviews.get(key)

    def review_wanted(self) -> list[tuple[int, int]]:
        """The reviews to compute, the most wanted first: the one the open panel shows, then
        the last round's of each person at the table, the one in front of the screen first, then
        those left part done when a round was dealt before they were (a shared replay: only the
        panel's)."""
        finished = self.review_finished()
        wanted = [(self.review_seat(), self.review_index(finished))] if self.review_open else []
        if not self.session.readonly:
            here = self.review_seat()
            wanted += [(seat, finished - 1) for seat in sorted(self.session.humans(), key=lambda s: s != here)]
            wanted += [(key[-2], key[-1]) for key in self.review_jobs if key[-1] < finished]
        return wanted

    def review_ahead(self) -> None:
        """Go on with the reviews at the end of a round or game, asked for or not, so that a
        review is ready when the person opens it: the strongest bot judging every move again
        takes seconds in the page, so one step at a time (`review_wanted`'s first unfinished),
        each scheduled after the last one, and taps are answered meanwhile; an open panel shows
        how far it got (`review_wait`). Nothing goes on while a round is played (a new round
        dealt, an undo): a review part done waits, kept, until its round is over again."""
        if self.review_pending is not None or not self.reviewable():
            return
        for seat, index in self.review_wanted():
            key = self.review_key(seat, index)
            if key in self.reviews:
                continue
            if key not in self.review_jobs:
                self.review_jobs[key] = (self.review_job(seat, index), [0.0])
            self.review_pending = key

            def review_step() -> None:
                self.review_pending = None
                job, done = self.review_jobs[key]
                try:
                    done[0] = next(job)
                except StopIteration as result:
                    self.reviews[key] = result.value
                    del self.review_jobs[key]
                self.review_ahead()
            self.session.schedule(review_step, 30)
            return

    def review_offered(self) -> bool:
        """Whether this table's rounds or game end with a review at all: the game reviews (it says
        how, `review_job`); a game may say no for a table (a caller mode)."""
        return type(self).review_job is not Review.review_job

    def judge_ahead(self) -> None:
        """While a round or game is played, judge each person's decisions as soon as each is
        complete, in the bots' worker (`Session.judge`, one decision a request, a bot's move
        always first), so that the review at the end only judges the last ones: the strongest bot
        judging every move at the end kept a family 7 to 16 s behind a progress bar. Never on the
        table's worker (a person may tap meanwhile): where the bots' worker cannot judge, the end
        judges it all, as before. What comes back is kept by its key (`decision_key`: the moves
        up to the decision's end), so an undo that changes a move judged only leaves its row
        unread. It reads the record as the review does; nothing of it shows before the review."""
        session = self.session
        if (self.judging or self.judge_off or session.judge is None or session.bot_waiting   # a bot's move goes first
                or session.readonly or session.guide is not None
                or not session.humans() or not self.review_offered() or self.review_ready() or self.state.is_over):
            return
        moves = len(self.state.moves)
        here = self.review_seat()
        seats = [s for s in sorted(session.humans(), key=lambda s: s != here) if self.judged_all.get(s) != moves]
        if not seats:
            return
        seat = seats[0]
        request = {"game": session.game.id, "record": self.state.record(), "seat": seat,
                   "round": self.review_finished() if self.round_move else 0, "known": told(self.judged)}
        self.judging = True
        session.judge(request, lambda found: self.judged_now(seat, moves, found))

    def judged_now(self, seat: int, moves: int, found: Any) -> None:
        """What the bots' worker judged for `seat` on the record of `moves` moves ({key: part};
        {}: nothing left to judge there; None: it cannot judge, so the end judges as before);
        then the next part."""
        self.judging = False
        if not isinstance(found, dict):
            self.judge_off = True
            return
        if found:
            self.judged.update(found)
        else:
            self.judged_all[seat] = moves
        self.judge_ahead()

    def review_index(self, finished: int) -> int:
        """The round reviewed: the one chosen, else the last one finished."""
        return self.review_round if self.review_round is not None and self.review_round < finished else finished - 1

    def review_rounds(self, finished: int) -> Raw | None:
        """After several rounds, a choice of the round reviewed."""
        index = self.review_index(finished)
        return h("div", {"class_": "review-rounds", "role": "group"},
                 [h("button", {"type": "button", "data-act": "review-round", "data-round": r,
                               "aria-pressed": "true" if r == index else "false"}, t("table.round", round=r + 1))
                  for r in range(finished)]) if finished > 1 else None

    def review_wait(self, seat: int, index: int = 0) -> Raw:
        """The computer at work on `seat`'s review of round `index`, and how far it got."""
        key = self.review_key(seat, index)
        done = self.review_jobs[key][1][0] if key in self.review_jobs else 0.0
        return h("div", {"class_": "review-wait", "role": "status"},
                 h("p", None, t("review.wait")),
                 h("progress", {"max": 100, "value": round(100 * done), "aria-label": t("review.wait")}))

    def review_lead(self, rows: list[dict[str, Any]], costs: Callable[[dict[str, Any]], bool],
                    say: Callable[[dict[str, Any]], Any], round_: "RoundResult | None" = None) -> Raw:
        """The review's first words, before its figures: the result (of the game, or of the round
        reviewed in a match of several, `round_`), then the costliest moves (`rows` come the
        costliest first), at most `LEAD`, those that `costs` something a person would notice, one
        line each in a family's words (`say`, its reason on the board first, `review_line`); or
        that no move cost anything."""
        costly = [row for row in rows[:LEAD] if costs(row)]
        place = self.review_place()
        if round_ is not None and round_.rounds > 1:
            # a match's winner who lost the round reviewed is not told the luck went the others' way
            won = round_.won(self.review_seat()) or (place is not None and place[0] == 1)
            outcome = [self.match_outcome(round_), self.round_outcome(round_, bool(costly))]
        else:
            won, outcome = place is None or place[0] == 1, self.review_outcome(place, bool(costly))
        if costly:
            words = [say(row) for row in costly]
        else:   # nothing to learn: a win was well played, a loss was the luck of the draw
            words = h("p", None, t("review.lead.none") if won else self.said("review.lead.none-luck"))
        return h("div", {"class_": "review-lead"}, outcome, words)

    def review_line(self, reason: str, figures: str, attrs: dict[str, Any], *more: Any, loss: float | None = None) -> Raw:
        """One costly move in the review: the reason read on the board first (what the computer's
        move would have done there) and, given its `loss`, what it cost in a family's words (a
        little, a lot), the figures folded after (`figures`), then `more` (a picture of the board)."""
        fold = "review-" + "-".join(str(v) for k, v in sorted(attrs.items()) if k.startswith("data-"))
        said = reason if loss is None else f"{reason} {t('review.cost.said.' + self.cost_level(loss))}"
        return h("div", {"class_": "review-line", **attrs}, h("p", None, said), self.figures(figures, fold), *more)

    def review_scale(self) -> tuple[float, float]:
        """Where, in the game's own measure of a move's loss (points, chances, tiles), a loss
        stops being "hardly anything" and where it becomes "a lot"."""
        return 0.5, 3.0

    def cost_level(self, loss: float) -> str:
        """A move's loss in a family's words: "none", "hardly" (anything), "little", "lot"."""
        little, lot = self.review_scale()
        return "none" if loss <= 0 else "hardly" if loss < little else "little" if loss < lot else "lot"

    def review_cost(self, loss: float, yours: str, best: str, lost: str, fold: str) -> Raw:
        """What a move cost, in a review's table, in a family's words first (`cost_level`:
        nothing, hardly anything, a little, a lot). The computer's figures (`yours` and `best`,
        what each move is worth to it, and `lost`) are folded after, for those who ask."""
        level = self.cost_level(loss)
        figures = t("review.cost.figures", yours=yours, best=best, loss=lost) if loss > 0 else ""
        return h("td", {"class_": "review-loss", "data-cost": level, "role": "cell"},
                 t(f"review.cost.{level}"), self.figures(figures, fold))

    def review_explain(self, how: str) -> Raw:
        """Above a review's table, what it says in a family's words (what each move cost, the
        costliest first); how the computer judges each move (the game's `how`: its play-outs,
        its estimates) folded after, for those who ask."""
        return h("div", {"class_": "review-explain"}, h("p", None, t("review.explain.cost")), self.figures(how, "review-explain"))

    def figures(self, text: str, fold: str = "hint") -> Raw | None:
        """The computer's figures behind a reason (its estimates, chances, penalty points), folded
        under it for those who ask ("Why the computer thinks so"). `fold` names it for the page,
        which keeps it open across repaints, and a tap on it is no tap elsewhere (the hint stays)."""
        if not text:
            return None
        return h("details", {"class_": "why-figures", "data-fold": fold},
                 h("summary", None, t("why.figures")), h("p", None, text))

    def round_outcome(self, round_: "RoundResult", costly: bool) -> Raw:
        """A round's result, first in its review as a game's is in the game's: who won the round
        and with what, and what the person reviewed made of it (points, or penalty points), in
        the game's own measure (`RoundResult.said`)."""
        seat = self.review_seat()
        mine = round_.said(round_.points[seat])
        best = round_.best()
        winners = [s for s, p in enumerate(round_.points) if p == best]
        number = round_.index + 1
        if len(round_.points) == 1:
            text = t("review.round.solo", round=number, points=mine)
        elif seat in winners:
            text = t("review.round.shared" if len(winners) > 1 else "review.round.won", round=number, points=mine)
            text += " " + self.still() if costly else ""
        else:
            who = t("list.and", first=", ".join(self.session.name(s) for s in winners[:-1]),
                    last=self.session.name(winners[-1])) if len(winners) > 1 else self.session.name(winners[0])
            text = t("review.round.lost", round=number, who=who, best=round_.said(best), points=mine)
        return h("p", {"class_": "review-outcome"}, text)

    def match_outcome(self, round_: "RoundResult") -> Raw | None:
        """At the end of a match of several rounds, before the round reviewed: the match's result,
        then each round's in the game's own measure ("Round by round: round 1, 150 points (won);
        round 2, 140 points (Bob: 170 points)"), so that the game's review is more than a round's."""
        if not self.session.state.is_over or len(round_.played) < 2:
            return None
        seat = self.review_seat()
        each = []
        for index in range(len(round_.played)):
            other = round_.of(index)
            mine = other.said(other.points[seat])
            if len(other.points) == 1:
                each.append(t("review.match.round", round=index + 1, points=mine))
            elif other.won(seat):
                each.append(t("review.match.round.won", round=index + 1, points=mine))
            else:
                best = other.best()
                who = listed([self.session.name(s) for s, p in enumerate(other.points) if p == best])
                each.append(t("review.match.round.lost", round=index + 1, points=mine, who=who, best=other.said(best)))
        place = self.review_place()
        first = f"{self.place_said(place)} " if place is not None else ""
        return h("p", {"class_": "review-match"}, first + t("review.match", rounds="; ".join(each)))

    def review_place(self) -> tuple[int, int, bool] | None:
        """Where the person reviewed finished a game of several players: their rank (ties
        share the better one), of how many, and whether they share it; None before the end or
        alone at the table."""
        state = self.session.state
        if not state.is_over or state.players < 2:
            return None
        seat = self.review_seat()
        result = state.result()
        winners, scores = result["winners"], result["scores"]
        key = [(s in winners, scores[s]) for s in range(state.players)]
        rank = 1 + sum(1 for other in key if other > key[seat])
        return rank, state.players, key.count(key[seat]) > 1

    def review_outcome(self, place: tuple[int, int, bool] | None, costly: bool) -> Raw | None:
        """The result first, so that what follows never reads against it: a winner told that a
        move cost points hears that the computer would still change it."""
        if place is None:
            return None
        return h("p", {"class_": "review-outcome"}, self.place_said(place) + (" " + self.still() if costly and place[0] == 1 else ""))

    @staticmethod
    def place_said(place: tuple[int, int, bool]) -> str:
        """Where a person finished a game (`review_place`): "You won this game.", "You finished
        2nd of 3."."""
        rank, players, shared = place
        if rank == 1:
            return t("review.outcome.shared" if shared else "review.outcome.won")
        return t("review.outcome.place", place=t(f"review.place.{rank}" if rank < 4 else "review.place", n=rank), players=players)

    def still(self) -> str:
        """What a winner hears before the moves that cost something, in the game's own measure
        (points more, a penalty lower) where the game says it: a winning move "cost" points only
        against an even better game."""
        return self.said("review.outcome.still")

    def said(self, key: str) -> str:
        """The review's words for `key`: the game's own where it has them, else the shared ones."""
        said = self.text(key)
        return t(key) if said == key else said

    def review_panel(self, title: str, *parts: Any) -> Raw:
        """The review's layer over the table (a dialog that scrolls inside itself): its title, a
        close button, a choice of person when several played, then the game's parts."""
        humans = self.session.humans()
        seat = self.review_seat()
        people = h("div", {"class_": "review-seats", "role": "group", "aria-label": t("review.whose")},
                   [h("button", {"type": "button", "data-act": "review-seat", "data-seat": s,
                                 "aria-pressed": "true" if s == seat else "false"}, self.session.name(s))
                    for s in humans]) if len(humans) > 1 else None
        return h("section", {"class_": "review-layer", "id": "review", "role": "dialog", "aria-modal": "true",
                             "aria-labelledby": "review-title", "data-act": "review-keep"},
                 h("div", {"class_": "review-head"},
                   h("h2", {"id": "review-title"}, title),
                   h("button", {"type": "button", "class_": "review-close", "data-act": "review-close"},
                     t("review.close"))),
                 people, *parts)
