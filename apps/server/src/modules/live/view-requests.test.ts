import { describe, expect, it } from 'vitest';
import type { SubscriptionChange } from './subscription.ts';
import { ViewRequests } from './view-requests.ts';

/* A device data socket's subscribe and switch_page requests: one at a time, the latest wins. */

/** Requests with an apply that waits until `finish()` (the database work of a page switch). */
function harness() {
  const applied: SubscriptionChange[] = [];
  const errors: unknown[] = [];
  let finish: (err?: Error) => void = () => undefined;
  let running = 0;
  let overlap = false;
  const requests = new ViewRequests(
    (r) => {
      applied.push(structuredClone(r));
      if (++running > 1) overlap = true;
      return new Promise<void>((resolve, reject) => {
        finish = (err) => {
          running--;
          if (err) reject(err);
          else resolve();
        };
      });
    },
    (err) => errors.push(err),
  );
  return { requests, applied, errors, finish: (err?: Error) => finish(err), overlap: () => overlap };
}

/** Lets a few turns of the event loop (setImmediate, promise callbacks) run. */
async function turn() {
  for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
}

describe('ViewRequests', () => {
  it('works a burst of page switches once, with the last page', async () => {
    const h = harness();
    for (let page = 0; page < 1_000; page++) h.requests.switchPage(page);
    expect(h.applied).toEqual([]); // nothing is worked in the message's own turn
    await turn();
    expect(h.applied).toEqual([{ page: 999 }]);
  });

  it('runs one request at a time; those arriving meanwhile fold into one, the latest winning', async () => {
    const h = harness();
    h.requests.switchPage(1);
    await turn();
    h.requests.switchPage(2);
    h.requests.switchPage(3);
    await turn();
    expect(h.applied).toEqual([{ page: 1 }]);
    h.finish();
    await turn();
    expect(h.applied).toEqual([{ page: 1 }, { page: 3 }]);
    h.finish();
    await turn();
    expect(h.applied).toHaveLength(2);
    expect(h.overlap()).toBe(false);
  });

  it('folds subscribe and switch_page in order of arrival', async () => {
    const h = harness();
    h.requests.subscribe({ pageDevices: [1, 2], pageSize: 10 });
    h.requests.switchPage(4);
    await turn();
    expect(h.applied.at(-1)).toEqual({ pageDevices: [1, 2], pageSize: 10, page: 4 });
    h.finish();
    // A subscribe without a page keeps the page switched to before it; with one, it wins.
    h.requests.switchPage(5);
    h.requests.subscribe({ pageDevices: [3], pageSize: 20 });
    await turn();
    expect(h.applied.at(-1)).toEqual({ pageDevices: [3], pageSize: 20, page: 5 });
    h.finish();
    h.requests.switchPage(6);
    h.requests.subscribe({ pageDevices: [3], pageSize: 20, page: 0 });
    await turn();
    expect(h.applied.at(-1)).toEqual({ pageDevices: [3], pageSize: 20, page: 0 });
    h.finish();
    // A refresh works the current view again; it never undoes a waiting request.
    h.requests.refresh();
    await turn();
    expect(h.applied.at(-1)).toEqual({});
    h.requests.switchPage(7);
    h.requests.refresh();
    h.finish();
    await turn();
    expect(h.applied.at(-1)).toEqual({ page: 7 });
  });

  it('reports a failed request and goes on with the next; nothing runs after close', async () => {
    const h = harness();
    h.requests.switchPage(1);
    await turn();
    h.requests.switchPage(2);
    h.finish(new Error('database gone'));
    await turn();
    expect(h.errors).toEqual([new Error('database gone')]);
    expect(h.applied).toEqual([{ page: 1 }, { page: 2 }]);
    h.requests.switchPage(3);
    h.requests.close();
    h.finish();
    await turn();
    h.requests.switchPage(4);
    await turn();
    expect(h.applied).toEqual([{ page: 1 }, { page: 2 }]);
  });
});
