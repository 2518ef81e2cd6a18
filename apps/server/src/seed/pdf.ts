/**
 * A minimal, valid one-page PDF (PDF 1.4, Helvetica, A4) with the given lines of text: the demo library's books are
 * real documents a browser can show. Text is limited to printable ASCII (the standard fonts carry no Cyrillic).
 */
export function minimalPdf(lines: string[]): Buffer {
  const pdfText = (text: string) =>
    text
      .replace(/[^\x20-\x7e]/g, '?')
      .replace(/[\\()]/g, (c) => `\\${c}`)
      .slice(0, 90);
  const content = [
    'BT',
    '/F1 16 Tf',
    '72 770 Td',
    '22 TL',
    ...lines.map((line, i) => `${i === 0 ? '' : 'T* '}(${pdfText(line)}) Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
