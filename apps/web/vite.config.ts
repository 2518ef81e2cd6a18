/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
 * phone fetches them with the entry rather than one round trip after it.
 */
const firstScreens: Record<string, string[]> = {
  login: ['src/features/auth/pages/login-page.tsx'],
  home: ['src/app/layouts/portal-layout.tsx', 'src/app/pages/home-page.tsx', 'src/lib/use-session.ts'],
};

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
      for (const [name, sources] of Object.entries(firstScreens)) {
        const roots = sources.map((source) => {
          const chunk = chunks.find((c) => c.facadeModuleId === path.resolve(import.meta.dirname, source));
          if (!chunk) throw new Error(`No chunk is made of ${source} (firstScreens in vite.config.ts)`);
          return chunk.fileName;
        });
        const scripts = [...withImports(roots)].filter((file) => !initial.has(file));
        const styles = scripts.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        const links = [
          ...styles.map((file) => `<link rel="preload" as="style" href="${base}${file}">`),
          ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
        ];
        this.emitFile({
          type: 'asset',
          fileName: `${name}.html`,
          source: String(page.source).replace('</head>', `${links.join('\n    ')}\n  </head>`),
        });
      }
    },
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
  plugins: [react(), stylesFirst(), serviceWorker(), firstScreenPages(), precompress()],
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
              priority: 3,
            },
            // The Mantine that the sign-in route renders with (its styles system and components, with what they
            // import), shared with the portal. The sign-in route's bundle budget test fails when this list misses one.
            {
              name: 'mantine',
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](core[\\/]|components[\\/](ActionIcon|Alert|Button|Center|CloseButton|Group|Image|Input|InputBase|Loader|Paper|PasswordInput|Skeleton|Stack|Text|TextInput|Title|Transition|UnstyledButton)[\\/])/,
              minShareCount: 2,
              priority: 2,
            },
            // The rest of Mantine that several portal screens share (dialogs, menus, selects…): loaded with the
            // portal, never by the sign-in route. A component used by one screen stays in that screen's chunk.
            {
              name: 'mantine-portal',
              test: /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/,
              minShareCount: 2,
              priority: 1,
            },
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
