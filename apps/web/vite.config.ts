/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { themeCssVariables } from './src/app/theme-css.ts';

const base = '/lms/';
const backend = 'http://localhost:8080';

/**
 * Emits dist/sw.js from src/app/service-worker.js with the list of every built file (the app shell),
 * so the service worker can precache them and the offline page works with no network.
 */
function serviceWorker(): Plugin {
  return {
    name: 'okuu-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const publicFiles = readdirSync(new URL('./public', import.meta.url));
      const files = ['index.html', ...Object.keys(bundle).filter((file) => file !== 'index.html'), ...publicFiles].map(
        (file) => `${base}${file}`,
      );
      const hash = createHash('sha256').update(files.join('\n'));
      for (const output of Object.values(bundle)) hash.update(output.type === 'chunk' ? output.code : output.source);
      for (const file of publicFiles) hash.update(readFileSync(new URL(`./public/${file}`, import.meta.url)));
      const version = hash.digest('hex').slice(0, 12);
      const template = readFileSync(new URL('./src/app/service-worker.js', import.meta.url), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: template
          .replace("'__SHELL_VERSION__'", JSON.stringify(version))
          .replace("['__SHELL_FILES__']", JSON.stringify(files)),
      });
    },
  };
}

/**
 * Puts the stylesheets before the scripts and their preloads in the built page: the first paint waits for the CSS
 * alone, so on a slow network it should not share the line with 150 KB of JavaScript.
 */
function stylesFirst(): Plugin {
  return {
    name: 'okuu-styles-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const styles = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
        const rest = styles.reduce((page, link) => page.replace(link, ''), html);
        return rest.replace(
          /(\s*)<script type="module"/,
          (_m, space: string) => `${space}${styles.join('').trim()}${space}<script type="module"`,
        );
      },
    },
  };
}

/**
 * The first screens a visit most often opens, with the modules (chunk sources) each needs beyond the entry's.
 * The server sends `<name>.html` for them: the built page plus preload links for those chunks and their styles, so a
 * phone fetches them with the entry rather than one round trip after it. Their code is also bundled into few chunks
 * (`firstScreenOf`): on a slow network each further file costs a round trip.
 */
const firstScreens: Record<string, string[]> = {
  login: ['src/features/auth/pages/login-page.tsx'],
  home: ['src/app/layouts/portal-layout.tsx', 'src/app/pages/home-page.tsx', 'src/lib/use-session.ts'],
};

const sourceDir = path.resolve(import.meta.dirname, 'src');
const contractsDir = path.resolve(import.meta.dirname, '../../packages/contracts/src');
const isOwnSource = (id: string) => id.startsWith(sourceDir);
const isContract = (id: string) => id.startsWith(contractsDir);
const entrySource = path.join(sourceDir, 'main.tsx');

/**
 * Mantine that shows only once someone opens it — dropdowns, menus, dialogs, the drawer — with the floating
 * positioning and scroll locking it needs. The first screens render none of it at first (the portal's menus and
 * drawer load after its first picture), so it stays out of the chunks they load.
 */
const isOverlay = (id: string) =>
  /node_modules[\\/](@floating-ui|@mantine[\\/]core[\\/]esm[\\/](utils[\\/]Floating|components[\\/](Combobox|Drawer|FocusTrap|Menu|Modal|ModalBase|Popover|Portal|ScrollArea|Select))[\\/])/.test(
    id,
  );

/**
 * Which first screens statically need a module of the app or of the contracts (beyond the entry's, which the `shell`
 * group takes): `screens` when both do, else that screen's name. Null for the others and for libraries, which the
 * other groups and the automatic splitting place (a library's index reaches all of it: that says nothing of what is
 * used).
 */
const reachedBy = new WeakMap<object, Map<string, string>>();
function firstScreenOf(id: string, ctx: ChunkingContext): string | null {
  const roots = Object.entries(firstScreens).map(([name, sources]) => ({
    name,
    ids: sources.map((source) => {
      const info = ctx.getModuleInfo(path.resolve(import.meta.dirname, source));
      if (!info) throw new Error(`${source} is not in the build (firstScreens in vite.config.ts)`);
      return info.id;
    }),
  }));
  // The module infos are the same objects for one chunking pass: the reachability is computed once per pass.
  const key = ctx.getModuleInfo(roots[0]?.ids[0] ?? '') as object;
  let screens = reachedBy.get(key);
  if (!screens) {
    screens = new Map();
    for (const { name, ids } of roots) {
      const seen = new Set<string>();
      for (let next = ids.pop(); next !== undefined; next = ids.pop()) {
        if (seen.has(next)) continue;
        seen.add(next);
        ids.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
        if (isOwnSource(next) || isContract(next)) screens.set(next, screens.has(next) ? 'screens' : name);
      }
    }
    reachedBy.set(key, screens);
  }
  return screens.get(id) ?? null;
}

function firstScreenPages(): Plugin {
  return {
    name: 'okuu-first-screen-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset') throw new Error('index.html is not in the bundle');
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (files: string[]) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
        };
        files.forEach(visit);
        return seen;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('The build has no entry chunk');
      const initial = withImports([entry.fileName]);
      const chunkOf = (source: string) => {
        const chunk = chunks.find((c) => c.facadeModuleId === path.resolve(import.meta.dirname, source));
        if (!chunk) throw new Error(`No chunk is made of ${source} (vite.config.ts)`);
        return chunk.fileName;
      };
      const preload = (file: string) => `<link rel="modulepreload" crossorigin href="${base}${file}">`;
      for (const [name, sources] of Object.entries(firstScreens)) {
        const scripts = [...withImports(sources.map(chunkOf))].filter((file) => !initial.has(file));
        const styles = scripts.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        // As the app asks for them (crossorigin): a preload in another mode would be fetched a second time.
        const links = [
          ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="${base}${file}">`),
          ...scripts.map(preload),
        ];
        // One copy per language, with its catalogues: the server sends the one of the language the app will choose.
        for (const language of readdirSync(path.resolve(import.meta.dirname, 'src/locales'), { withFileTypes: true })) {
          if (!language.isDirectory()) continue;
          const catalogues = chunkOf(`src/locales/${language.name}/index.ts`);
          this.emitFile({
            type: 'asset',
            fileName: `${name}.${language.name}.html`,
            source: String(page.source).replace(
              '</head>',
              `${[...links, preload(catalogues)].join('\n    ')}\n  </head>`,
            ),
          });
        }
      }
    },
  };
}

/**
 * `virtual:okuu-theme.css`: the theme's CSS variables as a stylesheet, made at build time rather than by
 * MantineProvider at every render (src/app/theme-css.ts; a test keeps the two equal).
 */
function themeStylesheet(): Plugin {
  const id = 'virtual:okuu-theme.css';
  return {
    name: 'okuu-theme-stylesheet',
    resolveId: (source) => (source === id ? id : null),
    load: (loaded) => (loaded === id ? themeCssVariables() : null),
  };
}

/** Writes .br and .gz next to every text file of the build: the server sends them pre-compressed. */
function precompress(): Plugin {
  return {
    name: 'okuu-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const file of Object.keys(bundle).filter((name) => /\.(js|css|html|svg|json)$/.test(name))) {
        const content = readFileSync(path.join(dir, file));
        writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(content));
        writeFileSync(path.join(dir, `${file}.gz`), gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  base,
  plugins: [react(), themeStylesheet(), stylesFirst(), serviceWorker(), firstScreenPages(), precompress()],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Fewer, larger chunks for what the screens share: the libraries every screen needs; the Mantine that
            // the sign-in route renders with; and the rest of Mantine used by more than one portal screen.
            // Priorities keep each library in its own group (a group also takes the dependencies of what it
            // captures).
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack)[\\/]/,
              priority: 8,
            },
            // The Mantine that the sign-in route renders with (its styles system and components, with what they
            // import), shared with the portal. The sign-in route's bundle budget test fails when this list misses one.
            {
              name: 'mantine',
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](core[\\/]|components[\\/](ActionIcon|Alert|Button|Center|CloseButton|Group|Image|Input|InputBase|Loader|Paper|PasswordInput|Skeleton|Stack|Text|TextInput|Title|Transition|UnstyledButton)[\\/])/,
              minShareCount: 2,
              priority: 7,
            },
            // The app's own modules that the entry needs, in one chunk rather than one per module. The entry itself stays
            // out: it awaits the first screen's chunks, which import this one.
            { name: 'shell', test: (id) => isOwnSource(id) && id !== entrySource, tags: ['$initial'], priority: 6 },
            // The rest of Mantine that three or more screens share, but for the overlays: loaded with the portal,
            // never by the sign-in route. (Scroll locking too: the app shell needs a name from it.) A component fewer screens use stays out of it, so that home does not load,
            // say, the number input and the pagination that only the library and the study materials show.
            {
              name: 'mantine-portal',
              test: (id) =>
                /node_modules[\\/](@mantine[\\/](core|hooks)|react-remove-scroll[^\\/]*)[\\/]/.test(id) &&
                !isOverlay(id),
              minShareCount: 3,
              priority: 5,
            },
            // The overlays that several screens render, with what they need beyond the shared Mantine.
            { name: 'mantine-overlays', test: isOverlay, minShareCount: 2, priority: 4 },
            // The API contracts the first screens call, with zod: the portal needs them to show, the sign-in route
            // with its first call. (The others stay with the screens that call them: each costs time to set up.)
            {
              name: (id, ctx) => (isContract(id) && firstScreenOf(id, ctx) ? 'contracts' : null),
              priority: 3,
            },
            // The app's own modules that the first screens need beyond the entry's, in one chunk for what both need
            // and one for each screen's own (the sign-in's; the portal's with its home page), not one per module.
            { name: (id, ctx) => (firstScreenOf(id, ctx) === 'screens' ? 'screens' : null), priority: 2 },
            { name: (id, ctx) => firstScreenOf(id, ctx), priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/misc', '/config.json', '/logo.json', '/logo.image', '/healthz'].map((path) => [
        path,
        // The chat's WebSocket (/api/chat/ws) goes through too.
        { target: backend, ws: path === '/api' },
      ]),
    ),
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
