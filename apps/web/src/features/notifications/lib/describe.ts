import type { NotificationItem } from '@okuu/contracts/notifications/notifications';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../lib/format';

/** The screen a notification opens. */
export const linkOf: Record<NotificationItem['kind'], string> = {
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

/** What a notification says, in the reader's language, from its kind and params. */
export function notificationText(t: TFunction<'notifications'>, item: NotificationItem): string {
  const p = item.params;
  switch (item.kind) {
    case 'order':
      return t(`text.order_${String(p.status)}`, {
        defaultValue: t('text.order_preparing'),
      });
    case 'payment':
      return t(`text.payment_${String(p.status)}`, {
        defaultValue: t('text.payment_paid'),
      });
    case 'grade':
      return t(`text.grade_${String(p.event)}`, { defaultValue: t('text.grade_closed') });
    case 'timetable':
      return t('text.timetable', { added: p.added ?? 0, changed: p.changed ?? 0 });
    case 'import': {
      const what = t(`importKind.${String(p.importKind)}`, { defaultValue: String(p.importKind ?? '') });
      return t(p.state === 'failed' ? 'text.import_failed' : 'text.import_done', { what });
    }
    case 'news':
      return t('text.news');
    case 'registration':
      return t(p.event === 'closing' ? 'text.registration_closing' : 'text.registration_opened', {
        closes: typeof p.closesAt === 'string' ? formatDateTime(p.closesAt) : '',
      });
    case 'orderWaiting':
      return t('text.orderWaiting', { orderId: p.orderId ?? '', hours: p.hours ?? '' });
    default:
      return t('text.chat');
  }
}
