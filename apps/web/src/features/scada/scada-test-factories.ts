import { screenDocument, type ScreenDocument, type ScreenWidget, type ScreenWidgetInput } from '@hmi/domain';

/*
 * Screens for the tests of this folder: one widget of every type, bound where the type reads a
 * tag, with actions of every kind on the button (as the domain's own factories, which the web
 * cannot import from the package).
 */

const at = (id: string, i: number) => ({ id, x: 10 * i, y: 20 * i, w: 100, h: 40, z: 15 - i });

export function everyWidgetInput(): ScreenWidgetInput[] {
  return [
    { ...at('title', 0), type: 'text', props: { text: 'Boiler 1' } },
    { ...at('lbl', 1), type: 'label', props: { text: 'Line one' }, rotation: -90 },
    {
      ...at('temp', 2),
      type: 'numeric',
      props: { decimals: 2, unit: '°C' },
      binding: {
        deviceId: 7,
        tagId: 1,
        transform: { scale: 0.1, offset: -40, format: '{value} °C', decimals: 1 },
      },
    },
    {
      ...at('run', 3),
      type: 'lamp',
      props: { mode: 'bit', bit: 3, onColor: '#00FF00', offColor: '#333333' },
      binding: { deviceId: 7, tagId: 2 },
    },
    { ...at('bar', 4), type: 'bar', props: { min: 0, max: 500 }, binding: { deviceId: 8, tagId: 1 } },
    { ...at('gauge', 5), type: 'gauge', props: { min: -50, max: 50 }, binding: { deviceId: 8, tagId: 2 } },
    {
      ...at('trend', 6),
      type: 'trend',
      props: { seconds: 60, min: 0, max: 100 },
      binding: { deviceId: 8, tagId: 3 },
    },
    {
      ...at('sp', 7),
      type: 'numeric-input',
      props: { min: 0, max: 1000 },
      binding: { deviceId: 7, tagId: 4, transform: { scale: 0.1 } },
    },
    { ...at('name', 8), type: 'text-input', props: { min: 2, max: 20 }, binding: { deviceId: 7, tagId: 5 } },
    {
      ...at('start', 9),
      type: 'button',
      props: { label: 'Start' },
      actions: [
        { kind: 'set', binding: { deviceId: 7, tagId: 6 }, value: 1 },
        { kind: 'momentary', binding: { deviceId: 9, tagId: 1 }, pressValue: 1, releaseValue: 0 },
        { kind: 'toggle', binding: { deviceId: 7, tagId: 6 } },
        { kind: 'goto', screenId: 12 },
      ],
    },
    {
      ...at('pump', 10),
      type: 'switch',
      props: { onValue: 1, offValue: 0 },
      binding: { deviceId: 7, tagId: 7 },
    },
    { ...at('logo', 11), type: 'image', props: { assetId: 31 } },
    {
      ...at('pid', 12),
      type: 'svg',
      props: {
        assetId: 32,
        marks: [
          {
            selector: 'valve',
            attribute: 'fill',
            ranges: [{ min: 1, max: 1, color: '#00FF00' }],
            otherwise: '#808080',
          },
          { selector: 'flow', attribute: 'text', binding: { deviceId: 10, tagId: 2 } },
        ],
      },
      binding: { deviceId: 10, tagId: 1 },
    },
    { ...at('alarms', 13), type: 'alarm-list', props: { maxRows: 5 } },
    { ...at('next', 14), type: 'nav', props: { label: 'Pumps', screenId: 13 } },
  ];
}

/** A parsed current document holding every widget type. */
export function everyWidgetScreen(extra: Partial<ScreenDocument> = {}): ScreenDocument {
  return screenDocument.parse({
    version: 2,
    size: { width: 1280, height: 800 },
    widgets: everyWidgetInput(),
    ...extra,
  });
}

/** The parsed widget of `id` in everyWidgetScreen. */
export function widgetOf(id: string): ScreenWidget {
  const w = everyWidgetScreen().widgets.find((x) => x.id === id);
  if (!w) throw new Error(`no widget ${id}`);
  return w;
}
