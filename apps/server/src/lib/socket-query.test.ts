import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { socketQuery } from './socket-query.ts';

const schema = z.object({
  token: z.string().min(1).optional(),
  page: z.coerce.number().int().min(0).optional(),
});

describe('socketQuery', () => {
  it('parses each field by its schema', () => {
    expect(socketQuery(schema, { token: 'abc', page: '3' })).toEqual({ token: 'abc', page: 3 });
  });

  it('leaves out a field that fails, keeping the others', () => {
    expect(socketQuery(schema, { token: 'abc', page: '-1' })).toEqual({ token: 'abc' });
    expect(socketQuery(schema, { token: ['a', 'b'], page: '2' })).toEqual({ page: 2 });
  });

  it('reads nothing from a query that is not an object, and ignores unknown fields', () => {
    expect(socketQuery(schema, undefined)).toEqual({});
    expect(socketQuery(schema, 'token=abc')).toEqual({});
    expect(socketQuery(schema, { other: 'x' })).toEqual({});
  });
});
