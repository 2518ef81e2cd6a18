// Mantine's styles of the components used only here (app/styles.ts holds the shell's): loaded with this chunk.
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { RegistrationDiscipline, StudySemester } from '@okuu/contracts/registration/common';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { errorMessage } from '../../../lib/error-message';
import { type FieldErrors, validate } from '../../../lib/form';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { localizedName } from '../../../lib/localized';
import { BLANK_ID, BLANK_LABEL, choose } from '../../../lib/selection';
import { toast } from '../../../lib/toast';
import { type DisciplineChoice, useRegOfferings, useRegTeachers } from '../api/get-choices';
import { useElectives } from '../api/get-electives';
import type { RegistrationPeriod } from '../api/keys';
import { useSaveRegistration } from '../api/save-registration';
import { type ChoiceOption, disciplineOption, offeringOption, teacherOption } from '../lib/options';

interface Props {
  period: RegistrationPeriod;
  semester: StudySemester;
  /** The plan disciplines of the semester (from the registration list). */
  plan: RegistrationDiscipline[];
  /** The student may register for electives (optional/permission). */
  electivesAllowed: boolean;
}

interface Selection {
  discipline: number;
  teacher: number;
  subgroup: number;
}

const blank: Selection = { discipline: BLANK_ID, teacher: BLANK_ID, subgroup: BLANK_ID };

const withBlank = (options: ChoiceOption[]): ChoiceOption[] => [
  { value: String(BLANK_ID), label: BLANK_LABEL },
  ...options,
];

/**
 * A new registration: the elective flag (with the permission), the discipline (its form of control and credits come
 * from the curriculum), the teacher and their stream or subgroup, each offering with its seats left; full ones show
 * and cannot be chosen. Choosing a discipline clears the teacher and the offering; a teacher clears the offering. A
 * save that loses the last seat to someone else says so here, and the seats are loaded again.
 */
export function RegistrationForm({ period, semester, plan, electivesAllowed }: Props) {
  const { t } = useTranslation('registration');
  const [elective, setElective] = useState(false);
  const [selection, setSelection] = useState<Selection>(blank);
  const [errors, setErrors] = useState<FieldErrors<Selection>>({});
  const save = useSaveRegistration();
  const electives = useElectives(period, electivesAllowed && elective);

  const disciplines = elective ? electives.data : plan;
  const discipline = disciplines?.find((d) => d.id_discipline === selection.discipline);
  const choice: DisciplineChoice | null = discipline
    ? { ...period, id_semester: semester.id_semester, id_discipline: discipline.id_discipline, elective }
    : null;
  const teachers = useRegTeachers(choice);
  const offerings = useRegOfferings(choice, selection.teacher === BLANK_ID ? null : selection.teacher);
  const offering = offerings.data?.find((o) => o.subgroup === selection.subgroup);
  // One key per intended save: a retry of the same choice (its reply lost) is answered with the first reply.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new choice is a new save.
  const saveKey = useMemo(() => newIdempotencyKey(), [elective, selection.discipline, selection.subgroup]);

  function pick(field: keyof Selection, value: number) {
    setSelection((current) => choose(current, field, value));
    setErrors((current) => ({ ...current, [field]: undefined }));
    save.reset();
  }

  function toggleElective(on: boolean) {
    setElective(on);
    setSelection(blank);
    setErrors({});
    save.reset();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const chosen = (id: number) => (id === BLANK_ID ? t('form.selectRequired') : null);
    const found = validate(selection, { discipline: chosen, teacher: chosen, subgroup: chosen });
    setErrors(found);
    if (!discipline || !offering || Object.values(found).some(Boolean)) return;
    const name = localizedName(discipline);
    save.mutate(
      {
        key: saveKey,
        input: {
          ...period,
          id_semester: semester.id_semester,
          id_discipline: discipline.id_discipline,
          id_teacher: offering.id_teacher,
          subgroup: offering.subgroup,
          id_vid_zaniatiy: offering.id_vid_zaniatiy,
          kredits: discipline.kredits,
          id_examination: discipline.id_examination,
          isSelect: discipline.isSelect,
        },
      },
      {
        onSuccess: () => {
          toast(t('form.success', { name }));
          setSelection(blank);
        },
      },
    );
  }

  // The lists the form is waiting for (a list not yet asked for has no state): loading, failed and offline come from
  // QueryView, so an empty select never stands for a list that did not arrive.
  const lists = [
    elective && electivesAllowed ? electives : null,
    choice !== null ? teachers : null,
    choice !== null && selection.teacher !== BLANK_ID ? offerings : null,
  ].filter((list) => list !== null);
  const heldKinds = discipline?.registeredKinds ?? [];
  const noTeachers = choice !== null && teachers.data?.length === 0;

  return (
    <form noValidate onSubmit={submit} aria-labelledby="registration-form-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="registration-form-heading">
          {t('form.heading')}
        </Title>
        {electivesAllowed ? (
          <Switch
            label={t('form.elective')}
            checked={elective}
            onChange={(event) => toggleElective(event.currentTarget.checked)}
            disabled={save.isPending}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('form.noPermission')}
          </Text>
        )}
        <NativeSelect
          label={t('form.discipline')}
          required
          data={withBlank((disciplines ?? []).map((d) => disciplineOption(t, d)))}
          value={String(selection.discipline)}
          onChange={(event) => pick('discipline', Number(event.currentTarget.value))}
          error={errors.discipline}
          disabled={save.isPending || (elective && electives.isPending)}
        />
        {/* The form of control and the credits are the curriculum's for the discipline. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('form.examination')}
            value={discipline ? localizedName(discipline.examination) : ''}
            placeholder="—"
            readOnly
          />
          <TextInput
            label={t('form.kredits')}
            value={discipline ? String(discipline.kredits) : ''}
            placeholder="—"
            readOnly
          />
        </SimpleGrid>
        {disciplines?.length === 0 && (
          <Text size="sm" c="dimmed">
            {elective ? t('form.noElectives') : t('form.noDisciplines')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NativeSelect
            label={t('form.teacher')}
            required
            data={withBlank((teachers.data ?? []).map((teacher) => teacherOption(t, teacher)))}
            value={String(selection.teacher)}
            onChange={(event) => pick('teacher', Number(event.currentTarget.value))}
            error={errors.teacher ?? (noTeachers ? t('form.noTeachers') : undefined)}
            disabled={save.isPending || choice === null}
          />
          <NativeSelect
            label={t('form.offering')}
            required
            data={withBlank((offerings.data ?? []).map((o) => offeringOption(t, o, heldKinds)))}
            value={String(selection.subgroup)}
            onChange={(event) => pick('subgroup', Number(event.currentTarget.value))}
            error={errors.subgroup}
            disabled={save.isPending || selection.teacher === BLANK_ID}
          />
        </SimpleGrid>
        {lists.length > 0 && (
          <QueryView compact queries={lists}>
            {() => null}
          </QueryView>
        )}
        {save.isError && (
          <Alert color="red" role="alert">
            {t('form.failure', { reason: errorMessage(save.error) })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
