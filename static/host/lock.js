/* How a call's writes reach localStorage, across tabs: the cross-tab storage lock and the turns.

   Each call into the worker brings the `ludotheque:*` values changed since the last call (the
   worker works on a mirror of them), without any lock: a long call (a bot worked out here, a
   review step, a replay) holds no other tab. The worker's answer brings its writes with what
   they were based on (`basis`: each value it read, the keys it listed). The host then takes the
   app's cross-tab lock (Web Locks), checks that storage still holds all that, stores the writes
   and shows the answer before letting go: a save's read-check-write stays atomic across tabs.
   If another tab wrote meanwhile, none of the call is stored or shown: the worker takes it up
   again under the lock from the values as they are (`conflict`). A write the storage refuses
   (full) undoes the call's writes and the worker is told (`refused`), so it says "not saved" and
   loses nothing.

   One more step makes that hold in Chromium, where another tab's writes reach this tab's
   localStorage a moment after it may already hold the lock: every call that wrote leaves a turn
   number, in localStorage after its writes and in IndexedDB (consistent across tabs) before the
   lock goes; the next holder first waits until its localStorage has caught up with that turn
   (and so does every call before it starts).

   `storageLock(env)` works on env's localStorage, navigator.locks and indexedDB (the page's
   window; tests/js/lock.test.mjs gives it fakes: two tabs, one lagging). */

export const PREFIX = "ludotheque:";
export const LOCK = "ludotheque:storage";
export const TURN = "ludotheque-turn";   // not "ludotheque:": the worker never sees it

// the app's values in `storage` now (the `ludotheque:*` keys); throws if storage is refused
export function stored(storage = localStorage) {
  const now = {};
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key && key.startsWith(PREFIX)) now[key] = storage.getItem(key);
  }
  return now;
}

export function storageLock(env = globalThis) {
  // read at each use: with site data blocked, reading the property itself throws
  const local = () => env.localStorage;
  let known = {};      // the storage values as the worker knows them
  let turns = null;    // the IndexedDB database holding the last turn (a promise of it, or of null)

  // what changed since the worker was last told (a key gone: null); the worker then knows it
  function changes() {
    const sent = {};
    let now;
    try { now = stored(local()); } catch (e) { /* storage refused altogether: the worker keeps what it knows */ return sent; }
    for (const k of Object.keys(now)) if (known[k] !== now[k]) sent[k] = now[k];
    for (const k of Object.keys(known)) if (!(k in now)) sent[k] = null;
    known = now;
    return sent;
  }

  function believe(writes) {
    for (const [key, value] of writes) if (value === null) delete known[key]; else known[key] = value;
  }

  // all the writes, or none: the first one refused undoes those before it; its key is returned.
  // `makeRoom()` may free some space first (true: try that write again). Storage that throws
  // even on a read (site data blocked) refuses the first write.
  function store(writes, makeRoom = () => false) {
    const done = [];
    for (let i = 0; i < writes.length; i++) {
      const [key, value] = writes[i];
      try {
        const storage = local();
        const before = storage.getItem(key);
        if (value === null) storage.removeItem(key); else storage.setItem(key, value);
        done.push([key, before]);
      } catch (e) {
        if (makeRoom()) { i--; continue; }
        for (let j = done.length - 1; j >= 0; j--) {
          try {
            const [was, before] = done[j];
            if (before === null) local().removeItem(was); else local().setItem(was, before);
          } catch (e2) { /* the value the worker wrote stays: it is told what the storage holds */ }
        }
        return key;
      }
    }
    return null;
  }

  // storage holds every value the call read as it read it, and (if it listed them) the same keys
  function holds(basis) {
    if (!basis) return true;
    try {
      const read = basis.read || {};
      for (const key in read) if (local().getItem(key) !== read[key]) return false;
      return !basis.listed || Object.keys(stored(local())).sort().join("\n") === basis.listed.slice().sort().join("\n");
    } catch (e) { return true; /* storage refused: nothing is stored anyway */ }
  }

  function turnStore(mode, use) {
    if (!env.indexedDB) return Promise.resolve(0);
    if (!turns) {
      turns = new Promise((resolve) => {
        const request = env.indexedDB.open("ludotheque", 1);
        request.onupgradeneeded = () => { request.result.createObjectStore("turn"); };
        request.onsuccess = () => {
          // the database deleted under the page (its site data cleared): opened again when next used
          request.result.onclose = () => { turns = null; };
          resolve(request.result);
        };
        request.onerror = request.onblocked = () => { resolve(null); };
      });
    }
    return turns.then((db) => {
      if (!db) return 0;
      return new Promise((resolve) => {
        let tx, result = 0;
        try { tx = db.transaction("turn", mode); } catch (e) { turns = null; resolve(0); return; }   // closing: as above
        use(tx.objectStore("turn"), (value) => { result = value; });
        tx.oncomplete = () => { resolve(result); };
        tx.onerror = tx.onabort = () => { resolve(0); };
      });
    }, () => 0);
  }

  function storedTurn() {
    try {
      const turn = local().getItem(TURN);
      return turn === null ? null : Number(turn) || 0;
    } catch (e) { return 0; }
  }

  // until this tab's localStorage shows the last turn; a turn missing for 50 ms means the storage
  // was cleared (IndexedDB kept): the count starts again from there
  async function caughtUp() {
    const wanted = await turnStore("readonly", (turnsKept, keep) => {
      const get = turnsKept.get("n");
      get.onsuccess = () => { keep(Number(get.result) || 0); };
    });
    for (let waited = 0; wanted > 0 && waited < 2000; waited += 5) {
      const turn = storedTurn();
      if (turn !== null && turn >= wanted) return;
      if (turn === null && waited >= 50) {
        try { local().setItem(TURN, String(wanted)); } catch (e) { /* refused: nothing to wait for */ }
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  async function passOn() {
    const next = (storedTurn() || 0) + 1;
    try { local().setItem(TURN, String(next)); } catch (e) { return; }
    await turnStore("readwrite", (turnsKept) => { turnsKept.put(next, "n"); });
  }

  // One call: `ask(message)` is the worker's answer to it ({ops, writes, basis}); `show(answer)`
  // puts the answer on screen; `failed(detail)` if the worker says it could not start. The
  // worker works without the lock; a call that writes takes it only to store its writes, and
  // stores them (and shows its answer) only if storage still holds what the call read.
  async function exchange(message, { ask, show, failed = () => {}, makeRoom }) {
    await caughtUp();
    message.changes = changes();
    const answer = await ask(message);
    if (answer.failed) { failed(answer.failed); return; }
    if (!answer.writes.length) { show(answer); return; }
    const commit = () => keep(answer, ask, show, makeRoom);
    const locks = env.navigator && env.navigator.locks;
    await (locks ? locks.request(LOCK, commit) : commit());
  }

  // holding the lock (where there is one): storage caught up with the last turn; what the call's
  // writes were based on checked (another tab wrote it meanwhile: the worker takes the call up
  // again, now, from the values as they are: what it answers then is final); the writes stored
  // (all or none: one refused, the worker is told and answers again); the answer shown; the turn
  // passed on
  async function keep(answer, ask, show, makeRoom) {
    await caughtUp();
    if (!holds(answer.basis)) answer = await ask({ conflict: true, changes: changes() });
    for (let tries = 0; tries < 4; tries++) {
      believe(answer.writes);
      const refused = store(answer.writes, makeRoom);
      if (refused === null) break;
      answer = await ask({ refused: [refused], changes: changes() });
    }
    show(answer);
    if (answer.writes.length) await passOn();
  }

  return { exchange, changes, believe, store, holds, caughtUp, passOn };
}
