import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pdfmake from 'pdfmake';
import { bishkekTime, formatSom, type Lang } from './money.ts';
import type { PaymentRow } from './payment.repository.ts';

const fontDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/fonts');

// DejaVu Sans has the Cyrillic and Kyrgyz letters (ң, ө, ү). Nothing is read from outside the fonts' folder.
pdfmake.setFonts({
  DejaVuSans: {
    normal: path.join(fontDir, 'DejaVuSans.ttf'),
    bold: path.join(fontDir, 'DejaVuSans-Bold.ttf'),
    italics: path.join(fontDir, 'DejaVuSans.ttf'),
    bolditalics: path.join(fontDir, 'DejaVuSans-Bold.ttf'),
  },
});
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir + path.sep));

const labels = {
  ru: {
    title: 'Квитанция об оплате',
    number: 'Платёж №',
    payer: 'Плательщик',
    group: 'Группа',
    service: 'Услуга',
    year: 'Учебный год',
    code: 'Код оплаты',
    method: 'Способ оплаты',
    bank: 'Банковский перевод',
    card: 'Банковская карта',
    amount: 'Сумма',
    som: 'сом',
    paidAt: 'Оплачено',
    reference: 'Номер операции',
    status: 'Статус',
    paid: 'Оплачено',
    due: 'Стоимость услуги',
    surplus: 'Переплата',
    test: 'ТЕСТОВЫЙ ПЛАТЁЖ',
    testNote: 'Тестовый платёж через песочницу: деньги не списывались, квитанция не подтверждает оплату.',
    note: 'Время указано по Бишкеку. Квитанция сформирована порталом.',
  },
  kg: {
    title: 'Төлөм квитанциясы',
    number: 'Төлөм №',
    payer: 'Төлөөчү',
    group: 'Топ',
    service: 'Кызмат',
    year: 'Окуу жылы',
    code: 'Төлөм коду',
    method: 'Төлөө ыкмасы',
    bank: 'Банк которуусу',
    card: 'Банк картасы',
    amount: 'Сумма',
    som: 'сом',
    paidAt: 'Төлөнгөн',
    reference: 'Операциянын номери',
    status: 'Абалы',
    paid: 'Төлөнгөн',
    due: 'Кызматтын баасы',
    surplus: 'Ашыкча төлөм',
    test: 'СЫНОО ТӨЛӨМҮ',
    testNote: 'Сыноо чөйрөсүндөгү төлөм: акча алынган жок, квитанция төлөмдү тастыктабайт.',
    note: 'Убакыт Бишкек боюнча көрсөтүлгөн. Квитанцияны портал түздү.',
  },
  en: {
    title: 'Payment receipt',
    number: 'Payment No.',
    payer: 'Payer',
    group: 'Group',
    service: 'Service',
    year: 'Academic year',
    code: 'Payment code',
    method: 'Method',
    bank: 'Bank transfer',
    card: 'Bank card',
    amount: 'Amount',
    som: 'som',
    paidAt: 'Paid',
    reference: 'Transaction reference',
    status: 'Status',
    paid: 'Paid',
    due: 'Price of the service',
    surplus: 'Surplus',
    test: 'TEST PAYMENT',
    testNote: 'A test payment through the sandbox: no money was taken, and this receipt confirms no payment.',
    note: 'Times are Bishkek time. Receipt issued by the portal.',
  },
} satisfies Record<Lang, Record<string, string>>;

/**
 * The receipt of a paid payment, as a one-page A5 PDF in the reader's language: the amount is what arrived (a surplus
 * over the price shown apart); a test payment says so in its title and its note.
 */
export async function receiptPdf(row: PaymentRow, university: string, lang: Lang): Promise<Buffer> {
  const l = labels[lang];
  const serviceName = lang === 'kg' ? row.service.nameKg : lang === 'en' ? row.service.nameEn : row.service.name;
  const line = (label: string, value: string) => [{ text: label, color: '#555555' }, { text: value }];
  const doc = pdfmake.createPdf({
    pageSize: 'A5',
    pageMargins: [36, 40, 36, 40],
    info: { title: `${l.title} ${row.id}`, creator: university },
    defaultStyle: { font: 'DejaVuSans', fontSize: 10, lineHeight: 1.2 },
    content: [
      { text: university, bold: true, fontSize: 12, color: '#4967a3' },
      { text: l.title, bold: true, fontSize: 16, margin: [0, 10, 0, 2] },
      ...(row.test ? [{ text: l.test, bold: true, fontSize: 14, color: '#c92a2a', margin: [0, 0, 0, 2] }] : []),
      { text: `${l.number} ${row.id}`, color: '#555555', margin: [0, 0, 0, 12] },
      {
        table: {
          widths: [110, '*'],
          body: [
            line(l.payer, row.student.fullName),
            line(l.group, row.student.group ?? '—'),
            line(l.service, serviceName),
            line(l.year, row.year.name),
            line(l.code, row.code),
            line(l.method, row.method === 'card' ? l.card : l.bank),
            line(l.paidAt, row.paidAt ? bishkekTime(row.paidAt) : '—'),
            line(l.reference, row.providerRef ?? '—'),
            line(l.status, row.test ? `${l.paid} (${l.test})` : l.paid),
            ...(row.received > row.amount
              ? [
                  line(l.due, `${formatSom(row.amount, lang)} ${l.som}`),
                  line(l.surplus, `${formatSom(row.received - row.amount, lang)} ${l.som}`),
                ]
              : []),
          ],
        },
        layout: {
          hLineWidth: (i: number) => (i === 0 ? 0 : 0.5),
          vLineWidth: () => 0,
          hLineColor: () => '#cccccc',
          paddingTop: () => 4,
          paddingBottom: () => 4,
        },
      },
      {
        columns: [
          { text: l.amount, bold: true, fontSize: 13 },
          { text: `${formatSom(row.received, lang)} ${l.som}`, bold: true, fontSize: 13, alignment: 'right' },
        ],
        margin: [0, 14, 0, 14],
      },
      ...(row.test ? [{ text: l.testNote, fontSize: 9, bold: true, color: '#c92a2a', margin: [0, 0, 0, 6] }] : []),
      { text: l.note, fontSize: 8, color: '#777777' },
    ],
  });
  return doc.getBuffer();
}
