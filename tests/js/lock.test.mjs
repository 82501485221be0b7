// static/host/lock.js on its own, in Node (`node --test`, run by tests/test_lock.py): two tabs of
// one origin, each with its own view of localStorage (another tab's writes reach it `lag` ms
// later, as in Chromium), one Web Locks manager and one IndexedDB (both consistent across tabs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

// loaded from its text: the module has no imports, and Node then needs no package "type"
const source = readFileSync(new URL("../../static/host/lock.js", import.meta.url), "utf8");
const { storageLock, TURN } = await import("data:text/javascript;base64," + Buffer.from(source).toString("base64"));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// --- fakes ----------------------------------------------------------------------------------------

class Origin {
  constructor(values = {}) {
    this.views = [];
    this.initial = values;
    this.history = [];      // every [key, value] any tab stored, in order
  }

  // a tab's localStorage: its own writes at once, the other tabs' after `lag` ms (0: at once); `full(key,
  // value)` true makes a write throw as a full storage does
  view({ lag = 0, full = () => false } = {}) {
    const origin = this, items = new Map(Object.entries(this.initial));
    const storage = {
      items, lag,
      get length() { return items.size; },
      key: (i) => [...items.keys()][i] ?? null,
      getItem: (key) => (items.has(key) ? items.get(key) : null),
      setItem(key, value) {
        if (full(key, value)) throw new Error("QuotaExceededError");
        origin.write(storage, key, String(value));
      },
      removeItem(key) { origin.write(storage, key, null); },
    };
    this.views.push(storage);
    return storage;
  }

  write(from, key, value) {
    this.history.push([key, value]);
    for (const view of this.views) {
      const apply = () => { if (value === null) view.items.delete(key); else view.items.set(key, value); };
      if (view === from || !view.lag) apply(); else setTimeout(apply, view.lag);
    }
  }
}

// one origin's Web Locks: each request for a name runs once the one before it has ended
function locks() {
  const tails = new Map();
  return {
    held: 0,
    request(name, callback) {
      const run = (tails.get(name) || Promise.resolve()).then(async () => {
        this.held++;
        try { return await callback(); } finally { this.held--; }
      });
      tails.set(name, run.catch(() => {}));
      return run;
    },
  };
}

// one origin's IndexedDB, as much of it as the turns use: object stores of keys and values
function indexedDB() {
  const stores = new Map();
  let made = false;
  const db = {
    createObjectStore(name) { stores.set(name, new Map()); },
    transaction(name) {
      const tx = {}, asked = [];
      tx.objectStore = () => ({
        get(key) { const request = {}; asked.push(() => { request.result = stores.get(name).get(key); request.onsuccess?.(); }); return request; },
        put(value, key) { asked.push(() => stores.get(name).set(key, value)); },
      });
      setTimeout(() => { asked.forEach((run) => run()); tx.oncomplete?.(); }, 0);
      return tx;
    },
  };
  return {
    stores,
    open() {
      const request = { result: db };
      setTimeout(() => {
        if (!made) { made = true; request.onupgradeneeded?.(); }
        request.onsuccess?.();
      }, 0);
      return request;
    },
  };
}

// a tab: its lock protocol and a worker that answers from a script of answers, keeping every
// message it was sent and every answer the tab showed
function tab(origin, shared, options = {}) {
  const localStorage = origin.view(options);
  const env = { localStorage, navigator: { locks: shared.locks }, indexedDB: shared.indexedDB };
  const me = { localStorage, lock: storageLock(env), asked: [], shown: [] };
  me.call = (answers, makeRoom) => me.lock.exchange({ kind: "click", data: {} }, {
    ask: async (message) => {
      me.asked.push(message);
      const next = answers.shift();
      return typeof next === "function" ? next(message) : next;
    },
    show: (answer) => me.shown.push(answer),
    failed: (detail) => me.shown.push({ failed: detail }),
    makeRoom,
  });
  return me;
}

function sharedBy() { return { locks: locks(), indexedDB: indexedDB() }; }
const answer = (writes, basis = null) => ({ ops: [{ op: "text", sel: "#x", text: JSON.stringify(writes) }], writes, basis });
const SAVE = "ludotheque:save:1";

// --- the protocol -----------------------------------------------------------------------------------

test("a call whose basis still holds stores its writes, shows its answer and passes the turn", async () => {
  const origin = new Origin({ [SAVE]: "v0" }), shared = sharedBy();
  const a = tab(origin, shared);
  const first = answer([[SAVE, "v1"], ["ludotheque:stats", "s"]], { read: { [SAVE]: "v0" } });
  await a.call([first]);
  assert.deepEqual(a.asked[0].changes, { [SAVE]: "v0" }, "the worker is told the values it has not seen");
  assert.equal(a.asked.length, 1);
  assert.deepEqual(a.shown, [first]);
  assert.equal(a.localStorage.getItem(SAVE), "v1");
  assert.equal(a.localStorage.getItem(TURN), "1");
  assert.equal(shared.indexedDB.stores.get("turn").get("n"), 1);
  await a.call([answer([])]);
  assert.deepEqual(a.asked[1].changes, {}, "the worker's own writes are not sent back to it");
});

test("a stale basis is refused: another tab's write meanwhile, none of the call stored or shown", async () => {
  const origin = new Origin({ [SAVE]: "v0" }), shared = sharedBy();
  const a = tab(origin, shared), b = tab(origin, shared);
  const stale = answer([[SAVE, "A"]], { read: { [SAVE]: "v0" } });
  const again = answer([[SAVE, "B then A"]], { read: { [SAVE]: "B" } });
  // A's worker works its call out while B stores its own move
  await a.call([async () => { await b.call([answer([[SAVE, "B"]], { read: { [SAVE]: "v0" } })]); return stale; }, again]);
  assert.equal(a.asked.length, 2);
  assert.equal(a.asked[1].conflict, true, "the worker is asked again, under the lock");
  assert.deepEqual(a.asked[1].changes, { [SAVE]: "B" }, "from the values as they are");
  assert.deepEqual(a.shown, [again], "the stale answer is never shown");
  assert.ok(!origin.history.some(([, value]) => value === "A"), "nor stored");
  assert.equal(a.localStorage.getItem(SAVE), "B then A");
  assert.equal(a.localStorage.getItem(TURN), "2");
});

test("a key another tab added is a stale basis for a call that listed the keys", async () => {
  const origin = new Origin({ [SAVE]: "v0" }), shared = sharedBy();
  const a = tab(origin, shared), b = tab(origin, shared);
  const listed = answer([["ludotheque:save:2", "new"]], { read: {}, listed: [SAVE] });
  await a.call([async () => { await b.call([answer([["ludotheque:save:3", "b"]])]); return listed; }, answer([])]);
  assert.equal(a.asked[1]?.conflict, true);
  assert.equal(a.localStorage.getItem("ludotheque:save:2"), null);
  assert.ok(a.lock.holds({ read: {}, listed: [SAVE, "ludotheque:save:3"] }));
  assert.ok(!a.lock.holds({ read: { [SAVE]: "v1" } }));
});

test("a write the storage refuses undoes every write of the call and the worker is told", async () => {
  const picture = "ludotheque-home";
  const origin = new Origin({ "ludotheque:a": "1", [picture]: "<p>home</p>" }), shared = sharedBy();
  const a = tab(origin, shared, { full: (key, value) => value === "too big" });
  let roomMade = 0;
  const makeRoom = () => {   // the home's picture gives its room, once
    if (a.localStorage.getItem(picture) === null) return false;
    a.localStorage.removeItem(picture);
    roomMade++;
    return true;
  };
  const told = answer([]);
  await a.call([answer([["ludotheque:a", "2"], ["ludotheque:b", "new"], ["ludotheque:c", "too big"]]), told], makeRoom);
  assert.equal(roomMade, 1, "room is made before the write is refused");
  assert.deepEqual(a.asked[1].refused, ["ludotheque:c"]);
  assert.deepEqual(a.asked[1].changes, { "ludotheque:a": "1", "ludotheque:b": null, "ludotheque:c": null },
                   "the worker learns the storage holds none of the call's writes");
  assert.equal(a.localStorage.getItem("ludotheque:a"), "1");
  assert.equal(a.localStorage.getItem("ludotheque:b"), null);
  assert.equal(a.localStorage.getItem("ludotheque:c"), null);
  assert.deepEqual(a.shown, [told]);
  assert.equal(a.localStorage.getItem(TURN), null, "a call that stored nothing passes no turn");
});

test("the turn wait holds: a call starts only once this tab's storage shows the last turn", async () => {
  const origin = new Origin({ [SAVE]: "v0" }), shared = sharedBy();
  const b = tab(origin, shared);
  const a = tab(origin, shared, { lag: 120 });   // B's writes reach A's storage 120 ms late
  await b.call([answer([[SAVE, "v1"]], { read: { [SAVE]: "v0" } })]);       // turn 1
  await sleep(150);
  await b.call([answer([[SAVE, "v2"]], { read: { [SAVE]: "v1" } })]);       // turn 2, not yet in A's storage
  assert.equal(a.localStorage.getItem(SAVE), "v1");
  const started = performance.now();
  await a.call([answer([])]);
  assert.ok(performance.now() - started >= 100, "A waited for the turn to reach its storage");
  assert.deepEqual(a.asked[0].changes, { [SAVE]: "v2" }, "A's worker is told of B's last write before it answers");
});

test("holding the lock, a tab first waits for the turn of the tab that held it before", async () => {
  const origin = new Origin({ [SAVE]: "v0" }), shared = sharedBy();
  const a = tab(origin, shared, { lag: 120 }), b = tab(origin, shared);
  await b.call([answer([[SAVE, "v1"]])]);
  await sleep(150);
  const stale = answer([[SAVE, "A"]], { read: { [SAVE]: "v1" } });
  // B stores v2 while A's worker works; B's write reaches A's storage after A takes the lock
  await a.call([async () => { await b.call([answer([[SAVE, "v2"]], { read: { [SAVE]: "v1" } })]); return stale; }, answer([])]);
  assert.equal(a.asked[1]?.conflict, true, "A saw B's write once caught up, and did not overwrite it");
  assert.equal(a.localStorage.getItem(SAVE), "v2");
});

test("a storage cleared with IndexedDB kept: the turn missing for 50 ms, the count starts again", async () => {
  const origin = new Origin(), shared = sharedBy();
  const a = tab(origin, shared);
  await a.call([answer([[SAVE, "v1"]])]);
  await a.call([answer([[SAVE, "v2"]])]);
  a.localStorage.removeItem(TURN);
  a.localStorage.removeItem(SAVE);
  const started = performance.now();
  await a.call([answer([])]);
  const waited = performance.now() - started;
  assert.ok(waited >= 50 && waited < 1000, `waited ${waited} ms`);
  assert.equal(a.localStorage.getItem(TURN), "2");
});

test("the lock is held only to store: a tab's commit waits for the other's, never for its worker", async () => {
  const origin = new Origin({ [SAVE]: "v0" }), shared = sharedBy();
  const a = tab(origin, shared), b = tab(origin, shared);
  let release, heldDuringWork = null;
  const held = new Promise((resolve) => { release = resolve; });
  // A's first answer takes long: B's whole call (its commit too) is over meanwhile
  const aDone = a.call([async () => { await held; return answer([["ludotheque:a", "1"]]); }]);
  await b.call([async () => { heldDuringWork = shared.locks.held; return answer([["ludotheque:b", "1"]]); }]);
  assert.equal(heldDuringWork, 0, "no lock is held while a worker works");
  assert.equal(b.localStorage.getItem("ludotheque:b"), "1");
  release();
  await aDone;
  assert.equal(a.localStorage.getItem("ludotheque:a"), "1");
  assert.equal(a.localStorage.getItem(TURN), "2");
  // the conflict answer is worked out under the lock: the other tab's commit waits for it
  let inside = null;
  const slow = answer([[SAVE, "A"]], { read: { [SAVE]: "stale" } });
  const aAgain = a.call([slow, async () => { inside = shared.locks.held; await sleep(60); return answer([[SAVE, "A2"]]); }]);
  await sleep(20);
  const shownBefore = b.shown.length;
  await b.call([answer([[SAVE, "B"]])]);
  await aAgain;
  assert.equal(inside, 1);
  assert.equal(b.shown.length, shownBefore + 1);
  assert.equal(a.localStorage.getItem(SAVE), "B", "B stored after A let the lock go");
});

test("without Web Locks the basis is still checked before the writes are stored", async () => {
  const origin = new Origin({ [SAVE]: "v0" }), shared = { locks: undefined, indexedDB: undefined };
  const a = tab(origin, shared), b = tab(origin, shared);
  await a.call([async () => { await b.call([answer([[SAVE, "B"]])]); return answer([[SAVE, "A"]], { read: { [SAVE]: "v0" } }); },
                answer([])]);
  assert.equal(a.asked[1]?.conflict, true);
  assert.equal(a.localStorage.getItem(SAVE), "B");
});

test("a worker that failed to start is said, and nothing is stored or shown", async () => {
  const origin = new Origin(), shared = sharedBy();
  const a = tab(origin, shared);
  await a.call([{ failed: "no Python" }]);
  assert.deepEqual(a.shown, [{ failed: "no Python" }]);
  assert.equal(a.localStorage.length, 0);
});
