// Upload throughput (docs/storage.md "Upload bench"): a 1 GiB file through the chunked protocol (128 MiB
// chunks, SPEC §9) against one plain streamed POST of the same bytes (simple mode: the same multipart parsing
// and disk writes, no Content-Range), both on loopback to the real server started as `npm start` does
// (bin/serve), and the server's peak RSS meanwhile (sampled from /proc/<pid>/status). Goals: ratio ≥ 0.9,
// memory flat and under 200 MB. Asserts nothing. Run alone: `node --import tsx bench/uploads.ts`; with
// BENCH_DATABASE_URL (a scratch PostgreSQL database) the server runs on it instead of embedded PGlite.
// With `storage: 's3'` (BENCH_STORAGE=s3 alone) the server keeps the uploads in a bucket of a real S3
// server on loopback (s3rver, server/test/s3-server.ts) instead of its disk (goal within 20 %
// of the disk's throughput, RSS flat). s3rver runs in a child process of its own
// (bench/s3rver-process.ts), never in this bench's process: an S3 service is never in the client's
// process, so the measured server competes only with the S3 server, as in a real deployment, and the
// bench's HTTP client does not share an event loop with s3rver's hashing and file writes. The S3 server's
// CPU per run is printed beside the server's. BENCH_UPLOAD_MB sets the file size (1024 by default).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { minOf } from './extremes.ts';
import { serverCommand } from './server-bundle.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const MiB = 1024 * 1024;
const FILE_BYTES = 1024 * MiB;
/** SPEC §9: 128 MB chunks for files of 1 GB or more. */
const CHUNK_BYTES = 128 * MiB;
// The seeded demo data (server/src/db/seed.ts).
const OWNER = { login: 'owner@palco.test', password: 'palco123' };
const DEMO_ACCOUNT = 'a0000000-0000-4000-8000-000000000002';
const GOALS = { ratio: 0.9, rssMB: 200 };
/** Plain (P) and chunked (C) runs, interleaved. */
const ORDER = ['P', 'C', 'C', 'P', 'P', 'C', 'C', 'P'] as const;

export interface UploadBenchResult {
  fileBytes: number;
  /** Server CPU seconds of the cheapest run of each mode. */
  plainCpuSeconds: number;
  chunkedCpuSeconds: number;
  chunkedMBps: number;
  plainMBps: number;
  /** Median over adjacent (plain, chunked) pairs of runs: each pair ran under the same conditions. */
  ratio: number;
  /** Best plain run over best chunked run. */
  bestRatio: number;
  peakRssMB: number;
  idleRssMB: number;
}

const log = (line = '') => process.stdout.write(`${line}\n`);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function startServer(
  dataDir: string,
  port: number,
  databaseUrl: string,
  storageEnv: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(serverCommand(), [], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      INGEST_PORT: 'off',
      STATIC_DIR: join(dataDir, 'no-console'),
      ...storageEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function rssMB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kB = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
  return kB / 1024;
}

/** CPU seconds (user + system) the process has used: a figure other load on the machine cannot skew. */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Samples the RSS of `pid` every 25 ms until stopped; answers the peak. */
function sampleRss(pid: number): { stop(): Promise<number> } {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await rssMB(pid).catch(() => 0));
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}

/** A file of random bytes (incompressible, so nothing along the way can cheat). */
async function makeFile(path: string, bytes: number): Promise<void> {
  const handle = await open(path, 'w');
  try {
    const block = 16 * MiB;
    for (let at = 0; at < bytes; at += block) {
      await handle.write(randomBytes(Math.min(block, bytes - at)), 0, undefined, at);
    }
  } finally {
    await handle.close();
  }
}

/** One multipart POST streaming bytes [start, end] of the file from disk. */
function postFile(
  url: string,
  token: string,
  path: string,
  range: { start: number; end: number; total: number } | null,
  size: number,
): Promise<{ status: number; body: string }> {
  const boundary = `palcobench${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const start = range?.start ?? 0;
  const end = range?.end ?? size - 1;
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': String(head.length + (end - start + 1) + tail.length),
  };
  if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${range.total}`;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.write(head);
    const source = createReadStream(path, { start, end, highWaterMark: MiB });
    source.on('error', reject);
    source.on('end', () => req.end(tail));
    source.pipe(req, { end: false });
  });
}

/** s3rver in its own process (bench/s3rver-process.ts); answers once it listens. */
export async function startS3Process(
  bucket: string,
): Promise<{ endpoint: string; bucket: string; pid: number; close(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/s3rver-process.ts'), bucket], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const end = out.indexOf('\n');
      if (end >= 0) resolve(out.slice(0, end));
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
    child.once('error', reject);
  });
  const { endpoint } = JSON.parse(line) as { endpoint: string };
  return {
    endpoint,
    bucket,
    pid: child.pid!,
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function runUploadBench(
  options: { fileBytes?: number; databaseUrl?: string; storage?: 'disk' | 's3' } = {},
): Promise<UploadBenchResult> {
  const wantedMB = Number(process.env.BENCH_UPLOAD_MB);
  const fileBytes = options.fileBytes ?? (wantedMB > 0 ? wantedMB * MiB : FILE_BYTES);
  const storage = options.storage ?? (process.env.BENCH_STORAGE === 's3' ? 's3' : 'disk');
  const databaseUrl = options.databaseUrl ?? process.env.BENCH_DATABASE_URL ?? '';
  const work = await mkdtemp(join(tmpdir(), 'palco-upload-bench-'));
  const dataDir = join(work, 'data');
  const file = join(work, 'source.bin');
  let server: ChildProcess | undefined;
  const s3 = storage === 's3' ? await startS3Process('palco-bench') : null;
  try {
    log(
      `upload bench (${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, media on ${s3 ? 'S3 (s3rver on loopback, its own process)' : 'the disk'}): generating ${(fileBytes / MiB).toFixed(0)} MiB of random bytes…`,
    );
    await makeFile(file, fileBytes);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const storageEnv: Record<string, string> = s3
      ? {
          STORAGE: 's3',
          S3_BUCKET: s3.bucket,
          S3_ENDPOINT: s3.endpoint,
          S3_FORCE_PATH_STYLE: 'true',
          AWS_ACCESS_KEY_ID: 'S3RVER',
          AWS_SECRET_ACCESS_KEY: 'S3RVER',
        }
      : {};
    server = await startServer(dataDir, port, databaseUrl, storageEnv);
    const pid = server.pid!;

    const { Token: token } = await json<{ Token: string }>(
      await fetch(`${base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(OWNER),
      }),
    );
    const auth = { authorization: `Bearer ${token}` };
    const createVideo = async (title: string) =>
      (
        await json<{ videoId: string }>(
          await fetch(`${base}/v1/contents?accountId=${DEMO_ACCOUNT}`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ title, directoryId: null, accountId: DEMO_ACCOUNT }),
          }),
        )
      ).videoId;
    const removeVideo = (videoId: string) =>
      fetch(`${base}/v1/videos/${videoId}?accountId=${DEMO_ACCOUNT}`, { method: 'DELETE', headers: auth });

    /** One plain streamed POST of the whole file (simple mode); answers seconds. */
    const plainRun = async () => {
      const videoId = await createVideo('bench plain');
      const started = performance.now();
      const res = await postFile(
        `${base}/v1/videos/${videoId}/source?accountId=${DEMO_ACCOUNT}`,
        token,
        file,
        null,
        fileBytes,
      );
      const seconds = (performance.now() - started) / 1000;
      if (res.status !== 202) throw new Error(`plain upload: ${res.status} ${res.body}`);
      await removeVideo(videoId);
      return seconds;
    };
    /** The chunked protocol on the upload host; answers seconds. */
    const chunkedRun = async () => {
      const videoId = await createVideo('bench chunked');
      const started = performance.now();
      for (let start = 0; start < fileBytes; start += CHUNK_BYTES) {
        const end = Math.min(fileBytes, start + CHUNK_BYTES) - 1;
        const res = await postFile(
          `${base}/upload/v1/videos/${videoId}/source?accountId=${DEMO_ACCOUNT}`,
          token,
          file,
          { start, end, total: fileBytes },
          fileBytes,
        );
        const expected = end === fileBytes - 1 ? 202 : 201;
        if (res.status !== expected) throw new Error(`chunk at ${start}: ${res.status} ${res.body}`);
      }
      const seconds = (performance.now() - started) / 1000;
      await removeVideo(videoId);
      return seconds;
    };

    const idleRssMB = await rssMB(pid);
    const sampler = sampleRss(pid);
    // Interleaved (ORDER) so neither mode profits from going first or from a quiet moment of a shared
    // machine. The ratio is the median over adjacent pairs (P C)(C P)…: the page cache and other load
    // on this machine swing single runs by ±30 %, a pair shares its conditions.
    const rssAfter: number[] = [];
    const cpu = { plain: [] as number[], chunked: [] as number[] };
    const s3Cpu: number[] = [];
    const measured = async (run: () => Promise<number>) => {
      // The previous run's dirty pages are written out first, so no run pays for another's.
      execFileSync('sync');
      const before = await cpuSeconds(pid);
      const s3Before = s3 ? await cpuSeconds(s3.pid) : 0;
      const seconds = await run();
      (run === plainRun ? cpu.plain : cpu.chunked).push((await cpuSeconds(pid)) - before);
      if (s3) s3Cpu.push((await cpuSeconds(s3.pid)) - s3Before);
      rssAfter.push(await rssMB(pid));
      return seconds;
    };
    // One run of each first, not counted: the server's first upload loads and compiles its code.
    await plainRun();
    await chunkedRun();
    const warmRssMB = await rssMB(pid);
    const plainTimes: number[] = [];
    const chunkedTimes: number[] = [];
    for (const mode of ORDER) {
      if (mode === 'P') plainTimes.push(await measured(plainRun));
      else chunkedTimes.push(await measured(chunkedRun));
    }
    const peakRssMB = await sampler.stop();
    const plainSeconds = minOf(plainTimes);
    const chunkedSeconds = minOf(chunkedTimes);

    const mbps = (seconds: number) => fileBytes / MiB / seconds;
    const result: UploadBenchResult = {
      fileBytes,
      plainCpuSeconds: minOf(cpu.plain),
      chunkedCpuSeconds: minOf(cpu.chunked),
      chunkedMBps: mbps(chunkedSeconds),
      plainMBps: mbps(plainSeconds),
      ratio: median(plainTimes.map((plain, i) => plain / chunkedTimes[i]!)),
      bestRatio: plainSeconds / chunkedSeconds,
      peakRssMB,
      idleRssMB,
    };
    const runs = (times: number[]) => times.map((t) => `${t.toFixed(1)} s`).join(', ');
    log(`  plain streamed POST   ${result.plainMBps.toFixed(0)} MiB/s (best of ${runs(plainTimes)})`);
    log(
      `  chunked (${CHUNK_BYTES / MiB} MiB)    ${result.chunkedMBps.toFixed(0)} MiB/s (best of ${runs(chunkedTimes)})`,
    );
    log(
      `  ratio chunked/plain   ${result.ratio.toFixed(2)} median of the ${plainTimes.length} adjacent pairs (${plainTimes.map((plain, i) => (plain / chunkedTimes[i]!).toFixed(2)).join(', ')}); best/best ${result.bestRatio.toFixed(2)} (goal ≥ ${GOALS.ratio}) ${result.ratio >= GOALS.ratio ? 'ok' : 'BELOW GOAL'}`,
    );
    log(
      `  server RSS            idle ${idleRssMB.toFixed(0)} MB, after the first two uploads ${warmRssMB.toFixed(0)} MB, peak ${peakRssMB.toFixed(0)} MB (goal: flat, < ${GOALS.rssMB} MB) ${peakRssMB < GOALS.rssMB ? 'ok' : 'ABOVE GOAL'}`,
    );
    const cpuText = (list: number[]) => list.map((c) => `${c.toFixed(1)} s`).join(', ');
    log(`  server CPU per run    plain ${cpuText(cpu.plain)}; chunked ${cpuText(cpu.chunked)}`);
    if (s3) {
      const perMiB = (s3Cpu.reduce((a, b) => a + b, 0) / s3Cpu.length / (fileBytes / MiB)) * 1000;
      log(
        `  s3rver CPU per run    ${cpuText(s3Cpu)} (${ORDER.join(' ')}); ${perMiB.toFixed(1)} ms per MiB, so at most ${(1000 / perMiB).toFixed(0)} MiB/s on one core`,
      );
    }
    log(
      `  RSS after each run    ${rssAfter.map((mb) => `${mb.toFixed(0)} MB`).join(', ')} (${ORDER.join(' ')})`,
    );
    if (!databaseUrl && peakRssMB >= GOALS.rssMB) {
      log(
        '  (on embedded PGlite the database engine lives in the server process, its buffer cache and compiled code included: docs/server.md "Memory"; BENCH_DATABASE_URL=<scratch PostgreSQL database> measures the server without it)',
      );
    }
    return result;
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(work, { recursive: true, force: true });
    await s3?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runUploadBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
