import { auditActions } from '@okuu/contracts/audit-actions';
import { errorCodes } from '@okuu/contracts/errors';
import { describe, expect, it } from 'vitest';

// The languages' catalogues, and those that load with their screens (screens/).
const catalogues = import.meta.glob<unknown>(['./*/*.json', './*/screens/*.json'], { eager: true, import: 'default' });
const languages = ['ru', 'kg', 'en'];

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function filesOf(language: string): string[] {
  return Object.keys(catalogues)
    .filter((path) => path.startsWith(`./${language}/`))
    .map((path) => path.slice(`./${language}/`.length))
    .sort();
}

const files = filesOf('ru');

describe('catalogues', () => {
  it('exist for the same areas in every language', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const language of languages) expect(filesOf(language), language).toEqual(files);
  });

  it.each(files)('%s has the same keys in ru, kg and en, and no empty text', (file) => {
    const reference = keysOf(catalogues[`./ru/${file}`]).sort();
    for (const language of languages) {
      const texts = catalogues[`./${language}/${file}`];
      expect(keysOf(texts).sort(), `${language}/${file}`).toEqual(reference);
      expect(JSON.stringify(texts), `${language}/${file}`).not.toMatch(/:""/);
    }
  });

  it('translate every error code of the API', () => {
    const { code } = catalogues['./ru/screens/errors.json'] as { code: object };
    expect(Object.keys(code).sort()).toEqual([...errorCodes].sort());
  });

  it('name every action of the audit log', () => {
    const { action } = catalogues['./ru/screens/staff.json'] as { action: object };
    expect(Object.keys(action).sort()).toEqual([...auditActions].sort());
  });

  /**
   * The texts that name a person. A name cannot be declined by a template ("Логин и пароль Асанов…", "справка выдана
   * Асанов…"), so in every language it stands where the nominative is right: first, as the subject, or after a label.
   */
  it.each([
    ['screens/staff.json', 'reset.text', 'name'],
    ['screens/staff.json', 'block.text', 'name'],
    ['screens/staff.json', 'audit.onePerson', 'name'],
    ['screens/staff-settings.json', 'registration.revoke', 'name'],
    ['screens/single-window.json', 'queue.rejectDialog.text', 'student'],
  ])('%s %s names the person in the nominative, in every language', (file, key, placeholder) => {
    for (const language of languages) {
      const text = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogues[`./${language}/${file}`]);
      expect(String(text), `${language}: ${key}`).toMatch(new RegExp(`(^|: )\\{\\{${placeholder}\\}\\}`));
    }
  });
});
