import type autocannon from 'autocannon';
import type { BenchSettings } from './settings.ts';

/** What one measured run produced. Latencies are in milliseconds; null where a scenario has no such number. */
export interface Measurement {
  requestsPerSec: number | null;
  p50Ms: number | null;
  p99Ms: number | null;
  /** Connection errors, timeouts, non-2xx replies and body mismatches together. */
  errors: number;
  /** Extra numbers a scenario reports beyond the table's columns (e.g. `p95Ms`, `messagesPerSec`). */
  metrics: Record<string, number>;
  /** Anything worth keeping in the JSON report only (raw autocannon result, error breakdown…). */
  details?: unknown;
}

/**
 * A goal a scenario is reported against. `metric` names a number of the result: `requestsPerSec`, `p50Ms`,
 * `p99Ms`, `errors`, `ratio` (requests/s relative to the baseline) or a key of `metrics`.
 */
export interface Target {
  metric: string;
  op: '>=' | '<=' | '>' | '<';
  value: number;
  /** How the target reads in the report, e.g. `p99 < 50 ms`. */
  label: string;
}

/** The options of one load run: autocannon's, without the ones the bench decides (target, connections, time). */
export type LoadOptions = Omit<
  autocannon.Options,
  'url' | 'connections' | 'duration' | 'amount' | 'pipelining' | 'workers' | 'forever' | 'socketPath'
> & {
  /** The path on the server under test, e.g. `/config.json`. */
  path: string;
  /** Percentiles to compute from every response time, reported as metrics `p<N>Ms` (e.g. 95 → `p95Ms`). */
  percentiles?: number[];
};

export interface ScenarioContext {
  /** The server under test, always `http://127.0.0.1:<port>`. */
  baseUrl: string;
  settings: BenchSettings;
  /** A warm-up run, then the measured run, with the bench's connections and duration. */
  load(options: LoadOptions): Promise<Measurement>;
  /** A progress line on stderr. */
  log(message: string): void;
  /**
   * Starts one more server instance on the same database and data directory (stopped by `stop()`, or at the end), on
   * `port` when given (an instance started again where the proxy expects it).
   */
  startInstance(port?: number): Promise<{ baseUrl: string; pid: number | undefined; stop(): Promise<void> }>;
  /**
   * A `load` aimed at another address (a proxy in front of instances); its server CPU figures add up the server and
   * the processes `also` (the proxy, a second instance).
   */
  loadAt(baseUrl: string, also: (number | undefined)[]): (options: LoadOptions) => Promise<Measurement>;
}

/** One load scenario. Add a file in bench/scenarios/ and one line in bench/scenarios/index.ts. */
export interface Scenario {
  /** Short kebab-case name: the table's row and the command-line filter. */
  name: string;
  description: string;
  targets?: Target[];
  /** Prepares what it needs (sessions, data) through the public API, then measures. Must be bounded in time. */
  run(ctx: ScenarioContext): Promise<Measurement>;
}
