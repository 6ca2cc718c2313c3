/* Atelier service worker, part 2 (imported by the Workbox-generated /sw.js): the Module Federation remotes.
 *
 * Each remote is a separate origin deployed on its own. Its build writes precache-manifest.json
 * ({ version, files }) next to mf-manifest.json. The worker keeps one cache per remote *build*
 * (atelier-remote|<base>|<version>) and a pointer to the current build of each remote:
 *  - mf-manifest.json is network-first: online, the remote's precache-manifest.json is read; a new version
 *    gets its own cache (mf-manifest.json and remoteEntry.js fetched together, then every chunk), and only
 *    then does the pointer move. Offline, the manifest of the current build is served.
 *  - remoteEntry.js and every chunk are served from the current build's cache: a page never mixes the
 *    entry of one build with the manifest of another (hashed chunks are immutable; any copy is the same).
 * Installing the worker precaches the current build of every remote listed in /remotes.json, so after one
 * online visit every route opens offline.
 */
(() => {
  const PREFIX = 'atelier-remote|';
  const POINTERS = 'atelier-remote-pointers';
  const POINTERS_KEY = '/__atelier/remote-pointers.json';
  const NETWORK_TIMEOUT_MS = 4000;
  /** A webpack content hash in the file name: `169.34c286ca.js`, `17a7d3603c7e07f37350.ttf`. */
  const HASHED = /(^|[./_-])[0-9a-f]{8,}\.[a-z0-9]+$/;
  const SHELL_LOADS =
    /^(react|react-dom|react-router|react-router-dom|styled-components|rxjs|@supabase\/supabase-js)(\/.*)?$/;
  // { [base]: version }. Read once per worker start (one shared promise: the remotes are synced in parallel, and
  // each reader used to load its own copy, so the last writer dropped the others' pointers — a remote then had
  // no current build offline: RUNTIME-003 on mf-manifest.json). Updates are applied one after the other to the
  // latest value, and stored in that order.
  let pointersLoad = null;
  let pointerWrites = Promise.resolve();

  function readPointers() {
    if (!pointersLoad) {
      pointersLoad = (async () => {
        try {
          const cache = await caches.open(POINTERS);
          const res = await cache.match(POINTERS_KEY);
          return res ? await res.json() : {};
        } catch {
          return {};
        }
      })();
    }
    return pointersLoad;
  }
  /** Sets the pointer of one remote (in memory at once, then stored; writes are serialised). */
  async function setPointer(base, version) {
    const current = await readPointers();
    current[base] = version;
    const snapshot = JSON.stringify(current);
    pointerWrites = pointerWrites
      .catch(() => undefined)
      .then(async () => {
        const cache = await caches.open(POINTERS);
        await cache.put(POINTERS_KEY, new Response(snapshot, { headers: { 'content-type': 'application/json' } }));
      });
    return pointerWrites;
  }
  const cacheName = (base, version) => `${PREFIX}${base}|${version}`;

  function withTimeout(promise, ms) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('network timeout')), ms);
      promise.then(
        (v) => (clearTimeout(timer), resolve(v)),
        (e) => (clearTimeout(timer), reject(e)),
      );
    });
  }

  async function fetchOk(url) {
    const res = await fetch(url, { cache: 'no-store', mode: 'cors', credentials: 'omit' });
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    return res;
  }

  /** Reads the remote's current build; caches its manifest + entry (and, when `all`, every file). */
  async function syncRemote(base, { all }) {
    const list = await (await fetchOk(`${base}precache-manifest.json`)).json();
    const version = String(list.version);
    const cache = await caches.open(cacheName(base, version));
    const core = ['mf-manifest.json', 'remoteEntry.js'];
    const missingCore = [];
    for (const file of core) if (!(await cache.match(base + file))) missingCore.push(file);
    if (missingCore.length) {
      const responses = await Promise.all(missingCore.map((file) => fetchOk(base + file)));
      await Promise.all(responses.map((res, i) => cache.put(base + missingCore[i], res)));
    }
    const previous = (await readPointers())[base];
    if (previous !== version) {
      // Files whose name carries a content hash are the same bytes in every build that lists them: carried over
      // from the previous build's cache, so the new build is complete offline at once (only changed files are
      // fetched, in the background). Unhashed names (remoteEntry.js, mf-manifest.json, …) never are.
      if (previous) {
        const old = await caches.open(cacheName(base, previous));
        await Promise.all(
          (list.files || [])
            .filter((file) => HASHED.test(file) && !core.includes(file))
            .map(async (file) => {
              const copy = await old.match(base + file);
              if (copy && !(await cache.match(base + file))) await cache.put(base + file, copy);
            }),
        );
      }
      await setPointer(base, version);
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((n) => n.startsWith(`${PREFIX}${base}|`) && n !== cacheName(base, version))
          .map((n) => caches.delete(n)),
      );
    }
    const rest = async () => {
      // The remote's own copies of the libraries the shell loads before any remote are never used: skip them.
      const skip = new Set();
      try {
        const manifest = await (await cache.match(`${base}mf-manifest.json`)).clone().json();
        const js = (assets) => [...(assets?.js?.sync || []), ...(assets?.js?.async || [])];
        const exposed = new Set((manifest.exposes || []).flatMap((e) => js(e.assets)));
        for (const shared of manifest.shared || []) {
          if (!SHELL_LOADS.test(shared.name)) continue;
          for (const f of js(shared.assets)) if (!exposed.has(f)) skip.add(f);
        }
      } catch {
        // no usable manifest: precache everything
      }
      const todo = (list.files || []).filter((file) => !core.includes(file) && !skip.has(file));
      const worker = async () => {
        for (let file = todo.shift(); file !== undefined; file = todo.shift()) {
          if (await cache.match(base + file)) continue;
          try {
            await cache.put(base + file, await fetchOk(base + file));
          } catch (error) {
            console.warn('[atelier sw] could not precache', base + file, error);
          }
        }
      };
      await Promise.all([worker(), worker(), worker(), worker()]);
    };
    if (all) await rest();
    return { version, cache, rest };
  }

  /** /remotes.json and /config.json, kept for offline starts (Workbox serves them network-first from this cache). */
  const RUNTIME_CONFIG_CACHE = 'atelier-runtime-config';
  async function remoteBases() {
    const runtime = await caches.open(RUNTIME_CONFIG_CACHE);
    const config = await fetch('/config.json', { cache: 'no-store' });
    if (config.ok) await runtime.put(new URL('/config.json', self.location.href).href, config);
    const res = await fetch('/remotes.json', { cache: 'no-store' });
    if (!res.ok) throw new Error(`/remotes.json: HTTP ${res.status}`);
    await runtime.put(new URL('/remotes.json', self.location.href).href, res.clone());
    const entries = await res.json();
    return Object.values(entries)
      .map((entry) =>
        typeof entry === 'number'
          ? `${self.location.protocol}//${self.location.hostname}:${entry}/mf-manifest.json`
          : String(entry),
      )
      .filter((url) => url.endsWith('/mf-manifest.json'))
      .map((url) => new URL(url, self.location.href).href.replace(/mf-manifest\.json$/, ''));
  }

  self.addEventListener('install', (event) => {
    event.waitUntil(
      remoteBases()
        .then((bases) =>
          Promise.all(
            bases.map((base) =>
              syncRemote(base, { all: true }).catch((e) => console.warn('[atelier sw] remote', base, e)),
            ),
          ),
        )
        .catch((error) => console.warn('[atelier sw] remotes not precached', error)),
    );
  });

  async function baseOf(url) {
    if (url.endsWith('/mf-manifest.json')) return url.replace(/mf-manifest\.json$/, '');
    // The longest base: a remote's unversioned build (http://host:3003/) is a prefix of its releases
    // (http://host:3003/<version>/, published by `pnpm release`), each a build with a cache of its own.
    const known = Object.keys(await readPointers()).sort((a, b) => b.length - a.length);
    return known.find((base) => url.startsWith(base)) || null;
  }

  async function fromCurrent(base, url) {
    const version = (await readPointers())[base];
    if (!version) return undefined;
    const cache = await caches.open(cacheName(base, version));
    return cache.match(url);
  }

  async function handleManifest(event, base) {
    try {
      const { cache, rest } = await withTimeout(syncRemote(base, { all: false }), NETWORK_TIMEOUT_MS);
      event.waitUntil(rest());
      const cached = await cache.match(`${base}mf-manifest.json`);
      if (cached) return cached;
    } catch {
      // offline or remote down: the last good build below
    }
    const cached = await fromCurrent(base, `${base}mf-manifest.json`);
    return cached || fetch(event.request);
  }

  async function handleAsset(event, base, url) {
    const cached =
      (await fromCurrent(base, url)) || (url.endsWith('/remoteEntry.js') ? undefined : await caches.match(url));
    if (cached) return cached;
    const res = await fetch(event.request);
    if (res.ok && !url.endsWith('/remoteEntry.js')) {
      const version = (await readPointers())[base];
      if (version) {
        const copy = res.clone();
        event.waitUntil(caches.open(cacheName(base, version)).then((c) => c.put(url, copy)));
      }
    }
    return res;
  }

  self.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.method !== 'GET') return;
    const url = request.url.split('#')[0];
    if (new URL(url).origin === self.location.origin) return; // the shell's own files: Workbox routes
    if (!/\.(m?js|json|wasm|css|woff2?|ttf|otf|png|jpe?g|webp|gif|ico|svg|traineddata(\.gz)?)(\?|$)/.test(url)) return;
    event.respondWith(
      (async () => {
        const base = await baseOf(url);
        if (!base) return fetch(request);
        return url.endsWith('/mf-manifest.json') ? handleManifest(event, base) : handleAsset(event, base, url);
      })(),
    );
  });
})();
