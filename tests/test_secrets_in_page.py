"""What the table hides stays hidden in the page: a second tab, the export button, the daily
deal's one attempt (tests/test_secrets.py checks the same rules on CPython)."""
from __future__ import annotations

from playwright.sync_api import expect

from chromium import READY
from pagetools import FAST_BOTS, rucki_zucki_of_choices, start, stored_saves


def boot(page, site) -> None:
    page.goto(site)
    page.wait_for_selector(READY, timeout=90_000)


def person_turn(page) -> None:
    """The person to act takes the tablet and draws (ending the turn when the draw leaves a
    choice), until the cover asks for the next person."""
    page.click("#pass-cover [data-action='reveal']")
    page.click("#table .rz-hand button[data-act='draw']")
    page.wait_for_selector("#pass-cover, #table button[data-act='end']")
    if not page.locator("#pass-cover").count():
        page.click("#table button[data-act='end']")
    expect(page.locator("#pass-cover")).to_be_visible()


def test_a_tab_following_the_other_shows_no_hand_until_its_owner_takes_the_tablet(site, context):
    """Bob took the tablet in tab B; Alice then played in tab A. When tab B follows and the turn
    is Bob's again, his hand stays under the cover (it was drawn at once)."""
    tab_a, tab_b = context.new_page(), context.new_page()
    for tab in (tab_a, tab_b):
        boot(tab, site)
    save = rucki_zucki_of_choices(("Alice", "Bob"))   # each person has a choice (no draw is the table's)
    tab_a.evaluate("([key, value]) => localStorage.setItem(key, value)", [save.key, save.to_json()])
    tab_a.reload()
    tab_a.wait_for_selector(READY, timeout=90_000)
    tab_a.click("#going button[data-action='continue']")
    tab_b.reload()
    tab_b.wait_for_selector(READY, timeout=90_000)
    expect(tab_b.locator("#going .saved-game")).to_have_count(1)
    tab_b.click("#going button[data-action='continue']")
    person_turn(tab_b)                       # Alice
    person_turn(tab_b)                       # Bob takes the tablet in tab B
    expect(tab_a.locator("#pass-title")).to_have_text("Passez la tablette à \u2068Alice\u2069", use_inner_text=True)
    expect(tab_a.locator("#pass-cover .pass-since")).to_contain_text("Bob")   # tab A followed tab B
    person_turn(tab_a)                       # Alice, in tab A
    expect(tab_b.locator("#pass-title")).to_contain_text("Bob")   # tab B followed tab A
    expect(tab_b.locator(".rz-hand")).to_have_count(0)
    tab_b.click("#pass-cover [data-action='reveal']")
    expect(tab_b.locator(".rz-hand")).to_have_attribute("data-seat", "1")


def test_an_unfinished_game_of_several_seats_says_why_it_cannot_be_exported(page, site, context):
    context.add_init_script(FAST_BOTS)
    boot(page, site)
    start(page, "take-it-easy", players=2, kinds=("human", "bot:easy"))
    page.locator(".tie-main .tie-cell.legal").first.click()
    # the bot has placed too and the second tile is up: no repaint can replace the button mid-tap
    expect(page.locator(".tie-main .tie-cell.legal")).to_have_count(18)
    downloads = []
    page.on("download", lambda d: downloads.append(d))
    page.click("#table button[data-action='export']", force=True)   # aria-disabled: a tap still says why
    expect(page.locator("#table .refusal.toast")).to_contain_text("Pas d'export")
    expect(page.locator("#table .refusal.toast")).to_contain_text("reste secret")
    page.click("#table button[data-action='leave']")
    page.click("#going button[data-action='export']", force=True)
    expect(page.locator("#saved .notice").last).to_contain_text("Pas d'export")
    assert downloads == []


def test_two_tabs_tapping_the_daily_deal_at_once_open_one_attempt(site, context):
    tabs = [context.new_page(), context.new_page()]
    for tab in tabs:
        boot(tab, site)
    for tab in tabs:   # both taps are sent before either tab's Python answers
        tab.evaluate("() => setTimeout(() => document.querySelector(\"#cards button[data-action='daily']"
                     "[data-game='3x16']\").click(), 50)")
    for tab in tabs:
        expect(tab.locator("#table")).to_be_visible()
    daily = [s for s in stored_saves(tabs[0]) if s["daily"]]
    assert len(daily) == 1
    stats = tabs[0].evaluate("() => JSON.parse(localStorage.getItem('ludotheque:stats'))")
    assert list(stats["games"]["3x16"]["daily"]) == [daily[0]["daily"]]


# the main board's hexes whose colour differs from the others' (a hex lit by focus or hover), and
# the focused hex of that board, if any
LIT = """() => { const board = document.querySelector('#table .tie-main');
  const fills = [...board.querySelectorAll('.tie-cell.legal polygon')].map(p => getComputedStyle(p).fill);
  const usual = fills.sort((a, b) => fills.filter(f => f === b).length - fills.filter(f => f === a).length)[0];
  const active = document.activeElement && document.activeElement.closest('.tie-main') ? document.activeElement : null;
  return {seat: board.dataset.seat, odd: [...board.querySelectorAll('.tie-cell.legal')]
            .filter(c => getComputedStyle(c.querySelector('polygon')).fill !== usual).map(c => c.dataset.cell),
          focused: active && active.dataset.cell || null}; }"""


def test_the_next_persons_board_shows_nothing_of_where_the_last_one_placed(page, context, site):
    """The try-out: after Maman placed her hidden tile, Léo's empty board had that very hex lit
    (the repaint kept the focus on the same hex, now his; a mouse's hover too). By mouse, then by
    the keyboard, the next person's board shows no hex apart from the others."""
    context.add_init_script(FAST_BOTS)
    boot(page, site)
    start(page, "take-it-easy", players=3, names=("Maman", "Léo"), kinds=("human", "human", "bot:easy"),
          options={"rounds": 1})
    expect(page.locator("#banner")).to_contain_text("Maman")
    page.locator("#table .tie-main .tie-cell[data-cell='7']").click()     # a mouse: it stays where it clicked
    expect(page.locator("#banner")).to_contain_text("Léo")
    seen = page.evaluate(LIT)
    assert seen["seat"] == "1" and seen["odd"] == [] and seen["focused"] != "7", seen
    page.locator("#table .tie-main .tie-cell[data-cell='3']").focus()     # Léo, by the keyboard
    page.keyboard.press("Enter")
    expect(page.locator("#banner")).to_contain_text("Maman")
    seen = page.evaluate(LIT)
    # the keyboard's focus comes to Maman's board on its first lit hex, whatever Léo chose: the
    # only hex apart from the others, and it says nothing of his
    first = page.locator("#table .tie-main .tie-cell.legal").first.get_attribute("data-cell")
    assert seen["seat"] == "0" and seen["focused"] == first and seen["odd"] in ([], [first]), seen
