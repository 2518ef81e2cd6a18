/** The portal's own pages: scripts and styles from the portal only; calls and the chat socket to the portal only. */
const contentSecurityPolicy = [
  "default-src 'self'",
  // WebAssembly may be compiled (the check-in page's QR reader), never JavaScript from strings.
  "script-src 'self' 'wasm-unsafe-eval'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  // The portal's own address only: 'self' takes in its ws: and wss: (CSP level 3), and no other host.
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join(';');

/** A PDF shown inline by the browser's viewer in a frame of the portal's own pages. */
export const pdfPreviewPolicy = contentSecurityPolicy.replace("frame-ancestors 'none'", "frame-ancestors 'self'");

/** What every reply carries. */
const everyReply = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/** The headers of a page or an asset of the web app (and of the API docs page): the portal's full policy. */
export const documentHeaders: Readonly<Record<string, string>> = {
  ...everyReply,
  'content-security-policy': contentSecurityPolicy,
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * The headers of an API reply: JSON or a file, never a page, so its policy lets it load nothing and be framed by
 * nobody. (Short, too: the busiest replies are small, and the headers would be most of their bytes. A handler may
 * still loosen it, e.g. for a PDF preview.)
 */
export const apiHeaders: Readonly<Record<string, string>> = {
  ...everyReply,
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
};
