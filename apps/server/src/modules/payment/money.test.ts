import { describe, expect, it } from 'vitest';
import { bishkekTime, formatSom } from './money.ts';

describe('receipt formatting', () => {
  it('shows tyiyn as som with two decimals, without floating point', () => {
    expect(formatSom(15_000_50, 'en')).toBe('15,000.50');
    expect(formatSom(15_000_50, 'ru').replace(/\s/g, ' ')).toBe('15 000,50');
    expect(formatSom(1, 'en')).toBe('0.01');
    expect(formatSom(2_147_483_647, 'en')).toBe('21,474,836.47');
  });

  it('shows times in Bishkek', () => {
    expect(bishkekTime(new Date('2026-01-31T20:05:00Z'))).toBe('01.02.2026 02:05');
  });
});
