/* The page's host: the main thread's only logic once the shell is painted. Python (the engine,
   the bots and the screens' markup) runs in a PyScript worker (index.html, py/main.py), so a
   bot's thinking or Python's start never holds up the page. Its parts:
     calls.js    calls into the worker, one at a time, a person's input first (data-busy, data-calls)
     lock.js     the cross-tab storage lock and the turns: a call's writes stored all or none
     ops.js      the worker's answer applied: a screen's markup, a dialog, a timer, a copy...
     picture.js  the home screen's picture, shown before the worker is up
     paint.js    the table painted, the focus kept across a repaint, the phone's turn bar
     focus.js    the focus: arrow keys, Tab kept in a dialog, the focus back to its opener
     refusal.js  a refusal placed beside the tapped control
     events.js   one listener per event type, a tap described to the worker
     keys.js     the keyboard
     camera.js   a QR code read with the camera;  qr.js  QR codes drawn
     bots.js     the bots' worker, a second Python for slow bots
     wasm.js     Pyodide's wasm compiled in the page, handed to the workers
     facts.js    what the worker cannot see for itself; the table kept for a reload
     guard.js    PyScript starts the app's own tags only, none added after the page's markup
   This module starts them: the guard (first, before PyScript), the listeners, the picture, then
   the worker. */
import "./guard.js";
import { root } from "./dom.js";
import { call, failed, setWorker, workerUp } from "./calls.js";
import { listen } from "./events.js";
import { facts, setReopen } from "./facts.js";
import { showPicture } from "./picture.js";
import { handOver } from "./wasm.js";

// PyScript gives the worker's script element an `xworker` once it has made the worker; its
// `ready` comes once main.py has run and exported `call`. Marks for bench/startup.py.
function connect() {
  const script = document.querySelector("script[type='py'][worker]");
  if (!script || !script.xworker) { setTimeout(connect, 20); return; }
  script.xworker.addEventListener("message", handOver);
  performance.mark("ludotheque:worker-made");
  if (window.ludothequeBootStep) window.ludothequeBootStep(0.3);
  setTimeout(probe, navigator.onLine ? PROBE_AFTER : 0);
  script.xworker.ready.then(() => {
    performance.mark("ludotheque:worker-ready");
    setWorker(script.xworker.sync);
    const start = facts();
    setReopen(start.reopen);
    call("start", start);
  });
}

// The worker's own downloads are out of this page's sight, and Pyodide only warns when one
// fails: a start that takes long asks for the runtime's files itself (HEAD, no body), and a
// missing one is said like any other failed start. A network error says nothing (offline, the
// service worker serves the worker's GETs).
const PROBE_AFTER = 6000;
const RUNTIME = ["./pyscript/pyodide/runtime.mjs", "./pyscript/pyodide/pyodide.mjs", "./pyscript/pyodide/pyodide.asm.mjs",
                 "./pyscript/pyodide/pyodide.asm.wasm", "./pyscript/pyodide/python_stdlib.zip",
                 "./pyscript/pyodide/pyodide-lock.json", "./pyscript.toml", "./py/main.py", "./py/ludotheque.zip"];
function probe() {
  if (workerUp() || root.getAttribute("data-boot") === "failed") return;
  if (!navigator.onLine && window.caches && navigator.serviceWorker && navigator.serviceWorker.controller) {
    // offline: a runtime file the offline copy has lost (evicted) cannot come at all: said now,
    // with the repair, not after the 90 s watchdog (the worker's fetch failed at once, unseen)
    for (const path of RUNTIME) {
      const url = new URL(path, location.href).href;
      caches.match(url, { ignoreSearch: true }).then((hit) => {
        if (!hit && !workerUp()) failed((root.lang === "en" ? "not available offline: " : "indisponible hors ligne : ") + url);
      }, () => {});
    }
  }
  for (const path of RUNTIME) {
    fetch(path, { method: "HEAD", cache: "no-store" }).then((response) => {
      if (!workerUp() && response.status >= 400) {
        failed((root.lang === "en" ? "missing file " : "fichier manquant ") +
               new URL(path, location.href).href + " (HTTP " + response.status + ")");
      }
    }, () => {});
  }
  setTimeout(probe, 15000);
}

listen();
showPicture();
connect();
