import { paymentCodeOf } from '@okuu/contracts/payment/payment-code';
import type { Db } from '../db/client.ts';
import { paidServices, paymentCodes, payments, paymentTransfers } from '../db/schema/payment.ts';

const som = (n: number) => n * 100;

/** The demo university's paid services (tyiyn): fixed prices, and two whose amount the payer chooses. */
const demoServices = [
  {
    name: 'Пересдача экзамена',
    nameKg: 'Экзаменди кайра тапшыруу',
    nameEn: 'Exam retake',
    price: som(500),
  },
  {
    name: 'Справка с места учёбы (срочная)',
    nameKg: 'Окуган жеринен маалымкат (шашылыш)',
    nameEn: 'Certificate of enrolment (urgent)',
    price: som(150),
  },
  {
    name: 'Дубликат зачётной книжки',
    nameKg: 'Зачёт китепчесинин дубликаты',
    nameEn: 'Duplicate record book',
    price: som(300),
  },
  {
    name: 'Место в общежитии (месяц)',
    nameKg: 'Жатаканадагы орун (ай)',
    nameEn: 'Dormitory place (month)',
    price: som(2500),
  },
  {
    name: 'Оплата за обучение',
    nameKg: 'Окуу акысы',
    nameEn: 'Tuition fee',
    price: som(10000),
    amountEditable: true,
    minAmount: som(1000),
    maxAmount: som(120000),
  },
  {
    name: 'Летний семестр (за кредит)',
    nameKg: 'Жайкы семестр (кредит үчүн)',
    nameEn: 'Summer semester (per credit)',
    price: som(1200),
    amountEditable: true,
    minAmount: som(1200),
    maxAmount: som(12000),
  },
];

/** Services, and one paid bank transfer of `studentId` so that the staff list has a row to show. */
export async function seedPayments(db: Db, opts: { studentId: number; year: number }, now: Date): Promise<number> {
  const rows = await db
    .insert(paidServices)
    .values(
      demoServices.map((s, i) => ({
        amountEditable: false,
        minAmount: s.price,
        maxAmount: s.price,
        ...s,
        sortOrder: i + 1,
      })),
    )
    .returning({ id: paidServices.id, price: paidServices.price });
  const service = rows[1] as { id: number; price: number };
  const code = paymentCodeOf('70000001');
  await db
    .insert(paymentCodes)
    .values({ code, studentId: opts.studentId, serviceId: service.id, academicYearId: opts.year });
  const paidAt = new Date(now.getTime() - 3 * 24 * 3600_000);
  const [payment] = await db
    .insert(payments)
    .values({
      studentId: opts.studentId,
      serviceId: service.id,
      academicYearId: opts.year,
      code,
      amount: service.price,
      received: service.price,
      method: 'bank',
      status: 'paid',
      provider: 'bank',
      providerRef: 'DEMO-TRANSFER-1',
      createdAt: paidAt,
      updatedAt: paidAt,
      paidAt,
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error('The demo payment was not stored');
  await db.insert(paymentTransfers).values({
    paymentId: payment.id,
    provider: 'bank',
    providerRef: 'DEMO-TRANSFER-1',
    amount: service.price,
    receivedAt: paidAt,
  });
  return rows.length;
}
