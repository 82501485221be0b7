"""The fifth-game dry run in the page (docs/DESIGN.md, "Adding a game"): a site built with the
tests' "pick the biggest number" (`build_site.py --extra tests/games/pick_biggest`), where the game comes
from its own files alone, is played from its card on the home screen to its end against its bot
through the shared table: its banner, its log, its undo, its save, its end screen and its rules."""
from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import ROOT
from pagetools import FAST_BOTS, start, stored_saves, wait_for_human


@pytest.fixture(scope="module")
def site():
    """This module's pages open a site built with the fifth game, served on its own port."""
    import serve
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "dist"
        subprocess.run([sys.executable, str(ROOT / "build" / "build_site.py"), "--out", str(out),
                        "--extra", str(ROOT / "tests" / "games" / "pick_biggest")], check=True, cwd=ROOT,
                       stdout=subprocess.DEVNULL)
        server = serve.start(out)
        yield f"http://127.0.0.1:{server.server_address[1]}/"
        server.shutdown()


def test_the_fifth_game_is_played_from_its_card_to_its_end_at_the_shared_table(page, context, boot):
    context.add_init_script(FAST_BOTS)
    boot()
    card = page.locator("#cards article[data-game='pick-biggest']")
    expect(card.locator(".card-name")).to_contain_text("Le plus grand")
    start(page, "pick-biggest", names=("Léa",), kinds=("human", "bot:greedy"))
    expect(page.locator("#banner")).to_contain_text("Léa")
    expect(page.locator("#banner")).to_contain_text("prenez un nombre de la rangée")
    row = page.locator("#table .pb-cell")
    expect(row).to_have_count(6)
    # a tap plays; the bot answers by itself; undo takes back the person's own move and the bot's reply
    first = row.first.inner_text()
    row.first.click()
    wait_for_human(page)
    expect(row).to_have_count(4)
    expect(page.locator("#last-move")).to_contain_text("a pris le")
    page.click("#table button[data-action='undo']")
    expect(row).to_have_count(6)
    expect(row.first).to_have_text(first)
    while page.locator("#table .table").get_attribute("data-over") != "true":
        row.first.click()
        wait_for_human(page)
    ending = page.locator("#ending")
    expect(ending).to_be_visible()
    expect(ending.locator(".ranking")).to_contain_text("Léa")
    saved = stored_saves(page)
    assert len(saved) == 1 and saved[0]["game"] == "pick-biggest" and len(saved[0]["record"]["moves"]) == 6
    # its rules, from its own text table, under "How to play"
    page.click("#table button[data-action='rules']")
    expect(page.locator(".layer, #layer").first).to_contain_text("la plus grande somme gagne")
