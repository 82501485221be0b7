// Pyodide's wasm, compiled here: Chromium keeps compiled wasm for the page, not for a worker,
// so a worker compiling its own started every visit from scratch (static/runtime.mjs asks for
// this module and starts Pyodide with it). Not on a first visit: nothing compiled is there to
// reuse, the worker compiles as fast, and this thread stays free for the first paint and taps
// (a compile here then costs it tasks: Lighthouse's blocking time 130 ms -> 900 ms). Instead,
// once that first start is over and the page idle, the page compiles the wasm once for
// Chromium's cache (PRECOMPILE_AFTER); every later visit compiles here, after the first frame,
// from that cache (a reload 0.8-1.4 s instead of 2.2-2.8).
const WASM = "./pyscript/pyodide/pyodide.asm.wasm";
const COMPILED = "ludotheque-wasm";   // not "ludotheque:": the worker never sees it
const PRECOMPILE_AFTER = 5000;        // ms after the first start is ready

function startedHereBefore() {
  try { return localStorage.getItem(COMPILED) === "1"; } catch (e) { return false; }
}

function compileHere() {
  return WebAssembly.compileStreaming ? WebAssembly.compileStreaming(fetch(WASM))
    : Promise.reject(new Error("no streaming compilation"));
}

const compiled = !startedHereBefore() ? Promise.resolve(null)
  : new Promise((resolve) => { requestAnimationFrame(() => { setTimeout(resolve, 0); }); })
    .then(compileHere).catch(() => null);

export function precompile() {
  if (startedHereBefore()) return;
  setTimeout(() => {
    (window.requestIdleCallback || setTimeout)(() => {
      compileHere().then(() => {
        try { localStorage.setItem(COMPILED, "1"); } catch (e) { /* every visit compiles in the worker */ }
      }, () => {});
    });
  }, PRECOMPILE_AFTER);
}

// a worker's message asking for the compiled module (runtime.mjs): "coming", then the module (or null)
export function handOver(event) {
  const data = event.data, port = event.ports && event.ports[0];
  if (!data || data.ludothequeWasm !== "ask" || !port) return;
  port.postMessage("coming");
  compiled.then((module) => {
    performance.mark("ludotheque:wasm-handed");
    try { port.postMessage(module); } catch (e) { port.postMessage(null); }
  });
}
