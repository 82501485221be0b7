// A code read off another device's screen with the camera. A `[data-scan]` button (its words in
// data-looking, -refused, -stop) opens the camera under itself; each frame goes through the
// vendored jsQR (loaded at the first scan) until a QR code reads. The text goes into the form's
// field `data-scan` (a text area gains a line: several results are gathered one after the
// other), and the form's `data-then` button is tapped. Without a camera, or with it refused, the
// person is told to type the code.
let scanning = null;

function stopScan() {
  if (!scanning) return;
  clearInterval(scanning.timer);
  if (scanning.stream) scanning.stream.getTracks().forEach((track) => track.stop());
  scanning.box.remove();
  scanning = null;
}

function jsQRLoaded() {
  if (window.jsQR) return Promise.resolve(window.jsQR);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = "./static/vendor/jsQR.js";
    script.onload = () => { resolve(window.jsQR); };
    script.onerror = reject;
    document.head.appendChild(script);
  });
}

// `tap(control, inLayer)` taps the form's next button once a code is read
export function scan(button, tap) {
  stopScan();
  const form = button.closest("form");
  const box = document.createElement("div");
  box.className = "scanner";
  const status = document.createElement("p");
  status.setAttribute("role", "status");
  status.textContent = button.getAttribute("data-looking");
  const video = document.createElement("video");
  video.setAttribute("playsinline", "");
  video.muted = true;
  const stop = document.createElement("button");
  stop.type = "button";
  stop.textContent = button.getAttribute("data-stop");
  stop.addEventListener("click", stopScan);
  box.appendChild(video); box.appendChild(status); box.appendChild(stop);
  button.insertAdjacentElement("afterend", box);
  const mine = scanning = { box: box, stream: null, timer: null };
  function refused() {
    if (scanning !== mine) return;
    status.textContent = button.getAttribute("data-refused");
    video.remove();
    if (mine.stream) mine.stream.getTracks().forEach((track) => track.stop());
  }
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) { refused(); return; }
  Promise.all([navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }),
               jsQRLoaded()]).then(([stream, read]) => {
    if (scanning !== mine || !box.isConnected) {   // stopped, or its dialog closed, meanwhile
      stream.getTracks().forEach((track) => track.stop());
      if (scanning === mine) stopScan();
      return;
    }
    mine.stream = stream;
    const canvas = document.createElement("canvas");
    video.srcObject = stream;
    video.play().catch(() => {});
    mine.timer = setInterval(() => {
      if (!box.isConnected) { stopScan(); return; }   // its dialog closed or was redrawn: the camera goes off
      if (!video.videoWidth) return;
      const scale = Math.min(1, 640 / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      const context = canvas.getContext("2d", { willReadFrequently: true });
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const frame = context.getImageData(0, 0, canvas.width, canvas.height);
      const found = read(frame.data, frame.width, frame.height, { inversionAttempts: "dontInvert" });
      if (!found || !found.data) return;
      stopScan();
      const field = form && form.elements[button.getAttribute("data-scan")];
      if (!field) return;
      if (field.tagName === "TEXTAREA") field.value = (field.value.trim() ? field.value.trim() + "\n" : "") + found.data;
      else field.value = found.data;
      const then = button.getAttribute("data-then");
      const next = then && form.querySelector("[data-action='" + then + "']");
      if (next) tap(next, true); else field.focus();
    }, 150);
  }, refused);
}
