import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { stubLayoutApis } from '../testing/layout-stubs.ts';
import { FilterRow } from './FilterRow.tsx';
import { FilterBar } from './FilterBar.tsx';

/* The filter row: filters, then the tools pushed to the end; FilterBar builds on it. */
let root: Root;
let host: HTMLDivElement;

async function render(node: React.ReactNode) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () => root.render(node));
}
const row = () => host.querySelector('.device-filters-row')!;
const classes = (el: Element) => [...el.children].map((c) => c.className);

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubLayoutApis();
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

describe('FilterRow', () => {
  it('is a block with the row: filters only, no spacer without tools', async () => {
    await render(
      <FilterRow>
        <input className="a" />
        <input className="b" />
      </FilterRow>,
    );
    expect(host.firstElementChild!.className).toBe('device-filters');
    expect(classes(row())).toEqual(['a', 'b']);
  });

  it('pushes the tools to the end, and stands alone when not a block', async () => {
    await render(
      <FilterRow block={false} className="tools" extra={<span className="count">3</span>}>
        <input className="a" />
      </FilterRow>,
    );
    expect(host.firstElementChild!.className).toBe('device-filters-row tools');
    expect(classes(row())).toEqual(['a', 'device-filters-spacer', 'count']);
  });

  it('keeps the spacer for a null tool, and shows what goes below the row', async () => {
    await render(
      <FilterRow extra={null} below={<div className="panel" />}>
        <input className="a" />
      </FilterRow>,
    );
    expect(classes(row())).toEqual(['a', 'device-filters-spacer']);
    expect(classes(host.firstElementChild!)).toEqual(['device-filters-row', 'panel']);
  });
});

describe('FilterBar on the row', () => {
  const bar = (compact: boolean, active: number, onReset = vi.fn()) => (
    <FilterBar
      compact={compact}
      lead={<input className="search" />}
      active={active}
      onReset={onReset}
      texts={{ reset: 'Reset', toggle: 'Filters' }}
      testIds={{ toggle: 'toggle', reset: 'reset' }}
    >
      <input className="filter" />
    </FilterBar>
  );

  it('shows the filters and a reset while one is set on wide screens', async () => {
    const onReset = vi.fn();
    await render(bar(false, 1, onReset));
    expect(row().querySelector('.filter')).not.toBeNull();
    await act(async () => host.querySelector<HTMLElement>('[data-testid="reset"]')!.click());
    expect(onReset).toHaveBeenCalledOnce();
  });

  it('puts the filters behind the toggle on phones, into a panel under the row', async () => {
    await render(bar(true, 2));
    expect(host.querySelector('.filter')).toBeNull();
    await act(async () => host.querySelector<HTMLElement>('[data-testid="toggle"]')!.click());
    expect(host.querySelector('.device-filters-panel .filter')).not.toBeNull();
  });
});
