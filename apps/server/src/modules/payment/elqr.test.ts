import { describe, expect, it } from 'vitest';
import { decodeElqr, decodeTlv, ElqrError, elqrHash, elqrLink, encodeElqr, encodeTlv } from './elqr.ts';

// Payment links published by Kyrgyz banks and payment services (the amounts and names as they appear there).
const published = {
  demir:
    '00020101021232990015qr.demirbank.kg0108ib_andro1016118000035393208912021213021211328454d5b3ee5d47c7b61c0a0b07bb939a5204482953034175405100535909DEMIRBANK6304283f',
  mbank:
    'https://app.mbank.kg/qr/#00020101021232890012c2b.mbank.kg010201101610305200303852221131QrKRbdrg6GYLuGskMRu2fDXp5aag1rA12021213021252049999530341754038005911Mnogo%20rolly63046524',
  finik:
    'https://qr.finik.kg/#00020101021232810011qr.finik.kg0114averspay-items1032989e4c5623344b6b9869ef8c64e67e33120212130212520448295303417540451305908Finik-QR6304f11d',
};

describe('ELQR payment links', () => {
  it('reads published links and confirms their SHA-256 field 63', () => {
    const demir = decodeElqr(published.demir);
    expect(demir.hashValid).toBe(true);
    expect(demir).toMatchObject({
      version: '01',
      kind: '12',
      providerId: 'qr.demirbank.kg',
      account: '1180000353932089',
      transactionId: '8454d5b3ee5d47c7b61c0a0b07bb939a',
      mcc: '4829',
      currency: '417',
      amount: 10053,
      name: 'DEMIRBANK',
    });
    const mbank = decodeElqr(published.mbank);
    expect(mbank.hashValid).toBe(true);
    expect(mbank).toMatchObject({ providerId: 'c2b.mbank.kg', amount: 800, name: 'Mnogo rolly', mcc: '9999' });
    const finik = decodeElqr(published.finik);
    expect(finik.hashValid).toBe(true);
    expect(finik).toMatchObject({ providerId: 'qr.finik.kg', serviceCode: 'averspay-items', amount: 5130 });
  });

  it('encodes the fields of a published link back to the same text', () => {
    const demir = decodeElqr(published.demir);
    const provider = encodeTlv(demir.provider);
    const body = encodeTlv(
      demir.fields.filter((f) => f.id !== '63').map((f) => (f.id === '32' ? { id: '32', value: provider } : f)),
    );
    expect(`${body}6304${elqrHash(body)}`).toBe(published.demir);
  });

  it("builds the portal's payment QR, which decodes to the same fields with a valid hash", () => {
    const payload = encodeElqr({
      providerId: 'qr.okuu.kg',
      serviceCode: 'okuu-fees',
      account: '1180000000000000',
      transactionId: '123456782',
      mcc: '8220',
      amount: 50_000,
      name: 'OKUU UNIVERSITY',
    });
    expect(payload.startsWith('000201010212')).toBe(true);
    expect(payload).toMatch(/6304[0-9a-f]{4}$/);
    const decoded = decodeElqr(payload);
    expect(decoded.hashValid).toBe(true);
    expect(decoded.fields.map((f) => f.id)).toEqual(['00', '01', '32', '52', '53', '54', '59', '63']);
    expect(decoded.provider.map((f) => [f.id, f.value])).toEqual([
      ['00', 'qr.okuu.kg'],
      ['01', 'okuu-fees'],
      ['10', '1180000000000000'],
      ['11', '123456782'],
    ]);
    expect(decoded).toMatchObject({ currency: '417', amount: 50_000, mcc: '8220', name: 'OKUU UNIVERSITY' });
    // The link: prefix, '#', the payload percent-encoded (a space in the name as %20).
    const link = elqrLink('https://pay.payqr.kg/', payload);
    expect(link).toBe(`https://pay.payqr.kg/#${payload.replace(/ /g, '%20')}`);
    expect(decodeElqr(link)).toMatchObject({ hashValid: true, amount: 50_000, transactionId: '123456782' });
  });

  it('counts lengths in characters and hashes the UTF-8 text (a Cyrillic name)', () => {
    const payload = encodeElqr({
      providerId: 'p',
      serviceCode: 's',
      account: '1',
      transactionId: '2',
      mcc: '8220',
      amount: 1,
      name: 'Окуу',
    });
    expect(payload).toContain('5904Окуу6304');
    expect(decodeElqr(payload)).toMatchObject({ name: 'Окуу', hashValid: true });
  });

  it('notices any change to a signed text, and refuses malformed ones', () => {
    const changed = published.demir.replace('5405100535909', '5405900535909');
    expect(decodeElqr(changed).hashValid).toBe(false);
    expect(() => decodeTlv('0002')).toThrow(ElqrError);
    expect(() => decodeTlv('00x201')).toThrow(ElqrError);
    expect(() => decodeElqr('000201')).toThrow(ElqrError);
    expect(() => encodeTlv([{ id: '5', value: 'x' }])).toThrow(ElqrError);
    expect(() => encodeTlv([{ id: '59', value: 'x'.repeat(100) }])).toThrow(ElqrError);
  });
});
