import { describe, expect, it } from 'vitest';
import { returnPath } from '../../../lib/session';
import { tokenOfScan } from './detector';

describe('check-in links', () => {
  const origin = 'https://portal.example';

  it("takes the token of this portal's check-in link only", () => {
    expect(tokenOfScan(`${origin}/lms/public/checkin?t=12.345.abc`, origin)).toBe('12.345.abc');
    expect(tokenOfScan('https://elsewhere.example/lms/public/checkin?t=12.345.abc', origin)).toBeNull();
    expect(tokenOfScan(`${origin}/lms/news?t=1`, origin)).toBeNull();
    expect(tokenOfScan('just some text', origin)).toBeNull();
  });

  it('returns after sign-in to a page of the portal, never elsewhere', () => {
    expect(returnPath('?next=%2Flms%2Fpublic%2Fcheckin%3Fk%3Dk1.2.x')).toBe('/lms/public/checkin?k=k1.2.x');
    expect(returnPath('?next=//evil.example/lms/')).toBe('/lms');
    expect(returnPath('?next=https://evil.example/lms/x')).toBe('/lms');
    expect(returnPath('?next=/lms//evil.example')).toBe('/lms');
    expect(returnPath('?next=/lms/login')).toBe('/lms');
    expect(returnPath('')).toBe('/lms');
  });
});
