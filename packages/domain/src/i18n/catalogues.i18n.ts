import type { Locale } from '../constants/locale.constants.ts';
import errorsEnUs from './errors.en-us.json' with { type: 'json' };
import errorsZhCn from './errors.zh-cn.json' with { type: 'json' };
import errorsZhTw from './errors.zh-tw.json' with { type: 'json' };
import validationEnUs from './validation.en-us.json' with { type: 'json' };
import validationZhCn from './validation.zh-cn.json' with { type: 'json' };
import validationZhTw from './validation.zh-tw.json' with { type: 'json' };

export type MessageCatalogue = Readonly<Record<string, string>>;

/**
 * Texts of every error code (keys: allErrorKeys), one flat catalogue per locale. The web app
 * loads each as the i18next namespace ERRORS_NAMESPACE: `t(String(code), { ns: 'errors' })`.
 */
export const errorMessages: Readonly<Record<Locale, MessageCatalogue>> = {
  'zh-cn': errorsZhCn,
  'en-us': errorsEnUs,
  'zh-tw': errorsZhTw,
};

/**
 * Texts of every validation key (keys: validationKeys), flat keys with i18next interpolation.
 * Loaded as the namespace VALIDATION_NAMESPACE: `t(result.key, { ns: 'validation', ...result.params })`.
 * Flat dotted keys resolve under i18next's default keySeparator too (ignoreJSONStructure).
 */
export const validationMessages: Readonly<Record<Locale, MessageCatalogue>> = {
  'zh-cn': validationZhCn,
  'en-us': validationEnUs,
  'zh-tw': validationZhTw,
};

export const ERRORS_NAMESPACE = 'errors';
export const VALIDATION_NAMESPACE = 'validation';
