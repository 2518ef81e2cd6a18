/**
 * The actions the staff audit log records. Each staff endpoint that changes data declares the ones it records
 * (`audit` in its contract); the audit test checks that every action here is some endpoint's.
 */
export const auditActions = [
  'person.create',
  'person.move',
  'person.newsPerms',
  'person.block',
  'person.unblock',
  'person.resetCredentials',
  // The university's settings (settings/*).
  'settings.institution',
  'settings.logo',
  'settings.year',
  'settings.yearDelete',
  'settings.halfYear',
  'settings.halfYearDelete',
  'settings.slot',
  'settings.slotDelete',
  'settings.room',
  'settings.roomDelete',
  'settings.window',
  'settings.windowDelete',
  'settings.electives',
  'settings.permissionGrant',
  'settings.permissionRevoke',
  'settings.service',
  'settings.serviceDelete',
  'settings.orderWaiting',
  // Staff data import: one summary row per import
  'import.students',
  'import.teachers',
  'import.groups',
  'import.timetable',
  'import.grades',
  // The reference-document queue and the grading scale
  'order.status',
  'transcript.gradeScale',
  // Questionnaires
  'questionnaire.save',
  'questionnaire.delete',
  // Online lessons
  'settings.webinarBase',
  // Grading sheets (issue 38)
  'grading.reopen',
  'grading.scheme',
  'grading.retake',
  // Rooms
  'room.bookingCancel',
  // Documents (issue 41)
  'document.revoke',
  // Personal card: the correction requests' queue
  'correction.status',
] as const;
export type AuditAction = (typeof auditActions)[number];
