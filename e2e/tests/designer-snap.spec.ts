import type { Page } from '@playwright/test';
import { emptyScreenDocument } from '@hmi/domain';
import { test, expect } from '../support/fixtures.ts';
import { apiLogin, createActiveAccount, openSignedIn, type Account } from '../support/accounts.ts';
import { api } from '../support/devices.ts';

/**
 * The designer's canvas under the pointer (issue 26): a widget dropped a few px off another
 * widget's edge or centre lands exactly on it, with a guide line shown while it is held
 * there; two widgets selected by shift-click move, resize and turn together as one group (the
 * group's box snapping like one widget's), each gesture one undo step. Each test opens a screen
 * of its own (seeded through the API, never saved), with the grid snap off so that only the
 * widgets and the screen's edges and centre lines attract.
 */
let account: Account;
const screens: number[] = [];

/** Design px (the screen is 1920 x 1080): `a` and `c` are dragged, `b` and `d` attract. */
const WIDGETS = [
  { id: 'a', x: 100, y: 100, w: 120, h: 60 },
  { id: 'c', x: 100, y: 250, w: 80, h: 40 },
  { id: 'b', x: 800, y: 600, w: 120, h: 60 },
  { id: 'd', x: 1400, y: 100, w: 200, h: 100 },
];

// The main server global setup started (the fixtures' mainUrl is per test).
test.beforeAll(async () => {
  const mainUrl = process.env.E2E_URL ?? '';
  account = await createActiveAccount(mainUrl, process.env.E2E_DATA_DIR ?? '');
  const { token } = await apiLogin(mainUrl, account);
  const project = await api<{ id: number }>(mainUrl, token, 'POST', '/project/add', { name: 'Snap' });
  const document = {
    ...emptyScreenDocument(),
    widgets: WIDGETS.map((w, z) => ({ ...w, type: 'label', z, props: { text: w.id.toUpperCase() } })),
  };
  for (let i = 0; i < 5; i++) {
    const screen = await api<{ id: number }>(mainUrl, token, 'POST', '/project/screen/add', {
      project_id: project.id,
      name: `Snap ${i + 1}`,
      document,
    });
    screens.push(screen.id);
  }
});

interface Geometry {
  x: number;
  y: number;
  w: number;
  h: number;
  rotation: number;
}

/** A widget's geometry as the canvas draws the document (its box's inline style, design px). */
const geometry = (page: Page, id: string): Promise<Geometry> =>
  page.getByTestId(`designer-box-${id}`).evaluate((el: HTMLElement) => ({
    x: parseFloat(el.style.left),
    y: parseFloat(el.style.top),
    w: parseFloat(el.style.width),
    h: parseFloat(el.style.height),
    rotation: Number(/rotate\((-?[\d.]+)deg\)/.exec(el.style.transform)?.[1] ?? 0),
  }));

/** Maps design px to the page's px (the stage is scaled by the zoom that fits it). */
async function stageMap(page: Page) {
  const s = (await page.getByTestId('designer-stage').boundingBox())!;
  const k = s.width / 1920;
  return { k, at: (x: number, y: number) => ({ x: s.x + x * k, y: s.y + y * k }) };
}

/** Opens screen `n` of the test with the grid snap off. */
async function openScreen(page: Page, mainUrl: string, n: number) {
  await openSignedIn(page, mainUrl, account, `/device/projectlist/designer?screen=${screens[n]}`);
  await expect(page.getByTestId('designer-box-d')).toBeVisible();
  await page.getByTestId('designer-grid').click();
  await page.locator('.ant-select-item-option', { hasText: 'No grid snap' }).click();
  return stageMap(page);
}

/** Presses at `from`, moves to `to` in steps and stays pressed (page px). */
async function press(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 12 });
}

/** The guide lines a drag shows (DragSnapping: another widget's or the screen's edge or centre line). */
const elementGuides = (page: Page, dir: 'vertical' | 'horizontal') =>
  page.locator(`.designer-guide-${dir}:visible`);

/** Clicks widget `id` at its centre (shift adds it to the selection). */
async function clickWidget(page: Page, id: string, shift = false) {
  const box = (await page.getByTestId(`designer-box-${id}`).boundingBox())!;
  if (shift) await page.keyboard.down('Shift');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  if (shift) await page.keyboard.up('Shift');
}

const selectedRows = (page: Page) => page.locator('.designer-layer-row.is-selected');

test('a widget dropped 2 px off another widget’s edges lands on them, with a guide line', async ({
  page,
  mainUrl,
}) => {
  const { at, k } = await openScreen(page, mainUrl, 0);
  await clickWidget(page, 'a');
  await expect(selectedRows(page)).toHaveCount(1);
  // a (120 wide) to x 802: its left, centre and right are 2 px right of b's (800, 860, 920).
  const from = at(160, 130);
  await press(page, from, { x: from.x + 702 * k, y: from.y + 320 * k });
  const line = elementGuides(page, 'vertical').first();
  await expect(line).toBeVisible();
  // The line stands on b's left edge (drawn at the snapped x).
  const lineBox = (await line.boundingBox())!;
  expect(Math.abs(lineBox.x - at(800, 0).x)).toBeLessThan(1.5);
  await page.mouse.up();
  // Exactly on b's edges across; along, where the pointer went (mouse events are in whole page
  // px, about 2 design px at the zoom that fits the screen).
  await expect.poll(() => geometry(page, 'a')).toMatchObject({ x: 800, w: 120, h: 60, rotation: 0 });
  expect(Math.abs((await geometry(page, 'a')).y - 420)).toBeLessThanOrEqual(2);
  await expect(elementGuides(page, 'vertical')).toHaveCount(0);
});

test('a widget dropped 2 px off another widget’s centre line lands on it', async ({ page, mainUrl }) => {
  const { at, k } = await openScreen(page, mainUrl, 1);
  await clickWidget(page, 'a');
  // a's centre to x 1502, 2 px right of d's (1400 + 200 / 2); its edges stay 40 px from d's.
  const from = at(160, 130);
  await press(page, from, { x: from.x + 1342 * k, y: from.y + 300 * k });
  const line = elementGuides(page, 'vertical').first();
  await expect(line).toBeVisible();
  expect(Math.abs((await line.boundingBox())!.x - at(1500, 0).x)).toBeLessThan(1.5);
  await page.mouse.up();
  await expect.poll(() => geometry(page, 'a')).toMatchObject({ x: 1440, w: 120, h: 60, rotation: 0 });
  expect(Math.abs((await geometry(page, 'a')).y - 400)).toBeLessThanOrEqual(2);
});

test('two widgets dragged as a group move by the same amount, snap as one box, undo in one step', async ({
  page,
  mainUrl,
}) => {
  const { at, k } = await openScreen(page, mainUrl, 2);
  await clickWidget(page, 'a');
  await clickWidget(page, 'c', true);
  await expect(selectedRows(page)).toHaveCount(2);
  // The group's box (100..220 wide) to x 802: its edges and centre 2 px right of b's.
  const from = at(160, 130);
  await press(page, from, { x: from.x + 702 * k, y: from.y });
  await expect(elementGuides(page, 'vertical').first()).toBeVisible();
  await page.mouse.up();
  await expect.poll(() => geometry(page, 'a')).toEqual({ x: 800, y: 100, w: 120, h: 60, rotation: 0 });
  expect(await geometry(page, 'c')).toEqual({ x: 800, y: 250, w: 80, h: 40, rotation: 0 });

  // One step: one undo puts both back and leaves nothing to undo; redo moves both again.
  await page.getByTestId('designer-undo').click();
  await expect.poll(() => geometry(page, 'a')).toMatchObject({ x: 100, y: 100 });
  expect(await geometry(page, 'c')).toMatchObject({ x: 100, y: 250 });
  await expect(page.getByTestId('designer-undo')).toBeDisabled();
  await page.getByTestId('designer-redo').click();
  await expect.poll(() => geometry(page, 'a')).toMatchObject({ x: 800, y: 100 });
  expect(await geometry(page, 'c')).toMatchObject({ x: 800, y: 250 });
});

/** Whether two geometries agree to `tol` px (and a degree). */
function near(actual: Geometry, expected: Geometry, tol = 2) {
  const off = (['x', 'y', 'w', 'h'] as const).filter((key) => Math.abs(actual[key] - expected[key]) > tol);
  if (Math.abs(actual.rotation - expected.rotation) > 1) off.push('rotation' as never);
  return off.length === 0 ? 'near' : JSON.stringify({ actual, expected });
}

test('a group resized by its corner scales its widgets about the opposite corner', async ({
  page,
  mainUrl,
}) => {
  const { at, k } = await openScreen(page, mainUrl, 3);
  await clickWidget(page, 'a');
  await clickWidget(page, 'c', true);
  await expect(selectedRows(page)).toHaveCount(2);
  // The group's box is (100, 100) to (220, 290); its south-east corner dragged to twice that size.
  const handle = page.locator('.moveable-control.moveable-direction.moveable-se');
  await expect(handle).toHaveCount(1);
  const corner = at(220, 290);
  await press(page, corner, { x: corner.x + 120 * k, y: corner.y + 190 * k });
  await page.mouse.up();
  await expect
    .poll(async () => near(await geometry(page, 'a'), { x: 100, y: 100, w: 240, h: 120, rotation: 0 }))
    .toBe('near');
  expect(near(await geometry(page, 'c'), { x: 100, y: 400, w: 160, h: 80, rotation: 0 })).toBe('near');
  await page.getByTestId('designer-undo').click();
  await expect.poll(() => geometry(page, 'c')).toEqual({ x: 100, y: 250, w: 80, h: 40, rotation: 0 });
  expect(await geometry(page, 'a')).toEqual({ x: 100, y: 100, w: 120, h: 60, rotation: 0 });
});

test('a group turned by its rotation handle turns its widgets about the group’s centre', async ({
  page,
  mainUrl,
}) => {
  const { at } = await openScreen(page, mainUrl, 4);
  await clickWidget(page, 'a');
  await clickWidget(page, 'c', true);
  await expect(selectedRows(page)).toHaveCount(2);
  // A quarter turn clockwise about the group's centre (160, 195): from the handle above it to
  // the same distance on its right.
  const knob = (await page.locator('.moveable-rotation-control').boundingBox())!;
  const grip = { x: knob.x + knob.width / 2, y: knob.y + knob.height / 2 };
  const centre = at(160, 195);
  const r = centre.y - grip.y;
  await page.mouse.move(grip.x, grip.y);
  await page.mouse.down();
  for (let deg = 10; deg <= 90; deg += 10) {
    const rad = (deg * Math.PI) / 180;
    await page.mouse.move(centre.x + r * Math.sin(rad), centre.y - r * Math.cos(rad), { steps: 2 });
  }
  await page.mouse.up();
  // a's centre (160, 130) turns to (225, 195), c's (140, 270) to (85, 175).
  await expect
    .poll(async () => near(await geometry(page, 'a'), { x: 165, y: 165, w: 120, h: 60, rotation: 90 }))
    .toBe('near');
  expect(near(await geometry(page, 'c'), { x: 45, y: 155, w: 80, h: 40, rotation: 90 })).toBe('near');
});
