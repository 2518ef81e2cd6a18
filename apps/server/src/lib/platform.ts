import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Changes } from './changes.ts';
import type { Storage } from './storage.ts';

/** What every module is built on: the database and its change path, the files, the configuration and the clock. */
export interface Platform {
  db: Db;
  changes: Changes;
  storage: Storage;
  config: Config;
  now: () => Date;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
}
