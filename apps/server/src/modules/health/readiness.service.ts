import type { ReadyReply } from '@hmi/domain';

/** The parts a server needs to take work, each as the small check its adapter offers. */
export interface ReadinessParts {
  /** Resolves when the database answers (`select 1`). */
  db: () => Promise<void>;
  /** The MQTT link: the embedded broker listens, or the client is connected to MQTT_URL. */
  mqtt: () => boolean;
  /** Resolves when the bus answers (in process: at once; BUS_URL: its connection). */
  bus: () => Promise<void>;
}

export type ReadyPart = keyof ReadinessParts;

/** How long a check may take before its part counts as down (a hung pool or reconnecting client). */
const CHECK_TIMEOUT_MS = 2_000;

/** Resolves true when `check` settles well in time, false when it fails or hangs. */
async function answers(check: () => Promise<void> | boolean, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
  });
  const run = (async () => {
    const result = await check();
    return result !== false;
  })().catch(() => false);
  try {
    return await Promise.race([run, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Readiness (GET /v1/ready, /ready): whether this server can take work now, as opposed to
 * liveness (GET /v1/health: the process answers). Every part is checked at once, each bounded
 * by a timeout, and the reply names those that are down.
 */
export class ReadinessService {
  constructor(
    private readonly parts: ReadinessParts,
    private readonly timeoutMs = CHECK_TIMEOUT_MS,
  ) {}

  async check(): Promise<ReadyReply> {
    const names = Object.keys(this.parts) as ReadyPart[];
    const results = await Promise.all(names.map((n) => answers(this.parts[n], this.timeoutMs)));
    const checks = Object.fromEntries(
      names.map((n, i) => [n, results[i] ? 'ok' : 'down']),
    ) as ReadyReply['checks'];
    return { status: results.every(Boolean) ? 'ready' : 'not_ready', checks };
  }
}

/** The parts of a reply that are down, in order (db, mqtt, bus). */
export const downParts = (reply: ReadyReply): ReadyPart[] =>
  (Object.keys(reply.checks) as ReadyPart[]).filter((n) => reply.checks[n] === 'down');
