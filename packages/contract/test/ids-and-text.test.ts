import { describe, expect, it } from 'vitest';
import { ID_ARRAY_MAX, idArraySchema, idSchema } from '../src/ids';
import { findUnstorableText, isStorableText, safeString } from '../src/text';

describe('idSchema (one id schema for the whole API)', () => {
  it.each([1, '1', 2147483647, '2147483647', '42'])('accepts %j', (value) => {
    expect(idSchema().parse(value)).toBe(Number(value));
  });
  it.each([
    0,
    -1,
    2147483648,
    1.5,
    '0',
    '2147483648',
    '99999999999',
    ' 1',
    '1 ',
    '0x10',
    '1e3',
    '01',
    '+1',
    '-1',
    '',
    null,
    true,
    [],
  ])('refuses %j', (value) => {
    expect(idSchema().safeParse(value).success).toBe(false);
  });
  it('uses the given message for every failure', () => {
    const result = idSchema('Pick one').safeParse('0x10');
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Pick one']);
  });
  it('caps id arrays', () => {
    const ids = Array.from({ length: ID_ARRAY_MAX + 1 }, (_, i) => i + 1);
    expect(idArraySchema().safeParse(ids).success).toBe(false);
    expect(idArraySchema().safeParse(ids.slice(1)).success).toBe(true);
  });
});

describe('storable text', () => {
  it.each(['plain', 'émoji 📦', '', 'tab\tand newline\n'])('accepts %j', (value) => {
    expect(isStorableText(value)).toBe(true);
    expect(safeString().safeParse(value).success).toBe(true);
  });
  it.each(['a\u0000b', '\ud800', 'x\udc00', '\ud800\ud800', 'end\ud83d'])('refuses %j', (value) => {
    expect(isStorableText(value)).toBe(false);
    expect(safeString().safeParse(value).success).toBe(false);
  });
  it('finds the first unstorable value anywhere in a request, keys included', () => {
    expect(findUnstorableText({ a: 'ok', b: [{ c: 'x\u0000' }] })).toEqual(['b', '0', 'c']);
    expect(findUnstorableText({ '\ud800': 1 })).toEqual(['\ud800']);
    expect(findUnstorableText({ a: ['fine', 2, null] })).toBeUndefined();
    expect(findUnstorableText({ a: { ok: 'x', b: { 'k\udc00': 'y' } } })).toEqual(['a', 'b', 'k\udc00']);
    expect(findUnstorableText({ emoji: 'ok \ud83d\ude00', list: [['deep', 'bad\u0000']] })).toEqual(['list', '0', '1']);
    expect(findUnstorableText('top\u0000')).toEqual([]);
  });
});
