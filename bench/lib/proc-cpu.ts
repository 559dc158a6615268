/**
 * CPU time of the other processes a benchmark drives (Linux /proc): a child server, the broker,
 * and the PostgreSQL backends that serve one client process. Used to split the cost of a data
 * point between the components of the scale-out column (docs/scaling.md).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import pg from 'pg';

let ticksPerSecond: number | undefined;

/** USER_HZ (sysconf(_SC_CLK_TCK)): the unit of utime and stime in /proc/<pid>/stat. */
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** User + system CPU-seconds of a process so far; 0 once it is gone (or off Linux). */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, inside parentheses): utime is field 14.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks();
  } catch {
    return 0;
  }
}

/** The pids of every running process named `comm` (e.g. 'postgres': backends and background workers). */
export function pidsNamed(comm: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === comm) out.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

/** Local TCP ports of `pid`'s sockets connected to `remotePort` (from /proc/<pid>/fd and /proc/net/tcp*). */
function localPortsTo(pid: number, remotePort: number): number[] {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m) inodes.add(m[1]!);
      } catch {
        // closed meanwhile
      }
    }
  } catch {
    return [];
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10) continue;
      const local = Number.parseInt(cols[1]!.split(':')[1]!, 16);
      const remote = Number.parseInt(cols[2]!.split(':')[1]!, 16);
      if (remote === remotePort && inodes.has(cols[9]!)) ports.push(local);
    }
  }
  return ports;
}

/**
 * The PostgreSQL backends serving the connections `clientPids` hold to `databaseUrl`'s server,
 * matched by client port in pg_stat_activity (the connections come and go with the pool, so ask
 * at the start and at the end of a measurement and count both).
 */
export async function postgresBackendsOf(
  databaseUrl: string,
  clientPids: readonly number[],
): Promise<number[]> {
  const port = Number(new URL(databaseUrl).port || 5432);
  const ports = clientPids.flatMap((p) => localPortsTo(p, port));
  if (ports.length === 0) return [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where client_port = any($1::int[])',
      [ports],
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/**
 * CPU-seconds of a set of processes between `start()` and `stop()`: processes that appear in
 * between (a new pool connection's backend) count from zero, those that exit count until their
 * last reading.
 */
export class CpuMeter {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();

  start(pids: readonly number[]): void {
    this.first.clear();
    this.last.clear();
    for (const pid of pids) this.first.set(pid, processCpuSeconds(pid));
  }

  /** Reads `pids` again (adds those not seen at the start); call as often as useful. */
  sample(pids: readonly number[]): void {
    for (const pid of new Set([...pids, ...this.first.keys()])) {
      const now = processCpuSeconds(pid);
      if (now > 0 || !this.last.has(pid)) this.last.set(pid, now);
    }
  }

  /** CPU-seconds used since `start` by every process seen. */
  seconds(): number {
    let total = 0;
    for (const [pid, now] of this.last) total += Math.max(0, now - (this.first.get(pid) ?? 0));
    return total;
  }
}

/** The machine's CPU ticks so far (/proc/stat): busy (all but idle and iowait) and total, for a utilisation. */
export function machineTicks(): { busy: number; total: number } {
  try {
    const cols = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = cols.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: total - cols[3]! - cols[4]!, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}
