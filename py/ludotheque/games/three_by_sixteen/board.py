"""3x16 at the table: the called number large; the three main rows as lines of 16 places that fill 1 →
16; the five auxiliary columns as stacks growing downwards in a fixed height (a long column scrolls
within itself, its bottom tile always in view), the bottom tile of each the only one that can move.
Tap a lit row or column to put the called tile there; tap a column's bottom tile to send it to the
row it fits; "Move everything that fits" moves every tile that can go, in the order that moves the most;
"Done" ends the seat's step. With automatic transfers a placement ends the step and the next
call comes at once: a game started with "Confirm tiles that cannot be undone" then puts the
called tile down see-through first (`GameTable.put`: only the last to place it, at a table of
people), and a second tap on it, or "Place it here", plays it.
In caller mode (a table playing with the real box) the page only calls the numbers: the call large,
the calls so far and how many of each number are still to come, and a button that says the number
aloud where the browser can."""
from __future__ import annotations

from functools import partial
from typing import Any, Callable, Generator

from ...core import BadRecord, Move
from ...web.dom import Raw, h
from ...web.i18n import about, about_count, day, decimal, gt, gtn, listed, percent, t
from ...web.table.registry import table
from ...web.table.game_table import GameTable, Intent
from .rules import GAME, HIGH, movable, transfer_outcomes

ROW_END = 16   # a row is complete with its 16

say = partial(gt, GAME)   # the game's own words (texts.py), in the current language
say_n = partial(gtn, GAME)

HINT_SAID = 3   # a hint says at most three moves in words: the first two and how many follow


def stack(tiles: list[Raw]) -> Raw:
    """A column's tiles, top first on screen. They are written bottom first, in a box laid out from
    its end (CSS column-reverse), so that a column too long for its box scrolls within itself and
    shows its bottom tile, the one that can move, without any script."""
    return h("div", {"class_": "x16-stack shades-y"}, list(reversed(tiles)))


@table
class Table(GameTable):
    game_id = "3x16"
    score_key = "board.score"
    closing = frozenset({"move.done"})   # "is done with the 8" says less than the 8 placed
    @classmethod
    def offers_confirm(cls, options: dict[str, Any]) -> bool:
        """With automatic transfers, placing the called tile ends the seat's step (the next call
        follows, and undo cannot reach back); with manual transfers the step goes on until Done
        and undo takes a placement back meanwhile; caller mode places nothing."""
        return options.get("mode") == "play" and options.get("transfers") == "automatic"

    def prompt(self) -> str:
        v = self.view()
        if v["over"]:
            return self.text("prompt.over")
        if v["mode"] == "caller":
            return self.text("prompt.call", left=v["calls_left"])
        if not v["placed"]:
            # the places the rules leave open, as the options and the tableau make them
            places = {"row" if "row" in move else "column" for move in self.state.legal_moves() if move["type"] == "place"}
            return self.text(f"prompt.place-{places.pop()}" if len(places) == 1 else "prompt.place", n=v["call"])
        # the step goes on until Done (undo may still take the placement back), so say when
        # nothing is left to move rather than ask for moves there are none of
        if not any(move["type"] == "transfer" for move in self.state.legal_moves()):
            return self.text("prompt.transfer-none")
        return self.text("prompt.transfer")

    def headline(self) -> str | None:
        """The end's first line: in caller mode that every number was called; alone (the
        solitaire aims at no tile left, and nobody wins or loses) "Completed!" or the tiles left."""
        if self.scores_nothing():
            return say("board.caller-over")
        v = self.view()
        if len(v["rows"]) == 1:
            return self.text("label.solo-complete") if v["complete"][0] else self.count_text("label.left", v["left"][0])
        return None

    def scores_nothing(self) -> bool:
        return self.state.options["mode"] == "caller"

    def daily_text(self) -> str:
        """The daily deal's result: the date and the tiles left, never the calls."""
        return say_n("board.daily.share", int(self.shown_score(self.state.scores()[0])), date=day(self.session.save.daily or ""))

    def acting(self, v: dict[str, Any]) -> bool:
        return self.session.human_to_act() and v["current"] == self.session.focus_seat()

    # -- taps ----------------------------------------------------------------------------------
    def act(self, action: str, data: dict[str, str]) -> Intent:
        if action == "row":
            return self.tap_row(int(data["row"]))
        elif action == "column":
            return self.put({"type": "place", "column": int(data["column"])})
        elif action == "bottom":
            return self.tap_bottom(int(data["column"]))
        elif action == "transfer-all":
            return self.transfer_everything()
        elif action in ("done", "call"):
            return {"type": action}
        elif action == "hint":
            return self.ask_hint()

    # -- the hint ------------------------------------------------------------------------------
    def suggest(self) -> list[Move]:
        """The strongest bot's step: where the called tile goes, the transfers in its order,
        then Done; from the seat's own view only."""
        hint_why = self.coach().hint_why
        moves, self.why = hint_why(self.state)
        return moves

    def explain(self, why: dict[str, Any]) -> str:
        """Why the hint (`bots.three_by_sixteen.hint_why`): played out on many orders of the
        numbers to come, alone the chance to complete the three rows against the next best
        choice's, with others the tiles left at the end."""
        kind = why["kind"]
        if kind == "solo":
            if round(100 * why["chance"]) > round(100 * why["next_chance"]):
                return self.text("why.solo", chance=percent(why["chance"]), next=percent(why["next_chance"]))
            return self.text("why.solo-even", chance=percent(why["chance"]))
        if kind == "many":   # "about 0 tiles stay" read oddly: hardly a tile, one tile, tiles
            form = about_count(why["left"])
            apart = why["next_left"] > why["left"] and about(why["next_left"]) != about(why["left"])   # never "10 against 10"
            key = "why.many" if apart else "why.many-even"
            return self.text(key + (f".{form}" if form else ""), left=about(why["left"]), next=about(why["next_left"]))
        return ""   # "only", "alike": the reason on the board says it

    def reason(self, moves: list[Move]) -> str:
        """Why the hint, read on the tableau (`reason_of`); where every choice comes to the same,
        it says so after."""
        v = self.view()
        seat = v["current"]
        said = reason_of(self.text, v["row_ends"][seat], v["columns"][seat], v["call"], moves)
        if self.why and self.why["kind"] == "alike":
            said = f"{said} {self.text('why.alike')}" if said else self.text("why.alike")
        return said

    def say_advice(self, moves: list[Move]) -> str:
        v = self.view()
        seat = v["current"]
        return self.text("hint.say", moves=self.say_step(v["row_ends"][seat], v["columns"][seat], v["call"], moves,
                                                         at_most=HINT_SAID))

    def say_step(self, ends: list[int], columns: list[list[int]], call: int, moves: list[Move],
                 at_most: int | None = None) -> str:
        """A step's moves in words, from the tableau (row ends, columns) before them: "put the 7
        on row 2, then move the 8 from column 3 to row 2, then tap Done" (Done unsaid where nothing
        is left to move: the table says it then, a formality). With `at_most`, a longer
        step says its first moves and counts the rest, which the board lights one by one as
        they are played (a hint of 15 transfers filled a phone's screen with words)."""
        ends, columns = list(ends), [list(col) for col in columns]
        parts = []
        for move in moves:
            kind = move["type"]
            if kind == "place" and "row" in move:
                ends[move["row"]] = call
                parts.append(self.text("say.row", n=call, row=move["row"] + 1))
            elif kind == "place":
                columns[move["column"]].append(call)
                parts.append(self.text("say.column", n=call, column=move["column"] + 1))
            elif kind == "transfer":
                n = columns[move["column"]].pop()
                row = move.get("row", next((i for i, end in enumerate(ends) if end == n - 1), 0))
                ends[row] = n
                parts.append(self.text("say.transfer", n=n, column=move["column"] + 1, row=row + 1))
            elif kind == "transfer-all":   # the order that moves the most tiles (rules version 2)
                after_ends, after_columns, done = max(transfer_outcomes(ends, columns), key=lambda o: len(o[2]))
                ends, columns = list(after_ends), [list(col) for col in after_columns]
                parts.append(self.text("say.transfer-all", count=len(done)))
            elif kind == "done" and movable(ends, columns):
                parts.append(self.text("say.done"))   # with nothing left to move the table says Done itself: unsaid
        if at_most is not None and len(parts) > at_most:
            parts = parts[:at_most - 1] + [self.text("say.more", count=len(parts) - at_most + 1)]
        said = parts[0] if parts else ""
        for part in parts[1:]:
            said = self.text("say.then", first=said, second=part)
        return said

    def transfer_everything(self) -> Intent:
        """Every tile that fits goes, in the order that moves the most: the rules' "transfer-all"
        move (`games.three_by_sixteen.best_transfers`)."""
        return {"type": "transfer-all"}

    def tap_row(self, row: int) -> Intent:
        """A row tapped: before the called tile is placed, the called tile goes there; once it
        is, the column's bottom tile that follows the row's last number moves onto it, and where
        none does, the table says what the row waits for."""
        v = self.view()
        if not v["placed"]:
            return self.put({"type": "place", "row": row})
        for transfer in v["movable"]:
            if transfer["row"] == row:
                return {"type": "transfer", "column": transfer["column"], "row": row}
        end = v["row_ends"][v["current"]][row]
        if end == ROW_END:
            return self.refusal(say, "board.row-complete", row=row + 1)
        return self.refusal(say, "board.row-waits", row=row + 1, n=end + 1)

    def tap_bottom(self, column: int) -> Intent:
        v = self.view()
        for transfer in v["movable"]:
            if transfer["column"] == column:
                return {"type": "transfer", "column": column, "row": transfer["row"]}
        bottom = v["columns"][v["current"]][column][-1]
        return self.refusal(say, "board.no-row", n=bottom)

    # -- drawing -------------------------------------------------------------------------------
    def called(self, v: dict[str, Any], large: bool = True) -> Raw:
        """The number called; none once a guided game has said its last sentence (its lesson
        ends there: a fresh call would ask for a move nobody is to make)."""
        live = v["call"] and not self.session.guide_done()
        return h("div", {"class_": "x16-called" + (" large" if large else ""), "data-read": True},
                 h("span", {"class_": "x16-call-label"}, self.text("label.call", k=v["call_number"])),
                 h("span", {"class_": "x16-call-number", "aria-live": "polite", "data-source": "call"},
                   v["call"] if live else "–"),
                 h("span", {"class_": "x16-call-left"}, self.count_text("label.calls-left", v["calls_left"])))

    def to_come(self, v: dict[str, Any]) -> Raw:
        counts = v["to_come"]
        return h("div", {"class_": "x16-to-come"},
                 h("h3", None, self.text("label.to-come")),
                 h("ol", {"class_": "x16-counts"},
                   [h("li", {"class_": "empty" if counts[n - 1] == 0 else None},
                      h("span", {"class_": "x16-tile"}, n), h("span", {"class_": "x16-count"}, "×", counts[n - 1]))
                    for n in range(1, HIGH + 1)]))

    def __init__(self, session):
        super().__init__(session)
        self.moved: dict[tuple[int, int, int], dict] = {}   # the transfers last shown travelling (`transfers`)

    def travels(self, seat: int) -> dict[tuple[str, int, int], dict[str, Any]]:
        """The tiles of `seat`'s tableau shown for the first time, by place (("row", i, n): the
        n-th tile of row i; ("column", j, 0): the bottom of column j), and where each comes from:
        the called number, or the bottom of the column it left. Several transfers at once go
        one after the other (data-travel-step)."""
        found: dict[tuple[str, int, int], dict[str, Any]] = {}
        for entry in self.landings(seat):
            move = entry["move"]
            if move["type"] == "place" and "column" in move:
                found[("column", move["column"], 0)] = self.travel(entry, "call")
            elif move["type"] == "place" and "row" in move:
                found[("row", move["row"], entry["params"]["n"])] = self.travel(entry, "call")
            if move["type"] in ("transfer", "transfer-all") or entry["key"].endswith("-then"):
                found.update(self.transfers(entry, seat))
        return found

    def transfers(self, entry: dict[str, Any], seat: int) -> dict[tuple[str, int, int], dict[str, Any]]:
        """The tiles a move sent from the columns to the rows, each from its column's bottom, in turn:
        the position before the move (replayed), compared with the one after it."""
        key = (len(self.state.moves), entry["n"], seat)
        if key in self.moved:
            return self.moved[key]
        record = self.state.record()
        try:
            before = self.state.game.replay({**record, "moves": record["moves"][:entry["n"]]})
            after = self.state.game.replay({**record, "moves": record["moves"][:entry["n"] + 1]})
        except BadRecord:   # a position set up by hand (tests): nothing travels, the tiles are there
            return {}
        sources: dict[int, int] = {}   # tile number -> the column it left
        for j, (old, new) in enumerate(zip(before.columns[seat], after.columns[seat])):
            for n in old[len(new):] if old[:len(new)] == new else ():
                sources[n] = j
        found = {}
        step = 0
        for i, (old, new) in enumerate(zip(before.ends[seat], after.ends[seat])):
            for n in range(old + 1, new + 1):
                if n in sources:
                    found[("row", i, n)] = {**self.travel(entry, f"bottom-{seat}-{sources[n]}", f".{i}.{n}"),
                                            "data-travel-step": step}
                    step += 1
        self.moved = {key: found}   # the paints of one arrival ask again; older ones are gone
        return found

    def tableau(self, v: dict[str, Any], seat: int, large: bool, zoom: bool = False) -> Raw:
        """Seat `seat`'s tableau: large (the one in front of the screen, or one enlarged by a tap:
        `zoom`, nothing in it to tap) or small, a glance a tap enlarges."""
        acting = large and not zoom and self.acting(v)
        rows_lit = set(v["targets"]["rows"]) if acting else set()
        cols_lit = set(v["targets"]["columns"]) if acting else set()
        movable = {m["column"] for m in v["movable"]} if acting else set()
        just = self.just_moved().get(seat, [])
        travels = self.travels(seat)
        advice = self.next_advice() or {}
        pending = self.pending if acting else None   # the called tile put down, waiting for its confirmation
        rows = []
        for i, row in enumerate(v["rows"][seat]):
            waiting = pending == {"type": "place", "row": i}
            # every tile numbered, a small tableau's too: a finished row is read tile by tile
            slots = [h("span", {"class_": "x16-tile pending"}, n) if waiting and n == len(row) + 1 else
                     h("span", {"class_": "x16-tile" + (" last" if n == len(row) else "") if n <= len(row) else "x16-slot",
                                **travels.get(("row", i, n), {})}, n if n <= len(row) else "")
                     for n in range(1, HIGH + 1)]
            attrs = {"class_": "x16-row" + (" legal" if i in rows_lit else "") + (" pending" if waiting else "")
                     + (" hint" if acting and advice == {"type": "place", "row": i} else ""), "data-row": i,
                     "aria-label": self.text("label.row", row=i + 1) + f": {len(row)}"}
            if acting:
                attrs.update({"type": "button", "data-act": "row"})
                rows.append(h("button", attrs, slots))
            else:
                rows.append(h("div", attrs, slots))
        columns = []
        for j, col in enumerate(v["columns"][seat]):
            marked = any(m["type"] == "place" and m.get("column") == j for m in just)
            tiles = [h("span", {"class_": "x16-tile"}, n) for n in col[:-1]]
            if col:
                hinted = acting and advice.get("type") == "transfer" and advice["column"] == j
                bottom = {"class_": "x16-tile bottom" + (" movable" if j in movable else "") + (" just" if marked else "")
                          + (" hint" if hinted else ""),
                          "data-column": j, "aria-label": say("board.bottom", n=col[-1], column=j + 1),
                          "data-source": f"bottom-{seat}-{j}", **travels.get(("column", j, 0), {})}
                if acting:
                    bottom.update({"type": "button", "data-act": "bottom"})
                    tiles.append(h("button", bottom, col[-1]))
                else:
                    tiles.append(h("span", bottom, col[-1]))
            slot = None
            if acting and not v["placed"]:
                waiting = pending == {"type": "place", "column": j}
                slot = h("button", {"type": "button", "class_": "x16-drop" + (" legal" if j in cols_lit else "")
                                    + (" hint" if advice == {"type": "place", "column": j} else "")
                                    + (" pending" if waiting else ""),
                                    "data-act": "column", "data-column": j,
                                    "aria-label": self.text("label.column", column=j + 1)},
                         v["call"] if waiting else "+")
            columns.append(h("div", {"class_": "x16-column", "data-column": j},
                             h("span", {"class_": "x16-column-label"}, j + 1), stack(tiles), slot))
        return h("section", {"class_": "x16-tableau seat-board banded" + (" large" if large else "") + (" zoomed" if zoom else ""),
                             **({} if large else self.glance_attrs(seat)), "data-seat": seat},
                 h("h3", None, self.badge(seat), " · ",
                   self.text("label.complete") if v["complete"][seat]
                   else self.count_text("label.left" if large else "label.left.short", v["left"][seat])),
                 h("div", {"class_": "x16-rows"}, rows),
                 h("div", {"class_": "x16-columns"}, columns))

    def controls(self, v: dict[str, Any]) -> Raw | None:
        if not self.acting(v):
            return None
        done = self.next_advice() == {"type": "done"}
        manual = v["options"]["transfers"] != "automatic"   # automatic: the rules move every tile that fits
        return h("div", {"class_": "x16-controls"},
                 h("button", {"type": "button", "data-act": "transfer-all", "disabled": not v["movable"]},
                   self.text("label.transfer-all")) if manual else None,
                 h("button", {"type": "button", "class_": "primary" + (" hint" if done else ""), "data-act": "done",
                              "disabled": not v["placed"]},
                   self.text("label.done")) if manual else None,
                 self.confirm_panel() or self.hint_button(), *self.repeat(), self.hint_note())

    def glance(self, seat: int) -> Raw | None:
        """A small tableau enlarged by a tap, every tile numbered."""
        v = self.view()
        if v["mode"] == "caller" or not 0 <= seat < len(v["rows"]):
            return None
        return self.tableau(v, seat, True, zoom=True)

    def board(self) -> Raw:
        v = self.view()
        if v["mode"] == "caller":
            return self.caller(v)
        focus = self.session.focus_seat()
        if v["over"]:   # the end: every tableau the same size, side by side
            return h("div", {"class_": "x16-table board"},
                     h("div", {"class_": "x16-others board-cells"}, [self.tableau(v, s, False) for s in range(len(v["rows"]))]),
                     self.review_layer() if self.review_open and self.reviewable() else None)
        others = [self.tableau(v, s, False) for s in range(len(v["rows"])) if s != focus]
        return h("div", {"class_": "x16-table board" + (" with-others" if others else "")},
                 h("div", {"class_": "x16-side", **self.turn_attrs()}, self.called(v), self.controls(v)),
                 self.tableau(v, focus, True),
                 h("div", {"class_": "x16-others board-cells"}, others) if others else None)

    # -- the review of a finished game -----------------------------------------------------------
    def review_ready(self) -> bool:
        """The game is over and tableaux were played (not the caller mode)."""
        return self.state.is_over and not self.scores_nothing()

    def review_scale(self) -> tuple[float, float]:
        """A step's loss: alone, in chances to complete (0..1); against others, in tiles left."""
        return (0.005, 0.05) if self.state.players == 1 else (0.05, 1.0)

    def review_offered(self) -> bool:
        return not self.scores_nothing()

    def review_job(self, seat: int, index: int) -> Generator[float, None, list[dict[str, Any]]]:
        return self.coach().review_steps(self.state.record(), seat, known=self.judged)

    def review_layer(self) -> Raw:
        """Each step of the person, the costliest first, beside the hint's step there, with the
        chance to complete (alone) or the tiles left to expect that each leaves."""
        seat = self.review_seat()
        rows = self.reviewed(seat)
        if rows is None:
            return self.review_panel(t("review.title.game"), self.review_wait(seat))
        solo = self.state.players == 1

        def worth(chance: float, left: float) -> str:
            """Alone, the chance to complete (what the bot plays for); else the tiles left."""
            return self.text("review.chance", chance=round(100 * chance)) if solo \
                else self.text("review.left", left=decimal(left))

        body = []
        for row in rows:
            def say(moves: list[Move], row: dict[str, Any] = row) -> str:
                return self.say_step(row["ends"], row["columns"], row["number"], moves)
            lost = decimal(100 * row["loss"] if solo else row["loss"])
            body.append(h("tr", {"data-n": row["n"], "class_": "best" if row["loss"] <= 0 else None, "role": "row"},
                          h("th", {"role": "rowheader"}, self.text("review.call", k=row["call"], n=row["number"])),
                          h("td", {"role": "cell"}, say(row["moves"])),
                          h("td", {"role": "cell"}, t("review.best") if row["loss"] <= 0 else say(row["best"])),
                          self.review_cost(row["loss"],
                                           worth(row["chance"], row["left"]), worth(row["best_chance"], row["best_left"]),
                                           self.text("review.lost.chance", points=lost) if solo else
                                           self.text("review.lost.left", left=lost), f"review-cost-{row['n']}")))
        def lead(row: dict[str, Any]) -> Raw:
            """One of the costliest steps: what the computer would have done and why, read on
            the tableau as it was (`reason_of`), and what you chose; what it cost folded after."""
            reason = self.text("review.lead", call=row["call"], number=row["number"],
                               moves=self.say_step(row["ends"], row["columns"], row["number"], row["moves"]),
                               best=self.say_step(row["ends"], row["columns"], row["number"], row["best"]),
                               reason=reason_of(self.text, row["ends"], row["columns"], row["number"], row["best"]))
            figures = self.text("review.lead.solo", loss=percent(row["loss"]), chance=percent(row["chance"]),
                                best_chance=percent(row["best_chance"])) if solo else \
                self.text("review.lead.many", loss=about(row["loss"]))
            return self.review_line(reason, figures, {"data-n": row["n"]}, loss=row["loss"])

        return self.review_panel(
                 t("review.title.game"),
                 self.review_lead(rows, lambda row: row["loss"] >= (0.005 if solo else 0.05), lead),
                 self.review_explain(self.text("review.explain.solo" if solo else "review.explain.many")),
                 # its rows and cells named: a phone lays each row out as a grid (board.css)
                 h("table", {"class_": "review-rows", "role": "table"},
                   h("thead", None, h("tr", {"role": "row"}, [h("th", {"role": "columnheader"}, t(key)) for key in
                                                              ("review.move", "review.yours", "review.bot", "review.loss")])),
                   h("tbody", None, body)) if rows else h("p", None, t("review.none")))

    def call_numbers(self) -> tuple[Any, list[list[int]]] | None:
        v = self.view()
        return v["call_number"], [[v["call"]]] if v["call"] else []

    def caller(self, v: dict[str, Any]) -> Raw:
        human = self.session.human_to_act()
        return h("div", {"class_": "x16-table caller board"},
                 self.called(v),
                 h("div", {"class_": "x16-controls"},
                   h("button", {"type": "button", "class_": "primary", "data-act": "call"}, self.text("label.call-next"))
                   if human and not v["over"] else None,
                   *self.call_buttons()),
                 h("div", {"class_": "x16-past"}, h("h3", None, self.text("label.past-calls")),
                   h("ol", None, [h("li", None, n) for n in v["past_calls"]])),
                 self.to_come(v))


# --- pictures for "How to play" -------------------------------------------------------------------

def tableau_picture(rows: list[int], columns: list[list[int]], moving: set[int] = frozenset()) -> Raw:
    """Main rows (how far each has come) and auxiliary columns, drawn with the table's classes;
    `moving`: the columns whose bottom tile can go onto a row now."""
    row_markup = [h("div", {"class_": "x16-row"},
                    [h("span", {"class_": "x16-tile" if n <= end else "x16-slot"}, n if n <= end else "")
                     for n in range(1, HIGH + 1)]) for end in rows]
    column_markup = [h("div", {"class_": "x16-column"},
                       stack([h("span", {"class_": "x16-tile" + (" bottom" if k == len(col) - 1 else "")
                                         + (" movable" if k == len(col) - 1 and j in moving else "")}, n)
                              for k, n in enumerate(col)])) for j, col in enumerate(columns)]
    return h("div", {"class_": "x16-tableau x16-picture banded", "aria-hidden": "true"},
             h("div", {"class_": "x16-rows"}, row_markup), h("div", {"class_": "x16-columns"}, column_markup))


def transfer_picture() -> Raw:
    """A 1 has started a row: the 2 at the bottom of column 1 goes after it without being called,
    then the 3 at the bottom of column 2 follows it."""
    return tableau_picture([1, 0, 0], [[9, 2], [12, 3], [7], [], []], moving={0})



Table.pictures = {"transfer": transfer_picture}


def reason_of(say: Callable[..., str], ends: list[int], columns: list[list[int]], call: int, moves: list[Move]) -> str:
    """Why a step, read on the tableau before it (the rows' last numbers `ends`, 0 for an empty
    row, and the columns): the called tile goes on a row after its number (a 1 starts one, a 16
    completes one), under a larger bottom tile of a column (out again before it), covers a
    smaller one, or starts an empty column; then the tiles that move on from the columns, and
    the rows they complete."""
    ends, columns = list(ends), [list(col) for col in columns]
    full_before = {r for r, end in enumerate(ends) if end == ROW_END}
    said, moved = [], []
    for move in moves:
        kind = move["type"]
        if kind == "place" and "row" in move:
            row = move["row"] + 1
            said.append(say("reason.row-start", row=row) if call == 1 else say("reason.row-full", row=row)
                        if call == ROW_END else say("reason.row", n=call, row=row, before=ends[move["row"]]))
            ends[move["row"]] = call
        elif kind == "place":
            column = columns[move["column"]]
            key = "reason.column-start" if not column else "reason.under" if column[-1] > call else \
                "reason.pair" if column[-1] == call else "reason.covers"
            said.append(say(key, n=call, bottom=column[-1] if column else None, column=move["column"] + 1))
            column.append(call)
        elif kind == "transfer":
            n = columns[move["column"]].pop()
            row = move.get("row", next((i for i, end in enumerate(ends) if end == n - 1), 0))
            ends[row] = n
            moved.append(n)
        elif kind == "transfer-all":   # the order that moves the most tiles, as `say_step` says it
            done = max(transfer_outcomes(ends, columns), key=lambda o: len(o[2]))[2]
            for column, row in done:
                ends[row] = columns[column].pop()
                moved.append(ends[row])
    if moved:
        named = [say("say.tile", n=n) for n in moved[:3]] + ([say("reason.more", count=len(moved) - 3)] if len(moved) > 3 else [])
        said.append(gtn(GAME, "reason.moved", len(moved), tiles=listed(named)))
    full = [r + 1 for r, end in enumerate(ends) if end == ROW_END and r not in full_before]
    if full and moved:   # the tiles moved on completed a row
        said[-1] = say("reason.completes", first=said[-1], row=full[-1])
    return listed(said) + "." if said else ""

