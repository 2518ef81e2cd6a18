import {
  dammInterim,
  dammQuasigroup,
  formatPaymentCode,
  isPaymentCode,
  paymentCodeOf,
} from '@okuu/contracts/payment/payment-code';
import { describe, expect, it } from 'vitest';

const digits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const op = (a: number, b: number) => (dammQuasigroup[a] as readonly number[])[b] as number;

describe('the Damm check digit', () => {
  // Damm's check accepts a code when its interim digit is 0. These properties of the table hold for codes of any
  // length: proved here by checking every entry, then confirmed by brute force on real codes below.
  it('is a quasigroup: every row and every column is a permutation of 0–9 (one changed digit changes the result)', () => {
    for (const a of digits) {
      expect(new Set(digits.map((b) => op(a, b))).size).toBe(10);
      expect(new Set(digits.map((b) => op(b, a))).size).toBe(10);
    }
  });

  it('is weakly totally anti-symmetric: no interim digit makes two different neighbours commute', () => {
    for (const c of digits)
      for (const x of digits)
        for (const y of digits) {
          if (x !== y) expect(op(op(c, x), y)).not.toBe(op(op(c, y), x));
        }
  });

  it('has zeros on the diagonal, so the check digit brings the interim to 0', () => {
    for (const a of digits) expect(op(a, a)).toBe(0);
  });

  it('catches every single-digit error and every adjacent swap in every code of a 4-digit body', () => {
    let checked = 0;
    for (let n = 1000; n <= 9999; n++) {
      const code = `${n}${dammInterim(String(n))}`;
      expect(dammInterim(code)).toBe(0);
      for (let i = 0; i < code.length; i++) {
        for (const d of digits) {
          if (String(d) === code[i]) continue;
          expect(dammInterim(code.slice(0, i) + d + code.slice(i + 1))).not.toBe(0);
          checked++;
        }
        if (i + 1 < code.length && code[i] !== code[i + 1]) {
          const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
          expect(dammInterim(swapped)).not.toBe(0);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(400_000);
  });

  it('catches every single-digit error and adjacent swap of real 9-digit payment codes', () => {
    for (const body of ['10000000', '12345678', '70000001', '98765432', '55555555', '90909090']) {
      const code = paymentCodeOf(body);
      expect(isPaymentCode(code)).toBe(true);
      expect(isPaymentCode(formatPaymentCode(code))).toBe(true);
      for (let i = 0; i < code.length; i++) {
        for (const d of digits) {
          const typo = code.slice(0, i) + d + code.slice(i + 1);
          if (typo !== code) expect(isPaymentCode(typo)).toBe(false);
        }
        const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
        if (i + 1 < code.length && swapped !== code) expect(isPaymentCode(swapped)).toBe(false);
      }
    }
  });

  it('formats codes in threes and refuses malformed ones', () => {
    expect(formatPaymentCode('123456789')).toBe('123 456 789');
    expect(paymentCodeOf('12345678')).toHaveLength(9);
    expect(() => paymentCodeOf('0123456')).toThrow();
    expect(isPaymentCode('')).toBe(false);
    expect(isPaymentCode('12345678')).toBe(false);
    expect(isPaymentCode('abcdefghi')).toBe(false);
  });
});
