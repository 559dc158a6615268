/** Latency statistics and machine description shared by the benchmarks. */
import { availableParallelism, cpus } from 'node:os';
import { readFileSync } from 'node:fs';

export interface Summary {
  n: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of ascending `sorted` (p in 0..100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    mean: sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/** Milliseconds with two decimals. */
export const ms = (v: number) => v.toFixed(2);

/** One line naming the machine: nproc, CPU model, Node version, date (UTC). */
export function machineLine(): string {
  let model = cpus()[0]?.model ?? 'unknown CPU';
  try {
    model = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? model;
  } catch {
    // not Linux: keep os.cpus()
  }
  return `machine: ${availableParallelism()} CPU(s), ${model}, Node ${process.version}, ${new Date().toISOString()}`;
}
