import { ErrorCode } from '@hmi/domain';
import { describe, expect, it } from 'vitest';
import enUs from '../../i18n/en-us/remote.json';
import zhCn from '../../i18n/zh-cn/remote.json';
import zhTw from '../../i18n/zh-tw/remote.json';
import { ApiError } from '../../shared/http/http-errors.ts';
import { sessionLimitOf } from './use-remote-session.ts';

/* A refused open beyond a session cap (1036, data.limit and data.max) reads as the cap, in three languages. */
describe('sessionLimitOf', () => {
  it('names the cap of a 1036 refusal and nothing else', () => {
    const refusal = (data: unknown, code: number = ErrorCode.E1036_TOO_FREQUENT) =>
      new ApiError(code, 'Too many remote sessions open', data, false);
    expect(sessionLimitOf(refusal({ limit: 'device', max: 10 }))).toEqual({ limit: 'device', max: 10 });
    expect(sessionLimitOf(refusal({ limit: 'team', max: 50 }))).toEqual({ limit: 'team', max: 50 });
    expect(sessionLimitOf(refusal({ limit: 'planet', max: 1 }))).toBeUndefined();
    expect(sessionLimitOf(refusal(null))).toBeUndefined();
    expect(
      sessionLimitOf(refusal({ limit: 'user', max: 3 }, ErrorCode.E1002_PERMISSION_DENIED)),
    ).toBeUndefined();
    expect(sessionLimitOf(new Error('x'))).toBeUndefined();
  });

  it('has the message of every cap in every language, with the number', () => {
    for (const [lng, texts] of Object.entries({ 'en-us': enUs, 'zh-cn': zhCn, 'zh-tw': zhTw }))
      for (const limit of ['device', 'user', 'team'] as const)
        expect(texts.fail.limit[limit], `${lng} ${limit}`).toMatch(/\{\{max\}\}/);
  });
});
