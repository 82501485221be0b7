"""Take It Easy at the table: each board drawn as 19 flat-topped hexes, each tile with its three
numbered lines as on the real tiles (the colour of a value never alone: its number is printed and
each value has its own line width). Tap a lit cell to place the tile; in pairs mode tap one of the
two tiles first. While a seat places, the other boards stay covered (a toggle shows them). At the
end of a round every board is shown with its scoring lines marked and a table of the scores."""
from __future__ import annotations

import math
from functools import partial
from typing import Any, Generator

from ...search import scaled
from ...web.storage import stats
from ...web.dom import Raw, h
from ...web.i18n import about, day, decimal, gt, gtn, listed, points, record_text, t
from ...web.table.registry import table
from ...web.table.game_table import GameTable, Intent
from ...web.table.review import RoundResult
from ...web.widgets import place_mark, ranked, round_head
from . import WEIGHTS_PATH
from . import rules as tie

say = partial(gt, tie.GAME)   # the game's own words (texts.py), in the current language
say_n = partial(gtn, tie.GAME)

# the compact picture of a board: how many of a cell's three lines scored
MARKS = "·▪◆★"

R = 30.0                          # hex circumradius in SVG units
H = math.sqrt(3) * R              # hex height (flat top)
COLOURS = {1: "#8d939c", 5: "#4fb3c8", 9: "#e9c43b", 2: "#ee9ab8", 6: "#d84a3a", 7: "#5aa852",
           3: "#f4b6c2", 4: "#3f7fd0", 8: "#ef8a2d"}
# a pattern besides the colour: higher numbers draw wider lines
WIDTH = {1: 5, 2: 5, 3: 5, 4: 6.5, 5: 6.5, 6: 6.5, 7: 8, 8: 8, 9: 8}
SMALL_NUMBER = 22   # a small board's tile numbers, in SVG units (a large board's are 13)


def tile_numbers(board: list) -> list[int | None]:
    """A board of (v, u, d) tiles as the rules number them (`TILE_INDEX`)."""
    return [None if tile is None else tie.TILE_INDEX[tuple(tile)] for tile in board]


def lines_said(board: list, cell: int, tile: int) -> list[tuple[int, str]]:
    """What tile number `tile` on `cell` of a board of (v, u, d) tiles does to its three lines
    (`rules.lines_through`), each with the number a person names: the tile's own where it carries
    on or starts a line, the line's where it breaks it ("breaks your line of 9s", not of 5s)."""
    numbers = tile_numbers(board)
    said = []
    for d, (n, effect) in enumerate(tie.lines_through(numbers, cell, tile)):
        if effect == "breaks":
            n = next(tie.TILES[numbers[c]][d] for c in tie.LINES[tie.CELL_LINES[cell][d]] if numbers[c] is not None)
        said.append((n, effect))
    return said


def centre(cell: int) -> tuple[float, float]:
    for col, cells in enumerate(tie.COLUMNS):
        if cell in cells:
            q = col - 2
            r = max(-2, -2 - q) + cells.index(cell)
            return 1.5 * R * q, H * (r + q / 2)
    raise ValueError(cell)


def hexagon(cx: float, cy: float, radius: float = R) -> str:
    return " ".join(f"{cx + radius * math.cos(math.pi / 3 * k):.1f},{cy + radius * math.sin(math.pi / 3 * k):.1f}"
                    for k in range(6))


def tile_art(tile: list[int] | tuple[int, int, int], cx: float, cy: float, scale: float = 1.0,
             small: bool = False) -> Raw:
    """A tile's three lines and numbers: vertical, "/" (lower-left to upper-right), "\\".
    `small`: a board drawn small (another seat's, or every board once scored, four on a screen)
    has its numbers larger in its tile (22 units, not 13), so that they read at arm's length
    where the board is a quarter of the screen's width."""
    v, u, d = tile
    r, hh = R * scale, H * scale
    segments = (
        (u, (cx - 0.75 * r, cy + hh / 4), (cx + 0.75 * r, cy - hh / 4)),
        (d, (cx - 0.75 * r, cy - hh / 4), (cx + 0.75 * r, cy + hh / 4)),
        (v, (cx, cy - hh / 2), (cx, cy + hh / 2)),
    )
    lines = [h("line", {"x1": f"{a[0]:.1f}", "y1": f"{a[1]:.1f}", "x2": f"{b[0]:.1f}", "y2": f"{b[1]:.1f}",
                        "stroke": COLOURS[n], "stroke-width": f"{WIDTH[n] * scale:.1f}", "stroke-linecap": "butt"})
             for n, a, b in segments]
    if small:   # the three numbers as large as the hex holds them apart
        labels = ((v, cx, cy - 0.27 * hh), (u, cx - 0.45 * r, cy + 0.2 * hh), (d, cx + 0.45 * r, cy + 0.2 * hh))
    else:
        labels = ((v, cx, cy - 0.52 * hh / 2 - 2 * scale), (u, cx - 0.5 * r, cy + 0.45 * hh / 2),
                  (d, cx + 0.5 * r, cy + 0.45 * hh / 2))
    size = (SMALL_NUMBER if small else 13) * scale
    numbers = [h("text", {"x": f"{x:.1f}", "y": f"{y:.1f}", "class_": "tie-num",
                          "font-size": f"{size:.1f}"}, n) for n, x, y in labels]
    return h("g", {"class_": "tie-tile", "aria-label": f"{v}-{u}-{d}"}, lines, numbers)


def tile_label(tile) -> str:
    return "-".join(str(n) for n in tile)


def board_svg(board: list, lines: list[dict[str, Any]] | None, legal: list[int], act: bool,
              hint: int | None = None, label: str = "", marked: dict[int, bool] | None = None,
              pending: tuple[int, list[int]] | None = None, travels: dict[int, dict[str, Any]] | None = None,
              small: bool = False) -> Raw:
    """One board: hexes (lit where legal), tiles, and the scoring lines when `lines` is given.
    When `act`, every cell answers a tap (an illegal one is refused with its reason); `marked`
    holds the cells another seat just played (True: shown for the first time, it slides in);
    `pending` is a tile put down and waiting for its confirmation (cell, tile); `travels` gives the
    tiles put down for the first time their way from the called tile (`GameTable.travel`); `small`
    draws a board shown small with its numbers and its lines' points large (`tile_art`)."""
    cells = []
    marked = marked or {}
    for cell in range(tie.CELLS):
        cx, cy = centre(cell)
        tile = board[cell]
        waiting = pending is not None and pending[0] == cell
        if waiting:
            tile = pending[1]
        playable = act and cell in legal
        attrs = {"class_": "tie-cell" + (" legal" if playable else "") + (" hint" if cell == hint else "")
                           + (" pending" if waiting else "")
                           + (" filled" if tile else "") + (" just" if cell in marked else ""),
                 "data-cell": cell}
        if act:
            attrs.update({"data-act": "place", "tabindex": 0, "role": "button",
                          "aria-label": say("board.cell", **tie.cell_place(cell)) + (f": {tile_label(tile)}" if tile else "")})
        art = tile_art(tile, cx, cy, 0.96, small) if tile else None
        if art and cell in (travels or {}):
            attrs.update(travels[cell])   # the whole hex travels: the tile is the white hex and its lines
        if art and marked.get(cell):
            art = h("g", {"class_": "arrive"}, art)
        # the keyboard's focus ring (board.css), inside the hex: a neighbour drawn after it covers none of it
        ring = h("path", {"class_": "tie-ring", "d": "M" + hexagon(cx, cy, R - 6) + "Z"}) if act else None
        cells.append(h("g", attrs, h("polygon", {"points": hexagon(cx, cy, R - 1.5)}), art, ring))
    marks = []
    placed: list[tuple[float, float]] = []   # where points already stand
    for line in lines or ():
        if line["status"] != "scored":
            continue
        (x1, y1), (x2, y2) = centre(line["cells"][0]), centre(line["cells"][-1])
        marks.append(h("line", {"class_": "tie-scored", "x1": f"{x1:.1f}", "y1": f"{y1:.1f}",
                                "x2": f"{x2:.1f}", "y2": f"{y2:.1f}"}))
        # the points stand where the line's next hex would be, off the board: that place touches
        # no hex of the board, so they cover no tile's number (at R * 0.95 they sat on the edge hexes');
        # past its last hex, or before its first where another line's points already stand there
        # (two lines of different directions can have the same next hex: "+36" over "+9")
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        ends = [(x2 + ux * H, y2 + uy * H), (x1 - ux * H, y1 - uy * H)]
        x, y = max(ends, key=lambda end: min([math.dist(end, taken) for taken in placed] + [H / 2]))
        placed.append((x, y))
        marks.append(h("text", {"class_": "tie-points", "x": f"{x:.1f}", "y": f"{y:.1f}",
                                "text-anchor": "middle", "dominant-baseline": "central"}, f"+{line['points']}"))
    margin = R * 1.25 if lines is not None else 0.0   # room for the points past the edge
    width, height = 8 * R + 4 + 2 * margin, 5 * H + 4 + 2 * margin
    return h("svg", {"class_": "tie-board" + (" small" if small else ""), "viewBox": f"{-width / 2:.1f} {-height / 2:.1f} {width:.1f} {height:.1f}",
                     "role": "group", "aria-label": label, "data-roving": True},
             cells, h("g", {"class_": "tie-marks", "aria-hidden": "true"}, marks))


def daily_text(date: str, score: int, lines: list[dict[str, Any]]) -> str:
    """The daily deal's result to paste in a message: date, score and a picture of the board,
    one row per column of hexes, each cell marked by how many of its lines scored."""
    scored = [0] * tie.CELLS
    for line in lines:
        if line["status"] == "scored":
            for cell in line["cells"]:
                scored[cell] += 1
    rows = [" " * (5 - len(cells)) + " ".join(MARKS[scored[c]] for c in cells) for cells in tie.COLUMNS]
    return "\n".join([say("board.daily.share", date=day(date), score=score), *rows])


@table
class Table(GameTable):
    game_id = "take-it-easy"
    pause_phase = "scoring"   # between rounds the scores stay on show until a person goes on
    round_move = "next-round"   # each round has its review
    score_key = "table.score.points"

    @classmethod
    def opening(cls, page_url: str) -> None:
        """The bots' learned tables are fetched as the table opens (web/data_files.py), and read
        once they are there (the bots' module is imported then, not before the table paints)."""
        from ...web.data_files import (
            fetch_early,  # the page's fetch: imported in the page only
        )
        fetch_early(page_url, WEIGHTS_PATH, lambda: cls.coach().learned_value())

    @classmethod
    def preload(cls) -> None:
        """The bots, and their learned tables once their fetch has brought them."""
        if WEIGHTS_PATH.exists():
            cls.coach().learned_value()

    @classmethod
    def offers_confirm(cls, options: dict[str, Any]) -> bool:
        """Every placement brings the next tile; caller mode places nothing."""
        return options.get("mode") != "caller"

    def __init__(self, session):
        super().__init__(session)
        self.picked: int | None = None     # index into to_place (pairs mode)
        self.show_all = False
        self.bests: dict[str, dict] | None = None   # personal records, read once per table

    def prompt(self) -> str:
        v = self.view()
        if v["phase"] == "call":
            return self.text("prompt.call-pair" if self.calls_pair(v) else "prompt.call", left=v["left"])
        if v["phase"] == "scoring" and self.caller_mode:
            return self.text("prompt.scoring-caller", round=v["round"])
        if v["phase"] == "place":
            if len(v["to_place"]) > 1:
                first, second = (tile_label(x) for x in v["to_place"])
                return self.text("prompt.place-pair", first=first, second=second)
            return self.text("prompt.place", tile=tile_label(v["to_place"][0]))
        return self.text(f"prompt.{v['phase']}", round=v["round"])

    def calls_pair(self, v: dict[str, Any]) -> bool:
        """Whether the next call reveals two tiles (two at once, until the round's single last)."""
        return bool(self.state.options["pairs"]) and v["left"] >= 2

    def tile_to_place(self, v: dict[str, Any]) -> list[int] | None:
        if not v["to_place"]:
            return None
        index = self.picked if self.picked is not None and self.picked < len(v["to_place"]) else 0
        return v["to_place"][index]

    @property
    def caller_mode(self) -> bool:
        return self.state.options.get("mode") == "caller"

    def headline(self) -> str | None:
        return say("board.caller-over") if self.caller_mode else None

    def scores_nothing(self) -> bool:
        return self.caller_mode

    def act(self, action: str, data: dict[str, str]) -> Intent:
        v = self.view()
        if action == "call":
            return {"type": "call"}
        elif action == "pick":
            self.picked = int(data["index"])
            self.pending = None
        elif action == "place":
            return self.place(int(data["cell"]), v)
        elif action == "next-round":
            self.review_open = False
            self.review_round = None
            return {"type": "next-round"}
        elif action == "show-all":
            self.show_all = not self.show_all
        elif action == "hint":
            return self.ask_hint()

    def suggest(self) -> list[dict[str, Any]]:
        """The strongest bot's placement, its tile picked (pairs) for the person to act."""
        hint_why = self.coach().hint_why
        move, self.why = hint_why(self.state)
        if "tile" in move:
            self.picked = [list(x) for x in self.view()["to_place"]].index(list(move["tile"]))
        return [move]

    def say_advice(self, moves: list[dict[str, Any]]) -> str:
        move = moves[0]
        if move.get("type") != "place":
            return ""
        return self.text("hint.say", tile=tie.tile_text(self.state._tile_of(move)), **tie.cell_place(move["cell"]))

    def explain(self, why: dict[str, Any]) -> str:
        """The figures behind the hint, for those who ask: the score the computer expects at the
        round's end with the tile there, and what it wins over the next best hex
        (`bots.take_it_easy.hint_why`)."""
        if why["kind"] != "place":
            return ""
        if why["gain"] is None:
            return self.text("why.score-only", score=about(why["score"]))
        return self.text("why.score-even" if why["gain"] < 0.5 else "why.score", score=about(why["score"]),
                         gain=about(why["gain"]), points=points(why["gain"]))

    def reason(self, moves: list[dict[str, Any]]) -> str:
        """What the tile does there to the lines of your board, in a family's words: the lines it
        carries on, starts or breaks, or that it spoils none you are building (`lines_said`);
        "the last hex left" where it has no other."""
        move = moves[0]
        if move.get("type") != "place":
            return ""
        v = self.view()
        effects = lines_said(v["boards"][v["current"]], move["cell"], self.state._tile_of(move))
        key = "why.reason-last" if len(v["legal_cells"]) == 1 else "why.reason"
        return self.text(key, parts=self.line_parts(effects, "why"))

    def line_parts(self, effects: list[tuple[int, str]], words: str) -> str:
        """What a tile on a hex does to its three lines, in words ("carries on your line of 9s and
        starts new lines of 6s and 3s"): `words` "why" says it now, "review.would" as it would
        have been."""
        def lines(effect: str) -> str:
            numbers = [n for n, e in effects if e == effect]
            yours = effect != "starts"
            if len(numbers) == 1:
                return self.text("why.line" if yours else "why.new-line", n=numbers[0])
            return self.text("why.lines" if yours else "why.new-lines",
                             numbers=listed([self.text("why.number", n=n) for n in numbers]))
        kinds = {e for _, e in effects}
        said = [self.text(f"{words}.carries", lines=lines("carries"))] if "carries" in kinds else []
        if not said and "breaks" not in kinds and "spent" in kinds:
            said.append(self.text(f"{words}.spoils-none"))
        said += [self.text(f"{words}.{kind}", lines=lines(kind)) for kind in ("starts", "breaks") if kind in kinds]
        return listed(said)

    @property
    def hint(self) -> int | None:
        """The cell the hint lights."""
        return (self.next_advice() or {}).get("cell")

    def place(self, cell: int, v: dict[str, Any]) -> Intent:
        """The tile (the one picked, of a pair) on `cell`: played, or put down to wait for its
        confirmation (`GameTable.put`)."""
        move: dict[str, Any] = {"type": "place", "cell": cell}
        if len(v["to_place"]) > 1:
            move["tile"] = self.tile_to_place(v)
        return self.put(move)

    def cancel(self) -> None:
        super().cancel()
        self.picked = None
        self.advice = None

    def handed_over(self) -> None:
        """The next person covers the other boards again ("show the other boards" was the
        previous person's wish), and the hint too."""
        super().handed_over()
        self.show_all = False

    def travels(self, seat: int) -> dict[int, dict[str, Any]]:
        """The tiles `seat` put down that show for the first time: from the called tile to their
        hex. A tile waiting for its confirmation travels once, as it is put down (the move that
        confirms it has the same key, so it does not travel again)."""
        found = {m["move"]["cell"]: self.travel(m, "called") for m in self.landings(seat) if m["move"]["type"] == "place"}
        if self.pending is not None and seat == self.session.focus_seat():
            found[self.pending["cell"]] = self.travel({"n": len(self.state.moves)}, "called")
        return found

    def marked(self, seat: int) -> dict[int, bool]:
        """The cells `seat` just played while the player waited (True: not yet on screen)."""
        return {m["cell"]: self.arriving(m) for m in self.just_moved().get(seat, []) if m["type"] == "place"}

    def covered(self, seat: int) -> bool:
        """Boards of other people stay covered while placing (table etiquette), unless asked;
        a bot's board is always on show."""
        return self.session.seats[seat].is_bot is False and not self.show_all

    def spoken(self, entry: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """While the round is played with the boards hidden from each other, another person's
        placement this round is said without its cell (the board it went on is covered)."""
        seat = entry["seat"]
        if entry["key"] != "move.place" or seat == self.session.focus_seat() or not self.covered(seat) \
                or len(self.session.humans()) < 2 or self.state.phase != "place" or entry["n"] < self.round_start():
            return super().spoken(entry)
        return "move.place-hidden", {"tile": entry["params"]["tile"]}

    def round_start(self) -> int:
        """The number of moves played before this round's first: every move since put a tile on
        a board."""
        placed = sum(cell is not None for board in self.state.boards for cell in board)
        return len(self.state.moves) - placed

    def call_numbers(self) -> tuple[Any, list[list[int]]] | None:
        v = self.view()
        return (v["round"], v["revealed"]), v["tiles"]

    def caller_board(self, v: dict[str, Any]) -> Raw:
        """Caller mode, for a table playing with the real boxes: the tile (or pair) just revealed,
        large, with a button to say it aloud; the tiles revealed so far this round."""
        human = self.session.human_to_act()
        current = [h("svg", {"viewBox": f"{-R * 1.05:.1f} {-H * 0.55:.1f} {R * 2.1:.1f} {H * 1.1:.1f}",
                             "class_": "tie-current", "role": "img", "aria-label": tile_label(tile)},
                     h("polygon", {"points": hexagon(0, 0, R), "class_": "tie-current-hex"}), tile_art(tile, 0, 0))
                   for tile in v["tiles"]]
        called = [h("li", None, h("svg", {"viewBox": f"{-R * 1.05:.1f} {-H * 0.55:.1f} {R * 2.1:.1f} {H * 1.1:.1f}",
                                          "class_": "tie-called", "role": "img", "aria-label": tile_label(tile)},
                                    h("polygon", {"points": hexagon(0, 0, R), "class_": "tie-current-hex"}),
                                    tile_art(tile, 0, 0)))
                  for tile in v["called"]]
        controls = [
            h("button", {"type": "button", "class_": "primary", "data-act": "call"}, say("board.call-next-pair" if self.calls_pair(v) else "board.call-next"))
            if human and v["phase"] == "call" else None,
            h("button", {"type": "button", "class_": "primary", "data-act": "next-round"},
              say("board.next-round", round=v["round"] + 1)) if v["phase"] == "scoring" and not self.session.readonly else None,
            *self.call_buttons()]
        return h("div", {"class_": "tie-caller board"},
                 h("div", {"class_": "tie-caller-now"}, current or h("p", None, "–"),
                   h("p", {"class_": "tie-left"}, say_n("board.left", v["left"], round=v["round"], rounds=v["rounds"])),
                   h("div", {"class_": "x16-controls"}, controls)),
                 h("section", {"class_": "tie-caller-past"}, h("h3", None, self.text("label.called")),
                   h("ol", None, called)))

    def glance(self, seat: int) -> Raw | None:
        """Another seat's board (or any board once scored), enlarged: its title and its board with
        the scored lines' points beside it."""
        v = self.view()
        scoring = v["phase"] in ("scoring", "over")
        if self.caller_mode or not 0 <= seat < len(v["boards"]) or (not scoring and self.covered(seat)):
            return None
        return h("div", {"class_": "tie-other seat-board banded tie-zoomed", "data-seat": seat},
                 h("h3", None, self.badge(seat), " · ", say("board.points", points=v["board_scores"][seat])),
                 board_svg(v["boards"][seat], v["lines"][seat] if scoring else None, [], False, label=self.session.name(seat)))

    def board(self) -> Raw:
        v = self.view()
        if self.caller_mode:
            return self.caller_board(v)
        focus = self.session.focus_seat()
        acting = self.session.human_to_act() and v["current"] == focus
        scoring = v["phase"] in ("scoring", "over")
        tile = self.tile_to_place(v)
        panel = []
        if v["phase"] == "place":
            picks = []
            for i, x in enumerate(v["to_place"]):
                chosen = x == tile
                picks.append(h("button", {"type": "button", "class_": "tie-pick" + (" picked" if chosen else ""),
                                          "data-act": "pick", "data-index": i, "aria-pressed": "true" if chosen else "false",
                                          "aria-label": tile_label(x), "disabled": not acting or len(v["to_place"]) < 2},
                               h("svg", {"viewBox": f"{-R * 1.05:.1f} {-H * 0.55:.1f} {R * 2.1:.1f} {H * 1.1:.1f}",
                                         "class_": "tie-current"},
                                 h("polygon", {"points": hexagon(0, 0, R), "class_": "tie-current-hex"}),
                                 tile_art(x, 0, 0))))
            panel.append(h("div", {"class_": "tie-picks", "data-source": "called"}, picks))
            panel.append(h("p", {"class_": "tie-left"}, say_n("board.left", v["left"], round=v["round"], rounds=v["rounds"])))
            people = sum(not seat.is_bot for seat in self.session.seats)
            show_all = h("button", {"type": "button", "data-act": "show-all", "aria-pressed": "true" if self.show_all else "false"},
                         say("board.hide-boards") if self.show_all else say("board.show-boards")) if people > 1 else None
            if acting and self.pending is not None:
                panel += [self.confirm_panel(), show_all]
            elif acting:   # the hint and the other boards' switch side by side: one row of the panel's height
                panel += [h("div", {"class_": "tie-panel-buttons"}, self.hint_button(), show_all, *self.repeat()),
                          self.hint_note()]
            else:
                panel.append(show_all)
            if self.state.players == 1:
                panel.append(self.records())
        if v["phase"] == "scoring" and not self.session.readonly:
            panel.append(h("button", {"type": "button", "class_": "primary", "data-act": "next-round"},
                           say("board.next-round", round=v["round"] + 1)))
        if v["phase"] == "scoring" and self.reviewable():
            panel.append(self.review_button())
        boards = []
        for s, b in enumerate(v["boards"]):
            if s == focus and not scoring:
                continue
            visible = scoring or not self.covered(s)
            title = h("h3", None, self.badge(s),
                      [" · ", say("board.points", points=v["board_scores"][s])] if visible else None)
            body = board_svg(b, v["lines"][s] if scoring else None, [], False, label=self.session.name(s),
                             marked=None if scoring else self.marked(s), travels=None if scoring else self.travels(s),
                             small=True) if visible \
                else h("div", {"class_": "tie-covered"}, say("board.covered"))
            # a small board, its numbers drawn large to read as it stands; a tap enlarges it
            boards.append(h("div", {"class_": "tie-other seat-board banded", **(self.glance_attrs(s) if visible else {}), "data-seat": s},
                            title, body))
        main = None
        if not scoring:
            main = h("div", {"class_": "tie-main seat-board banded", "data-seat": focus},
                     h("h3", None, self.badge(focus), " · ",
                       say("board.points", points=v["board_scores"][focus])),
                     board_svg(v["boards"][focus], None, v["legal_cells"] if acting else [], acting, self.hint,
                               label=self.session.name(focus), marked=self.marked(focus), travels=self.travels(focus),
                               pending=(self.pending["cell"], tile) if acting and self.pending is not None and tile else None))
        # five seats or more: smaller boards in more columns; three or four: two a row at the end
        # on an upright tablet; alone, the scored board has the room
        players = self.state.players
        size = " many" if players >= 5 else " few" if players >= 3 else " alone" if players == 1 else ""
        others = h("div", {"class_": "tie-others board-cells" + size}, boards) if boards else None
        if scoring:
            return h("div", {"class_": "tie-table scoring board board-cells"},
                     h("aside", {"class_": "tie-panel"}, panel) if panel else None, others, self.score_table(v),
                     self.review_layer(v) if self.review_open and self.reviewable() else None)
        # while placing, the other boards stand under the player's own (upright) or under the
        # panel (landscape), as large as the room left allows, so they can be read; the finished
        # rounds' scores sit in the panel, up to four seats (more: between rounds and at the end)
        running = v["round_scores"] and self.state.players <= 4
        return h("div", {"class_": "tie-table board board-cells" + (" running" if running else "")}, main,
                 # on a phone the tile to place, its buttons and the running scores stay at the
                 # bottom of the screen (the turn bar's foot) while the board scrolls above them
                 h("aside", {"class_": "tie-panel", **self.turn_attrs("foot")}, panel,
                   self.score_table(v) if running else None), others)

    def daily_text(self) -> str:
        """The daily deal's result: date, score and a picture of which lines scored (no tile)."""
        v = self.view()
        return daily_text(self.session.save.daily or "", v["totals"][0], v["lines"][0])

    def records(self) -> Raw | None:
        """Solo: the personal bests kept on this device (they change only when a match ends,
        so they are read once, not at every tap)."""
        if self.bests is None:
            data, _ = stats.load(self.session.keeper.store) if self.session.keeper.store else (stats.empty(), None)
            self.bests = data["games"].get(self.game_id, {}).get("records", {})
        records = self.bests
        if not records:
            return None
        return h("div", {"class_": "tie-records names-whole"},
                 [h("p", {"class_": "record"}, record_text(self.state.game, key, r))
                  for key, r in sorted(records.items())])

    def round_points(self) -> list[list[int]] | None:
        rounds = self.view()["round_scores"]
        return rounds if len(rounds) > 1 and not self.caller_mode else None

    def score_table(self, v: dict[str, Any]) -> Raw:
        """Each finished round's points and the total of those rounds: a round still being
        played counts only once everyone has finished it (its points would tell what a
        covered board holds). At a round's end the seats are ranked by that total (best first,
        ties sharing a place), as the end ranks them; while a round is played they keep their
        order beside the board (a phone's panel has no room for the places)."""
        rounds = v["round_scores"]
        head = h("tr", None, h("th", None, ""), [round_head(i) for i in range(len(rounds))],
                 h("th", None, say("board.total")))
        totals = [sum(r[s] for r in rounds) for s in range(self.state.players)]
        ended = v["phase"] in ("scoring", "over")
        order = ranked(totals) if ended else [(None, s) for s in range(self.state.players)]
        rows = [h("tr", {"data-seat": s}, h("th", None, place_mark(place) if ended else None, self.session.name(s)),
                  [h("td", None, r[s]) for r in rounds], h("td", None, totals[s])) for place, s in order]
        return h("table", {"class_": "tie-scores score-table"}, h("thead", None, head), h("tbody", None, rows))


    # -- the review of a finished round ------------------------------------------------------------
    def review_ready(self) -> bool:
        """A round is over and boards were played (not the caller mode)."""
        return self.view()["phase"] in ("scoring", "over") and self.state.options["mode"] == "play"

    def review_finished(self) -> int:
        return len(self.view()["round_scores"])

    def review_offered(self) -> bool:
        return self.state.options["mode"] == "play"

    def review_scale(self) -> tuple[float, float]:
        """A placement's loss is in points of the round's expected score (a round scores 100 to
        200): under 2 hardly anything, from 8 a lot (at 3 every line of a child's round said "a
        lot": a third of random placements lose 3 points or more, one in ten 8 or more)."""
        return 2.0, 8.0

    def review_job(self, seat: int, index: int) -> Generator[float, None, tuple[list[dict], list]]:
        """The rows and the bot's board of a finished round, read from the record as it is now."""
        coach, record = self.coach(), self.state.record()
        known = self.judged   # judged during the round, where the bots' worker could (`Review.judge_ahead`)

        def steps() -> Generator[float, None, tuple[list[dict], list]]:
            rows = yield from scaled(coach.review_steps(record, seat, index, known), 0, 0.5)
            placed = known.get(coach.bot_board_key(record, index)) or []
            board = yield from scaled(coach.bot_board_steps(record, index, placed), 0.5, 1)
            return rows, board
        return steps()

    def review_luck(self, rows: list[dict[str, Any]], gap: int) -> Raw | None:
        """Where the computer's board beat yours by far more than your moves cost by its own
        reckoning, that most of the gap is the tiles' luck: the moves are judged before the tiles
        after them are known, the boards once they all came (the try-out read "one tile cost
        1.1 points" over "143 points against 208")."""
        cost = sum(max(0.0, row["loss"]) for row in rows)
        if gap < cost + 10:
            return None
        return h("p", {"class_": "review-luck"}, self.text("review.luck", loss=about(cost), points=points(cost)))

    def lead_move(self, rows: list[dict[str, Any]], row: dict[str, Any]) -> Raw:
        """One of the costliest placements: first what the computer's hex would have done to the
        lines of the board as it was (`line_parts`), and where the tile went; the points it cost
        folded after; then the board as it was, where the tile went (marked) and where the
        computer would have put it (lit), side by side."""
        before: list = [None] * tie.CELLS
        for other in rows:
            if other["step"] < row["step"]:
                before[other["cell"]] = list(tie.TILES[other["tile"]])
        effects = lines_said(before, row["best_cell"], row["best_tile"])
        key = "review.lead" if row["best_tile"] == row["tile"] else "review.lead.other"
        reason = self.text(key, step=row["step"], tile=tie.tile_text(row["tile"]), best_tile=tie.tile_text(row["best_tile"]),
                           cell=t("review.cell", **tie.cell_place(row["cell"])),
                           best=t("review.cell", **tie.cell_place(row["best_cell"])),
                           parts=self.line_parts(effects, "review.would"))
        figures = self.text("review.lead.cost", loss=about(row["loss"]), points=points(row["loss"]),
                            value=about(row["value"]), best_value=about(row["best_value"]))
        mine, best = list(before), list(before)
        mine[row["cell"]] = list(tie.TILES[row["tile"]])
        best[row["best_cell"]] = list(tie.TILES[row["best_tile"]])
        return self.review_line(
            reason, figures, {"class_": "review-line review-lead-move", "data-step": row["step"]},
            h("div", {"class_": "review-boards before-after"},
              h("figure", {"class_": "review-made"},
                board_svg(mine, None, [], False, label=self.text("review.made"), marked={row["cell"]: False}),
                h("figcaption", None, self.text("review.made"))),
              h("figure", {"class_": "review-better"},
                board_svg(best, None, [], False, hint=row["best_cell"], label=self.text("review.better")),
                h("figcaption", None, self.text("review.better")))), loss=row["loss"])

    def review_layer(self, v: dict[str, Any]) -> Raw:
        """The panel over the table: the bot's board beside the player's, then each placement,
        the costliest first (it scrolls inside itself, so the end screen keeps its size)."""
        seat = self.review_seat()
        finished = len(v["round_scores"])
        index = self.review_index(finished)
        rounds = self.review_rounds(finished)
        data = self.reviewed(seat, index)
        if data is None:
            return self.review_panel(t("review.title.round", round=index + 1), rounds, self.review_wait(seat, index))
        rows, bot = data
        board: list = [None] * tie.CELLS
        for row in rows:
            board[row["cell"]] = list(tie.TILES[row["tile"]])
        bot_tiles = [list(tie.TILES[x]) for x in bot]
        mine, my_lines = tie.score_board(board)
        theirs, bot_lines = tie.score_board(bot_tiles)
        body = [h("tr", {"data-step": row["step"], "class_": "best" if row["loss"] <= 0 else None},
                  h("th", None, f"{row['step']} · ", tie.tile_text(row["tile"])),
                  h("td", None, t("review.cell", **tie.cell_place(row["cell"]))),
                  h("td", None, t("review.best") if row["loss"] <= 0 else
                    t("review.cell", **tie.cell_place(row["best_cell"]))
                    + (f" ({tie.tile_text(row['best_tile'])})" if row["best_tile"] != row["tile"] else "")),
                  self.review_cost(row["loss"], t("review.expected", points=decimal(row["value"])),
                                   t("review.expected", points=decimal(row["best_value"])),
                                   f"−{decimal(row['loss'])}", f"review-cost-{row['step']}"))
                for row in rows]
        return self.review_panel(
                 t("review.title.round", round=index + 1),
                 rounds,
                 self.review_lead(rows, lambda row: row["loss"] >= 0.5, lambda row: self.lead_move(rows, row),
                                  RoundResult(index, self.state.options["rounds"], v["round_scores"][index], False,
                                              lambda n: say_n("review.round.points", n), v["round_scores"])),
                 h("div", {"class_": "review-boards"},
                   h("figure", {"class_": "review-mine"},
                     board_svg(board, my_lines, [], False, label=t("review.your-board", points=mine)),
                     h("figcaption", None, t("review.your-board", points=mine))),
                   h("figure", {"class_": "review-bot"},
                     board_svg(bot_tiles, bot_lines, [], False, label=t("review.bot-board", points=theirs)),
                     h("figcaption", None, t("review.bot-board", points=theirs)))),
                 self.review_luck(rows, theirs - mine),
                 self.review_explain(say("review.explain")),
                 h("table", {"class_": "review-rows"},
                   h("thead", None, h("tr", None, h("th", None, t("review.step")), h("th", None, t("review.yours")),
                                      h("th", None, t("review.bot")), h("th", None, t("review.loss")))),
                   h("tbody", None, body)) if rows else h("p", None, t("review.none")))


# --- pictures for "How to play": drawn with the table's own board code ---------------------------

BEST_BOARD = ((5, 6, 3), (5, 7, 8), (5, 2, 4), (5, 6, 8), (5, 7, 3), (5, 2, 8), (5, 6, 4), (1, 6, 4), (1, 7, 8),
              (1, 2, 3), (1, 6, 8), (1, 7, 4), (9, 7, 4), (9, 2, 8), (9, 6, 3), (9, 7, 8), (9, 2, 4), (9, 6, 8),
              (9, 7, 3))
"""One of the boards that score 307, the most a round can."""


def scoring_picture() -> Raw:
    """A full board, its scoring lines marked with their points; the middle column is broken by
    a 9 among its 1s, so it scores nothing."""
    board = [list(tile) for tile in BEST_BOARD]
    board[9] = [9, 2, 3]
    _, lines = tie.score_board(board)
    return board_svg(board, lines, [], False, label=say("board.picture.board"))



Table.pictures = {"scoring": scoring_picture}
