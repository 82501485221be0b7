"""The words of 3x16, in English and French (rows and columns counted from 1)."""
from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "name": "3x16",
        "pitch": "Everyone hears the same 48 numbers: park them in five columns and build three rows from 1 to 16.",
        "picture.transfer": "A 1 has started the first row: the 2 at the bottom of column 1 goes after it without being called, then the 3 at the bottom of column 2 follows.",
        "rules.short": (
            '## In short\n'
            'Goal: three rows that each run 1, 2, 3 … up to 16.\n'
            'Numbers are called one by one. Put each one at the end of a row where it comes next, or '
            'under one of your five columns to wait. Only the bottom tile of a column can come out: tap'
            ' it to send it to the row where it comes next. At the end, the fewest tiles left in the '
            'columns win.\n'
            '[[transfer]]'),
        "rules": (
            "## The aim\n"
            "Build three main rows, each running 1, 2, 3 … up to 16, from the 48 numbers called "
            "(1 to 16, three times each, in a random order). Everyone plays the same calls on their "
            "own tableau.\n\n"
            "## A call\n"
            "Place the called number on a main row it fits, or at the bottom of one of your five "
            "auxiliary columns. A number fits a row that ends with the number just below it; a 1 "
            "starts an empty row. Then, or before, you may move the bottom tile of any column onto "
            "a row it fits, as many times as you like: each move uncovers the tile above. When you "
            "have finished, say done; the next number is called once everyone is done.\n"
            "[[transfer]]\n\n"
            "## The columns\n"
            "A column only opens at the bottom: a new tile goes directly under its bottom tile, "
            "nothing inside a column ever moves, and only the bottom tile may leave it. Any order is "
            "allowed, but high numbers above and low ones below come out best.\n\n"
            "## The end\n"
            "After the 48th call, everyone with three complete rows wins. If nobody completed them, "
            "the fewest tiles left in the columns win; ties are shared. Alone, aim for 0 tiles "
            "left.\n\n"
            "## Variants\n"
            "“A called 1: Must start a row”. “Transfers: Automatic”: everything that fits moves onto "
            "the rows by itself after each placement. “Mode: Caller only”: the app just calls the "
            "numbers for a table playing with the real box, and can say them aloud. Alone, the daily "
            "deal gives everybody the same 48 calls for the day."),
        "option.mode": "Mode",
        "option.mode.help": "Play on the screen, or let the app only call the numbers for a table playing with the box.",
        "option.mode.play": "Play here",
        "option.mode.caller": "Caller only",
        "option.placement": "A called tile",
        "option.placement.help": "May a called tile go straight onto a main row it fits, or always into a column first?",
        "option.placement.direct": "Straight onto a row it fits",
        "option.placement.via-column": "Into a column first",
        "option.first_one": "A called 1",
        "option.first_one.help": "May a called 1 go into a column, or must it start a main row?",
        "option.first_one.free": "May go into a column",
        "option.first_one.row": "Must start a row",
        "option.transfers": "Transfers",
        "option.transfers.help": "Move tiles onto the rows yourself, or let every tile that fits move by itself.",
        "option.transfers.manual": "By hand",
        "option.transfers.automatic": "Automatic",
        "illegal.caller-mode": "In caller mode the app only calls the numbers: there is nothing to place.",
        "illegal.not-caller-mode": "The numbers are called by themselves in this game.",
        "illegal.automatic": "Transfers are automatic in this game: just place the called number.",
        "illegal.placed-already": "You have already placed the called {n}: move tiles onto your rows or say done.",
        "illegal.place-where": "Say where the {n} goes: one main row or one column.",
        "illegal.place-first": "Place the called {n} first.",
        "illegal.bad-row": "There is no main row {row}.",
        "illegal.bad-column": "There is no column {column}.",
        "illegal.no-fit": "{n} fits no main row: the rows end with {ends}.",
        "illegal.no-fit-some-empty": "{n} fits no main row: the rows end with {ends} and nothing yet.",
        "illegal.no-fit-all-empty": "{n} fits no main row: no row has started, and only a 1 starts one.",
        "illegal.wrong-row": "{n} does not fit row {row}, which ends with {end}.",
        "illegal.wrong-row-empty": "{n} does not fit row {row}: an empty row starts with a 1.",
        "illegal.one-starts-row": "A called 1 must start a main row.",
        "illegal.via-column": "A called tile goes into a column first: put the {n} at the bottom of a column, then move it onto the row.",
        "illegal.empty-column": "Column {column} is empty.",
        "illegal.nothing-fits": "No bottom tile fits a main row now.",
        "move.place-row": "placed the {n} on row {row}",
        "move.place-column": "put the {n} at the bottom of column {column}",
        "move.place-row-then": "placed the {n} on row {row}, then moved {count} more onto the rows",
        "move.place-column-then": "put the {n} at the bottom of column {column}, then moved {count} onto the rows",
        "move.transfer": "moved the {n} from column {column} to row {row}",
        "move.transfer-all": "moved {count} tiles onto the rows",
        "move.transfer-one": "moved {count} tile onto the rows",
        "move.done": "is done with the {n}",
        "move.call": "called {n} (call {k} of 48)",
        "move.place-column.short": "put the {n} in column {column}",
        "move.place-column-then.short": "put the {n} in column {column}, then moved {count}",
        "move.place-row-then.short": "placed the {n} on row {row}, then moved {count}",
        # several seats that did the same, said together on the last-move line
        "move.place-row.many": "placed the {n} on row {row}",
        "move.place-column.short.many": "put the {n} in column {column}",
        "move.place-column-then.short.many": "put the {n} in column {column}, then moved {count}",
        "move.place-row-then.short.many": "placed the {n} on row {row}, then moved {count}",
        "prompt.place": "place the called {n} on a row it fits or at the bottom of a column",
        "prompt.place-row": "place the called {n} on a row it fits",
        "prompt.place-column": "place the called {n} at the bottom of a column",
        "prompt.transfer": "move tiles that fit onto your rows, then say done",
        "prompt.transfer-none": "nothing fits your rows now: say done",
        "prompt.call": "call the next number ({left} left)",
        "prompt.over": "the game is over",
        "label.call": "Call {k} of 48",
        "label.called": "Called: {n}",
        "label.calls-left": "{count} calls left",
        "label.calls-left.one": "{count} call left",
        "label.past-calls": "Called so far",
        "label.to-come": "Still to come",
        "label.row": "Row {row}",
        "label.column": "Column {column}",
        "label.left": "{count} tiles left",
        "label.left.one": "{count} tile left",
        "label.left.short": "{count} left",
        "label.left.short.one": "{count} left",
        "label.complete": "Three rows complete!",
        "label.solo-complete": "Completed!",
        "label.transfer-all": "Move everything that fits",
        "label.done": "Done",
        "label.call-next": "Call the next number",
        "say.row": "put the {n} on row {row}",
        "say.column": "put the {n} at the bottom of column {column}",
        "say.transfer": "move the {n} from column {column} to row {row}",
        "say.transfer-all": "move everything that fits ({count})",
        "say.done": "tap Done",
        "say.then": "{first}, then {second}",
        "say.more": "{count} more moves, each lit on the board in turn",
        "hint.say": "Suggested: {moves}.",
        "review.explain.solo": "For each call, where the strongest computer player would have put the tile and in which order it would have moved tiles onto the rows (the hint's step). Each step is worth the chance to complete the tableau it leaves: the computer plays the rest of the game many times, the numbers still to come shuffled each time, and counts how often all three rows end complete (its quick play-outs complete fewer than it does). Lost: the chance to complete the step cost, in percentage points. Biggest losses first.",
        "review.explain.many": "For each call, where the strongest computer player would have put the tile and in which order it would have moved tiles onto the rows (the hint's step). Each step is worth the tiles you can expect left at the end: the computer plays the rest of the game many times, the numbers still to come shuffled each time. Lost: the tiles left the step added to that expectation. Biggest losses first.",
        "review.call": "Call {k}: {n}",
        "review.chance": "{chance}% chance to complete",
        "review.left": "{left} tiles left expected",
        "review.lost.chance": "−{points} pts",
        "review.lost.left": "+{left} tiles",
    },
    "fr": {
        "name": "3x16",
        "pitch": "Tout le monde entend les mêmes 48 nombres : rangez-les dans cinq colonnes et formez trois rangées de 1 à 16.",
        "picture.transfer": "Un 1 a commencé la première rangée : le 2 au bas de la colonne 1 passe après lui sans être appelé, puis le 3 au bas de la colonne 2 suit.",
        "rules.short": (
            '## En bref\n'
            "But : trois rangées qui vont chacune de 1, 2, 3 … jusqu'à 16.\n"
            "Les nombres sont appelés un à un. Mettez chacun au bout d'une rangée où il vient ensuite, "
            "ou sous l'une de vos cinq colonnes, en attente. Seule la plaquette du bas d'une colonne "
            "peut en sortir : touchez-la pour l'envoyer sur la rangée où elle vient ensuite. À la fin, "
            'le moins de plaquettes restées dans les colonnes gagne.\n'
            '[[transfer]]'),
        "rules": (
            "## Le but\n"
            "Former trois rangées (les « files principales » de la règle de la boîte), chacune 1, 2, 3 … jusqu'à 16, avec les 48 nombres "
            "appelés (1 à 16, trois fois chacun, dans un ordre au hasard). Tout le monde joue les "
            "mêmes appels sur son propre jeu.\n\n"
            "## Un appel\n"
            "Posez le nombre appelé sur une rangée où il va, ou au bas d'une de vos cinq "
            "colonnes. Un nombre va sur une rangée qui finit par le nombre juste en dessous ; "
            "un 1 commence une rangée vide. Ensuite, ou avant, vous pouvez passer la plaquette du bas "
            "de n'importe quelle colonne sur une rangée où elle va, autant de fois "
            "que vous voulez : chaque passage découvre la plaquette du dessus. Quand vous avez fini, "
            "dites « fini » ; le nombre suivant est appelé quand tout le monde a fini.\n"
            "[[transfer]]\n\n"
            "## Les colonnes\n"
            "Les colonnes sont les « files auxiliaires » de la boîte. Une colonne ne s'ouvre que par le bas : une nouvelle plaquette se met juste "
            "sous celle du bas, rien ne bouge à l'intérieur d'une colonne, et seule la plaquette du bas "
            "peut en sortir. Tout ordre est permis, mais les grands nombres en haut et les petits en "
            "bas sortent le mieux.\n\n"
            "## La fin\n"
            "Après le 48e appel, tous ceux qui ont leurs trois rangées complètes gagnent. Si personne "
            "ne les a complétées, le moins de plaquettes restées dans les colonnes gagne ; "
            "une égalité est partagée. Seul, visez 0 plaquette restante.\n\n"
            "## Variantes\n"
            "« Un 1 appelé : Doit commencer une rangée ». « Passages : Automatiques » : tout ce qui va "
            "passe seul sur les rangées après chaque pose. « Mode : Meneur seulement » : l'application "
            "ne fait qu'appeler les nombres pour une table qui joue avec la vraie boîte, et peut les "
            "dire à voix haute. Seul, la donne du jour donne à tous les mêmes 48 appels pour la journée."),
        "option.mode": "Mode",
        "option.mode.help": "Jouer sur l'écran, ou laisser l'application appeler les nombres pour une table qui joue avec la boîte.",
        "option.mode.play": "Jouer ici",
        "option.mode.caller": "Meneur seulement",
        "option.placement": "Une plaquette appelée",
        "option.placement.help": "Une plaquette appelée peut-elle aller directement sur une rangée où elle va, ou passe-t-elle toujours d'abord par une colonne ?",
        "option.placement.direct": "Directement sur une rangée où elle va",
        "option.placement.via-column": "D'abord dans une colonne",
        "option.first_one": "Un 1 appelé",
        "option.first_one.help": "Un 1 appelé peut-il aller dans une colonne, ou doit-il commencer une rangée ?",
        "option.first_one.free": "Peut aller dans une colonne",
        "option.first_one.row": "Doit commencer une rangée",
        "option.transfers": "Passages",
        "option.transfers.help": "Passer vous-même les plaquettes sur les rangées, ou laisser passer seule chaque plaquette qui va.",
        "option.transfers.manual": "À la main",
        "option.transfers.automatic": "Automatiques",
        "illegal.caller-mode": "En mode meneur, l'application ne fait qu'appeler les nombres : il n'y a rien à poser.",
        "illegal.not-caller-mode": "Dans cette partie, les nombres sont appelés tout seuls.",
        "illegal.automatic": "Les passages sont automatiques dans cette partie : posez seulement le nombre appelé.",
        "illegal.placed-already": "Vous avez déjà posé le {n} appelé : passez des plaquettes sur vos rangées ou dites « fini ».",
        "illegal.place-where": "Dites où va le {n} : une rangée ou une colonne.",
        "illegal.place-first": "Posez d'abord le {n} appelé.",
        "illegal.bad-row": "Il n'y a pas de rangée {row}.",
        "illegal.bad-column": "Il n'y a pas de colonne {column}.",
        "illegal.no-fit": "Le {n} ne va sur aucune rangée : elles finissent par {ends}.",
        "illegal.no-fit-some-empty": "Le {n} ne va sur aucune rangée : elles finissent par {ends}, et les autres sont vides.",
        "illegal.no-fit-all-empty": "Le {n} ne va sur aucune rangée : aucune n'est commencée, et seul un 1 en commence une.",
        "illegal.wrong-row": "Le {n} ne va pas sur la rangée {row}, qui finit par {end}.",
        "illegal.wrong-row-empty": "Le {n} ne va pas sur la rangée {row} : une rangée vide commence par un 1.",
        "illegal.one-starts-row": "Un 1 appelé doit commencer une rangée.",
        "illegal.via-column": "Une plaquette appelée passe d'abord par une colonne : posez le {n} au bas d'une colonne, puis passez-le sur la rangée.",
        "illegal.empty-column": "La colonne {column} est vide.",
        "illegal.nothing-fits": "Aucune plaquette du bas ne va sur une rangée pour l'instant.",
        "move.place-row": "a posé le {n} sur la rangée {row}",
        "move.place-column": "a mis le {n} au bas de la colonne {column}",
        "move.place-row-then": "a posé le {n} sur la rangée {row}, puis en a passé {count} de plus sur les rangées",
        "move.place-column-then": "a mis le {n} au bas de la colonne {column}, puis en a passé {count} sur les rangées",
        "move.transfer": "a passé le {n} de la colonne {column} à la rangée {row}",
        "move.transfer-all": "a passé {count} plaquettes sur les rangées",
        "move.transfer-one": "a passé {count} plaquette sur les rangées",
        "move.done": "a fini avec le {n}",
        "move.call": "a appelé le {n} (appel {k} sur 48)",
        "move.place-column.short": "a mis le {n} en colonne {column}",
        "move.place-column-then.short": "a mis le {n} en colonne {column}, puis en a passé {count}",
        "move.place-row-then.short": "a posé le {n} sur la rangée {row}, puis en a passé {count}",
        "move.place-row.many": "ont posé le {n} sur la rangée {row}",
        "move.place-column.short.many": "ont mis le {n} en colonne {column}",
        "move.place-column-then.short.many": "ont mis le {n} en colonne {column}, puis en ont passé {count}",
        "move.place-row-then.short.many": "ont posé le {n} sur la rangée {row}, puis en ont passé {count}",
        "prompt.place": "posez le {n} appelé sur une rangée où il va ou au bas d'une colonne",
        "prompt.place-row": "posez le {n} appelé sur une rangée où il va",
        "prompt.place-column": "posez le {n} appelé au bas d'une colonne",
        "prompt.transfer": "passez sur vos rangées les plaquettes qui y vont, puis dites « fini »",
        "prompt.transfer-none": "rien ne va sur vos rangées pour l'instant : dites « fini »",
        "prompt.call": "appelez le nombre suivant (encore {left})",
        "prompt.over": "la partie est terminée",
        "label.call": "Appel {k} sur 48",
        "label.called": "Appelé : {n}",
        "label.calls-left": "encore {count} appels",
        "label.calls-left.one": "encore {count} appel",
        "label.past-calls": "Déjà appelés",
        "label.to-come": "Encore à venir",
        "label.row": "Rangée {row}",
        "label.column": "Colonne {column}",
        "label.left": "{count} plaquettes restantes",
        "label.left.one": "{count} plaquette restante",
        "label.left.short": "{count} restantes",
        "label.left.short.one": "{count} restante",
        "label.complete": "Trois rangées complètes !",
        "label.solo-complete": "Réussi !",
        "label.transfer-all": "Passer tout ce qui va",
        "label.done": "Fini",
        "label.call-next": "Appeler le nombre suivant",
        "say.row": "posez le {n} sur la rangée {row}",
        "say.column": "posez le {n} en bas de la colonne {column}",
        "say.transfer": "passez le {n} de la colonne {column} à la rangée {row}",
        "say.transfer-all": "passez tout ce qui va ({count})",
        "say.done": "touchez Fini",
        "say.then": "{first}, puis {second}",
        "say.more": "{count} autres déplacements, chacun éclairé à son tour sur le plateau",
        "hint.say": "Conseil : {moves}.",
        "review.explain.solo": "Pour chaque appel, où l’ordinateur le plus fort aurait posé la plaquette et dans quel ordre il aurait passé des plaquettes sur les rangées (l’étape du conseil). Chaque étape vaut les chances de compléter le tableau qu’elle laisse : l’ordinateur joue la fin de la partie de nombreuses fois, les nombres restants mélangés à chaque fois, et compte combien de fois les trois rangées finissent complètes (ses parties rapides complètent moins souvent que lui). Perdu : les chances de compléter que l’étape a coûtées, en points de pourcentage. Les plus grosses pertes d’abord.",
        "review.explain.many": "Pour chaque appel, où l’ordinateur le plus fort aurait posé la plaquette et dans quel ordre il aurait passé des plaquettes sur les rangées (l’étape du conseil). Chaque étape vaut les plaquettes qui devraient vous rester à la fin : l’ordinateur joue la fin de la partie de nombreuses fois, les nombres restants mélangés à chaque fois. Perdu : les plaquettes restantes que l’étape a ajoutées à cette attente. Les plus grosses pertes d’abord.",
        "review.call": "Appel {k} : {n}",
        "review.chance": "{chance} % de chances de compléter",
        "review.left": "{left} plaquettes restantes attendues",
        "review.lost.chance": "−{points} pts",
        "review.lost.left": "+{left} plaquettes",
    },
}

GUIDE = {
    "players": 1, "people": 1, "seed": 20333, "options": {},
    "moves": [
        # nothing left to move after a step: the table says Done itself, as in a real game (the
        # guide taught a tap on "Done" that a real game never asks for)
        [{"type": "place", "column": 0}, "guide.column"],
        [{"type": "done"}, None],
        [{"type": "place", "column": 0}, "guide.under"],
        [{"type": "done"}, None],
        [{"type": "place", "row": 0}, "guide.start-row"],
        [{"type": "transfer", "column": 0, "row": 0}, "guide.transfer"],
        [{"type": "transfer", "column": 0, "row": 0}, "guide.bottom"],
        [{"type": "done"}, None],
        [{"type": "place", "row": 0}, "guide.direct"],
        [{"type": "done"}, None],
    ],
    "end": "guide.end",
}
"""The guided first game (web/table/guide.py plays it): a solitaire whose first calls are 3, 2, 1, 4,
every move in order with the sentence that teaches it (None: the guide says Done for the person).
It teaches the columns, their bottom tile, a row's 1 and the transfers."""

TEXTS["en"].update({
    "guide.column": "No row has a 1 yet, so the 3 cannot go on one: park it at the bottom of column 1. Then nothing can move: the table says “Done” for you and calls the next number.",
    "guide.under": "Put the 2 under the 3: only the bottom tile of a column can leave it, so the smaller number goes below.",
    "guide.start-row": "A 1 starts a main row: put it on row 1.",
    "guide.transfer": "The 2 at the bottom of column 1 follows the 1: tap it to move it onto row 1.",
    "guide.bottom": "Now the 3 is the column's bottom tile, and it follows the 2: move it too.",
    "guide.direct": "A called number that follows the end of a row goes straight onto it: put the 4 on row 1.",
    "guide.end": "The 48 numbers come like this: fill your three rows from 1 to 16 with as few tiles left in the columns as you can.",
})
TEXTS["fr"].update({
    "guide.column": "Aucune rangée ne commence encore par un 1 : le 3 n'y va pas, garez-le au bas de la colonne 1. Ensuite rien ne peut bouger : la table dit « Fini » pour vous et appelle le nombre suivant.",
    "guide.under": "Mettez le 2 sous le 3 : seule la plaquette du bas d'une colonne peut en sortir, le plus petit va donc dessous.",
    "guide.start-row": "Un 1 commence une rangée : posez-le sur la rangée 1.",
    "guide.transfer": "Le 2 au bas de la colonne 1 suit le 1 : touchez-le pour le passer sur la rangée 1.",
    "guide.bottom": "Le 3 est maintenant en bas de sa colonne, et il suit le 2 : passez-le aussi.",
    "guide.direct": "Un nombre appelé qui suit la fin d'une rangée y va tout droit : posez le 4 sur la rangée 1.",
    "guide.end": "Les 48 nombres viennent ainsi : remplissez vos trois rangées de 1 à 16 en laissant le moins de plaquettes possible dans les colonnes.",
})

# why the hint (the strongest bot's own playouts: bots.three_by_sixteen.hint_why)
TEXTS["en"].update({
    "why.solo": "Played this way, your three rows finish in about {chance} of the games the computer tried out, against {next} the next best way.",
    "why.solo-even": "Played this way, your three rows finish in about {chance} of the games the computer tried out, as often as any other way.",
    "why.many": "Played this way, about {left} tiles stay in your columns at the end, against {next} the next best way.",
    "why.many-even": "Played this way, about {left} tiles stay in your columns at the end, as few as any other way.",
    "why.many.one": "Played this way, about {left} tile stays in your columns at the end, against {next} the next best way.",
    "why.many-even.one": "Played this way, about {left} tile stays in your columns at the end, as few as any other way.",
    "why.many.none": "Played this way, hardly a tile stays in your columns at the end, against {next} the next best way.",
    "why.many-even.none": "Played this way, hardly a tile stays in your columns at the end, as few as any other way.",
    "why.alike": "Here every choice comes to the same.",
    "reason.row": "the {n} goes on row {row}, after your {before}",
    "reason.row-start": "the 1 starts row {row}",
    "reason.row-full": "the 16 completes row {row}",
    "reason.under": "the {n} goes under your {bottom} in column {column}, which your rows need later",
    "reason.covers": "the {n} covers your {bottom} in column {column}",
    "reason.column-start": "the {n} starts column {column}, still empty",
    "reason.moved": "{tiles} move on from your columns",
    "reason.moved.one": "{tiles} moves on from your columns",
    "reason.pair": "the {n} goes under your other {n} in column {column}",
    "reason.completes": "{first}, completing row {row}",
    "say.tile": "the {n}",
    "reason.more": "{count} more",
})
TEXTS["fr"].update({
    "why.solo": "Joué ainsi, vos trois rangées se terminent dans environ {chance} des parties que l'ordinateur a essayées, contre {next} de la meilleure autre façon.",
    "why.solo-even": "Joué ainsi, vos trois rangées se terminent dans environ {chance} des parties que l'ordinateur a essayées, autant que de toute autre façon.",
    "why.many": "Joué ainsi, il vous reste environ {left} plaquettes dans les colonnes à la fin, contre {next} de la meilleure autre façon.",
    "why.many-even": "Joué ainsi, il vous reste environ {left} plaquettes dans les colonnes à la fin, pas plus que de toute autre façon.",
    "why.many.one": "Joué ainsi, il vous reste environ {left} plaquette dans les colonnes à la fin, contre {next} de la meilleure autre façon.",
    "why.many-even.one": "Joué ainsi, il vous reste environ {left} plaquette dans les colonnes à la fin, pas plus que de toute autre façon.",
    "why.many.none": "Joué ainsi, il ne vous reste presque aucune plaquette dans les colonnes à la fin, contre {next} de la meilleure autre façon.",
    "why.many-even.none": "Joué ainsi, il ne vous reste presque aucune plaquette dans les colonnes à la fin, pas plus que de toute autre façon.",
    "why.alike": "Ici, tous les choix se valent.",
    "reason.row": "le {n} va sur la rangée {row}, après votre {before}",
    "reason.row-start": "le 1 commence la rangée {row}",
    "reason.row-full": "le 16 complète la rangée {row}",
    "reason.under": "le {n} va sous votre {bottom} dans la colonne {column}, dont vos rangées auront besoin plus tard",
    "reason.covers": "le {n} recouvre votre {bottom} dans la colonne {column}",
    "reason.column-start": "le {n} commence la colonne {column}, encore vide",
    "reason.moved": "{tiles} passent de vos colonnes à vos rangées",
    "reason.moved.one": "{tiles} passe de vos colonnes à vos rangées",
    "reason.pair": "le {n} va sous votre autre {n} dans la colonne {column}",
    "reason.completes": "{first}, ce qui complète la rangée {row}",
    "say.tile": "le {n}",
    "reason.more": "{count} autres",
})

# the review's first words: the costliest steps (board.py, `review_layer`)
TEXTS["en"].update({
    "review.outcome.still": "You could have ended with fewer tiles still:",
    # everybody hears the same calls: no luck "went the others' way", their choices met it better
    "review.lead.none-luck": "None of your moves cost you anything the computer could see: with the same calls, other choices were luckier with the numbers called next.",
    "review.lead": "Call {call}, the {number}: the computer would {best}, as {reason} You chose to {moves}.",
    "review.lead.solo": "It cost you about {loss} of your chances to finish the three rows, from {best_chance} down to {chance}, by the computer's play-outs.",
    "review.lead.many": "It left you about {loss} more tiles at the end, by the computer's play-outs.",
})
TEXTS["fr"].update({
    "review.outcome.still": "Vous pouviez finir avec moins de plaquettes encore :",
    "review.lead.none-luck": "Aucun de vos coups ne vous a coûté quoi que ce soit que l'ordinateur ait vu : avec les mêmes appels, d'autres choix ont eu plus de chance avec les nombres appelés ensuite.",
    "review.lead": "Appel {call}, le {number} : l'ordinateur aurait choisi « {best} », car {reason} Vous avez choisi « {moves} ».",
    "review.lead.solo": "Il vous a coûté environ {loss} de vos chances de terminer les trois rangées, de {best_chance} à {chance}, selon les parties jouées par l'ordinateur.",
    "review.lead.many": "Il vous a laissé environ {loss} plaquettes de plus à la fin, selon les parties jouées par l'ordinateur.",
})

# the words of the game's board in the page (board.py)
TEXTS["fr"].update({
    "board.score": "Plaquettes restantes",
    "board.row-waits": "La rangée {row} attend le {n} : aucune colonne ne l'a en bas.",
    "board.row-complete": "La rangée {row} est complète : plus rien n'y va.",
    'board.no-row': "Le {n} ne va encore sur aucune rangée : seule une plaquette qui suit le dernier nombre d'une rangée peut y passer.",
    "board.bottom": "Bas de la colonne {column} : {n}",
    "solo.record": "Solitaire — parties : {games} · complètes : {completions} · plaquettes restantes : {best} au mieux, {average} en moyenne",
    "board.daily.share": "Ludothèque · 3x16 · donne du jour {date} : {count} plaquettes restantes",
    "board.daily.share.one": "Ludothèque · 3x16 · donne du jour {date} : {count} plaquette restante",
    "board.caller-over": "Les 48 nombres ont été appelés.",
})
TEXTS["en"].update({
    "board.score": "Tiles left",
    "board.row-waits": "Row {row} waits for the {n}: no column has it at its bottom.",
    "board.row-complete": "Row {row} is complete: nothing more goes there.",
    'board.no-row': "The {n} fits no main row yet: only a tile that follows a row's last number can move.",
    "board.bottom": "Bottom of column {column}: {n}",
    "solo.record": "Solitaire — games: {games} · completed: {completions} · tiles left: {best} at best, {average} on average",
    "board.daily.share": "Ludothèque · 3x16 · daily deal {date}: {count} tiles left",
    "board.daily.share.one": "Ludothèque · 3x16 · daily deal {date}: {count} tile left",
    "board.caller-over": "All 48 numbers have been called.",
})
