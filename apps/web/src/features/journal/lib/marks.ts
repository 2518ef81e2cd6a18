import type { Assessment } from '@okuu/contracts/journal/common';
import type { TFunction } from 'i18next';

/**
 * A mark as the reader's language writes it: the absence, stored as 'н/б', has a label of its own in each language
 * ('н/б', 'к/ж', 'abs'); grades and '+' read the same everywhere.
 */
export function markLabel(mark: Assessment | undefined, t: TFunction<'journal'>): string {
  if (!mark) return '';
  return mark.isAbsence ? t('marks.absent') : mark.code;
}
