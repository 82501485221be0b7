"""One game on several devices, in the page (issue #43): browser contexts as separate devices,
with no connection between them but the codes a person reads aloud and types."""
from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from chromium import READY
from pagetools import done_if_asked, stored_saves
from test_table_codes import finished, forged_result, packed_moves

from ludotheque import games, table_codes

TABLET = {"width": 768, "height": 1024}


def device(browser, site, lang: str = "fr"):
    """A device of its own: a fresh browser context (its own storage), the app open on it."""
    context = browser.new_context(viewport=TABLET, locale="fr-FR" if lang == "fr" else "en-GB",
                                  service_workers="block")
    page = context.new_page()
    page.goto(site)
    page.wait_for_selector(READY, timeout=90_000)
    return context, page


def qr_text(page, selector: str) -> str:
    """What a camera reads off the QR code drawn at `selector` (zxing-cpp, not the page's own
    decoder): a screenshot of it, decoded."""
    import io
    import zxingcpp
    from PIL import Image
    page.wait_for_function(f"() => {{ const c = document.querySelector({selector!r});"
                           " return c && c.getAttribute('data-drawn') === c.getAttribute('data-qr'); }")
    from playwright.sync_api import Error
    try:
        shot = page.locator(selector).screenshot()
    except Error:   # painted again under the shot (a part of a review judged meanwhile): the code as it is now
        page.wait_for_function(f"() => {{ const c = document.querySelector({selector!r});"
                               " return c && c.getAttribute('data-drawn') === c.getAttribute('data-qr'); }")
        shot = page.locator(selector).screenshot()
    image = Image.open(io.BytesIO(shot))
    found = zxingcpp.read_barcodes(image)
    assert len(found) == 1 and found[0].format == zxingcpp.BarcodeFormat.QRCode
    return found[0].text


def open_table(page, game_id: str, name: str, options: dict | None = None) -> str:
    page.click(f"#cards button[data-action='devices'][data-game='{game_id}']")
    page.fill("#devices input[name='name']", name)
    for option, value in (options or {}).items():
        page.select_option(f"#devices [name='opt-{option}']", str(value))
    page.click("#devices button[data-action='devices-new']")
    code = page.locator("#table-code").inner_text()
    assert qr_text(page, "#table-qr") == code
    page.click("[data-action='devices-play']")
    expect(page.locator("#table")).to_be_visible()
    return code


def join_table(page, game_id: str, name: str, code: str, opens: bool = True, button: str = "devices-join") -> None:
    """Join a table by its code from the game's card, tapping `button` (Join, or the form's
    "Open a table"); the board opens (unless `opens` is False: the join is to be refused, and the
    caller checks why)."""
    page.click(f"#cards button[data-action='devices'][data-game='{game_id}']")
    page.fill("#devices input[name='name']", name)
    page.fill("#devices input[name='code']", code)
    page.click(f"#devices button[data-action='{button}']")
    if opens:
        expect(page.locator("#table")).to_be_visible()


def past_the_end(table, name: str) -> str:
    """A result code with a right digest whose moves go on after the game's end."""
    moves = packed_moves(table, finished(table, random.Random(0)))
    return forged_result(table, name, moves.number + moves.scale * 7)


def play_take_it_easy_round(page, pick: int) -> None:
    """Every tile of a round on the `pick`-th legal hex (modulo those left)."""
    while not page.locator("#ending").count():
        cells = page.locator(".tie-main .tie-cell.legal")
        if not cells.count():
            page.wait_for_timeout(50)
            continue
        before = page.locator(".tie-main .tie-cell.filled").count()
        cells.nth(pick % cells.count()).click()
        page.wait_for_function(f"() => document.querySelectorAll('.tie-main .tie-cell.filled').length > {before}"
                               " || !!document.querySelector('#ending')")


def test_two_devices_play_one_take_it_easy_table_and_gather_the_same_ranking(browser, site):
    """Mum opens a table on her tablet, Tom joins on his with the code; each places the same tiles
    at their own pace; Tom's result code, typed on Mum's tablet, gives the ranking of both boards,
    its scores worked out there; a code altered by hand, one of another table and a table's code
    are refused with the reason, and nothing is stored for them."""
    host_context, host = device(browser, site)
    guest_context, guest = device(browser, site)
    try:
        code = open_table(host, "take-it-easy", "Maman", {"rounds": 1})
        expect(host.locator("#banner .table-label")).to_contain_text(code)
        # a character mistyped, then the form's big "Open a table" tapped: no new table with
        # other tiles, the mistake said, with the name and the code kept to mend
        mistyped = code[:-1] + ("0" if code[-1] != "0" else "1")
        join_table(guest, "take-it-easy", "Tom", mistyped, opens=False, button="devices-new")
        expect(guest.locator("#devices .form-error")).to_contain_text("un caractère est faux")
        expect(guest.locator("#devices input[name='name']")).to_have_value("Tom")
        expect(guest.locator("#devices input[name='code']")).to_have_value(mistyped)
        expect(guest.locator("#table-code")).to_have_count(0)
        guest.click("#devices button[data-action='close-layer']")
        # the code typed as heard, and "Open a table" again: that table joined
        join_table(guest, "take-it-easy", "Tom", code.lower().replace("-", " "), button="devices-new")
        expect(guest.locator("#banner .table-label")).to_contain_text(code)
        # the same first tile on both devices, and nothing of the next one: no second go, and no
        # copy of the unfinished board (its seed would show every tile to come)
        assert host.locator(".tie-panel .tie-tile").first.inner_html() == guest.locator(".tie-panel .tie-tile").first.inner_html()
        expect(guest.locator("#table [data-action='restart']")).to_have_count(0)
        expect(guest.locator("#table [data-action='export']")).to_have_attribute("aria-disabled", "true")
        expect(guest.locator("#table [data-action='export']")).to_have_attribute("title", re.compile("plusieurs appareils"))

        play_take_it_easy_round(host, 0)
        play_take_it_easy_round(guest, 3)
        host_score = int(host.locator("#ending").get_attribute("data-score"))
        guest_score = int(guest.locator("#ending").get_attribute("data-score"))
        guest_code = guest.locator("#result-code").inner_text()
        host_code = host.locator("#result-code").inner_text()
        assert qr_text(guest, "#result-qr") == guest_code
        assert len(guest_code.replace("-", "")) < 40

        # the results gathered on the host's tablet; refused: a table's code, a character
        # mistyped, a result of another table, and one whose moves go on past the game's end
        table = table_codes.read_table(code)
        other = table_codes.Table(table.game, table.options, table.seed + 1)
        foreign = table_codes.result_code(other, "Léa", finished(other, random.Random(1)))
        host.click("#ending [data-action='devices-gather']")
        # how long a code is, said before anyone types one, and the camera offered instead
        expect(host.locator("#gather .code-length")).to_contain_text(
            f"environ {len(host_code.replace('-', ''))} caractères : « Scanner avec l'appareil photo »")
        saves_before = len(stored_saves(host))
        for bad, why in ((code, "le code d’une table"), (guest_code[:-1] + ("0" if guest_code[-1] != "0" else "1"), "un caractère est faux"),
                         (foreign, "vient d’une autre table"), (past_the_end(table, "Zoé"), "ne sont pas une partie de cette table")):
            host.fill("#gather textarea[name='codes']", bad)
            host.click("#gather [data-action='devices-rank']")
            expect(host.locator("#gather .form-error")).to_contain_text(why.replace("’", "'"))
        assert len(stored_saves(host)) == saves_before
        host.fill("#gather textarea[name='codes']", guest_code)
        host.click("#gather [data-action='devices-rank']")
        expect(host.locator("#ending .ranking")).to_be_visible()
        rows = host.locator("#ending .ranking tbody tr")
        expect(rows).to_have_count(2)
        ranking = {rows.nth(i).locator("td").nth(1).inner_text(): int(rows.nth(i).locator("td").nth(2).inner_text())
                   for i in range(2)}
        assert ranking == {"Maman": host_score, "Tom": guest_score}
        winner = "Maman" if host_score >= guest_score else "Tom"
        expect(host.locator("#ending-title")).to_contain_text(winner)
        # Tom gathers too: the same ranking, and the same last move of the table, as Maman's
        guest.click("#ending [data-action='devices-gather']")
        guest.fill("#gather textarea[name='codes']", host_code)
        guest.click("#gather [data-action='devices-rank']")
        expect(guest.locator("#ending .ranking tbody tr")).to_have_count(2)
        assert guest.locator("#last-move").inner_text() == host.locator("#last-move").inner_text()
        assert guest.locator("#ending .ranking").inner_text() == host.locator("#ending .ranking").inner_text()
        saves = stored_saves(host)
        assert len(saves) == saves_before + 1
        joint = [s for s in saves if len(s["seats"]) == 2][0]
        assert joint["over"] and [s["name"] for s in joint["seats"]] == ["Maman", "Tom"]
        # Tom is known on Maman's tablet now, as after any table: a chip in the new-game form
        host.click("#ending [data-action='leave']")
        host.click("#cards button[data-action='new'][data-game='take-it-easy']")
        expect(host.locator("#newgame .chip[data-name='Tom']")).to_have_count(1)
    finally:
        host_context.close()
        guest_context.close()


def camera_file(png: bytes, path) -> None:
    """A video of a screen showing `png` (a QR code, as another device shows it) for Chromium's
    fake camera: Y4M, 640×480, the picture doubled in the middle, a few grey frames."""
    import io
    from PIL import Image
    picture = Image.open(io.BytesIO(png)).convert("L")
    picture = picture.resize((picture.width * 2, picture.height * 2), Image.NEAREST)
    frame = Image.new("L", (640, 480), 200)
    frame.paste(picture, ((640 - picture.width) // 2, (480 - picture.height) // 2))
    with open(path, "wb") as out:
        out.write(b"YUV4MPEG2 W640 H480 F10:1 Ip A1:1 C420jpeg\n")
        for _ in range(5):
            out.write(b"FRAME\n" + frame.tobytes() + bytes([128]) * (320 * 240 * 2))


@pytest.mark.long   # a browser of its own, with a fake camera: make test-long (CI runs it)
def test_a_device_joins_by_pointing_its_camera_at_the_tables_qr_code(browser, site, tmp_path):
    """The guest's camera sees the host's screen: the table is joined with no code typed. A
    device whose camera is refused says to type the code."""
    from chromium import CHROMIUM_ARGS, find_chromium
    host_context, host = device(browser, site, "en")
    try:
        host.click("#cards button[data-action='devices'][data-game='3x16']")
        host.click("#devices button[data-action='devices-new']")
        code = host.locator("#table-code").inner_text()
        assert qr_text(host, "#table-qr") == code
        camera_file(host.locator("#table-qr").screenshot(), tmp_path / "camera.y4m")
    finally:
        host_context.close()
    seeing = browser.browser_type.launch(
        executable_path=find_chromium(),
        args=CHROMIUM_ARGS + ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
                              f"--use-file-for-fake-video-capture={tmp_path / 'camera.y4m'}"])
    try:
        context = seeing.new_context(viewport=TABLET, locale="en-GB", service_workers="block", permissions=["camera"])
        guest = context.new_page()
        guest.goto(site)
        guest.wait_for_selector(READY, timeout=90_000)
        guest.click("#cards button[data-action='devices'][data-game='3x16']")
        guest.fill("#devices input[name='name']", "Tom")
        guest.click("#devices button[data-scan='code']")
        expect(guest.locator("#table")).to_be_visible(timeout=20_000)
        expect(guest.locator("#banner .table-label")).to_contain_text(code)
        assert guest.evaluate("document.querySelectorAll('.scanner').length") == 0   # the camera is off
        # a device with no camera allowed: told to type the code
        refused = seeing.new_context(viewport=TABLET, locale="en-GB", service_workers="block")
        page = refused.new_page()
        page.add_init_script("navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('no', 'NotAllowedError'));")
        page.goto(site)
        page.wait_for_selector(READY, timeout=90_000)
        page.click("#cards button[data-action='devices'][data-game='take-it-easy']")
        page.click("#devices button[data-scan='code']")
        expect(page.locator("#devices .scanner [role='status']")).to_have_text("No camera here, or it was refused: type the code instead")
        expect(page.locator("#devices .scanner video")).to_have_count(0)
    finally:
        seeing.close()


def play_to_the_end(page, game_id: str, pick: int) -> None:
    """A whole game by taps: Take It Easy, each tile on the `pick`-th legal hex and the next round
    when it is offered; 3x16, a row when the call fits one, else the `pick`-th column, then every
    transfer that fits, then Done if still asked."""
    while not page.locator("#ending").count():
        if game_id == "take-it-easy":
            if page.locator("#table button[data-act='next-round']").count():
                page.click("#table button[data-act='next-round']")
                continue
            cells = page.locator(".tie-main .tie-cell.legal")
        else:
            cells = page.locator(".x16-tableau.large .x16-row.legal")
            if not cells.count():
                cells = page.locator(".x16-drop.legal")
        if not cells.count():
            page.wait_for_timeout(30)
            continue
        moves = page.evaluate("() => document.querySelector('#table').innerHTML.length")
        cells.nth(pick % cells.count()).click()
        if game_id == "3x16":
            if page.locator("button[data-act='transfer-all']:not([disabled])").count():
                page.click("button[data-act='transfer-all']")
            done_if_asked(page)
        page.wait_for_function(f"() => !!document.querySelector('#ending') || document.querySelector('#table').innerHTML.length !== {moves}")


def boards_by_name(save: dict) -> dict[str, list]:
    """Each person's moves in a stored game of several seats, by name (the same moves: the same
    board), and their score."""
    game = games.get(save["record"]["game"])
    state = game.new(save["record"]["players"], seed=save["record"]["seed"], options=save["record"]["options"])
    moves: list[list] = [[] for _ in save["seats"]]
    for move in save["record"]["moves"]:
        if move["type"] not in game.table_moves:   # the whole table's (the first seat's, here)
            moves[state.current_player].append(move)
        state.play(move)
    return {seat["name"]: (moves[n], state.scores()[n]) for n, seat in enumerate(save["seats"])}


@pytest.mark.long   # whole matches on four and two devices: make test-long (CI runs it)
@pytest.mark.parametrize("game_id, options, names", [
    ("take-it-easy", {"rounds": 4}, ("Maman", "Tom", "Léa", "Papa")),
    ("3x16", {"transfers": "manual"}, ("Maman", "Tom"))])
def test_every_device_of_a_table_plays_the_whole_game_and_gathers_the_same_ranking(browser, site, game_id, options, names):
    """Each device plays its board to the end at its own pace; each then types every other
    device's result code and shows the same ranking, the same scores and the same boards."""
    devices = [device(browser, site) for _ in names]
    try:
        code = open_table(devices[0][1], game_id, names[0], options)
        for (_, page), name in zip(devices[1:], names[1:]):
            join_table(page, game_id, name, code)
        codes = []
        for n, (_, page) in enumerate(devices):
            play_to_the_end(page, game_id, pick=n * 3)
            codes.append(page.locator("#result-code").inner_text())
        tables = []
        for n, (_, page) in enumerate(devices):
            page.click("#ending [data-action='devices-gather']")
            page.fill("#gather textarea[name='codes']", "\n".join(c for k, c in enumerate(codes) if k != n))
            page.click("#gather [data-action='devices-rank']")
            expect(page.locator("#ending .ranking tbody tr")).to_have_count(len(names))
            joint = [s for s in stored_saves(page) if len(s["seats"]) == len(names)]
            assert len(joint) == 1 and joint[0]["over"]
            tables.append((boards_by_name(joint[0]), page.locator("#ending-title").inner_text()))
        assert all(board == tables[0][0] for board, _ in tables)
        assert sorted(tables[0][0]) == sorted(names)
        best = max(score for _, score in tables[0][0].values())
        winners = [name for name, (_, score) in tables[0][0].items() if score == best]
        for _, title in tables:
            assert all(w in title for w in winners)
    finally:
        for context, _ in devices:
            context.close()


def test_a_device_sees_no_tile_before_placing_the_one_it_has(browser, site):
    """Nothing the page offers shows a device's next tile early: its table shows the one tile to
    place, its stored game holds only the deal's seed and the moves made, it cannot be exported,
    and a second tab (or joining again) opens the same board at the same tile."""
    context, page = device(browser, site)
    try:
        code = open_table(page, "take-it-easy", "Léa", {"rounds": 1})
        page.locator(".tie-main .tie-cell.legal").first.click()
        page.wait_for_function("() => document.querySelectorAll('.tie-main .tie-cell.filled').length === 1")
        tile = page.locator(".tie-panel .tie-tile").first.inner_html()
        save = [s for s in stored_saves(page) if s.get("table") == code][0]
        assert set(save["record"]) == {"game", "rules_version", "players", "seed", "options", "moves"}
        assert len(save["record"]["moves"]) == 1
        expect(page.locator("#table [data-action='export']")).to_have_attribute("aria-disabled", "true")
        expect(page.locator("#table [data-action='share']")).to_have_count(0)
        second = context.new_page()
        second.goto(site)
        second.wait_for_selector(READY, timeout=90_000)
        join_table(second, "take-it-easy", "Léa", code)
        assert second.locator(".tie-panel .tie-tile").first.inner_html() == tile
        expect(second.locator(".tie-main .tie-cell.filled")).to_have_count(1)
        assert len([s for s in stored_saves(second) if s.get("table") == code]) == 1
    finally:
        context.close()
