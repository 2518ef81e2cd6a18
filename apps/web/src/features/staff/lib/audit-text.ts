import type { AuditEntry } from '@okuu/contracts/staff/audit';
import type { TFunction } from 'i18next';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';

/**
 * The audit log in words, as the screens name things: each changed field by its label and its values as the screens
 * show them (a role by name, a half-year by season, an amount in som, a date in the reader's language), and what an
 * action concerned ("Пара № 8", "Аудитория Б-101", "Осеннее полугодие 2026-27") rather than the server's keys.
 */

type Record_ = Record<string, unknown>;
const isRecord = (v: unknown): v is Record_ => typeof v === 'object' && v !== null && !Array.isArray(v);

/** '2026' → '2026-27'. */
const yearName = (year: unknown) => `${year}-${String((Number(year) + 1) % 100).padStart(2, '0')}`;

/** Internal keys: record ids and storage keys, which say nothing to a reader (the record's names do). */
const hidden = (key: string) => key === 'id' || /(Id|Key)$/.test(key);

/** Amounts kept in tyiyn. */
const money = new Set(['price', 'minAmount', 'maxAmount', 'amount']);

/** A field's label: the audit's own (where a record's field differs from a request's), else the fields' catalogue. */
function label(key: string, t: TFunction<'staff'>): string {
  return t(`audit.fields.${key}` as 'audit.fields.from', {
    defaultValue: t(`fields:${key}` as 'fields:login', { defaultValue: key }),
  });
}

/** A field's value as the screens show it. */
function value(key: string, v: unknown, t: TFunction<'staff'>): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return t(v ? 'audit.yes' : 'audit.no');
  if (key === 'role') return t(`role.${v as 1 | 2 | 3}`, { defaultValue: String(v) });
  if (key === 'ws') return t(`audit.halfYear.${v as 1 | 2 | 3}`, { defaultValue: String(v) });
  if (key === 'year' && typeof v === 'number') return yearName(v);
  if (money.has(key) && typeof v === 'number') return t('audit.som', { amount: formatMoney(v) });
  if (typeof v === 'number') return formatNumber(v, key === 'latitude' || key === 'longitude' ? 5 : undefined);
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return formatDate(v);
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v)) return formatDateTime(v);
  // The elective permission's holder: a group ('group ПИ-1-25') or a student's name.
  if (key === 'who' && typeof v === 'string' && v.startsWith('group ')) return t('audit.group', { name: v.slice(6) });
  return String(v);
}

/** The changed fields of a record, 'Label: before → after' (only 'Label: value' for a new one). */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>, t: TFunction<'staff'>): string[] {
  const { before, after } = entry;
  if (!isRecord(before) && !isRecord(after)) {
    // A switch (the elective registration): its value before and after.
    return before === after ? [] : [`${value('', before, t)} → ${value('', after, t)}`];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  return [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .filter((key) => !hidden(key) && JSON.stringify(b[key]) !== JSON.stringify(a[key]))
    .map((key) => {
      const was = isRecord(before) && isRecord(after) ? `${value(key, b[key], t)} → ` : '';
      return `${label(key, t)}: ${was}${value(key, isRecord(after) ? a[key] : b[key], t)}`;
    });
}

/** What an entry concerned, named as the screens name it. */
export function auditTarget(entry: AuditEntry, t: TFunction<'staff'>): string {
  const record = isRecord(entry.after) ? entry.after : isRecord(entry.before) ? entry.before : {};
  const [area, what = ''] = entry.action.split('.');
  if (area === 'settings') {
    const kind = what.replace(/Delete$|Grant$|Revoke$/, '');
    if (kind === 'institution' || kind === 'logo' || kind === 'electives') return t(`audit.targets.${kind}`);
    if (kind === 'year' && record.year !== undefined) return t('audit.targets.year', { name: yearName(record.year) });
    if ((kind === 'halfYear' || kind === 'window' || kind === 'permission') && record.ws !== undefined) {
      return t('audit.targets.halfYear', { half: value('ws', record.ws, t), year: yearName(record.year) });
    }
    if (kind === 'slot' && record.number !== undefined) return t('audit.targets.slot', { number: record.number });
    if (kind === 'room' && record.number !== undefined) {
      return t('audit.targets.room', { name: `${record.building}-${record.number}` });
    }
    if (kind === 'service' && typeof record.name === 'string') {
      return localizedName({
        name: record.name,
        nameKg: String(record.nameKg ?? ''),
        nameEn: String(record.nameEn ?? ''),
      });
    }
  }
  return entry.targetName ?? '—';
}
