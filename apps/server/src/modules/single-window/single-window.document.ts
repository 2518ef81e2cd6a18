import type { IssuedDocument } from '../../db/schema/single-window.ts';
import { type DocumentDefinition, qrSvg, renderPdf } from '../../lib/pdf.ts';

// The issued reference document as a PDF: in Russian, headed in Kyrgyz and Russian, drawn from the data kept on the
// day of issue. The QR code and the verification code lead to the public page that confirms it.

const bishkekDate = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Asia/Bishkek',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** YYYY-MM-DD as DD.MM.YYYY. */
function calendarDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

const studyForms = { full_time: 'очная', part_time: 'заочная' } as const;
/** The form of study in the prepositional phrase 'по … форме обучения'. */
const studyFormsDative = { full_time: 'очной', part_time: 'заочной' } as const;

export interface IssuedOrder {
  number: string;
  issuedAt: Date;
  code: string;
  issued: IssuedDocument;
}

/**
 * The text of the document's body: who the student is and what they study. The name stands as the subject, in the
 * nominative, as it is kept: a template cannot decline a name ("выдана Жээнбеков…").
 */
export function documentStatement(doc: IssuedDocument): string {
  const born = doc.birthDate ? `, ${calendarDate(doc.birthDate)} года рождения,` : '';
  return `Настоящим подтверждается, что ${doc.fullName}${born} действительно обучается на ${doc.course} курсе по ${studyFormsDative[doc.studyForm]} форме обучения.`;
}

export async function issuedDocumentPdf(order: IssuedOrder, verificationUrl: string): Promise<Buffer> {
  const doc = order.issued;
  const facts: [string, string][] = [
    ['Студент', doc.fullName],
    ['Факультет', doc.faculty.name],
    ['Направление (специальность)', `${doc.speciality.code} «${doc.speciality.name}»`],
    ['Группа', doc.group],
    ['Форма обучения', studyForms[doc.studyForm]],
    ['Курс', String(doc.course)],
    ['Назначение', doc.purpose.name],
    ['Куда предъявляется', `${doc.district.name}, ${doc.region.name}`],
  ];
  const definition: DocumentDefinition = {
    info: { title: `Справка № ${order.number}`, author: doc.institution, subject: doc.document.name },
    pageMargins: [56, 48, 48, 56],
    content: [
      { text: doc.institution, alignment: 'center', bold: true, fontSize: 13, margin: [0, 0, 0, 18] },
      { text: 'МААЛЫМКАТ / СПРАВКА', alignment: 'center', bold: true, fontSize: 16 },
      {
        text: `${doc.document.nameKg} / ${doc.document.name}`,
        alignment: 'center',
        color: '#333333',
        margin: [0, 4, 0, 4],
      },
      {
        text: `№ ${order.number} от ${bishkekDate.format(order.issuedAt)}`,
        alignment: 'center',
        margin: [0, 0, 0, 18],
      },
      { text: documentStatement(doc), fontSize: 11, lineHeight: 1.3, margin: [0, 0, 0, 12] },
      {
        table: {
          widths: [170, '*'],
          body: facts.map(([label, value]) => [{ text: label, bold: true }, value]),
        },
        layout: { hLineWidth: () => 0.5, vLineWidth: () => 0, hLineColor: () => '#999999' },
        margin: [0, 0, 0, 18],
      },
      {
        text: `Справка выдана для предъявления: ${doc.purpose.name.toLowerCase()} (${doc.district.name}, ${doc.region.name}).`,
        margin: [0, 0, 0, 36],
      },
      {
        columns: [
          { text: `Декан факультета\n${doc.faculty.name}`, width: '*' },
          { text: '____________________\n(подпись)', width: 150, alignment: 'center' },
          { text: '\nМ. П.', width: 60, alignment: 'right' },
        ],
        margin: [0, 0, 0, 48],
      },
      {
        columns: [
          { svg: await qrSvg(verificationUrl), width: 84 },
          {
            width: '*',
            margin: [12, 4, 0, 0],
            stack: [
              { text: 'Маалымкаттын аныктыгын QR-код же төмөнкү код аркылуу текшерүүгө болот.', fontSize: 9 },
              { text: 'Подлинность справки можно проверить по QR-коду или по коду проверки:', fontSize: 9 },
              { text: order.code, bold: true, fontSize: 12, margin: [0, 6, 0, 2] },
              { text: verificationUrl, fontSize: 8, color: '#444444' },
            ],
          },
        ],
      },
    ],
  };
  return renderPdf(definition);
}
