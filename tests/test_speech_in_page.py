"""Issue #43: a caller that speaks by itself. In caller mode each call is said as it is made, once,
in the page's language and in words ("onze"; "nine, two, four"); the button beside it says it again
("Repeat"); the sound switch off, not a word; "Say each call" is this device's choice, kept.
The browser's speech synthesis is stood in for by a recorder (a headless browser has no voice)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from pagetools import start

# what the page asks the browser to say, recorded; the sound switch on, as on a device that does
# not ask for reduced motion (the tests' contexts do, and there the sound starts off)
SPEECH = """
window.__spoken = [];
window.SpeechSynthesisUtterance = function (text) { this.text = text; this.lang = ""; };
Object.defineProperty(window, "speechSynthesis", { configurable: true, value: {
  speak(u) { window.__spoken.push([u.text, u.lang]); }, cancel() {}, getVoices() { return []; } } });
if (localStorage.getItem("ludotheque:sound") === null) localStorage.setItem("ludotheque:sound", "on");
"""
FRENCH = ["un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze",
          "treize", "quatorze", "quinze", "seize"]


def spoken(page) -> list[list[str]]:
    return page.evaluate("window.__spoken")


def call(page) -> None:
    page.click("button[data-act='call']")


def test_3x16_caller_says_each_number_once_repeats_it_and_keeps_quiet_when_asked(page, context, boot):
    context.add_init_script(SPEECH)
    boot()
    start(page, "3x16", names=("Alice",), options={"mode": "caller"})
    assert spoken(page) == []                      # the table opened: nothing called yet
    for n in range(1, 4):
        call(page)
        expect(page.locator(".x16-call-label")).to_contain_text(f"Appel {n}")
        number = int(page.locator(".x16-call-number").inner_text())
        page.wait_for_function(f"window.__spoken.length === {n}")
        assert spoken(page)[-1] == [FRENCH[number - 1], "fr-FR"]   # once, in words, in French
    repeat = page.locator(".x16-table button[data-action='speak']")
    expect(repeat).to_have_text("Répéter")
    repeat.click()
    page.wait_for_function("window.__spoken.length === 4")
    assert spoken(page)[3] == spoken(page)[2]

    page.click("#sound-switch")                    # the sound off: not a word, called or repeated
    expect(page.locator("#sound-switch")).to_have_attribute("aria-pressed", "false")
    call(page)
    expect(page.locator(".x16-call-label")).to_contain_text("Appel 4")
    repeat.click()
    page.click("#sound-switch")
    expect(page.locator("#sound-switch")).to_have_attribute("aria-pressed", "true")
    assert len(spoken(page)) == 4

    aloud = page.locator(".x16-table button[data-action='calls-aloud']")
    expect(aloud).to_have_attribute("aria-pressed", "true")
    aloud.click()                                  # this device stops saying each call
    expect(aloud).to_have_attribute("aria-pressed", "false")
    call(page)
    expect(page.locator(".x16-call-label")).to_contain_text("Appel 5")
    assert len(spoken(page)) == 4
    expect(repeat).to_have_text("Le dire à voix haute")   # said on demand only
    repeat.click()
    number = int(page.locator(".x16-call-number").inner_text())
    page.wait_for_function("window.__spoken.length === 5")
    assert spoken(page)[4] == [FRENCH[number - 1], "fr-FR"]
    assert page.evaluate("JSON.parse(localStorage.getItem('ludotheque:settings')).calls_aloud") is False


@pytest.mark.parametrize("context", [{"locale": "en-GB"}], indirect=True)
def test_take_it_easy_caller_says_each_tile_in_english_words(page, context, boot):
    context.add_init_script(SPEECH)
    boot()
    start(page, "take-it-easy", names=("Alice",), options={"mode": "caller", "rounds": 1})
    for n in range(1, 3):
        call(page)
        expect(page.locator(".tie-caller-past li")).to_have_count(n)
        page.wait_for_function(f"window.__spoken.length === {n}")
        text, lang = spoken(page)[-1]
        assert lang == "en-GB"
        # a tile's three numbers, one from each direction: 1 5 9, 2 6 7, 3 4 8
        first, second, third = text.split(", ")
        assert first in ("one", "five", "nine") and second in ("two", "six", "seven") \
            and third in ("three", "four", "eight"), text
    expect(page.locator(".tie-caller button[data-action='speak']")).to_have_text("Repeat")


def test_any_take_it_easy_table_may_say_each_tile_aloud_as_it_comes(page, context, boot):
    """Not only the caller: the new-game form offers "Say each call aloud" at a table that plays
    the tiles on screen. The first tile is said as the table opens, each next one once, when the
    last person has placed it (not once per person); Repeat says it again; the form remembers it."""
    context.add_init_script(SPEECH)
    boot()
    page.click("#cards button[data-action='new'][data-game='take-it-easy']")
    page.select_option("#newgame select[name='players']", "2")
    for n, name in enumerate(("Alice", "Bruno")):
        page.fill(f"#newgame input[name='seat-{n}-name']", name)
        page.select_option(f"#newgame select[name='seat-{n}-kind']", "human")
    page.set_checked("#newgame input[name='aloud']", True)
    page.click("#newgame button[data-action='start']")
    expect(page.locator("#table")).to_be_visible()
    page.wait_for_function("window.__spoken.length === 1")
    first = spoken(page)[0]
    assert first[1] == "fr-FR" and len(first[0].split(", ")) == 3
    for placed in range(1, 3):
        for person in range(2):   # each person places the tile on their own board
            page.locator(".tie-main .tie-cell.legal").first.click()
        page.wait_for_function(f"window.__spoken.length === {placed + 1}")
    assert len(spoken(page)) == 3   # once a tile, not once a person
    repeat = page.locator(".tie-panel button[data-action='speak']")
    expect(repeat).to_have_text("Répéter")
    repeat.click()
    page.wait_for_function("window.__spoken.length === 4")
    assert spoken(page)[3] == spoken(page)[2]
    page.click("#table button[data-action='leave']")
    page.click("#cards button[data-action='new'][data-game='take-it-easy']")
    expect(page.locator("#newgame input[name='aloud']")).to_be_checked()


def test_a_board_of_a_table_of_several_devices_may_say_each_tile_aloud(page, context, boot):
    """On several devices too: the person who opens (or joins) the table chooses it for their
    device; the first tile is said as the board opens, each next one once it comes."""
    context.add_init_script(SPEECH)
    boot()
    page.click("#cards button[data-action='devices'][data-game='take-it-easy']")
    page.set_checked("#devices input[name='aloud']", True)
    page.click("#devices button[data-action='devices-new']")
    page.click("[data-action='devices-play']")
    expect(page.locator("#table")).to_be_visible()
    page.wait_for_function("window.__spoken.length === 1")
    page.locator(".tie-main .tie-cell.legal").first.click()
    page.wait_for_function("window.__spoken.length === 2")
    assert spoken(page)[1][1] == "fr-FR" and spoken(page)[1] != spoken(page)[0]
