// The demo's service worker: keeps the page, the package's JS and its .wasm in a cache named
// after this build (precache.js lists the files and a version made from their contents; see
// scripts/demo-precache.mjs) and answers from it, so the page loads with no network at all.
// A build that changes any file changes precache.js, so the browser installs this worker again:
// it fills a new cache, takes over, and deletes the old cache.
importScripts("./precache.js");

const { version, files } = self.PRECACHE;
const PREFIX = "turnkeeper-demo-";
const CACHE = PREFIX + version;
const cached = new Set(files.map((f) => new URL(f, self.location.href).href));

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Past the HTTP cache: the files of this build, not older copies.
      await cache.addAll(files.map((f) => new Request(f, { cache: "reload" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  url.hash = "";
  if (request.mode === "navigate") url.search = ""; // ?follow is the same page
  url.searchParams.delete("no-inline"); // the package's .wasm URL carries it for Vite's library mode
  if (!cached.has(url.href)) return;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(url.href))
      .then((hit) => hit ?? fetch(request)),
  );
});
