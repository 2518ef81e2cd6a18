import '@mantine/core/styles/SegmentedControl.css';
import { Alert, Button, Paper, SegmentedControl, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { DataOf } from '@okuu/contracts/endpoint';
import type { AudienceKind, webinarsOptions } from '@okuu/contracts/webinars/webinars';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField, TimeField } from '../../../components/ui/date-fields';
import { errorMessage } from '../../../lib/error-message';
import { bishkekDay } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useAttachLink, useCreateWebinar } from '../api/change-webinar';

type Options = DataOf<typeof webinarsOptions>;

/** The link field: required unless the university's base address makes the room. */
function LinkField({ value, onChange, roomMade }: { value: string; onChange: (v: string) => void; roomMade: boolean }) {
  const { t } = useTranslation('webinars');
  return (
    <TextInput
      label={t('form.url')}
      description={roomMade ? t('form.urlOptional') : t('form.urlRequired')}
      placeholder="https://"
      type="url"
      inputMode="url"
      required={!roomMade}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** Puts a link on a lesson of the teacher's timetable: every week, or one date. */
function AttachForm({ options }: { options: Options }) {
  const { t } = useTranslation('webinars');
  const attach = useAttachLink();
  const [lesson, setLesson] = useState<string | null>(null);
  const [repeat, setRepeat] = useState<'weekly' | 'once'>('weekly');
  const [date, setDate] = useState(bishkekDay());
  const [url, setUrl] = useState('');

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!lesson) return;
    attach.mutate(
      { id_shed: Number(lesson), weekly: repeat === 'weekly', ...(repeat === 'once' ? { date } : {}), url },
      {
        onSuccess: () => {
          toast(t('form.attached'));
          setUrl('');
        },
      },
    );
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="webinars-attach">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h4" id="webinars-attach">
            {t('form.attachHeading')}
          </Title>
          <Select
            label={t('form.lesson')}
            placeholder={t('form.lessonPick')}
            required
            searchable
            value={lesson}
            onChange={setLesson}
            nothingFoundMessage={t('form.noLessons')}
            data={options.lessons.map((l) => ({
              value: String(l.id_shed),
              label: t('form.lessonLabel', {
                day: t(`days.${l.day_number as 1}`),
                start: l.start,
                end: l.end,
                discipline: localizedName(l.discipline),
                kind: localizedName(l.lessonKind),
                audience: l.audience.name,
              }),
            }))}
          />
          <SegmentedControl
            value={repeat}
            onChange={(v) => setRepeat(v as 'weekly' | 'once')}
            data={[
              { value: 'weekly', label: t('form.everyWeek') },
              { value: 'once', label: t('form.oneDate') },
            ]}
            aria-label={t('form.repeat')}
          />
          {repeat === 'once' && <DateField label={t('form.date')} value={date} onChange={setDate} required />}
          <LinkField value={url} onChange={setUrl} roomMade={options.roomMade} />
          {attach.isError && (
            <Alert color="red" role="alert">
              {errorMessage(attach.error)}
            </Alert>
          )}
          <Button type="submit" loading={attach.isPending} disabled={!lesson} style={{ alignSelf: 'flex-start' }}>
            {t('form.attach')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** Creates an online lesson for an audience the teacher teaches: a date, a start and an end (a pair as a preset). */
function CreateForm({ options }: { options: Options }) {
  const { t } = useTranslation('webinars');
  const create = useCreateWebinar();
  const [audience, setAudience] = useState<string | null>(null);
  const [date, setDate] = useState(bishkekDay());
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');

  function preset(number: string | null) {
    const slot = options.timeSlots.find((s) => String(s.number) === number);
    if (!slot) return;
    setStart(slot.start);
    setEnd(slot.end);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!audience) return;
    const [kind, id] = audience.split(':') as [AudienceKind, string];
    create.mutate(
      { audience: kind, id_audience: Number(id), date, start, end, title, url },
      {
        onSuccess: () => {
          toast(t('form.created'));
          setTitle('');
          setUrl('');
        },
      },
    );
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="webinars-create">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h4" id="webinars-create">
            {t('form.createHeading')}
          </Title>
          <TextInput
            label={t('form.title')}
            placeholder={t('form.titlePlaceholder')}
            required
            maxLength={200}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
          <Select
            label={t('form.audience')}
            placeholder={t('form.audiencePick')}
            required
            searchable
            value={audience}
            onChange={setAudience}
            nothingFoundMessage={t('form.noAudiences')}
            data={options.audiences.map((a) => ({
              value: `${a.kind}:${a.id}`,
              label: t(`audience.${a.kind}`, { name: a.name }),
            }))}
          />
          <DateField label={t('form.date')} value={date} onChange={setDate} required />
          <Select
            label={t('form.pair')}
            placeholder={t('form.pairPick')}
            clearable
            onChange={preset}
            data={options.timeSlots.map((s) => ({
              value: String(s.number),
              label: t('form.pairLabel', { number: s.number, start: s.start, end: s.end }),
            }))}
          />
          <SimpleGrid cols={2} spacing="sm">
            <TimeField label={t('form.start')} value={start} onChange={setStart} required />
            <TimeField label={t('form.end')} value={end} onChange={setEnd} required />
          </SimpleGrid>
          <LinkField value={url} onChange={setUrl} roomMade={options.roomMade} />
          {create.isError && (
            <Alert color="red" role="alert">
              {errorMessage(create.error)}
            </Alert>
          )}
          <Button
            type="submit"
            loading={create.isPending}
            disabled={!audience || !start || !end}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('form.create')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** A teacher's two ways to put a lesson online. */
export function TeacherForms({ options }: { options: Options }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <CreateForm options={options} />
      <AttachForm options={options} />
    </SimpleGrid>
  );
}
