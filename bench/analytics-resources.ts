// The server process's CPU and resident memory over a bench run, read from /proc every second, beside
// the bench client's own CPU and how busy the machine's cores were: the three share this machine, so
// who held a run back is read from all of them (docs/analytics.md "Benchmark").
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { maxOf } from './extremes.ts';

const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

interface Sample {
  at: number;
  cpuSeconds: number;
  rssMb: number;
  /** The bench client's own CPU (this process, every thread). */
  clientSeconds: number;
  /** The machine's busy and total CPU time since boot, all cores (/proc/stat). */
  machineBusy: number;
  machineTotal: number;
}

/** The machine's CPU time in ticks: busy (not idle, not waiting for I/O) and total. */
function machineTicks(): { busy: number; total: number } {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
}

/** The server processes' CPU and RSS, summed (one process, or every instance of a scaled-out run). */
function read(pids: readonly number[]): Sample | null {
  try {
    let cpuSeconds = 0;
    let rssKb = 0;
    for (const pid of pids) {
      // Fields after the command (which may hold spaces): utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpuSeconds += (Number(fields[11]) + Number(fields[12])) / TICKS;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      rssKb += rss ? Number(rss[1]) : Number.NaN;
    }
    const own = process.cpuUsage();
    const machine = machineTicks();
    return {
      at: Date.now(),
      cpuSeconds,
      rssMb: rssKb / 1024,
      clientSeconds: (own.user + own.system) / 1e6,
      machineBusy: machine.busy,
      machineTotal: machine.total,
    };
  } catch {
    return null;
  }
}

/** Mean CPU over the run, in % of one core; `machine` in % of all the machine's cores. */
export interface CpuShares {
  server: number;
  client: number;
  machine: number;
  /** The share of the run's seconds (in %) in which the machine's cores were at least 95 % busy: the
   * plan's steps come in bursts, so a mean under 90 % can hide a machine that was full in each of them. */
  saturated: number;
  cores: number;
}

export interface ResourceStats {
  /** The printed lines, whether the RSS stayed flat, and the CPU shares. */
  describe(rssBeforeMb: number): { line: string; cpuLine: string; flat: boolean; cpu: CpuShares };
}

export class ResourceSampler {
  private readonly samples: Sample[] = [];
  private timer: NodeJS.Timeout | null = null;

  /** `pids`: the server's process, or each instance's when the run scales out (their sums). */
  constructor(private readonly pids: readonly number[]) {}

  start(): void {
    const first = read(this.pids);
    if (first) this.samples.push(first);
    this.timer = setInterval(() => {
      const sample = read(this.pids);
      if (sample) this.samples.push(sample);
    }, 1000);
    this.timer.unref();
  }

  rssNowMb(): number {
    return read(this.pids)?.rssMb ?? Number.NaN;
  }

  stop(): ResourceStats {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const samples = [...this.samples];
    return {
      describe: (rssBeforeMb) => describe(samples, rssBeforeMb),
    };
  }
}

/**
 * CPU (average and the busiest second) and RSS: at start, after the first view (the enrichment
 * tables are in), the peak, the end, every 20 s, the slope of a least-squares line over the second
 * half of the run, and the highest RSS of its middle and last thirds. Flat: the last third's peak is
 * no more than 5 % above the middle third's (a garbage-collected heap and PGlite's buffers move in a
 * saw-tooth; a leak raises each peak), or the second half's trend is under 1 MB a minute.
 */
function describe(
  samples: Sample[],
  rssBeforeMb: number,
): { line: string; cpuLine: string; flat: boolean; cpu: CpuShares } {
  const cores = availableParallelism();
  if (samples.length < 3) {
    const none = {
      server: Number.NaN,
      client: Number.NaN,
      machine: Number.NaN,
      saturated: Number.NaN,
      cores,
    };
    return { line: 'server process: not sampled', cpuLine: '', flat: false, cpu: none };
  }
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  const wall = (last.at - first.at) / 1000;
  const cpu = ((last.cpuSeconds - first.cpuSeconds) / wall) * 100;
  let busiest = 0;
  let full = 0;
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1]!;
    const b = samples[i]!;
    busiest = Math.max(busiest, ((b.cpuSeconds - a.cpuSeconds) / ((b.at - a.at) / 1000)) * 100);
    if ((b.machineBusy - a.machineBusy) / (b.machineTotal - a.machineTotal) >= 0.95) full++;
  }
  const peak = maxOf(samples.map((x) => x.rssMb));
  const half = samples.slice(Math.floor(samples.length / 2));
  const mx = half.reduce((acc, x) => acc + x.at, 0) / half.length;
  const my = half.reduce((acc, x) => acc + x.rssMb, 0) / half.length;
  const slope =
    half.reduce((acc, x) => acc + (x.at - mx) * (x.rssMb - my), 0) /
    Math.max(
      1,
      half.reduce((acc, x) => acc + (x.at - mx) ** 2, 0),
    );
  const perMinute = slope * 60_000;
  const third = Math.floor(samples.length / 3);
  const middlePeak = maxOf(samples.slice(third, 2 * third).map((x) => x.rssMb));
  const lastPeak = maxOf(samples.slice(2 * third).map((x) => x.rssMb));
  const flat = lastPeak <= middlePeak * 1.05 || perMinute < 1;
  const every: string[] = [];
  for (let t = first.at; t <= last.at; t += 20_000) {
    const x = samples.find((y) => y.at >= t);
    if (x) every.push(`${Math.round(x.rssMb)}`);
  }
  const mb = (x: number) => `${Math.round(x)} MB`;
  const line =
    `server process: CPU ${cpu.toFixed(0)} % of one core on average over ${wall.toFixed(0)} s (busiest second ${busiest.toFixed(0)} %); ` +
    `RSS at start ${mb(first.rssMb)}, after the first view ${mb(rssBeforeMb)}, peak ${mb(peak)}, end ${mb(last.rssMb)}; ` +
    `every 20 s: ${every.join(' → ')} MB; second half's trend ${perMinute >= 0 ? '+' : ''}${perMinute.toFixed(1)} MB/min, ` +
    `peak of the middle third ${mb(middlePeak)}, of the last ${mb(lastPeak)} ` +
    `(goal flat: ${flat ? 'met' : 'NOT met'})`;
  const shares: CpuShares = {
    server: cpu,
    client: ((last.clientSeconds - first.clientSeconds) / wall) * 100,
    machine: ((last.machineBusy - first.machineBusy) / (last.machineTotal - first.machineTotal)) * 100,
    saturated: (full / (samples.length - 1)) * 100,
    cores,
  };
  // What the server and the client leave of the machine's busy time: PostgreSQL, the kernel's
  // loopback network, anything else running.
  const rest = shares.machine * cores - shares.server - shares.client;
  const cpuLine =
    `CPU over the same ${wall.toFixed(0)} s: the machine's ${cores} cores ${shares.machine.toFixed(0)} % busy ` +
    `(at least 95 % in ${shares.saturated.toFixed(0)} % of the seconds); ` +
    `of one core: server ${shares.server.toFixed(0)} %, bench client ${shares.client.toFixed(0)} %, ` +
    `the rest (PostgreSQL, the kernel, other work) ${rest.toFixed(0)} %`;
  return { line, cpuLine, flat, cpu: shares };
}
