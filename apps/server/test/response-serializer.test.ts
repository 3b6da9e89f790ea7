import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parsesAsItEncodes, responseSerializerCompiler } from '../src/http/response-serializer';

/** Answers are checked with zod's parse (one pass) where that equals encode (two passes for checks). */
describe('response serialiser', () => {
  it('uses parse only for schemas with no transform, default, pipe or lazy part anywhere', () => {
    expect(parsesAsItEncodes(z.object({ id: z.int().min(1), tags: z.array(z.string()).nullable() }))).toBe(true);
    expect(parsesAsItEncodes(z.object({ a: z.union([z.literal('x'), z.object({ b: z.number() })]) }))).toBe(true);
    expect(parsesAsItEncodes(z.object({ a: z.array(z.string().transform((s) => s.trim())) }))).toBe(false);
    expect(parsesAsItEncodes(z.object({ a: z.string().default('x') }))).toBe(false);
    expect(parsesAsItEncodes(z.object({ a: z.string().pipe(z.string()) }))).toBe(false);
  });

  it('still drops undeclared fields and refuses a wrong shape (a 500, not a leak)', () => {
    const serialize = responseSerializerCompiler({
      schema: z.object({ id: z.int(), user: z.object({ name: z.string() }) }),
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    } as never);
    expect(serialize({ id: 1, password_hash: 'h', user: { name: 'A', token: 't' } })).toBe(
      '{"id":1,"user":{"name":"A"}}',
    );
    expect(() => serialize({ id: 'one', user: { name: 'A' } })).toThrow();
  });
});
