import { describe, expect, it } from 'vitest';
import { formatSom, parseSom, somInputText } from './money';

describe('som and tyiyn', () => {
  it('shows tyiyn as som with two decimals in each language', () => {
    expect(formatSom(123456, 'ru')).toBe('1\u00a0234,56');
    expect(formatSom(123456, 'kg')).toBe('1\u00a0234,56');
    expect(formatSom(123456, 'en')).toBe('1,234.56');
    expect(formatSom(50000, 'ru')).toBe('500,00');
    expect(formatSom(5, 'en')).toBe('0.05');
    expect(formatSom(1_000_000_00, 'en')).toBe('1,000,000.00');
  });

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
