import path from 'node:path';
import { loadConfig } from '../config.ts';
import { backup, restore } from './backup.ts';

/**
 * `npm run backup -- <folder>` and `npm run restore -- <archive>`, with the server's own configuration (DATABASE_URL,
 * DATA_DIR, STORAGE). Paths are taken from where npm was started.
 */
async function main() {
  const [command, target] = process.argv.slice(2);
  const from = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
  const config = loadConfig();
  if (command === 'backup' && target) {
    const { archive, manifest } = await backup(config, from(target));
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Backup written: ${archive}\n  ${manifest.engine} database, ${Object.keys(manifest.tables).length} tables, ` +
        `${rows} rows; ${manifest.files.count} local files (${manifest.files.bytes} bytes)`,
    );
    return;
  }
  if (command === 'restore' && target) {
    const result = await restore(config, from(target));
    console.log(
      `Restored ${from(target)} (made ${result.manifest.createdAt}): ` +
        `${Object.keys(result.tables).length} tables, ${result.files} files`,
    );
    for (const d of result.differences) console.log(`  rows differ: ${d}`);
    for (const k of result.missingFiles) console.log(`  missing file: ${k}`);
    if (result.differences.length > 0 || result.missingFiles.length > 0) process.exitCode = 2;
    else console.log('  every table has its rows and every file a row names is there.');
    return;
  }
  console.error('Usage: npm run backup -- <folder>   |   npm run restore -- <archive.tar.gz>');
  process.exitCode = 64;
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
