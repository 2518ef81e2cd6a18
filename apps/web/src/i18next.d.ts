import 'i18next';
import type auth from './locales/ru/auth.json';
import type common from './locales/ru/common.json';
import type discipline from './locales/ru/discipline.json';
import type misc from './locales/ru/misc.json';
import type profile from './locales/ru/profile.json';
import type chat from './locales/ru/screens/chat.json';
import type checkin from './locales/ru/screens/checkin.json';
import type dateField from './locales/ru/screens/date-field.json';
import type errors from './locales/ru/screens/errors.json';
import type fields from './locales/ru/screens/fields.json';
import type grading from './locales/ru/screens/grading.json';
import type home from './locales/ru/screens/home.json';
import type journal from './locales/ru/screens/journal.json';
import type library from './locales/ru/screens/library.json';
import type news from './locales/ru/screens/news.json';
import type notifications from './locales/ru/screens/notifications.json';
import type payment from './locales/ru/screens/payment.json';
import type questionnaire from './locales/ru/screens/questionnaire.json';
import type registration from './locales/ru/screens/registration.json';
import type rooms from './locales/ru/screens/rooms.json';
import type webinars from './locales/ru/screens/webinars.json';
import type schedule from './locales/ru/screens/schedule.json';
import type singleWindow from './locales/ru/screens/single-window.json';
import type staff from './locales/ru/screens/staff.json';
import type staffImport from './locales/ru/screens/staff-import.json';
import type staffSettings from './locales/ru/screens/staff-settings.json';
import type testing from './locales/ru/screens/testing.json';
import type transcript from './locales/ru/screens/transcript.json';
import type umk from './locales/ru/screens/umk.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      auth: typeof auth;
      chat: typeof chat;
      checkin: typeof checkin;
      common: typeof common;
      'date-field': typeof dateField;
      discipline: typeof discipline;
      errors: typeof errors;
      fields: typeof fields;
      grading: typeof grading;
      home: typeof home;
      journal: typeof journal;
      library: typeof library;
      misc: typeof misc;
      news: typeof news;
      notifications: typeof notifications;
      payment: typeof payment;
      profile: typeof profile;
      questionnaire: typeof questionnaire;
      registration: typeof registration;
      rooms: typeof rooms;
      webinars: typeof webinars;
      schedule: typeof schedule;
      'single-window': typeof singleWindow;
      staff: typeof staff;
      'staff-settings': typeof staffSettings;
      'staff-import': typeof staffImport;
      testing: typeof testing;
      transcript: typeof transcript;
      umk: typeof umk;
    };
  }
}
