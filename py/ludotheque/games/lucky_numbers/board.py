"""Lucky Numbers at the table: every seat's 4×4 garden (the one to act large), the supply, the
drawn tile and the face-up pool. Tap a tile to pick it up (the cells it may go to light up), then
tap a cell; drag and drop does the same. Each garden shows its seat's last move, so a player
coming back to the tablet can follow what happened."""
from __future__ import annotations

from functools import partial
from typing import Any, Callable, Generator

from ...web.dom import Raw, h
from ...web.i18n import about, about_one, decimal, gt, listed, number, percent, t
from ...web.table.registry import table
from ...web.table.game_table import REFUSAL_GONE, GameTable, Intent
from ...web.widgets import place_mark, ranked
from .rules import GAME, TOP, blocked_by_order

say = partial(gt, GAME)   # the game's own words (texts.py), in the current language

SIZE = 4


@table
class Table(GameTable):
    game_id = "lucky-numbers"
    pause_phase = "between-games"   # tournament standings stay on show until a person goes on

    @property
    def score_key(self) -> str:
        """A tournament ranks by its points (2 a win, minus 1 a free cell), one game by cells filled."""
        return "table.score.points" if self.state.options["tournament"] else "table.score.cells"

    def __init__(self, session):
        super().__init__(session)
        self.selected: tuple[str, int] | None = None   # ("drawn", v) or ("pool", v)
        self.arrangement: list[int] | None = None      # standard setup: the diagonal as arranged
        self.swap_from: int | None = None              # standard setup: diagonal cell picked
        self.setup_kept = False                         # the setup hint: the diagonal as it already stood

    @property
    def hint(self) -> dict[str, Any] | None:
        """The strongest bot's suggestion (the shared hint's one move), marked on the board."""
        return self.next_advice()

    # -- state helpers -------------------------------------------------------------------------
    def held(self, v: dict[str, Any]) -> int | None:
        """The number the player holds: the drawn tile, or the pool tile they picked up."""
        if v["phase"] == "drawn":
            return v["drawn"]
        if self.selected and self.selected[0] == "pool" and self.selected[1] in v["pool"]:
            return self.selected[1]
        return None

    def setup_arrangement(self, v: dict[str, Any]) -> list[int]:
        tiles = v["setup_tiles"][v["current"]]
        if self.arrangement is None or sorted(self.arrangement) != sorted(tiles):
            self.arrangement = sorted(tiles)   # L1: pre-sorted ascending, rearrangeable
        return self.arrangement

    def setup_blocked(self, v: dict[str, Any]) -> tuple[list[int], tuple[int, int]] | None:
        """The cells the person's diagonal, in her order, leaves for no number (and the pair out of
        order that does it), said before she confirms it: legal (RULES L1), but rarely wise."""
        if v["phase"] != "setup" or not self.session.human_to_act() or self.state.options["setup_order"] == "ascending":
            return None
        return blocked_by_order(self.setup_arrangement(v))

    # -- taps ----------------------------------------------------------------------------------
    def act(self, action: str, data: dict[str, str]) -> Intent:
        v = self.view()
        if action == "pool":
            tile = int(data["tile"])
            self.selected = None if self.selected == ("pool", tile) else ("pool", tile)   # a second tap puts it back
            if self.selected and tile not in v["takeable"]:
                self.selected = None
                return self.refusal(self.text, "illegal.fits-nowhere", tile=tile)
            else:
                return REFUSAL_GONE
        elif action == "cell":
            return self.tap_cell(v, int(data["row"]), int(data["col"]))
        elif action == "draw":
            return {"type": "draw"}
        elif action == "discard":
            return {"type": "discard"}
        elif action == "end":
            return {"type": "end"}
        elif action == "confirm-setup":
            return {"type": "setup", "tiles": list(self.setup_arrangement(v))}
        elif action == "sort-setup":   # the diagonal she arranged blocks cells: ascending again
            self.arrangement = sorted(self.setup_arrangement(v))
            self.swap_from = None
            return REFUSAL_GONE
        elif action == "next-game":
            self.review_open = False
            return {"type": "next-game"}
        elif action == "hint":
            return self.ask_hint()

    def suggest(self) -> list[dict[str, Any]]:
        """The strongest bot's move for the person to act, marked on the board and said by
        `hint_text`: a pool tile to take is marked, not picked up, so that her tap on it picks it
        up (one picked up for her made that tap do nothing), and a tap on the marked cell takes
        it there at once; the setup it chooses is arranged."""
        hint_why = self.coach().hint_why
        move, self.why = hint_why(self.state)
        if move["type"] == "setup":   # said as "keep it" where the diagonal already stands so
            self.setup_kept = self.setup_arrangement(self.view()) == list(move["tiles"])
            self.arrangement = list(move["tiles"])
        return [move]

    def drag(self, data: dict[str, str]) -> None:
        """A drag starts on a tile: hold it without repainting (that would drop the drag)."""
        if data.get("act") == "pool":
            self.selected = ("pool", int(data["tile"]))

    def tap_cell(self, v: dict[str, Any], row: int, col: int) -> Intent:
        phase = v["phase"]
        if phase == "setup":
            if self.state.options.get("setup_order") == "ascending":
                return self.refusal(self.text, "label.setup-ascending")
            if row != col:
                return self.refusal(self.text, "label.setup-diagonal")
            arrangement = self.setup_arrangement(v)
            if self.swap_from is None:
                self.swap_from = row
            else:
                a, b = self.swap_from, row
                arrangement[a], arrangement[b] = arrangement[b], arrangement[a]
                self.swap_from = None
        elif phase == "michael":
            if row == col:
                return {"type": "setup-place", "cell": row}
            else:
                return self.refusal(self.text, "illegal.phase-michael")
        elif phase == "drawn":
            return {"type": "place", "row": row, "col": col}
        elif self.selected and self.selected[0] == "pool":
            return {"type": "take", "tile": self.selected[1], "row": row, "col": col}
        elif (marked := self.next_advice()) and marked["type"] == "take" and (marked["row"], marked["col"]) == (row, col):
            return marked   # the lit cell of a pool tile to take (a hint, a guided step): taken and put there
        else:   # nothing held: the rules say what comes first
            return {"type": "place", "row": row, "col": col}

    def cancel(self) -> None:
        self.selected = None
        self.swap_from = None
        self.advice = None
        if self.state.current_player is None or self.view()["phase"] != "setup":
            self.arrangement = None

    # -- drawing -------------------------------------------------------------------------------
    def tile(self, number: int | None, extra: str = "", travel: dict[str, Any] | None = None) -> Raw:
        if number is None:
            return h("span", {"class_": "ln-empty", "aria-hidden": "true"}, "")
        return h("span", {"class_": f"ln-tile {extra}".strip(), **(travel or {})}, number)

    def travels(self) -> dict[Any, dict[str, Any]]:
        """The clovers shown for the first time, and where each comes from: a drawn one from the
        pile ("drawn"), one put in a garden from the drawn tile or the pool ((seat, row, col)), one
        given up to the pool, swapped or discarded (("pool", number))."""
        found: dict[Any, dict[str, Any]] = {}
        for seat in range(self.state.players):
            for entry in self.landings(seat):
                move, params = entry["move"], entry.get("params", {})
                kind = move["type"]
                if kind == "draw":
                    found["drawn"] = self.travel(entry, "pile")
                elif kind in ("place", "take"):
                    source = "drawn" if kind == "place" else f"pool-{move['tile']}"
                    found[(seat, move["row"], move["col"])] = self.travel(entry, source)
                    if "old" in params:   # a swap: the clover given up goes to the pool
                        found[("pool", params["old"])] = self.travel(entry, f"cell-{seat}-{move['row']}-{move['col']}", ".s")
                elif kind == "discard" and "tile" in params:
                    found[("pool", params["tile"])] = self.travel(entry, "drawn")
                elif kind == "setup-place":
                    found[(seat, move["cell"], move["cell"])] = self.travel(entry, "setup")
        return found

    def marked(self, seat: int) -> dict[tuple[int, int], bool]:
        """The cells `seat` just played while the player waited (True: not yet on screen)."""
        cells = {}
        for move in self.just_moved().get(seat, []):
            if move["type"] in ("place", "take"):
                cells[(move["row"], move["col"])] = self.arriving(move)
            elif move["type"] == "setup-place":
                cells[(move["cell"], move["cell"])] = self.arriving(move)
        return cells

    def garden(self, v: dict[str, Any], seat: int, large: bool, zoom: bool = False) -> Raw:
        """A seat's garden; `large` for the seat in front of the screen, which the player taps
        when it is their turn (every cell answers: an illegal one says why); a small one is a
        glance a tap enlarges (`zoom`: the garden enlarged, nothing in it to tap)."""
        grid = v["gardens"][seat]
        active = large and not zoom and self.session.human_to_act() and v["current"] == seat
        held = self.held(v) if active else None
        marked = self.marked(seat)
        travels = self.travels()
        phase = v["phase"]
        arrangement = self.setup_arrangement(v) if active and phase == "setup" else None
        blocked = (self.setup_blocked(v) or ([], None))[0] if arrangement is not None else []
        rows = []
        for r in range(SIZE):
            for c in range(SIZE):
                number = grid[r][c]
                if arrangement is not None and r == c:
                    number = arrangement[r]
                fits = v["fits"][seat][r][c]
                lit = held is not None and fits is not None and fits[0] <= held <= fits[1]
                if active and phase == "michael":
                    lit = r == c and number is None
                classes = ["ln-cell"]
                if r == c:
                    classes.append("diagonal")
                if lit:
                    classes.append("legal")
                if arrangement is not None and self.swap_from == r and r == c:
                    classes.append("picked")
                if (r, c) in marked:
                    classes.append("just")
                if active and self.hinted_cell() == (r, c):
                    classes.append("hint")
                if number is None and v["phase"] == "over":
                    classes.append("missing")   # the end: each empty cell counts against its garden
                label = self.text("label.cell", row=r + 1, col=c + 1)
                if r * SIZE + c in blocked:   # the diagonal as arranged leaves it for no number
                    classes.append("blocked")
                    label += ". " + self.text("label.cell.none")
                elif fits is not None:
                    label += ". " + (self.text("label.cell.fits-only", tile=fits[0]) if fits[0] == fits[1]
                                     else self.text("label.cell.fits", lo=fits[0], hi=fits[1]))
                attrs = {"class_": " ".join(classes), "aria-label": f"{label}: {number}" if number else label,
                         "data-row": r, "data-col": c, "data-source": f"cell-{seat}-{r}-{c}"}
                travel = travels.get((seat, r, c))
                tile = self.tile(number, "arrive" if marked.get((r, c)) or travel else "", travel)
                if active:
                    attrs.update({"type": "button", "data-act": "cell", "data-drop": "1"})
                    rows.append(h("button", attrs, tile))
                else:
                    rows.append(h("div", attrs, tile))
        empty = v["empty"][seat]
        last = v["last"][seat]
        last_text = None
        if last:
            last_text = self.text(last["key"], **last["params"])
            if last.get("replay"):
                last_text += " " + self.text("move.replay")
        return h("section", {"class_": "ln-garden seat-board banded" + (" active" if large and not zoom else "") + (" zoomed" if zoom else ""),
                             "data-seat": seat, "aria-label": self.text("label.garden", who=self.session.name(seat)),
                             **({} if large or zoom else self.glance_attrs(seat))},
                 h("h3", None, self.badge(seat), " · ", self.empty_label(empty, large)),
                 h("div", {"class_": "ln-grid", "data-roving": True}, rows),
                 h("p", {"class_": "ln-last names-cut"}, h("bdi", None, self.session.name(seat)), " ", last_text) if last_text else None)

    def glance(self, seat: int) -> Raw | None:
        """A small garden enlarged by a tap."""
        v = self.view()
        return self.garden(v, seat, True, zoom=True) if 0 <= seat < v["players"] else None

    def empty_label(self, empty: int, large: bool) -> str:
        """How many empty cells a garden has, in short under a small garden."""
        key = "label.empty" if large else "label.empty.short"
        return self.count_text(key, empty)

    def centre(self, v: dict[str, Any]) -> Raw:
        human = self.session.human_to_act()
        travels = self.travels()
        phase = v["phase"]
        tour = v["tournament"]
        parts = [h("p", {"class_": "ln-game"}, self.text("label.game-number", number=tour["game_index"] + 1, games=tour["games"]))
                 if tour and phase not in ("between-games", "over") else None,
                 h("div", {"class_": "ln-supply"},
                   h("span", {"class_": "ln-stack", "aria-hidden": "true", "data-source": "pile"}, v["supply"]),
                   h("span", None, self.count_text("label.supply.count", v["supply"])),
                   h("button", {"type": "button", "class_": "primary" + self.hinted("draw"), "data-act": "draw"},
                     self.text("label.draw"))
                   if human and phase == "turn" else None)]
        if phase == "drawn":
            parts.append(h("div", {"class_": "ln-drawn"},
                           h("span", None, self.text("label.drawn")),
                           h("span", {"class_": "ln-tile held", "draggable": "true" if human else None,
                                      "data-drag": "drawn", "data-source": "drawn", **travels.get("drawn", {})}, v["drawn"]),
                           h("button", {"type": "button", "data-act": "discard", "class_": self.hinted("discard") or None},
                             self.text("label.discard"))
                           if human else None))
        if phase == "michael":
            parts.append(h("div", {"class_": "ln-drawn"}, h("span", None, self.text("label.setup-tiles")),
                           h("span", {"data-source": "setup"}, self.tile(v["setup_tiles"][v["current"]][0], "held"))))
        if phase == "setup" and human:
            ascending = self.state.options.get("setup_order") == "ascending"
            blocked = self.setup_blocked(v)
            if blocked:   # said before the confirmation, with the way out: sorted
                cells, (big, small) = blocked
                parts.append(h("p", {"class_": "ln-help ln-warn", "role": "status"},
                               self.count_text("label.setup-blocked", len(cells), big=big, small=small)))
                parts.append(h("button", {"type": "button", "data-act": "sort-setup"}, self.text("label.setup-sort")))
            else:
                parts.append(h("p", {"class_": "ln-help"},
                               self.text("label.setup-ascending" if ascending else "label.setup-diagonal")))
            parts.append(h("button", {"type": "button", "class_": "primary" + self.hinted("setup"), "data-act": "confirm-setup"},
                           self.text("label.setup")))
        if phase == "last-replay" and human:
            parts.append(h("button", {"type": "button", "data-act": "end", "class_": self.hinted("end") or None},
                           self.text("label.end")))
        pool = []
        arriving = {key[1]: value for key, value in travels.items() if isinstance(key, tuple) and key[0] == "pool"}
        last_of = {tile: i for i, tile in enumerate(v["pool"])}   # a clover given up joins the pool last
        for i, tile in enumerate(v["pool"]):
            chosen = self.selected == ("pool", tile)
            fits = tile in v["takeable"] or phase not in ("turn", "last-replay")
            hinted = bool(self.hint) and self.hint["type"] == "take" and self.hint["tile"] == tile
            attrs = {"type": "button", "class_": "ln-tile pool" + (" held" if chosen else "") + ("" if fits else " stuck")
                     + (" hint" if hinted else ""),
                     "aria-pressed": "true" if chosen else "false", "data-source": f"pool-{tile}",
                     **(arriving.get(tile, {}) if last_of[tile] == i else {})}
            if human and phase in ("turn", "last-replay"):
                attrs.update({"data-act": "pool", "data-tile": tile, "draggable": "true" if fits else None,
                              "data-drag": "pool"})
            pool.append(h("button", attrs, tile))
        if human and phase in ("setup", "michael", "turn", "drawn", "last-replay"):
            parts.append(self.hint_button())
        parts.append(h("div", {"class_": "ln-pool", "aria-label": self.text("label.pool")},
                       h("span", {"class_": "ln-pool-title"}, self.text("label.pool")),
                       h("div", {"class_": "ln-pool-tiles shades-y"}, pool) if pool else h("span", None, self.text("label.pool.empty"))))
        return h("aside", {"class_": "ln-centre"}, parts)

    def hinted(self, kind: str) -> str:
        """" hint" on the control the hint says to use."""
        return " hint" if self.hint and self.hint["type"] == kind else ""

    def hinted_cell(self) -> tuple[int, int] | None:
        move = self.hint
        if not move:
            return None
        if move["type"] in ("place", "take"):
            return move["row"], move["col"]
        if move["type"] == "setup-place":
            return move["cell"], move["cell"]
        return None

    def explain(self, why: dict[str, Any]) -> str:
        """The figures behind the hint, for those who ask (`bots.lucky_numbers.hint_why`): the
        chance of winning its playouts gave it against the next best move's (alone: the empty
        cells left), or the turns the garden still needs by the computer's reckoning."""
        kind = why["kind"]
        if kind == "win":
            if round(100 * why["win"]) < 1:   # "about 0 %" read ten times to a losing child
                return self.text("why.win-none")
            if round(100 * why["win"]) <= round(100 * why["next_win"]):
                return self.text("why.win-even", win=percent(why["win"]))
            return self.text("why.win", win=percent(why["win"]), next=percent(why["next_win"]))
        if kind == "cells":
            return self.text("why.cells", cells=about(why["cells"]), next=about(why["next_cells"]))
        if kind == "turns":
            # the cells said beside the turns: "39 of your turns" with 12 cells left read as a fault
            v = self.view()
            cells = self.count_text("label.empty", v["empty"][self.session.focus_seat()])
            if why["gain"] is None or why["gain"] < 0.5:   # "0.1 fewer turns" is no reason a person hears
                return self.text("why.turns-even", cells=cells, turns=about(why["turns"]))
            gain_word = self.text("word.turns.one" if about_one(why["gain"]) else "word.turns")
            return self.text("why.turns", cells=cells, turns=about(why["turns"]), gain=about(why["gain"]), gain_word=gain_word)
        return ""   # "full", "only": the reason in the garden says it all

    def reason(self, moves: list[dict[str, Any]]) -> str:
        """Why the hint, read in the garden (`reason_of`)."""
        v = self.view()
        return reason_of(self.text, v, v["current"], moves[0])

    def hint_text(self, v: dict[str, Any]) -> str:
        move = self.hint
        kind = move["type"]
        if kind in ("place", "take"):
            tile = move["tile"] if kind == "take" else v["drawn"]
            there = v["gardens"][v["current"]][move["row"]][move["col"]]
            if there is not None:   # a clover already there goes to the centre: a swap, said as one
                return t(f"hint.{kind}.swap", tile=tile, there=there, row=move["row"] + 1, col=move["col"] + 1)
            return t(f"hint.{kind}", tile=tile, row=move["row"] + 1, col=move["col"] + 1)
        if kind == "discard":
            return t("hint.discard", tile=v["drawn"])
        if kind == "setup-place":
            return t("hint.setup-place", cell=move["cell"] + 1)
        if kind == "setup" and self.setup_kept:
            return t("hint.setup.keep")
        return t(f"hint.{kind}")

    def standings(self, v: dict[str, Any]) -> Raw | None:
        tour = v["tournament"]
        result = v["result"]
        if not tour and not result:
            return None
        rows = []
        # a column per seat, ranked by the tournament's points so far (best first, ties sharing a
        # place), as the end ranks them
        order = ranked(tour["totals"]) if tour else []
        if tour:
            for game_result in tour["results"]:
                rows.append(h("tr", None, h("th", None, self.text("label.game-number", number=game_result["game"] + 1,
                                                                   games=tour["games"])),
                              [h("td", None, number(game_result["points"][s])) for _, s in order]))
            rows.append(h("tr", {"class_": "total"}, h("th", None, self.text("label.total")),
                          [h("td", None, number(tour["totals"][s])) for _, s in order]))
        head = h("tr", None, h("th", None, ""),
                 [h("th", {"data-seat": s}, place_mark(place), self.session.name(s)) for place, s in order])
        ended = None
        if result:
            who = ", ".join(self.session.name(w) for w in result["winners"])
            ended = self.text("label.ended.complete", who=who) if result["ended_by"] == "complete" \
                else self.text("label.ended.supply")
        button = None
        if v["phase"] == "between-games" and not self.session.readonly:
            button = h("button", {"type": "button", "class_": "primary", "data-act": "next-game"},
                       self.text("label.next-game", number=tour["game_index"] + 2))
        return h("section", {"class_": "ln-standings"},
                 h("p", None, ended) if ended else None,
                 h("h3", None, self.text("label.standings")) if tour else None,
                 h("table", {"class_": "ln-table score-table"}, h("thead", None, head), h("tbody", None, rows)) if tour else None,
                 button,
                 self.review_button() if v["phase"] == "between-games" and self.reviewable() else None)

    def board(self) -> Raw:
        v = self.view()
        layer = self.review_layer() if self.review_open and self.reviewable() else None
        if v["phase"] in ("over", "between-games"):   # a game's end: every garden as large as the others
            return h("div", {"class_": "ln-table-top ln-final board"}, self.standings(v),
                     h("div", {"class_": "ln-all"}, [self.garden(v, s, False) for s in range(v["players"])]), layer)
        focus = self.session.focus_seat()
        others = [self.garden(v, s, False) for s in range(v["players"]) if s != focus]
        return h("div", {"class_": "ln-table-top board"},
                 h("div", {"class_": "ln-main"}, self.garden(v, focus, True), self.centre(v), self.hint_words(v)),
                 h("div", {"class_": "ln-others board-cells"}, others), layer)

    def hint_words(self, v: dict[str, Any]) -> Raw | None:
        """The hint and its why in words, across the table under the garden (upright) or under
        the other gardens (landscape): in the narrow column beside the garden its eight lines
        pushed the table past a tablet's height. A guided game's step says itself (its note)."""
        if not (self.hint and self.hint_allowed() and self.session.human_to_act()):
            return None
        reason = self.say_reason()
        return self.hint_box(" ".join(x for x in (self.hint_text(v), t("hint.why", reason=reason) if reason else "") if x), "ln-hint")

    # -- the review of a finished game ---------------------------------------------------------
    def review_ready(self) -> bool:
        return self.view()["phase"] in ("between-games", "over")

    def review_scale(self) -> tuple[float, float]:
        """A decision's loss is in chances of winning (0..1)."""
        return 0.005, 0.05

    def review_job(self, seat: int, index: int) -> Generator[float, None, list[dict[str, Any]]]:
        return self.coach().review_steps(self.state.record(), seat, known=self.judged)

    def lead_move(self, row: dict[str, Any]) -> Raw:
        """One of the costliest decisions: what the computer would have played and why, read in
        the garden as it was (`reason_of`), and what you played; what it cost in chances of
        winning folded after."""
        said = self.text(row["said"]["key"], **row["said"]["params"])
        best = t("review.draw") if row["best"]["type"] == "draw" else \
            self.text(row["best_said"]["key"], **row["best_said"]["params"])
        reason = reason_of(self.text, row["view"], self.review_seat(), row["best"])
        figures = self.text("review.lead-wins.cost") if row["wins"] else \
            self.text("review.lead.cost", loss=percent(row["loss"]), value=share_said(row["value"]),
                      best_value=share_said(row["best_value"]))
        return self.review_line(self.text("review.lead", n=row["n"] + 1, said=said, best=best, reason=reason),
                                figures, {"data-n": row["n"]}, loss=1.0 if row["wins"] else row["loss"])

    def review_layer(self) -> Raw:
        """Each decision of the person, the costliest first, with the move the hint would have
        given and the chances of winning the expert's playouts give each (it scrolls inside
        itself)."""
        seat = self.review_seat()
        rows = self.reviewed(seat)
        if rows is None:
            return self.review_panel(t("review.title.game"), self.review_wait(seat))
        body = []
        for row in rows:
            said = self.text(row["said"]["key"], **row["said"]["params"])
            if row["loss"] <= 0:
                best = t("review.best")
            elif row["best"]["type"] == "draw":   # the bot prefers drawing, whatever tile comes
                best = t("review.draw")
            else:
                best = self.text(row["best_said"]["key"], **row["best_said"]["params"])
            body.append(h("tr", {"data-n": row["n"], "class_": "best" if row["loss"] <= 0 else None},
                          h("th", None, row["n"] + 1),
                          h("td", None, said), h("td", None, best),
                          h("td", {"class_": "review-loss"}, t("review.win")) if row["wins"] else
                          self.review_cost(row["loss"], chance(row["value"]), chance(row["best_value"]),
                                           lost(row["loss"]), f"review-cost-{row['n']}")))
        return self.review_panel(
                 t("review.title.game"),
                 self.review_lead(rows, lambda row: row["wins"] or 100 * row["loss"] >= 0.5, self.lead_move),
                 self.review_explain(say("review.explain")),
                 h("table", {"class_": "review-rows"},
                   h("thead", None, h("tr", None, h("th", None, t("review.move")), h("th", None, t("review.yours")),
                                      h("th", None, t("review.bot")), h("th", None, t("review.loss")))),
                   h("tbody", None, body)) if rows else h("p", None, t("review.none")))


def reason_of(say: Callable[..., str], v: dict[str, Any], seat: int, move: dict[str, Any]) -> str:
    """Why a move, read in the garden of `seat` in view `v` (before the move), in the game's words:
    a tile goes between, under, above, after or before the numbers of its column and row (both
    climb from the top left), fills the garden, or, alone in its row and column, what it does there
    (`alone`: the cells it frees, the corner it suits, the room it leaves); a tile put back
    fits nowhere or leaves the few cells it would fit for better numbers; a draw leaves the
    tiles in the middle that fit less well; the setup climbs down the diagonal (two equal tiles
    may both stand on it, sharing no row or column, with nothing able to go between them)."""
    garden, kind = v["gardens"][seat], move["type"]
    tiles = lambda numbers: listed([say("say.tile", tile=n) for n in numbers])
    if kind in ("place", "take"):
        tile = move["tile"] if kind == "take" else v["drawn"]
        row, col = move["row"], move["col"]
        if sum(x is None for line in garden for x in line) == 1 and garden[row][col] is None:
            return say("reason.full", tile=tile)
        column = [garden[r][col] for r in range(SIZE)]
        where = [w for w in (beside(say, column, row, ("where.under", "where.over", "where.between-col"), col=col + 1),
                             beside(say, garden[row], col, ("where.after", "where.before", "where.between-row"), row=row + 1)) if w]
        there = garden[row][col]
        if not where:
            key, params = alone(garden, row, col, tile, there)
            return say(key, **params)
        return say("reason.fits" if there is None else "reason.swap", tile=tile, there=there, where=listed(where))
    if kind == "discard":
        tile = v["drawn"]
        cells = [(r, c) for r in range(SIZE) for c in range(SIZE)
                 if v["fits"][seat][r][c] is not None and v["fits"][seat][r][c][0] <= tile <= v["fits"][seat][r][c][1]
                 and garden[r][c] != tile]
        if not cells:
            return say("reason.nowhere", tile=tile)
        if len(cells) == 1:
            return say("reason.discard-one", tile=tile, row=cells[0][0] + 1, col=cells[0][1] + 1)
        return say("reason.discard", tile=tile, count=len(cells))
    if kind in ("draw", "end"):
        takeable = v["takeable"]
        if not takeable:
            return say("reason.draw-none", tiles=tiles(v["pool"])) if v["pool"] else ""
        return say(f"reason.{kind}" + (".one" if len(takeable) == 1 else ""), tiles=tiles(takeable))
    if kind == "setup":
        order = list(move["tiles"])
        twins = [x for x, y in zip(order, order[1:]) if x == y]
        key = "reason.setup-any" if order != sorted(order) else "reason.setup.twin" if twins else "reason.setup"
        return say(key, tiles=listed([str(n) for n in order]), twin=twins[0] if twins else None)
    if kind == "setup-place":
        tile, cell = v["setup_tiles"][seat][0], move["cell"]
        diagonal = [garden[k][k] for k in range(SIZE)]
        where = beside(say, diagonal, cell, ("diagonal.after", "diagonal.before", "diagonal.between"))
        return say("reason.diagonal", tile=tile, where=where) if where else \
            say("reason.diagonal-empty", tile=tile, cell=cell + 1)
    return ""


STEP = (TOP - 1) / (2 * (SIZE - 1))
"""How much a cell's number climbs a step right or down in a garden that climbs evenly from 1 at
the top left to 20 at the bottom right: "small numbers top left, large ones bottom right"."""


def place_of(row: int, col: int) -> float:
    """The number a cell suits by that rule ((0, 0): 1, (1, 1): 7.3, (2, 2): 13.7, (3, 3): 20)."""
    return 1 + STEP * (row + col)


def quarter(garden: list[list[int | None]], row: int, col: int, sign: int) -> int | None:
    """The nearest number up and to the left of a cell (`sign` -1: the largest there) or down
    and to the right (+1: the smallest there), outside its row and column; None where there is
    none. The cells between it and the cell's number must take a number between the two (the
    cell in the cell's row and that number's column is right of one and above the other)."""
    found = [garden[r][c] for r in range(SIZE) for c in range(SIZE)
             if garden[r][c] is not None and (r - row) * sign > 0 and (c - col) * sign > 0]
    return (max if sign < 0 else min)(found, default=None)


def alone(garden: list[list[int | None]], row: int, col: int, tile: int, there: int | None) -> tuple[str, dict[str, Any]]:
    """Why `tile` on a cell alone in its row and column (its own number `there`, or None), in a
    child's words read on the board, as a text key and its blanks. By what it does, the first
    that is true: it frees the cells your `there` squeezed against the nearest number up-left
    (`a`) or down-right (`b`) of it (equal to it, or on the wrong side of it: `pair_said`); it suits the top-left corner (small) or the bottom-right one
    (large) better; it leaves room on both sides between `a` and `b`; your `there` belongs lower
    right or higher left and the tile suits the cell better (`place_of`); it leaves more numbers
    after it (smaller) or before it (larger). An empty row and column: the corner it suits, the
    room it leaves, a number near the middle of 1 to 20 keeping both sides open."""
    a, b = quarter(garden, row, col, -1), quarter(garden, row, col, +1)
    # how many numbers are left for the cells up-left of the cell (between `a` and it), and for
    # those down-right (between it and `b`); plenty where the cell has none on that side
    before = lambda x: max(0, x - (a or 0) - 1) if row + col else TOP
    after = lambda x: max(0, (b or TOP + 1) - x - 1) if row + col < 2 * (SIZE - 1) else TOP
    place = place_of(row, col)
    base = {"tile": tile, "there": there, "row": row + 1, "col": col + 1}
    both = a is not None and b is not None and before(tile) >= 2 and after(tile) >= 2
    room = {**base, "a": a, "b": b, "before": before(tile), "after": after(tile)}
    corner = "top" if (row, col) == (0, 0) else "bottom" if (row, col) == (SIZE - 1, SIZE - 1) else None
    if there is None:
        if corner and abs(tile - place) <= STEP:
            return f"reason.open-{corner}", base
        if both:
            return "reason.room-both", room
        if not corner and abs(tile - (TOP + 1) / 2) <= 2.5:
            return "reason.open-middle", base
        return "reason.open", base
    if tile == there:
        return "reason.swap-alone", base
    worst = min(before(there), after(there))
    if min(before(tile), after(tile)) > worst and worst <= 1:
        if after(there) == worst and b is not None and after(tile) >= 2:
            key = "reason.blocked-below" + pair_said(there, b) if worst == 0 else "reason.squeezed-below"
            return key, {**room, "n": there + 1, "count": after(tile)}
        if before(there) == worst and a is not None and before(tile) >= 2:
            key = "reason.blocked-above" + pair_said(a, there) if worst == 0 else "reason.squeezed-above"
            return key, {**room, "n": a + 1, "count": before(tile)}
    if corner == "top" and tile < there or corner == "bottom" and tile > there:
        return f"reason.corner-{corner}", base
    if both and min(before(tile), after(tile)) > min(before(there), after(there)):
        return "reason.room-both", room
    if abs(tile - place) < abs(there - place):
        return ("reason.lower" if there > place else "reason.higher"), base
    if tile < there and row + col < 2 * (SIZE - 1):
        return "reason.more-after", base
    if tile > there and row + col:
        return "reason.more-before", base
    return "reason.swap-alone", base


def pair_said(small: int, large: int) -> str:
    """How "nothing can go between" two numbers, the one up-left of the other, is said: plainly
    when the second is larger (a 5 and a 6), of two equal numbers (".twin": they can never be in
    order), or of a larger number up-left (".crossed")."""
    return "" if small < large else ".twin" if small == large else ".crossed"


def beside(say: Callable[..., str], line: list[int | None], at: int, keys: tuple[str, str, str], **params: Any) -> str:
    """Where cell `at` of a line (a row, a column, the diagonal, which climb from the start)
    stands among its numbers: after the nearest before it (`keys[0]`), before the nearest after
    it (`keys[1]`), between both (`keys[2]`); "" where the line holds no other number."""
    a = next((x for x in reversed(line[:at]) if x is not None), None)
    b = next((x for x in line[at + 1:] if x is not None), None)
    if a is not None and b is not None:
        return say(keys[2], a=a, b=b, **params)
    if a is not None:
        return say(keys[0], a=a, **params)
    return say(keys[1], b=b, **params) if b is not None else ""


def chance(share: float) -> str:
    """A share of the win (0..1) as a chance of winning: "hardly any" rather than "0 %", which
    a person who went on to win reads as wrong."""
    return t("review.chance", chance=round(100 * share)) if round(100 * share) else t("review.chance.none")


def share_said(share: float) -> str:
    """A share of the win as a percentage, "almost nothing" where it rounds to 0 %."""
    return percent(share) if round(100 * share) else t("review.almost-none")


def lost(loss: float) -> str:
    """A loss of win share as percentage points ("0" when it rounds to nothing)."""
    return "0" if f"{100 * loss:.1f}" == "0.0" else t("review.chance.lost", points=decimal(100 * loss))


# --- pictures for "How to play": the rule texts' examples, drawn like the table's gardens --------

def garden_picture(board: list[int], lit: set[int] = frozenset(), marked: set[int] = frozenset(),
                   held: int | None = None) -> Raw:
    """A garden (16 numbers, 0 = empty) with cells lit (the held tile may go there) or marked."""
    cells = []
    for k, tile in enumerate(board):
        classes = ["ln-cell"] + (["diagonal"] if k % 5 == 0 else []) + (["legal"] if k in lit else []) \
            + (["just"] if k in marked else [])
        cells.append(h("div", {"class_": " ".join(classes)},
                       h("span", {"class_": "ln-tile"}, tile) if tile else h("span", {"class_": "ln-empty"}, "")))
    return h("div", {"class_": "ln-picture", "aria-hidden": "true"},
             h("span", {"class_": "ln-tile held"}, held) if held else None,
             h("div", {"class_": "ln-garden"}, h("div", {"class_": "ln-grid"}, cells)))


def placement_picture() -> Raw:
    """TIKI's example: the drawn 13 fits one empty cell, or swaps for the 10 or the 15."""
    from .rules import fits
    board = [2, 13, 16, 0, 0, 18, 0, 0, 10, 0, 0, 15, 0, 0, 19, 0]
    lit = {k for k in range(16) if board[k] != 13 and fits(board, k, 13)}
    return garden_picture(board, lit=lit, held=13)


def bruno_picture() -> Raw:
    """Bruno's variant: a 5 put just below-left of a 5 makes a pair rising to the right."""
    board = [3, 5, 0, 0, 5, 8, 0, 0, 0, 0, 12, 0, 0, 0, 0, 17]
    return garden_picture(board, marked={1, 4})



Table.pictures = {"placement": placement_picture, "bruno": bruno_picture}
