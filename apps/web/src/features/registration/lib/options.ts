import type {
  RegistrationDiscipline,
  RegistrationOffering,
  RegistrationTeacher,
} from '@okuu/contracts/registration/common';
import type { TFunction } from 'i18next';
import { shortName } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';

/** A dropdown's option; a disabled one is shown but cannot be chosen (a full offering). */
export interface ChoiceOption {
  value: string;
  label: string;
  disabled?: boolean;
}

type T = TFunction<'registration'>;

/** "свободно 5 мест", or "мест нет". */
export function seatsText(t: T, seatsLeft: number): string {
  return seatsLeft > 0 ? t('option.seats', { count: seatsLeft }) : t('option.full');
}

const withState = (t: T, label: string, state: string) => t('option.withState', { label, state });

/** A discipline: its name and credits, and its seats; one with no seats left cannot be chosen. */
export function disciplineOption(t: T, d: RegistrationDiscipline): ChoiceOption {
  const label = t('option.discipline', { name: localizedName(d), credits: d.kredits });
  return {
    value: String(d.id_discipline),
    label: withState(t, label, seatsText(t, d.seatsLeft)),
    disabled: d.seatsLeft === 0,
  };
}

/** A teacher: their name and their offerings' seats together. */
export function teacherOption(t: T, teacher: RegistrationTeacher): ChoiceOption {
  return {
    value: String(teacher.id_teacher),
    label: withState(t, shortName(teacher.t_fio), seatsText(t, teacher.seatsLeft)),
    disabled: teacher.full,
  };
}

/** Whom an offering is for, in the reader's language ("открытая группа" for an open section). */
export function audienceName(t: T, audience: RegistrationOffering['audience']): string {
  return audience.kind === 'open' ? t('option.openSection') : localizedName(audience);
}

/**
 * A stream, group or subgroup of a teacher: the lesson kind and whom it is for, and its seats. It cannot be chosen
 * when full, when the student holds it, or when they hold another of the same lesson kind of the discipline.
 */
export function offeringOption(t: T, o: RegistrationOffering, heldKinds: readonly number[]): ChoiceOption {
  const label = t('option.offering', { kind: localizedName(o.vid), audience: audienceName(t, o.audience) });
  const state = o.mine
    ? t('option.mine')
    : heldKinds.includes(o.id_vid_zaniatiy)
      ? t('option.kindHeld')
      : seatsText(t, o.seatsLeft);
  return {
    value: String(o.subgroup),
    label: withState(t, label, state),
    disabled: o.mine || o.full || heldKinds.includes(o.id_vid_zaniatiy),
  };
}
