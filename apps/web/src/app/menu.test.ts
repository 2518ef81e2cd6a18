import { describe, expect, it } from 'vitest';
import { appsOf } from './layouts/apps-panel';
import { menuOf } from './menu';

const keys = (role: number) => menuOf(role).entries.map((entry) => entry.key);

describe('who sees what', () => {
  it('shows each role only the menu entries that serve it', () => {
    expect(keys(2)).not.toContain('workload');
    expect(keys(2)).toContain('gradingSheet');
    expect(keys(1)).toContain('workload');
    expect(keys(1)).not.toContain('registration');
    expect(keys(1)).not.toContain('paymentCode');
    expect(keys(2)).toEqual(expect.arrayContaining(['registration', 'paymentCode', 'references', 'transcript']));
    expect(keys(3)).toEqual(['documents', 'library', 'workload', 'questionnaire', 'rooms', 'manual']);
    expect(menuOf(3).staff.map((entry) => entry.key)).toContain('staffPayments');
    expect(menuOf(2).staff).toEqual([]);
    // Documents is a real screen for every role: the own documents, for staff the register (issue 41).
    for (const role of [1, 2, 3]) {
      expect(menuOf(role).entries.find((entry) => entry.key === 'documents')?.path).toBe('/lms/documents');
    }
    // The personal card is a real screen for students and teachers (issue 41).
    for (const role of [1, 2]) {
      expect(menuOf(role).entries.find((entry) => entry.key === 'personalCard')?.path).toBe('/lms/card');
    }
  });

  it('gives staff an applications panel of their own screens, and teachers none of the students’', () => {
    expect(appsOf(3).map((app) => app.path)).toEqual(menuOf(3).staff.map((entry) => entry.path));
    expect(appsOf(1).map((app) => app.title)).not.toContain('payment');
    expect(appsOf(2).map((app) => app.title)).toEqual(expect.arrayContaining(['payment', 'transcript', 'journal']));
  });
});
