import type { BankApp } from '@okuu/contracts/payment/bank-apps';

/**
 * The mobile bank apps that open an ELQR link, with their link prefixes; the national universal router (which offers
 * every bank app) first. Each logo is a plain letter mark in the bank's colours, drawn here (not the bank's own logo).
 */
interface BankAppDef {
  id: string;
  name: string;
  nameKg?: string;
  nameEn?: string;
  prefix: string;
  mark: string;
  background: string;
  foreground?: string;
}

const banks: readonly BankAppDef[] = [
  {
    id: 'universal',
    name: 'Любой банк (ELQR)',
    nameKg: 'Каалаган банк (ELQR)',
    nameEn: 'Any bank (ELQR)',
    prefix: 'https://pay.payqr.kg/',
    mark: 'QR',
    background: '#4967a3',
  },
  { id: 'mbank', name: 'MBank', prefix: 'https://app.mbank.kg/qr/', mark: 'M', background: '#00a79d' },
  {
    id: 'odengi',
    name: 'O!Деньги',
    nameEn: 'O!Dengi',
    prefix: 'https://api.dengi.o.kg/',
    mark: 'O!',
    background: '#e4007c',
  },
  { id: 'bakai', name: 'Bakai', prefix: 'https://bakai.app/', mark: 'B', background: '#0b8a43' },
  { id: 'optima', name: 'Optima24', prefix: 'https://pay.payqr.kg/', mark: 'O', background: '#c8102e' },
  { id: 'kicb', name: 'KICB', prefix: 'https://bank.kicb.net/', mark: 'K', background: '#1d4f91' },
  { id: 'demir', name: 'DemirBank', prefix: 'https://retail.demirbank.kg/', mark: 'D', background: '#e30613' },
  { id: 'eldik', name: 'Элдик', nameEn: 'Eldik', prefix: 'https://app.eldik.kg/', mark: 'Э', background: '#00853f' },
  {
    id: 'finik',
    name: 'Finik',
    prefix: 'https://qr.finik.kg/',
    mark: 'F',
    background: '#ffb400',
    foreground: '#1a1a1a',
  },
];

/** A 48×48 rounded square with the mark's letters, as an SVG data: URL. */
function letterMark(mark: string, background: string, foreground = '#ffffff'): string {
  const size = mark.length > 1 ? 20 : 26;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">` +
    `<rect width="48" height="48" rx="11" fill="${background}"/>` +
    `<text x="24" y="24" dy="0.36em" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${size}" fill="${foreground}">${mark}</text>` +
    `</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export const bankAppList: readonly BankApp[] = banks.map((b) => ({
  id: b.id,
  name: b.name,
  nameKg: b.nameKg ?? b.name,
  nameEn: b.nameEn ?? b.name,
  logo: letterMark(b.mark, b.background, b.foreground),
  prefix: b.prefix,
}));
