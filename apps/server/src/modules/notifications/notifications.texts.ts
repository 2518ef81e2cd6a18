import type { NotificationKind } from '@okuu/contracts/notifications/kinds';

/**
 * What a push says, in the device's language (the portal's list renders the same kinds from the web's catalogues).
 * Only a title, a short text and the screen it opens: nothing the screen would not show its reader.
 */
export type PushLang = 'ru' | 'kg' | 'en';
type Params = Record<string, unknown>;

const orderStatus: Record<PushLang, Record<string, string>> = {
  ru: { preparing: 'готовится', prepared: 'готова — можно скачать', canceled: 'отменена', waiting: 'в очереди' },
  kg: {
    preparing: 'даярдалууда',
    prepared: 'даяр — жүктөп алсаңыз болот',
    canceled: 'жокко чыгарылды',
    waiting: 'кезекте',
  },
  en: {
    preparing: 'is being prepared',
    prepared: 'is ready to download',
    canceled: 'was cancelled',
    waiting: 'is waiting',
  },
};
const paymentStatus: Record<PushLang, Record<string, string>> = {
  ru: { paid: 'Оплата подтверждена', partial: 'Оплачено частично', failed: 'Оплата не прошла' },
  kg: { paid: 'Төлөм ырасталды', partial: 'Жарым-жартылай төлөндү', failed: 'Төлөм өткөн жок' },
  en: { paid: 'Payment confirmed', partial: 'Partly paid', failed: 'Payment failed' },
};

const texts: Record<NotificationKind, (lang: PushLang, p: Params, n: number) => { title: string; body: string }> = {
  order: (l, p) => ({
    title: { ru: 'Справка', kg: 'Маалымкат', en: 'Reference' }[l],
    body: `${{ ru: 'Ваша справка', kg: 'Сиздин маалымкатыңыз', en: 'Your reference' }[l]} ${orderStatus[l][String(p.status)] ?? ''}`.trim(),
  }),
  payment: (l, p) => ({
    title: { ru: 'Оплата', kg: 'Төлөм', en: 'Payment' }[l],
    body: paymentStatus[l][String(p.status)] ?? paymentStatus[l].paid ?? '',
  }),
  grade: (l, p) => ({
    title: { ru: 'Ведомость', kg: 'Ведомость', en: 'Grading sheet' }[l],
    body:
      p.event === 'reopened'
        ? {
            ru: 'Ведомость открыта для исправлений',
            kg: 'Ведомость оңдоо үчүн ачылды',
            en: 'A grading sheet was reopened',
          }[l]
        : p.event === 'issued'
          ? {
              ru: 'Вам выписана ведомость пересдачи',
              kg: 'Сизге кайра тапшыруу ведомосту берилди',
              en: 'A retake sheet was issued to you',
            }[l]
          : {
              ru: 'Ведомость закрыта: итог в транскрипте',
              kg: 'Ведомость жабылды: жыйынтык транскриптте',
              en: 'A grading sheet was closed: see your transcript',
            }[l],
  }),
  timetable: (l) => ({
    title: { ru: 'Расписание', kg: 'Сабак жадыбалы', en: 'Timetable' }[l],
    body: { ru: 'В расписании изменения', kg: 'Сабак жадыбалында өзгөрүүлөр бар', en: 'Your timetable has changed' }[l],
  }),
  news: (l, _p, n) => ({
    title: { ru: 'Новости', kg: 'Жаңылыктар', en: 'News' }[l],
    body:
      n > 1
        ? { ru: `Новых публикаций: ${n}`, kg: `Жаңы жарыялар: ${n}`, en: `${n} new posts` }[l]
        : { ru: 'Новая публикация', kg: 'Жаңы жарыя', en: 'A new post' }[l],
  }),
  import: (l, p) => ({
    title: { ru: 'Импорт данных', kg: 'Маалыматтарды импорттоо', en: 'Data import' }[l],
    body:
      p.state === 'failed'
        ? { ru: 'Импорт не удался', kg: 'Импорт ишке ашкан жок', en: 'The import failed' }[l]
        : { ru: 'Импорт завершён', kg: 'Импорт аяктады', en: 'The import finished' }[l],
  }),
  registration: (l, p) => ({
    title: { ru: 'Регистрация на дисциплины', kg: 'Дисциплиналарга каттоо', en: 'Course registration' }[l],
    body:
      p.event === 'closing'
        ? {
            ru: 'Регистрация закрывается в течение суток: выберите оставшиеся дисциплины',
            kg: 'Каттоо бир суткада жабылат: калган дисциплиналарды тандаңыз',
            en: 'Registration closes within 24 hours: choose your remaining disciplines',
          }[l]
        : {
            ru: 'Открыта регистрация на дисциплины вашего полугодия',
            kg: 'Жарым жылдыгыңыздын дисциплиналарына каттоо ачылды',
            en: 'Registration for your half-year’s disciplines is open',
          }[l],
  }),
  orderWaiting: (l, _p, n) => ({
    title: { ru: 'Заказы справок', kg: 'Маалымкат заказдары', en: 'Reference orders' }[l],
    body:
      n > 1
        ? {
            ru: `Заказов ждут дольше срока: ${n}`,
            kg: `Мөөнөттөн ашык күтүп жаткан заказдар: ${n}`,
            en: `${n} orders have waited too long`,
          }[l]
        : {
            ru: 'Заказ справки ждёт дольше срока',
            kg: 'Маалымкат заказы мөөнөттөн ашык күтүүдө',
            en: 'A reference order has waited too long',
          }[l],
  }),
  chat: (l, _p, n) => ({
    title: { ru: 'Сообщения', kg: 'Билдирүүлөр', en: 'Messages' }[l],
    body:
      n > 1
        ? { ru: `Новых сообщений: ${n}`, kg: `Жаңы билдирүүлөр: ${n}`, en: `${n} new messages` }[l]
        : { ru: 'Новое сообщение', kg: 'Жаңы билдирүү', en: 'A new message' }[l],
  }),
};

/** The screen a kind opens. */
export const linkOf: Record<NotificationKind, string> = {
  order: '/lms/singlewindow',
  payment: '/lms/paymentcode',
  grade: '/lms/grading',
  timetable: '/lms/schedule',
  news: '/lms/news',
  import: '/lms/staff/import',
  chat: '/lms/chat',
  registration: '/lms/registration',
  orderWaiting: '/lms/staff/orders',
};

/** A push's payload: `count` notifications of one kind folded into one (the latest one's params). */
export function pushPayload(kind: NotificationKind, params: Params, count: number, lang: string) {
  const l: PushLang = lang === 'kg' || lang === 'en' ? lang : 'ru';
  const { title, body } = texts[kind](l, params, count);
  const more = count > 1 && kind !== 'news' && kind !== 'chat' && kind !== 'orderWaiting' ? ` (+${count - 1})` : '';
  return { title, body: `${body}${more}`, url: linkOf[kind], tag: kind };
}
