import { describe, expect, it } from 'vitest';
import { markForKey } from './keys';

const scale = [
  { id_otsenka: 1, code: '5', points: 5, isAbsence: false },
  { id_otsenka: 4, code: '2', points: 2, isAbsence: false },
  { id_otsenka: 5, code: '+', points: null, isAbsence: false },
  { id_otsenka: 6, code: 'н/б', points: 0, isAbsence: true },
];

describe('markForKey', () => {
  it('maps digits, the absence and presence keys, and nothing else', () => {
    expect(markForKey('5', scale)).toBe(1);
    expect(markForKey('2', scale)).toBe(4);
    expect(markForKey('н', scale)).toBe(6);
    expect(markForKey('N', scale)).toBe(6);
    expect(markForKey('к', scale)).toBe(6);
    expect(markForKey('a', scale)).toBe(6);
    expect(markForKey('+', scale)).toBe(5);
    expect(markForKey('п', scale)).toBe(5);
    expect(markForKey('3', scale)).toBeUndefined();
    expect(markForKey('x', scale)).toBeUndefined();
    expect(markForKey('ArrowUp', scale)).toBeUndefined();
  });
});
