/* The worker's Pyodide, started from the page's compiled WebAssembly.

   PyScript's `interpreter` setting points here (the build puts this file beside pyodide.mjs, so
   Pyodide's own files are found where they always are). In a dedicated worker Chromium keeps no
   compiled-wasm cache: every start compiled Pyodide's 9.6 MB of wasm again, and its first
   minutes of Python ran on baseline code, so a reload was barely faster than a first visit
   (1.76 s against 1.95 s). The page's main thread has that cache: static/host/wasm.js compiles the
   wasm there (streaming, off its own thread) and, asked, hands the compiled module over; a
   WebAssembly.Module crosses to a worker of the same page as it is. Then Pyodide instantiates
   that module instead of fetching and compiling its own.

   The page answers the question at once ("coming", then the module or null): a page that does
   not answer within a second, or answers null, changes nothing, and Pyodide starts as usual. */
import { loadPyodide as startPyodide, version } from "./pyodide.mjs";

export { version };

const WASM = "pyodide.asm.wasm";
const ASKED = 1000;   // ms for the page to say the module is coming

function fromPage() {
  if (typeof WorkerGlobalScope === "undefined" || !(self instanceof WorkerGlobalScope)) return Promise.resolve(null);
  return new Promise((resolve) => {
    // the answer comes on a channel of its own: PyScript's messages are left alone
    const { port1, port2 } = new MessageChannel();
    const unanswered = setTimeout(() => done(null), ASKED);
    function done(module) {
      clearTimeout(unanswered);
      port1.close();
      resolve(module);
    }
    port1.onmessage = ({ data }) => {
      if (data === "coming") clearTimeout(unanswered);
      else done(data instanceof WebAssembly.Module ? data : null);
    };
    postMessage({ ludothequeWasm: "ask" }, [port2]);
  });
}

export async function loadPyodide(options) {
  const module = await fromPage();
  if (!module) return startPyodide(options);
  // for the length of the start, Pyodide's fetch of its wasm gets nothing to read and its
  // streaming instantiation gets the page's module
  const { fetch: realFetch } = globalThis;
  const { instantiateStreaming } = WebAssembly;
  globalThis.fetch = (input, init) => String(input && input.url || input).endsWith(WASM)
    ? Promise.resolve(new Response(new ArrayBuffer(0), { headers: { "Content-Type": "application/wasm" } }))
    : realFetch(input, init);
  WebAssembly.instantiateStreaming = async (_response, imports) =>
    ({ module, instance: await WebAssembly.instantiate(module, imports) });
  try {
    return await startPyodide(options);
  } finally {
    globalThis.fetch = realFetch;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}
