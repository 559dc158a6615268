/**
 * Main-thread work of a page in Chromium, read from a DevTools trace (the browser benchmarks of
 * issue 26: bench/scada-runtime.ts, bench/designer-drag.ts), and where the time goes.
 *
 * Why a trace: the Long Animation Frames API reports only frames of 50 ms and more, but the
 * trace's `devtools.timeline` category carries the same monitor's `AnimationFrame` spans for
 * every frame: a frame starts with the first task that led to a rendering update (a socket
 * message, a pointer move) and ends when that update is rendered (the span closes after
 * pre-paint; paint, layerize and the commit to the compositor follow in the same task, so the
 * frame here ends with that task). The work of a frame is the main thread's task time inside it
 * (the `RunTask` events, clipped to it; idle gaps such as the wait for the next vsync are not
 * work): wall time (`dur`, what the page waited for, inflated when the machine preempts the
 * renderer) and thread CPU time (`tdur`, what a quiet machine would take).
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { summarize, type Summary } from '../lib/stats.ts';

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
];

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  /** µs */
  ts: number;
  dur?: number;
  tdur?: number;
  id2?: { local?: string; global?: string };
  args?: Record<string, unknown>;
}

/**
 * Traces the page while `during` runs; the trace's events. With `path` the trace is also written
 * there (DevTools' Performance panel opens it).
 */
export async function traceWhile(
  browser: Browser,
  page: Page,
  during: () => Promise<void>,
  path?: string,
): Promise<TraceEvent[]> {
  await browser.startTracing(page, {
    categories: TRACE_CATEGORIES,
    screenshots: false,
    ...(path ? { path } : {}),
  });
  let buffer: Buffer;
  try {
    await during();
  } finally {
    buffer = await browser.stopTracing();
  }
  const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
}

/** The renderer main thread that ran `markName` (a performance.mark of the page), else the busiest CrRendererMain. */
export function pageMainThread(
  events: readonly TraceEvent[],
  markName?: string,
): { pid: number; tid: number } {
  const mark = markName
    ? events.find((e) => e.name === markName && e.cat.includes('user_timing'))
    : undefined;
  if (mark) return { pid: mark.pid, tid: mark.tid };
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const busy = new Map<string, number>();
  for (const e of events)
    if (e.name === 'RunTask' && mains.has(`${e.pid}:${e.tid}`))
      busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const [key] = [...busy].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!key) throw new Error('no renderer main thread in the trace');
  const [pid, tid] = key.split(':').map(Number) as [number, number];
  return { pid, tid };
}

/** One animation frame of the page's main thread (ms). */
export interface FrameWork {
  /** µs, trace clock */
  start: number;
  end: number;
  /** Main-thread task time inside the frame: wall and thread CPU. */
  busyMs: number;
  cpuMs: number;
  /** The frame's rendering step: rAF callbacks, style and layout, pre-paint, paint, layerize, commit (wall). */
  renderMs: number;
  /** Style, layout and pre-paint (the rest of renderMs: rAF callbacks, paint, layerize, commit). */
  styleLayoutMs: number;
  /** busyMs - renderMs: the tasks that led to the update (event handlers, React's render and commit). */
  scriptMs: number;
  /** The frame's span, idle gaps included (the Long Animation Frames API's `duration`). */
  spanMs: number;
  /** `markName` marks inside the span (the updates this frame rendered). */
  marks: number;
}

const spanKey = (e: TraceEvent) => `${e.name}|${e.id2?.local ?? e.id2?.global ?? ''}`;

/** Pairs the async begin/end events of `names` on the thread: name|id -> [begin, end] (µs). */
function asyncSpans(events: readonly TraceEvent[], names: ReadonlySet<string>) {
  const open = new Map<string, number>();
  const spans = new Map<string, [number, number][]>();
  for (const e of events) {
    if (!names.has(e.name)) continue;
    const key = spanKey(e);
    if (e.ph === 'b') open.set(key, e.ts);
    else if (e.ph === 'e' && open.has(key)) {
      const list = spans.get(key) ?? [];
      list.push([open.get(key)!, e.ts]);
      spans.set(key, list);
      open.delete(key);
    }
  }
  return spans;
}

/** Every animation frame of the thread, in time order, with its work. */
export function animationFrames(
  events: readonly TraceEvent[],
  thread: { pid: number; tid: number },
  markName?: string,
): FrameWork[] {
  const own = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid).sort((a, b) => a.ts - b.ts);
  const tasks = own.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur !== undefined);
  const marks = markName ? own.filter((e) => e.name === markName).map((e) => e.ts) : [];
  const spans = asyncSpans(
    own,
    new Set(['AnimationFrame', 'AnimationFrame::Render', 'AnimationFrame::StyleAndLayout']),
  );
  const within = (name: string, id: string, start: number, end: number) =>
    (spans.get(`${name}|${id}`) ?? [])
      .filter(([b, e]) => b >= start && e <= end)
      .reduce((sum, [b, e]) => sum + (e - b), 0);
  const spansOfFrames = [...spans]
    .filter(([key]) => key.startsWith('AnimationFrame|'))
    .flatMap(([key, list]) =>
      list.map(([start, end]) => ({ id: key.slice('AnimationFrame|'.length), start, end })),
    )
    .sort((a, b) => a.start - b.start);
  const frames: FrameWork[] = [];
  let first = 0;
  for (const { id, start, end: rendered } of spansOfFrames) {
    // Tasks are in start order and frames do not overlap: the tasks ending before this frame are done with.
    while (first < tasks.length && tasks[first]!.ts + tasks[first]!.dur! <= start) first++;
    // The span ends after pre-paint; paint, layerize and the commit follow in the same task.
    let end = rendered;
    for (let i = first; i < tasks.length && tasks[i]!.ts <= rendered; i++)
      end = Math.max(end, tasks[i]!.ts + tasks[i]!.dur!);
    let busy = 0;
    let cpu = 0;
    for (let i = first; i < tasks.length && tasks[i]!.ts < end; i++) {
      const t = tasks[i]!;
      const overlap = Math.min(end, t.ts + t.dur!) - Math.max(start, t.ts);
      if (overlap <= 0) continue;
      busy += overlap;
      cpu += t.dur! > 0 ? ((t.tdur ?? t.dur!) * overlap) / t.dur! : 0;
    }
    const renderSpan = (spans.get(`AnimationFrame::Render|${id}`) ?? []).find(
      ([b, e]) => b >= start && e <= rendered,
    );
    const render = renderSpan ? end - renderSpan[0] : 0;
    frames.push({
      start,
      end,
      busyMs: busy / 1000,
      cpuMs: cpu / 1000,
      renderMs: render / 1000,
      styleLayoutMs: within('AnimationFrame::StyleAndLayout', id, start, rendered) / 1000,
      scriptMs: Math.max(0, busy - render) / 1000,
      spanMs: (end - start) / 1000,
      marks: marks.filter((m) => m >= start && m <= end).length,
    });
  }
  return frames;
}

/** Summaries of frames' work fields. */
export function frameSummary(frames: readonly FrameWork[]) {
  const of = (f: (x: FrameWork) => number): Summary => summarize(frames.map(f));
  return {
    busy: of((f) => f.busyMs),
    cpu: of((f) => f.cpuMs),
    script: of((f) => f.scriptMs),
    render: of((f) => f.renderMs),
    styleLayout: of((f) => f.styleLayoutMs),
    paint: of((f) => f.renderMs - f.styleLayoutMs),
    span: of((f) => f.spanMs),
  };
}

/** The thread's task time (ms, wall) inside [from, to] µs. */
export function busyBetween(
  events: readonly TraceEvent[],
  thread: { pid: number; tid: number },
  from: number,
  to: number,
): number {
  let busy = 0;
  for (const e of events) {
    if (e.pid !== thread.pid || e.tid !== thread.tid || e.name !== 'RunTask' || e.dur === undefined) continue;
    const overlap = Math.min(to, e.ts + e.dur) - Math.max(from, e.ts);
    if (overlap > 0) busy += overlap;
  }
  return busy / 1000;
}

/** The durations (ms: wall, thread CPU) of the thread's dispatches of DOM events of `type` (all listeners). */
export function eventDispatches(
  events: readonly TraceEvent[],
  thread: { pid: number; tid: number },
  type: string,
): { wall: number[]; cpu: number[] } {
  const hits = events.filter(
    (e) =>
      e.pid === thread.pid &&
      e.tid === thread.tid &&
      e.name === 'EventDispatch' &&
      e.ph === 'X' &&
      (e.args?.data as { type?: string } | undefined)?.type === type,
  );
  return {
    wall: hits.map((e) => (e.dur ?? 0) / 1000),
    cpu: hits.map((e) => (e.tdur ?? e.dur ?? 0) / 1000),
  };
}

/** The main thread's time by trace event name inside [from, to] µs (self time: children subtracted). */
export function selfTimeByEvent(
  events: readonly TraceEvent[],
  thread: { pid: number; tid: number },
  from: number,
  to: number,
): Map<string, number> {
  const xs = events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.dur !== undefined)
    .filter((e) => e.ts >= from && e.ts <= to)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: { end: number; name: string }[] = [];
  for (const e of xs) {
    while (stack.length > 0 && stack[stack.length - 1]!.end <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur!);
    self.set(e.name, (self.get(e.name) ?? 0) + e.dur!);
    stack.push({ end: e.ts + e.dur!, name: e.name });
  }
  return new Map([...self].map(([k, v]): [string, number] => [k, v / 1000]).sort((a, b) => b[1] - a[1]));
}

/**
 * Where the page's CPU went while `during` ran (CDP sampling profiler): the functions with the
 * most self time, the script files (chunks) with the most, and the inclusive time of the functions
 * named in `watch` (a minified build mangles most names: a build with `--minify false` keeps them).
 */
export async function topFunctions(
  cdp: CDPSession,
  during: () => Promise<void>,
  options: { count?: number; watch?: readonly string[] } = {},
) {
  const stop = () => cdp.send('Profiler.stop');
  let profile: Awaited<ReturnType<typeof stop>>['profile'];
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  try {
    await during();
  } finally {
    profile = (await stop()).profile;
    await cdp.send('Profiler.disable');
  }
  const self = new Map<number, number>();
  profile.samples?.forEach((node, i) =>
    self.set(node, (self.get(node) ?? 0) + (profile.timeDeltas?.[i] ?? 0)),
  );
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    const f = node.callFrame;
    if (f.functionName === '(idle)') continue;
    total += us;
    const file = f.url
      ? f.url.slice(f.url.lastIndexOf('/') + 1)
      : `(${f.functionName.replace(/[()]/g, '') || 'native'})`;
    const key = f.url
      ? `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`
      : f.functionName;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    byFile.set(file, (byFile.get(file) ?? 0) + us);
  }
  // Inclusive time of watched names: a node's self time counts once for each watched name above it.
  const watch = new Set(options.watch ?? []);
  const inclusive = new Map<string, number>();
  const walk = (id: number, above: ReadonlySet<string>) => {
    const node = nodes.get(id);
    if (!node) return;
    const name = node.callFrame.functionName;
    const here = watch.has(name) && !above.has(name) ? new Set([...above, name]) : above;
    for (const w of here) inclusive.set(w, (inclusive.get(w) ?? 0) + (self.get(id) ?? 0));
    for (const child of node.children ?? []) walk(child, here);
  };
  if (watch.size > 0 && profile.nodes[0]) walk(profile.nodes[0].id, new Set());
  const ranked = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => ({ name, ms: us / 1000, share: total > 0 ? us / total : 0 }));
  return {
    busyMs: total / 1000,
    top: ranked(byFunction, options.count ?? 8),
    files: ranked(byFile, 5),
    watched: ranked(inclusive, watch.size),
  };
}

/** The profile's lines for a report. */
export function profileLines(profile: Awaited<ReturnType<typeof topFunctions>>): string[] {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  return [
    `by script file: ${profile.files.map((f) => `${f.name} ${pct(f.share)}`).join(', ')}`,
    ...profile.top.map((f) => `${pct(f.share)} ${f.ms.toFixed(0)} ms ${f.name}`),
    ...(profile.watched.length > 0
      ? [`inclusive: ${profile.watched.map((f) => `${f.name} ${pct(f.share)}`).join(', ')}`]
      : []),
  ];
}
