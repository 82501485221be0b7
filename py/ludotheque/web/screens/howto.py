"""How to play: first the game in short, as a child reads it (its text table's "rules.short": the
goal and a turn, with a picture); then, folded, the rules as its text table writes them ("## "
starts a part, "[[name]]" puts one of the game's pictures there) and every option with the
dialog's own labels and help.
The pictures are the rule texts' own examples, drawn by the game's table module
(its table's `pictures`: name -> a function returning markup) with the same code and styles as its board."""
from __future__ import annotations

from typing import Callable

from ...core import Game
from ..dom import Raw, h
from ..i18n import gt, t
from ..table.registry import has_table, table_class

Pictures = dict[str, Callable[[], Raw]]


def pictures_of(game: Game) -> Pictures:
    """The game's pictures, from its table (`GameTable.pictures`)."""
    return table_class(game.id).pictures if has_table(game.id) else {}


def rules_body(game: Game, pictures: Pictures, key: str = "rules") -> list[Raw]:
    parts: list[Raw] = []
    for block in gt(game, key).split("\n\n"):
        for line in block.strip().split("\n"):
            line = line.strip()
            if not line:
                continue
            if line.startswith("## "):
                parts.append(h("h3", None, line[3:]))
            elif line.startswith("[[") and line.endswith("]]"):
                draw = pictures.get(line[2:-2])
                if draw:
                    parts.append(h("figure", {"class_": "howto-picture", "data-picture": line[2:-2]},
                                   draw(), h("figcaption", None, gt(game, f"picture.{line[2:-2]}"))))
            else:
                parts.append(h("p", None, line))
    return parts


def options_list(game: Game) -> Raw | None:
    """Every option as the new-game dialog names it: label, one-line help, the choices (default first)."""
    if not game.options:
        return None
    items = []
    for opt in game.options:
        choices = []
        for value in opt.choices:
            key = f"option.{opt.name}.{value}"
            label = gt(game, key)
            if label == key:   # a choice the dialog shows as a box to tick, or a number
                label = t(f"howto.{str(value).lower()}") if isinstance(value, bool) else str(value)
            choices.append(h("li", {"class_": "default" if value == opt.default_value else None}, label))
        help_key = f"option.{opt.name}.help"
        help_text = gt(game, help_key)
        items.append(h("dt", None, gt(game, f"option.{opt.name}")))
        items.append(h("dd", None, help_text if help_text != help_key else None, h("ul", None, choices)))
    return h("section", {"class_": "howto-options"}, h("h3", None, t("howto.options")),
             h("p", None, t("howto.options.default")), h("dl", None, items))


def dialog(game: Game) -> Raw:
    return h("div", {"class_": "dialog rules", "role": "dialog", "aria-modal": "true", "aria-labelledby": "rules-title",
                     "data-game": game.id},
             h("h2", {"id": "rules-title"}, t("howto.title", game=gt(game, "name"))),
             h("div", {"class_": "rules-text"},
               h("section", {"class_": "rules-short"}, rules_body(game, pictures_of(game), "rules.short")),
               h("details", {"class_": "rules-more"},
                 h("summary", None, t("howto.more")),
                 rules_body(game, pictures_of(game)), options_list(game))),
             h("div", {"class_": "dialog-actions"},
               h("button", {"type": "button", "data-action": "guide", "data-game": game.id}, t("guide.button"))
               if game.guide is not None else None,
               h("button", {"type": "button", "class_": "primary", "data-action": "close-layer"}, t("rules.close"))))
