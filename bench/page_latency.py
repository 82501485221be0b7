"""Page latency benchmark: how long a tap takes to update the board, and how long a bot takes to
move, in headless Chromium on the built site (Pyodide). Prints medians and p95 (with its 95 %
interval).

    python3 bench/page_latency.py [--games 3]

Python answers from a worker: a tap goes to it and the page applies its answer.
Taps: a Take It Easy solo round tapped to the end, and every tap of the games against bots; each
sample is the time from the click to the next animation frame after the page has applied the
worker's answer (<html data-busy> gone).
Taps while a bot thinks: after each of the person's turns, once the bot's turn has started in the
worker (a call in flight, <html data-calls>, with no tap of ours), a tap on the table's "Moves"
button (it opens or closes the log: a legal tap in every game at any moment); the sample is the click to the next
frame after the button changed. The worker answers one call at a time, so that tap waits for the
bot's move.
Bots: a person against every level of every game (Rucki Zucki: two bots; 3x16: one); each
sample is one bot move, measured in the page (performance measures "ludotheque:bot_turn": from the
page's timer firing to the worker's answer applied).
Formalities: a scripted 3x16 solitaire by hand (transfers by hand: a row when one fits, else a
column, "Move everything that fits" whenever a tile can move) counts the Done taps it needs with
nothing left to move (the table says Done itself: 0); and per game, the person's taps in the games
against bots that decided nothing (their only legal move, not a pause for people to go on),
counted from the stored record by the engine. `--formalities` measures only those.
Bots wait 250 ms before moving (the page's normal pace is 700), so a tap never includes a bot move.
Hints: against the default level, the person asks for a hint before each of their decisions in
every game (Lucky Numbers: before drawing or taking, and again before placing a drawn tile) and
then plays as scripted; each sample is the tap on Hint to the next frame (the strongest bot's
thinking and the repaint); and a 3x16 solitaire (its default table, where the strong bot plays
its playouts' last calls out exactly), hinted the same way ("3x16 solo"). The first hint of each
game is asked as soon as the table shows the
person's turn (its bots may still be loading). `--hints` measures only those. Each hint is also
read as CPU time: what the page's renderer processes (the page, its Python workers) spent from
the tap to the frame, from /proc (Linux; 10 ms ticks). On a busy machine the wall time is the
wait for a core; the CPU time is about what the same hint takes on a quiet one.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))
sys.path.insert(0, str(ROOT / "py"))

import serve  # noqa: E402
from chromium import CHROMIUM_ARGS, READY, find_chromium  # noqa: E402
from intervals import quantile  # noqa: E402

UNTIL = """const until = (test, limit) => new Promise((resolve) => {
    if (test()) { resolve(true); return; }
    const observer = new MutationObserver(() => { if (test()) { observer.disconnect(); resolve(true); } });
    observer.observe(document.documentElement, {attributes: true, childList: true, subtree: true});
    setTimeout(() => { observer.disconnect(); resolve(test()); }, limit);
});
const frame = () => new Promise(r => requestAnimationFrame(() => r()));
const idle = () => !document.documentElement.hasAttribute('data-busy');
const calling = () => Number(document.documentElement.dataset.calls || 0) > 0;
"""
TAP = """async (selector) => {""" + UNTIL + """
    const el = document.querySelector(selector);
    const t0 = performance.now();
    el.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    await until(idle, 60000);
    await frame();
    return performance.now() - t0;
}"""
# a tap while a bot's move is computing: null when no bot's turn started within a second
TAP_WHILE_THINKING = """async () => {""" + UNTIL + """
    const log = () => document.querySelector("#table .toolbar [data-action='log']");
    if (!await until(calling, 1000) || !log()) return null;
    const was = log().getAttribute('aria-expanded');
    const t0 = performance.now();
    log().dispatchEvent(new MouseEvent('click', {bubbles: true}));
    await until(() => log() && log().getAttribute('aria-expanded') !== was, 60000);
    await frame();
    return performance.now() - t0;
}"""


def p95(values: list[float]) -> float:
    return quantile(values, 0.95)[0]


def summary(name: str, values: list[float]) -> str:
    """median, p95 with its 95 % interval (`intervals.quantile`) and max, in ms."""
    value, low, high = quantile(values, 0.95)
    return (f"{name}: {len(values)} samples, median {statistics.median(values):.1f} ms, "
            f"p95 {value:.1f} ms [{low:.1f}, {high:.1f}], max {max(values):.1f} ms")


def new_game(page, game_id: str, seats: list[str], options: dict | None = None) -> None:
    page.click(f"#cards button[data-action='new'][data-game='{game_id}']")
    page.select_option("#newgame select[name='players']", str(len(seats)))
    for n, kind in enumerate(seats):
        page.select_option(f"#newgame select[name='seat-{n}-kind']", kind)
    for name, value in (options or {}).items():
        page.select_option(f"#newgame [name='opt-{name}']", str(value))
    confirm = page.locator("#newgame input[name='confirm']")   # one tap a placement: the taps measured
    if confirm.count():
        confirm.evaluate("box => { box.checked = false; }")
    page.click("#newgame button[data-action='start']")
    page.wait_for_selector("#table")


def bot_times(page) -> list[float]:
    return page.evaluate("performance.getEntriesByName('ludotheque:bot_turn').map(e => e.duration)")


def wait_human_or_over(page) -> None:
    page.wait_for_function("() => { const t = document.querySelector('#table .table');"
                           " return t && (t.dataset.over === 'true' || !document.querySelector('#banner').textContent.includes('…')); }",
                           timeout=120_000)


def take_it_easy_turn(page, ask=None) -> list[float]:
    return [page.evaluate(TAP, ".tie-main .tie-cell.legal")]


def lucky_numbers_turn(page, ask=None) -> list[float]:
    """One turn of the person: the setup confirmed; or a draw when the button shows, then the
    drawn tile on a cell that fits, else discarded (`ask`: a hint before placing it)."""
    if page.locator("button[data-act='confirm-setup']").count():
        return [page.evaluate(TAP, "button[data-act='confirm-setup']")]
    taps = []
    if page.locator("button[data-act='draw']").count():   # a draw with nothing to take is the table's
        taps.append(page.evaluate(TAP, "button[data-act='draw']"))
        if ask is not None:
            ask()
    fits = page.locator(".ln-garden.active .ln-cell.legal").count()
    return taps + [page.evaluate(TAP, ".ln-garden.active .ln-cell.legal" if fits else "button[data-act='discard']")]


def rucki_zucki_turn(page, ask=None) -> list[float]:
    for selector in (".rz-cell.legal", "button[data-act='draw']", "button[data-act='end']"):
        if page.locator(selector).count():
            return [page.evaluate(TAP, selector)]
    return []


DONE = "#table button[data-act='done']:not([disabled])"   # greyed once the table said it itself
MOVE_ALL = "#table button[data-act='transfer-all']:not([disabled])"


def three_by_sixteen_turn(page, ask=None) -> list[float]:
    row = ".x16-tableau.large .x16-row.legal"
    taps = [page.evaluate(TAP, row if page.locator(row).count() else ".x16-drop.legal")]
    if page.locator(DONE).count():
        taps.append(page.evaluate(TAP, DONE))
    return taps


def three_by_sixteen_formality_taps(page) -> int:
    """The scripted 3x16 solitaire by hand, transfers by hand, to its end: a row when one fits, else
    a column, "Move everything that fits" whenever a tile can move; Done only when the table still
    asks for it. The Done taps it needed with nothing left to move (a formality: 0 expected)."""
    new_game(page, "3x16", ["human"], {"transfers": "manual"})
    formal = 0
    row = ".x16-tableau.large .x16-row.legal"
    while not page.locator("#table .table[data-over='true']").count():
        if page.locator(MOVE_ALL).count():
            page.evaluate(TAP, MOVE_ALL)
        elif page.locator(row).count() or page.locator(".x16-drop.legal").count():
            page.evaluate(TAP, row if page.locator(row).count() else ".x16-drop.legal")
        elif page.locator(DONE).count():
            formal += 1   # nothing could move, yet the table waited for Done
            page.evaluate(TAP, DONE)
    page.click("#ending button[data-action='leave']")
    return formal


def taps_deciding_nothing(page, game_id: str) -> int:
    """In the finished game just played (the one stored game of `game_id`), the person's moves
    that were their only legal move and that they tapped: not played by the table (`forced`), not
    a pause in which people go on when they have read the scores."""
    from ludotheque import games
    from ludotheque.web.table.registry import table_class
    from ludotheque.web.table.session import forced
    saves = [s for s in page.evaluate(STORED) if s["game"] == game_id]
    record, seats = saves[-1]["record"], saves[-1]["seats"]
    game = games.get(game_id)
    state = game.replay({**record, "moves": []})
    pause = table_class(game_id).pause_phase
    count = 0
    for move in record["moves"]:
        seat = state.current_player
        if seat is not None and seats[seat]["kind"] == "human" and len(state.legal_moves()) == 1 \
                and forced(state) is None and state.view(None).get("phase") != pause:
            count += 1
        state.play(move)
    return count


STORED = """() => Object.keys(localStorage).filter(k => k.startsWith('ludotheque:save:'))
    .map(k => JSON.parse(localStorage.getItem(k))).sort((a, b) => a.created - b.created)"""


HINT = "#table button[data-act='hint']"   # every game's Hint button (GameTable.hint_button)
FIRST_HINTS: dict[str, list[float]] = {}   # per game, the first hint of each game played
HINTS_CPU: dict[str, list[float]] = {}   # per game, each hint's CPU time in the renderers (ms)

AGAINST_BOTS = (  # game, bot seats beside the person, options, one turn of the person's by taps
    ("take-it-easy", 1, {"rounds": 1}, take_it_easy_turn),
    ("lucky-numbers", 1, {}, lucky_numbers_turn),
    ("rucki-zucki", 2, {"rounds": 1}, rucki_zucki_turn),
    ("3x16", 1, {}, three_by_sixteen_turn),
)




def renderers_cpu() -> float:
    """The CPU time (ms) used so far by this script's Chromium renderer processes (its
    descendants with --type=renderer: the page and its workers), from /proc; 0 elsewhere."""
    proc = Path("/proc")
    if not proc.exists():
        return 0.0
    parents, commands = {}, {}
    for entry in proc.iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                commands[int(entry.name)] = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2:].split()
            parents[int(entry.name)] = (int(fields[1]), int(fields[11]) + int(fields[12]))
    mine = {os.getpid()}
    changed = True
    while changed:
        changed = False
        for pid, (parent, _) in parents.items():
            if parent in mine and pid not in mine:
                mine.add(pid)
                changed = True
    ticks = sum(parents[pid][1] for pid in mine if pid in parents and b"--type=renderer" in commands.get(pid, b""))
    return 1000.0 * ticks / os.sysconf("SC_CLK_TCK")


def ask_hint(page, hints: list[float], cpu: list[float] | None = None) -> None:
    """A tap on Hint, when the table offers one; its time into `hints`, the renderers' CPU time
    over it into `cpu`."""
    if page.locator(HINT).count():
        before = renderers_cpu()
        hints.append(page.evaluate(TAP, HINT))
        if cpu is not None:
            cpu.append(renderers_cpu() - before)


def play_against(page, game_id: str, seats: list[str], options: dict, turn,
                 hints: list[float] | None = None, thinking: list[float] | None = None,
                 idle: list[int] | None = None, label: str | None = None) -> list[float]:
    """One game to its end, the person taking `turn` whenever it is theirs (asking for a hint
    first when `hints` collects their times, tapping while the bot thinks after it when
    `thinking` collects those, counting the taps that decided nothing into `idle`); the taps' times.
    `label`: the name its hints are printed under (default: the game's)."""
    label = label or game_id
    new_game(page, game_id, seats, options)
    taps: list[float] = []
    before = len(hints) if hints is not None else 0
    while True:
        wait_human_or_over(page)
        if page.locator("#table .table[data-over='true']").count():
            break
        ask = None if hints is None else lambda: ask_hint(page, hints, HINTS_CPU.setdefault(label, []))
        if ask is not None:
            ask()
        taps.extend(turn(page, ask))
        if thinking is not None:
            waited = page.evaluate(TAP_WHILE_THINKING)
            if waited is not None:
                thinking.append(waited)
    page.wait_for_selector("#ending button[data-action='leave']")
    if hints is not None and len(hints) > before:
        FIRST_HINTS.setdefault(label, []).append(hints[before])
    if idle is not None:
        idle.append(taps_deciding_nothing(page, game_id))
    page.click("#ending button[data-action='leave']")
    return taps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--hints", action="store_true", help="only the hints' times")
    parser.add_argument("--dist", default=str(ROOT / "dist"), help="the built site (default dist/)")
    parser.add_argument("--default-levels", action="store_true", help="only each game's default bot level")
    parser.add_argument("--formalities", action="store_true",
                        help="only the formality taps: the scripted 3x16 solitaire, one game of each against its default bot")
    args = parser.parse_args()
    load_at_start = os.getloadavg()
    from ludotheque import bots
    from playwright.sync_api import sync_playwright
    server = serve.start(Path(args.dist))
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    taps: list[float] = []
    bot_samples: dict[str, list[float]] = {}
    hint_samples: dict[str, list[float]] = {}
    thinking_samples: dict[str, list[float]] = {}
    idle_taps: dict[str, list[int]] = {}
    formal_taps = 0
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 768, "height": 1024}, service_workers="block")
        context.add_init_script("localStorage.setItem('ludotheque:settings', JSON.stringify({bot_delay: 250}));")
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(READY, timeout=120_000)
        if not args.hints:
            formal_taps = three_by_sixteen_formality_taps(page)
        if args.formalities:
            for game_id, opponents, options, turn in AGAINST_BOTS:
                play_against(page, game_id, ["human"] + [f"bot:{bots.default_level(game_id)}"] * opponents, options,
                             turn, idle=idle_taps.setdefault(game_id, []))
        for _ in range(0 if args.hints or args.formalities else args.games):
            new_game(page, "take-it-easy", ["human"], {"rounds": 1})
            page.wait_for_timeout(1000)  # let the bot tables preload, as a player would look first
            while page.locator(".tie-main .tie-cell.legal").count():   # to the round's end
                taps.extend(take_it_easy_turn(page))
            page.click("#ending button[data-action='leave']")
        for game_id, opponents, options, turn in AGAINST_BOTS:
            for level in bots.levels(game_id):
                hints = [] if level == bots.default_level(game_id) else None
                if args.hints and hints is None:
                    continue
                if args.formalities or args.default_levels and level != bots.default_level(game_id):
                    continue
                thinking = [] if level == bots.default_level(game_id) and not args.hints else None
                page.evaluate("performance.clearMeasures()")
                for _ in range(args.games):
                    taps.extend(play_against(page, game_id, ["human"] + [f"bot:{level}"] * opponents, options, turn,
                                             hints, thinking, idle_taps.setdefault(game_id, [])))
                bot_samples[f"{game_id} {level}"] = bot_times(page)
                if thinking:
                    thinking_samples[game_id] = thinking
                if hints is not None:
                    hint_samples[game_id] = hints
        if not args.formalities and not args.default_levels:
            # 3x16 alone (its default table): the strong bot plays its endings out exactly there
            solo: list[float] = []
            for _ in range(args.games):
                play_against(page, "3x16", ["human"], {}, three_by_sixteen_turn, solo, label="3x16 solo")
            hint_samples["3x16 solo"] = solo
        browser.close()
    server.shutdown()
    print("load average at the start " + " ".join(f"{x:.2f}" for x in load_at_start)
          + ", at the end " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + " (quiet: below 2)")
    if not args.hints:
        print(f"formality taps, a scripted 3x16 solitaire by hand (goal 0): {formal_taps}")
        for game_id, counts in idle_taps.items():
            print(f"taps that decided nothing, {game_id}: {sum(counts)} in {len(counts)} games")
    if taps:
        print(summary("tap to updated board (goal p95 <= 50 ms)", taps))
    for name, values in bot_samples.items():
        default = " (default level)" if name.split()[1] == bots.default_level(name.split()[0]) else ""
        print(summary(f"bot move, {name}{default} (goal p95 <= 300 ms)", values))
    print("game          tap while a bot thinks p95 (goal <= 50 ms)   bot move p95, default level")
    for game_id, values in thinking_samples.items():
        moves = bot_samples.get(f"{game_id} {bots.default_level(game_id)}") or [0.0]
        print(f"{game_id:13} {p95(values):7.1f} ms (median {statistics.median(values):.1f}, {len(values)} taps)"
              f"{'':10}{p95(moves):7.1f} ms")
    for name, values in hint_samples.items():
        level = bots.coach(name.split()[0]).strongest_level()
        print(summary(f"hint, {name} (the {level} bot's plan; tap to painted, goal p95 <= 300 ms)", values))
        if HINTS_CPU.get(name):
            print(summary(f"  the same hints' CPU time in the page's renderers (about a quiet machine's time)",
                          HINTS_CPU[name]))
        firsts = FIRST_HINTS.get(name, [])
        if firsts:
            print(f"  first hint of a game: median {statistics.median(firsts):.1f} ms, max {max(firsts):.1f} ms"
                  f" ({len(firsts)} games)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
