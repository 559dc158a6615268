import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n.ts';
import profile from '../../i18n/en-us/profile.json';
import { deliveryReason } from './delivery-reason.ts';

beforeAll(async () => {
  await i18n.init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: {
      'en-us': {
        profile,
        errors: { '1013': 'The email could not be sent.' },
        common: { unknownError: 'code {{code}}' },
      },
    },
    interpolation: { escapeValue: false },
  });
});

describe('deliveryReason', () => {
  it.each([
    ['1013', 'The email could not be sent.'],
    [
      'skipped: more than 10 alarm mails a minute to this user',
      'Not sent: more than 10 alarm mails a minute would have gone to you.',
    ],
    [
      'skipped: more than 1 alarm mails a minute to this user',
      'Not sent: more than 1 alarm mail a minute would have gone to you.',
    ],
    [
      'connect ECONNREFUSED 127.0.0.1:25',
      'The mail server did not accept the mail (connect ECONNREFUSED 127.0.0.1:25).',
    ],
  ])('%s', (error, text) => {
    expect(deliveryReason(error)).toBe(text);
  });
});
