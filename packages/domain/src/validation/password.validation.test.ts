import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  passwordConfirmSchema,
  passwordSchema,
  validateNewPassword,
  validatePassword,
  validatePasswordConfirm,
} from './password.validation.ts';

describe('validatePassword', () => {
  it.each([
    ['abc1234', 'validation.password.length'], // 7
    ['abcd1234', null], // 8
    ['abcdefgh12345678', null], // 16
    ['abcdefgh123456789', 'validation.password.length'], // 17
    ['', 'validation.password.required'],
    ['abcdefgh', 'validation.password.classes'], // letters only
    ['12345678', 'validation.password.classes'], // digits only
    ['!@#$%^&*', 'validation.password.classes'], // symbols only
    ['ABCDefgh', 'validation.password.classes'], // upper + lower is still one class
    ['abcd!@#$', null],
    ['1234!@#$', null],
    ['Ab1!Ab1!', null],
    ['abcd 1234', 'validation.password.invalidChar'],
    ['密码密码1234', 'validation.password.invalidChar'],
    ['~`[]{}\\|1', null],
  ])('%j -> %s', (password, key) => {
    const r = validatePassword(password);
    expect(r.ok ? null : r.key).toBe(key);
  });

  it('length failure carries min and max', () => {
    expect(validatePassword('a1')).toEqual({
      ok: false,
      key: 'validation.password.length',
      params: { min: 8, max: 16 },
    });
  });
});

describe('confirmation and new password', () => {
  it.each([
    ['abcd1234', 'abcd1234', null],
    ['abcd1234', 'abcd1235', 'validation.password.confirmMismatch'],
    ['abcd1234', 'ABCD1234', 'validation.password.confirmMismatch'],
  ])('confirm %j / %j -> %s', (a, b, key) => {
    const r = validatePasswordConfirm(a, b);
    expect(r.ok ? null : r.key).toBe(key);
  });

  it.each([
    ['old12345', 'new12345', null],
    ['same1234', 'same1234', 'validation.password.sameAsCurrent'],
    ['old12345', 'short1', 'validation.password.length'],
  ])('current %j new %j -> %s', (current, next, key) => {
    const r = validateNewPassword(current, next);
    expect(r.ok ? null : r.key).toBe(key);
  });
});

describe('password schemas', () => {
  it('issue messages are keys', () => {
    expect(passwordSchema.safeParse('abcdefgh').error?.issues[0]?.message).toBe(
      'validation.password.classes',
    );
    expect(passwordSchema.safeParse(12345678).error?.issues[0]?.message).toBe('validation.required');
    expect(passwordSchema.safeParse('abcd1234').success).toBe(true);
  });

  it('confirmation issue is on confirm', () => {
    const r = passwordConfirmSchema.safeParse({ passwd: 'abcd1234', confirm: 'abcd12345' });
    expect(r.error?.issues).toEqual([
      expect.objectContaining({ message: 'validation.password.confirmMismatch', path: ['confirm'] }),
    ]);
    expect(passwordConfirmSchema.safeParse({ passwd: 'abcd1234', confirm: 'abcd1234' }).success).toBe(true);
  });

  it.each([
    [{ old_passwd: 'old12345', passwd: 'new12345' }, []],
    [{ old_passwd: 'old12345', passwd: 'new12345', confirm: 'new12345' }, []],
    [{ old_passwd: 'same1234', passwd: 'same1234' }, ['validation.password.sameAsCurrent']],
    [{ old_passwd: 'old12345', passwd: 'new12345', confirm: 'x' }, ['validation.password.confirmMismatch']],
    [{ old_passwd: '', passwd: 'new12345' }, ['validation.password.required']],
    [{ old_passwd: 'old12345', passwd: 'newnewnew' }, ['validation.password.classes']],
  ])('changePasswordSchema %j', (body, keys) => {
    const r = changePasswordSchema.safeParse(body);
    expect((r.error?.issues ?? []).map((i) => i.message)).toEqual(keys);
  });
});
