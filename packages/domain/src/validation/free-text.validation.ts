import { z } from 'zod';
import { invalid, VALID } from './validation-result.ts';
import type { ValidationResult } from './validation-result.ts';
import { refineWith } from './zod-glue.ts';

/*
 * The one rule for free text that people type: names, addresses, remarks, descriptions, search
 * words. Control characters are invisible on screen, corrupt logs and terminals (ESC sequences)
 * and PostgreSQL refuses NUL in text outright (a 500 instead of a 1006); a lone surrogate is not
 * Unicode at all and would be stored as U+FFFD, silently changing what was typed. Refusing them
 * (1006, the form keeps its input) loses nothing; storing them would.
 */

/** Whether a field is one line (names) or may hold line breaks and tabs (remarks, descriptions). */
export type TextLines = 'single' | 'multi';

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
/** Anything the scan below could object to; text without any of these passes at regex speed. */
// eslint-disable-next-line no-control-regex -- finding control characters is this rule's job
const SUSPECT = /[\u0000-\u001f\u007f-\u009f\ud800-\udfff]/;

/**
 * Free text: no C0 control (U+0000-U+001F) except, in a multi-line field, LF, CR LF and TAB; no
 * DEL (U+007F) or C1 control (U+0080-U+009F); well-formed UTF-16 (no lone surrogate: Node 20
 * has no String.prototype.isWellFormed). Keys: validation.text.singleLine (a line break or tab
 * in a one-line field), validation.text.controlChars, validation.text.malformed.
 */
export function validateFreeText(text: string, lines: TextLines = 'single'): ValidationResult {
  if (!SUSPECT.test(text)) return VALID;
  const multi = lines === 'multi';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20) {
      if (multi && (c === LF || c === TAB)) continue;
      if (multi && c === CR && text.charCodeAt(i + 1) === LF) {
        i++;
        continue;
      }
      if (!multi && (c === LF || c === CR || c === TAB)) return invalid('validation.text.singleLine');
      return invalid('validation.text.controlChars');
    }
    if (c < 0x7f) continue;
    if (c <= 0x9f) return invalid('validation.text.controlChars');
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return invalid('validation.text.malformed');
    }
    if (c >= 0xdc00 && c <= 0xdfff) return invalid('validation.text.malformed');
  }
  return VALID;
}

/** validateFreeText of a one-line field (the default), as a plain validator for form rules. */
export const validateSingleLineText = (text: string): ValidationResult => validateFreeText(text, 'single');
/** validateFreeText of a multi-line field (remarks, descriptions, alarm contents). */
export const validateMultiLineText = (text: string): ValidationResult => validateFreeText(text, 'multi');

/**
 * A one-line free-text request field: trimmed, then the free-text rule. Chain the field's own
 * bounds: `singleLineText.min(1).max(64)`. Every free-text field of every request schema is built
 * on this or multiLineText (a domain test walks the request schemas to keep it so).
 */
export const singleLineText = z.string().trim().superRefine(refineWith(validateSingleLineText));
/** A multi-line free-text request field (LF, CR LF and TAB allowed inside): trimmed, then the rule. */
export const multiLineText = z.string().trim().superRefine(refineWith(validateMultiLineText));

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// eslint-disable-next-line no-control-regex -- finding control characters is this rule's job
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * Lone surrogates replaced by U+FFFD, as String.prototype.toWellFormed does (not on Node 20) and
 * as any UTF-8 store would do anyway: done first, the value shown live is the value stored.
 */
export const toWellFormed = (text: string): string => text.replace(LONE_SURROGATE, '\ufffd');

/**
 * The one-line rule applied by repair instead of refusal, for text the cloud cannot send back
 * (what a device reports about itself: model, firmware, address): control characters removed,
 * lone surrogates replaced by U+FFFD.
 */
export const toSingleLine = (text: string): string => toWellFormed(text).replace(CONTROL, '');
