/* Ludothèque's service worker, written into dist/sw.js by build/pwa.py for one build.
   - install: precache every file of the build into its own cache, keeping only bytes whose SHA-256
     is the one listed below, so the cache never mixes two builds (a deploy landing mid-install, a
     stale HTTP cache or proxy: the install fails and the browser tries again later);
   - it does not take over by itself: the page offers the new version and posts SKIP_WAITING;
   - activate: delete this app's older caches, take control of the open pages;
   - fetch: same-origin GETs in scope come from this build's cache first, else the network;
   - healing: a cached file of the build is served only if its bytes still have the listed hash
     (checked at every request: about 20 ms for the whole runtime); a corrupt or missing entry is dropped and fetched again
     (verified) when online. The page's repair button posts REPAIR: every entry is checked and
     healed, and the worker answers {type: "REPAIRED", missing} (files it could not restore). */
"use strict";

const BUILD = /*{{BUILD}}*/null;
const FILES = /*{{FILES}}*/null;  // path relative to this file -> SHA-256 of its bytes
const SCOPE = self.registration.scope;  // ends with "/": the app's folder (/<repo>/ on GitHub Pages)
const PREFIX = "ludotheque-";
const SUFFIX = " " + SCOPE;  // two copies of the app on one origin keep their own caches
const CACHE = PREFIX + BUILD + SUFFIX;
const SHELL = new URL("index.html", SCOPE).href;
const EXPECTED = new Map(Object.entries(FILES).map(([path, hash]) => [new URL(path, SCOPE).href, hash]));

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

async function cachedVerified(cache, url, expected) {
  const hit = await cache.match(url);
  if (!hit) return null;
  const digest = hex(await crypto.subtle.digest("SHA-256", await hit.clone().arrayBuffer()));
  if (digest === expected) return hit;
  await cache.delete(url);  // corrupt: never served again
  return null;
}

async function heal(cache, url, expected) {
  const response = await fetchVerified(url, expected);
  await cache.put(url, response.clone());
  return response;
}

async function repairAll() {
  const cache = await caches.open(CACHE);
  const missing = [];
  await Promise.all([...EXPECTED].map(async ([url, expected]) => {
    if (await cachedVerified(cache, url, expected)) return;
    try {
      await heal(cache, url, expected);
    } catch (error) {
      missing.push(url);
    }
  }));
  return missing;
}

self.addEventListener("message", (event) => {
  const data = event.data;
  if (data === "SKIP_WAITING" || (data && data.type === "SKIP_WAITING")) self.skipWaiting();
  if (data && data.type === "REPAIR") {
    event.waitUntil(repairAll().then((missing) => {
      if (event.source) event.source.postMessage({ type: "REPAIRED", missing: missing.length });
    }));
  }
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
  const key = (shell === SCOPE || shell === SHELL) ? SHELL : (EXPECTED.has(url.href) ? url.href : null);
  if (!key) return (await cache.match(request, { ignoreVary: true })) || fetch(request);
  const expected = EXPECTED.get(key);
  const hit = await cachedVerified(cache, key, expected);
  if (hit) return hit;
  try {
    return await heal(cache, key, expected);
  } catch (error) {
    return fetch(request);  // offline with a bad entry: the network's answer (or its failure)
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.href.startsWith(SCOPE)) return;
  event.respondWith(respond(request, url));
});
