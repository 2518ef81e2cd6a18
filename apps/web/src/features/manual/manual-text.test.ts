import { describe, expect, it } from 'vitest';
import { menuOf } from '../../app/menu';
import { manualSectionOf } from '../../lib/manual-links';
import { getManual, type ManualRole } from './api/get-manual';
import type { ManualGuide as Guide } from './manual-text';

const roleNumbers: Record<ManualRole, number> = { teacher: 1, student: 2, staff: 3 };
/** Screens every signed-in user reaches outside the side menu. */
const shared = ['/lms', '/lms/news', '/lms/chat', '/lms/change-password', '/lms/apps'];

describe('the manual in docs/manual', () => {
  it('has a section for every screen of each role, so no help link lands nowhere', async () => {
    for (const role of Object.keys(roleNumbers) as ManualRole[]) {
      const menu = menuOf(roleNumbers[role]);
      const paths = [...shared, ...menu.staff.map((e) => e.path), ...menu.entries.map((e) => e.path)].filter(
        (path) => path !== '/lms/manual',
      );
      const ids = (await getManual('ru', role)).sections.map((s) => s.id);
      for (const path of paths) expect(ids, `${role}: ${path}`).toContain(manualSectionOf(path));
    }
  });

  it('says the same sections in Russian, Kyrgyz and English', async () => {
    for (const role of Object.keys(roleNumbers) as ManualRole[]) {
      const [ru, kg, en] = (await Promise.all(['ru', 'kg', 'en'].map((l) => getManual(l, role)))) as [
        Guide,
        Guide,
        Guide,
      ];
      const ids = (g: Guide) => g.sections.map((s) => s.id);
      expect(ids(kg), role).toEqual(ids(ru));
      expect(ids(en), role).toEqual(ids(ru));
      expect(new Set(ids(ru)).size, `${role}: anchors are unique`).toBe(ids(ru).length);
      for (const g of [ru, kg, en]) expect(g.title).not.toBe('');
    }
  });

  it('derives a screen’s section from its address', () => {
    expect(manualSectionOf('/lms')).toBe('home');
    expect(manualSectionOf('/lms/testing/attempt/5')).toBe('testing');
    expect(manualSectionOf('/lms/staff/orders')).toBe('staff-orders');
    expect(manualSectionOf('/lms/manual')).toBeNull();
    expect(manualSectionOf('/lms/login')).toBeNull();
    expect(manualSectionOf('/lms/public/verify/x')).toBeNull();
  });
});
