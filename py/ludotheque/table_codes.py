"""One game on several devices, with no server: codes a person reads aloud or types.

A **table code** holds what every device needs to play the same game: the game, its rules
version, its options and the seed. Each device then plays its own one-seat game from that seed:
the same tiles or calls in the same order, each revealed only once the last one is placed.

A **result code** holds one device's finished game: which table it belongs to, the person's
name, and each of their moves as its place in the list of legal moves at that point (`legal_moves()`
order), packed into one number: a move that was the only one possible costs nothing, a choice
among n costs log2(n) bits. Any device of the table rebuilds every board from the seed and these
moves (`joint_state`): the scores are worked out there, never typed.

Both codes are written in Crockford's base 32 (digits and capitals without I, L, O, U: no two
characters that look alike; typed lower case, with O for 0 or I and L for 1, they read the same),
in groups of four, and end with a check character (Luhn mod 32: any one character mistyped, and
any two neighbours swapped, are caught). A result code also carries a short digest of its
contents and of its table's code, so a code altered by hand or made at another table is refused
with the reason, as is one whose moves the rules refuse.
"""
from __future__ import annotations

import hashlib
from collections import deque
from dataclasses import dataclass
from typing import Any

from .core import BadOptions, Game, IllegalMove, Move, State, game_ids, get_game

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {ch: n for n, ch in enumerate(ALPHABET)}
_VALUE.update({"O": 0, "I": 1, "L": 1})
GROUP = 4
SEED_BITS = 40          # a table's seed: a trillion deals, in 8 characters
KIND_TABLE, KIND_RESULT = 0, 1
FORMAT = 0              # the codes' layout; another layout gets another number
RESULT_FORMAT = 2       # a result code's layout: 2, a name of plain letters packed small (read still:
#                         1, names as UTF-8 up to MAX_NAME_BYTES; 0, up to 24 bytes)
TABLE_PRINT_BITS = 20   # a result code's mark of its table
DIGEST_BITS = 15        # a result code's digest of its own contents
MAX_NAME_BYTES = 96     # a name in a result code (UTF-8), cut at a character: a seat's whole name
#                         (the page's name rule keeps every name within it: web/reading.cut_name)
_NAME_BYTES = {0: 24, 1: MAX_NAME_BYTES, 2: MAX_NAME_BYTES}   # each result layout's longest name in bytes
# layout 2: a name of these characters (lower case; a capital only where a word starts, after a
# space, hyphen or apostrophe) costs under 6 bits a character instead of 8 or 16 in UTF-8
NAME_LETTERS = "abcdefghijklmnopqrstuvwxyz àâäæçéèêëîïôöœùûüÿñ-'0123456789"
WORD_BREAKS = " -'"
MAX_PLAIN_NAME = 24     # a plain name's length in characters (a seat's whole name: `cut_name`)
MAX_CODE_CHARS = 400


class CodeError(ValueError):
    """A code that cannot be used, `key` saying why (the page's text `devices.error.<key>`)."""

    def __init__(self, key: str, **params: Any):
        super().__init__(key)
        self.key = key
        self.params = params


# --- characters ---------------------------------------------------------------------------------

def check_char(digits: list[int]) -> int:
    """Luhn mod 32 over the code's values: the value that makes the whole sum a multiple of 32."""
    total, factor = 0, 2
    for value in reversed(digits):
        addend = factor * value
        total += addend // 32 + addend % 32
        factor = 3 - factor
    return (32 - total % 32) % 32


def write(number: int) -> str:
    """A number as a code: base-32 characters (least significant last), the check character,
    in groups of four."""
    digits = []
    while True:
        number, digit = divmod(number, 32)
        digits.append(digit)
        if number == 0:
            break
    digits.reverse()
    digits.append(check_char(digits))
    text = "".join(ALPHABET[d] for d in digits)
    groups = [text[i:i + GROUP] for i in range(0, len(text), GROUP)]
    if len(groups) > 1 and len(groups[-1]) < GROUP // 2:   # no lone character at the end
        groups[-2:] = [groups[-2] + groups[-1]]
    return "-".join(groups)


def read(text: Any) -> int:
    """The number a typed code holds: spaces and dashes ignored, any case, O read as 0 and I, L
    as 1; CodeError "unreadable" for another character, "mistyped" when the check fails."""
    if not isinstance(text, str) or len(text) > MAX_CODE_CHARS:
        raise CodeError("unreadable")
    cleaned = [ch for ch in text.upper() if ch not in " -\t\n\r"]
    if len(cleaned) < 2 or any(ch not in _VALUE for ch in cleaned):
        raise CodeError("unreadable")
    digits = [_VALUE[ch] for ch in cleaned]
    if check_char(digits[:-1]) != digits[-1]:
        raise CodeError("mistyped")
    number = 0
    for digit in digits[:-1]:
        number = number * 32 + digit
    return number


class Packer:
    """Fields packed into one number, the first field in the lowest digits (mixed radix)."""

    def __init__(self) -> None:
        self.number, self.scale = 0, 1

    def put(self, value: int, radix: int) -> None:
        assert 0 <= value < radix
        self.number += value * self.scale
        self.scale *= radix


class Unpacker:
    def __init__(self, number: int):
        self.number = number

    def take(self, radix: int) -> int:
        self.number, value = divmod(self.number, radix)
        return value


# --- table codes --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Table:
    """What every device of a table plays: a one-seat game of `game` with these options and seed."""
    game: str
    options: dict[str, Any]
    seed: int

    def new(self) -> State:
        return get_game(self.game).new(1, seed=self.seed, options=self.options)

    @property
    def code(self) -> str:
        return table_code(self)

    @property
    def mark(self) -> int:
        """The table's mark in its result codes."""
        return _digest(("table", self.code), TABLE_PRINT_BITS)


def device_games() -> list[Game]:
    """The games played on several devices (`Game.device_number` set), in their numbers' order."""
    found = [get_game(game_id) for game_id in game_ids()]
    return sorted((g for g in found if g.device_number is not None), key=lambda g: g.device_number)


def table_code(table: Table) -> str:
    game = get_game(table.game)
    if game.device_number is None or not game.on_devices(table.options):
        raise BadOptions(f"{game.id} is not played on several devices with these options")
    options = game.validate_options(table.options, 1)
    packer = Packer()
    packer.put(KIND_TABLE, 2)
    packer.put(FORMAT, 4)
    packer.put(game.device_number, 16)
    packer.put(game.rules_version % 16, 16)
    for opt in game.options:
        packer.put(opt.choices.index(options[opt.name]), len(opt.choices))
    packer.put(table.seed % (1 << SEED_BITS), 1 << SEED_BITS)
    packer.put(1, 2)   # a leading one: the code's length is its own
    return write(packer.number)


def read_table(text: Any) -> Table:
    """The table a typed code names; CodeError: unreadable, mistyped, "result" (a result code,
    not a table's), "game" (a game this app does not play on several devices), "version"
    (made by a version of the app whose rules differ), "options" (options the game refuses)."""
    fields = Unpacker(read(text))
    if fields.take(2) != KIND_TABLE:
        raise CodeError("result")
    if fields.take(4) != FORMAT:
        raise CodeError("version")
    number = fields.take(16)
    game = next((g for g in device_games() if g.device_number == number), None)
    if game is None:
        raise CodeError("game")
    if fields.take(16) != game.rules_version % 16:
        raise CodeError("version")
    options = {opt.name: opt.choices[min(fields.take(len(opt.choices)), len(opt.choices) - 1)]
               for opt in game.options}
    seed = fields.take(1 << SEED_BITS)
    if fields.number != 1:
        raise CodeError("unreadable")
    try:
        options = game.validate_options(options, 1)
    except BadOptions:
        raise CodeError("options") from None
    if not game.on_devices(options):
        raise CodeError("options")
    table = Table(game.id, options, seed)
    if read(table.code) != read(text):
        raise CodeError("unreadable")   # a value out of range, written back differently
    return table


# --- result codes -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Result:
    """One device's finished game at a table: whose, and the moves that rebuild it."""
    name: str
    state: State


def _digest(parts: tuple, bits: int) -> int:
    data = repr(parts).encode("utf-8")
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big") % (1 << bits)


def _name_bytes(name: str) -> bytes:
    data = name.strip().encode("utf-8")[:MAX_NAME_BYTES]
    return data.decode("utf-8", "ignore").encode("utf-8")


def _word_starts(lower: str) -> list[int]:
    """Where a name's words start: a letter at its start or after a space, hyphen or apostrophe."""
    return [i for i, ch in enumerate(lower)
            if ch.upper() != ch and (i == 0 or lower[i - 1] in WORD_BREAKS)]


def _put_name(packer: Packer, label: bytes) -> None:
    """A name in a layout-2 code: plain (each character's place in NAME_LETTERS, then whether
    each word starts with a capital) when it is written so, else its UTF-8 bytes."""
    name = label.decode("utf-8")
    lower = name.lower()
    starts = _word_starts(lower)
    plain = (len(name) <= MAX_PLAIN_NAME and len(lower) == len(name) and all(ch in NAME_LETTERS for ch in lower)
             and all(ch == lower[i] or (i in starts and ch == lower[i].upper()) for i, ch in enumerate(name)))
    packer.put(int(plain), 2)
    if not plain:
        packer.put(len(label), MAX_NAME_BYTES + 1)
        packer.put(int.from_bytes(label, "big"), 1 << (8 * len(label)))
        return
    packer.put(len(name), MAX_PLAIN_NAME + 1)
    for ch in lower:
        packer.put(NAME_LETTERS.index(ch), len(NAME_LETTERS))
    for i in starts:
        packer.put(int(name[i] != lower[i]), 2)


def _take_name(fields: Unpacker, layout: int) -> bytes:
    """The name's UTF-8 bytes, as `_put_name` (layout 2) or earlier layouts wrote them."""
    if layout < 2 or not fields.take(2):
        length = fields.take(_NAME_BYTES[layout] + 1)
        return fields.take(1 << (8 * length)).to_bytes(length, "big")
    lower = "".join(NAME_LETTERS[fields.take(len(NAME_LETTERS))] for _ in range(fields.take(MAX_PLAIN_NAME + 1)))
    name = list(lower)
    for i in _word_starts(lower):
        if fields.take(2):
            name[i] = lower[i].upper()
    return "".join(name).encode("utf-8")


def result_code(table: Table, name: str, state: State) -> str:
    """A finished one-seat game of this table as a code: ValueError if it is not (unfinished,
    or another game)."""
    if not state.is_over or state.players != 1 or state.record()["seed"] != table.seed \
            or state.game.id != table.game:
        raise ValueError("only a finished game of this table has a result code")
    choices = _choices(table, state.moves)
    moves = Packer()
    for index, count in choices:
        moves.put(index, count)
    label = _name_bytes(name)
    digest = _digest(("result", table.code, label, moves.number), DIGEST_BITS)
    packer = Packer()
    packer.put(KIND_RESULT, 2)
    packer.put(RESULT_FORMAT, 4)
    packer.put(table.mark, 1 << TABLE_PRINT_BITS)
    packer.put(digest, 1 << DIGEST_BITS)
    _put_name(packer, label)
    number = packer.number + packer.scale * (moves.number * 2 + 1)   # a leading one, as in a table code
    return write(number)


def _choices(table: Table, moves: list[Move]) -> list[tuple[int, int]]:
    """Each move's place among the legal moves where it was played, and their number."""
    state = table.new()
    out = []
    for move in moves:
        legal = state.legal_moves()
        out.append((legal.index(move), len(legal)))
        state.play(move)
    return out


def read_result(table: Table, text: Any) -> Result:
    """The finished game a result code holds, rebuilt on this table's seed; CodeError:
    unreadable, mistyped, "table-code" (a table code, not a result), "other-table", "altered"
    (its digest does not match: changed by hand), "illegal" (a move the rules refuse, or a game
    that does not end where the code does)."""
    fields = Unpacker(read(text))
    if fields.take(2) != KIND_RESULT:
        raise CodeError("table-code")
    layout = fields.take(4)
    if layout not in _NAME_BYTES:
        raise CodeError("version")
    if fields.take(1 << TABLE_PRINT_BITS) != table.mark:
        raise CodeError("other-table")
    digest = fields.take(1 << DIGEST_BITS)
    label = _take_name(fields, layout)
    rest = fields.number
    if rest % 2 != 1:
        raise CodeError("unreadable")
    moves_number = rest // 2
    if _digest(("result", table.code, label, moves_number), DIGEST_BITS) != digest:
        raise CodeError("altered")
    try:
        name = label.decode("utf-8")
    except UnicodeDecodeError:
        raise CodeError("altered") from None
    state = table.new()
    moves = Unpacker(moves_number)
    while not state.is_over:
        legal = state.legal_moves()
        index = moves.take(len(legal))
        state.play(legal[index])
    if moves.number:
        raise CodeError("illegal")
    return Result(name, state)


# --- the table's result -------------------------------------------------------------------------

def seating(results: list[Result]) -> list[Result]:
    """The boards in the order every device of the table seats them: by name (one board per
    name at a gathering), whichever device gathers and in whatever order the codes were typed.
    So the game of all of them is the same game on every device: its record, and the last move
    its end names (the seats place each tile in turn: who placed it last is a matter of order)."""
    return sorted(results, key=lambda result: (result.name.casefold(), result.name))


def joint_state(table: Table, results: list[Result]) -> State:
    """Every device's game at one table, seat by seat in the order given: the game of as many
    seats that they make together, played move by move in the game's own turn order (each seat's
    moves in the order that seat made them), so its scores, winners and ties are the rules' own.
    A move the whole table makes once (`Game.table_moves`, such as starting the next round) is
    the first seat's; the others' copies of it are passed over. CodeError "illegal" if the games
    do not fit together (they never fail for finished games of this table)."""
    game = get_game(table.game)
    if not 1 <= len(results) <= game.max_players:
        raise CodeError("seats", most=game.max_players)
    state = game.new(len(results), seed=table.seed, options=table.options)
    queues = [deque(result.state.moves) for result in results]
    while not state.is_over:
        seat = state.current_player
        queue = queues[seat]
        while seat != 0 and queue and queue[0]["type"] in game.table_moves:
            queue.popleft()
        if not queue:
            raise CodeError("illegal")
        try:
            state.play(queue.popleft())
        except IllegalMove:   # games that do not fit together
            raise CodeError("illegal") from None
    if any(move["type"] not in game.table_moves for queue in queues for move in queue):
        raise CodeError("illegal")
    return state
