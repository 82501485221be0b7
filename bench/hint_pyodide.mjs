// Times each game's hint in Pyodide under Node (the page's own Python, without the page), for
// bench/hint_latency.py --pyodide: node bench/hint_pyodide.mjs <py dir> <positions.json>
// positions.json: [[game_id, record], ...]; prints one JSON list of [wall, cpu] seconds, one per
// position (cpu: Node's process.cpuUsage, user and system, far less moved by other work).
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { readFileSync } from "node:fs";

const [pyDir, positions] = process.argv.slice(2);
const pyodide = await loadPyodide({ indexURL: new URL("../node_modules/pyodide/", import.meta.url).pathname });
pyodide.FS.mkdirTree("/ludo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: pyDir }, "/ludo");
pyodide.globals.set("POSITIONS", readFileSync(positions, "utf8"));
const out = await pyodide.runPythonAsync(`
import json, sys, time
sys.path.insert(0, "/ludo")
from ludotheque import bots, games
from js import process
MODULES = {game_id: bots.coach(game_id) for game_id in ("lucky-numbers", "take-it-easy", "rucki-zucki", "3x16")}
from ludotheque.games.take_it_easy.value import learned_value
learned_value()
positions = json.loads(POSITIONS)
for game_id, record in positions[:3]:   # warm up: WebAssembly's code is optimised as it runs
    MODULES[game_id].hint_why(games.get(game_id).replay(record))
times = []
for game_id, record in positions:
    state = games.get(game_id).replay(record)
    cpu, start = process.cpuUsage(), time.perf_counter()
    MODULES[game_id].hint_why(state)
    wall, used = time.perf_counter() - start, process.cpuUsage(cpu)
    times.append([wall, (used.user + used.system) / 1e6])
json.dumps(times)
`);
console.log(out);
