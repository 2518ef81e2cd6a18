// The service worker of the portal. vite.config.ts fills in the version and the list of built files.
const VERSION = '__SHELL_VERSION__';
const SHELL_FILES = ['__SHELL_FILES__'];
const CACHE = `okuu-shell-${VERSION}`;
const INDEX = '/lms/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

function isAppPage(url) {
  return url.pathname === '/' || url.pathname === '/lms' || url.pathname.startsWith('/lms/');
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;

  if (request.mode === 'navigate' && isAppPage(url)) {
    // Network first, so a deployed version shows at once; the cached shell when the network is gone.
    event.respondWith(fetch(request).catch(() => caches.match(INDEX)));
    return;
  }
  if (SHELL_FILES.includes(url.pathname)) {
    // Built files carry a content hash in their names: the cached copy is always right.
    event.respondWith(caches.match(request).then((cached) => cached ?? fetch(request)));
  }
});

// Web Push (features/notifications): the payload is JSON { title, body, url, tag } (contracts/notifications/push.ts).
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const url = typeof data.url === 'string' && data.url.startsWith('/lms/') ? data.url : '/lms/';
  event.waitUntil(
    self.registration.showNotification(typeof data.title === 'string' ? data.title : 'Okuu', {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      data: { url },
    }),
  );
});

// A click opens the screen the notification is about: in an open portal tab if there is one, else in a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/lms/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        return open
          .focus()
          .then((focused) => (focused ?? open).navigate(target))
          .catch(() => self.clients.openWindow(target));
      }
      return self.clients.openWindow(target);
    }),
  );
});
