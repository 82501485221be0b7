// The bots' worker: a second Python that works out the bots' moves. Started once a bot's move
// has kept the table's worker busy longer than SLOW_MOVE (a table of people, or quick bots,
// never need a second interpreter's memory and start); until it is ready, and if it fails, the
// table's worker works the move out itself (the answer null).
import { call, inFlight, measuring } from "./calls.js";
import { own } from "./guard.js";
import { handOver } from "./wasm.js";

const SLOW_MOVE = 40;      // ms: with the repaint, a tap then would wait past 50 ms
let bots = null;           // null: not started; then a promise of its exported functions, or of null
let botsReady = null;      // its functions once it has answered it is ready
let botsScript = null;     // its script element (its xworker is the Worker)

function botsWorker() {
  if (bots) return bots;
  bots = new Promise((resolve) => {
    const script = document.createElement("script");
    script.type = "py";
    script.setAttribute("worker", "");
    script.setAttribute("name", "bots");
    script.src = "./py/thinker.py";
    script.setAttribute("config", "./pyscript.toml");
    document.body.appendChild(own(script));   // the host's own tag: guard.js lets it start
    botsScript = script;
    let waited = 0;
    (function made() {
      if (!script.xworker) {
        if ((waited += 20) > 10000) { resolve(null); return; }
        setTimeout(made, 20);
        return;
      }
      script.xworker.addEventListener("message", handOver);
      script.xworker.ready.then(() => {
        const sync = script.xworker.sync;
        return Promise.resolve(sync.start(location.href.split("#")[0])).then(() => { resolve(sync); });
      }).catch((error) => { console.warn("Ludothèque: no bots' worker:", error); resolve(null); });
    })();
  });
  return bots;
}

// A move not back by its deadline (a worker killed, starved of memory, stuck): the bots' worker
// is ended and another started, and the answer is null, so the table's worker works the move
// out itself, as before the bots' worker was up. After RESTARTS such ends in a row the table's
// worker keeps every move for this visit (a bots' worker that never answers would cost each
// move its deadline).
const THINK_DEADLINE = 5000;   // ms, unless the worker says (page.think: more for the strongest level)
const RESTARTS = 2;
let ended = 0;                 // bots' workers ended in a row for want of an answer

function thinking(request, deadline) {
  if (!botsReady) {
    const current = bots;   // a worker ended meanwhile is not taken up again
    if (current) current.then((sync) => { if (bots === current && botsReady === null) botsReady = sync || false; });
    return Promise.resolve(null);
  }
  const asked = botsReady;
  return new Promise((resolve) => {
    let over = false;
    const timer = setTimeout(() => {
      if (over) return;
      over = true;
      if (asked === botsReady) endBots();
      resolve(null);
    }, deadline || THINK_DEADLINE);
    Promise.resolve(asked.think(request)).then((answer) => {
      if (over) return;   // too late: the table's worker has it
      over = true;
      clearTimeout(timer);
      ended = 0;
      const move = JSON.parse(answer);
      if (move !== null) performance.mark("ludotheque:thought");   // a move from the bots' worker (tests count them)
      resolve(move);
    }, () => {
      if (over) return;
      over = true;
      clearTimeout(timer);
      resolve(null);
    });
  });
}

function endBots() {
  performance.mark("ludotheque:bots-ended");   // the tests count them
  try { botsScript.xworker.terminate(); } catch (e) { /* gone already */ }
  botsScript.remove();
  botsScript = null;
  botsReady = null;
  if (++ended > RESTARTS) { bots = Promise.resolve(null); return; }
  bots = null;
  botsWorker();
}

// The strongest level may think long: its progress towards the deadline, a bar under the
// banner (kept there across the table's repaints) once it has thought a second; the function
// returned takes it away.
function showProgress(label, deadline) {
  const started = performance.now();
  let bar = null;
  const tick = setInterval(() => {
    const spent = performance.now() - started;
    if (spent < 1000) return;
    const banner = document.querySelector("#table #banner");
    if (!banner) return;
    if (!bar || !banner.contains(bar)) {
      bar = document.createElement("progress");
      bar.className = "bot-progress";
      bar.max = 100;
      bar.setAttribute("aria-label", label);
      banner.appendChild(bar);
    }
    bar.value = Math.min(100, Math.round(100 * spent / deadline));
  }, 250);
  return () => {
    clearInterval(tick);
    if (bar) bar.remove();
  };
}

// the worker's `think` op: a bot's move to work out here, its answer sent back as "thought"
// (null: the table's worker works it out itself); the call that asked leaves its measure to it
export function think(op) {
  const since = measuring ? measuring.start : performance.now(), name = measuring && measuring.name;
  if (measuring) measuring.name = null;   // the bot's turn is measured to its move on screen
  inFlight(1);   // a bot thinking counts as a call in flight
  moving += 1;
  const shown = op.progress ? showProgress(op.progress, op.deadline) : null;
  thinking(op.request, op.deadline).then((move) => {
    if (shown) shown();
    inFlight(-1);
    moving -= 1;
    if (!moving) { const go = afterMoves.splice(0); go.forEach((f) => f()); }
    const asked = performance.now();
    call("thought", { id: op.id, move: move }, name, since).then(() => {
      // worked out by the table's worker, long enough to keep a tap waiting: the bots' worker starts
      if (move === null && !bots && performance.now() - asked > SLOW_MOVE) botsWorker();
    });
  });
}

// The worker's `judge` op (Review.judge_ahead): a part of a review judged here during the game,
// so that the review at the end is soon ready. It starts the bots' worker if need be (a review
// will be offered), waits for no bot's move to be in the works (a bot's move goes first; one
// decision a request, so a bot's move waits for one at most), and sends back what it found as
// "judged" (null: no bots' worker, or no answer by JUDGE_DEADLINE: the end judges it all, as
// before). Each part found leaves a mark "ludotheque:judged" (the tests count them).
const JUDGE_DEADLINE = 60000;
let moving = 0;            // bots' moves asked of the bots' worker, not back yet
const afterMoves = [];     // judgements waiting for them

function judging(request) {
  const current = botsWorker();
  return current.then((sync) => {
    if (!sync) return null;
    if (bots === current && botsReady === null) botsReady = sync;   // bots' moves go there too from now on
    return new Promise((go) => { if (moving) afterMoves.push(go); else go(); }).then(() => new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), JUDGE_DEADLINE);
      Promise.resolve(sync.judge(request)).then((answer) => { clearTimeout(timer); resolve(JSON.parse(answer)); },
                                                () => { clearTimeout(timer); resolve(null); });
    }));
  }, () => null);
}

export function judge(op) {
  judging(op.request).then((found) => {
    for (const key of Object.keys(found || {})) performance.mark("ludotheque:judged", { detail: key });
    call("judged", { id: op.id, found: found });
  });
}
