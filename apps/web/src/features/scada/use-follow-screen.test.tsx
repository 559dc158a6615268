import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useFollowScreen } from './use-follow-screen.ts';

/* A running screen reads itself again when the project's summary names a newer version. */

let root: Root | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
});

function Probe(props: { shown?: { version: number }; latest?: number; refetch: () => unknown }) {
  useFollowScreen(props.shown, props.latest, props.refetch);
  return null;
}

describe('useFollowScreen', () => {
  it('reads the screen again only when the summary names a newer version than the one shown', async () => {
    const refetch = vi.fn();
    root = createRoot(document.createElement('div'));
    const show = (shown: { version: number } | undefined, latest: number | undefined) =>
      act(async () => root!.render(<Probe shown={shown} latest={latest} refetch={refetch} />));
    await show(undefined, 3);
    await show({ version: 3 }, 3);
    expect(refetch).not.toHaveBeenCalled();
    await show({ version: 3 }, 4);
    expect(refetch).toHaveBeenCalledTimes(1);
    // The new version arrived: nothing more to read.
    await show({ version: 4 }, 4);
    // An older summary (read before the save) does not send it back.
    await show({ version: 4 }, 3);
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
