import { createHash } from 'node:crypto';

/**
 * The payment QR of Kyrgyzstan's national QR payment system (ELQR): a link whose part after '#' is a list of
 * EMV-style fields, each a two-digit id, a two-digit length (in characters) and the value. Field 32 (the receiving
 * provider) holds sub-fields of the same form. Field 63 closes the text: the last 4 hex digits of SHA-256 over the
 * UTF-8 text before '6304' (bank links use this hash, not EMVCo's CRC-16).
 */

export interface TlvField {
  id: string;
  value: string;
}

export class ElqrError extends Error {}

const chars = (value: string) => [...value].length;

/** Fields to text: id, length, value. */
export function encodeTlv(fields: readonly TlvField[]): string {
  return fields
    .map(({ id, value }) => {
      if (!/^\d{2}$/.test(id)) throw new ElqrError(`Field id ${id} is not two digits`);
      const length = chars(value);
      if (length > 99) throw new ElqrError(`Field ${id} is longer than 99 characters`);
      return `${id}${String(length).padStart(2, '0')}${value}`;
    })
    .join('');
}

/** Text to fields, in their order. Throws ElqrError on a malformed text. */
export function decodeTlv(text: string): TlvField[] {
  const points = [...text];
  const fields: TlvField[] = [];
  let at = 0;
  while (at < points.length) {
    const head = points.slice(at, at + 4).join('');
    if (!/^\d{4}$/.test(head)) throw new ElqrError(`Malformed field at character ${at}`);
    const length = Number(head.slice(2));
    if (at + 4 + length > points.length) throw new ElqrError(`Field ${head.slice(0, 2)} runs past the end`);
    fields.push({ id: head.slice(0, 2), value: points.slice(at + 4, at + 4 + length).join('') });
    at += 4 + length;
  }
  return fields;
}

/** The hash of field 63: the last 4 hex digits of SHA-256 over the text before its '6304'. */
export function elqrHash(textBeforeHash: string): string {
  return createHash('sha256').update(textBeforeHash, 'utf8').digest('hex').slice(-4);
}

/** What the portal's payment QR says. */
export interface ElqrPayment {
  /** Field 32, sub-field 00: the receiving provider. */
  providerId: string;
  /** Field 32, sub-field 01: the provider's service. */
  serviceCode: string;
  /** Field 32, sub-field 10: the university's account. */
  account: string;
  /** Field 32, sub-field 11: the transaction id (the payment code). */
  transactionId: string;
  /** Field 52: merchant category (ISO 18245; 8220 colleges and universities). */
  mcc: string;
  /** Field 54: tyiyn. */
  amount: number;
  /** Field 59. */
  name: string;
}

export const elqrVersion = '01';
/** Field 01: '12' a fixed amount (dynamic), '11' the payer types it (static). */
export const elqrFixedAmount = '12';
export const elqrCurrencySom = '417';

/** The payload (the part of the link after '#') of a fixed-amount payment in som. */
export function encodeElqr(p: ElqrPayment): string {
  if (!Number.isSafeInteger(p.amount) || p.amount <= 0)
    throw new ElqrError('The amount is a positive whole number of tyiyn');
  const provider = encodeTlv([
    { id: '00', value: p.providerId },
    { id: '01', value: p.serviceCode },
    { id: '10', value: p.account },
    { id: '11', value: p.transactionId },
  ]);
  const body = encodeTlv([
    { id: '00', value: elqrVersion },
    { id: '01', value: elqrFixedAmount },
    { id: '32', value: provider },
    { id: '52', value: p.mcc },
    { id: '53', value: elqrCurrencySom },
    { id: '54', value: String(p.amount) },
    { id: '59', value: p.name },
  ]);
  return `${body}6304${elqrHash(`${body}`)}`;
}

export interface DecodedElqr {
  fields: TlvField[];
  /** Field 32's sub-fields. */
  provider: TlvField[];
  /** Whether field 63 matches the text before it. */
  hashValid: boolean;
  version: string | undefined;
  kind: string | undefined;
  providerId: string | undefined;
  serviceCode: string | undefined;
  account: string | undefined;
  transactionId: string | undefined;
  mcc: string | undefined;
  currency: string | undefined;
  /** Tyiyn, or undefined when the field is absent. */
  amount: number | undefined;
  name: string | undefined;
}

/** Reads a payload, or a whole link (the part after '#', percent-decoded); checks field 63. */
export function decodeElqr(input: string): DecodedElqr {
  const hashAt = input.indexOf('#');
  const payload = hashAt >= 0 ? decodeURIComponent(input.slice(hashAt + 1)) : input;
  const fields = decodeTlv(payload);
  const last = fields[fields.length - 1];
  if (last?.id !== '63' || chars(last.value) !== 4) throw new ElqrError('The payload does not end with field 63');
  const before = payload.slice(0, payload.length - 8);
  const get = (list: TlvField[], id: string) => list.find((f) => f.id === id)?.value;
  const providerText = get(fields, '32');
  const provider = providerText === undefined ? [] : decodeTlv(providerText);
  const amount = get(fields, '54');
  if (amount !== undefined && !/^\d+$/.test(amount)) throw new ElqrError('Field 54 is not a whole number of tyiyn');
  return {
    fields,
    provider,
    hashValid: elqrHash(before) === last.value.toLowerCase(),
    version: get(fields, '00'),
    kind: get(fields, '01'),
    providerId: get(provider, '00'),
    serviceCode: get(provider, '01'),
    account: get(provider, '10'),
    transactionId: get(provider, '11'),
    mcc: get(fields, '52'),
    currency: get(fields, '53'),
    amount: amount === undefined ? undefined : Number(amount),
    name: get(fields, '59'),
  };
}

/** The link that opens a bank app (or the national router) with the payment filled in: prefix + '#' + payload. */
export function elqrLink(prefix: string, payload: string): string {
  return `${prefix}#${encodeURIComponent(payload)}`;
}
