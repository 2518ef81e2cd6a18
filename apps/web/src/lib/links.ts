/** A piece of a text: plain text, or a web address to show as a link. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const candidate = /\bhttps?:\/\/[^\s<>"'`]+/giu;
/** Punctuation that ends a sentence rather than an address. */
const trailing = /[.,;:!?'"»”’]+$/u;

/** Cuts closing brackets that close nothing inside the address ("(see https://x.org/a)" keeps "https://x.org/a"). */
function balance(url: string): string {
  let result = url;
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
    ['{', '}'],
  ] as const) {
    while (result.endsWith(close) && result.split(close).length > result.split(open).length) {
      result = result.slice(0, -1).replace(trailing, '');
    }
  }
  return result;
}

function cleanUrl(raw: string): string {
  let url = raw;
  for (;;) {
    const next = balance(url.replace(trailing, ''));
    if (next === url) return url;
    url = next;
  }
}

/**
 * Splits a text into plain parts and http(s) addresses, in order; the parts joined give the text back.
 * Only well-formed http and https addresses become links (never javascript: or other schemes).
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(candidate)) {
    const start = match.index ?? 0;
    const url = cleanUrl(match[0]);
    let href: string | null = null;
    try {
      const parsed = new URL(url);
      if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname) href = parsed.href;
    } catch {
      href = null;
    }
    if (!href) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: url, href });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
