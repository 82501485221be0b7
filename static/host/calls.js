/* Calls into the table's worker, one at a time. The worker's boundary is one function,
   `call(json) -> json`: the message (the event, the storage values changed since the last call)
   and its answer ({ops, writes, basis}); lock.js stores the writes across tabs, ops.js applies
   the operations.

   While a person's input is being answered <html> has `data-busy` (the tests wait for it to go,
   as a player waits for the screen to change; a bot's turn does not count), and `data-calls`
   counts every call in flight (the latency benchmark taps while a bot's turn is one). Each
   timer's call and each tap are left as performance measures ("ludotheque:bot_turn",
   "ludotheque:tap"...): from the event to the screen updated, which the benchmarks read. */
import { root, byId } from "./dom.js";
import { storageLock } from "./lock.js";
import { apply } from "./ops.js";
import { dropPicture, keptPicture, pictureLater } from "./picture.js";

const lock = storageLock(window);
let worker = null;   // the worker's exported functions, once it has started (calls wait for it)
const pending = [];  // calls waiting their turn, one at a time: a person's first
let running = false;
let busy = 0;        // a person's inputs sent and not yet answered (a question asked counts too)
let calls = 0;       // every call sent and not yet answered (a bot's turn too): data-calls

export function workerUp() { return worker !== null; }
export function setWorker(sync) { worker = sync; }

export function working(change) {
  busy += change;
  if (busy > 0) root.setAttribute("data-busy", ""); else root.removeAttribute("data-busy");
}

export function inFlight(change) {
  calls += change;
  root.setAttribute("data-calls", String(calls));
}

export function failed(detail) {
  if (window.ludothequeBootFailed) window.ludothequeBootFailed(detail);
}

async function ask(message) {
  return JSON.parse(await worker.call(JSON.stringify(message)));
}

// `answered` once the screen shows the answer (the turn's bookkeeping comes after it)
function show(answer, answered) {
  apply(answer.ops);
  if (!keptPicture() && answer.writes.length && byId("table")) pictureLater(() => call("picture", {}, "ludotheque:picture"));
  answered();
}

// `measure`: the performance measure this call ends, from `since` (default: now) to the screen
// updated; a call whose answer hands a bot's move to the bots' worker leaves it to that move
export let measuring = null;   // the call whose answer is being applied: its measure, as bots.js's think may take it
export function call(kind, data, measure, since) {
  const started = since === undefined ? performance.now() : since;
  const input = !["timer", "storage", "thought", "judged", "picture"].includes(kind);   // what a person did (a bot's turn is not)
  if (input) working(1);
  inFlight(1);
  let shown = false;
  const mine = { name: measure, start: started };
  const answered = () => {
    if (shown) return;
    shown = true;
    if (mine.name) performance.measure(mine.name, { start: mine.start });
    if (input) working(-1);
    inFlight(-1);
  };
  const run = () => {
    measuring = mine;
    return lock.exchange({ kind: kind, data: data || {} },
                         { ask, show: (answer) => show(answer, answered), failed, makeRoom: dropPicture });
  };
  return enqueue(answered, () => run().then(answered, (error) => {
    answered();
    console.error("Ludothèque:", error);
    if (root.getAttribute("data-engine") !== "ready") {
      failed((root.lang === "en" ? "the app's Python did not start: " : "le Python de l’application n’a pas démarré : ") +
             (error && error.message));
    }
  }), input, kind === "start");
}

// Calls run one after the other; a person's input goes before the bots' turns and storage
// events still waiting (never before one already running): a tap is not kept waiting behind a
// bot's move (which, if the tap changed the position, is not played: Session.bot_moved).
// Until the worker is up nothing runs: its first call (`first`) then goes before the taps
// that waited for it.
// `answered` also ends a call dropped unanswered (ludothequeDropTaps).
function enqueue(answered, job, urgent, first) {
  return new Promise((resolve) => {
    const entry = { urgent: urgent, go: () => job().then(resolve), drop: () => { answered(); resolve(); } };
    let at = pending.length;
    if (first) at = 0;
    else if (urgent) { at = 0; while (at < pending.length && pending[at].urgent) at++; }
    pending.splice(at, 0, entry);
    pump();
  });
}

function pump() {
  if (running || !pending.length || !worker) return;
  running = true;
  pending.shift().go().then(() => { running = false; pump(); });
}

// The start failed (static/boot.js says why and disables the home's buttons): the calls
// waiting for the worker are dropped, their controls no longer marked busy, the page no longer
// `data-busy`; true if a person's tap was among them (boot.js then says it was not done).
window.ludothequeDropTaps = function () {
  const dropped = pending.splice(0, pending.length);
  let tapped = false;
  for (const entry of dropped) { tapped = tapped || entry.urgent; entry.drop(); }
  return tapped;
};
