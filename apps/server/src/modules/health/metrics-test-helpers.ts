import { expect } from 'vitest';
import type { TestServer } from '../../../test/test-server.ts';

/** One sample of an exposition: its metric name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const HELP = new RegExp(`^# HELP (${NAME}) .*$`);
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/y;

/**
 * Parses the Prometheus text exposition format (0.0.4) strictly: every line is a HELP, a TYPE or
 * a sample of a metric whose TYPE came first; throws on anything else.
 */
export function parseExposition(text: string): Sample[] {
  const typed = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || HELP.test(line)) continue;
    const type = TYPE.exec(line);
    if (type) {
      typed.set(type[1]!, type[2]!);
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const name = m[1]!;
    const family = name.replace(/_(bucket|sum|count)$/, '');
    if (!typed.has(name) && !typed.has(family)) throw new Error(`a sample without its TYPE: ${line}`);
    const labels: Record<string, string> = {};
    const body = m[2] ?? '';
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < body.length) {
      const l = LABEL.exec(body);
      if (!l) throw new Error(`bad labels: ${line}`);
      labels[l[1]!] = l[2]!;
    }
    // Go's ParseFloat, as Prometheus reads it: NaN and Inf in any case (prom-client prints Nan).
    const raw = m[3]!.toLowerCase();
    const value = /^[+-]?inf$/.test(raw) ? (raw.startsWith('-') ? -Infinity : Infinity) : Number(raw);
    if (Number.isNaN(value) && raw !== 'nan') throw new Error(`bad value: ${line}`);
    samples.push({ name, labels, value });
  }
  return samples;
}

/** The value of the sample of `name` whose labels include `labels` (undefined: none). */
export function valueOf(samples: readonly Sample[], name: string, labels: Record<string, string> = {}) {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    ?.value;
}

/** GET /metrics; `token`: sent as a bearer token. */
export async function getMetrics(server: TestServer, token?: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/metrics`, {
    headers: { ...headers, ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
  });
  // Read to its end here: a reply left unread keeps its connection busy, and closing the server
  // then waits for it (a CI run's afterAll timed out so, under load).
  const body = await res.text();
  return new Response(body, { status: res.status, headers: res.headers });
}

/** Scrapes /metrics (expects 200) and parses it. */
export async function scrape(server: TestServer, token?: string): Promise<Sample[]> {
  const res = await getMetrics(server, token);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(await res.text());
}
