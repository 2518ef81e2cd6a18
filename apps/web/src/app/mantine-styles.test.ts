import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Mantine's styles load per component (styles.ts): the first screens' with the portal, any other's with the file that
// renders it. A component whose styles no one imports looks right only after another screen has loaded them (an
// unstyled Affix sat under the phone's tab bar).
const src = path.resolve(__dirname, '..');
const stylesDir = path.resolve(src, '../../../node_modules/@mantine/core/styles');
const styled = new Set(
  fs
    .readdirSync(stylesDir)
    .filter((f) => f.endsWith('.css') && !f.includes('.layer.'))
    .map((f) => f.slice(0, -'.css'.length)),
);
const importedStyles = (text: string) =>
  new Set([...text.matchAll(/@mantine\/core\/styles\/(\w+)\.css/g)].map((m) => m[1]));
const global = importedStyles(fs.readFileSync(path.join(src, 'app/styles.ts'), 'utf8'));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("Mantine's styles", () => {
  it('every file imports the styles of the Mantine components it renders, unless the portal loads them first', () => {
    const missing: string[] = [];
    for (const file of sources(src)) {
      const text = fs.readFileSync(file, 'utf8');
      const own = importedStyles(text);
      for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
        const names = (m[1] ?? '')
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith('type '))
          .map((n) => n.split(/\s+as\s+/)[0] as string);
        for (const name of names) {
          if (styled.has(name) && !global.has(name) && !own.has(name))
            missing.push(`${path.relative(src, file)}: ${name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
