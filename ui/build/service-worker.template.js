// Lamella's service worker, served as /dist/sw.js. ui/build/service-worker-plugin.ts writes it
// from ui/build/service-worker.template.js at build time, filling in the cache name and the
// list of built assets, so every build that changes an asset is a new worker with a new cache.
/* global self, caches, fetch, URL, __LAMELLA_CACHE_NAME__, __LAMELLA_PRECACHE__, __LAMELLA_ON_DEMAND__ */

const CACHE_NAME = __LAMELLA_CACHE_NAME__
const PRECACHE = __LAMELLA_PRECACHE__
// Language catalogs: stored when a reader of that language first fetches one, never before.
const ON_DEMAND = __LAMELLA_ON_DEMAND__
const CACHE_PREFIX = 'lamella-'
// The folder this worker is served from, /dist/: the built assets, and nothing else.
const ASSETS_PATH = new URL('./', self.location.href).pathname
// The API and live updates must always reach the hub. They are outside /dist/ anyway; this
// says so in case the path above ever widens.
const NEVER_CACHED = ['/graphql', '/socket.io']

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE_NAME)
      .then((cache) => cache.addAll(PRECACHE))
      // The assets are content-hashed, so an open page keeps working when the new worker takes
      // over: there is nothing to gain by waiting for every tab to close.
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  )
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (!url.pathname.startsWith(ASSETS_PATH)) return
  if (NEVER_CACHED.some((path) => url.pathname.startsWith(path))) return
  // Cache first: a built asset never changes under its name. A language catalog is stored on
  // its first fetch; anything else not precached (a sourcemap, a file added since) comes from
  // the hub and is not stored.
  event.respondWith(
    caches.open(CACHE_NAME).then((cache) =>
      cache.match(request).then(
        (cached) =>
          cached ??
          fetch(request).then((response) => {
            if (response.ok && ON_DEMAND.includes(url.pathname))
              cache.put(request, response.clone())
            return response
          }),
      ),
    ),
  )
})
