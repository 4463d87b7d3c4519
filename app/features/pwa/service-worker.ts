/// <reference lib="webworker" />
/**
 * FixiT's service worker (decision 073), served at /sw.js with scope /. Bundled on its own and given
 * its precache list by @serwist/build's injectManifest at the end of the client build
 * (scripts/service-worker-plugin.ts); never part of a page's bundle.
 *
 * - Precaches the hashed static assets and the font (Serwist), and the offline page.
 * - Navigations: network first; a public page the server marked as the anonymous copy is kept
 *   (./cache-policy.ts), and offline such a page comes from the cache, anything else gets /offline.
 *   `.data` requests, /api and every other request go to the network untouched.
 * - Updates wait: the page offers "Reload" and asks for SKIP_WAITING (Serwist answers it).
 * - Push: one notification per tag, opening its page when tapped (./push-payload.ts).
 */
import { Serwist, type PrecacheEntry } from "serwist";
import { mayCachePage, pathMayBeCached } from "./cache-policy";
import { notificationFor, sameOriginPath } from "./push-payload";

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };
/** The build's id, written in by the bundler: the page caches are per build, so that a kept page's assets are the ones precached with it. */
declare const __FIXIT_BUILD__: string;

const origin = self.location.origin;
const pagesCache = `fixit-pages-${__FIXIT_BUILD__}`;
const offlineCache = `fixit-offline-${__FIXIT_BUILD__}`;
const offlinePath = "/offline";
/** Visited public pages kept for offline use, the oldest dropped past this many. */
const maxKeptPages = 40;

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  // A new version waits until the page asks (the "Reload" notice posts SKIP_WAITING).
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: false,
  precacheOptions: { cleanupOutdatedCaches: true },
});
serwist.addEventListeners();

self.addEventListener("install", (event) => {
  // The offline page as a signed-out visitor sees it: fetched without cookies, so that it never holds anyone's header.
  event.waitUntil(
    (async () => {
      const response = await fetch(offlinePath, { credentials: "omit", cache: "no-store" });
      if (!response.ok) throw new Error(`${offlinePath} answered ${response.status}`);
      await (await caches.open(offlineCache)).put(offlinePath, response);
    })(),
  );
});

self.addEventListener("activate", (event) => {
  // Pages kept by an older build name assets it no longer precaches: drop them with it.
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if ((name.startsWith("fixit-pages-") && name !== pagesCache) || (name.startsWith("fixit-offline-") && name !== offlineCache)) await caches.delete(name);
      }
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.mode !== "navigate" || request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== origin) return;
  event.respondWith(navigate(request, url));
});

async function navigate(request: Request, url: URL): Promise<Response> {
  try {
    const response = await fetch(request);
    if (mayCachePage(response, origin)) {
      const copy = response.clone();
      void keep(request, copy);
    }
    return response;
  } catch (error) {
    // Offline (or the server unreachable): a kept public page, else the offline page.
    if (pathMayBeCached(url.pathname)) {
      const kept = await (await caches.open(pagesCache)).match(request, { ignoreVary: true });
      if (kept) return kept;
    }
    const offline = await (await caches.open(offlineCache)).match(offlinePath, { ignoreVary: true });
    if (offline) return offline;
    throw error;
  }
}

async function keep(request: Request, response: Response) {
  const cache = await caches.open(pagesCache);
  await cache.put(request.url, response);
  const keys = await cache.keys();
  // Cache keys come back in insertion order: the first are the oldest.
  for (const old of keys.slice(0, Math.max(0, keys.length - maxKeptPages))) await cache.delete(old);
}

self.addEventListener("push", (event) => {
  const shown = notificationFor(event.data?.text(), origin);
  event.waitUntil(
    // The same tag replaces the notification on the screen: a retried push never shows twice.
    self.registration.showNotification(shown.title, {
      body: shown.body,
      tag: shown.tag,
      icon: "/icons/icon-192.png",
      badge: "/icons/badge-96.png",
      data: { url: shown.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = sameOriginPath((event.notification.data as { url?: unknown } | null)?.url, origin) ?? "/";
  event.waitUntil(openPage(new URL(path, origin).href));
});

/** Focuses an open FixiT window and takes it to `href`, or opens one there. */
async function openPage(href: string) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === origin);
  if (open) {
    // focus() needs the tap's user activation; a window that cannot be focused is still taken to the page.
    await open.focus().catch(() => undefined);
    // navigate() works only on a window this worker controls; otherwise a new window opens there.
    if (await open.navigate(href).catch(() => null)) return;
  }
  await self.clients.openWindow(href);
}
