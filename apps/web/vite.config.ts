/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { PRERENDERED_ATTRIBUTE } from './src/app/prerendered.ts';
import { themeCssVariables } from './src/app/theme-css.ts';
import { htmlLangOf, type Language, languages } from './src/lib/languages.ts';

const base = '/lms/';
const backend = 'http://localhost:8080';

/** The browser's build (the client environment), not the prerender's. */
const isBrowser = (environment: { name: string }) => environment.name === 'client';

/**
 * Emits dist/sw.js from src/app/service-worker.js with the list of every built file (the app shell),
 * so the service worker can precache them and the offline page works with no network.
 */
function serviceWorker(): Plugin {
  return {
    name: 'okuu-service-worker',
    apply: 'build',
    applyToEnvironment: isBrowser,
    // After Vite's own handlers, which drop the script of a chunk that only carries styles: the list must not name it.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const publicDir = new URL('./public', import.meta.url);
        const publicFiles = existsSync(publicDir) ? readdirSync(publicDir) : [];
        const files = [
          'index.html',
          ...Object.keys(bundle).filter((file) => file !== 'index.html'),
          ...publicFiles,
        ].map((file) => `${base}${file}`);
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
    },
  };
}

/**
 * The first screens, with the modules (chunk sources) each needs beyond the app's start: the sign-in page, and the
 * portal's layout with home. The server sends `<name>.<language>.html` for them (firstScreenPages): the built page
 * plus links to those chunks, their styles and the language's catalogues, so a phone fetches them with the entry
 * rather than one round trip after it. Their code is also bundled into few chunks (`firstScreenOf`): on a slow network
 * each further file costs a round trip.
 */
const firstScreens: Record<string, string[]> = {
  login: ['src/app/pages/login-page.tsx'],
  portal: ['src/app/home-screen.ts'],
};

/** Where the build puts the module that prerenders the sign-in page (src/app/prerender.tsx), until the pages are made. */
const prerenderDir = path.join(os.tmpdir(), `okuu-prerender-${process.pid}`);

const sourceDir = path.resolve(import.meta.dirname, 'src');
const contractsDir = path.resolve(import.meta.dirname, '../../packages/contracts/src');
const isOwnSource = (id: string) => id.startsWith(sourceDir);
const isContract = (id: string) => id.startsWith(contractsDir);
const entrySource = path.join(sourceDir, 'main.tsx');
/** What the entry loads once it has started the first calls: the app itself (src/main.tsx). */
const startSource = 'src/app/start.tsx';
const startModule = path.resolve(import.meta.dirname, startSource);

/**
 * Mantine that shows only once someone opens it — dropdowns, menus, dialogs, the drawer — with the floating
 * positioning and scroll locking it needs. The first screens render none of it at first (the portal's menus and
 * drawer load beside it, in their own chunks), so it stays out of the chunks they load.
 */
const isOverlay = (id: string) =>
  /node_modules[\\/](@floating-ui|@mantine[\\/]core[\\/]esm[\\/](utils[\\/]Floating|components[\\/](Combobox|Drawer|FocusTrap|Menu|Modal|ModalBase|Popover|Portal|ScrollArea|Select))[\\/])/.test(
    id,
  );

/**
 * Where a module of the app or of the contracts goes, by what statically needs it: `entry` for the entry's own
 * imports; `shell` for what the app's start needs, and for what both first screens do (a file fewer for each); else
 * that screen's name.
 * Null for the others and for libraries, which the other groups and the automatic splitting place (a library's index
 * reaches all of it: that says nothing of what is used).
 */
const reachedBy = new WeakMap<object, Map<string, string>>();
function firstScreenOf(id: string, ctx: ChunkingContext): string | null {
  const roots = Object.entries({ ...firstScreens, shell: [startSource] }).map(([name, sources]) => ({
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
      for (const next of new Set(ids.flatMap((id) => [id, ...reachableFrom(id, ctx)]))) {
        if (!isOwnSource(next) && !isContract(next)) continue;
        // The app's start is loaded before any screen: what it needs goes with it, whoever else needs it too; and so
        // does what a second first screen needs (each root is walked once, so a module seen before is shared).
        screens.set(next, name === 'shell' || screens.has(next) ? 'shell' : name);
      }
    }
    // The entry's own imports go with it (the `entry` group): it runs them before the rest has loaded.
    for (const imported of entryImports(ctx)) screens.set(imported, 'entry');
    reachedBy.set(key, screens);
  }
  return screens.get(id) ?? null;
}

/** The chunk of a module that one first screen alone needs: that screen's name. */
function screenChunkOf(id: string, ctx: ChunkingContext): string | null {
  const screen = firstScreenOf(id, ctx);
  return screen && screen in firstScreens ? screen : null;
}

/** The modules the entry imports statically, directly or not. */
function entryImports(ctx: ChunkingContext): Set<string> {
  const entry = ctx.getModuleInfo(entrySource);
  if (!entry) throw new Error('src/main.tsx is not in the build');
  return reachableFrom(entry.id, ctx);
}

/** The modules a module imports statically, directly or not. */
function reachableFrom(id: string, ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  for (
    let next = [...(ctx.getModuleInfo(id)?.importedIds ?? [])], current = next.pop();
    current !== undefined;
    current = next.pop()
  ) {
    if (seen.has(current)) continue;
    seen.add(current);
    next.push(...(ctx.getModuleInfo(current)?.importedIds ?? []));
  }
  return seen;
}

/** The magic comment by which V8 compiles all of a script's functions eagerly, in the background as it streams. */
const compileHint = '//# allFunctionsCalledOnLoad';

/** The text with `from` replaced by `to`; an error when the text lacks it (index.html changed). */
function replaceOnce(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`index.html has no ${from} (vite.config.ts)`);
  return text.replace(from, to);
}

/**
 * The pages the server sends besides index.html (the app shell, which the service worker keeps for offline use), one
 * per first screen and language: `login.<language>.html`, the sign-in page prerendered (its screen in the page, its
 * styles linked, so that the form shows before any JavaScript has run), and `portal.<language>.html`, the shell with
 * the portal's code preloaded.
 */
function firstScreenPages(): Plugin {
  return {
    name: 'okuu-first-screen-pages',
    apply: 'build',
    applyToEnvironment: isBrowser,
    enforce: 'post',
    // After Vite's own handlers, which still rewrite the chunks that import others dynamically.
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
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
        const chunkOf = (source: string) => {
          const chunk = chunks.find((c) => c.facadeModuleId === path.resolve(import.meta.dirname, source));
          if (!chunk) throw new Error(`No chunk is made of ${source} (vite.config.ts)`);
          return chunk.fileName;
        };
        const preload = (file: string) => `<link rel="modulepreload" crossorigin href="${base}${file}">`;
        const stylesOf = (files: Iterable<string>) =>
          [...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);

        // Every page: the app the entry starts, preloaded, and its stylesheets, before the entry's script (the first
        // paint waits for the CSS alone; on a slow network it should not share the line with the JavaScript).
        const entryCode = withImports([entry.fileName]);
        const app = [...withImports([chunkOf(startSource)])].filter((file) => !entryCode.has(file));
        if (stylesOf(entryCode).length > 0)
          throw new Error('The entry imports CSS: the app start (src/app/start.tsx) should');
        const styled = String(page.source).replace(
          /(\s*)<script type="module"/,
          (script, space: string) =>
            `${stylesOf(app)
              .map((file) => `${space}<link rel="stylesheet" crossorigin href="${base}${file}">`)
              .join('')}${script}`,
        );
        page.source = replaceOnce(styled, '\n  </head>', `\n    ${app.map(preload).join('\n    ')}\n  </head>`);
        const initial = new Set([...entryCode, ...app]);
        // What a first screen runs at load (its chunks but its catalogues) is compiled as it downloads, off the main
        // thread, rather than function by function as it is first called (V8's compile hints; other browsers ignore it).
        const compileAtLoad = (files: Iterable<string>) => {
          for (const file of files) {
            const chunk = byFile.get(file);
            if (chunk && !chunk.code.startsWith(compileHint)) chunk.code = `${compileHint}\n${chunk.code}`;
          }
        };
        compileAtLoad(initial);

        const prerender = (await import(pathToFileURL(path.join(prerenderDir, 'prerender.js')).href)) as {
          prerenderSignIn(language: Language): Promise<{ html: string; title: string }>;
        };
        for (const [name, sources] of Object.entries(firstScreens)) {
          const scripts = [...withImports(sources.map(chunkOf))].filter((file) => !initial.has(file));
          compileAtLoad(scripts);
          // (In the mode the app asks for them, crossorigin: a link in another mode would be fetched a second time.)
          const styles = stylesOf(scripts).map((file) =>
            // The prerendered screen needs its styles for its first paint; the app renders the portal's.
            name === 'login'
              ? `<link rel="stylesheet" crossorigin href="${base}${file}">`
              : `<link rel="preload" as="style" crossorigin href="${base}${file}">`,
          );
          // One copy per language, with its catalogues and <html lang>: the server sends the one the app will choose.
          for (const language of languages) {
            const code = [...app, ...scripts, chunkOf(`src/locales/${language}/index.ts`)].map(preload);
            let html = [
              ['<html lang="ru"', `<html lang="${htmlLangOf(language)}"`],
              ['\n  </head>', `\n    ${[...styles, ...code].join('\n    ')}\n  </head>`],
            ].reduce((html, [from, to]) => replaceOnce(html, from as string, to as string), styled);
            if (name === 'login') {
              const screen = await prerender.prerenderSignIn(language);
              html = replaceOnce(html, '<title>Портал</title>', screen.title);
              // The page's #root holds only its spinner, which the screen replaces.
              html = html.replace(
                /<div id="root">[\s\S]*?<\/div>/,
                () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${language}">${screen.html}</div>`,
              );
            }
            this.emitFile({ type: 'asset', fileName: `${name}.${language}.html`, source: html });
          }
        }
      },
    },
  };
}

/** Modules of Mantine replaced by the portal's own (each says why), by their path in node_modules/@mantine. */
const mantineReplacements: Record<string, string> = {
  'hooks/esm/use-id/use-id.mjs': 'lib/mantine-use-id.ts',
  'core/esm/core/MantineProvider/MantineCssVariables/MantineCssVariables.mjs': 'lib/mantine-css-variables.ts',
};

/** Puts the portal's own modules in place of some of Mantine's (`mantineReplacements`). */
function replaceMantineModules(): Plugin {
  const replaced = new Set<string>();
  return {
    name: 'okuu-mantine-replacements',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const file = Object.keys(mantineReplacements).find((path) => source.endsWith(path.split('/').pop() ?? path));
      if (!file) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.replaceAll('\\', '/').endsWith(`@mantine/${file}`)) return null;
      replaced.add(file);
      return path.join(sourceDir, mantineReplacements[file] as string);
    },
    buildEnd(error) {
      // A Mantine that moved a file would otherwise bring its own version back unnoticed.
      const missed = Object.keys(mantineReplacements).filter((file) => !replaced.has(file));
      if (!error && missed.length > 0) this.error(`Mantine's ${missed.join(', ')} not found to replace`);
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
    applyToEnvironment: isBrowser,
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
  plugins: [react(), replaceMantineModules(), themeStylesheet(), serviceWorker(), firstScreenPages(), precompress()],
  builder: {
    // `vite build` builds the prerender module, with which the browser's build then prerenders the sign-in pages.
    async buildApp(builder) {
      const { prerender, client } = builder.environments;
      if (!prerender || !client) throw new Error('vite.config.ts names the environments prerender and client');
      try {
        await builder.build(prerender);
        await builder.build(client);
      } finally {
        rmSync(prerenderDir, { recursive: true, force: true });
      }
    },
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // Fewer, larger chunks for what the screens share: the libraries every screen needs; the Mantine that
                // the sign-in route renders with; and the rest of Mantine used by more than one portal screen.
                // Priorities keep each library in its own group (a group also takes the dependencies of what it
                // captures).
                // React in a file of its own, the other libraries in another: the largest download of the first screens is
                // then split over two connections rather than left to one, and updating one library leaves React cached.
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 },
                {
                  name: 'vendor',
                  test: /node_modules[\\/](react-router|i18next|react-i18next|@tanstack)[\\/]/,
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
                // What the entry imports (small: it runs at once), apart from what the app's start imports with it.
                {
                  name: (id, ctx) => (firstScreenOf(id, ctx) === 'entry' ? 'entry' : null),
                  debugName: 'entry',
                  priority: 9,
                },
                // The app's own modules that its start needs (beyond the entry's) or both first screens do, in one chunk
                // rather than one per module.
                // The start itself stays out: it awaits the first screen's chunks, which import this one.
                {
                  name: (id, ctx) =>
                    isOwnSource(id) && id !== startModule && firstScreenOf(id, ctx) === 'shell' ? 'shell' : null,
                  debugName: 'shell',
                  priority: 6,
                },
                // The rest of the Mantine that the portal's first screen (its layout and home) renders with, and the hooks
                // and scroll locking they need: loaded with the portal, never by the sign-in route. Like the list above,
                // the home bundle budget test fails when it grows; what other screens use is split with them. The styles a
                // component imports stay out: they go with the chunk of the code that imports them.
                {
                  name: 'mantine-portal',
                  test: (id) =>
                    /node_modules[\\/](@mantine[\\/](core[\\/]esm[\\/]components[\\/](Accordion|Avatar|Badge|Collapse|Divider|NativeSelect|SimpleGrid|VisuallyHidden)|hooks)|react-remove-scroll[^\\/]*)[\\/]/.test(
                      id,
                    ) &&
                    !isOverlay(id) &&
                    !id.endsWith('.css'),
                  priority: 5,
                },
                // The overlays that several screens render, with what they need beyond the shared Mantine.
                { name: 'mantine-overlays', test: isOverlay, minShareCount: 2, priority: 4 },
                // The API contracts the first screens call, with zod: the portal needs them to show, the sign-in route
                // with its first call. (The others stay with the screens that call them: each costs time to set up.)
                {
                  name: (id, ctx) => (isContract(id) && firstScreenOf(id, ctx) ? 'contracts' : null),
                  debugName: 'contracts',
                  priority: 3,
                },
                // The app's own modules that one first screen alone needs, in one chunk per screen, not one per module.
                // A group named by a function needs `debugName`, or the bundler warns at every build.
                { name: (id, ctx) => screenChunkOf(id, ctx), debugName: 'screens', priority: 1 },
              ],
            },
          },
        },
      },
    },
    // The module that prerenders the sign-in page at build time (src/app/prerender.tsx), for Node.
    prerender: {
      consumer: 'server',
      // One self-contained file, with no packages to resolve beside it.
      resolve: { noExternal: true },
      // React's production build, as the browser's.
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        ssr: 'src/app/prerender.tsx',
        outDir: prerenderDir,
        emptyOutDir: true,
        rolldownOptions: { output: { codeSplitting: false, entryFileNames: 'prerender.js' } },
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
    // Longer than a findBy's wait (src/test/setup.ts), so that a slow step fails with what it waited for.
    testTimeout: 15_000,
  },
});
