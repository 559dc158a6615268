import { describe, expect, it } from 'vitest';
import { AlarmType } from '../constants/alarm.constants.ts';
import { locales } from '../constants/locale.constants.ts';
import { TagDataType } from '../constants/tag-types.constants.ts';
import { allErrorKeys } from '../errors/error-codes.ts';
import { parseAlarmExpression } from '../helpers/alarm-expression.parser.ts';
import {
  validateAlarmTagType,
  validateAlarmName,
  validateAlarmRuleField,
} from '../validation/alarm-rule.validation.ts';
import { validateAlarmTarget, validateOnOffValue } from '../validation/alarm-rule.validation.ts';
import { validateAlarmValue } from '../validation/alarm-value.validation.ts';
import { BoardLimits } from '../api/board.api.ts';
import { validateBoardCardIds, validateFavouriteAdd } from '../validation/board.validation.ts';
import {
  validateCardChecksum,
  validateCardNumber,
  validateCardPassword,
  validateCardType,
  validateTagLevelUpgrade,
} from '../validation/card.validation.ts';
import { validateEmail, validatePhone, validateVerifyCode } from '../validation/contact.validation.ts';
import { validateDeviceName } from '../validation/device-name.validation.ts';
import { validateFreeText } from '../validation/free-text.validation.ts';
import { validateImportFileName } from '../validation/import-file.validation.ts';
import { validatePositiveInteger } from '../validation/integer.validation.ts';
import {
  validateLabelList,
  validateLabelName,
  validateLabelSelection,
} from '../validation/label.validation.ts';
import {
  validateBatchCount,
  validateMonitorDecimals,
  validateMonitorLength,
} from '../validation/monitor.validation.ts';
import { validateMonitorName, validateStationNumber } from '../validation/monitor.validation.ts';
import {
  validateNewPassword,
  validatePassword,
  validatePasswordConfirm,
} from '../validation/password.validation.ts';
import { validateRoleName, validateZoneName } from '../validation/team-names.validation.ts';
import { validateRolePermissions } from '../validation/team-rules.validation.ts';
import { validateTrafficMonth, validateTrafficOff } from '../validation/traffic.validation.ts';
import { validateHmiVersion } from '../validation/remote.validation.ts';
import { validateRecipeCount, validateRecipeName } from '../validation/recipe.validation.ts';
import { validationKeys } from '../validation/validation-result.ts';
import type { ValidationFailure, ValidationResult } from '../validation/validation-result.ts';
import { errorMessages, validationMessages } from './catalogues.i18n.ts';

const sorted = (xs: Iterable<string>) => [...xs].sort();
const placeholders = (text: string) =>
  sorted(new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '')));
const HAN = /\p{Script=Han}/u;

describe('error catalogues', () => {
  it.each(locales)('%s covers exactly allErrorKeys with non-empty texts', (locale) => {
    const catalogue = errorMessages[locale];
    expect(sorted(Object.keys(catalogue))).toEqual(sorted(allErrorKeys));
    for (const text of Object.values(catalogue)) expect(text.trim()).not.toBe('');
  });

  it.each(['zh-cn', 'zh-tw'] as const)('%s differs from en-us for every key and is Chinese', (locale) => {
    for (const key of allErrorKeys) {
      const text = errorMessages[locale][key] ?? '';
      expect(text, key).not.toBe(errorMessages['en-us'][key]);
      expect(HAN.test(text), `${locale} ${key}: ${text}`).toBe(true);
    }
  });

  it('zh-tw is not a copy of zh-cn', () => {
    const same = allErrorKeys.filter((k) => errorMessages['zh-tw'][k] === errorMessages['zh-cn'][k]);
    // Only texts whose characters are identical in both scripts (e.g. 流量不足) may coincide.
    expect(same.length).toBeLessThan(allErrorKeys.length / 10);
  });
});

/** Inputs that make each validator fail in each of its ways. */
const failures: ValidationResult[] = [
  validatePositiveInteger(0),
  validateFreeText('a\u0000'),
  validateFreeText('a\nb'),
  validateFreeText('a\ud800'),
  validatePassword(''),
  validatePassword('a1'),
  validatePassword('abc 12345'),
  validatePassword('abcdefgh'),
  validatePasswordConfirm('abcd1234', 'x'),
  validateNewPassword('abcd1234', 'abcd1234'),
  validatePhone(''),
  validatePhone('123'),
  validatePhone('13800138000', '86'),
  validateEmail(''),
  validateEmail('a@b'),
  validateVerifyCode('1'),
  validateDeviceName(''),
  validateDeviceName('a b'),
  validateDeviceName('_a'),
  validateDeviceName('a-b'),
  validateDeviceName('Var'),
  validateRecipeName(''),
  validateRecipeName('r'.repeat(65)),
  validateRecipeName('rcpNo'),
  validateRecipeCount(100),
  validateLabelName(''),
  validateLabelName('x'.repeat(51)),
  validateLabelName('a', ['a']),
  validateLabelList(Array.from({ length: 51 }, (_, i) => `l${i}`)),
  validateLabelSelection(Array.from({ length: 11 }, (_, i) => i)),
  validateRoleName(''),
  validateRoleName('x'.repeat(11)),
  validateZoneName(''),
  validateZoneName('z'.repeat(40)),
  validateRolePermissions([45], 'eu'),
  validateZoneName('a b'),
  validateMonitorName(''),
  validateMonitorName('m'.repeat(256)),
  validateMonitorName('m', ['m']),
  validateMonitorLength(-1),
  validateMonitorDecimals(7),
  validateBatchCount(1),
  validateStationNumber(-1),
  validateAlarmName(''),
  validateAlarmName('a', ['a']),
  validateAlarmValue('x', TagDataType.REAL),
  validateAlarmValue('65536', TagDataType.UINT16),
  validateAlarmValue('1e40', TagDataType.REAL),
  validateAlarmValue('1', 99),
  validateAlarmRuleField('x'),
  validateAlarmTarget('x'),
  validateOnOffValue('2'),
  validateOnOffValue('0', AlarmType.On),
  validateOnOffValue('1', AlarmType.Off),
  validateAlarmTagType('limit', TagDataType.STRING),
  validateAlarmTagType('deviation', TagDataType.BOOL),
  validateAlarmTagType('onoff', TagDataType.INT16),
  parseAlarmExpression(''),
  parseAlarmExpression('x High 1'),
  parseAlarmExpression('tag_1 Higher 1'),
  validateCardNumber(''),
  validateCardNumber('1234'),
  validateCardPassword(''),
  validateCardPassword('1234'),
  validateCardChecksum('K7MX3Q0A'),
  validateTagLevelUpgrade(2, 2),
  validateCardChecksum('K7MX3Q0A'),
  validateTagLevelUpgrade(2, 2),
  validateImportFileName('a.csv'),
  validateTrafficMonth('2024-01', '2024-02'),
  validateTrafficOff('2024-02', '2024-02', true),
  validateHmiVersion('1.9.9', '2.0.0'),
  validateBoardCardIds([{ id: 'a' }, { id: 'a' }]),
  validateFavouriteAdd(BoardLimits.favouritesMax),
  validateCardType('ra', 'ca'),
  validateCardType('ca', 'ra'),
];
const failed = failures.filter((r): r is ValidationFailure => !r.ok);

describe('validation catalogues', () => {
  it('the corpus only holds failures and every key is emitted by some validator', () => {
    expect(failed.length).toBe(failures.length);
    const emitted = new Set(failed.map((f) => f.key));
    // 'validation.required' is the zod type error of every schema, not a validator result; the
    // alarmImport keys come from the server's alarm rule importer, the recipe item and import keys
    // from the recipe service, the project, screen, asset and
    // share keys from the project services (their tests cover each of them).
    const serverOnly = [
      'alarmImport',
      'project',
      'screen',
      'projectAsset',
      'projectShare',
      'recipeItem',
      'recipeImport',
    ];
    const fromValidators = validationKeys.filter(
      (k) => k !== 'validation.required' && !serverOnly.some((p) => k.startsWith(`validation.${p}.`)),
    );
    expect(sorted(emitted)).toEqual(sorted(fromValidators));
  });

  it.each(locales)('%s covers exactly validationKeys', (locale) => {
    expect(sorted(Object.keys(validationMessages[locale]))).toEqual(sorted(validationKeys));
    for (const text of Object.values(validationMessages[locale])) expect(text.trim()).not.toBe('');
  });

  it.each(['zh-cn', 'zh-tw'] as const)('%s is Chinese and differs from en-us', (locale) => {
    for (const key of validationKeys) {
      const text = validationMessages[locale][key] ?? '';
      expect(text).not.toBe(validationMessages['en-us'][key]);
      expect(HAN.test(text), `${locale} ${key}`).toBe(true);
    }
  });

  it('every locale interpolates the same params for a key', () => {
    for (const key of validationKeys) {
      const expected = placeholders(validationMessages['en-us'][key] ?? '');
      for (const locale of locales)
        expect(placeholders(validationMessages[locale][key] ?? ''), key).toEqual(expected);
    }
  });

  it('every failure carries the params its messages interpolate', () => {
    for (const f of failed) {
      const needed = placeholders(validationMessages['en-us'][f.key] ?? '');
      expect(sorted(Object.keys(f.params)), f.key).toEqual(expect.arrayContaining(needed));
    }
  });
});
