import { describe, expect, it } from 'vitest';
import { parseSom, somInputText } from './money';

describe('som and tyiyn', () => {
  it('reads typed amounts as whole tyiyn, without floating point', () => {
    expect(parseSom('700')).toBe(70000);
    expect(parseSom('1 234,5')).toBe(123450);
    expect(parseSom('1234.05')).toBe(123405);
    expect(parseSom('0,29')).toBe(29);
    expect(parseSom('1.005')).toBeNull();
    expect(parseSom('-5')).toBeNull();
    expect(parseSom('0')).toBeNull();
    expect(parseSom('abc')).toBeNull();
    expect(parseSom('')).toBeNull();
  });

  it('writes tyiyn back into the field as typed', () => {
    expect(somInputText(70000, 'ru')).toBe('700');
    expect(somInputText(70050, 'ru')).toBe('700,50');
    expect(somInputText(70005, 'en')).toBe('700.05');
  });
});
