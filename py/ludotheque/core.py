"""The engine contract every game follows, modelled on OpenSpiel's game/state split and on
boardgame.io's serialisable moves.

A game is a `Game` object that declares its id, its player counts and its options; `game.new()`
returns a `State`. A state answers whose turn it is, which moves are legal, applies a move or
refuses it with `IllegalMove` (leaving itself untouched), copies itself for search, and tells what
one seat may see (`view`). Its `record()` is the whole history; `game.replay(record)` rebuilds the
identical state, which is the only way a save comes back.

Nothing here touches the browser: the engine runs the same on CPython and on Pyodide. All
randomness comes from `Rng`, a small portable generator, so a seed means the same deal everywhere.
"""
from __future__ import annotations

import copy as _copy
import json
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence, TypeVar

Move = dict[str, Any]

# what a move or a record's options may hold: JSON scalars and lists, a few levels deep, small
MAX_FIELD_DEPTH = 3        # a move's field may be a list of lists of lists of scalars at most
MAX_FIELD_ITEMS = 64       # scalars and lists in one move, all levels together
MAX_TEXT = 200             # characters in one string field
MAX_NUMBER = 2 ** 64       # seeds are 64-bit (daily deals use the whole range); nothing else comes near
MAX_MOVES = 100_000        # far more than any game's record


def plain(value: Any, depth: int = MAX_FIELD_DEPTH, budget: list[int] | None = None) -> bool:
    """True if value is a small JSON value: None, a bool, a bounded int, a finite float, a short
    string, or (within `depth` levels) a list of such, or a dict with string keys of such; at most
    MAX_FIELD_ITEMS items in all. It never recurses deeper than `depth`, so a hostile value nested
    thousands deep is refused at once instead of exhausting the stack."""
    budget = [MAX_FIELD_ITEMS] if budget is None else budget
    budget[0] -= 1
    if budget[0] < 0:
        return False
    if value is None or isinstance(value, bool):
        return True
    if isinstance(value, int):
        return -MAX_NUMBER <= value <= MAX_NUMBER
    if isinstance(value, float):
        return value == value and abs(value) != float("inf")
    if isinstance(value, str):
        return len(value) <= MAX_TEXT
    if depth <= 0:
        return False
    if isinstance(value, list):
        return len(value) <= MAX_FIELD_ITEMS and all(plain(v, depth - 1, budget) for v in value)
    if isinstance(value, dict):
        return len(value) <= MAX_FIELD_ITEMS and all(
            isinstance(k, str) and len(k) <= MAX_TEXT and plain(v, depth - 1, budget) for k, v in value.items())
    return False


def plain_move(move: dict[str, Any]) -> bool:
    """A move is an object whose fields are plain values (see `plain`)."""
    return plain(move, MAX_FIELD_DEPTH + 1)


def short_repr(value: Any, limit: int = 80) -> str:
    """repr() for messages, safe on any value: shallow, and cut to `limit` characters."""
    if isinstance(value, (dict, list)) and not plain(value, MAX_FIELD_DEPTH + 1):
        return f"<a {type(value).__name__} too large or too deep>"
    if isinstance(value, int) and not -MAX_NUMBER <= value <= MAX_NUMBER:
        return "<a huge number>"
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


# --- errors ---------------------------------------------------------------------------------------

CONTRACT_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "illegal.malformed": "That is not a move.",
        "illegal.game-over": "The game is over.",
        "illegal.unknown-move": "Unknown move {type!r}.",
        "illegal.move-fields": "A “{type}” move has exactly these fields: {fields} (in brackets: optional).",
        "illegal.field-type": "A move's “{field}” is a whole number or a word (or a list of them), not {value}.",
    },
    "fr": {
        "illegal.malformed": "Ce n'est pas un coup.",
        "illegal.game-over": "La partie est terminée.",
        "illegal.unknown-move": "Coup inconnu {type!r}.",
        "illegal.move-fields": "Un coup « {type} » a exactement ces champs : {fields} (entre crochets : facultatifs).",
        "illegal.field-type": "Le champ « {field} » d'un coup est un nombre entier ou un mot (ou une liste), pas {value}.",
    },
}
"""The refusals every game shares (the contract's own: a move of the wrong shape), said the same
way in each; a game's own text table may say them in its words instead."""


def whole_fields(value: Any) -> bool:
    """True if a move's field holds only whole numbers and words, in lists at any depth: no
    boolean (True is 1 to Python) and no float (6.0), which no game's move ever holds."""
    if isinstance(value, list):
        return all(whole_fields(item) for item in value)
    return isinstance(value, str) or isinstance(value, int) and not isinstance(value, bool)


class IllegalMove(Exception):
    """A move the rules refuse. `key` names the reason in the text tables (so the page can say it
    in the player's language); `params` fill its blanks; `str()` is the English sentence."""

    def __init__(self, key: str, reason: str, **params: Any):
        super().__init__(reason)
        self.key = key
        self.reason = reason
        self.params = params


class BadOptions(ValueError):
    """An unknown option, a value out of range, or a player count the game does not allow."""


class BadRecord(ValueError):
    """A record that cannot be replayed: wrong shape, unknown game, or a move refused at step k."""

    def __init__(self, message: str, move_index: int | None = None):
        super().__init__(message)
        self.move_index = move_index


# --- randomness -----------------------------------------------------------------------------------

_MASK64 = (1 << 64) - 1


def _splitmix(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def derive_seed(seed: int, *labels: int | str) -> int:
    """A sub-seed for one purpose (a round's shuffle, a bot's thinking), stable across platforms."""
    x = _splitmix(seed & _MASK64)
    for label in labels:
        if isinstance(label, str):
            for ch in label.encode("utf-8"):
                x = _splitmix(x ^ ch)
        else:
            x = _splitmix(x ^ (label & _MASK64))
    return x


class Rng:
    """xorshift64* seeded through splitmix64: tiny, fast enough, identical on CPython and Pyodide,
    and its whole state is one int, so copying a game state copies its future exactly."""

    __slots__ = ("state",)

    def __init__(self, seed: int):
        self.state = derive_seed(seed) or 0x2545F4914F6CDD1D

    def next64(self) -> int:
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & _MASK64
        x ^= x >> 27
        self.state = x
        return (x * 0x2545F4914F6CDD1D) & _MASK64

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _MASK64 - (_MASK64 + 1) % n
        while True:
            r = self.next64()
            if r <= limit:
                return r % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list):
        return items[self.below(len(items))]

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)


# --- options --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Option:
    """One declared option: its name, the allowed values (the default first unless `default` says
    otherwise) and, for the menus, whether it only applies when other options have some value.

    Labels and one-line explanations live in the game's text table under `option.<name>` and
    `option.<name>.<value>`."""

    name: str
    choices: tuple
    default: Any = None
    requires: dict[str, tuple] = field(default_factory=dict)
    ignored_with: dict[str, tuple] = field(default_factory=dict)
    """Values of other options with which this one plays no part, although a record may carry it
    (records made before that was said): the menus leave it out and a new game takes its default."""
    rare: bool = False
    """A choice few tables change: the new-game form folds it under "More options" (it still plays
    its part, and the fold says how many of its options differ from their defaults)."""

    @property
    def default_value(self) -> Any:
        return self.choices[0] if self.default is None else self.default

    def applies(self, options: dict[str, Any]) -> bool:
        return all(options.get(k) in allowed for k, allowed in self.requires.items())

    def matters(self, options: dict[str, Any]) -> bool:
        """Whether the option plays a part with these `options` (the menus show it only then)."""
        return self.applies(options) and not any(options.get(k) in values for k, values in self.ignored_with.items())


# --- the game and its states ----------------------------------------------------------------------

class Game:
    """A game's declaration. Subclasses set the class attributes and `state_class`."""

    id: str = ""
    rules_version: int = 1
    min_players: int = 1
    max_players: int = 1
    default_players: int = 2
    options: tuple[Option, ...] = ()
    # every move type with its (required, optional) fields besides "type"; a move of another type,
    # or with a field missing or unknown, is refused before the game's own `check` sees it
    move_fields: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
    state_class: type["State"]
    secret_hands = False   # each seat holds cards the others may not see (a hand-over cover between people)
    # text tables: {"en": {key: text}, "fr": {key: text}}; "name" and "pitch" at least
    texts: dict[str, dict[str, str]] = {"en": {}, "fr": {}}
    # a guided first game, kept beside the texts (web/table/guide.py plays it): "players", "people" (the
    # first seats are people, the others computers), "seed", "options", "moves" ([move, the text
    # key of the sentence that teaches it, or None when the guide plays it], in order), "end" (the
    # last sentence) and "cover" (said on the hand-over cover, with secret hands); None: no guide
    guide: dict[str, Any] | None = None
    # a daily deal: the options of everybody's same one-seat game of the day (seeded by
    # `daily_seed`); None: the game has none
    daily_options: dict[str, Any] | None = None
    lower_is_better = False   # scores are kept as negative numbers (tiles left, penalties) and shown positive
    # move types that decide nothing when they are a person's only legal move (a forced draw, an
    # end of turn with nothing else possible): the table plays them for the person at once
    formalities: frozenset[str] = frozenset()
    # played on several devices (table_codes.py): the game's number in a table code (None: not
    # played so), and the move types the whole table makes once, which each device's one-seat
    # game makes for itself (starting the next round)
    device_number: int | None = None
    table_moves: frozenset[str] = frozenset()
    device_fixed: dict[str, Any] = {}   # options a table of several devices always has (not the caller mode)

    def on_devices(self, options: dict[str, Any]) -> bool:
        """Whether a table of several devices may play with these options (each device plays a
        one-seat game on the same seed): those of `device_fixed` as it says."""
        return self.device_number is not None and all(options.get(k) == v for k, v in self.device_fixed.items())

    def daily_seed(self, date_iso: str) -> int | None:
        """The seed of the daily deal on `date_iso` ("YYYY-MM-DD"): the same deal on every device
        (None: the game has no daily deal)."""
        return None

    def records(self, state: "State") -> dict[str, float]:
        """A finished one-seat game's figures kept as personal records, by key (a record is
        beaten by a higher figure of the same key); by default none."""
        return {}

    def solo_left(self, state: "State") -> int | None:
        """A finished solitaire's pieces left over (0: completed), which statistics add up; None
        where the game keeps no such tally."""
        return None

    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        raise BadOptions(f"{self.id}: unknown option {name!r}")

    def default_options(self) -> dict[str, Any]:
        return {opt.name: opt.default_value for opt in self.options}

    def validate_options(self, options: dict[str, Any] | None, players: int | None = None) -> dict[str, Any]:
        """Fill in defaults and refuse anything not declared; returns a complete options dict."""
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise BadOptions(f"{self.id}: options must be a mapping, not {type(options).__name__}")
        known = {opt.name for opt in self.options}
        unknown = sorted(set(options) - known)
        if unknown:
            raise BadOptions(f"{self.id}: unknown option(s) {', '.join(map(repr, unknown))}; "
                             f"known: {', '.join(sorted(known)) or 'none'}")
        full = self.default_options()
        for name, value in options.items():
            opt = self.option(name)
            if value not in opt.choices or isinstance(value, bool) != isinstance(opt.default_value, bool):
                raise BadOptions(f"{self.id}: option {name!r} cannot be {value!r}; "
                                 f"allowed: {', '.join(map(repr, opt.choices))}")
            full[name] = value
        self.check_options(full, players)
        for opt in self.options:   # a record never carries a setting that plays no part
            if not opt.applies(full) and full[opt.name] != opt.default_value:
                needs = " and ".join(f"{k} = {' or '.join(map(str, v))}" for k, v in opt.requires.items())
                raise BadOptions(f"{self.id}: the option {opt.name!r} only applies with {needs}; "
                                 "leave it at its default")
        return full

    def check_options(self, options: dict[str, Any], players: int | None) -> None:
        """Hook for rules that tie options together (raise BadOptions)."""

    def settle_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options a menu should show after the player changed one: where an option forces
        others (an edition that has only one setup), they follow. Unchanged by default."""
        return options

    def check_players(self, players: Any) -> int:
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadOptions(f"{self.id}: the number of players must be a whole number")
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(f"{self.id}: {players} players; this game takes "
                             f"{self.min_players} to {self.max_players}")
        return players

    def new(self, players: int | None = None, seed: int = 0, options: dict[str, Any] | None = None) -> "State":
        if players is None:
            players = self.default_players
        players = self.check_players(players)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadOptions(f"{self.id}: the seed must be a whole number")
        full = self.validate_options(options, players)
        state = self.state_class.__new__(self.state_class)
        state.game = self
        state.players = players
        state.seed = seed
        state.options = full
        state.moves = []
        state.setup()
        return state

    def replay(self, record: Any) -> "State":
        """Rebuild the state a record describes, move by move; a bad record raises BadRecord."""
        if not isinstance(record, dict):
            raise BadRecord("a record must be a JSON object")
        for key in ("game", "players", "seed", "options", "moves"):
            if key not in record:
                raise BadRecord(f"the record has no {key!r}")
        if record["game"] != self.id:
            raise BadRecord(f"this record is for {short_repr(record['game'])}, not {self.id!r}")
        version = record.get("rules_version", self.rules_version)
        if version != self.rules_version:
            raise BadRecord(f"rules version {short_repr(version)} is not {self.rules_version} (this app's)")
        if not isinstance(record["moves"], list) or len(record["moves"]) > MAX_MOVES:
            raise BadRecord(f"the record's moves must be a list of at most {MAX_MOVES}")
        options = record["options"]
        if options is not None and not (isinstance(options, dict) and plain(options, MAX_FIELD_DEPTH)):
            raise BadRecord("the record's options must be an object of small plain values")
        if not all(plain(record[key], 0) for key in ("players", "seed")):
            raise BadRecord("the record's players and seed must be numbers")
        try:
            state = self.new(record["players"], record["seed"], options)
        except BadOptions as exc:
            raise BadRecord(str(exc)) from exc
        for k, move in enumerate(record["moves"]):
            try:
                state.play(self.written(state, move) if isinstance(move, dict) else move)
            except IllegalMove as exc:
                raise BadRecord(f"move {k + 1} ({short_repr(move)}) is refused: {exc.reason}", k) from exc
        return state

    def written(self, state: "State", move: Move) -> Move:
        """A recorded move in the one form this version plays it, from the form an older version
        may have written (a field it took then and refuses now, say): `replay` reads every record
        through it, so old records stay replayable while `play` takes one form per move, the one
        `legal_moves()` lists. The default: as it is. It must never raise: a move it does not
        recognise is returned unchanged, for `play` to refuse."""
        return move

    def check_fields(self, move: Move) -> None:
        """Refuse a move of an unknown type, one with a field missing or unknown, or a field that
        is not made of whole numbers and words (every game's fields are)."""
        if not self.move_fields:
            return
        kind = move["type"]
        if kind not in self.move_fields:
            raise self.refuse("unknown-move", type=kind)
        required, optional = self.move_fields[kind]
        fields = set(move) - {"type"}
        if not required <= fields <= required | optional:
            names = sorted(required) + [f"[{name}]" for name in sorted(optional)]
            raise self.refuse("move-fields", type=kind, fields=", ".join(names) or "-")
        for name in sorted(fields):
            if not whole_fields(move[name]):
                raise self.refuse("field-type", field=name, value=short_repr(move[name], 40))

    def refuse(self, key: str, **params: Any) -> IllegalMove:
        """The IllegalMove for reason `key`: its English sentence comes from the text table entry
        `illegal.<key>`, filled with `params` (JSON-able values), so the page can say the same in
        French from the same key."""
        template = self.text("en", f"illegal.{key}")
        return IllegalMove(key, template.format(**params), **params)

    def describe(self, before: "State", move: Move) -> dict[str, Any]:
        """A played move as everyone at the table may hear it, for the move log and the last-move
        line: {"key": "move.<...>", "params": {...}}, the text in the past tense without the
        player's name (the table puts the name first: "Alice" + "drew the 12"). `before` is the
        state the move was played in. It must name nothing hidden (a card drawn into a secret
        hand stays unnamed). The default names the move's type and fields."""
        return {"key": f"move.{move['type']}", "params": {k: v for k, v in move.items() if k != "type"}}

    def text(self, lang: str, key: str) -> str:
        """The game's text for `key` in `lang`: its own table, else the contract's, else English."""
        for tables in (self.texts, CONTRACT_TEXTS):
            found = (tables.get(lang) or {}).get(key) or tables["en"].get(key)
            if found:
                return found
        return key

    def summary(self) -> dict[str, Any]:
        """JSON-able summary for menus: id, player range, options with choices and defaults."""
        return {
            "id": self.id,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "default_players": self.default_players,
            "options": [{"name": o.name, "choices": list(o.choices), "default": o.default_value,
                         "requires": {k: list(v) for k, v in o.requires.items()}}
                        for o in self.options],
        }


class State:
    """One position of one game. Subclasses implement `setup`, `legal_moves`, `check`, `apply`,
    `view`, `scores` and the `current_player` / `is_over` properties."""

    game: Game
    players: int
    seed: int
    options: dict[str, Any]
    moves: list[Move]

    # -- to implement ------------------------------------------------------------------------------
    def setup(self) -> None:
        raise NotImplementedError

    @property
    def current_player(self) -> int | None:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def legal_moves(self) -> list[Move]:
        raise NotImplementedError

    def check(self, move: Move) -> None:
        """Raise IllegalMove, with the precise reason, unless `move` is legal now. The default
        compares with legal_moves(); games override it to say *why* a move is refused."""
        if move not in self.legal_moves():
            raise IllegalMove("illegal", f"{move!r} is not a legal move now", move=move)

    def apply(self, move: Move) -> None:
        raise NotImplementedError

    def view(self, seat: int | None = None) -> dict[str, Any]:
        raise NotImplementedError

    def scores(self) -> list[float]:
        """Scores so far, one per seat (the final ones once the game is over)."""
        raise NotImplementedError

    def information(self) -> int:
        """How much hidden information has come to light so far (tiles drawn or revealed). It
        never decreases; undo never goes back past a change of it. The default treats every
        move as a reveal, so a game that does not say otherwise has no undo."""
        return len(self.moves)

    def winners(self) -> list[int]:
        """Seats with the best score (ties shared); override where fewer is better."""
        scores = self.scores()
        best = max(scores)
        return [seat for seat, s in enumerate(scores) if s == best]

    # -- provided ----------------------------------------------------------------------------------
    def play(self, move: Move) -> None:
        """Apply a legal move; refuse any other with IllegalMove and change nothing."""
        if not isinstance(move, dict) or not isinstance(move.get("type"), str) or not plain_move(move):
            raise IllegalMove("malformed", f"a move is an object with a 'type' and small plain fields, "
                                           f"not {short_repr(move)}", move=short_repr(move))
        if self.is_over:
            raise IllegalMove("game-over", "the game is over", move=move)
        self.game.check_fields(move)
        self.check(move)
        move = _copy.deepcopy(move)
        self.apply(move)
        self.moves.append(move)

    def copy(self) -> "State":
        return _copy.deepcopy(self)

    def shallow_copy(self) -> "State":
        """A new state with the same fields, its options and move list its own: a game's fast
        `copy()` starts here and then copies the containers the rules change."""
        clone = self.__class__.__new__(self.__class__)
        clone.__dict__.update(self.__dict__)
        clone.options = dict(self.options)
        clone.moves = list(self.moves)  # moves are never mutated once played
        return clone

    def result(self) -> dict[str, list]:
        return {"scores": self.scores(), "winners": self.winners() if self.is_over else []}

    def record(self) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "rules_version": self.game.rules_version,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "moves": _copy.deepcopy(self.moves),
        }

    def __deepcopy__(self, memo: dict) -> "State":
        clone = self.__class__.__new__(self.__class__)
        memo[id(self)] = clone
        for key, value in self.__dict__.items():
            # the game object is an immutable declaration: share it
            clone.__dict__[key] = value if key == "game" else _copy.deepcopy(value, memo)
        return clone

    def __str__(self) -> str:
        return json.dumps(self.view(None), indent=1, sort_keys=True)


# --- registries -----------------------------------------------------------------------------------

_GAMES: dict[str, Game] = {}


def register_game(game: Game) -> Game:
    if not game.id:
        raise ValueError("a game needs an id")
    _GAMES[game.id] = game
    return game


def unregister_game(game_id: str) -> None:
    _GAMES.pop(game_id, None)


def game_ids() -> list[str]:
    return list(_GAMES)


def get_game(game_id: str) -> Game:
    try:
        return _GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(_GAMES) or 'none'}") from None


Choice = TypeVar("Choice")


class Bot:
    """A computer player. It decides from what its seat may see: `decide` receives the seat's view
    and the legal moves, never the state itself, so a hidden deck order cannot leak into its choice.
    Search bots rebuild possible states from the view (determinisation) with the game's helpers."""

    level: str = ""
    weighed: tuple[float, float | None] | None = None
    """Its last choice among options (`near_best`), by its own values: (the value of the option
    it chose, the best value among the others, None when it had no other). The hint says why
    with them, without a second search."""

    def __init__(self, game: Game, seed: int = 0):
        self.game = game
        self.seed = seed
        self.rng = Rng(derive_seed(seed, "bot", game.id, self.level))

    def choose(self, state: State) -> Move:
        seat = state.current_player
        if seat is None:
            raise IllegalMove("game-over", "the game is over")
        return self.decide(state.view(seat), state.legal_moves())

    def decide(self, view: dict[str, Any], legal: list[Move]) -> Move:
        raise NotImplementedError

    def near_best(self, options: Sequence[Choice], values: Sequence[float], margin: float,
                  *position: int | str, seat: int | None = None) -> Choice:
        """Variety between bots of one level: the first option of best value when `margin` is 0
        (the hint's choice), else a choice among the options whose value is within `margin` of
        the best, uniform and seeded by the bot's seed and `position` (labels naming the
        decision, drawn from the view), so two bots with different seeds given the same tiles
        play differently, and one bot given the same view always plays the same move.

        With `seat` (the seat deciding, from its view), where bots of every seat may face the
        very same decision (Take It Easy: the same tile on the same board), the choice is drawn
        from `position` alone and shifted by the seat: two seats facing one decision take
        different options whenever there are two or more, where independent draws took the same
        one as often as not. Each bot still plays each option as often as before."""
        choice = self._near_best(options, values, margin, *position, seat=seat)
        k = list(options).index(choice)
        others = [v for i, v in enumerate(values) if i != k]
        self.weighed = (values[k], max(others) if others else None)
        return choice

    def _near_best(self, options: Sequence[Choice], values: Sequence[float], margin: float,
                   *position: int | str, seat: int | None = None) -> Choice:
        """`near_best`'s choice (see there)."""
        best = max(values)
        if margin <= 0:
            return options[list(values).index(best)]
        near = [option for option, value in zip(options, values) if value >= best - margin]
        if len(near) == 1:
            return near[0]
        if seat is not None:
            shared = Rng(derive_seed(0, "variety", self.game.id, self.level, *position)).below(len(near))
            return near[(shared + seat) % len(near)]
        return near[Rng(derive_seed(self.seed, "variety", self.game.id, self.level, *position)).below(len(near))]


BotFactory = Callable[[Game, int], Bot]
_BOTS: dict[str, list[tuple[str, BotFactory]]] = {}
_DEFAULT_LEVEL: dict[str, str] = {}
_ALIASES: dict[str, dict[str, str]] = {}


def register_bot(game_id: str, level: str, factory: BotFactory, default: bool = False) -> None:
    """Levels are registered weakest first; registering an existing level replaces it. The
    default level (the middle one unless said) is the one a seat whose level this app does not
    know plays at; the new-game form's computers start at the middle one (`middle_bot_level`)."""
    if default:
        _DEFAULT_LEVEL[game_id] = level
    levels = _BOTS.setdefault(game_id, [])
    for i, (name, _) in enumerate(levels):
        if name == level:
            levels[i] = (level, factory)
            return
    levels.append((level, factory))


def register_bot_alias(game_id: str, old: str, new: str) -> None:
    """A level renamed by a later version: saves that name `old` play at level `new`. Aliases
    are not levels (`bot_levels` leaves them out), only `get_bot` and `resolve_bot_level` know them."""
    _ALIASES.setdefault(game_id, {})[old] = new


def resolve_bot_level(game_id: str, level: str | None) -> str | None:
    """The registered level that `level` names (itself or, for an old name, its alias), or None."""
    names = bot_levels(game_id)
    level = _ALIASES.get(game_id, {}).get(level, level) if isinstance(level, str) else level
    return level if level in names else None


def unregister_bots(game_id: str) -> None:
    _BOTS.pop(game_id, None)
    _DEFAULT_LEVEL.pop(game_id, None)
    _ALIASES.pop(game_id, None)


def middle_bot_level(game_id: str) -> str | None:
    """The middle of the game's levels (the weaker of the two middle ones): what a computer seat
    of the new-game form plays at on a device that remembers no table of the game."""
    names = bot_levels(game_id)
    return names[(len(names) - 1) // 2] if names else None


def default_bot_level(game_id: str) -> str | None:
    names = bot_levels(game_id)
    if not names:
        return None
    return _DEFAULT_LEVEL.get(game_id) or names[(len(names) - 1) // 2]


def bot_levels(game_id: str) -> list[str]:
    return [name for name, _ in _BOTS.get(game_id, [])]


def get_bot(game_id: str, level: str | None = None, seed: int = 0) -> Bot:
    levels = _BOTS.get(game_id)
    if not levels:
        raise KeyError(f"no bots for {game_id!r}")
    if level is None:
        level = levels[-1][0]
    level = _ALIASES.get(game_id, {}).get(level, level)
    for name, factory in levels:
        if name == level:
            return factory(get_game(game_id), seed)
    raise KeyError(f"no bot level {level!r} for {game_id!r}; levels: {', '.join(n for n, _ in levels)}")
