"""Rucki Zucki's words in English and French: rules, options, refusals, the move log, banners."""
from __future__ import annotations

_ROUNDS_EN = {f"option.rounds.{n}": ("1 round" if n == 1 else f"{n} rounds") for n in range(1, 13)}
_ROUNDS_FR = {f"option.rounds.{n}": ("1 manche" if n == 1 else f"{n} manches") for n in range(1, 13)}

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "name": "Rucki Zucki",
        "picture.neighbours": "21 touches eight cells, by an edge or a corner: once 21 is on the board, the 9, 10, 11, 20, 22, 31, 32 and 33 may all be placed.",
        "picture.joker-cell": "With J empty, the 24 (crossed) does not touch the 25: the way round is 14 or 36. And the 19 (crossed) never touches the 18: the pile lies between them.",
        "pitch": "Get rid of your cards on the numbered board before the round stops dead.",
        "rules.short": (
            '## In short\n'
            'Goal: get rid of your cards; what stays in your hand counts against you.\n'
            'On your turn, put cards on the board, as many as you like: card 7 goes on cell 7, and only'
            ' next to a cell that already holds a card (side or corner). The joker goes on any empty '
            "cell next to a card. If you put nothing down, draw a card from the pile. When someone's "
            'hand is empty, the round ends.\n'
            '[[neighbours]]'),
        "rules": (
            "## The cards\n"
            "46 number cards, 1 to 46, and one joker. The board has 4 rows of 12 cells: one cell per "
            "number, the pile cell P and the joker cell J. On a phone the app stands the board on its "
            "side (4 columns of 12): the same cells, the same neighbours.\n\n"
            "## Setting up\n"
            "Each player gets 5 cards, kept secret. The rest is the face-down pile on P. Its top card "
            "is turned over onto its own number (the joker goes on 25). The player left of the dealer "
            "starts; play goes clockwise.\n\n"
            "## Your turn\n"
            "Place as many cards as you can and want, one after the other. Card n goes on cell n, "
            "and only next to a cell that is already occupied, by an edge or a corner. Cards you "
            "place this turn count, so you can play whole chains. You never have to place a card.\n"
            "[[neighbours]]\n\n"
            "If you placed nothing, you must draw the top card of the pile; you may play it from "
            "your next turn on. Otherwise you simply end your turn.\n\n"
            "## The joker\n"
            "The joker goes on any empty number cell, or on J, next to an occupied cell. While it "
            "lies on number n, whoever holds the card n may put it there and take the joker back "
            "into their hand, and replay it at once; that counts as placing a card. On J the joker "
            "stays until the end of the round.\n\n"
            "## Special cells\n"
            "An empty J does not connect the cells around it (24 does not touch 25; go round by 14 "
            "or 36). P never connects: 18 and 19, 7 and 29 do not touch, even with the joker.\n"
            "[[joker-cell]]\n\n"
            "## End of a round\n"
            "The round stops at once when a player has placed all their cards. It also stops when "
            "the pile runs out: whoever drew the last card may still place it if it fits. Every "
            "card left in hand counts its value in penalty points; the joker counts 100.\n\n"
            "## The match\n"
            "Play as many rounds as there are players, the dealer moving one seat clockwise. The "
            "fewest penalty points win; a tie is shared.\n\n"
            "## Tactics\n"
            "Placing every card you can is safe. Holding cards back can block the others, but the "
            "round may end suddenly with those cards in your hand."),
        "option.board": "Board",
        "option.board.help": "The blue side has the numbers in order. For a harder game, shuffle them: the "
                             "same way every game, or anew each round (neither is the box's red side).",
        "option.board.blue": "Blue side (numbers in order)",
        "option.board.red": "Shuffled, always the same (not the printed red side)",
        "option.board.random": "Shuffled anew each round (not a printed side)",
        "option.joker": "Joker",
        "option.joker.help": "Whether the joker, like every card, must touch an occupied cell.",
        "option.joker.connected": "Next to an occupied cell",
        "option.joker.anywhere": "On any empty cell",
        "option.last_draw": "Last card of the pile",
        "option.last_draw.help": "What the player who draws the last card may still place before the round ends.",
        "option.last_draw.drawn-card": "Only the card drawn",
        "option.last_draw.any-cards": "Any cards that fit",
        "option.rounds": "Rounds",
        "option.rounds.help": "Normally as many rounds as players.",
        "option.rounds.seats": "One per player",
        **_ROUNDS_EN,
        "illegal.bad-card": "There is no card {card}.",
        "illegal.bad-cell": "There is no cell {cell}.",
        "illegal.not-in-hand": "You do not hold the {card}.",
        "illegal.no-joker-in-hand": "You do not hold the joker.",
        "illegal.only-drawn-card": "After the pile's last card, only that card ({card}) may still be placed.",
        "illegal.exchange-instead": "The joker lies on {card}: exchange it for your {card} instead.",
        "illegal.no-joker-there": "The joker does not lie on {card}: there is nothing to exchange.",
        "illegal.joker-stays": "The joker on the joker cell stays there until the end of the round.",
        "illegal.no-neighbour": "{card} touches no card on the board.",
        "illegal.no-neighbour-pile": "{card} and {other} do not touch: the pile lies between them.",
        "illegal.no-neighbour-joker-cell": "{card} has no neighbour on the board: the joker cell between it "
                                           "and {other} is empty.",
        "illegal.joker-no-neighbour": "Cell {cell} touches no card on the board: the joker must join the others.",
        "illegal.joker-no-neighbour-pile": "Cell {cell} does not touch {other}: the pile lies between them.",
        "illegal.joker-no-neighbour-joker-cell": "Cell {cell} has no neighbour on the board: the joker cell "
                                                 "between it and {other} is empty.",
        "illegal.joker-on-pile": "Nothing can be placed on the pile.",
        "illegal.cell-taken": "Cell {cell} is taken.",
        "illegal.placed-no-draw": "You placed a card this turn, so you do not draw: end your turn.",
        "illegal.nothing-placed": "You placed no card this turn: draw instead.",
        "illegal.pile-empty": "The pile is empty.",
        "illegal.round-over": "Round {round} is over: deal the next round first.",
        "illegal.not-between-rounds": "The round is still being played.",
        "move.place": "placed the {card}",
        "move.place-last": "placed the {card}, their last card",
        "move.exchange": "exchanged the {card} for the joker",
        "move.joker": "placed the joker on {cell}",
        "move.joker-on-j": "placed the joker on the joker cell",
        "move.draw": "drew a card",
        "move.draw-last": "drew the pile's last card",
        # several seats that did the same, said together on the last-move line
        "move.draw.many": "each drew a card",
        "move.end": "ended their turn",
        "move.stop": "placed nothing more",
        "move.next-round": "dealt round {round}",
        "move.laid.short": "placed {cards}",
        "move.laid-out.short": "placed {cards} and has no card left",
        "brief.card": "the {card}",
        "brief.joker": "the joker",
        "prompt.turn": "place cards next to the occupied cells, or draw a card",
        "prompt.turn-stuck": "no card fits: draw a card",
        "prompt.placed": "place more cards, or end your turn",
        "prompt.placed-done": "nothing else fits: end your turn",
        "prompt.last-draw": "you drew the pile's last card ({card}): place it if it fits, or stop",
        "prompt.last-draw-any": "you drew the pile's last card ({card}): place what fits, then stop",
        "prompt.waiting": "is playing",
        "prompt.scoring": "round {round} is over: see the hands, then deal round {next}",
        "prompt.over": "the game is over",
        "round.out": "{who} put down their last card",
        "round.out.scoring": "{who} put down their last card: round {round} is over. See the hands, then deal round {next}",
        "round.pile": "the pile ran out and nobody emptied their hand",
        "round.pile.scoring": "the pile ran out: round {round} is over. See the hands, then deal round {next}",
        "round.title": "End of round {round}",
        "round.penalty": "{who}: {count} points",
        "round.penalty.one": "{who}: {count} point",
        "label.layout-blue": "Blue side",
        "label.layout-red": "Shuffled board, the same every game: not the printed layout",
        "label.layout-random": "Board shuffled for this round: not the printed layout",
        "label.pile": "Pile: {count} cards",
        "label.pile.one": "Pile: {count} card",
        "label.pile-cell": "P",
        "label.joker-cell": "J",
        "label.joker": "Joker",
        "label.hand": "Your hand",
        "label.cards": "{count} cards",
        "label.cards.one": "{count} card",
        "label.draw": "Draw a card",
        "label.end": "End the turn",
        "label.stop": "Stop",
        "label.exchange": "Exchange for the joker",
        "label.round": "Round {round} of {rounds}",
        "label.dealer": "Dealer: {player}",
        "label.penalty": "Penalty",
        "label.total": "Total",
        "label.joker-held": "{player} holds the joker",
        "label.placed": "Placed this turn: {cards}",
        "label.drawn": "You drew the {card}",
        "say.card": "the {card}",
        "say.exchange": "the {card} for the joker",
        "say.joker": "the joker on {cell}",
        "say.lay": "lay {cards}",
        "say.draw": "draw a card",
        "say.end": "end the turn",
        "say.stop": "stop",
        "say.then": "{first}, then {second}",
        "board.laid-by": "laid by {player}",
        "said.lay": "you laid {cards}",
        "said.draw": "you drew a card",
        "said.end": "you ended the turn",
        "said.stop": "you stopped",
        "hint.say": "Suggested: {moves}.",
        "review.explain": "For each of your turns, the cards the strongest computer player would have laid, in order (the hint's), from your hand at the time. Each turn is worth the penalty points you can expect at the round's end: the computer deals the cards it cannot see at random many times and plays the round on to its end. Lost: the penalty points the turn added to that expectation. Biggest losses first.",
        "review.turn": "Turn {turn}",
        "review.hand": "hand: {cards}",
        "review.expected": "{points} penalty pts expected",
        "review.lost": "+{points} pts",
    },
    "fr": {
        "name": "Rucki Zucki",
        "picture.neighbours": "Le 21 touche huit cases, par un bord ou un coin : une fois le 21 posé, les 9, 10, 11, 20, 22, 31, 32 et 33 peuvent tous être posés.",
        "picture.joker-cell": "Avec J vide, le 24 (barré) ne touche pas le 25 : on le contourne par 14 ou 36. Et le 19 (barré) ne touche jamais le 18 : la pioche est entre eux.",
        "pitch": "Videz votre main sur le plan numéroté avant que la manche ne s'arrête net.",
        "rules.short": (
            '## En bref\n'
            'But : vous débarrasser de vos cartes ; celles qui restent en main comptent contre vous.\n'
            'À votre tour, posez des cartes sur le plateau, autant que vous voulez : la carte 7 va sur '
            "la case 7, et seulement à côté d'une case qui porte déjà une carte (par un bord ou un "
            "coin). Le joker va sur une case vide à côté d'une carte. Si vous n'avez rien posé, piochez"
            " une carte. Quand quelqu'un n'a plus de cartes, la manche s'arrête.\n"
            '[[neighbours]]'),
        "rules": (
            "## Les cartes\n"
            "46 cartes numérotées de 1 à 46 et un joker. Le plan a 4 rangées de 12 cases : une case "
            "par nombre, la case de la pioche P et la case Joker J. Sur un téléphone, l'application "
            "pose le plan sur le côté (4 colonnes de 12) : les mêmes cases, les mêmes voisines.\n\n"
            "## Préparation\n"
            "Chaque joueur reçoit 5 cartes, gardées secrètes. Le reste forme la pioche, face cachée "
            "sur P. On retourne sa première carte sur son nombre (le joker va sur le 25). Le joueur "
            "à gauche du donneur commence ; on joue dans le sens des aiguilles d'une montre.\n\n"
            "## Votre tour\n"
            "Posez autant de cartes que vous pouvez et voulez, l'une après l'autre. La carte n va "
            "sur la case n, et seulement à côté d'une case déjà occupée, par un bord ou un coin. Les "
            "cartes posées pendant le tour comptent : on peut poser de vraies chaînes. Vous n'êtes "
            "jamais obligé de poser.\n"
            "[[neighbours]]\n\n"
            "Si vous n'avez rien posé, vous devez piocher la première carte de la pioche ; vous ne "
            "pourrez la poser qu'à votre prochain tour. Sinon, vous terminez simplement votre tour.\n\n"
            "## Le joker\n"
            "Le joker va sur n'importe quelle case numérotée libre, ou sur J, à côté d'une case "
            "occupée. Tant qu'il repose sur le nombre n, celui qui a la carte n peut la poser à sa "
            "place et reprendre le joker en main, puis le rejouer aussitôt ; cela compte comme une "
            "carte posée. Sur la case J, le joker reste jusqu'à la fin de la manche.\n\n"
            "## Cases spéciales\n"
            "Une case J vide ne relie pas les cases autour d'elle (24 ne touche pas 25 ; on la "
            "contourne par 14 ou 36). P ne relie jamais : 18 et 19, 7 et 29 ne se touchent pas, "
            "même avec le joker.\n"
            "[[joker-cell]]\n\n"
            "## Fin de manche\n"
            "La manche s'arrête aussitôt qu'un joueur a posé toutes ses cartes. Elle s'arrête aussi "
            "quand la pioche est épuisée : celui qui a pris la dernière carte peut encore la poser "
            "si elle convient. Chaque carte restée en main compte sa valeur en points négatifs ; le "
            "joker compte 100.\n\n"
            "## La partie\n"
            "On joue autant de manches qu'il y a de joueurs, le donneur changeant d'une place dans "
            "le sens des aiguilles d'une montre. Le moins de points négatifs gagne ; une égalité "
            "est partagée.\n\n"
            "## Tactique\n"
            "Poser toutes les cartes possibles ne fait prendre aucun risque. Garder des cartes "
            "posables peut bloquer les autres, mais la manche peut finir soudain avec ces cartes en "
            "main."),
        "option.board": "Plan de jeu",
        "option.board.help": "La face bleue a les nombres dans l'ordre. Pour corser le jeu, mélangez-les : de "
                             "la même façon à chaque partie, ou à chaque manche (ni l'un ni l'autre n'est la "
                             "face rouge de la boîte).",
        "option.board.blue": "Face bleue (nombres dans l'ordre)",
        "option.board.red": "Mélangé, toujours le même (pas la face rouge imprimée)",
        "option.board.random": "Mélangé à chaque manche (pas une face imprimée)",
        "option.joker": "Joker",
        "option.joker.help": "Si le joker, comme toute carte, doit toucher une case occupée.",
        "option.joker.connected": "À côté d'une case occupée",
        "option.joker.anywhere": "Sur n'importe quelle case libre",
        "option.last_draw": "Dernière carte de la pioche",
        "option.last_draw.help": "Ce que le joueur qui prend la dernière carte peut encore poser avant la fin "
                                 "de la manche.",
        "option.last_draw.drawn-card": "Seulement la carte piochée",
        "option.last_draw.any-cards": "Toutes les cartes qui conviennent",
        "option.rounds": "Manches",
        "option.rounds.help": "Normalement autant de manches que de joueurs.",
        "option.rounds.seats": "Une par joueur",
        **_ROUNDS_FR,
        "illegal.bad-card": "Il n'y a pas de carte {card}.",
        "illegal.bad-cell": "Il n'y a pas de case {cell}.",
        "illegal.not-in-hand": "Vous n'avez pas le {card}.",
        "illegal.no-joker-in-hand": "Vous n'avez pas le joker.",
        "illegal.only-drawn-card": "Après la dernière carte de la pioche, seule cette carte ({card}) peut "
                                   "encore être posée.",
        "illegal.exchange-instead": "Le joker est sur le {card} : échangez-le plutôt contre votre {card}.",
        "illegal.no-joker-there": "Le joker n'est pas sur le {card} : il n'y a rien à échanger.",
        "illegal.joker-stays": "Le joker posé sur la case Joker y reste jusqu'à la fin de la manche.",
        "illegal.no-neighbour": "Le {card} ne touche aucune carte du plan.",
        "illegal.no-neighbour-pile": "Le {card} et le {other} ne se touchent pas : la pioche est entre eux.",
        "illegal.no-neighbour-joker-cell": "Le {card} n'a aucun voisin sur le plan : la case Joker entre lui "
                                           "et le {other} est vide.",
        "illegal.joker-no-neighbour": "La case {cell} ne touche aucune carte du plan : le joker doit rejoindre "
                                      "les autres.",
        "illegal.joker-no-neighbour-pile": "La case {cell} ne touche pas le {other} : la pioche est entre eux.",
        "illegal.joker-no-neighbour-joker-cell": "La case {cell} n'a aucun voisin sur le plan : la case Joker "
                                                 "entre elle et le {other} est vide.",
        "illegal.joker-on-pile": "On ne pose rien sur la pioche.",
        "illegal.cell-taken": "La case {cell} est occupée.",
        "illegal.placed-no-draw": "Vous avez posé une carte ce tour-ci, vous ne piochez donc pas : terminez "
                                  "votre tour.",
        "illegal.nothing-placed": "Vous n'avez posé aucune carte ce tour-ci : piochez plutôt.",
        "illegal.pile-empty": "La pioche est vide.",
        "illegal.round-over": "La manche {round} est finie : distribuez d'abord la manche suivante.",
        "illegal.not-between-rounds": "La manche est encore en cours.",
        "move.place": "a posé le {card}",
        "move.place-last": "a posé le {card}, sa dernière carte",
        "move.exchange": "a échangé le {card} contre le joker",
        "move.joker": "a posé le joker sur le {cell}",
        "move.joker-on-j": "a posé le joker sur la case Joker",
        "move.draw": "a pioché une carte",
        "move.draw-last": "a pioché la dernière carte",
        "move.draw.many": "ont pioché chacun une carte",
        "move.end": "a terminé son tour",
        "move.stop": "n'a plus rien posé",
        "move.next-round": "a distribué la manche {round}",
        "move.laid.short": "a posé {cards}",
        "move.laid-out.short": "a posé {cards} et n'a plus de carte",
        "brief.card": "le {card}",
        "brief.joker": "le joker",
        "prompt.turn": "posez des cartes à côté des cases occupées, ou piochez",
        "prompt.turn-stuck": "aucune carte ne convient : piochez",
        "prompt.placed": "posez d'autres cartes, ou terminez votre tour",
        "prompt.placed-done": "plus rien ne convient : terminez votre tour",
        "prompt.last-draw": "vous avez pris la dernière carte ({card}) : posez-la si elle convient, ou arrêtez",
        "prompt.last-draw-any": "vous avez pris la dernière carte ({card}) : posez ce qui convient, puis arrêtez",
        "prompt.waiting": "est en train de jouer",
        "prompt.scoring": "la manche {round} est finie : voyez les mains, puis distribuez la manche {next}",
        "prompt.over": "la partie est terminée",
        "round.out": "{who} a posé sa dernière carte",
        "round.out.scoring": "{who} a posé sa dernière carte : la manche {round} est finie. Voyez les mains, puis distribuez la manche {next}",
        "round.pile": "la pioche est épuisée et personne n'a vidé sa main",
        "round.pile.scoring": "la pioche est épuisée : la manche {round} est finie. Voyez les mains, puis distribuez la manche {next}",
        "round.title": "Fin de la manche {round}",
        "round.penalty": "{who} : {count} points",
        "round.penalty.one": "{who} : {count} point",
        "label.layout-blue": "Face bleue",
        "label.layout-red": "Plan mélangé, le même à chaque partie : ce n'est pas le plan imprimé",
        "label.layout-random": "Plan mélangé pour cette manche : ce n'est pas le plan imprimé",
        "label.pile": "Pioche : {count} cartes",
        "label.pile.one": "Pioche : {count} carte",
        "label.pile-cell": "P",
        "label.joker-cell": "J",
        "label.joker": "Joker",
        "label.hand": "Votre main",
        "label.cards": "{count} cartes",
        "label.cards.one": "{count} carte",
        "label.draw": "Piocher",
        "label.end": "Finir le tour",
        "label.stop": "Arrêter",
        "label.exchange": "Échanger contre le joker",
        "label.round": "Manche {round} sur {rounds}",
        "label.dealer": "Donneur : {player}",
        "label.penalty": "Points négatifs",
        "label.total": "Total",
        "label.joker-held": "{player} a le joker",
        "label.placed": "Posées ce tour-ci : {cards}",
        "label.drawn": "Vous avez pioché le {card}",
        "say.card": "le {card}",
        "say.exchange": "le {card} contre le joker",
        "say.joker": "le joker sur {cell}",
        "say.lay": "posez {cards}",
        "say.draw": "piochez une carte",
        "say.end": "finissez le tour",
        "say.stop": "arrêtez-vous",
        "say.then": "{first}, puis {second}",
        "board.laid-by": "posée par {player}",
        "said.lay": "vous avez posé {cards}",
        "said.draw": "vous avez pioché une carte",
        "said.end": "vous avez fini le tour",
        "said.stop": "vous avez arrêté",
        "hint.say": "Conseil : {moves}.",
        "review.explain": "Pour chacun de vos tours, les cartes que l’ordinateur le plus fort aurait posées, dans l’ordre (celles du conseil), avec votre main d’alors. Chaque tour vaut les points de pénalité que vous pouvez attendre à la fin de la manche : l’ordinateur distribue au hasard, de nombreuses fois, les cartes qu’il ne voit pas et joue la manche jusqu’au bout. Perdu : les points de pénalité que le tour a ajoutés à cette attente. Les plus grosses pertes d’abord.",
        "review.turn": "Tour {turn}",
        "review.hand": "main : {cards}",
        "review.expected": "{points} pts de pénalité attendus",
        "review.lost": "+{points} pts",
    },
}

GUIDE = {
    "players": 2, "people": 2, "seed": 130, "options": {"rounds": 1},
    "moves": [
        [{"type": "place", "card": 20}, "guide.touch"],
        [{"type": "place", "card": 9}, "guide.chain"],
        [{"type": "joker", "cell": 21}, "guide.joker"],
        [{"type": "end"}, None],   # nothing else fits: the table ends the turn (a real game does); taught below
        [{"type": "exchange", "card": 21}, "guide.exchange"],
        [{"type": "joker", "cell": 19}, "guide.joker-again"],   # not 22: it would let the 34 of the next turn fit
        [{"type": "end"}, "guide.end-turn"],
        [{"type": "draw"}, None],   # nothing fits: the guide draws for them (said in the end's sentence)
    ],
    "cover": "guide.cover",
    "end": "guide.end",
}
"""The guided first game (web/table/guide.py plays it): two people at one tablet on a fixed deal, every
move in order with the sentence that teaches it. It teaches touching, chains, the joker, the
exchange, the draw and the hand-over cover ("cover": said on it)."""

TEXTS["en"].update({
    "guide.touch": "A card goes on the cell of its own number, touching a card already there by a side or a corner: lay your 20 beside the 31.",
    "guide.chain": "The cards you lay this turn count too: the 9 touches your 20.",
    "guide.joker": "The joker goes on any empty cell touching a card: tap it, then the lit cell 21.",
    "guide.end-turn": "Stop when you like: tap “End the turn”.",
    "guide.cover": "This screen comes between two people at every turn: tap the button once the player named holds the tablet.",
    "guide.exchange": "You hold the 21 under the joker: lay it there and the joker comes into your hand.",
    "guide.joker-again": "Play the joker again at once: left in your hand at the end, it costs 100 points.",
    "guide.end": "Nothing the next player held fitted: they draw a card, to play from their next turn (at a real table, once they have seen their hand). The round ends when a hand is empty: the cards left in each hand count against their owner, the joker 100. The fewest points win.",
})
TEXTS["fr"].update({
    "guide.touch": "Une carte se pose sur la case de son numéro, en touchant une carte déjà posée par un côté ou un coin : posez votre 20 à côté du 31.",
    "guide.chain": "Les cartes posées ce tour-ci comptent aussi : le 9 touche votre 20.",
    "guide.joker": "Le joker va sur n'importe quelle case libre qui touche une carte : touchez-le, puis la case 21 éclairée.",
    "guide.end-turn": "Arrêtez quand vous voulez : touchez « Finir le tour ».",
    "guide.cover": "Cet écran vient entre deux joueurs à chaque tour : touchez le bouton une fois que le joueur nommé tient la tablette.",
    "guide.exchange": "Vous avez le 21 que couvre le joker : posez-le là, et le joker vient dans votre main.",
    "guide.joker-again": "Rejouez le joker aussitôt : resté en main à la fin, il coûte 100 points.",
    "guide.end": "Rien de la main du joueur suivant n'allait : il pioche une carte, à jouer au tour suivant (dans une vraie partie, après avoir vu sa main). La manche finit quand une main est vide : les cartes restées en main comptent contre leur propriétaire, le joker 100. Le moins de points gagne.",
})

# why the hint: first what its cards do on the board (board.py, `reason_of`: the card each goes
# beside, the cards kept and the cells they would open), then the strongest bot's own playouts,
# folded (bots.rucki_zucki.hint_why)
TEXTS["en"].update({
    "why.and": " and ",
    "reason.card": "your {card} goes beside the {touch}",
    "reason.joker": "the joker goes on {cell}, beside the {touch}",
    "reason.card.corner": "your {card} touches the {touch} at a corner",
    "reason.joker.corner": "the joker goes on {cell}, touching the {touch} at a corner",
    "reason.exchange": "your {card} takes the joker's place and the joker comes back to your hand",
    "reason.fewer": "{count} cards fewer in your hand",
    "reason.fewer.one": "one card fewer in your hand",
    "reason.out": "your hand is empty and the round ends",
    "reason.kept": "you keep {cards}, which would open {cells} to the others",
    "reason.kept.one": "you keep {cards}, which would open {cells} to the others",
    "reason.kept-closed": "you keep {cards} for later",
    "reason.kept-closed.one": "you keep {cards} for later",
    "reason.draw": "you draw a card",
    "reason.none": "none of your cards touches a card on the board: you draw one",
    "reason.end": "you end the turn",
    "reason.last-none": "the {card} touches no card on the board",
    "say.cell": "the {cell}",
    "reason.so": "{cards}: {after}",
    "reason.also": "{first}; {second}",
    "reason.more": "{count} more cards, each beside one laid before it",
    "say.joker-card": "joker",
    "why.keep": "Played out to the round's end many times, holding back leaves you about {penalty} penalty points, against {next_penalty} if you {next}.",
    "why.keep-edge": "Played out to the round's end many times, holding back leaves you about {gain} points better off against the others than if you {next}.",
    "why.plan": "Played out to the round's end many times, this leaves you about {penalty} penalty points, against {next_penalty} if you {next}.",
    "why.plan-edge": "Played out to the round's end many times, this leaves you about {gain} points better off against the others than if you {next}.",
    "why.keep.one": "Played out to the round's end many times, holding back leaves you about {penalty} penalty point, against {next_penalty} if you {next}.",
    "why.keep-edge.one": "Played out to the round's end many times, holding back leaves you about {gain} point better off against the others than if you {next}.",
    "why.plan.one": "Played out to the round's end many times, this leaves you about {penalty} penalty point, against {next_penalty} if you {next}.",
    "why.plan-edge.one": "Played out to the round's end many times, this leaves you about {gain} point better off against the others than if you {next}.",
    "why.keep-match": "Holding back gives you the better chance to win the match: about {match} of the games the computer played out from here, against {next_match} if you {next}.",
    "why.plan-match": "It gives you the best chance to win the match: about {match} of the games the computer played out from here, against {next_match} if you {next}.",
    "why.keep-even": "Played out to the round's end many times, holding back does about as well, and keeps your choices open.",
    "why.plan-even": "It is about as good as if you {next}, and the steadier of the two.",
})
TEXTS["fr"].update({
    "why.and": " et ",
    "reason.card": "votre {card} va à côté du {touch}",
    "reason.joker": "le joker va sur le {cell}, à côté du {touch}",
    "reason.card.corner": "votre {card} touche le {touch} par un coin",
    "reason.joker.corner": "le joker va sur le {cell}, contre un coin du {touch}",
    "reason.exchange": "votre {card} prend la place du joker, qui revient dans votre main",
    "reason.fewer": "{count} cartes de moins dans votre main",
    "reason.fewer.one": "une carte de moins dans votre main",
    "reason.out": "votre main est vide et la manche s'arrête",
    "reason.kept": "vous gardez {cards}, qui ouvriraient {cells} aux autres",
    "reason.kept.one": "vous gardez {cards}, qui ouvrirait {cells} aux autres",
    "reason.kept-closed": "vous gardez {cards} pour plus tard",
    "reason.kept-closed.one": "vous gardez {cards} pour plus tard",
    "reason.draw": "vous piochez une carte",
    "reason.none": "aucune de vos cartes ne touche une carte du plateau : vous en piochez une",
    "reason.end": "vous finissez le tour",
    "reason.last-none": "le {card} ne touche aucune carte du plateau",
    "say.cell": "le {cell}",
    "reason.so": "{cards} : {after}",
    "reason.also": "{first} ; {second}",
    "reason.more": "{count} autres cartes, chacune à côté d'une carte posée avant elle",
    "say.joker-card": "joker",
    "why.keep": "En jouant la manche jusqu'au bout bien des fois, attendre vous laisse environ {penalty} points de pénalité, contre {next_penalty} si vous {next}.",
    "why.keep-edge": "En jouant la manche jusqu'au bout bien des fois, attendre vous laisse environ {gain} points mieux placé face aux autres que si vous {next}.",
    "why.plan": "En jouant la manche jusqu'au bout bien des fois, il vous reste environ {penalty} points de pénalité, contre {next_penalty} si vous {next}.",
    "why.plan-edge": "En jouant la manche jusqu'au bout bien des fois, vous finissez environ {gain} points mieux placé face aux autres que si vous {next}.",
    "why.keep.one": "En jouant la manche jusqu'au bout bien des fois, attendre vous laisse environ {penalty} point de pénalité, contre {next_penalty} si vous {next}.",
    "why.keep-edge.one": "En jouant la manche jusqu'au bout bien des fois, attendre vous laisse environ {gain} point mieux placé face aux autres que si vous {next}.",
    "why.plan.one": "En jouant la manche jusqu'au bout bien des fois, il vous reste environ {penalty} point de pénalité, contre {next_penalty} si vous {next}.",
    "why.plan-edge.one": "En jouant la manche jusqu'au bout bien des fois, vous finissez environ {gain} point mieux placé face aux autres que si vous {next}.",
    "why.keep-match": "Attendre vous donne plus de chances de gagner la partie : environ {match} des parties que l'ordinateur a jouées d'ici, contre {next_match} si vous {next}.",
    "why.plan-match": "C'est ce qui vous donne le plus de chances de gagner la partie : environ {match} des parties que l'ordinateur a jouées d'ici, contre {next_match} si vous {next}.",
    "why.keep-even": "En jouant la manche jusqu'au bout bien des fois, attendre revient à peu près au même, et garde vos choix ouverts.",
    "why.plan-even": "C'est à peu près aussi bien que si vous {next}, et le plus sûr des deux.",
})

# the review's first words: the costliest turns (board.py, `lead_turn`), the cards that made the
# difference first, the penalty points they risked folded after
TEXTS["en"].update({
    "review.outcome.still": "Even so, some turns were riskier than the computer's:",
    "review.round.points": "{count} penalty points",
    "review.round.points.one": "{count} penalty point",
    "review.round.points.none": "no penalty point",
    "review.lead": "Turn {turn}: the computer would {best}, where you chose to {moves}.",
    "review.lead.laid": "Turn {turn}: you laid {cards}, which the computer would have kept in hand.",
    "review.lead.laid.one": "Turn {turn}: you laid {cards}, which the computer would have kept in hand.",
    "review.lead.kept": "Turn {turn}: you kept {cards}, which the computer would have laid.",
    "review.lead.kept.one": "Turn {turn}: you kept {cards}, which the computer would have laid.",
    "review.lead.swap": "Turn {turn}: you laid {extra} and kept {kept}; the computer would have done the opposite.",
    "review.lead.opened": "Turn {turn}: you laid {cards}, which the computer would have kept in hand: they opened {cells} to the others.",
    "review.lead.opened.one": "Turn {turn}: you laid {cards}, which the computer would have kept in hand: it opened {cells} to the others.",
    "review.lead.cost": "By the computer's reckoning, the turn risked about {loss} more penalty {points}: about {best_value} {best_points} at the round's end instead of {value}.",
})
TEXTS["fr"].update({
    "review.outcome.still": "Pourtant, certains tours étaient plus risqués que ceux de l'ordinateur :",
    "review.round.points": "{count} points de pénalité",
    "review.round.points.one": "{count} point de pénalité",
    "review.round.points.none": "aucun point de pénalité",
    "review.lead": "Tour {turn} : l'ordinateur aurait choisi « {best} », vous « {moves} ».",
    "review.lead.laid": "Tour {turn} : vous avez posé {cards}, que l'ordinateur aurait gardés en main.",
    "review.lead.laid.one": "Tour {turn} : vous avez posé {cards}, que l'ordinateur aurait gardé en main.",
    "review.lead.kept": "Tour {turn} : vous avez gardé {cards}, que l'ordinateur aurait posés.",
    "review.lead.kept.one": "Tour {turn} : vous avez gardé {cards}, que l'ordinateur aurait posé.",
    "review.lead.swap": "Tour {turn} : vous avez posé {extra} et gardé {kept} ; l'ordinateur aurait fait l'inverse.",
    "review.lead.opened": "Tour {turn} : vous avez posé {cards}, que l'ordinateur aurait gardés en main : ils ont ouvert {cells} aux autres.",
    "review.lead.opened.one": "Tour {turn} : vous avez posé {cards}, que l'ordinateur aurait gardé en main : il a ouvert {cells} aux autres.",
    "review.lead.cost": "Selon l'ordinateur, le tour risquait environ {loss} {points} de pénalité de plus : environ {best_value} {best_points} en fin de manche au lieu de {value}.",
})

# the words of the game's board in the page (board.py)
TEXTS["fr"].update({
    'board.pile-cell': "C'est la pioche : aucune carte ne va jamais sur P.",
    'board.not-in-hand': "Vous n'avez pas la carte de la {cell}.",
    "board.own-cell": "Le {card} va seulement sur la case marquée {card}.",
    "board.fits": "Jouable maintenant",
    "board.hand-sum": "{count} points",
    "board.hand-sum.one": "{count} point",
    "board.empty-hand": "Plus aucune carte",
    'board.total': "pénalités jusqu'ici : {total}",
    "board.stuck": "Aucune de vos cartes ne touche une carte posée : vous en piochez une.",
    "board.stuck-drawn": "Vous avez pioché {card} : il reste dans votre main, votre tour est fini.",
    # a draw the table made for the person in front of the screen (nothing was hidden from her)
    "move.draw.auto": "a pioché une carte : aucune de vos cartes n'allait",
    "move.draw-last.auto": "a pioché la dernière carte : aucune de vos cartes n'allait",
    "move.draw.auto.short": "a pioché : rien n'allait",
    "move.draw-last.auto.short": "a pioché la dernière : rien n'allait",
    "board.next-round": "Distribuer la manche {round}",
    "board.cell": "case {cell}",
    "board.joker": "le joker",
    "board.score": "Points de pénalité",
})
TEXTS["en"].update({
    "board.pile-cell": "That is the pile: no card ever goes on P.",
    "board.not-in-hand": "You do not hold the card of {cell}.",
    "board.own-cell": "The {card} goes only on the cell marked {card}.",
    "board.fits": "Playable now",
    "board.hand-sum": "{count} points",
    "board.hand-sum.one": "{count} point",
    "board.empty-hand": "No card left",
    "board.total": "penalty so far: {total}",
    "board.stuck": "None of your cards touches a card on the board: you draw one.",
    "board.stuck-drawn": "You drew {card}: it stays in your hand, and your turn is over.",
    # a draw the table made for the person in front of the screen (nothing was hidden from her)
    "move.draw.auto": "drew a card: none of your cards fitted",
    "move.draw-last.auto": "drew the pile's last card: none of your cards fitted",
    "move.draw.auto.short": "drew: nothing fitted",
    "move.draw-last.auto.short": "drew the last card: nothing fitted",
    "board.next-round": "Deal round {round}",
    "board.cell": "cell {cell}",
    "board.joker": "the joker",
    "board.score": "Penalty points",
})
