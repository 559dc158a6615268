import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from '@playwright/test';
import { test, expect, HTTP_ERROR_LOG } from '../support/fixtures.ts';
import { apiLogin, createActiveAccount, openSignedIn } from '../support/accounts.ts';
import { api, bindSimulatedDevice, startDeviceServer, type DeviceServer } from '../support/devices.ts';
import type { SimulatedDeviceHandle } from '../../apps/simulator/src/index.ts';

/**
 * A multi-device project end to end (issue 26) against two simulated devices: the project made
 * in the list, a screen designed by drag and drop (lamp, numeric display, trend, a set button,
 * each bound with the binding picker), saved as version 2, run on /scada from the project list
 * with live values, the button's write reaching the device, a recipe applied, and a share link
 * opened without a session in a fresh context, then revoked while it is watched. Own server, so
 * the test knows the embedded broker's port the simulated devices connect to.
 */
let server: DeviceServer;
const sims: SimulatedDeviceHandle[] = [];

test.beforeAll(async () => {
  server = await startDeviceServer();
});
test.afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop().catch(() => undefined)));
  await server?.stop();
});

test.use({ allowConsole: [HTTP_ERROR_LOG] });
// Two live devices, a browser and a server on a shared machine: generous time.
test.describe.configure({ timeout: 180_000 });

const option = (page: Page, text: string | RegExp) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });

/** Opens an antd select and picks the option showing `text` (typed first to search). */
async function pick(page: Page, select: Locator, text: string | RegExp, type?: string) {
  await select.click();
  if (type) await page.keyboard.type(type);
  await option(page, text).first().click();
}

/** Drags a palette item onto the designer's stage at a fraction of the stage's visible box. */
async function dropWidget(page: Page, type: string, fx: number, fy: number) {
  const canvas = page.getByTestId('designer-canvas');
  const c = (await canvas.boundingBox())!;
  const s = (await page.getByTestId('designer-stage').boundingBox())!;
  await page.getByTestId(`designer-palette-${type}`).dragTo(canvas, {
    targetPosition: { x: s.x - c.x + s.width * fx, y: s.y - c.y + s.height * fy },
  });
  await expect(page.getByTestId(`designer-box-${type}-1`)).toBeVisible();
  // The new widget is the selection: the property panel shows it.
  await expect(page.getByTestId('designer-widget-panel')).toContainText(`${type}-1`);
}

/** Binds the selected widget to a device's tag with the binding picker. */
async function bindSelected(page: Page, prefix: string, device: string, tag: string) {
  await pick(page, page.getByTestId(`${prefix}-device`), device);
  await pick(page, page.getByTestId(`${prefix}-tag`), new RegExp(`^${tag}`));
}

test('a project of two simulated devices: designed, run live, written, recipe, share link', async ({
  page,
  browser,
}) => {
  const account = await createActiveAccount(server.url, server.dataDir);
  const { token } = await apiLogin(server.url, account);
  const tpl = await api<{ id: number }>(server.url, token, 'POST', '/template/add', {
    name: `Line_${randomBytes(3).toString('hex')}`,
    hmi_model: 'SIM-HMI-7',
    tags: [
      { name: 'temperature', data_type: 7, rw: 0, unit: '°C', decimals: 1 },
      { name: 'running', data_type: 0, rw: 0 },
      { name: 'setpoint', data_type: 4, rw: 2 },
      { name: 'speed', data_type: 4, rw: 2 },
    ],
  });
  const suffix = randomBytes(2).toString('hex');
  const seed = `prj-${randomBytes(4).toString('hex')}`;
  const [press, oven] = await Promise.all(
    ['Press', 'Oven'].map(async (label, i) => {
      const d = await bindSimulatedDevice({
        server,
        token,
        seed,
        index: i + 1,
        device: { rate: 2 },
        bind: { name: `${label}_${suffix}`, template_id: tpl.id },
        waitConfig: true,
      });
      sims.push(d.sim);
      return { ...d, name: `${label}_${suffix}` };
    }),
  );
  const tagId = (sim: SimulatedDeviceHandle, name: string) =>
    sim.config!.tags.find((t) => t.name === name)!.id;
  const setpointId = tagId(oven!.sim, 'setpoint');
  const speedId = tagId(press!.sim, 'speed');

  // The project: made in the list with both devices, a screen added in its detail.
  await openSignedIn(page, server.url, account, '/device/projectlist');
  await page.getByTestId('project-add').click();
  const projectName = `Line ${suffix}`;
  await page.getByTestId('project-name').fill(projectName);
  for (const d of [press!, oven!]) await pick(page, page.getByTestId('project-devices'), d.name, d.name);
  await page.keyboard.press('Escape');
  await page.getByTestId('project-save').click();
  await expect(page.getByTestId('project-editor')).toBeHidden();
  const detail = page.getByTestId('project-detail');
  await expect(detail.getByTestId('project-device')).toHaveCount(2);
  await detail.getByTestId('project-screen-add').click();
  await page.getByTestId('screen-name').fill('Overview');
  await page.getByTestId('screen-submit').click();
  await expect(detail.getByTestId('project-screen')).toHaveCount(1);
  await detail.getByTestId('project-screen-design').click();

  // The designer: four widgets dragged from the palette, each bound with the picker.
  await expect(page.getByTestId('designer')).toBeVisible();
  await expect(page.getByTestId('designer-version')).toHaveText('Version 1');
  await dropWidget(page, 'lamp', 0.1, 0.15);
  await bindSelected(page, 'designer-binding', press!.name, 'running');
  await dropWidget(page, 'numeric', 0.3, 0.15);
  await bindSelected(page, 'designer-binding', press!.name, 'temperature');
  await dropWidget(page, 'trend', 0.3, 0.6);
  await bindSelected(page, 'designer-binding', oven!.name, 'temperature');
  await dropWidget(page, 'button', 0.75, 0.15);
  await page.getByTestId('designer-action-add').click();
  await bindSelected(page, 'designer-action-0-binding', oven!.name, 'setpoint');
  await page.getByTestId('designer-action-0-value').fill('1234');
  await expect(page.getByTestId('designer-box-button-1')).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().includes('/v1/project/screen/save'));
  await page.getByTestId('designer-save').click();
  expect((await (await saved).json()).code).toBe(0);
  await expect(page.getByTestId('designer-version')).toHaveText('Version 2');
  // What was saved: the four bindings and the button's write.
  const screenId = Number(
    await page.evaluate(() => new URLSearchParams(location.hash.split('?')[1]).get('screen')),
  );
  const stored = await api<{ version: number; document: { widgets: Record<string, unknown>[] } }>(
    server.url,
    token,
    'GET',
    `/project/screen?id=${screenId}`,
  );
  expect(stored.version).toBe(2);
  expect(stored.document.widgets.map((w) => w.type).sort()).toEqual(['button', 'lamp', 'numeric', 'trend']);

  // The runtime, opened from the project list: values live, the button writes to the device.
  await page.getByTestId('designer-back').click();
  await expect(detail).toBeVisible();
  await detail.getByTestId('project-screen-open').click();
  await expect(page.getByTestId('scada-runtime')).toBeVisible();
  await expect(page.getByTestId('scada-project-name')).toHaveText(projectName);
  await expect(page.getByTestId('scada-connection')).toHaveAttribute('data-status', 'open', {
    timeout: 15_000,
  });
  const numeric = page.getByTestId('scada-numeric');
  await expect(numeric).toHaveText(/\d/, { timeout: 15_000 });
  const first = await numeric.textContent();
  await expect(numeric).not.toHaveText(first ?? '', { timeout: 15_000 });
  await expect(page.getByTestId('scada-lamp')).toBeVisible();
  await expect
    .poll(async () => Number(await page.getByTestId('scada-trend').getAttribute('data-points')), {
      timeout: 15_000,
    })
    .toBeGreaterThan(1);
  expect(oven!.sim.values()[String(setpointId)]).not.toBe(1234);
  await page.getByTestId('scada-button').click();
  await expect.poll(() => oven!.sim.values()[String(setpointId)], { timeout: 15_000 }).toBe(1234);

  await recipeStep(page, { pressName: press!.name, pressSim: press!.sim, speedId });
  await shareStep(page, browser, { projectName });
});

/** A recipe made in the project's detail and applied there; the device holds its value. */
async function recipeStep(
  page: Page,
  o: { pressName: string; pressSim: SimulatedDeviceHandle; speedId: number },
) {
  await page.getByTestId('scada-back').click();
  const detail = page.getByTestId('project-detail');
  await expect(detail).toBeVisible();
  await detail.getByTestId('recipe-add').click();
  const editor = page.getByTestId('recipe-editor');
  await expect(editor).toBeVisible();
  await page.getByTestId('recipe-name').fill('Fast run');
  // A new recipe starts with one empty row.
  await expect(editor.getByTestId('recipe-item')).toHaveCount(1);
  await pick(page, editor.getByTestId('recipe-item-device'), o.pressName);
  await pick(page, editor.getByTestId('recipe-item-tag'), /^speed/);
  await editor.getByTestId('recipe-item-number').fill('777');
  await page.getByTestId('recipe-save').click();
  await expect(editor).toBeHidden();
  const row = detail.getByTestId('project-recipe').filter({ hasText: 'Fast run' });
  await row.getByTestId('recipe-apply-open').click();
  await page.getByTestId('recipe-apply-submit').click();
  await expect(page.getByTestId('recipe-apply-results')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('recipe-result-ok')).toHaveCount(1);
  await expect.poll(() => o.pressSim.values()[String(o.speedId)], { timeout: 15_000 }).toBe(777);
  await page.getByTestId('recipe-apply-close').click();
}

/**
 * A share link made in the project's detail, opened in a fresh browser context (no session, the
 * token only in the URL fragment): the screen runs there with live values until the owner revokes
 * the link from the first context, which ends the viewer.
 */
async function shareStep(page: Page, browser: Browser, o: { projectName: string }) {
  const detail = page.getByTestId('project-detail');
  await detail.getByTestId('share-add').click();
  await page.getByTestId('share-name').fill('Wall screen');
  await page.getByTestId('share-add-ok').click();
  const link = (await page.getByTestId('share-link').textContent())?.trim() ?? '';
  expect(link).toMatch(/#\/scada\?share=[\w-]{43}$/);
  await page.getByTestId('share-add-ok').click();
  await expect(page.getByTestId('share-add-dialog')).toBeHidden();
  const row = detail.getByTestId('project-share').filter({ hasText: 'Wall screen' });
  await expect(row).toHaveAttribute('data-state', 'active');

  const viewerContext = await browser.newContext();
  try {
    const viewer = await viewerContext.newPage();
    await viewer.goto(link);
    const runtime = viewer.getByTestId('scada-runtime');
    await expect(runtime).toHaveAttribute('data-share-state', 'ready', { timeout: 15_000 });
    expect(await viewer.evaluate(() => localStorage.getItem('hmicloud_1.0.4_TOKEN'))).toBeNull();
    await expect(viewer.getByTestId('scada-project-name')).toHaveText(o.projectName);
    const numeric = viewer.getByTestId('scada-numeric');
    await expect(numeric).toHaveText(/\d/, { timeout: 15_000 });
    const first = await numeric.textContent();
    await expect(numeric).not.toHaveText(first ?? '', { timeout: 15_000 });

    await row.getByTestId('share-revoke').click();
    await page.getByTestId('share-revoke-confirm').click();
    await expect(row).toHaveAttribute('data-state', 'revoked');
    await expect(viewer.getByTestId('scada-share-ended')).toBeVisible({ timeout: 15_000 });
    await expect(runtime).toHaveAttribute('data-share-state', 'ended');
    await expect(viewer.getByTestId('scada-numeric')).toHaveCount(0);
  } finally {
    await viewerContext.close();
  }
}
