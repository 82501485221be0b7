"""The fifth game at the table: the row of numbers as buttons, each seat's sum beside it."""
from __future__ import annotations

from ludotheque.web.dom import Raw, h
from ludotheque.web.table.registry import table
from ludotheque.web.table.game_table import GameTable, Intent


@table
class Table(GameTable):
    game_id = "pick-biggest"

    def board(self) -> Raw:
        v = self.view()
        act = self.session.human_to_act()
        cells = [h("button", {"type": "button", "class_": "pb-cell", "data-act": "pick", "data-index": i,
                              "aria-label": self.text("cell", n=n), "disabled": not act}, n)
                 for i, n in enumerate(v["row"]) if n is not None]
        sums = [h("li", {"data-seat": s}, self.text("label.sum", who=self.session.name(s), total=total))
                for s, total in enumerate(v["scores"])]
        return h("section", {"class_": "pb-table", "aria-label": self.text("label.row")},
                 h("div", {"class_": "pb-row"}, cells), h("ul", {"class_": "pb-sums"}, sums))

    def act(self, action: str, data: dict[str, str]) -> Intent:
        if action == "pick":
            return {"type": "pick", "index": int(data["index"])}


Table.pictures = {}
