/**
 * The one way the portal writes CSV (the server's exports and templates, the web app's credential slips). No imports.
 *
 * A spreadsheet program may split a line on ',' or on ';' (Excel in a Russian or Kyrgyz locale does), and runs a cell
 * that starts with = + - @ as a formula. Split on the other delimiter than the file's, a line's quotes no longer hold
 * its fields together: a cell may then start anywhere after a ',' or a ';' or a line break inside a field. So every
 * place where a cell could start (the field's start too), past spaces and quotes, gets an apostrophe before a formula
 * character (the spreadsheet shows the rest as text), a field that starts with a tab or a carriage return gets one too,
 * and every field that holds either delimiter, a quote or a line break is quoted.
 */

/** Where a spreadsheet could start a cell inside a field, followed (past spaces and quotes) by a formula character. */
const formulaAtCellStart = /(^|[,;\r\n])([\s"]*)(?=[=+\-@\uff1d\uff0b\uff0d\uff20])/g;
const mustQuote = /[",;\r\n]/;

/** One field, safe for a spreadsheet. */
export function csvField(value: string | number): string {
  let text = String(value).replace(formulaAtCellStart, "$1$2'");
  if (/^[\t\r]/.test(text)) text = `'${text}`;
  return mustQuote.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Lines of fields as CSV: comma-separated, CRLF line ends, UTF-8's byte-order mark first (so Excel reads Cyrillic). */
export function csvText(lines: readonly (readonly (string | number)[])[]): string {
  return `\uFEFF${lines.map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;
}
