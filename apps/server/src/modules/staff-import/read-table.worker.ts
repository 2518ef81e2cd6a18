import { parentPort, workerData } from 'node:worker_threads';
import { parseTable, type TableLimits } from './read-table.ts';

// The table reader's thread (read-table.ts starts it): reads the file it was given and answers once.
const { buf, limits } = workerData as { buf: Uint8Array; limits: TableLimits };
parentPort?.postMessage(await parseTable(Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength), limits));
