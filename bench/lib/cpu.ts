import { readdirSync, readFileSync } from 'node:fs';

// Linux only (/proc); elsewhere every reading is null and the CPU metrics are left out.
// /proc reports CPU time in clock ticks of 1/100 s.
const ticksPerSecond = 100;

/** The CPU time (user + system, all threads) a process has used so far, in seconds; null if unreadable. */
export function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (in parentheses, may contain spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return null;
  }
}

/** CPU seconds the whole machine has spent busy (all cores, every process, including ones that have exited). */
function machineBusySeconds(): number | null {
  try {
    const [user, nice, system, , , irq, softirq] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const busy = [user, nice, system, irq, softirq].reduce<number>((sum, v) => sum + (v ?? 0), 0);
    return Number.isFinite(busy) ? busy / ticksPerSecond : null;
  } catch {
    return null;
  }
}

/** The PostgreSQL backends connected to `database` (their process title names it). */
function backendsOf(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (title.startsWith('postgres:') && title.includes(` ${database} `)) pids.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return pids;
}

interface Snapshot {
  at: number;
  busy: number | null;
  perPid: Map<number, number>;
}

/** What the server under load used, and what processes outside the bench used at the same time. */
export interface CpuReport {
  /** CPU time of the server process (with `also`: all of them) per request it answered, in microseconds. */
  serverCpuUsPerRequest: number;
  /** Cores the server process kept busy. */
  serverCpuCores: number;
  /** Cores kept busy by everything else on the machine (not the bench, the server or its database backends). */
  otherCpuCores?: number;
}

/**
 * Measures CPU use over a load run: the server process's, and that of every other process on the machine, so that
 * a report can say when other work skewed it.
 */
export function cpuProbe(target: { pid: number | undefined; also?: number[]; database?: string }) {
  /** The processes of the system under test: the server, and a second instance and a proxy when there are. */
  const system = [...(target.pid ? [target.pid] : []), ...(target.also ?? [])];
  const watched = () => [process.pid, ...system, ...(target.database ? backendsOf(target.database) : [])];
  const snapshot = (): Snapshot => {
    const perPid = new Map<number, number>();
    for (const pid of watched()) {
      const cpu = cpuSeconds(pid);
      if (cpu !== null) perPid.set(pid, cpu);
    }
    return { at: Date.now(), busy: machineBusySeconds(), perPid };
  };
  return {
    start: snapshot,
    finish(start: Snapshot, requests: number): CpuReport | null {
      const end = snapshot();
      const seconds = (end.at - start.at) / 1000;
      let server = 0;
      for (const pid of system) {
        const before = start.perPid.get(pid);
        const after = end.perPid.get(pid);
        if (before === undefined || after === undefined) return null;
        server += after - before;
      }
      if (system.length === 0 || requests <= 0 || seconds <= 0) return null;
      const report: CpuReport = {
        serverCpuUsPerRequest: Math.round((server * 1e6) / requests),
        serverCpuCores: Math.round((server / seconds) * 100) / 100,
      };
      if (start.busy !== null && end.busy !== null) {
        let mine = 0;
        for (const [pid, before] of start.perPid) {
          const after = end.perPid.get(pid);
          if (after !== undefined) mine += after - before;
        }
        report.otherCpuCores = Math.max(0, Math.round(((end.busy - start.busy - mine) / seconds) * 100) / 100);
      }
      return report;
    },
  };
}
