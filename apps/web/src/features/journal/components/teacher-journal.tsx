import '@mantine/core/styles/Combobox.css';
import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { type Assessment, type GroupType, groupTypes, type Journal } from '@okuu/contracts/journal/common';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryView } from '../../../components/ui/query-view';
import { errorMessage } from '../../../lib/error-message';
import { currentLanguage } from '../../../lib/i18n';
import { localizedName } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useAssessments, useJournalAudiences, useJournalDisciplines, useJournalLessonKinds } from '../api/get-choices';
import { useTeacherJournal } from '../api/get-journal';
import type { JournalChoice, LessonChoice } from '../api/keys';
import { useLessonActions } from '../api/lessons';
import { AddLesson } from './add-lesson';
import classes from './journal.module.css';
import { JournalTable } from './journal-table';
import { SubgroupEditor } from './subgroup-editor';
import { TopicsDialog } from './topics-dialog';

/** The choice kept in the address (?d=discipline&t=type&g=audience&k=kind), so a reload reopens the journal. */
function useChoiceParams() {
  const [params, setParams] = useSearchParams();
  const num = (name: string) => {
    const v = Number(params.get(name));
    return Number.isInteger(v) && v > 0 ? v : null;
  };
  const type = params.get('t');
  const choice = {
    discipline: num('d'),
    groupType: (groupTypes as readonly string[]).includes(type ?? '') ? (type as GroupType) : 'group',
    group: num('g'),
    kind: num('k'),
  };
  const set = (next: Partial<typeof choice>) => {
    const merged = { ...choice, ...next };
    const out = new URLSearchParams();
    if (merged.discipline) out.set('d', String(merged.discipline));
    out.set('t', merged.groupType);
    if (merged.group) out.set('g', String(merged.group));
    if (merged.kind) out.set('k', String(merged.kind));
    setParams(out, { replace: true });
  };
  return [choice, set] as const;
}

const exportUrl = (path: string, choice: JournalChoice) =>
  `${path}?${new URLSearchParams({ ...Object.fromEntries(Object.entries(choice).map(([k, v]) => [k, String(v)])), lang: currentLanguage() })}`;

export function TeacherJournal() {
  const { t } = useTranslation('journal');
  const [choice, setChoice] = useChoiceParams();
  const disciplines = useJournalDisciplines();
  const audiences = useJournalAudiences(choice.discipline, choice.groupType);
  const kinds = useJournalLessonKinds(choice.discipline);

  // The first discipline, audience and kind are chosen when none is (or the one chosen is not offered).
  useEffect(() => {
    const list = disciplines.data;
    if (list?.length && !list.some((d) => d.id_discipline === choice.discipline)) {
      setChoice({ discipline: list[0]?.id_discipline ?? null, group: null, kind: null });
    }
  }, [disciplines.data, choice.discipline, setChoice]);
  const audience = audiences.data?.find((a) => a.id_group === choice.group);
  useEffect(() => {
    const list = audiences.data;
    if (!list) return;
    if (!audience && list.length) setChoice({ group: list[0]?.id_group ?? null, kind: list[0]?.kinds[0] ?? null });
    else if (audience && !audience.kinds.includes(choice.kind ?? -1)) setChoice({ kind: audience.kinds[0] ?? null });
  }, [audiences.data, audience, choice.kind, setChoice]);

  const selected: JournalChoice | null =
    choice.discipline && audience && choice.kind && audience.kinds.includes(choice.kind)
      ? {
          id_discipline: choice.discipline,
          id_vid_zaniatiy: choice.kind,
          groupType: choice.groupType,
          id_group: audience.id_group,
        }
      : null;

  const kindName = (id: number) => {
    const k = kinds.data?.find((x) => x.id_vid_zaniatiy === id);
    return k ? localizedName(k) : String(id);
  };

  return (
    <QueryView query={disciplines}>
      {(list) =>
        !list.length ? (
          <Alert color="blue">{t('select.empty')}</Alert>
        ) : (
          <Stack gap="md">
            <Group align="flex-end" gap="sm" className={classes.noPrint}>
              <Select
                label={t('select.discipline')}
                data={list.map((d) => ({ value: String(d.id_discipline), label: localizedName(d) }))}
                value={choice.discipline ? String(choice.discipline) : null}
                onChange={(v) => setChoice({ discipline: v ? Number(v) : null, group: null, kind: null })}
                allowDeselect={false}
                w={{ base: '100%', sm: 280 }}
              />
              <Select
                label={t('select.groupType')}
                data={groupTypes.map((g) => ({ value: g, label: t(`select.types.${g}`) }))}
                value={choice.groupType}
                onChange={(v) => setChoice({ groupType: (v ?? 'group') as GroupType, group: null, kind: null })}
                allowDeselect={false}
                w={{ base: '100%', sm: 150 }}
              />
              <Select
                label={t('select.group')}
                data={(audiences.data ?? []).map((a) => ({ value: String(a.id_group), label: a.name }))}
                value={audience ? String(audience.id_group) : null}
                onChange={(v) => setChoice({ group: v ? Number(v) : null, kind: null })}
                allowDeselect={false}
                nothingFoundMessage={t('select.noGroups')}
                w={{ base: '100%', sm: 200 }}
              />
              <Select
                label={t('select.kind')}
                data={(audience?.kinds ?? []).map((k) => ({ value: String(k), label: kindName(k) }))}
                value={choice.kind ? String(choice.kind) : null}
                onChange={(v) => setChoice({ kind: v ? Number(v) : null })}
                allowDeselect={false}
                w={{ base: '100%', sm: 180 }}
              />
            </Group>
            {choice.discipline !== null && (
              <QueryView query={audiences}>
                {(found) =>
                  !found.length ? (
                    <Alert color="blue">{t('select.noGroups')}</Alert>
                  ) : (
                    selected && <JournalView key={JSON.stringify(selected)} choice={selected} />
                  )
                }
              </QueryView>
            )}
          </Stack>
        )
      }
    </QueryView>
  );
}

function JournalView({ choice }: { choice: JournalChoice }) {
  const journal = useTeacherJournal(choice);
  const assessments = useAssessments();

  return (
    <QueryView queries={[journal, assessments] as const}>
      {([data, scale]) => <JournalContent choice={choice} data={data} scale={scale} />}
    </QueryView>
  );
}

function JournalContent({ choice, data, scale }: { choice: JournalChoice; data: Journal; scale: Assessment[] }) {
  const { t } = useTranslation('journal');
  const actions = useLessonActions(choice);
  const [toDelete, setToDelete] = useState<{ lesson: LessonChoice; date: string } | null>(null);
  const [deleteAll, setDeleteAll] = useState(false);
  const [dialog, setDialog] = useState<'subgroups' | 'topics' | null>(null);

  function allPresent(lesson: LessonChoice) {
    actions.allPresent.mutate(lesson, {
      onSuccess: (r) => toast(t('actions.allPresentDone', { count: r.inserted })),
      onError: (e) => toast(errorMessage(e), 'error'),
    });
  }

  return (
    <Stack gap="sm" className={classes.printable}>
      <div className={classes.printTitle}>{t('printTitle')}</div>
      <Group justify="space-between" align="flex-end" gap="xs">
        <div>
          <Title order={2} size="h4">
            {localizedName(data.discipline)} · {localizedName(data.lessonKind)}
          </Title>
          <Text size="sm" c="dimmed" data-testid="journal-groups">
            {data.groupName}
            {data.groups.length > 1 || data.groups[0] !== data.groupName ? ` (${data.groups.join(', ')})` : ''}
          </Text>
        </div>
        <Group gap="xs" className={classes.noPrint}>
          <AddLesson choice={choice} add={actions.add} startsOn={data.startsOn} endsOn={data.endsOn} />
          <Button variant="default" size="xs" onClick={() => setDialog('topics')}>
            {t('actions.topics')}
          </Button>
          <Button variant="default" size="xs" onClick={() => setDialog('subgroups')}>
            {t('actions.subgroups')}
          </Button>
          <Button variant="default" size="xs" onClick={() => window.print()}>
            {t('actions.print')}
          </Button>
          <Button
            variant="default"
            size="xs"
            component="a"
            href={exportUrl('/api/visitlog/journal/report.pdf', choice)}
            download
          >
            {t('actions.pdf')}
          </Button>
          <Button
            variant="default"
            size="xs"
            component="a"
            href={exportUrl('/api/visitlog/journal/report.xlsx', choice)}
            download
          >
            {t('actions.xlsx')}
          </Button>
          <Button
            variant="light"
            color="red"
            size="xs"
            onClick={() => setDeleteAll(true)}
            disabled={!data.dates.length}
          >
            {t('actions.deleteJournal')}
          </Button>
        </Group>
      </Group>
      {!data.rows.length ? (
        <Alert color="blue">{t('table.noStudents')}</Alert>
      ) : !data.dates.length ? (
        <Alert color="blue">{t('table.noLessons')}</Alert>
      ) : (
        <JournalTable
          journal={data}
          assessments={scale}
          choice={choice}
          onAllPresent={allPresent}
          onDeleteLesson={(lesson, date) => setToDelete({ lesson, date })}
        />
      )}
      <ConfirmDialog
        opened={toDelete !== null}
        labels={{
          ...t('deleteLesson', { returnObjects: true }),
          text: t('deleteLesson.text', { date: toDelete?.date ?? '' }),
        }}
        busy={actions.deleteLesson.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          actions.deleteLesson.mutate(toDelete.lesson, {
            onSuccess: () => {
              setToDelete(null);
              toast(t('deleteLesson.success'));
            },
            onError: (e) => toast(t('deleteLesson.failure', { reason: errorMessage(e) }), 'error'),
          })
        }
      />
      <ConfirmDialog
        opened={deleteAll}
        labels={t('delete', { returnObjects: true })}
        busy={actions.deleteJournal.isPending}
        onClose={() => setDeleteAll(false)}
        onConfirm={() =>
          actions.deleteJournal.mutate(undefined, {
            onSuccess: () => {
              setDeleteAll(false);
              toast(t('delete.success'));
            },
            onError: (e) => toast(t('delete.failure', { reason: errorMessage(e) }), 'error'),
          })
        }
      />
      {dialog === 'subgroups' && (
        <SubgroupEditor choice={choice} groupName={data.groupName} onClose={() => setDialog(null)} />
      )}
      {dialog === 'topics' && <TopicsDialog choice={choice} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
