import type { ScreenDocumentInput, ScreenWidgetInput } from './screen-document.ts';

/*
 * Screen documents for the tests of this folder: a current one holding every widget type with
 * bindings, actions and svg marks, and a version-1 one holding every v1 widget type.
 */

const at = (id: string, i: number) => ({ id, x: 10 * i, y: 20 * i, w: 100, h: 40, z: i });

/** One widget of each type, in the order of screenWidgetTypes. */
export function everyWidget(): ScreenWidgetInput[] {
  return [
    {
      ...at('title', 0),
      type: 'text',
      props: { text: 'Boiler 1', fontSize: 24, color: '#112233', align: 'center' },
    },
    { ...at('lbl', 1), type: 'label', props: { text: 'Line one\nLine two' }, rotation: -90 },
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
    { ...at('run', 3), type: 'lamp', props: { mode: 'bit', bit: 3 }, binding: { deviceId: 7, tagId: 2 } },
    {
      ...at('level-lamp', 4),
      type: 'lamp',
      props: { mode: 'ranges', ranges: [{ min: 0, max: 10, color: '#FF000080' }] },
      binding: { deviceId: 8, tagId: 1 },
    },
    {
      ...at('bar', 5),
      type: 'bar',
      props: { min: 0, max: 500, color: '#00FF00' },
      binding: { deviceId: 8, tagId: 1 },
    },
    { ...at('gauge', 6), type: 'gauge', props: { min: -50, max: 50 }, binding: { deviceId: 8, tagId: 2 } },
    {
      ...at('trend', 7),
      type: 'trend',
      props: { seconds: 3600, min: 0, max: 100 },
      binding: { deviceId: 8, tagId: 3 },
    },
    {
      ...at('sp', 8),
      type: 'numeric-input',
      props: { min: 0, max: 120 },
      binding: { deviceId: 7, tagId: 4 },
      zoneId: 3,
    },
    {
      ...at('name', 9),
      type: 'text-input',
      props: { max: 20 },
      binding: { deviceId: 7, tagId: 5 },
      zoneId: null,
    },
    {
      ...at('start', 10),
      type: 'button',
      props: { label: 'Start' },
      zoneId: 3,
      actions: [
        { kind: 'set', binding: { deviceId: 7, tagId: 6 }, value: 1 },
        { kind: 'momentary', binding: { deviceId: 9, tagId: 1 }, pressValue: 1, releaseValue: 0 },
        { kind: 'toggle', binding: { deviceId: 7, tagId: 6 } },
        { kind: 'set', binding: { deviceId: 7, tagId: 5 }, value: 'AUTO' },
        { kind: 'goto', screenId: 12 },
        { kind: 'recipe', recipeId: 4 },
      ],
    },
    {
      ...at('pump', 11),
      type: 'switch',
      props: { onValue: 'ON', offValue: 'OFF' },
      binding: { deviceId: 7, tagId: 7 },
    },
    { ...at('logo', 12), type: 'image', props: { assetId: 31 }, locked: true },
    {
      ...at('pid', 13),
      type: 'svg',
      props: {
        assetId: 32,
        marks: [
          {
            selector: 'valve-1.body',
            attribute: 'fill',
            ranges: [{ min: 1, max: 1, color: '#00FF00' }],
            otherwise: '#808080',
          },
          { selector: 'flow:text', attribute: 'text', binding: { deviceId: 10, tagId: 2 } },
          { selector: 'alarm_icon', attribute: 'visibility', min: 1 },
          {
            selector: 'fan',
            attribute: 'rotation',
            binding: { deviceId: 10, tagId: 3 },
            valueMin: 0,
            valueMax: 1500,
          },
        ],
      },
      binding: { deviceId: 10, tagId: 1 },
    },
    { ...at('alarms', 14), type: 'alarm-list', props: { maxRows: 50 } },
    {
      ...at('next', 15),
      type: 'nav',
      props: { label: 'Pumps', screenId: 13 },
      actions: [{ kind: 'goto', screenId: 12 }],
    },
  ];
}

/** A current document with every widget type. */
export function fullScreenDocument(): ScreenDocumentInput {
  return {
    version: 2,
    size: { width: 1280, height: 800 },
    scale: 'fill',
    background: { color: '#0A0B0CFF', imageAssetId: 30 },
    widgets: everyWidget(),
  };
}

/** A version-1 document with every v1 widget type (as stored, without `version` when `unversioned`). */
export function screenDocumentV1Sample(unversioned = false): Record<string, unknown> {
  return {
    ...(unversioned ? {} : { version: 1 }),
    width: 1024,
    height: 768,
    background: '#203040',
    widgets: [
      { id: 'w1', type: 'text', left: 5, top: 6, width: 200, height: 30, props: { text: 'Tank' } },
      { id: 'w2', type: 'label', left: 0, top: 0, width: 1, height: 1, props: { text: 'x', align: 'right' } },
      {
        id: 'w3',
        type: 'numeric',
        left: 1.5,
        top: 2.5,
        width: 80,
        height: 20,
        props: { decimals: 1 },
        bind: '3:11',
      },
      {
        id: 'w4',
        type: 'lamp',
        left: -10,
        top: -20,
        width: 20,
        height: 20,
        props: { mode: 'bit' },
        bind: '3:12',
      },
      {
        id: 'w5',
        type: 'bar',
        left: 300,
        top: 40,
        width: 30,
        height: 200,
        props: { min: 0, max: 10 },
        bind: '4:1',
      },
      { id: 'w6', type: 'gauge', left: 400, top: 40, width: 200, height: 200, props: {}, bind: '4:2' },
      {
        id: 'w7',
        type: 'trend',
        left: 0,
        top: 300,
        width: 600,
        height: 200,
        props: { seconds: 60 },
        bind: '4:1',
      },
      {
        id: 'w8',
        type: 'numeric-input',
        left: 0,
        top: 520,
        width: 90,
        height: 30,
        props: { min: 1 },
        bind: '3:13',
        zoneId: 2,
      },
      { id: 'w9', type: 'text-input', left: 100, top: 520, width: 90, height: 30, props: {}, bind: '3:14' },
      {
        id: 'w10',
        type: 'button',
        left: 200,
        top: 520,
        width: 90,
        height: 30,
        props: { label: 'Reset' },
        bind: '3:15',
        onClick: { set: 1 },
        zoneId: 2,
      },
      {
        id: 'w11',
        type: 'switch',
        left: 300,
        top: 520,
        width: 60,
        height: 30,
        props: {},
        bind: '3:16',
        locked: true,
      },
      { id: 'w12', type: 'image', left: 700, top: 0, width: 300, height: 100, props: { assetId: 5 } },
      {
        id: 'w13',
        type: 'nav',
        left: 700,
        top: 700,
        width: 100,
        height: 40,
        props: { label: 'Next', screenId: 9 },
      },
      {
        id: 'w14',
        type: 'button',
        left: 800,
        top: 700,
        width: 100,
        height: 40,
        props: {},
        bind: '3:17',
        onClick: { set: 'STOP' },
      },
    ],
  };
}
