import { enticate } from './auth/enticate.ts';
import { logout } from './auth/logout.ts';
import { orize } from './auth/orize.ts';
import { recovery } from './auth/recovery.ts';
import { updateLogin } from './auth/update-login.ts';
import {
  cardMine,
  cardPerson,
  correctionQueue,
  correctionSave,
  correctionStatus,
  correctionsMine,
} from './card/card.ts';
import { chatContacts } from './chat/contacts.ts';
import { chatCount } from './chat/count.ts';
import { chatDeleteMessage } from './chat/delete-message.ts';
import { chatDownload, chatPhoto } from './chat/download.ts';
import { chatGroupMessages, chatGroupUnread } from './chat/group-messages.ts';
import { chatInsert } from './chat/insert.ts';
import { chatMessages } from './chat/messages.ts';
import { chatNewMessages } from './chat/new-messages.ts';
import { chatOldMessages } from './chat/old-messages.ts';
import { chatRead } from './chat/read.ts';
import { chatReadAll } from './chat/read-all.ts';
import { currentHalfYear, currentYear } from './discipline/current.ts';
import {
  disciplineList,
  groupList,
  semesterList,
  studentDisciplineList,
  studentGroupList,
  studentSemesterList,
  studentsList,
  teachersList,
} from './discipline/lists.ts';
import { documentsMine, documentsRegister, documentsRevoke } from './documents/documents.ts';
import type { Endpoint } from './endpoint.ts';
import { myRating, ratingScopesList, staffRating, staffRatingXlsx, teacherRating } from './grading/rating.ts';
import {
  cellSave,
  myPoints,
  retakeIssue,
  schemeGet,
  schemeSave,
  sheetClose,
  sheetPdf,
  sheetReopen,
  sheetXlsx,
  staffSheet,
  staffSheets,
  teacherSheet,
  teacherSheets,
} from './grading/sheets.ts';
import { homeSummary } from './home/summary.ts';
import { journalPdf, journalXlsx } from './journal/export.ts';
import {
  journalAssessments,
  journalAudiences,
  journalDisciplines,
  journalLessonKinds,
  journalStudyForms,
  journalTimeSlots,
} from './journal/filters.ts';
import { journalDelete, journalDeleteLesson, studentJournal, teacherJournal } from './journal/journal.ts';
import { journalAllPresent, journalMarkSave, journalMarkUpdate } from './journal/marks.ts';
import {
  journalQrStudents,
  journalRemoveStudent,
  journalStudents,
  journalSubgroupSave,
  journalSubgroupStudents,
} from './journal/students.ts';
import {
  journalLessonTopic,
  journalLessonTopicSave,
  journalModules,
  journalTopicReport,
  journalTopicSave,
  journalTopics,
} from './journal/topics.ts';
import { bookList } from './library/book-list.ts';
import { baseBookCategories, bookCategories } from './library/categories.ts';
import { deleteBook } from './library/delete-book.ts';
import { deleteCheck } from './library/delete-check.ts';
import { bookDownload, bookPreview } from './library/download.ts';
import { insertUpdateBook } from './library/insert-update-book.ts';
import { portalConfig } from './misc/config.ts';
import { registeredFacultyList } from './misc/faculties.ts';
import { getGroups } from './misc/groups.ts';
import { logo, logoImage } from './misc/logo.ts';
import { photo, photoImage, position } from './misc/photo.ts';
import { settings } from './misc/settings.ts';
import { defaultYear, years } from './misc/years.ts';
import { newsCheck } from './news/check.ts';
import { newsData } from './news/data.ts';
import { newsDelete } from './news/delete.ts';
import { newsDownload } from './news/download.ts';
import { newsInsert } from './news/insert.ts';
import {
  notificationsCount,
  notificationsList,
  notificationsRead,
  notificationsReadAll,
} from './notifications/notifications.ts';
import {
  notificationsPushKey,
  notificationsPushSubscribe,
  notificationsPushUnsubscribe,
} from './notifications/push.ts';
import { notificationsSaveSettings, notificationsSettings } from './notifications/settings.ts';
import { bankApps } from './payment/bank-apps.ts';
import { paymentCallback } from './payment/callback.ts';
import { payByCard } from './payment/card.ts';
import { paymentHistory, paymentReceipt, paymentStatus } from './payment/history.ts';
import { paymentCode } from './payment/payment-code-endpoint.ts';
import { sandboxCheckout, sandboxConfirm, sandboxPay } from './payment/sandbox.ts';
import { paymentServices } from './payment/services.ts';
import { staffPayments, staffPaymentsExport } from './payment/staff.ts';
import { profileData } from './profile/profile-data.ts';
import { resetPassword } from './profile/reset-password.ts';
import { qrAttemptsList, qrScan, qrStart, qrStop, qrToken, qrVisit } from './qr/checkin.ts';
import { qrTime } from './qr/time.ts';
import { questionnaireAnswer, questionnaireOpen } from './questionnaire/answer.ts';
import { questionnaireDelete, questionnaireList, questionnaireSave } from './questionnaire/manage.ts';
import { questionnaireExport, questionnaireMine, questionnaireResults } from './questionnaire/results.ts';
import { registrationDefaultYear, registrationSemesters, registrationYears } from './registration/calendar.ts';
import { deleteRegistration, deleteRegistrationByKind } from './registration/delete.ts';
import {
  electiveDisciplines,
  electiveOfferings,
  electiveTeachers,
  offeringsByKind,
  registrationOfferings,
  registrationTeachers,
  teachersByKind,
} from './registration/offerings.ts';
import { electivePermission } from './registration/permission.ts';
import { registrationList } from './registration/reg-list.ts';
import { saveRegistration, saveRegistrationByKind } from './registration/save.ts';
import { roomsBook, roomsCancel, roomsFree, roomsMine, roomsStaffCancel, roomsWeek } from './rooms/rooms.ts';
import { calendarEnable, calendarFeed, calendarRevoke, calendarStatus } from './schedule/calendar.ts';
import { scheduleStudent, scheduleTeacher } from './schedule/schedule.ts';
import { calendarList, halfYearDelete, halfYearSave, yearDelete, yearSave } from './settings/calendar.ts';
import { campusList, roomDelete, roomSave, slotDelete, slotSave } from './settings/campus.ts';
import { institutionGet, institutionSave, logoUpload } from './settings/institution.ts';
import { orderWaitingSave, orderWaitingSettings } from './settings/orders.ts';
import {
  electiveSwitch,
  permissionGrant,
  permissionList,
  permissionRevoke,
  registrationSettings,
  windowDelete,
  windowSave,
} from './settings/registration.ts';
import { serviceDelete, serviceSave, servicesList } from './settings/services.ts';
import { webinarBaseSave, webinarBaseSettings } from './settings/webinars.ts';
import { districtList, documentList, purposeList, regionList } from './single-window/lists.ts';
import {
  orderCancel,
  orderDocument,
  orderList,
  orderQueue,
  orderSave,
  orderStatus,
  verifyDocument,
} from './single-window/orders.ts';
import { auditList } from './staff/audit.ts';
// Staff data import (issue 30)
import { importCheck, importStart, importStatus, importTemplate } from './staff/import.ts';
import {
  peopleOptions,
  peopleSearch,
  personBlock,
  personCreate,
  personDetails,
  personMove,
  personNewsPerms,
  personResetCredentials,
} from './staff/people.ts';
import { bankList, questionDelete, questionSave, testingDisciplines } from './testing/bank.ts';
import { bankExport, bankImport, bankTemplate } from './testing/bank-file.ts';
import { attemptImageFile, questionImageFile, questionImageSave } from './testing/images.ts';
import { answerRescore, teacherAttempt, testResults, testResultsXlsx } from './testing/results.ts';
import { answerSave, attemptGet, attemptReview, attemptStart, attemptSubmit, myTests } from './testing/taking.ts';
import { testDelete, testList, testSave } from './testing/tests.ts';
import { gradeScale, gradeScaleSave } from './transcript/grade-scale.ts';
import {
  staffTranscript,
  staffTranscriptPdf,
  studentTranscript,
  studentTranscriptPdf,
} from './transcript/transcript.ts';
import { umkDelete } from './umk/delete.ts';
import { umkDownload, umkPreview } from './umk/download.ts';
import { umkInsertOrUpdate } from './umk/insert-or-update.ts';
import {
  umkBookCategories,
  umkDisciplines,
  umkExamTypes,
  umkSemesters,
  umkStudentDisciplines,
  umkStudentExamTypes,
  umkStudentSemesters,
  umkTeachers,
  umkTypes,
} from './umk/lists.ts';
import { umkList, umkStudentList } from './umk/umk-list.ts';
import {
  webinarsAttach,
  webinarsCreate,
  webinarsList,
  webinarsOptions,
  webinarsRecording,
  webinarsRemove,
  webinarsUpdate,
} from './webinars/webinars.ts';
import {
  workloadMine,
  workloadMineXlsx,
  workloadTeacher,
  workloadTeachers,
  workloadTeacherXlsx,
} from './workload/workload.ts';

/** Every endpoint of the API. The server registers exactly these; the test suites walk them. */
export const registry: readonly Endpoint[] = [
  orize,
  enticate,
  recovery,
  updateLogin,
  logout,
  portalConfig,
  logo,
  logoImage,
  settings,
  years,
  defaultYear,
  photo,
  photoImage,
  position,
  registeredFacultyList,
  getGroups,
  profileData,
  resetPassword,
  homeSummary,
  currentHalfYear,
  currentYear,
  qrTime,
  qrStart,
  qrStop,
  qrToken,
  qrAttemptsList,
  qrScan,
  qrVisit,
  disciplineList,
  studentDisciplineList,
  semesterList,
  studentSemesterList,
  groupList,
  studentGroupList,
  studentsList,
  teachersList,
  registrationDefaultYear,
  registrationYears,
  registrationSemesters,
  registrationList,
  registrationTeachers,
  registrationOfferings,
  saveRegistration,
  deleteRegistration,
  electivePermission,
  electiveDisciplines,
  electiveTeachers,
  electiveOfferings,
  teachersByKind,
  offeringsByKind,
  saveRegistrationByKind,
  deleteRegistrationByKind,
  scheduleTeacher,
  scheduleStudent,
  calendarStatus,
  calendarEnable,
  calendarRevoke,
  calendarFeed,
  // Rooms (issue 41)
  roomsFree,
  roomsWeek,
  roomsBook,
  roomsMine,
  roomsCancel,
  roomsStaffCancel,
  // Online lessons (issue 41)
  webinarsList,
  webinarsOptions,
  webinarsAttach,
  webinarsCreate,
  webinarsUpdate,
  webinarsRecording,
  webinarsRemove,
  // Teacher workload (issue 41)
  workloadMine,
  workloadMineXlsx,
  workloadTeachers,
  workloadTeacher,
  workloadTeacherXlsx,
  // Personal card and its correction requests (issue 41)
  cardMine,
  cardPerson,
  correctionsMine,
  correctionSave,
  correctionQueue,
  correctionStatus,
  journalLessonKinds,
  journalStudyForms,
  journalDisciplines,
  journalAudiences,
  journalTimeSlots,
  journalAssessments,
  journalStudents,
  journalQrStudents,
  journalSubgroupStudents,
  journalSubgroupSave,
  journalRemoveStudent,
  journalMarkUpdate,
  journalMarkSave,
  journalAllPresent,
  teacherJournal,
  studentJournal,
  journalDeleteLesson,
  journalDelete,
  journalTopics,
  journalModules,
  journalTopicSave,
  journalTopicReport,
  journalLessonTopic,
  journalLessonTopicSave,
  journalPdf,
  journalXlsx,
  newsData,
  newsCheck,
  newsInsert,
  newsDelete,
  newsDownload,
  chatContacts,
  chatMessages,
  chatGroupMessages,
  chatGroupUnread,
  chatNewMessages,
  chatOldMessages,
  chatRead,
  chatCount,
  chatReadAll,
  chatDeleteMessage,
  chatInsert,
  chatDownload,
  chatPhoto,
  baseBookCategories,
  bookCategories,
  bookList,
  deleteCheck,
  deleteBook,
  insertUpdateBook,
  bookDownload,
  bookPreview,
  umkSemesters,
  umkStudentSemesters,
  umkDisciplines,
  umkStudentDisciplines,
  umkStudentExamTypes,
  umkExamTypes,
  umkTeachers,
  umkTypes,
  umkBookCategories,
  umkList,
  umkStudentList,
  umkInsertOrUpdate,
  umkDelete,
  umkDownload,
  umkPreview,
  paymentServices,
  paymentCode,
  bankApps,
  payByCard,
  paymentHistory,
  paymentStatus,
  paymentReceipt,
  paymentCallback,
  sandboxCheckout,
  sandboxPay,
  sandboxConfirm,
  staffPayments,
  staffPaymentsExport,
  documentList,
  regionList,
  districtList,
  purposeList,
  orderList,
  orderSave,
  orderCancel,
  orderQueue,
  orderStatus,
  orderDocument,
  verifyDocument,
  // Documents (issue 41)
  documentsMine,
  documentsRegister,
  documentsRevoke,
  studentTranscript,
  studentTranscriptPdf,
  staffTranscript,
  staffTranscriptPdf,
  gradeScale,
  gradeScaleSave,
  // Grading sheets (issue 38)
  teacherSheets,
  teacherSheet,
  cellSave,
  sheetClose,
  staffSheets,
  staffSheet,
  sheetReopen,
  schemeGet,
  schemeSave,
  retakeIssue,
  myPoints,
  sheetPdf,
  sheetXlsx,
  myRating,
  teacherRating,
  staffRating,
  staffRatingXlsx,
  ratingScopesList,
  peopleSearch,
  peopleOptions,
  personDetails,
  personCreate,
  personMove,
  personNewsPerms,
  personBlock,
  personResetCredentials,
  auditList,
  // The university's settings (staff).
  institutionGet,
  institutionSave,
  logoUpload,
  calendarList,
  yearSave,
  yearDelete,
  halfYearSave,
  halfYearDelete,
  campusList,
  slotSave,
  slotDelete,
  roomSave,
  roomDelete,
  registrationSettings,
  windowSave,
  windowDelete,
  electiveSwitch,
  permissionList,
  permissionGrant,
  permissionRevoke,
  orderWaitingSettings,
  orderWaitingSave,
  webinarBaseSettings,
  webinarBaseSave,
  servicesList,
  serviceSave,
  serviceDelete,
  // Staff data import (issue 30)
  importTemplate,
  importCheck,
  importStart,
  importStatus,
  // Notifications (issue 39)
  notificationsCount,
  notificationsList,
  notificationsRead,
  notificationsReadAll,
  notificationsSettings,
  notificationsSaveSettings,
  notificationsPushKey,
  notificationsPushSubscribe,
  notificationsPushUnsubscribe,
  // Online tests (issue 42)
  testingDisciplines,
  bankList,
  questionSave,
  questionDelete,
  testList,
  testSave,
  testDelete,
  testResults,
  teacherAttempt,
  answerRescore,
  myTests,
  attemptStart,
  attemptGet,
  answerSave,
  attemptSubmit,
  attemptReview,
  bankTemplate,
  bankExport,
  bankImport,
  questionImageSave,
  questionImageFile,
  attemptImageFile,
  testResultsXlsx,
  // Questionnaires (issue 42)
  questionnaireList,
  questionnaireSave,
  questionnaireDelete,
  questionnaireOpen,
  questionnaireAnswer,
  questionnaireResults,
  questionnaireMine,
  questionnaireExport,
];
