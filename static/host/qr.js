// A table's code and a result code are also shown as QR codes: each `canvas[data-qr]` the
// worker's markup holds is drawn with the vendored lean-qr (loaded at the first one), one pixel
// a module, the stylesheet scaling it up pixelated.
let qrLibrary = null;

export function drawCodes() {
  const canvases = document.querySelectorAll("canvas[data-qr]");
  if (!canvases.length) return;
  qrLibrary = qrLibrary || import("../vendor/lean-qr.mjs");
  qrLibrary.then((qr) => {
    for (const canvas of canvases) {
      const text = canvas.getAttribute("data-qr");
      if (canvas.getAttribute("data-drawn") === text) continue;
      qr.generate(text, { minCorrectionLevel: qr.correction.M }).toCanvas(canvas, { pad: 4 });
      canvas.setAttribute("data-drawn", text);
    }
  }).catch((error) => { console.warn("Ludothèque: no QR code:", error); });
}
