"""Lucky Numbers' words in French and English: the rules as players read them, the options, the
refusals, the moves as the move log says them, the prompts and labels of the table. Kept beside
the rules module so that module reads like the rules."""
from __future__ import annotations

RULES_EN = """\
Be the first to fill your 4×4 garden with clover tiles so that the numbers increase from left to right in every row and from top to bottom in every column.

## The tiles
With 2, 3 or 4 players, use 2, 3 or 4 sets of tiles numbered 1 to 20: every number is there once per player. Colours do not matter. The tiles are shuffled face down: this is the supply.

## Setup
Everyone draws 4 tiles and puts them face up on the four golden cells of their diagonal, in any arrangement. Small numbers top left and large ones bottom right is wise (with the option “Diagonal order: Ascending, small top left” it is compulsory). Option “Duplicate setup numbers: Put it back and draw again”: a number you already hold goes back, the supply is reshuffled and you draw again.

## The placement rule
In each row, from left to right, and in each column, from top to bottom, the numbers must always be strictly increasing. They need not follow each other, two equal numbers can never share a row or a column, and empty cells may stay in between. A tile may go on an empty cell, or replace a tile already in the garden (a swap): the tile taken out goes face up to the pool in the middle.
[[placement]]

## Your turn
Do one of two things. A) Draw a tile from the supply and show it. Place it, swap it, or discard it face up to the pool, even if it would fit. B) Take a face-up tile from the pool and place it or swap it; you may only take a tile that fits somewhere in your garden. Then the next player plays. Swapping a tile for the same number changes nothing; the option “Swap for the same number: Forbidden” refuses it.

## End of the game
The game stops at once when a player fills the last empty cell of their garden: that player wins. It also stops when a player draws the last tile of the supply: that player finishes their turn, then the fewest empty cells win. Ties are shared.

## Michael's setup
A variant, and the only setup of the 2012 “13 / 5 vor 12” edition (option “Setup: Michael's setup”). Setup takes four rounds: in each round everyone draws one tile and puts it on an empty cell of their diagonal of their choice. Once placed, a setup tile may not be moved during the setup.

## Bruno's variant
TIKI edition (option “Bruno's variant”). When you put a tile (on an empty cell or by a swap, from the supply or the pool) diagonally next to the same number, so that the pair goes up to the right, you play again at once; extra turns can chain. Options: “Which diagonal: Both diagonals”; “Which pairs count: Any pair, same-number swaps too” (Game Park's reading: swapping a number for the same number beside its twin also gives an extra turn, and the tile swapped out can be taken back from the pool to do it again); “After the last tile: Extra turn with the pool only” (by default the game simply ends). A discard, a setup tile or a move that ends the game never gives an extra turn.
[[bruno]]

## Tournament
Play as many games as there are players, each player starting once. After each game every winner scores 2 points and every other player loses 1 point per empty cell in their garden. After the last game the highest total wins; ties are shared. Option “Tied winners: They share the 2 points”.

## The 2012 edition
The Ravensburger 2012 edition (“13 / 5 vor 12”) plays the same, always with Michael's setup, and has no Bruno variant."""

RULES_FR = """\
Soyez le premier à remplir votre jardin de 4×4 cases avec des trèfles dont les nombres croissent de gauche à droite dans chaque rangée et de haut en bas dans chaque colonne.

## Les trèfles
À 2, 3 ou 4 joueurs, on utilise 2, 3 ou 4 séries de trèfles numérotés de 1 à 20 : chaque nombre existe une fois par joueur. Les couleurs ne comptent pas. Les trèfles sont mélangés faces cachées : c'est la pioche.

## Mise en place
Chacun pioche 4 trèfles et les pose, faces visibles, sur les quatre cases dorées de sa diagonale, dans l'ordre de son choix. Il est sage de mettre les petits nombres en haut à gauche et les grands en bas à droite (avec l'option « Ordre de la diagonale : Croissant, le plus petit en haut à gauche », c'est obligatoire). Option « Doublons à la mise en place : On le remet et on repioche » : un nombre que vous avez déjà retourne dans la pioche, elle est remélangée et vous piochez à nouveau.

## La règle de pose
Dans chaque rangée, de gauche à droite, et dans chaque colonne, de haut en bas, les nombres doivent toujours être classés dans l'ordre strictement croissant. Ils n'ont pas besoin de se suivre, deux nombres égaux ne peuvent jamais partager une rangée ou une colonne, et des cases vides peuvent rester entre eux. Un trèfle peut aller sur une case libre, ou remplacer un trèfle déjà posé (un échange) : le trèfle retiré est défaussé face visible au centre de la table.
[[placement]]

## Votre tour
Faites l'une de ces deux actions. A) Piochez un trèfle caché et montrez-le. Posez-le, échangez-le, ou défaussez-le face visible au centre, même s'il pouvait aller quelque part. B) Prenez un trèfle visible au centre et posez-le ou échangez-le ; vous ne pouvez prendre qu'un trèfle qui trouve une place dans votre jardin. Puis c'est au joueur suivant. Échanger un trèfle contre le même nombre ne change rien ; l'option « Échange contre le même nombre : Interdit » le refuse.

## Fin de la partie
La partie s'arrête dès qu'un joueur remplit la dernière case libre de son jardin : il gagne. Elle s'arrête aussi quand un joueur pioche le dernier trèfle caché : il termine son tour, puis le joueur qui a le moins de cases libres gagne. En cas d'égalité, il y a plusieurs vainqueurs.

## Mise en place de Michael
Une variante, et la seule mise en place de l'édition 2012 « 13 / 5 vor 12 » (option « Mise en place : Mise en place de Michael »). La mise en place se fait en quatre tours : à chaque tour, chacun pioche un trèfle et le pose sur une case libre de sa diagonale, au choix. Une fois posé, un trèfle ne peut plus être déplacé pendant la mise en place.

## Variante de Bruno
Édition TIKI (option « Variante de Bruno »). Quand vous posez un trèfle (sur une case libre ou par un échange, pioché ou pris au centre) en diagonale à côté du même nombre, la paire montant vers la droite, vous rejouez aussitôt ; on peut rejouer plusieurs fois d'affilée. Options : « Quelle diagonale : Les deux diagonales » ; « Quelles paires comptent : Toute paire, échange identique compris » (la lecture de Game Park : échanger un trèfle contre le même nombre à côté de son jumeau fait aussi rejouer, et le trèfle échangé peut être repris au centre pour recommencer) ; « Après le dernier trèfle : On rejoue avec le centre seulement » (par défaut la partie s'arrête). Une défausse, un trèfle de mise en place ou un coup qui termine la partie ne font jamais rejouer.
[[bruno]]

## Mode tournoi
Jouez autant de parties qu'il y a de joueurs, chacun commençant une fois. Après chaque partie, chaque vainqueur marque 2 points et chaque autre joueur perd 1 point par case libre dans son jardin. Après la dernière partie, le plus haut total gagne ; en cas d'égalité, il y a plusieurs vainqueurs. Option « Vainqueurs à égalité : Ils se partagent les 2 points ».

## L'édition 2012
L'édition Ravensburger 2012 (« 13 / 5 vor 12 ») se joue de la même façon, toujours avec la mise en place de Michael, et sans variante de Bruno."""

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "name": "Lucky Numbers",
        "picture.placement": "The drawn 13 may go only on the lit empty cell, or swap for the 10 or the 15 (also lit): left of the 16 or above the 19 it would break the order, and a row or column holding the 13 takes no other.",
        "picture.bruno": "Bruno's variant: the second 5, put diagonally below-left of the first, makes a pair rising to the right: play again.",
        "pitch": "Fill your clover garden in increasing order before the others.",
        "rules.short": (
            '## In short\n'
            'Goal: be the first to fill your garden of 16 cells.\n'
            'On your turn, draw a tile from the supply, or take one lying face up in the pool. Put it'
            ' in your garden so that the numbers grow from left to right in every row and from top to '
            'bottom in every column. You may put it on a tile already there: that one goes to the '
            'pool. A drawn tile you do not want goes to the pool too.\n'
            '[[placement]]'),
        "rules": RULES_EN,
        "option.edition": "Edition",
        "option.edition.help": "TIKI 2020 rules, or the Ravensburger 2012 edition (Michael's setup, no Bruno).",
        "option.edition.tiki": "TIKI 2020",
        "option.edition.ravensburger-2012": "Ravensburger 2012 (13 / 5 vor 12)",
        "option.setup": "Setup",
        "option.setup.help": "Four tiles at once on the diagonal, or one at a time over four rounds.",
        "option.setup.standard": "Standard: four tiles at once",
        "option.setup.michael": "Michael's setup: one tile at a time",
        "option.setup.fixed": "The 2012 edition has only Michael's setup.",
        "option.bruno.fixed": "Bruno's variant is not part of the 2012 edition.",
        "option.setup_order": "Diagonal order",
        "option.setup_order.help": "Whether the four setup tiles may go in any order or must ascend.",
        "option.setup_order.free": "Any order",
        "option.setup_order.ascending": "Ascending, small top left",
        "option.duplicates": "Duplicate setup numbers",
        "option.duplicates.help": "What happens when a player draws a number they already have during setup.",
        "option.duplicates.keep": "Keep them",
        "option.duplicates.redraw": "Put it back and draw again",
        "option.identical_swap": "Swap for the same number",
        "option.identical_swap.help": "Swapping a tile for an identical one changes nothing, like a pass.",
        "option.identical_swap.allowed": "Allowed",
        "option.identical_swap.forbidden": "Forbidden",
        "option.bruno": "Bruno's variant",
        "option.bruno.help": "Play again when you place a tile diagonally next to the same number.",
        "option.bruno_diagonal": "Which diagonal",
        "option.bruno_diagonal.help": "Which diagonal neighbours make a pair for Bruno's variant.",
        "option.bruno_diagonal.anti": "Rising to the right only",
        "option.bruno_diagonal.both": "Both diagonals",
        "option.bruno_last_tile": "After the last tile",
        "option.bruno_last_tile.help": "Whether a pair made in the turn of the last supply tile still gives an extra turn.",
        "option.bruno_last_tile.no-replay": "The game ends",
        "option.bruno_last_tile.pool-replay": "Extra turn with the pool only",
        "option.bruno_pair": "Which pairs count",
        "option.bruno_pair.help": "By default a swap for the same number never gives an extra turn. With “Any pair” (Game Park's reading) it does when that number has its twin diagonally beside it, and the tile swapped out can be taken back from the pool to do it again.",
        "option.bruno_pair.new": "New pairs only",
        "option.bruno_pair.any": "Any pair, same-number swaps too",
        "option.tournament": "Tournament",
        "option.tournament.help": "One game per player, each starting once; +2 per win, −1 per empty cell otherwise.",
        "option.tournament_ties": "Tied winners",
        "option.tournament_ties.help": "How tied winners of a tournament game score.",
        "option.tournament_ties.each-plus-2": "Each scores 2",
        "option.tournament_ties.split": "They share the 2 points",
        "option.first_player": "Who starts",
        "option.first_player.help": "The first player in the list (sit the oldest first, as the rules say), or a player drawn at random.",
        "option.first_player.first-seat": "The first player in the list",
        "option.first_player.random": "Drawn at random",
        "option.error.edition-setup": "The Ravensburger 2012 edition only has Michael's setup: choose it.",
        "option.error.edition-bruno": "Bruno's variant is not part of the Ravensburger 2012 edition.",
        "illegal.unknown-move": "“{type}” is not a Lucky Numbers move.",
        "illegal.phase-setup": "First arrange your four tiles on the diagonal.",
        "illegal.phase-michael": "First put your setup tile on an empty diagonal cell.",
        "illegal.phase-turn": "First draw a tile or take one from the pool.",
        "illegal.phase-drawn": "You have drawn the {tile}: place it, swap it or discard it.",
        "illegal.phase-last-replay": "This extra turn may only take a tile from the pool, or end the game.",
        "illegal.phase-between-games": "This game is over: start the next one.",
        "illegal.setup-tiles": "Put exactly your four drawn tiles on the diagonal: {tiles}.",
        "illegal.setup-ascending": "The diagonal must ascend from top left to bottom right: {tiles}.",
        "illegal.bad-diagonal-cell": "There is no diagonal cell {cell}.",
        "illegal.diagonal-taken": "Diagonal cell {cell} already holds the {other}.",
        "illegal.bad-cell": "There is no cell at row {row}, column {col}.",
        "illegal.order-left": "{tile} must be larger than the {other} on its left.",
        "illegal.order-right": "{tile} must be smaller than the {other} on its right.",
        "illegal.order-above": "{tile} must be larger than the {other} above it.",
        "illegal.order-below": "{tile} must be smaller than the {other} below it.",
        "illegal.identical-swap": "Swapping the {tile} for the same number is not allowed in this game.",
        "illegal.not-in-pool": "There is no {tile} in the pool.",
        "illegal.fits-nowhere": "The {tile} fits nowhere in your garden, so you may not take it.",
        "move.setup": "put {tiles} on the diagonal",
        "move.setup-place": "put the {tile} on diagonal cell {cell}",
        "move.draw": "drew the {tile}",
        "move.place": "placed the {tile} at row {row}, column {col}",
        "move.place-swap": "swapped the {tile} for the {old} at row {row}, column {col}",
        "move.discard": "discarded the {tile}",
        "move.take": "took the {tile} from the pool and placed it at row {row}, column {col}",
        "move.take-swap": "took the {tile} from the pool and swapped it for the {old} at row {row}, column {col}",
        "move.place.short": "placed the {tile}",
        "move.place-swap.short": "swapped the {tile} for the {old}",
        "move.take.short": "took the {tile} from the pool",
        "move.take-swap.short": "took the {tile} from the pool for the {old}",
        "move.end": "ended the game without the extra turn",
        "move.replay": "and plays again (Bruno's variant)",
        "move.next-game": "dealt game {number}",
        "prompt.setup": "arrange your four tiles on the diagonal",
        "label.setup": "Confirm this diagonal",
        "prompt.michael": "put your tile on an empty diagonal cell",
        "prompt.michael-tile": "put your {tile} on an empty diagonal cell",
        "prompt.turn": "draw a tile or take one from the pool",
        "prompt.turn-draw": "draw a tile (no pool tile fits your garden)",
        "prompt.replay": "play again (Bruno's variant): draw a tile or take one from the pool",
        "prompt.drawn": "place or swap the tile you drew, or discard it",
        "prompt.drawn-tile": "place or swap your {tile}, or discard it",
        "prompt.last-replay": "extra turn: take a tile from the pool, or end the game",
        "prompt.between-games": "this game is over: look at the standings, then start the next game",
        "prompt.over": "the game is over",
        "label.supply": "Supply",
        "label.supply.count": "{count} face-down tiles",
        "label.supply.count.one": "{count} face-down tile",
        "label.pool": "Pool",
        "label.pool.empty": "The pool is empty",
        "label.drawn": "Drawn tile",
        "label.garden": "{who}'s garden",
        "label.empty": "{count} empty cells",
        "label.empty.one": "{count} empty cell",
        "label.empty.short": "{count} empty",
        "label.empty.short.one": "{count} empty",
        "label.cell": "Row {row}, column {col}",
        "label.setup-diagonal": "Setup tiles go on the golden diagonal: tap two of them to swap them, then confirm.",
        "label.setup-ascending": "The setup tiles go in ascending order: just confirm them.",
        "label.setup-blocked": "In this order {count} squares (striped) can't be filled: no number goes between the {big} above and the {small} below.",
        "label.setup-sort": "Sort them",
        "label.cell.fits": "Fits {lo} to {hi}",
        "label.cell.fits-only": "Only the {tile} fits",
        "label.cell.none": "Nothing fits here",
        "label.setup-tiles": "Tiles to set up",
        "label.diagonal-cell": "Diagonal cell {cell}",
        "label.draw": "Draw a tile",
        "label.discard": "Discard",
        "label.end": "End the game",
        "label.next-game": "Start game {number}",
        "label.game-number": "Game {number} of {games}",
        "label.standings": "Standings",
        "label.total": "Total",
        "label.points": "Points",
        "label.winner": "Winner",
        "label.winners": "Winners",
        "label.ended.complete": "{who} filled their garden.",
        "label.ended.supply": "The supply is empty: the fewest empty cells win.",
        "label.replay": "Plays again!",
        "label.unseen": "Still face down: {tiles}",
    },
    "fr": {
        "name": "Lucky Numbers",
        "picture.placement": "Le 13 pioché ne peut aller que sur la case libre éclairée, ou s'échanger contre le 10 ou le 15 (éclairés aussi) : à gauche du 16 ou au-dessus du 19, il casserait l'ordre, et une rangée ou une colonne qui a déjà un 13 n'en prend pas d'autre.",
        "picture.bruno": "Variante de Bruno : le second 5, posé en diagonale en bas à gauche du premier, forme une paire qui monte vers la droite : on rejoue.",
        "pitch": "Remplissez votre jardin de trèfles en ordre croissant avant les autres.",
        "rules.short": (
            '## En bref\n'
            'But : être le premier à remplir son jardin de 16 cases.\n'
            'À votre tour, piochez un trèfle, ou prenez-en un posé face visible au centre. Placez-le '
            'dans votre jardin pour que les nombres grandissent de gauche à droite dans chaque rangée '
            'et de haut en bas dans chaque colonne. Vous pouvez le poser sur un trèfle déjà là : celui-'
            'ci part au centre. Un trèfle pioché dont vous ne voulez pas va au centre lui aussi.\n'
            '[[placement]]'),
        "rules": RULES_FR,
        "option.edition": "Édition",
        "option.edition.help": "Règles TIKI 2020, ou l'édition Ravensburger 2012 (mise en place de Michael, sans Bruno).",
        "option.edition.tiki": "TIKI 2020",
        "option.edition.ravensburger-2012": "Ravensburger 2012 (13 / 5 vor 12)",
        "option.setup": "Mise en place",
        "option.setup.help": "Quatre trèfles d'un coup sur la diagonale, ou un à la fois en quatre tours.",
        "option.setup.standard": "Standard : quatre trèfles d'un coup",
        "option.setup.michael": "Mise en place de Michael : un trèfle à la fois",
        "option.setup.fixed": "L'édition 2012 n'a que la mise en place de Michael.",
        "option.bruno.fixed": "La variante de Bruno ne fait pas partie de l'édition 2012.",
        "option.setup_order": "Ordre de la diagonale",
        "option.setup_order.help": "Les quatre trèfles de départ se posent dans n'importe quel ordre ou en ordre croissant.",
        "option.setup_order.free": "Au choix",
        "option.setup_order.ascending": "Croissant, le plus petit en haut à gauche",
        "option.duplicates": "Doublons à la mise en place",
        "option.duplicates.help": "Ce qui se passe quand un joueur pioche un nombre qu'il a déjà pendant la mise en place.",
        "option.duplicates.keep": "On les garde",
        "option.duplicates.redraw": "On le remet et on repioche",
        "option.identical_swap": "Échange contre le même nombre",
        "option.identical_swap.help": "Échanger un trèfle contre un trèfle identique ne change rien, comme passer son tour.",
        "option.identical_swap.allowed": "Autorisé",
        "option.identical_swap.forbidden": "Interdit",
        "option.bruno": "Variante de Bruno",
        "option.bruno.help": "Rejouez quand vous posez un trèfle en diagonale à côté du même nombre.",
        "option.bruno_diagonal": "Quelle diagonale",
        "option.bruno_diagonal.help": "Quels voisins en diagonale forment une paire pour la variante de Bruno.",
        "option.bruno_diagonal.anti": "Seulement celle qui monte vers la droite",
        "option.bruno_diagonal.both": "Les deux diagonales",
        "option.bruno_last_tile": "Après le dernier trèfle",
        "option.bruno_last_tile.help": "Une paire faite au tour du dernier trèfle caché fait-elle encore rejouer ?",
        "option.bruno_last_tile.no-replay": "La partie s'arrête",
        "option.bruno_last_tile.pool-replay": "On rejoue avec le centre seulement",
        "option.bruno_pair": "Quelles paires comptent",
        "option.bruno_pair.help": "Par défaut, échanger un trèfle contre le même nombre ne fait jamais rejouer. Avec « Toute paire » (la lecture de Game Park), cela fait rejouer quand ce nombre a son jumeau en diagonale, et le trèfle échangé peut être repris au centre pour recommencer.",
        "option.bruno_pair.new": "Seulement les nouvelles paires",
        "option.bruno_pair.any": "Toute paire, échange identique compris",
        "option.tournament": "Mode tournoi",
        "option.tournament.help": "Une partie par joueur, chacun commençant une fois ; +2 par victoire, sinon −1 par case libre.",
        "option.tournament_ties": "Vainqueurs à égalité",
        "option.tournament_ties.help": "Ce que marquent les vainqueurs à égalité d'une partie du tournoi.",
        "option.tournament_ties.each-plus-2": "Chacun marque 2 points",
        "option.tournament_ties.split": "Ils se partagent les 2 points",
        "option.first_player": "Qui commence",
        "option.first_player.help": "Le premier joueur de la liste (placez le plus âgé en premier, comme le dit la règle), ou un joueur tiré au sort.",
        "option.first_player.first-seat": "Le premier joueur de la liste",
        "option.first_player.random": "Tiré au sort",
        "option.error.edition-setup": "L'édition Ravensburger 2012 n'a que la mise en place de Michael : choisissez-la.",
        "option.error.edition-bruno": "La variante de Bruno ne fait pas partie de l'édition Ravensburger 2012.",
        "illegal.unknown-move": "« {type} » n'est pas un coup de Lucky Numbers.",
        "illegal.phase-setup": "Disposez d'abord vos quatre trèfles sur la diagonale.",
        "illegal.phase-michael": "Posez d'abord votre trèfle sur une case libre de la diagonale.",
        "illegal.phase-turn": "Piochez d'abord un trèfle ou prenez-en un au centre.",
        "illegal.phase-drawn": "Vous avez pioché le {tile} : posez-le, échangez-le ou défaussez-le.",
        "illegal.phase-last-replay": "Ce tour en plus ne peut que prendre un trèfle au centre, ou terminer la partie.",
        "illegal.phase-between-games": "Cette partie est finie : lancez la suivante.",
        "illegal.setup-tiles": "Posez exactement vos quatre trèfles piochés sur la diagonale : {tiles}.",
        "illegal.setup-ascending": "La diagonale doit croître du haut à gauche vers le bas à droite : {tiles}.",
        "illegal.bad-diagonal-cell": "Il n'y a pas de case {cell} sur la diagonale.",
        "illegal.diagonal-taken": "La case {cell} de la diagonale porte déjà le {other}.",
        "illegal.bad-cell": "Il n'y a pas de case en rangée {row}, colonne {col}.",
        "illegal.order-left": "{tile} doit être plus grand que le {other} à sa gauche.",
        "illegal.order-right": "{tile} doit être plus petit que le {other} à sa droite.",
        "illegal.order-above": "{tile} doit être plus grand que le {other} au-dessus.",
        "illegal.order-below": "{tile} doit être plus petit que le {other} en dessous.",
        "illegal.identical-swap": "Échanger le {tile} contre le même nombre n'est pas permis dans cette partie.",
        "illegal.not-in-pool": "Il n'y a pas de {tile} au centre.",
        "illegal.fits-nowhere": "Le {tile} ne trouve aucune place dans votre jardin : vous ne pouvez pas le prendre.",
        "move.setup": "a posé {tiles} sur la diagonale",
        "move.setup-place": "a posé le {tile} sur la case {cell} de la diagonale",
        "move.draw": "a pioché le {tile}",
        "move.place": "a posé le {tile} en rangée {row}, colonne {col}",
        "move.place-swap": "a échangé le {tile} contre le {old} en rangée {row}, colonne {col}",
        "move.discard": "a défaussé le {tile}",
        "move.take": "a pris le {tile} au centre et l'a posé en rangée {row}, colonne {col}",
        "move.take-swap": "a pris le {tile} au centre et l'a échangé contre le {old} en rangée {row}, colonne {col}",
        "move.place.short": "a posé le {tile}",
        "move.place-swap.short": "a échangé le {tile} contre le {old}",
        "move.take.short": "a pris le {tile} au centre",
        "move.take-swap.short": "a pris le {tile} au centre à la place du {old}",
        "move.end": "a terminé la partie sans rejouer",
        "move.replay": "et rejoue (variante de Bruno)",
        "move.next-game": "a lancé la partie {number}",
        "prompt.setup": "disposez vos quatre trèfles sur la diagonale",
        "label.setup": "Valider cette diagonale",
        "prompt.michael": "posez votre trèfle sur une case libre de la diagonale",
        "prompt.michael-tile": "posez votre {tile} sur une case libre de la diagonale",
        "prompt.turn": "piochez un trèfle ou prenez-en un au centre",
        "prompt.turn-draw": "piochez un trèfle (aucun trèfle du centre ne va dans votre jardin)",
        "prompt.replay": "rejouez (variante de Bruno) : piochez un trèfle ou prenez-en un au centre",
        "prompt.drawn": "posez ou échangez le trèfle pioché, ou défaussez-le",
        "prompt.drawn-tile": "posez ou échangez votre {tile}, ou défaussez-le",
        "prompt.last-replay": "tour en plus : prenez un trèfle au centre, ou terminez la partie",
        "prompt.between-games": "cette partie est finie : regardez le classement, puis lancez la partie suivante",
        "prompt.over": "la partie est terminée",
        "label.supply": "Pioche",
        "label.supply.count": "{count} trèfles cachés",
        "label.supply.count.one": "{count} trèfle caché",
        "label.pool": "Centre de la table",
        "label.pool.empty": "Aucun trèfle au centre",
        "label.drawn": "Trèfle pioché",
        "label.garden": "Jardin de {who}",
        "label.empty": "{count} cases libres",
        "label.empty.one": "{count} case libre",
        "label.empty.short": "{count} libres",
        "label.empty.short.one": "{count} libre",
        "label.cell": "Rangée {row}, colonne {col}",
        "label.setup-diagonal": "Les trèfles de départ vont sur la diagonale dorée : touchez-en deux pour les échanger, puis validez.",
        "label.setup-ascending": "Les trèfles de départ vont dans l'ordre croissant : validez-les.",
        "label.setup-blocked": "Dans cet ordre, {count} cases (rayées) ne pourront pas être remplies : aucun nombre ne va entre le {big} au-dessus et le {small} en dessous.",
        "label.setup-sort": "Les ranger dans l'ordre",
        "label.cell.fits": "Accepte de {lo} à {hi}",
        "label.cell.fits-only": "N'accepte que le {tile}",
        "label.cell.none": "Rien ne va ici",
        "label.setup-tiles": "Trèfles à poser",
        "label.diagonal-cell": "Case {cell} de la diagonale",
        "label.draw": "Piocher un trèfle",
        "label.discard": "Défausser",
        "label.end": "Terminer la partie",
        "label.next-game": "Lancer la partie {number}",
        "label.game-number": "Partie {number} sur {games}",
        "label.standings": "Classement",
        "label.total": "Total",
        "label.points": "Points",
        "label.winner": "Vainqueur",
        "label.winners": "Vainqueurs",
        "label.ended.complete": "{who} a rempli son jardin.",
        "label.ended.supply": "La pioche est vide : le moins de cases libres gagne.",
        "label.replay": "Rejoue !",
        "label.unseen": "Encore cachés : {tiles}",
    },
}

GUIDE = {
    "players": 2, "people": 1, "seed": 10, "options": {},
    "moves": [
        [{"type": "setup", "tiles": [10, 14, 15, 18]}, "guide.setup"],
        [{"type": "setup", "tiles": [5, 6, 16, 18]}, None],
        # a draw with nothing in the pool is the table's (a real game draws for you): said after it
        [{"type": "draw"}, None],
        [{"type": "place", "row": 0, "col": 1}, "guide.place"],
        [{"type": "draw"}, None],
        [{"type": "discard"}, None],
        [{"type": "take", "tile": 17, "row": 2, "col": 3}, "guide.pool"],
        [{"type": "draw"}, None],
        [{"type": "place", "row": 0, "col": 2}, None],
        [{"type": "draw"}, None],
        [{"type": "place", "row": 0, "col": 0}, "guide.swap"],
        [{"type": "draw"}, None],
        [{"type": "place", "row": 1, "col": 3}, None],
        # the pool holds the 10, which fits: drawing is a choice, the person's to make
        [{"type": "draw"}, "guide.draw"],
        [{"type": "discard"}, "guide.discard"],
        [{"type": "take", "tile": 10, "row": 2, "col": 1}, None],
        [{"type": "draw"}, None],
        [{"type": "place", "row": 1, "col": 0}, "guide.room"],
    ],
    "end": "guide.end",
}
"""The guided first game (web/table/guide.py plays it): a fixed deal, and every move in order with the
sentence that teaches it when it is the person's to play (None: the other seat's, or a draw made for
her, played for it). It teaches the setup, a placement (the rule), taking from the pool, a
swap, drawing rather than taking, a discard, and a cell taking only the numbers between its
neighbours; the end says how the game ends."""

TEXTS["en"].update({
    "guide.setup": "Your four tiles go on the golden diagonal, the smallest at the top left: tap “Confirm this diagonal”.",
    "guide.place": "The pool is empty, so the table drew the 13 for you, for all to see. Numbers grow from left to right and from top to bottom: the 13 goes between the 10 and the 14.",
    "guide.pool": "Your opponent put a 17 in the pool: take it, since it fits your garden, and put it on the lit cell.",
    "guide.swap": "The table drew the 7 for you. It fits no empty cell, but it can replace your 10: the 10 goes to the pool for anybody to take.",
    "guide.draw": "Your 10 is in the pool and would still fit, but you may draw an unknown tile from the supply instead: tap “Draw a tile”.",
    "guide.discard": "You drew the 3. It could replace one of your tiles, but a tile you do not want may always go to the pool, even one that fits: discard this one.",
    "guide.room": "Here is the 9, drawn for you. An empty cell takes only the numbers between its neighbours: under the 7 and left of the 14, from 8 to 13. Put the 9 there.",
    "guide.end": "That is the whole game: the first to fill all 16 cells wins (when the supply runs out, the fewest empty cells win).",
})
TEXTS["fr"].update({
    "guide.setup": "Vos quatre trèfles vont sur la diagonale dorée, le plus petit en haut à gauche : touchez « Valider cette diagonale ».",
    "guide.place": "Le centre est vide : la table a pioché pour vous le 13, que tous voient. Les nombres croissent de gauche à droite et de haut en bas : le 13 va entre le 10 et le 14.",
    "guide.pool": "Votre adversaire a laissé un 17 au centre de la table : prenez-le, il va dans votre jardin, et posez-le sur la case éclairée.",
    "guide.swap": "La table a pioché le 7 pour vous. Il ne va sur aucune case libre, mais il peut remplacer votre 10 : le 10 part au centre de la table, à qui le voudra.",
    "guide.draw": "Votre 10 est au centre de la table et irait encore dans votre jardin, mais vous pouvez plutôt piocher un trèfle inconnu : touchez « Piocher un trèfle ».",
    "guide.discard": "Vous avez pioché le 3. Il pourrait remplacer un de vos trèfles, mais un trèfle dont on ne veut pas peut toujours aller au centre, même s'il va quelque part : défaussez-le.",
    "guide.room": "Voici le 9, pioché pour vous. Une case libre ne prend que les nombres entre ses voisins : sous le 7 et à gauche du 14, de 8 à 13. Posez-y le 9.",
    "guide.end": "C'est tout le jeu : le premier à remplir ses 16 cases gagne (si la pioche s'épuise, le moins de cases vides l'emporte).",
})

# why the hint: first a reason read in the garden (board.py, `reason_of`), then the strongest
# bot's own figures, folded (bots.lucky_numbers.hint_why)
TEXTS["en"].update({
    "reason.fits": "the {tile} fits {where}.",
    "reason.swap": "in place of your {there}, the {tile} fits {where}.",
    "reason.open": "the {tile} starts row {row} and column {col}, both still empty.",
    "reason.full": "the {tile} fills the last cell of your garden.",
    "where.between-col": "between your {a} and {b} in column {col}",
    "where.under": "under your {a} in column {col}",
    "where.over": "above your {b} in column {col}",
    "where.between-row": "between your {a} and {b} in row {row}",
    "where.after": "after your {a} in row {row}",
    "where.before": "before your {b} in row {row}",
    "reason.nowhere": "the {tile} fits nowhere in your garden.",
    "reason.discard-one": "the {tile} would only fit on row {row}, column {col}: back in the middle, it leaves that cell for a number that fits better.",
    "reason.discard": "the {tile} would fit on only {count} of your cells: back in the middle, it leaves them for numbers that fit better.",
    "reason.draw-none": "none of the tiles in the middle ({tiles}) fits your garden.",
    "reason.draw": "{tiles} in the middle would fit your garden less well than what the pile may give.",
    "reason.draw.one": "{tiles} in the middle would fit your garden less well than what the pile may give.",
    "reason.end": "{tiles} in the middle would not help your garden now.",
    "reason.end.one": "{tiles} in the middle would not help your garden now.",
    "reason.swap-alone": "the {tile} takes the place of your {there}, alone in its row and column.",
    "reason.blocked-below": "nothing can go between your {there} and your {b}: the {tile} leaves room for {count} numbers before the {b}.",
    "reason.blocked-below.twin": "nothing goes between your two {there}s: the {tile} leaves room for {count} numbers before them.",
    "reason.blocked-below.crossed": "your {there} is bigger than your {b}: the {tile} leaves room for {count} numbers before the {b}.",
    "reason.blocked-above": "nothing can go between your {a} and your {there}: the {tile} leaves room for {count} numbers after the {a}.",
    "reason.blocked-above.twin": "nothing goes between your two {there}s: the {tile} leaves room for {count} numbers after them.",
    "reason.blocked-above.crossed": "your {a} is bigger than your {there}: the {tile} leaves room for {count} numbers after the {a}.",
    "reason.squeezed-below": "only a {n} can go between your {there} and your {b}: the {tile} leaves room for {count} numbers before the {b}.",
    "reason.squeezed-above": "only a {n} can go between your {a} and your {there}: the {tile} leaves room for {count} numbers after the {a}.",
    "reason.corner-top": "small numbers go top left: the {tile} suits this corner better than your {there}.",
    "reason.corner-bottom": "large numbers go bottom right: the {tile} suits this corner better than your {there}.",
    "reason.room-both": "between your {a} and {b}, the {tile} leaves room on both sides: for {before} smaller numbers before it, and {after} larger ones after it.",
    "reason.lower": "your {there} belongs lower right, with the large numbers: the {tile} suits this cell better.",
    "reason.higher": "your {there} belongs higher left, with the small numbers: the {tile} suits this cell better.",
    "reason.more-after": "the {tile}, smaller than your {there}, leaves more room to its right and below.",
    "reason.more-before": "the {tile}, larger than your {there}, leaves more room to its left and above.",
    "reason.open-top": "small numbers go top left: the {tile} suits this corner.",
    "reason.open-bottom": "large numbers go bottom right: the {tile} suits this corner.",
    "reason.open-middle": "the {tile} is near the middle of 1 to 20: it leaves room on both sides.",
    "reason.setup": "your tiles climb down the diagonal from the top left: {tiles}.",
    "reason.setup.twin": "your tiles go down the diagonal from the smallest at the top left: {tiles}. Your two {twin}s may both stay there, as they share no row or column, but nothing can go between them until you swap one.",
    "reason.setup-any": "this order puts {tiles} down the diagonal, from top left to bottom right.",
    "reason.diagonal": "the {tile} goes {where} on the diagonal.",
    "reason.diagonal-empty": "the diagonal climbs from top left to bottom right: a {tile} belongs on its cell {cell}.",
    "diagonal.between": "between your {a} and your {b}",
    "diagonal.after": "after your {a}",
    "diagonal.before": "before your {b}",
    "say.tile": "the {tile}",
    "why.win": "The computer played the game out many times from here: this move wins about {win} of them, against {next} for the next best move.",
    "why.win-even": "The computer played the game out many times from here: this move wins about {win} of them; others do nearly as well.",
    "why.win-none": "The others are ahead now; this move keeps your garden best placed should they stumble.",
    "why.cells": "It leaves the fewest empty cells at the end: about {cells}, against {next} for the next best move.",
    "why.turns": "Your garden has {cells}: after this move, about {turns} more of your turns to fill it by the computer's count (many tiles drawn fit nowhere), {gain} {gain_word} fewer than after the next best move.",
    "why.turns-even": "Your garden has {cells}: after this move, about {turns} more of your turns to fill it by the computer's count (many tiles drawn fit nowhere); other moves do as well.",
    "word.turns": "turns",
    "word.turns.one": "turn",
    "why.full": "It fills your garden.",
    "why.only": "It is the only sensible move here.",
})
TEXTS["fr"].update({
    "reason.fits": "le {tile} va {where}.",
    "reason.swap": "à la place de votre {there}, le {tile} va {where}.",
    "reason.open": "le {tile} commence la rangée {row} et la colonne {col}, encore vides.",
    "reason.full": "le {tile} remplit la dernière case de votre jardin.",
    "where.between-col": "entre vos {a} et {b} en colonne {col}",
    "where.under": "sous votre {a} en colonne {col}",
    "where.over": "au-dessus de votre {b} en colonne {col}",
    "where.between-row": "entre vos {a} et {b} en rangée {row}",
    "where.after": "après votre {a} en rangée {row}",
    "where.before": "avant votre {b} en rangée {row}",
    "reason.nowhere": "le {tile} ne va nulle part dans votre jardin.",
    "reason.discard-one": "le {tile} n'irait qu'en rangée {row}, colonne {col} : remis au centre, il laisse cette case à un nombre qui ira mieux.",
    "reason.discard": "le {tile} n'irait que sur {count} de vos cases : remis au centre, il les laisse à des nombres qui iront mieux.",
    "reason.draw-none": "aucun trèfle du centre ({tiles}) ne va dans votre jardin.",
    "reason.draw": "{tiles} du centre iraient moins bien dans votre jardin que ce que la pioche peut donner.",
    "reason.draw.one": "{tiles} du centre irait moins bien dans votre jardin que ce que la pioche peut donner.",
    "reason.end": "{tiles} du centre n'aideraient pas votre jardin maintenant.",
    "reason.end.one": "{tiles} du centre n'aiderait pas votre jardin maintenant.",
    "reason.swap-alone": "le {tile} prend la place de votre {there}, seul dans sa rangée et sa colonne.",
    "reason.blocked-below": "rien ne va entre votre {there} et votre {b} : le {tile} laisse place à {count} nombres avant le {b}.",
    "reason.blocked-below.twin": "rien ne va entre vos deux {there} : le {tile} laisse place à {count} nombres avant eux.",
    "reason.blocked-below.crossed": "votre {there} dépasse votre {b} : le {tile} laisse place à {count} nombres avant le {b}.",
    "reason.blocked-above": "rien ne va entre votre {a} et votre {there} : le {tile} laisse place à {count} nombres après le {a}.",
    "reason.blocked-above.twin": "rien ne va entre vos deux {there} : le {tile} laisse place à {count} nombres après eux.",
    "reason.blocked-above.crossed": "votre {a} dépasse votre {there} : le {tile} laisse place à {count} nombres après le {a}.",
    "reason.squeezed-below": "seul un {n} va entre votre {there} et votre {b} : le {tile} laisse place à {count} nombres avant le {b}.",
    "reason.squeezed-above": "seul un {n} va entre votre {a} et votre {there} : le {tile} laisse place à {count} nombres après le {a}.",
    "reason.corner-top": "les petits nombres vont en haut à gauche : le {tile} y va mieux que votre {there}.",
    "reason.corner-bottom": "les grands nombres vont en bas à droite : le {tile} y va mieux que votre {there}.",
    "reason.room-both": "entre vos {a} et {b}, le {tile} laisse de la place des deux côtés : pour {before} nombres plus petits avant lui, et {after} plus grands après lui.",
    "reason.lower": "votre {there} irait plus bas à droite, avec les grands nombres : le {tile} va mieux ici.",
    "reason.higher": "votre {there} irait plus haut à gauche, avec les petits nombres : le {tile} va mieux ici.",
    "reason.more-after": "le {tile}, plus petit que votre {there}, laisse plus de place à sa droite et en dessous.",
    "reason.more-before": "le {tile}, plus grand que votre {there}, laisse plus de place à sa gauche et au-dessus.",
    "reason.open-top": "les petits nombres vont en haut à gauche : le {tile} convient à ce coin.",
    "reason.open-bottom": "les grands nombres vont en bas à droite : le {tile} convient à ce coin.",
    "reason.open-middle": "le {tile} est près du milieu de 1 à 20 : il laisse de la place des deux côtés.",
    "reason.setup": "vos trèfles croissent le long de la diagonale depuis le coin en haut à gauche : {tiles}.",
    "reason.setup.twin": "vos trèfles vont le long de la diagonale, du plus petit en haut à gauche : {tiles}. Vos deux {twin} peuvent rester sur la diagonale, car ils ne partagent ni rangée ni colonne, mais rien ne pourra aller entre eux tant que vous n'en échangez pas un.",
    "reason.setup-any": "cet ordre met {tiles} le long de la diagonale, d'en haut à gauche à en bas à droite.",
    "reason.diagonal": "le {tile} va {where} sur la diagonale.",
    "reason.diagonal-empty": "la diagonale monte d'en haut à gauche à en bas à droite : un {tile} a sa place sur sa case {cell}.",
    "diagonal.between": "entre votre {a} et votre {b}",
    "diagonal.after": "après votre {a}",
    "diagonal.before": "avant votre {b}",
    "say.tile": "le {tile}",
    "why.win": "L'ordinateur a joué la partie jusqu'au bout bien des fois d'ici : ce coup en gagne environ {win}, contre {next} pour le meilleur autre.",
    "why.win-even": "L'ordinateur a joué la partie jusqu'au bout bien des fois d'ici : ce coup en gagne environ {win} ; d'autres font presque aussi bien.",
    "why.win-none": "Les autres sont en avance ; ce coup garde votre jardin le mieux placé s'ils trébuchent.",
    "why.cells": "Il laisse le moins de cases vides à la fin : environ {cells}, contre {next} pour le meilleur autre coup.",
    "why.turns": "Votre jardin a {cells} : après ce coup, environ {turns} de vos tours pour le remplir d'après l'ordinateur (bien des tuiles piochées ne vont nulle part), {gain} {gain_word} de moins qu'après le meilleur autre coup.",
    "why.turns-even": "Votre jardin a {cells} : après ce coup, environ {turns} de vos tours pour le remplir d'après l'ordinateur (bien des tuiles piochées ne vont nulle part) ; d'autres coups font aussi bien.",
    "word.turns": "tours",
    "word.turns.one": "tour",
    "why.full": "Il remplit votre jardin.",
    "why.only": "C'est le seul coup sensé ici.",
})

# the review's first words: the costliest decisions (board.py, `lead_move`), the reason read in
# the garden as it was first, the chances of winning folded after
TEXTS["en"].update({
    "review.outcome.still": "Even so, some moves made your win harder:",
    "review.lead": "Move {n}: the computer would have played “{best}”: {reason} You {said}.",
    "review.lead.cost": "It cost you about {loss} of your chances of winning, from {best_value} down to {value}, by the computer's play-outs.",
    "review.lead-wins.cost": "The computer's move filled your garden: it would have won the game.",
})
TEXTS["fr"].update({
    "review.outcome.still": "Pourtant, certains coups ont rendu la victoire plus difficile :",
    "review.lead": "Coup {n} : l'ordinateur aurait joué « {best} », car {reason} Vous avez joué « {said} ».",
    "review.lead.cost": "Il vous a coûté environ {loss} de vos chances de gagner, de {best_value} à {value}, selon les parties jouées par l'ordinateur.",
    "review.lead-wins.cost": "Le coup de l'ordinateur remplissait votre jardin : il gagnait la partie.",
})

# the words of the game's board in the page (board.py)
TEXTS["fr"].update({
    "review.explain": "Pour chacune de vos décisions, mise en place comprise, le coup qu’aurait choisi l’ordinateur le plus fort (celui du conseil). Chaque coup vaut ses chances de gagner : l’ordinateur joue la partie jusqu’au bout de nombreuses fois après lui, les trèfles mélangés à chaque fois, et compte combien de fois vous gagnez. Perdu : les chances de gagner que le coup a coûtées, en points de pourcentage. Les plus grosses pertes d’abord.",
})
TEXTS["en"].update({
    'review.explain': "For each of your decisions, the setup included, the move the strongest computer player would have chosen (the hint's move). Each move is worth its chance of winning: the computer plays the game on to its end many times after it, the tiles shuffled each time, and counts how often you win. Lost: the chances of winning the move cost, in percentage points. Biggest losses first.",
})
