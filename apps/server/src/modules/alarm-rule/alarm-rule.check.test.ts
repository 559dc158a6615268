import {
  AlarmLevel,
  AlarmType,
  alarmTypeFlags,
  alarmTypesOf,
  integerTagRanges,
  locales,
  parseExactInteger,
  TagDataType,
  validationKeys,
  type AlarmFieldError,
} from '@hmi/domain';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TemplateTagRow } from '../../db/tables/catalogue.ts';
import { checkRuleNumbers } from './alarm-rule.check.ts';
import { rowsInvalid, translate } from './alarm-rule.errors.ts';
import { checkSheetRow } from './alarm-rule.import.ts';
import { columnOfHeader, levelOfLabel, typeOfLabel } from './alarm-sheet.columns.ts';
import { columnKeys, ruleSheetTexts } from './alarm-sheet.texts.ts';

/*
 * The rule checks of SPEC section 5 by data type, as tables and as properties over generated
 * values (fast-check), and the sheet row mapping of the importer.
 */

const limitTypes = alarmTypesOf('limit');
const deviationTypes = alarmTypesOf('deviation');
const numbers = (
  type: number,
  value: string | null,
  more: Partial<Parameters<typeof checkRuleNumbers>[0]> = {},
) => ({
  type,
  value,
  target: null,
  deviation: null,
  deadband: null,
  ...more,
});
const keys = (errors: AlarmFieldError[]) => errors.map((e) => `${e.field}:${e.key}`);
const integerTypes = ['UINT16', 'UINT32', 'UINT64', 'INT16', 'INT32', 'INT64'] as const;

describe('checkRuleNumbers: limit values by data type', () => {
  it.each(integerTypes)(
    '%s: every integer in range passes, every one outside fails with the range',
    (name) => {
      const [min, max] = integerTagRanges[name];
      const dataType = TagDataType[name];
      fc.assert(
        fc.property(fc.bigInt({ min, max }), fc.constantFrom(...limitTypes), (n, type) => {
          const { errors, values } = checkRuleNumbers(numbers(type, ` ${n} `), dataType);
          expect(errors).toEqual([]);
          expect(values).toEqual({ value: String(n), target: null, deviation: null, deadband: null });
        }),
      );
      const outside = fc.oneof(
        fc.bigInt({ min: max + 1n, max: max + 2n ** 70n }),
        fc.bigInt({ min: min - 2n ** 70n, max: min - 1n }),
      );
      fc.assert(
        fc.property(outside, (n) => {
          expect(checkRuleNumbers(numbers(AlarmType.High, String(n)), dataType).errors).toEqual([
            {
              field: 'value',
              key: 'validation.alarm.valueRange',
              params: { type: name, min: String(min), max: String(max) },
            },
          ]);
        }),
      );
    },
  );

  it.each(['REAL', 'LREAL'] as const)('%s: any number of its width passes, any other text fails', (name) => {
    // REAL is 32-bit: any float passes; LREAL any finite double.
    const inRange =
      name === 'REAL'
        ? fc.float({ noNaN: true, noDefaultInfinity: true })
        : fc.double({ noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(inRange, (d) => {
        expect(checkRuleNumbers(numbers(AlarmType.Low, String(d)), TagDataType[name]).errors).toEqual([]);
      }),
    );
    fc.assert(
      fc.property(
        fc.string().filter((s) => s.trim() !== '' && !Number.isFinite(Number(s.trim()))),
        (text) => {
          expect(keys(checkRuleNumbers(numbers(AlarmType.Low, text), TagDataType[name]).errors)).toEqual([
            'value:validation.alarm.valueMismatch',
          ]);
        },
      ),
    );
  });

  it('REAL: a value beyond the 32-bit range is refused with the range, on value and target', () => {
    expect(checkRuleNumbers(numbers(AlarmType.High, '1e40'), TagDataType.REAL).errors).toEqual([
      {
        field: 'value',
        key: 'validation.alarm.realRange',
        params: { type: 'REAL', min: '-3.4028234663852886e+38', max: '3.4028234663852886e+38' },
      },
    ]);
    expect(
      checkRuleNumbers(numbers(AlarmType.High, '3.4028234663852886e38'), TagDataType.REAL).errors,
    ).toEqual([]);
    expect(
      keys(
        checkRuleNumbers(
          numbers(AlarmType.LargeDeviation, '0', { target: '-1e40', deviation: '1' }),
          TagDataType.REAL,
        ).errors,
      ),
    ).toEqual(['target:validation.alarm.realRange']);
    expect(checkRuleNumbers(numbers(AlarmType.High, '1e40'), TagDataType.LREAL).errors).toEqual([]);
  });

  it('STRING and BOOL tags refuse limit and deviation alarms whatever the values; other tags refuse on/off', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(TagDataType.STRING, TagDataType.BOOL),
        fc.constantFrom(...limitTypes, ...deviationTypes),
        fc.string(),
        (dataType, type, value) => {
          const key = limitTypes.includes(type) ? 'limitTagType' : 'deviationTagType';
          expect(
            keys(checkRuleNumbers(numbers(type, value, { target: value }), dataType, 'tag').errors),
          ).toEqual([`tag:validation.alarm.${key}`]);
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom(AlarmType.On, AlarmType.Off),
        (dataType, type) => {
          expect(keys(checkRuleNumbers(numbers(type, '1'), dataType).errors)).toEqual([
            'tag_id:validation.alarm.onOffTagType',
          ]);
        },
      ),
    );
  });

  it('on/off alarms on BOOL tags: On only 1, Off only 0, anything else is not an on/off value', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(AlarmType.On, AlarmType.Off),
        fc.oneof(fc.constantFrom('0', '1', ' 1', '+1', '-0', '2', '-1', '1.0', 'true'), fc.string()),
        (type, value) => {
          const errors = checkRuleNumbers(numbers(type, value), TagDataType.BOOL).errors;
          const n = parseExactInteger(value);
          const wanted = type === AlarmType.On ? 1n : 0n;
          if (value.trim() === '') expect(keys(errors)).toEqual(['value:validation.required']);
          else if (n === wanted) expect(errors).toEqual([]);
          else if (n === 0n || n === 1n)
            expect(keys(errors)).toEqual([
              `value:validation.alarm.${type === AlarmType.On ? 'onOnlyOne' : 'offOnlyZero'}`,
            ]);
          else expect(keys(errors)).toEqual(['value:validation.alarm.onOffValue']);
        },
      ),
    );
  });

  it('deviation alarms: a target of the data type, a deviation >= 0; the value is stored as 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
        fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(...deviationTypes),
        (target, deviation, type) => {
          const r = checkRuleNumbers(
            numbers(type, 'ignored', { target: String(target), deviation: String(deviation) }),
            TagDataType.INT32,
          );
          expect(r).toEqual({
            errors: [],
            values: { value: '0', target: String(target), deviation: String(deviation), deadband: null },
          });
        },
      ),
    );
    fc.assert(
      fc.property(fc.double({ max: -Number.MIN_VALUE, noNaN: true }), (deviation) => {
        expect(
          keys(
            checkRuleNumbers(
              numbers(AlarmType.LargeDeviation, null, { target: '1', deviation: String(deviation) }),
              TagDataType.REAL,
            ).errors,
          ),
        ).toEqual(['deviation:validation.alarmImport.deviation']);
      }),
    );
    expect(
      keys(
        checkRuleNumbers(
          numbers(AlarmType.SmallDeviation, null, { target: '0.5', deviation: '1' }),
          TagDataType.INT16,
        ).errors,
      ),
    ).toEqual(['target:validation.alarm.targetMismatch']);
    expect(
      keys(
        checkRuleNumbers(
          numbers(AlarmType.SmallDeviation, null, { target: '2.5', deviation: '1' }),
          TagDataType.REAL,
        ).errors,
      ),
    ).toEqual([]);
  });

  it('deadband: empty or a number >= 0, for every category; fields of another category are not stored', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (d) => {
        const errors = checkRuleNumbers(
          numbers(AlarmType.High, '1', { deadband: String(d) }),
          TagDataType.INT32,
        ).errors;
        expect(keys(errors)).toEqual(d >= 0 ? [] : ['deadband:validation.alarmImport.deadband']);
      }),
    );
    expect(
      checkRuleNumbers(
        numbers(AlarmType.High, ' 5 ', { target: '1', deviation: '2', deadband: ' ' }),
        TagDataType.INT32,
      ).values,
    ).toEqual({ value: '5', target: null, deviation: null, deadband: null });
    expect(keys(checkRuleNumbers(numbers(AlarmType.High, null), TagDataType.INT32).errors)).toEqual([
      'value:validation.required',
    ]);
    expect(keys(checkRuleNumbers(numbers(3, '1'), TagDataType.INT32).errors)).toEqual([
      'type:validation.alarmImport.type',
    ]);
  });
});

describe('sheet labels in any language', () => {
  it.each(locales)('%s headers, level and type names map back to their keys and codes', (locale) => {
    const t = ruleSheetTexts[locale];
    for (const key of columnKeys) {
      expect(columnOfHeader(t.columns[key].header)).toBe(key);
      expect(columnOfHeader(` ${t.columns[key].header.toUpperCase()} *`)).toBe(key);
    }
    for (const level of Object.values(AlarmLevel)) expect(levelOfLabel(t.levels[level])).toBe(level);
    for (const type of alarmTypeFlags) expect(typeOfLabel(t.types[type])).toBe(type);
  });

  // Sheets exported before the names were unified (docs/architecture.md, Texts) say 较轻 or
  // HighHigh: they must import into the same rules, whatever language wrote them.
  it.each([
    ['轻微', 1],
    ['輕微', 1],
    ['较轻', 2],
    ['較輕', 2],
    ['中等', 4],
    ['严重', 8],
    ['嚴重', 8],
    ['紧急', 16],
  ] as const)('the level name %s of older exports still reads as %i', (name, level) => {
    expect(levelOfLabel(name)).toBe(level);
  });

  it.each([
    ['高高限', 1],
    ['高限', 2],
    ['低低限', 4],
    ['低限', 8],
    ['HighHigh', 1],
    ['LowLow', 4],
    ['LargeDeviation', 16],
    ['SmallDeviation', 32],
  ] as const)('the type name %s of older exports still reads as %i', (name, type) => {
    expect(typeOfLabel(name)).toBe(type);
  });

  it('codes and stable keys are accepted; anything else is not', () => {
    expect(columnKeys.map((k) => columnOfHeader(k))).toEqual([...columnKeys]);
    expect([1, 2, 4, 8, 16].map((c) => levelOfLabel(String(c)))).toEqual([1, 2, 4, 8, 16]);
    expect(alarmTypeFlags.map((f) => typeOfLabel(String(f)))).toEqual([...alarmTypeFlags]);
    for (const text of ['3', '-1', '0', '32', 'Huge', '']) expect(levelOfLabel(text)).toBeUndefined();
    for (const text of ['3', '64', '-1', 'Higher', '']) expect(typeOfLabel(text)).toBeUndefined();
    expect(columnOfHeader('remark')).toBeUndefined();
  });
});

describe('checkSheetRow', () => {
  const tag = (id: number, name: string, data_type: number): TemplateTagRow => ({
    id,
    template_id: 1,
    name,
    data_type,
    rw: 2,
    address: '',
    unit: '',
    decimals: 0,
    description: '',
    position: id,
  });
  const tags = new Map(
    [tag(11, 'temp', TagDataType.REAL), tag(12, 'door', TagDataType.BOOL)].map((t) => [t.name, t]),
  );

  it('maps names in any language to a rule', () => {
    const r = checkSheetRow(
      {
        row: 2,
        cells: {
          name: 'hot',
          group: 'G',
          level: '紧急',
          tag: 'temp',
          type: '高限',
          value: '80',
          content: 'c',
        },
      },
      tags,
      new Set(),
    );
    expect(r).toEqual({
      errors: [],
      rule: {
        row: 2,
        name: 'hot',
        group: 'G',
        level: 16,
        tag_id: 11,
        type: 2,
        value: '80',
        target: null,
        deviation: null,
        deadband: null,
        content: 'c',
      },
    });
  });

  it('reports every problem of a row with its column', () => {
    expect(keys(checkSheetRow({ row: 3, cells: {} }, tags, new Set()).errors)).toEqual([
      'name:validation.alarm.nameRequired',
      'level:validation.required',
      'tag:validation.required',
      'type:validation.required',
    ]);
    const r = checkSheetRow(
      {
        row: 4,
        cells: {
          name: 'dup',
          group: 'g'.repeat(33),
          level: 'Huge',
          tag: 'nope',
          type: 'High',
          content: 'c'.repeat(256),
        },
      },
      tags,
      new Set(['dup']),
    );
    expect(r.errors).toEqual([
      { field: 'name', key: 'validation.alarm.nameDuplicate' },
      { field: 'group', key: 'validation.alarmImport.tooLong', params: { max: 32 } },
      { field: 'content', key: 'validation.alarmImport.tooLong', params: { max: 255 } },
      { field: 'level', key: 'validation.alarmImport.level', params: { value: 'Huge' } },
      { field: 'tag', key: 'validation.alarmImport.tag', params: { tag: 'nope' } },
    ]);
    expect(
      checkSheetRow(
        { row: 5, cells: { name: 'x'.repeat(65), level: '1', tag: 'door', type: 'Low', value: '1' } },
        tags,
        new Set(),
      ).errors,
    ).toEqual([
      { field: 'name', key: 'validation.alarmImport.tooLong', params: { max: 64 } },
      { field: 'tag', key: 'validation.alarm.limitTagType' },
    ]);
    // A huge cell is quoted back cut short.
    const long = checkSheetRow(
      { row: 6, cells: { name: 'n', level: 'x'.repeat(30_000), tag: 'temp', type: '2', value: '1' } },
      tags,
      new Set(),
    );
    expect(String(long.errors[0]?.params?.value).length).toBeLessThan(70);
  });
});

describe('validation.alarmImport keys', () => {
  it('a refused import says how many rows are bad and the first one, in the caller’s language', () => {
    const error = rowsInvalid([
      { row: 3, errors: [{ field: 'name', key: 'validation.alarm.nameRequired' }] },
      { row: 9, errors: [{ field: 'tag', key: 'validation.required' }] },
    ]);
    expect(error.first).toEqual({
      field: 'file',
      key: 'validation.alarmImport.badRows',
      params: { count: 2, row: 3 },
    });
    expect(translate('zh-tw', error.first.key, error.first.params)).toBe(
      '有 2 列無法匯入（第一個是第 3 列），未匯入任何資料。',
    );
    expect(error.data).toEqual({ rows: expect.any(Array) });
  });

  it('every key of the catalogue is exercised by a test of this module', () => {
    const dir = dirname(fileURLToPath(import.meta.url));
    const tests = readdirSync(dir)
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    const untested = validationKeys
      .filter((k) => k.startsWith('validation.alarmImport.'))
      .filter((k) => !tests.includes(`'${k}'`));
    expect(untested).toEqual([]);
  });
});
