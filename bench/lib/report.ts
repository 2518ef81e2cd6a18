import type { Measurement, Target } from './types.ts';

/** One row of the report: a scenario (or the baseline) and what came of it. */
export interface Row {
  name: string;
  description: string;
  measurement: Measurement | null;
  /** Why the scenario could not be measured. */
  failure?: string;
  /** requests/s relative to the baseline's. */
  ratio: number | null;
  targets: TargetOutcome[];
}

export interface TargetOutcome extends Target {
  measured: number | null;
  met: boolean;
}

function metricValue(m: Measurement, ratio: number | null, metric: string): number | null {
  switch (metric) {
    case 'requestsPerSec':
      return m.requestsPerSec;
    case 'p50Ms':
      return m.p50Ms;
    case 'p99Ms':
      return m.p99Ms;
    case 'errors':
      return m.errors;
    case 'ratio':
      return ratio;
    default:
      return m.metrics[metric] ?? null;
  }
}

function compare(value: number, op: Target['op'], limit: number): boolean {
  if (op === '>=') return value >= limit;
  if (op === '<=') return value <= limit;
  if (op === '>') return value > limit;
  return value < limit;
}

export function evaluate(targets: Target[], m: Measurement | null, ratio: number | null): TargetOutcome[] {
  return targets.map((t) => {
    const measured = m ? metricValue(m, ratio, t.metric) : null;
    return { ...t, measured, met: measured !== null && Number.isFinite(measured) && compare(measured, t.op, t.value) };
  });
}

function num(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function table(header: string[], body: string[][], rightAligned: Set<number>): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ');
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** Metrics shown as columns of the table rather than under "Other metrics". */
const inTable = new Set(['serverCpuUsPerRequest', 'serverCpuCores', 'otherCpuCores']);

/** Above this many cores used by other processes during a measurement, its numbers are flagged as skewed. */
const noisyCores = 0.25;

/** The text report: the results table, the targets and any extra metrics. */
export function formatReport(rows: Row[]): string {
  const out: string[] = [];
  out.push(
    table(
      ['scenario', 'requests/s', 'p50 ms', 'p99 ms', 'errors', '× baseline', 'server CPU µs/req', 'cores'],
      rows.map((r) => {
        const m = r.measurement;
        if (!m) return [r.name, 'failed', '', '', '', '', '', ''];
        return [
          r.name,
          num(m.requestsPerSec, 1),
          num(m.p50Ms),
          num(m.p99Ms),
          num(m.errors),
          num(r.ratio, 2),
          num(m.metrics.serverCpuUsPerRequest),
          num(m.metrics.serverCpuCores, 2),
        ];
      }),
      new Set([1, 2, 3, 4, 5, 6, 7]),
    ),
  );

  const extras = rows
    .map((r) => ({
      name: r.name,
      metrics: Object.entries(r.measurement?.metrics ?? {}).filter(([k]) => !inTable.has(k)),
    }))
    .filter((r) => r.metrics.length > 0);
  if (extras.length) {
    out.push('', 'Other metrics');
    for (const r of extras) out.push(`  ${r.name}: ${r.metrics.map(([k, v]) => `${k} ${num(v, 1)}`).join(', ')}`);
  }

  const noisy = rows.filter((r) => (r.measurement?.metrics.otherCpuCores ?? 0) > noisyCores);
  if (noisy.length) {
    out.push('', 'Skewed by other work on the machine (measure again on a quiet machine)');
    for (const r of noisy) {
      out.push(
        `  ${r.name}: other processes kept ${num(r.measurement?.metrics.otherCpuCores, 2)} cores busy meanwhile`,
      );
    }
  }

  const withTargets = rows.filter((r) => r.targets.length > 0);
  if (withTargets.length) {
    out.push('', 'Targets');
    for (const r of withTargets) {
      for (const t of r.targets) {
        const digits = t.metric === 'ratio' ? 2 : 1;
        const skewed = noisy.includes(r) || (t.metric === 'ratio' && noisy.some((n) => n.name === 'baseline'));
        out.push(
          `  ${t.met ? 'met   ' : 'MISSED'}  ${r.name}: ${t.label} (measured ${num(t.measured, digits)})${skewed ? ', skewed' : ''}`,
        );
      }
    }
  }

  const failures = rows.filter((r) => r.failure);
  if (failures.length) {
    out.push('', 'Failed scenarios');
    for (const r of failures) out.push(`  ${r.name}: ${r.failure}`);
  }
  return out.join('\n');
}
