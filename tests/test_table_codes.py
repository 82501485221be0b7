"""Table codes and result codes (issue #43): what one device reads aloud and another types."""
from __future__ import annotations

import itertools
import random

import pytest

from ludotheque import games, table_codes
from ludotheque.table_codes import ALPHABET, CodeError, Packer, Table, read_result, read_table, result_code
from ludotheque.web.storage.saves import Save, Seat, kept_back


def every_table(seed: int = 987654321):
    for game in table_codes.device_games():
        names = [opt.name for opt in game.options]
        for values in itertools.product(*(opt.choices for opt in game.options)):
            try:
                options = game.validate_options(dict(zip(names, values)), 1)
            except ValueError:   # a combination the rules refuse
                continue
            if game.on_devices(options):
                yield Table(game.id, options, seed)


def finished(table: Table, rng: random.Random):
    state = table.new()
    while not state.is_over:
        state.play(rng.choice(state.legal_moves()))
    return state


def test_the_games_played_on_several_devices_are_take_it_easy_and_3x16_never_in_caller_mode():
    assert [g.id for g in table_codes.device_games()] == ["take-it-easy", "3x16"]
    for game in table_codes.device_games():
        with pytest.raises(ValueError):
            Table(game.id, game.validate_options({"mode": "caller"}, 1), 5).code


def test_a_table_code_round_trips_every_option_and_is_read_as_heard():
    tables = list(every_table())
    assert len(tables) > 20
    codes = set()
    for table in tables:
        code = table.code
        assert len(code.replace("-", "")) <= 14
        assert read_table(code) == table
        assert read_table(" " + code.lower().replace("-", " ").replace("0", "o").replace("1", "l") + " ") == table
        codes.add(code)
    assert len(codes) == len(tables)   # each table its own code


def test_one_character_mistyped_or_two_neighbours_swapped_are_caught():
    code = Table("take-it-easy", games.get("take-it-easy").default_options(), 2 ** 40 - 12345).code
    chars = code.replace("-", "")
    for i, ch in enumerate(chars):
        for other in ALPHABET:
            if other != ch:
                with pytest.raises(CodeError):
                    read_table(chars[:i] + other + chars[i + 1:])
    for i in range(len(chars) - 1):
        if chars[i] != chars[i + 1]:
            with pytest.raises(CodeError) as caught:
                read_table(chars[:i] + chars[i + 1] + chars[i] + chars[i + 2:])
            assert caught.value.key in ("mistyped", "unreadable", "version", "game", "options")
    for bad in ("", "U", "hello world", "3ARX-WPKH-W0#8-7", None, 17, "A" * 1000):
        with pytest.raises(CodeError) as caught:
            read_table(bad)
        assert caught.value.key in ("unreadable", "mistyped")


@pytest.mark.parametrize("game_id, options", [("take-it-easy", {"rounds": 4}),
                                              ("take-it-easy", {"rounds": 1, "pairs": True, "adjacency": "previous",
                                                                "tie": "best-round"}),
                                              ("3x16", {}), ("3x16", {"transfers": "automatic"})])
def test_result_codes_rebuild_every_board_and_the_table_is_ranked_by_the_rules(game_id, options):
    game = games.get(game_id)
    table = Table(game_id, game.validate_options(options, 1), 31337)
    rng = random.Random(game_id + str(options))
    names = ["Léa", "Papa", "Grand-mère Éléonore", "Tom"]
    results = []
    for name in names:
        state = finished(table, rng)
        code = result_code(table, name, state)
        result = read_result(table, code)
        assert result.state.moves == state.moves and result.state.scores() == state.scores()
        assert result.name == name[:len(result.name)] and len(result.name) >= 3
        results.append(result)
    joint = table_codes.joint_state(table, results)
    assert joint.is_over and joint.players == 4
    assert joint.scores() == [r.state.scores()[0] for r in results]
    # the same game as the table would have played it on one device: its record replays
    assert game.replay(joint.record()).scores() == joint.scores()
    best = max(joint.scores())
    assert set(joint.winners()) <= {s for s, v in enumerate(joint.scores()) if v == best}


def test_a_code_of_another_table_altered_by_hand_or_with_moves_past_the_end_is_refused():
    game = games.get("take-it-easy")
    table = Table("take-it-easy", game.validate_options({"rounds": 1}, 1), 424242)
    state = finished(table, random.Random(1))
    code = result_code(table, "Tom", state)
    other = Table("take-it-easy", table.options, 424243)
    with pytest.raises(CodeError) as caught:
        read_result(other, code)
    assert caught.value.key == "other-table"
    with pytest.raises(CodeError) as caught:
        read_result(table, table.code)
    assert caught.value.key == "table-code"
    with pytest.raises(CodeError) as caught:
        read_table(code)
    assert caught.value.key == "result"

    moves = packed_moves(table, state)
    assert read_result(table, forged_result(table, "Tom", moves.number)).state.moves == state.moves
    # another move where Tom played (the check character right, the digest not)
    changed = (moves.number + 1) if moves.number % 19 < 18 else moves.number - 1
    with pytest.raises(CodeError) as caught:
        read_result(table, forged_result(table, "Tom", changed, digest_of=moves.number))
    assert caught.value.key == "altered"
    # moves left over once the game is over: not a game of this table
    with pytest.raises(CodeError) as caught:
        read_result(table, forged_result(table, "Tom", moves.number + moves.scale * 5))
    assert caught.value.key == "illegal"


def packed_moves(table: Table, state) -> Packer:
    """A finished board's moves as a result code packs them."""
    moves = Packer()
    for index, count in table_codes._choices(table, state.moves):
        moves.put(index, count)
    return moves


def forged_result(table: Table, name: str, moves: int, digest_of: int | None = None) -> str:
    """A result code written as a forger who knows the format would: `moves` packed, the digest
    over `digest_of` moves (by default the same), the name in UTF-8 (layout 1, read still)."""
    label = name.encode("utf-8")
    digest = table_codes._digest(("result", table.code, label, moves if digest_of is None else digest_of),
                                 table_codes.DIGEST_BITS)
    packer = Packer()
    packer.put(table_codes.KIND_RESULT, 2)
    packer.put(1, 4)
    packer.put(table.mark, 1 << table_codes.TABLE_PRINT_BITS)
    packer.put(digest, 1 << table_codes.DIGEST_BITS)
    packer.put(len(label), table_codes.MAX_NAME_BYTES + 1)
    packer.put(int.from_bytes(label, "big"), 1 << (8 * len(label)))
    return table_codes.write(packer.number + packer.scale * (moves * 2 + 1))


def test_an_unfinished_board_of_a_table_stays_on_its_device_and_a_finished_one_may_go():
    table = Table("3x16", games.get("3x16").default_options(), 99)
    state = table.new()
    state.play(state.legal_moves()[0])
    save = Save(id="a", game="3x16", record=state.record(), seats=[Seat("Léa")], undo=False, table=table.code)
    save.follow(state)
    assert kept_back(save, "2026-11-29") == "secret-table"
    assert Save.from_json(save.to_json()).table == table.code
    done = finished(table, random.Random(3))
    save = Save(id="b", game="3x16", record=done.record(), seats=[Seat("Léa")], undo=False, table=table.code)
    save.follow(done)
    assert kept_back(save, "2026-11-29") is None


def test_a_result_code_holds_a_seats_whole_name_and_the_first_layout_is_still_read():
    """#56.5: a seat's name (24 graphemes, up to 96 bytes: `cut_name`) goes whole into a result
    code; a code of the first layout (names cut at 24 bytes) still reads."""
    from ludotheque.web.storage.values import cut_name
    game = games.get("take-it-easy")
    table = Table("take-it-easy", game.validate_options({"rounds": 1}, 1), 77)
    state = finished(table, random.Random(3))
    for typed in ("Anne-Sophie de Létourneau", "佐藤花子" * 7, "👍🏽" * 30, "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"):
        name = cut_name(typed)
        assert read_result(table, result_code(table, name, state)).name == name
    label = "Anne-Sophie".encode("utf-8")
    moves = packed_moves(table, state)
    digest = table_codes._digest(("result", table.code, label, moves.number), table_codes.DIGEST_BITS)
    packer = Packer()
    for value, radix in ((table_codes.KIND_RESULT, 2), (0, 4), (table.mark, 1 << table_codes.TABLE_PRINT_BITS),
                         (digest, 1 << table_codes.DIGEST_BITS), (len(label), 25)):
        packer.put(value, radix)
    packer.put(int.from_bytes(label, "big"), 1 << (8 * len(label)))
    old = table_codes.write(packer.number + packer.scale * (moves.number * 2 + 1))
    assert read_result(table, old).name == "Anne-Sophie"
    assert read_result(table, old).state.moves == state.moves


@pytest.mark.parametrize("game_id, options", [("take-it-easy", {"rounds": 4}), ("3x16", {})])
def test_every_device_gathers_the_same_game_whatever_the_order_the_codes_come_in(game_id, options):
    """#55.6: each device gathers its own board first and the others' as typed; the boards are
    seated by name, so every device stores the same game and names the same last move."""
    game = games.get(game_id)
    table = Table(game_id, game.validate_options(options, 1), 4242)
    rng = random.Random(5)
    results = [table_codes.Result(name, finished(table, rng)) for name in ("Tom", "maman", "Léa")]
    orders = [results[k:] + results[:k] for k in range(3)] + [results[::-1]]
    records = {repr(table_codes.joint_state(table, table_codes.seating(order)).record()) for order in orders}
    assert len(records) == 1
    assert [r.name for r in table_codes.seating(results)] == ["Léa", "maman", "Tom"]


def test_a_result_code_packs_a_plain_name_small_and_the_layout_before_still_reads():
    """#55.6: a four-round Take It Easy code was about 60 characters to type. Its moves are at
    their least already (19! orders of a round's hexes, a forced move free); a name written with
    plain letters now costs under 6 bits a character instead of UTF-8's 8 (16 for an accent).
    Every name comes back as it was; a code of layout 1 (names in UTF-8) still reads."""
    game = games.get("take-it-easy")
    table = Table("take-it-easy", game.validate_options({"rounds": 4}, 1), 2 ** 40 - 99)
    state = finished(table, random.Random(8))
    moves = packed_moves(table, state)
    lengths = {}
    for name in ("Tom", "Maman", "Léa", "Grand-mère Éléonore", "Anne-Sophie de Létourneau"[:24], "Joueur 2",
                 "d'Artagnan", "McDonald", "TOM", "tom", "Ça va", "佐藤花子", "Zoé 🎲"):
        code = result_code(table, name, state)
        result = read_result(table, code)
        assert result.name == name and result.state.moves == state.moves
        before = forged_result(table, name, moves.number)   # the same board as layout 1 wrote it
        old = read_result(table, before)
        assert old.name == name and old.state.moves == state.moves
        lengths[name] = (len(code.replace("-", "")), len(before.replace("-", "")))
    assert lengths["Tom"] == (59, 61) and lengths["Maman"] == (62, 64)
    assert lengths["Grand-mère Éléonore"][0] <= lengths["Grand-mère Éléonore"][1] - 10
    for name in ("Léa", "Joueur 2", "d'Artagnan", "tom", "Ça va"):
        assert lengths[name][0] < lengths[name][1]
    for name in ("McDonald", "TOM", "佐藤花子", "Zoé 🎲"):   # not plain letters: UTF-8, as before
        assert lengths[name][0] <= lengths[name][1] + 1   # one bit more: which of the two
