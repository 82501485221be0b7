/* The page's host: the main thread's only logic once the shell is painted. Python (the engine,
   the bots and the screens' markup) runs in a PyScript worker (index.html, py/main.py), so a bot's
   thinking or Python's start never holds up the page. This script:
   - listens once per event type on the body (and window) and sends the worker a plain description
     of the event: the tapped control's data attributes, the form's values, a file's text, the key;
   - sends with each call the `ludotheque:*` localStorage values changed since the last call (the
     worker works on a mirror of them), without any lock: a long call (a bot worked out here, a
     review step, a replay) holds no other tab. The worker's answer brings its writes with what
     they were based on (each value it read, the keys it listed); the host then takes the app's
     cross-tab storage lock (Web Locks), checks that storage still holds all that, stores the
     writes and shows the answer before letting go: a save's read-check-write stays atomic across
     tabs. If another tab wrote meanwhile, none of the call is stored or shown: the worker takes
     it up again under the lock from the values as they are (app.conflict). A write the storage
     refuses (full) undoes the call's writes and the worker is told, so it says "not saved" and
     loses nothing. One more step makes that hold in Chromium, where another tab's writes reach
     this tab's localStorage a moment after it may already hold the lock: every call that wrote
     leaves a turn number, in localStorage after its writes and in IndexedDB (consistent across
     tabs) before the lock goes; the next holder first waits until its localStorage has caught up
     with that turn (and so does every call before it starts);
   - applies what comes back: a list of plain operations (a screen's markup, a dialog, the focus,
     a timer that calls back into the worker, a copy, a download, a spoken number...);
   - keeps what is only DOM mechanics: the keyboard focus across a repaint, arrow keys between
     the board's controls, Tab kept inside a dialog, the focus back to a dialog's opener, a
     refusal placed beside the tapped control.
   While a person's input is being answered <html> has `data-busy` (the tests wait for it to
   go, as a player waits for the screen to change; a bot's turn does not count), and `data-calls`
   counts every call in flight (the latency benchmark taps while a bot's turn is one). Each timer's call and each tap are left as performance
   measures ("ludotheque:bot_turn",
   "ludotheque:tap"...): from the event to the screen updated, which the benchmarks read. */
(function () {
  "use strict";
  var root = document.documentElement;
  var PREFIX = "ludotheque:";
  var OPEN_KEY = "ludotheque:open";
  var LOCK = "ludotheque:storage";
  var FOCUS_KEYS = ["act", "action", "cell", "row", "col", "index", "tile", "card", "column", "seat"];
  var worker = null;       // the worker's exported functions, once it has started (calls wait for it)
  var known = {};          // the storage values as the worker knows them
  var pending = [];        // calls waiting their turn, one at a time: a person's first
  var running = false;
  var tapped = null;       // the last control tapped: left, bottom, top
  var lostFocus = null;    // the table's control a repaint took the focus from
  var opener = null;       // the control that had the focus when the dialog opened
  var reopen;              // the game at this tab's table (undefined until the worker says)
  var busy = 0;            // a person's inputs sent and not yet answered (a question asked counts too)
  var calls = 0;           // every call sent and not yet answered (a bot's turn too): data-calls

  function byId(id) { return document.getElementById(id); }

  function installed() {
    return (window.matchMedia && matchMedia("(display-mode: standalone)").matches) || navigator.standalone === true;
  }

  // Safari's engine, which clears a site's storage after seven days of use without a visit: Safari
  // on a Mac, and every browser on an iPhone or iPad (all are WebKit there; iPadOS says
  // "Macintosh" but has a touch screen); not Chrome, Edge, Firefox or Opera on a desktop
  function safariEngine() {
    var agent = navigator.userAgent || "";
    if (/iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1)) return true;
    return /Safari\//.test(agent) && /Version\//.test(agent) && !/Chrome|Chromium|Edg|OPR|Firefox|Android/.test(agent);
  }

  // --- calls into the worker ------------------------------------------------------------------
  // the app's values in localStorage now (the `ludotheque:*` keys); throws if storage is refused
  function stored() {
    var now = {};
    for (var i = 0; i < localStorage.length; i++) {
      var key = localStorage.key(i);
      if (key && key.indexOf(PREFIX) === 0) now[key] = localStorage.getItem(key);
    }
    return now;
  }

  function changes() {
    var now, sent = {};
    try { now = stored(); } catch (e) { /* storage refused altogether: the worker keeps what it knows */ return sent; }
    Object.keys(now).forEach(function (k) { if (known[k] !== now[k]) sent[k] = now[k]; });
    Object.keys(known).forEach(function (k) { if (!(k in now)) sent[k] = null; });
    known = now;
    return sent;
  }

  function believe(writes) {
    writes.forEach(function (w) { if (w[1] === null) delete known[w[0]]; else known[w[0]] = w[1]; });
  }

  // all the call's writes, or none: the first one refused undoes those before it; its key is returned.
  // Storage that throws even on a read (site data blocked) refuses the first write.
  function store(writes) {
    var done = [];
    for (var i = 0; i < writes.length; i++) {
      var key = writes[i][0], value = writes[i][1], before;
      try {
        before = localStorage.getItem(key);
        if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value);
        done.push([key, before]);
      } catch (e) {
        if (dropPicture()) { i--; continue; }   // the home's picture gives its room to the players' values
        for (var j = done.length - 1; j >= 0; j--) {
          try {
            if (done[j][1] === null) localStorage.removeItem(done[j][0]); else localStorage.setItem(done[j][0], done[j][1]);
          } catch (e2) { /* the value the worker wrote stays: it is told what the storage holds */ }
        }
        return key;
      }
    }
    return null;
  }

  // --- turns: another tab's writes are in this tab's localStorage before the worker is told ----
  var TURN = "ludotheque-turn";   // not "ludotheque:": the worker never sees it
  var turns = null;
  function turnStore(mode, use) {
    if (!window.indexedDB) return Promise.resolve(0);
    if (!turns) {
      turns = new Promise(function (resolve) {
        var request = indexedDB.open("ludotheque", 1);
        request.onupgradeneeded = function () { request.result.createObjectStore("turn"); };
        request.onsuccess = function () {
          // the database deleted under the page (its site data cleared): opened again when next used
          request.result.onclose = function () { turns = null; };
          resolve(request.result);
        };
        request.onerror = request.onblocked = function () { resolve(null); };
      });
    }
    return turns.then(function (db) {
      if (!db) return 0;
      return new Promise(function (resolve) {
        var tx, result = 0;
        try { tx = db.transaction("turn", mode); } catch (e) { turns = null; resolve(0); return; }   // closing: as above
        use(tx.objectStore("turn"), function (value) { result = value; });
        tx.oncomplete = function () { resolve(result); };
        tx.onerror = tx.onabort = function () { resolve(0); };
      });
    }, function () { return 0; });
  }
  function storedTurn() {
    try { var turn = localStorage.getItem(TURN); return turn === null ? null : Number(turn) || 0; } catch (e) { return 0; }
  }

  // until this tab's localStorage shows the last turn; a turn missing for 50 ms means the storage
  // was cleared (IndexedDB kept): the count starts again from there
  async function caughtUp() {
    var wanted = await turnStore("readonly", function (store, keep) {
      var get = store.get("n");
      get.onsuccess = function () { keep(Number(get.result) || 0); };
    });
    for (var waited = 0; wanted > 0 && waited < 2000; waited += 5) {
      var turn = storedTurn();
      if (turn !== null && turn >= wanted) return;
      if (turn === null && waited >= 50) {
        try { localStorage.setItem(TURN, String(wanted)); } catch (e) {}
        return;
      }
      await new Promise(function (resolve) { setTimeout(resolve, 5); });
    }
  }

  async function passOn() {
    var next = (storedTurn() || 0) + 1;
    try { localStorage.setItem(TURN, String(next)); } catch (e) { return; }
    await turnStore("readwrite", function (store) { store.put(next, "n"); });
  }

  // `answered` once the screen shows the answer (the turn's bookkeeping comes after it). The worker
  // works without the lock; a call that writes takes it only to store its writes, and stores
  // them (and shows its answer) only if storage still holds what the call read.
  async function exchange(message, answered) {
    await caughtUp();
    message.changes = changes();
    var answer = JSON.parse(await worker.call(JSON.stringify(message)));
    if (answer.failed) { failed(answer.failed); return; }
    if (!answer.writes.length) { show(answer, answered); return; }
    var commit = function () { return keep(answer, answered); };
    await (navigator.locks ? navigator.locks.request(LOCK, commit) : commit());
  }

  // holding the lock (where there is one): storage caught up with the last turn; what the call's
  // writes were based on checked (another tab wrote it meanwhile: the worker takes the call up
  // again, now, from the values as they are: what it answers then is final); the writes stored
  // (all or none: one refused, the worker is told and answers again); the answer shown
  async function keep(answer, answered) {
    await caughtUp();
    if (!holds(answer.basis)) {
      answer = JSON.parse(await worker.call(JSON.stringify({ conflict: true, changes: changes() })));
    }
    for (var tries = 0; tries < 4; tries++) {
      believe(answer.writes);
      var refused = store(answer.writes);
      if (refused === null) break;
      answer = JSON.parse(await worker.call(JSON.stringify({ refused: [refused], changes: changes() })));
    }
    show(answer, answered);
    if (answer.writes.length) await passOn();
  }

  // storage holds every value the call read as it read it, and (if it listed them) the same keys
  function holds(basis) {
    if (!basis) return true;
    try {
      var read = basis.read || {};
      for (var key in read) if (localStorage.getItem(key) !== read[key]) return false;
      return !basis.listed || Object.keys(stored()).sort().join("\n") === basis.listed.slice().sort().join("\n");
    } catch (e) { return true; /* storage refused: nothing is stored anyway */ }
  }

  function show(answer, answered) {
    apply(answer.ops);
    if (pictureDue !== null) { keepPicture(pictureDue); pictureDue = null; }
    else if (answer.writes.length && byId("table")) pictureLater();
    answered();
  }

  // --- the home screen's picture ------------------------------------------------------------------
  // The worker's home screen (its #saved part) is kept with a fingerprint of the stored values it
  // was drawn from. At the next visit whose stored values, build, language and day are the same,
  // the page shows it at once and takes taps: they wait in the queue until the worker is up (a
  // bar at the top says it is starting). With no stored value at all, the shell is the home
  // screen. A table to reopen, or a replay link, waits for the worker. A notice (a value set
  // aside, say) is never in a picture: the worker flags a home that says only what is stored.
  var PICTURE = "ludotheque-home";   // not "ludotheque:": the worker never sees it
  var UNDRAWN = { "ludotheque:sound": true, "ludotheque:open": true };   // the page's own keys
  var pictureDue = null;             // the home the call being applied drew, to keep
  var savedShown = null;             // the #saved markup on screen: the same again is not repainted

  function today() { var d = new Date(); return d.getFullYear() + "-" + (d.getMonth() + 1) + "-" + d.getDate(); }

  // the stored values' count and two 32-bit hashes (FNV-1a and a second multiplier) of every key
  // and value, in key order
  function fingerprint() {
    var values = stored();
    var keys = Object.keys(values).filter(function (key) { return !UNDRAWN[key]; }).sort();
    var a = 0x811c9dc5, b = 0x9e3779b9, length = 0;
    keys.forEach(function (key) {
      var text = key + "\u0000" + values[key] + "\u0001";
      length += text.length;
      for (var j = 0; j < text.length; j++) {
        var c = text.charCodeAt(j);
        a = Math.imul(a ^ c, 16777619);
        b = Math.imul(b ^ c, 2246822519);
      }
    });
    return { count: keys.length, key: [keys.length, length, a >>> 0, b >>> 0].join(":") };
  }

  function keepPicture(html) {
    try {
      localStorage.removeItem(PICTURE);
      localStorage.setItem(PICTURE, JSON.stringify({ build: root.getAttribute("data-build"), lang: root.lang,
                                                     day: today(), key: fingerprint().key, html: html }));
    } catch (e) { /* no room: the next visit's home waits for the worker */ }
  }

  // a move stored at the table: once the page has been quiet a while, the worker draws the home
  // behind it (a dry run, "picture"), so a visit after the tab was closed at the table starts at once
  var PICTURE_AFTER = 3000;
  var pictureTimer = null;
  function pictureLater() {
    clearTimeout(pictureTimer);
    pictureTimer = setTimeout(function () {
      (window.requestIdleCallback || setTimeout)(function () { if (byId("table")) call("picture", {}, "ludotheque:picture"); });
    }, PICTURE_AFTER);
  }

  function dropPicture() {
    try {
      if (localStorage.getItem(PICTURE) === null) return false;
      localStorage.removeItem(PICTURE);
      return true;
    } catch (e) { return false; }
  }

  // The picture is markup read from storage, which any script of this origin may have written (on
  // GitHub Pages all of a user's projects share one origin): it is parsed inert (a template's
  // content runs nothing and loads nothing) and shown only if it holds nothing but what home.py
  // draws there (its tags, its ids, no other attribute than these); else the home waits for the
  // worker. The Content Security Policy (index.html) would stop a handler anyway.
  var PICTURE_TAGS = { DIV: 1, P: 1, H2: 1, H3: 1, UL: 1, LI: 1, SPAN: 1, BDI: 1, BUTTON: 1, DETAILS: 1, SUMMARY: 1 };
  var PICTURE_IDS = { going: 1, history: 1, stats: 1 };
  var PICTURE_ATTRIBUTE = /^(class|title|open|role|disabled|aria-[a-z]+|data-[a-z]+(-[a-z]+)*)$/;
  function drawnByHome(html) {
    var box = document.createElement("template");
    box.innerHTML = html;
    var all = box.content.querySelectorAll("*");
    for (var i = 0; i < all.length; i++) {
      var el = all[i];
      if (!PICTURE_TAGS[el.tagName]) return null;
      for (var j = 0; j < el.attributes.length; j++) {
        var name = el.attributes[j].name, value = el.attributes[j].value;
        if (!(PICTURE_ATTRIBUTE.test(name) || (name === "id" && PICTURE_IDS[value] === 1) ||
              (name === "type" && value === "button"))) return null;
      }
    }
    return box.content;
  }

  function showPicture() {
    if (root.hasAttribute("data-resume")) return;
    try {
      var now = fingerprint();
      if (now.count) {
        var picture = JSON.parse(localStorage.getItem(PICTURE) || "null") || {};
        if (picture.build !== root.getAttribute("data-build") || picture.lang !== root.lang || picture.day !== today() ||
            picture.key !== now.key || typeof picture.html !== "string") return;
        var drawn = drawnByHome(picture.html);
        if (!drawn) return;
        var saved = byId("saved");
        saved.textContent = "";
        saved.appendChild(document.adoptNode(drawn));
        savedShown = picture.html;
      }
    } catch (e) { return; }
    performance.mark("ludotheque:shown");
    takeTaps();
  }

  function takeTaps() {
    var buttons = document.querySelectorAll("#home button[disabled], #menu button[disabled]");
    for (var i = 0; i < buttons.length; i++) buttons[i].disabled = false;
    root.setAttribute("data-ready", "true");
  }

  function working(change) {
    busy += change;
    if (busy > 0) root.setAttribute("data-busy", ""); else root.removeAttribute("data-busy");
  }

  // `measure`: the performance measure this call ends, from `since` (default: now) to the screen
  // updated; a call whose answer hands a bot's move to the bots' worker leaves it to that move
  var measuring = null;   // the call whose answer is being applied: its measure, as OPS.think may take it
  function call(kind, data, measure, since) {
    var started = since === undefined ? performance.now() : since;
    var input = ["timer", "storage", "thought", "picture"].indexOf(kind) < 0;   // what a person did (a bot's turn is not)
    if (input) working(1);
    root.setAttribute("data-calls", String(++calls));
    var shown = false;
    var mine = { name: measure, start: started };
    var answered = function () {
      if (shown) return;
      shown = true;
      if (mine.name) performance.measure(mine.name, { start: mine.start });
      if (input) working(-1);
      root.setAttribute("data-calls", String(--calls));
    };
    var run = function () {
      measuring = mine;
      return exchange({ kind: kind, data: data || {} }, answered);
    };
    return enqueue(answered, function () {
      return run().then(answered, function (error) {
        answered();
        console.error("Ludothèque:", error);
        if (root.getAttribute("data-engine") !== "ready") {
          failed((root.lang === "en" ? "the app's Python did not start: " : "le Python de l’application n’a pas démarré : ") +
                 (error && error.message));
        }
      });
    }, input, kind === "start");
  }

  // Calls run one after the other; a person's input goes before the bots' turns and storage
  // events still waiting (never before one already running): a tap is not kept waiting behind a
  // bot's move (which, if the tap changed the position, is not played: Session.bot_moved).
  // Until the worker is up nothing runs: its first call (`first`) then goes before the taps
  // that waited for it.
  // `answered` also ends a call dropped unanswered (dropTaps).
  function enqueue(answered, job, urgent, first) {
    return new Promise(function (resolve) {
      var entry = { urgent: urgent, go: function () { return job().then(resolve); },
                    drop: function () { answered(); resolve(); } };
      var at = pending.length;
      if (first) at = 0;
      else if (urgent) { at = 0; while (at < pending.length && pending[at].urgent) at++; }
      pending.splice(at, 0, entry);
      pump();
    });
  }
  function pump() {
    if (running || !pending.length || !worker) return;
    running = true;
    pending.shift().go().then(function () { running = false; pump(); });
  }

  // The start failed (static/boot.js says why and disables the home's buttons): the calls
  // waiting for the worker are dropped, their controls no longer marked busy, the page no longer
  // `data-busy`; true if a person's tap was among them (boot.js then says it was not done).
  window.ludothequeDropTaps = function () {
    var dropped = pending.splice(0, pending.length), tapped = false;
    dropped.forEach(function (entry) { tapped = tapped || entry.urgent; entry.drop(); });
    return tapped;
  };

  // --- what the worker asks for -----------------------------------------------------------------
  function apply(ops) {
    for (var i = 0; i < ops.length; i++) {
      var op = ops[i], run = OPS[op.op];
      try { if (run) run(op); } catch (e) { console.error("Ludothèque:", op.op, e); }
    }
    drawCodes();
  }

  // --- a code read off another device's screen with the camera ----------------------------------
  // A `[data-scan]` button (its words in data-looking, -refused, -stop) opens the camera under
  // itself; each frame goes through the vendored jsQR (loaded at the first scan) until a QR code
  // reads. The text goes into the form's field `data-scan` (a text area gains a line: several
  // results are gathered one after the other), and the form's `data-then` button is tapped.
  // Without a camera, or with it refused, the person is told to type the code.
  var scanning = null;
  function stopScan() {
    if (!scanning) return;
    clearInterval(scanning.timer);
    if (scanning.stream) scanning.stream.getTracks().forEach(function (track) { track.stop(); });
    scanning.box.remove();
    scanning = null;
  }
  function jsQRLoaded() {
    if (window.jsQR) return Promise.resolve(window.jsQR);
    return new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = "./static/vendor/jsQR.js";
      script.onload = function () { resolve(window.jsQR); };
      script.onerror = reject;
      document.head.appendChild(script);
    });
  }
  function scan(button) {
    stopScan();
    var form = button.closest("form");
    var box = document.createElement("div");
    box.className = "scanner";
    var status = document.createElement("p");
    status.setAttribute("role", "status");
    status.textContent = button.getAttribute("data-looking");
    var video = document.createElement("video");
    video.setAttribute("playsinline", "");
    video.muted = true;
    var stop = document.createElement("button");
    stop.type = "button";
    stop.textContent = button.getAttribute("data-stop");
    stop.addEventListener("click", stopScan);
    box.appendChild(video); box.appendChild(status); box.appendChild(stop);
    button.insertAdjacentElement("afterend", box);
    var mine = scanning = { box: box, stream: null, timer: null };
    function refused() {
      if (scanning !== mine) return;
      status.textContent = button.getAttribute("data-refused");
      video.remove();
      if (mine.stream) mine.stream.getTracks().forEach(function (track) { track.stop(); });
    }
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) { refused(); return; }
    Promise.all([navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }),
                 jsQRLoaded()]).then(function (got) {
      if (scanning !== mine || !box.isConnected) {   // stopped, or its dialog closed, meanwhile
        got[0].getTracks().forEach(function (track) { track.stop(); });
        if (scanning === mine) stopScan();
        return;
      }
      mine.stream = got[0];
      var read = got[1], canvas = document.createElement("canvas");
      video.srcObject = got[0];
      video.play().catch(function () {});
      mine.timer = setInterval(function () {
        if (!box.isConnected) { stopScan(); return; }   // its dialog closed or was redrawn: the camera goes off
        if (!video.videoWidth) return;
        var scale = Math.min(1, 640 / video.videoWidth);
        canvas.width = Math.round(video.videoWidth * scale);
        canvas.height = Math.round(video.videoHeight * scale);
        var context = canvas.getContext("2d", { willReadFrequently: true });
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        var frame = context.getImageData(0, 0, canvas.width, canvas.height);
        var found = read(frame.data, frame.width, frame.height, { inversionAttempts: "dontInvert" });
        if (!found || !found.data) return;
        stopScan();
        var field = form && form.elements[button.getAttribute("data-scan")];
        if (!field) return;
        if (field.tagName === "TEXTAREA") field.value = (field.value.trim() ? field.value.trim() + "\n" : "") + found.data;
        else field.value = found.data;
        var then = button.getAttribute("data-then");
        var next = then && form.querySelector("[data-action='" + then + "']");
        if (next) tap(next, true); else field.focus();
      }, 150);
    }, refused);
  }

  // A table's code and a result code are also shown as QR codes: each `canvas[data-qr]` the
  // worker's markup holds is drawn with the vendored lean-qr (loaded at the first one), one pixel
  // a module, the stylesheet scaling it up pixelated.
  var qrLibrary = null;
  function drawCodes() {
    var canvases = document.querySelectorAll("canvas[data-qr]");
    if (!canvases.length) return;
    qrLibrary = qrLibrary || import("./vendor/lean-qr.mjs");
    qrLibrary.then(function (qr) {
      for (var i = 0; i < canvases.length; i++) {
        var canvas = canvases[i], text = canvas.getAttribute("data-qr");
        if (canvas.getAttribute("data-drawn") === text) continue;
        qr.generate(text, { minCorrectionLevel: qr.correction.M }).toCanvas(canvas, { pad: 4 });
        canvas.setAttribute("data-drawn", text);
      }
    }).catch(function (error) { console.warn("Ludothèque: no QR code:", error); });
  }

  var OPS = {
    html: function (op) {
      var el = document.querySelector(op.sel);
      if (op.sel === "#saved") {
        if (op.picture) pictureDue = op.html;
        if (op.html === savedShown) return;   // the picture shown, say: a folder opened meanwhile stays open
        savedShown = op.html;
      }
      if (el) el.innerHTML = op.html;
    },
    text: function (op) { var el = document.querySelector(op.sel); if (el) el.textContent = op.text; },
    select: function (op) { var el = document.querySelector(op.sel); if (el && el.select) el.select(); },
    table: paintTable,
    home: function () {
      var table = byId("table");
      if (table) table.remove();
      byId("home").hidden = false;
      lostFocus = null;
      stackTurnBar();
    },
    layer: showLayer,
    focus: function (op) {
      for (var i = 0; i < op.sels.length; i++) {
        var el = document.querySelector(op.sels[i]);
        if (el) { el.focus(); return; }
      }
    },
    confirm: function (op) {
      // asked once this call is over: the storage lock is not held while the question waits
      working(1);
      setTimeout(function () {
        if (window.confirm(op.text)) call("click", { target: op.then });
        working(-1);
      }, 0);
    },
    download: function (op) {
      var url = URL.createObjectURL(new Blob([op.text], { type: "application/json" }));
      var link = document.createElement("a");
      link.href = url;
      link.download = op.name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    },
    copy: function (op) {
      if (navigator.clipboard) navigator.clipboard.writeText(op.text).catch(function () {});
    },
    speak: function (op) {
      var life = window.ludotheque;
      if (life && life.soundOn && !life.soundOn()) return;   // the sound switch is off: not a word
      if (!window.speechSynthesis || !window.SpeechSynthesisUtterance) return;
      var utterance = new SpeechSynthesisUtterance(op.text);
      utterance.lang = op.lang;
      speechSynthesis.cancel();
      speechSynthesis.speak(utterance);
    },
    // a hint just asked: its first mark on the board (not in the sticky turn bar or hand) brought
    // into the band between the bars that stick at the top and the bottom, if it is not there
    reveal: function (op) {
      var marks = document.querySelectorAll(op.sel), mark = null;
      for (var i = 0; i < marks.length && !mark; i++) if (!marks[i].closest("[data-turn]")) mark = marks[i];
      if (!mark) return;
      var r = mark.getBoundingClientRect();
      var top = parseFloat(getComputedStyle(root).getPropertyValue("--turn-bottom")) || 0, bottom = innerHeight;
      var foot = document.querySelector("#table [data-turn='foot']");
      if (foot && getComputedStyle(foot).position === "sticky") bottom = Math.min(bottom, foot.getBoundingClientRect().top);
      if (r.top >= top && r.bottom <= bottom) return;
      window.scrollBy(0, r.top - top - Math.max(0, (bottom - top - r.height) / 2));
    },
    address: function (op) { history.replaceState(null, "", op.value); },
    lang: function (op) { root.lang = op.value; },
    timer: function (op) {
      setTimeout(function () { call("timer", { id: op.id }, op.name); }, op.delay);
    },
    think: function (op) {
      var since = measuring ? measuring.start : performance.now(), name = measuring && measuring.name;
      if (measuring) measuring.name = null;   // the bot's turn is measured to its move on screen
      root.setAttribute("data-calls", String(++calls));   // a bot thinking counts as a call in flight
      var shown = op.progress ? showProgress(op.progress, op.deadline) : null;
      thinking(op.request, op.deadline).then(function (move) {
        if (shown) shown();
        root.setAttribute("data-calls", String(--calls));
        var asked = performance.now();
        call("thought", { id: op.id, move: move }, name, since).then(function () {
          // worked out by the table's worker, long enough to keep a tap waiting: the bots' worker starts
          if (move === null && !bots && performance.now() - asked > SLOW_MOVE) botsWorker();
        });
      });
    },
    reopen: function (op) { reopen = op.game; },
    ready: function () {
      precompile();
      takeTaps();
      root.setAttribute("data-engine", "ready");
    }
  };

  // whose board or hand a control of the table is on (its nearest data-seat), null if nobody's
  function seatOf(el) {
    var owner = el && el.closest ? el.closest("#table [data-seat]") : null;
    return owner ? owner.getAttribute("data-seat") : null;
  }

  function focusSelector(el) {
    if (!el || !el.closest || !el.closest("#table") || !el.dataset) return null;
    var parts = [];
    FOCUS_KEYS.forEach(function (k) {
      var value = el.dataset[k];
      if (value !== undefined && value.indexOf('"') < 0) parts.push("[data-" + k + '="' + value + '"]');
    });
    return parts.length ? "#table " + parts.join("") : null;
  }

  // the table's markup, the keyboard focus kept on the same control (its data attributes)
  function paintTable(op) {
    var table = byId("table");
    if (!table) {
      table = document.createElement("section");
      table.id = "table";
      byId("app").appendChild(table);
    }
    // a table opens (from the home, or another game at this table): at the top of the page, its
    // banner in sight, never at the home's scroll (the 3x16 card's button left a phone 295 px down)
    var shown = table.firstElementChild;
    var opening = !byId("home").hidden || !shown || shown.getAttribute("data-save") !== saveOf(op.html);
    byId("home").hidden = true;
    var here = document.activeElement;
    var selector = focusSelector(here);
    var focused = selector && { selector: selector, seat: seatOf(here) };
    if (!focused && (!here || here === document.body)) focused = lostFocus;  // a bot's turn left nothing focused
    var motion = window.ludotheque && window.ludotheque.paintTable;
    if (motion) motion(table, op.html); else table.innerHTML = op.html;
    lostFocus = null;
    if (focused) {
      // the same control, unless it is now on another person's board: focused (and lit) there, it
      // would show the next person the hex or cell the last one chose while boards are hidden
      var same = document.querySelector(focused.selector);
      if (same && seatOf(same) !== focused.seat) same = null;
      var again = same || table.querySelector("#pass-cover [data-action='reveal']") ||
        table.querySelector(".board [data-act]:not([disabled]), [data-act]:not([disabled])");
      if (again) again.focus({ preventScroll: true }); else lostFocus = focused;
    }
    if (opening) window.scrollTo(0, 0);
    // no hover mark until the pointer moves: a mouse left where the last person clicked would
    // light that place on the next person's board (static/games/*.css: html:not(.pointer-still))
    root.classList.add("pointer-still");
    stackTurnBar();
    placeRefusal();
  }

  function saveOf(html) {
    var found = /data-save="([^"]*)"/.exec(html || "");
    return found ? found[1] : null;
  }

  // The turn bar on a phone (static/app.css): the banner (or a guided game's note) and the element
  // a game marks data-turn (its call or tile and the step's buttons) stick at the top, one under
  // the other. The second's place is the height of the first, measured here (a banner of one, two
  // or three lines, a note of two to four): --turn-top; --turn-bottom (the whole bar) keeps a
  // control that the focus or a scroll brings into view from under it (scroll-padding-top).
  var barWatch = window.ResizeObserver ? new ResizeObserver(function () { stackTurnBar(true); }) : null;
  var barParts = [];
  function stackTurnBar(measureOnly) {
    var table = byId("table");
    if (!measureOnly) {
      barParts = !table || !byId("home").hidden ? [] :
        [table.querySelector(".banner"), table.querySelector(".guide-note:not(.guide-end)"), table.querySelector("[data-turn='top']")];
      if (barWatch) {
        barWatch.disconnect();
        barParts.forEach(function (el) { if (el) barWatch.observe(el); });
      }
    }
    var top = 0, tops = [];
    barParts.forEach(function (el) {
      tops.push(top);
      if (el && el.isConnected && getComputedStyle(el).position === "sticky") top += el.getBoundingClientRect().height;
    });
    root.style.setProperty("--turn-top", (tops[2] || 0) + "px");
    root.style.setProperty("--turn-bottom", top + "px");
  }
  window.addEventListener("resize", function () { stackTurnBar(true); });

  // why a tap was refused, beside the place tapped, over the table (nothing moves); CSS fades it,
  // on one timeline however often the table is painted again meanwhile (a bot's move, say). It
  // never covers the control tapped nor any legal target (".legal") nor the hinted or guided one
  // (".hint"): the nearest place above or below the control that covers none of the board's
  // controls (a person reads them too); where there is none, below or above the control, beside
  // it, above or below all the targets, or a corner, whichever covers the fewest targets, then
  // the fewest of the rest.
  var shownRefusal = { n: null, since: 0 };
  function placeRefusal() {
    var toast = document.querySelector("#table .refusal.toast");
    if (!toast) return;
    var game = document.querySelector("#table [data-save]");
    var n = (game ? game.getAttribute("data-save") : "") + ":" + toast.getAttribute("data-n");
    var now = performance.now();
    if (n !== shownRefusal.n) shownRefusal = { n: n, since: now };
    var style = "animation-delay: " + Math.round(shownRefusal.since - now) + "ms";
    if (!tapped) { toast.style.cssText = style; return; }
    var width = Math.min(360, innerWidth - 16);
    style += "; max-width: " + width + "px";
    toast.style.cssText = style + "; left: 8px; top: 8px";
    var size = toast.getBoundingClientRect();
    var w = size.width, ht = size.height;
    var here = tapped.selector ? document.querySelector(tapped.selector) : null;
    var t = here ? here.getBoundingClientRect() : tapped;
    var avoid = [t];
    document.querySelectorAll("#table .legal, #table .hint").forEach(function (el) {
      var r = el.getBoundingClientRect();
      if (r.width && r.height) avoid.push(r);
    });
    // the rest of the board's controls and a hint's words: covered as little as may be (a person
    // reads them too; on a phone 3x16's tapped row lies just under the hint in the turn bar)
    var board = [];
    document.querySelectorAll("#table [data-act], #table [data-cell], #table .hint-note").forEach(function (el) {
      var r = el.getBoundingClientRect();
      if (r.width && r.height && r.bottom > 0 && r.top < innerHeight) board.push(r);
    });
    var top = Math.min.apply(null, avoid.map(function (r) { return r.top; }));
    var bottom = Math.max.apply(null, avoid.map(function (r) { return r.bottom; }));
    var gap = 6;
    var spots = [[t.left, t.bottom + gap], [t.left, t.top - gap - ht], [t.right + gap, t.top], [t.left - gap - w, t.top],
                 [t.left, bottom + gap], [t.left, top - gap - ht], [t.left, 8], [t.left, innerHeight - ht - 8],
                 [8, 8], [innerWidth, 8], [8, innerHeight], [innerWidth, innerHeight]];
    var best = null;
    function over(rects, x, y) {
      var area = 0;
      rects.forEach(function (r) {
        area += Math.max(0, Math.min(x + w, r.right) - Math.max(x, r.left)) *
                Math.max(0, Math.min(y + ht, r.bottom) - Math.max(y, r.top));
      });
      return area;
    }
    // first, the place nearest the control, above or below it, that covers nothing of the board
    var xs = [t.left, t.right - w].map(function (x) { return Math.max(8, Math.min(x, innerWidth - w - 8)); });
    for (var dy = 0; !best && dy < innerHeight; dy += 6) {
      [t.bottom + gap + dy, t.top - gap - ht - dy].forEach(function (y) {
        if (best || y < 8 || y > innerHeight - ht - 8) return;
        xs.forEach(function (x) {
          if (!best && !over(avoid, x, y) && !over(board, x, y)) best = { x: x, y: y };
        });
      });
    }
    if (!best) spots.forEach(function (spot) {
      var x = Math.max(8, Math.min(spot[0], innerWidth - w - 8));
      var y = Math.max(8, Math.min(spot[1], innerHeight - ht - 8));
      var covered = over(avoid, x, y), others = over(board, x, y);
      if (!best || covered < best.covered || (covered === best.covered && others < best.others))
        best = { x: x, y: y, covered: covered, others: others };
    });
    toast.style.cssText = style + "; left: " + Math.round(best.x) + "px; top: " + Math.round(best.y) + "px";
  }

  // a dialog above the screen (empty: closed, the focus back to the control that opened it)
  function showLayer(op) {
    var box = byId("layer");
    if (op.html && !box.classList.contains("open")) opener = document.activeElement;
    box.innerHTML = op.html;
    box.classList.toggle("open", !!op.html);
    if (op.html) {
      var first = box.querySelector("[autofocus], select, input, button");
      if (first) first.focus();
    } else if (opener) {
      if (document.body.contains(opener)) opener.focus();
      opener = null;
    }
  }

  // --- the keyboard -------------------------------------------------------------------------------
  function layerOpen() { return byId("layer").classList.contains("open"); }

  // arrow keys: the nearest control of the table in that direction (cells, tiles, cards, hexes)
  function moveFocus(key) {
    var here = document.activeElement;
    if (!here || !here.closest || !here.closest("#table")) return false;
    var box = here.getBoundingClientRect();
    var x0 = box.left + box.width / 2, y0 = box.top + box.height / 2;
    var d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
    if (!d) return false;
    var best = null, bestCost = null;
    var all = document.querySelectorAll("#table [data-act], #table .board button");
    for (var i = 0; i < all.length; i++) {
      var el = all[i];
      if (el === here || el.hasAttribute("disabled")) continue;
      var r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      var vx = r.left + r.width / 2 - x0, vy = r.top + r.height / 2 - y0;
      var along = vx * d[0] + vy * d[1];
      if (along <= 2) continue;
      var cost = along + 1.5 * Math.abs(vx * d[1] + vy * d[0]);  // a hex half a row aside beats one two columns on
      if (bestCost === null || cost < bestCost) { best = el; bestCost = cost; }
    }
    if (!best) return false;
    best.focus();
    return true;
  }

  // Tab inside an open dialog, the review, an enlarged board or the hand-over cover (modal) goes round its own controls
  function trapFocus(event) {
    var panel = document.querySelector("#layer.open") || document.querySelector("#review, #zoom, #pass-cover");
    if (!panel) return false;
    var controls = panel.querySelectorAll("button:not([disabled]), [href], input:not([disabled]), " +
      "select:not([disabled]), textarea, [tabindex]:not([tabindex='-1'])");
    if (!controls.length) return false;
    var here = document.activeElement;
    var inside = here && panel.contains(here);
    var first = controls[0], last = controls[controls.length - 1];
    if (!inside || (event.shiftKey && here === first) || (!event.shiftKey && here === last)) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
      return true;
    }
    return false;
  }

  // --- events ---------------------------------------------------------------------------------------
  function data(el) { return Object.assign({}, el.dataset); }

  // the worker is up, or the home screen is shown and a tap waits for it
  function taking() { return !!worker || root.getAttribute("data-ready") === "true"; }

  function remember(target) {
    var r = target.getBoundingClientRect();
    tapped = { left: r.left, right: r.right, bottom: r.bottom, top: r.top, selector: focusSelector(target) };
  }

  function values(form) {
    var found = {};
    for (var i = 0; i < form.elements.length; i++) {
      var el = form.elements[i];
      if (el.name) found[el.name] = el.type === "checkbox" ? el.checked : String(el.value);
    }
    // a fold's state (the new-game form's "More options"), kept when the worker redraws the form
    var folds = form.querySelectorAll("details[data-field]");
    for (var j = 0; j < folds.length; j++) found[folds[j].getAttribute("data-field")] = folds[j].open;
    return found;
  }

  // a tap on `target` (a control, or null: elsewhere), `inLayer` if over a dialog or cover
  function tap(target, inLayer) {
    if (!worker && !target) return;
    if (target) remember(target);
    var waits = !worker;   // the tapped control says it waits for the worker (and a bar at the top)
    if (waits) target.setAttribute("aria-busy", "true");
    // a tap in a form carries the form's values (a chip seats a person beside the names typed; a
    // table is joined with the code typed)
    var form = target && target.closest && target.closest("form");
    var event = { target: target ? data(target) : null, in_layer: inLayer };
    if (form) event.values = values(form);
    call("click", event, "ludotheque:tap")
      .then(function () { if (waits) target.removeAttribute("aria-busy"); });
  }

  function sameData(a, b) {
    var keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every(function (k) { return a[k] === b[k]; });
  }

  // A repaint (a bot's move, a glide's end) replaces the table's controls. A finger pressed on
  // one and lifted on its new copy makes no click on it (the browser sends the click, if any, to
  // what both have in common): the tap is taken at the release, on the control now there with the
  // same data, and that click, if one comes, is dropped.
  var pressed = null;      // the control a press began on, and its data
  var retaken = null;      // a tap taken at its release: when, and on what (the browser's click then dropped)
  function control(el) { return el && el.closest ? el.closest("[data-action], [data-act]") : null; }

  function listen() {
    var body = document.body;
    body.addEventListener("pointermove", function () { root.classList.remove("pointer-still"); }, { passive: true });
    body.addEventListener("pointerdown", function (event) {
      var el = control(event.target);
      pressed = el ? { el: el, data: data(el) } : null;
      retaken = null;
    }, true);
    body.addEventListener("pointerup", function (event) {
      var was = pressed;
      pressed = null;
      if (!was || was.el.isConnected || !taking()) return;
      var now = control(document.elementFromPoint(event.clientX, event.clientY));
      if (!now || !sameData(data(now), was.data) || now.disabled) return;
      retaken = { at: event.timeStamp, el: now };
      tap(now, !!now.closest("#layer"));
    }, true);
    // the top bar's menu closes at a choice in it (a file to restore: once it is chosen) or a tap elsewhere
    document.addEventListener("click", function (event) {
      var menu = byId("menu");
      var at = event.target.closest ? event.target : null;
      if (menu && menu.open && !(at && at.closest("#menu summary, #menu label"))) menu.open = false;
    }, true);
    body.addEventListener("click", function (event) {
      if (!event.target.closest) return;
      var scanner = event.target.closest("[data-scan]");
      if (scanner) { scan(scanner); return; }
      if (!taking()) return;
      var target = control(event.target);
      var again = retaken && event.timeStamp - retaken.at < 100 && (!target || target === retaken.el);
      retaken = null;
      if (again) return;
      tap(target, !!event.target.closest("#layer"));
    });
    body.addEventListener("submit", function (event) {
      event.preventDefault();
      if (taking()) call("submit", { form: event.target.id, values: values(event.target) });
    });
    body.addEventListener("change", function (event) {
      var target = event.target;
      if (!taking()) return;
      // a game to import, or a backup to restore (the home's and the storage dialog's)
      var kind = target.id === "import-file" ? "import" : /^restore-file/.test(target.id) ? "restore" : null;
      if (kind) {
        if (byId("menu")) byId("menu").open = false;
        var file = target.files && target.files[0];
        if (!file) return;
        working(1);
        file.text().then(function (text) { target.value = ""; call(kind, { text: text }); working(-1); },
                         function () { target.value = ""; call(kind, {}); working(-1); });
        return;
      }
      var form = target.closest && target.closest("#newgame");
      if (form) call("change", { name: target.name || "", values: values(form) });
    });
    body.addEventListener("keydown", function (event) {
      if (!worker) return;
      var key = event.key;
      if ((key === "Enter" || key === " ") && byId("table")) {
        var target = event.target.closest && event.target.closest("[data-act]");
        if (target && target.tagName.toLowerCase() !== "button") {
          // a board's SVG cell is no button: Enter and Space act on it like a tap
          event.preventDefault();
          remember(target);
          call("click", { target: data(target), in_layer: false }, "ludotheque:tap");
          return;
        }
      }
      if (key.indexOf("Arrow") === 0 && byId("table") && !layerOpen() && moveFocus(key)) {
        event.preventDefault();
        return;
      }
      if (key === "Tab" && trapFocus(event)) return;
      if (key === "Escape" && byId("menu") && byId("menu").open) {
        byId("menu").open = false;
        byId("menu").querySelector("summary").focus();
        return;
      }
      if (key === "Escape") call("escape", {});
    });
    body.addEventListener("dragstart", function (event) {
      var source = worker && event.target.closest && event.target.closest("[data-drag]");
      if (!source || !byId("table")) return;
      event.dataTransfer.setData("text/plain", source.textContent);
      call("drag", { target: data(source) });
    });
    body.addEventListener("dragover", function (event) {
      if (byId("table") && event.target.closest && event.target.closest("[data-drop]")) event.preventDefault();
    });
    body.addEventListener("drop", function (event) {
      var target = worker && event.target.closest && event.target.closest("[data-drop]");
      if (!target || !byId("table")) return;
      event.preventDefault();
      call("drop", { target: data(target) }, "ludotheque:tap");
    });
    window.addEventListener("storage", function (event) {
      var key = event.key || "";
      if (event.storageArea === localStorage && (key === "" || key.indexOf(PREFIX) === 0) && key !== OPEN_KEY) {
        call("storage", { key: key });
      }
    });
    window.addEventListener("hashchange", function () { call("hashchange", { hash: location.hash }); });
    // the table this tab shows, for a reload (the worker's answer would come too late here)
    window.addEventListener("pagehide", rememberTable);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "hidden") rememberTable();
    });
  }

  function rememberTable() {
    if (reopen === undefined) return;
    ["sessionStorage"].concat(installed() ? ["localStorage"] : []).forEach(function (name) {
      try {
        var storage = window[name];   // site data blocked: reading the property throws
        if (reopen) storage.setItem(OPEN_KEY, reopen); else storage.removeItem(OPEN_KEY);
      } catch (e) { /* storage full or refused: a reload lands on the home screen */ }
    });
  }

  // localStorage that throws when read (site data blocked: some private windows, a privacy
  // setting) refuses everything: the worker is told at the start, says so, and writes nothing
  function storageRefused() {
    try { return !window.localStorage || (localStorage.getItem(PREFIX + "lang"), false); } catch (e) { return true; }
  }

  // the page's facts the worker cannot see for itself
  function facts() {
    var standalone = installed(), game = null;
    try { game = sessionStorage.getItem(OPEN_KEY) || (standalone ? localStorage.getItem(OPEN_KEY) : null); } catch (e) {}
    return {
      lang: root.lang, base: location.href.split("#")[0], path: location.pathname + location.search,
      hash: location.hash, touch: !!(window.matchMedia && matchMedia("(pointer: coarse)").matches),
      installed: standalone, safari: safariEngine(), reopen: game, storage: storageRefused() ? "refused" : "kept"
    };
  }

  // Pyodide's wasm, compiled here: Chromium keeps compiled wasm for the page, not for a worker,
  // so a worker compiling its own started every visit from scratch (static/runtime.mjs asks for
  // this module and starts Pyodide with it). Not on a first visit: nothing compiled is there to
  // reuse, the worker compiles as fast, and this thread stays free for the first paint and taps
  // (a compile here then costs it tasks: Lighthouse's blocking time 130 ms -> 900 ms). Instead,
  // once that first start is over and the page idle, the page compiles the wasm once for
  // Chromium's cache (PRECOMPILE_AFTER); every later visit compiles here, after the first frame,
  // from that cache (a reload 0.8-1.4 s instead of 2.2-2.8).
  var WASM = "./pyscript/pyodide/pyodide.asm.wasm";
  var COMPILED = "ludotheque-wasm";   // not "ludotheque:": the worker never sees it
  var PRECOMPILE_AFTER = 5000;        // ms after the first start is ready
  function startedHereBefore() {
    try { return localStorage.getItem(COMPILED) === "1"; } catch (e) { return false; }
  }
  function compileHere() {
    return WebAssembly.compileStreaming ? WebAssembly.compileStreaming(fetch(WASM))
      : Promise.reject(new Error("no streaming compilation"));
  }
  var compiled = !startedHereBefore() ? Promise.resolve(null)
    : new Promise(function (resolve) { requestAnimationFrame(function () { setTimeout(resolve, 0); }); })
      .then(compileHere).catch(function () { return null; });
  function precompile() {
    if (startedHereBefore()) return;
    setTimeout(function () {
      (window.requestIdleCallback || setTimeout)(function () {
        compileHere().then(function () {
          try { localStorage.setItem(COMPILED, "1"); } catch (e) { /* every visit compiles in the worker */ }
        }, function () {});
      });
    }, PRECOMPILE_AFTER);
  }

  function handOver(event) {
    var data = event.data, port = event.ports && event.ports[0];
    if (!data || data.ludothequeWasm !== "ask" || !port) return;
    port.postMessage("coming");
    compiled.then(function (module) {
      performance.mark("ludotheque:wasm-handed");
      try { port.postMessage(module); } catch (e) { port.postMessage(null); }
    });
  }

  // PyScript gives the worker's script element an `xworker` once it has made the worker; its
  // `ready` comes once main.py has run and exported `call`. Marks for bench/startup.py.
  function connect() {
    var script = document.querySelector("script[type='py'][worker]");
    if (!script || !script.xworker) { setTimeout(connect, 20); return; }
    script.xworker.addEventListener("message", handOver);
    performance.mark("ludotheque:worker-made");
    if (window.ludothequeBootStep) window.ludothequeBootStep(0.3);
    setTimeout(probe, navigator.onLine ? PROBE_AFTER : 0);
    script.xworker.ready.then(function () {
      performance.mark("ludotheque:worker-ready");
      worker = script.xworker.sync;
      var start = facts();
      reopen = start.reopen;
      call("start", start);
    });
  }

  // --- the bots' worker: a second Python that works out the bots' moves ------------------------
  // Started once a bot's move has kept the table's worker busy longer than SLOW_MOVE (a table of
  // people, or quick bots, never need a second interpreter's memory and start); until it is
  // ready, and if it fails, the table's worker works the move out itself (the answer null).
  var SLOW_MOVE = 40;      // ms: with the repaint, a tap then would wait past 50 ms
  var bots = null;         // null: not started; then a promise of its exported functions, or of null
  function botsWorker() {
    if (bots) return bots;
    bots = new Promise(function (resolve) {
      var script = document.createElement("script");
      script.type = "py";
      script.setAttribute("worker", "");
      script.setAttribute("name", "bots");
      script.src = "./py/thinker.py";
      script.setAttribute("config", "./pyscript.toml");
      document.body.appendChild(script);
      botsScript = script;
      var waited = 0;
      (function made() {
        if (!script.xworker) {
          if ((waited += 20) > 10000) { resolve(null); return; }
          setTimeout(made, 20);
          return;
        }
        script.xworker.addEventListener("message", handOver);
        script.xworker.ready.then(function () {
          var sync = script.xworker.sync;
          return Promise.resolve(sync.start(location.href.split("#")[0])).then(function () { resolve(sync); });
        }).catch(function (error) { console.warn("Ludothèque: no bots' worker:", error); resolve(null); });
      })();
    });
    return bots;
  }
  var botsReady = null;    // its functions once it has answered it is ready
  var botsScript = null;   // its script element (its xworker is the Worker)
  // A move not back by its deadline (a worker killed, starved of memory, stuck): the bots' worker
  // is ended and another started, and the answer is null, so the table's worker works the move
  // out itself, as before the bots' worker was up. After RESTARTS such ends in a row the table's
  // worker keeps every move for this visit (a bots' worker that never answers would cost each
  // move its deadline).
  var THINK_DEADLINE = 5000;   // ms, unless the worker says (page.think: more for the strongest level)
  var RESTARTS = 2;
  var ended = 0;           // bots' workers ended in a row for want of an answer
  function thinking(request, deadline) {
    if (!botsReady) {
      var current = bots;   // a worker ended meanwhile is not taken up again
      if (current) current.then(function (sync) { if (bots === current && botsReady === null) botsReady = sync || false; });
      return Promise.resolve(null);
    }
    var asked = botsReady;
    return new Promise(function (resolve) {
      var over = false;
      var timer = setTimeout(function () {
        if (over) return;
        over = true;
        if (asked === botsReady) endBots();
        resolve(null);
      }, deadline || THINK_DEADLINE);
      Promise.resolve(asked.think(request)).then(function (answer) {
        if (over) return;   // too late: the table's worker has it
        over = true;
        clearTimeout(timer);
        ended = 0;
        var move = JSON.parse(answer);
        if (move !== null) performance.mark("ludotheque:thought");   // a move from the bots' worker (tests count them)
        resolve(move);
      }, function () {
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
    var started = performance.now(), bar = null;
    var tick = setInterval(function () {
      var spent = performance.now() - started;
      if (spent < 1000) return;
      var banner = document.querySelector("#table #banner");
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
    return function () {
      clearInterval(tick);
      if (bar) bar.remove();
    };
  }

  function failed(detail) {
    if (window.ludothequeBootFailed) window.ludothequeBootFailed(detail);
  }

  // The worker's own downloads are out of this page's sight, and Pyodide only warns when one
  // fails: a start that takes long asks for the runtime's files itself (HEAD, no body), and a
  // missing one is said like any other failed start. A network error says nothing (offline, the
  // service worker serves the worker's GETs).
  var PROBE_AFTER = 6000;
  var RUNTIME = ["./pyscript/pyodide/runtime.mjs", "./pyscript/pyodide/pyodide.mjs", "./pyscript/pyodide/pyodide.asm.mjs",
                 "./pyscript/pyodide/pyodide.asm.wasm", "./pyscript/pyodide/python_stdlib.zip",
                 "./pyscript/pyodide/pyodide-lock.json", "./pyscript.toml", "./py/main.py", "./py/ludotheque.zip"];
  function probe() {
    if (worker || root.getAttribute("data-boot") === "failed") return;
    if (!navigator.onLine && window.caches && navigator.serviceWorker && navigator.serviceWorker.controller) {
      // offline: a runtime file the offline copy has lost (evicted) cannot come at all: said now,
      // with the repair, not after the 90 s watchdog (the worker's fetch failed at once, unseen)
      RUNTIME.forEach(function (path) {
        caches.match(new URL(path, location.href).href, { ignoreSearch: true }).then(function (hit) {
          if (!hit && !worker) {
            failed((root.lang === "en" ? "not available offline: " : "indisponible hors ligne : ") + new URL(path, location.href).href);
          }
        }, function () {});
      });
    }
    RUNTIME.forEach(function (path) {
      fetch(path, { method: "HEAD", cache: "no-store" }).then(function (response) {
        if (!worker && response.status >= 400) {
          failed((root.lang === "en" ? "missing file " : "fichier manquant ") +
                 new URL(path, location.href).href + " (HTTP " + response.status + ")");
        }
      }, function () {});
    });
    setTimeout(probe, 15000);
  }

  listen();
  showPicture();
  connect();
})();
