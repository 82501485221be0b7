"""Take It Easy's words in French and English: the rules as players read them, the options, the
refusals, the moves as the move log says them, the prompts and labels of the table. Kept beside
the rules module so that module reads like the rules."""
from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "name": "Take It Easy",
        "picture.scoring": "Every full line of one number scores it times its length (the marked lines); the middle column would score 1 × 5 but a 9 breaks it, so it scores nothing: 302 instead of 307.",
        "pitch": "Everyone gets the same tiles: build coloured lines across your hexagon board.",
        "rules.short": (
            '## In short\n'
            'Goal: the most points, with lines of matching numbers.\n'
            'Each turn, everybody gets the same tile. Put it on any empty hex of your board: it never '
            'moves again. When the 19 hexes are full, a line whose tiles all show the same number in '
            'its direction scores that number times its length. One different number and the line '
            'scores nothing.\n'
            '[[scoring]]'),
        "rules": (
            "## The tiles\n"
            "Each player has a board of 19 hexagonal cells. A tile shows three numbers: one read "
            "vertically (1, 5 or 9), one along the rising diagonal (2, 6 or 7) and one along the "
            "falling diagonal (3, 4 or 8). Tiles are never turned.\n\n"
            "## A round\n"
            "The caller reveals the tiles one at a time, in a random order. Every player puts the "
            "same tile on any empty cell of their own board. A tile, once placed, stays put, and "
            "every tile must be placed even if it spoils a line. The app names a cell by its column, "
            "counted from the left, and its place in the column, counted from the top: hex 1 of "
            "column 1 is the top left one.\n\n"
            "## Scoring\n"
            "After 19 tiles the boards are full. Each of the 15 lines (5 vertical, 5 per diagonal) "
            "whose tiles all show the same number in its direction scores that number times its "
            "length; a single different number makes the line score nothing. The best possible "
            "round is 307.\n"
            "[[scoring]]\n\n"
            "## The game\n"
            "A game is 4 rounds, with a new caller and a fresh shuffle each round (or 1 round for a "
            "quick game: option “Rounds”). The highest total wins; a tie is shared, or broken by the "
            "best round (option “Ties: Best single round wins”). Alone, try to beat your own best "
            "round; the daily deal gives everybody the same tiles for the day.\n\n"
            "## Variant: adjacent tiles\n"
            "Option “Adjacent tiles”: after a round's first tile, each tile must touch a tile "
            "already on your board (“Touch any placed tile”), or, stricter, the tile you placed just "
            "before (“Touch the previous tile”; if that one is surrounded, any tile will do).\n\n"
            "## Variant: pairs\n"
            "Option “Pairs”: tiles come two at a time (the 19th alone); place both in the order "
            "you like.\n\n"
            "## Caller only\n"
            "Option “Mode: Caller only”: for a table playing with the real boxes, the app only "
            "reveals the tiles, one at a time, and shows those already called."),
        "option.rounds": "Rounds",
        "option.rounds.help": "A game is 4 rounds; play 1 for a quick game.",
        "option.rounds.4": "4 rounds",
        "option.rounds.1": "1 round",
        "option.tie": "Ties",
        "option.tie.help": "What happens when the best totals are equal.",
        "option.tie.shared": "Shared win",
        "option.tie.best-round": "Best single round wins",
        "option.adjacency": "Adjacent tiles",
        "option.adjacency.help": "Variant: after the first tile, each tile must touch the ones already placed.",
        "option.adjacency.off": "Off",
        "option.adjacency.any": "Touch any placed tile",
        "option.adjacency.previous": "Touch the previous tile",
        "option.pairs": "Pairs",
        "option.pairs.help": "Variant: tiles are revealed two at a time; place both in any order.",
        "option.pairs.False": "Off",
        "option.pairs.True": "On",
        "illegal.bad-cell": "There is no cell {cell}.",
        "illegal.occupied": "Hex {place} of column {column} already has a tile.",
        "illegal.not-adjacent": "Hex {place} of column {column} does not touch any tile on your board.",
        "illegal.not-next-to-previous": "Hex {place} of column {column} does not touch the tile you just placed (hex {previous_place} of column {previous_column}).",
        "illegal.which-tile": "Two tiles wait ({tiles}): say which one you place.",
        "illegal.one-tile": "Only one tile waits ({tiles}): a move names a tile only when two wait.",
        "illegal.wrong-tile": "The tile {tile} is not one of those to place ({tiles}).",
        "illegal.round-over": "Round {round} is over: start the next round first.",
        "illegal.not-between-rounds": "The round is still being played.",
        "illegal.caller-mode": "In caller mode the app only reveals the tiles: there is no board to place on.",
        "illegal.not-caller-mode": "The tiles are revealed by themselves in this game.",
        "option.mode": "Mode",
        "option.mode.help": "Play on the screen, or let the app only reveal the tiles for a table playing with the boxes.",
        "option.mode.play": "Play here",
        "option.mode.caller": "Caller only",
        "move.call": "revealed {tile}",
        "prompt.call": "reveal the next tile ({left} left in this round)",
        "prompt.call-pair": "reveal the next two tiles ({left} left in this round)",
        "prompt.scoring-caller": "round {round} is over: count your points, then start the next round",
        "label.called": "Revealed this round",
        "move.place": "placed {tile} on hex {place} of column {column}",
        "move.place-hidden": "placed {tile} on their board",
        "move.place.short": "placed {tile}",
        "move.place-hidden.short": "placed {tile}",
        # several seats that did the same, said together on the last-move line
        "move.place.short.many": "placed {tile}",
        "move.place-hidden.short.many": "placed {tile}",
        "move.next-round": "started round {round}",
        "prompt.place": "place the tile {tile}",
        "prompt.place-pair": "place the tiles {first} and {second}, in the order you like",
        "prompt.scoring": "round {round} is over: see the scores, then start the next round",
        "prompt.over": "the game is over",
        "label.round": "Round {round} of {rounds}",
        "label.caller": "Caller: {player}",
        "label.left": "{left} tiles to come",
        "label.total": "Total",
        "label.best": "Best round",
    },
    "fr": {
        "name": "Take It Easy",
        "picture.scoring": "Chaque ligne complète d'un même chiffre rapporte ce chiffre fois sa longueur (les lignes marquées) ; la colonne du milieu rapporterait 1 × 5 mais un 9 la casse : elle ne rapporte rien. 302 au lieu de 307.",
        "pitch": "Tout le monde reçoit les mêmes tuiles : formez des lignes de couleur sur votre hexagone.",
        "rules.short": (
            '## En bref\n'
            'But : le plus de points, avec des lignes de chiffres pareils.\n'
            'À chaque tour, tout le monde reçoit la même tuile. Posez-la sur une case libre de votre '
            "plan : elle n'en bouge plus. Quand les 19 cases sont pleines, une ligne dont toutes les "
            'tuiles montrent le même chiffre dans sa direction rapporte ce chiffre fois sa longueur. Un'
            ' seul chiffre différent, et la ligne ne rapporte rien.\n'
            '[[scoring]]'),
        "rules": (
            "## Les tuiles\n"
            "Chaque joueur a un plan de 19 cases hexagonales. Une tuile porte trois chiffres : un "
            "vertical (1, 5 ou 9), un sur la diagonale montante (2, 6 ou 7) et un sur la diagonale "
            "descendante (3, 4 ou 8). On ne tourne jamais les tuiles.\n\n"
            "## Une manche\n"
            "Le meneur révèle les tuiles une à une, dans un ordre au hasard. Chaque joueur pose la "
            "même tuile sur une case libre de son propre plan. Une tuile posée ne bouge plus, et "
            "chaque tuile doit être posée, même si elle gâche une ligne. L'application nomme une "
            "case par sa colonne, comptée depuis la gauche, et sa place dans la colonne, comptée "
            "depuis le haut : la case 1 de la colonne 1 est celle du haut à gauche.\n\n"
            "## Le décompte\n"
            "Après 19 tuiles, les plans sont pleins. Chacune des 15 lignes (5 verticales, 5 par "
            "diagonale) dont toutes les tuiles montrent le même chiffre dans sa direction rapporte "
            "ce chiffre multiplié par sa longueur ; un seul chiffre différent annule la ligne. La "
            "meilleure manche possible vaut 307.\n"
            "[[scoring]]\n\n"
            "## La partie\n"
            "Une partie compte 4 manches, avec un nouveau meneur et un nouveau mélange à chaque "
            "manche (ou 1 manche pour une partie rapide : option « Manches »). Le plus haut total "
            "gagne ; une égalité est partagée, ou départagée par la meilleure manche (option "
            "« Égalité : La meilleure manche l'emporte »). Seul, essayez de battre votre meilleure "
            "manche ; la donne du jour donne à tous les mêmes tuiles pour la journée.\n\n"
            "## Variante : tuiles contiguës\n"
            "Option « Tuiles contiguës » : après la première tuile de la manche, chaque tuile doit "
            "toucher une tuile déjà posée sur votre plan (« Toucher une tuile posée »), ou, plus "
            "strict, la tuile posée juste avant (« Toucher la tuile précédente » ; si elle est "
            "entourée, n'importe quelle tuile convient).\n\n"
            "## Variante : par paires\n"
            "Option « Par paires » : les tuiles arrivent deux par deux (la 19e seule) ; posez les "
            "deux dans l'ordre de votre choix.\n\n"
            "## Meneur seulement\n"
            "Option « Mode : Meneur seulement » : pour une table qui joue avec les vraies boîtes, "
            "l'application ne fait que révéler les tuiles une à une et montre celles déjà annoncées."),
        "option.rounds": "Manches",
        "option.rounds.help": "Une partie compte 4 manches ; 1 pour une partie rapide.",
        "option.rounds.4": "4 manches",
        "option.rounds.1": "1 manche",
        "option.tie": "Égalité",
        "option.tie.help": "Ce qui se passe quand les meilleurs totaux sont égaux.",
        "option.tie.shared": "Victoire partagée",
        "option.tie.best-round": "La meilleure manche l'emporte",
        "option.adjacency": "Tuiles contiguës",
        "option.adjacency.help": "Variante : après la première tuile, chaque tuile doit toucher celles déjà posées.",
        "option.adjacency.off": "Non",
        "option.adjacency.any": "Toucher une tuile posée",
        "option.adjacency.previous": "Toucher la tuile précédente",
        "option.pairs": "Par paires",
        "option.pairs.help": "Variante : les tuiles sont révélées deux par deux ; posez-les dans l'ordre voulu.",
        "option.pairs.False": "Non",
        "option.pairs.True": "Oui",
        "illegal.bad-cell": "Il n'y a pas de case {cell}.",
        "illegal.occupied": "La case {place} de la colonne {column} a déjà une tuile.",
        "illegal.not-adjacent": "La case {place} de la colonne {column} ne touche aucune tuile de votre plan.",
        "illegal.not-next-to-previous": "La case {place} de la colonne {column} ne touche pas la tuile que vous venez de poser (case {previous_place} de la colonne {previous_column}).",
        "illegal.which-tile": "Deux tuiles attendent ({tiles}) : dites laquelle vous posez.",
        "illegal.one-tile": "Une seule tuile attend ({tiles}) : un coup ne nomme une tuile que quand deux attendent.",
        "illegal.wrong-tile": "La tuile {tile} n'est pas à poser ({tiles}).",
        "illegal.round-over": "La manche {round} est finie : lancez d'abord la manche suivante.",
        "illegal.not-between-rounds": "La manche est encore en cours.",
        "illegal.caller-mode": "En mode meneur, l'application ne fait que révéler les tuiles : il n'y a pas de plan où poser.",
        "illegal.not-caller-mode": "Dans cette partie, les tuiles sont révélées toutes seules.",
        "option.mode": "Mode",
        "option.mode.help": "Jouer sur l'écran, ou laisser l'application révéler les tuiles pour une table qui joue avec les boîtes.",
        "option.mode.play": "Jouer ici",
        "option.mode.caller": "Meneur seulement",
        "move.call": "a révélé {tile}",
        "prompt.call": "révélez la tuile suivante (encore {left} dans cette manche)",
        "prompt.call-pair": "révélez les deux tuiles suivantes (encore {left} dans cette manche)",
        "prompt.scoring-caller": "la manche {round} est finie : comptez vos points, puis lancez la suivante",
        "label.called": "Révélées dans cette manche",
        "move.place": "a posé {tile} sur la case {place} de la colonne {column}",
        "move.place-hidden": "a posé {tile} sur son plateau",
        "move.place.short": "a posé {tile}",
        "move.place-hidden.short": "a posé {tile}",
        "move.place.short.many": "ont posé {tile}",
        "move.place-hidden.short.many": "ont posé {tile}",
        "move.next-round": "a lancé la manche {round}",
        "prompt.place": "posez la tuile {tile}",
        "prompt.place-pair": "posez les tuiles {first} et {second}, dans l'ordre de votre choix",
        "prompt.scoring": "la manche {round} est finie : voyez les scores, puis lancez la suivante",
        "prompt.over": "la partie est terminée",
        "label.round": "Manche {round} sur {rounds}",
        "label.caller": "Meneur : {player}",
        "label.left": "encore {left} tuiles",
        "label.total": "Total",
        "label.best": "Meilleure manche",
    },
}

_GUIDE_CELLS = (7, 13, 2, 1, 0, 9, 15, 6, 17, 18, 14, 16, 12, 8, 5, 4, 10, 3, 11)
_GUIDE_SAYS = {0: "guide.first", 4: "guide.line", 5: "guide.break", 12: "guide.two-lines", 14: "guide.long-line",
               17: "guide.more-lines"}   # the 19th tile goes on the last hex by itself, as in a real game
GUIDE = {
    "players": 1, "people": 1, "seed": 22, "options": {"rounds": 1},
    "moves": [[{"type": "place", "cell": cell}, _GUIDE_SAYS.get(k)] for k, cell in enumerate(_GUIDE_CELLS)],
    "end": "guide.end",
}
"""The guided first game (web/table/guide.py plays it): one round on a fixed deal, every tile's cell in
order; the person places the tiles that teach something (the sentence), the guide the others. It
teaches how a line scores: the points counted on the board as lines fill."""

TEXTS["en"].update({
    "guide.first": "Everybody places the same tile on an empty hex of their own board; tiles are never turned. Put this one on the lit hex.",
    "guide.line": "Three 9s down the left column: a full line of one number scores that number times its length, 9 × 3 = 27.",
    "guide.break": "Every tile must be placed, even where it spoils a line: this 4 breaks the long diagonal of 3s, which now scores nothing.",
    "guide.two-lines": "One tile can complete two lines at once: the 5s down score 5 × 4 = 20 and the 3s across 3 × 3 = 9.",
    "guide.long-line": "The long lines are worth the most: five 7s score 7 × 5 = 35.",
    "guide.more-lines": "The 6s score 6 × 3 = 18 and the 8s 8 × 4 = 32: big numbers on long lines make the score.",
    "guide.end": "The 19th tile went on the last hex by itself and ended the round: every full line of one number counts, the others score nothing. 206 points: a game is four rounds like this one, and the highest total wins. The best possible round is 307.",
})
TEXTS["fr"].update({
    "guide.first": "Chacun pose la même tuile sur une case libre de son plateau ; les tuiles ne tournent jamais. Posez celle-ci sur la case éclairée.",
    "guide.line": "Trois 9 dans la colonne de gauche : une ligne pleine d'un seul nombre rapporte ce nombre fois sa longueur, 9 × 3 = 27.",
    "guide.break": "Chaque tuile doit être posée, même si elle gâche une ligne : ce 4 casse la grande diagonale de 3, qui ne rapportera rien.",
    "guide.two-lines": "Une tuile peut compléter deux lignes d'un coup : les 5 verticaux rapportent 5 × 4 = 20 et les 3 en biais 3 × 3 = 9.",
    "guide.long-line": "Les longues lignes rapportent le plus : cinq 7 font 7 × 5 = 35.",
    "guide.more-lines": "Les 6 rapportent 6 × 3 = 18 et les 8, 8 × 4 = 32 : les grands nombres sur les longues lignes font le score.",
    "guide.end": "La 19e tuile est allée d'elle-même sur la dernière case et a terminé la manche : chaque ligne pleine d'un seul nombre compte, les autres ne rapportent rien. 206 points : une partie compte quatre manches comme celle-ci, et le plus haut total gagne. La meilleure manche possible fait 307.",
})

# the hint in words, and why: first what the tile does to the lines of the board (`reason`, from
# rules.lines_through), then the strongest bot's own estimates, folded (bots.take_it_easy.hint_why)
TEXTS["en"].update({
    "hint.say": "Suggested: {tile} on hex {place} of column {column}.",
    "why.reason": "there it {parts}.",
    "why.reason-last": "it is the last hex left, and there it {parts}.",
    "why.carries": "carries on {lines}",
    "why.starts": "starts {lines}",
    "why.breaks": "breaks {lines}",
    "why.spoils-none": "spoils none of the lines you are building",
    "why.line": "your line of {n}s",
    "why.new-line": "a line of {n}s",
    "why.lines": "your lines of {numbers}",
    "why.new-lines": "new lines of {numbers}",
    "why.number": "{n}s",
    "why.score": "The computer expects about {score} points at the round's end with it there, about {gain} {points} more than on the next best hex.",
    "why.score-even": "The computer expects about {score} points at the round's end with it there; another hex would do about as well.",
    "why.score-only": "The computer expects about {score} points at the round's end.",
})
TEXTS["fr"].update({
    "hint.say": "Conseil : {tile} sur la case {place} de la colonne {column}.",
    "why.reason": "là, elle {parts}.",
    "why.reason-last": "c'est la dernière case libre, et là, elle {parts}.",
    "why.carries": "prolonge {lines}",
    "why.starts": "commence {lines}",
    "why.breaks": "casse {lines}",
    "why.spoils-none": "ne gâche aucune des lignes que vous construisez",
    "why.line": "votre ligne de {n}",
    "why.new-line": "une ligne de {n}",
    "why.lines": "vos lignes {numbers}",
    "why.new-lines": "de nouvelles lignes {numbers}",
    "why.number": "de {n}",
    "why.score": "Posée là, l'ordinateur compte sur environ {score} points en fin de manche, environ {gain} {points} de plus que sur la meilleure autre case.",
    "why.score-even": "Posée là, l'ordinateur compte sur environ {score} points en fin de manche ; une autre case ferait à peu près aussi bien.",
    "why.score-only": "L'ordinateur compte sur environ {score} points en fin de manche.",
})

# the review's first words: the costliest tiles (board.py, `lead_move`), what the computer's hex
# would have done to the lines first, the points it cost folded after
TEXTS["en"].update({
    "review.outcome.still": "You could have scored more still:",
    "review.round.points": "{count} points",
    "review.round.points.one": "{count} point",
    # everybody places the same tiles: no luck "went the others' way", their placements met it better
    "review.lead.none-luck": "None of your moves cost you anything the computer could see: with the same tiles, other placements were luckier with the tiles that came next.",
    "review.lead": "Tile {step}, the {tile}: on {best} it would have {parts}; you put it on {cell}.",
    "review.lead.other": "Tile {step}: the {best_tile} on {best} would have {parts}; you put the {tile} on {cell}.",
    "review.would.carries": "carried on {lines}",
    "review.would.starts": "started {lines}",
    "review.would.breaks": "broken {lines}",
    "review.would.spoils-none": "spoiled none of the lines you were building",
    "review.lead.cost": "It cost you about {loss} {points}: about {best_value} points at the round's end instead of {value}, by the computer's reckoning.",
    "review.luck": "The gap between the two boards is mostly the luck of the tiles that came later: by the computer's reckoning, your moves cost you about {loss} {points} in all.",
    "review.made": "Where you put it",
    "review.better": "Where the computer would have put it",
})
TEXTS["fr"].update({
    "review.outcome.still": "Vous pouviez marquer plus encore :",
    "review.round.points": "{count} points",
    "review.round.points.one": "{count} point",
    "review.lead.none-luck": "Aucun de vos coups ne vous a coûté quoi que ce soit que l'ordinateur ait vu : avec les mêmes tuiles, d'autres placements ont eu plus de chance avec les tuiles venues ensuite.",
    "review.lead": "La tuile {step}, le {tile} : en {best}, elle aurait {parts} ; vous l'avez posée en {cell}.",
    "review.lead.other": "La tuile {step} : le {best_tile} en {best} aurait {parts} ; vous avez posé le {tile} en {cell}.",
    "review.would.carries": "prolongé {lines}",
    "review.would.starts": "commencé {lines}",
    "review.would.breaks": "cassé {lines}",
    "review.would.spoils-none": "épargné toutes les lignes que vous construisiez",
    "review.lead.cost": "Elle vous a coûté environ {loss} {points} : environ {best_value} points en fin de manche au lieu de {value}, selon l'ordinateur.",
    "review.luck": "L'écart entre les deux plans tient surtout au hasard des tuiles venues ensuite : selon l'ordinateur, vos coups vous ont coûté environ {loss} {points} en tout.",
    "review.made": "Là où vous l'avez posée",
    "review.better": "Là où l'ordinateur l'aurait posée",
})

# the words of the game's board in the page (board.py)
TEXTS["fr"].update({
    "board.cell": "Case {place} de la colonne {column}",
    "board.left": "Manche {round} sur {rounds} : encore {count} tuiles à venir",
    "board.left.one": "Manche {round} sur {rounds} : encore {count} tuile à venir",
    "review.explain": "Pour chacune de vos tuiles, où l’ordinateur le plus fort l’aurait posée (celle du conseil), et ce que vaut chaque pose selon sa propre estimation : le score final attendu de la manche après elle. Les plus grosses pertes d’abord.",
    "board.next-round": "Lancer la manche {round}",
    "board.show-boards": "Montrer les autres plans",
    "board.hide-boards": "Cacher les autres plans",
    "board.covered": "Caché pendant la pose",
    "board.call-next": "Révéler la tuile suivante",
    "board.call-next-pair": "Révéler les deux tuiles suivantes",
    "board.caller-over": "Les tuiles de toutes les manches ont été révélées.",
    "board.points": "{points} pts",
    "board.picture.board": "Un plan compté",
    "board.total": "Total",
    "board.daily.share": "Ludothèque · Take It Easy · donne du jour {date} : {score} points",
})
TEXTS["en"].update({
    "board.cell": "Hex {place} of column {column}",
    "board.left": "Round {round} of {rounds}: {count} tiles still to come",
    "board.left.one": "Round {round} of {rounds}: {count} tile still to come",
    'review.explain': "For each of your tiles, where the strongest computer player would put it (the hint's placement), and what each placement is worth by its own estimate: the expected final score of the round after it. Biggest losses first.",
    "board.next-round": "Start round {round}",
    "board.show-boards": "Show the other boards",
    "board.hide-boards": "Hide the other boards",
    "board.covered": "Hidden while placing",
    "board.call-next": "Reveal the next tile",
    "board.call-next-pair": "Reveal the next two tiles",
    'board.caller-over': "Every round's tiles have been revealed.",
    "board.points": "{points} pts",
    "board.picture.board": "A scored board",
    "board.total": "Total",
    "board.daily.share": "Ludothèque · Take It Easy · daily deal {date}: {score} points",
})
