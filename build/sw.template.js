/* Ludothèque's service worker, written into dist/sw.js by build/pwa.py for one build.
   - install: precache every file of the build into its own cache, keeping only bytes whose SHA-256
     is the one listed below, so the cache never mixes two builds (a deploy landing mid-install, a
     stale HTTP cache or proxy: the install fails and the browser tries again later);
   - it does not take over by itself: the page offers the new version and posts SKIP_WAITING;
   - activate: delete this app's older caches, take control of the open pages;
   - fetch: same-origin GETs in scope come from this build's cache first, else the network. */
"use strict";

const BUILD = /*{{BUILD}}*/null;
const FILES = /*{{FILES}}*/null;  // path relative to this file -> SHA-256 of its bytes
const SCOPE = self.registration.scope;  // ends with "/": the app's folder (/<repo>/ on GitHub Pages)
const PREFIX = "ludotheque-";
const SUFFIX = " " + SCOPE;  // two copies of the app on one origin keep their own caches
const CACHE = PREFIX + BUILD + SUFFIX;
const SHELL = new URL("index.html", SCOPE).href;

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function fetchVerified(path, expected) {
  const url = new URL(path, SCOPE).href;
  // "no-cache" revalidates what the HTTP cache holds (usually a 304: the first visit's files are
  // not downloaded twice); if the bytes are not this build's, ask again bypassing every cache
  for (const mode of ["no-cache", "reload"]) {
    const response = await fetch(new Request(url, { cache: mode, credentials: "same-origin" }));
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
    if (hex(digest) === expected) return response;
  }
  throw new Error(`${path} is not the file of build ${BUILD}`);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const existed = await caches.has(CACHE);
    const cache = await caches.open(CACHE);
    try {
      await Promise.all(Object.entries(FILES).map(async ([path, hash]) => {
        const response = await fetchVerified(path, hash);
        await cache.put(new URL(path, SCOPE).href, response);
      }));
    } catch (error) {
      if (!existed) await caches.delete(CACHE);
      throw error;
    }
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data;
  if (data === "SKIP_WAITING" || (data && data.type === "SKIP_WAITING")) self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names
      .filter((name) => name.startsWith(PREFIX) && name.endsWith(SUFFIX) && name !== CACHE)
      .map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

async function respond(request, url) {
  const cache = await caches.open(CACHE);
  const shell = url.origin + url.pathname;
  // the app's page, whatever its query: ./ and ./index.html are the same file
  const hit = (shell === SCOPE || shell === SHELL)
    ? await cache.match(SHELL)
    : await cache.match(request, { ignoreVary: true });
  return hit || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.href.startsWith(SCOPE)) return;
  event.respondWith(respond(request, url));
});
