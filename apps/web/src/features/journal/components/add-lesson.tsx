import { Button, Popover, Select, Stack, TextInput } from '@mantine/core';
import type { DataOf } from '@okuu/contracts/endpoint';
import type { journalLessonTopicSave } from '@okuu/contracts/journal/topics';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/ui/date-fields';
import { errorMessage } from '../../../lib/error-message';
import { bishkekDay } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTimeSlots } from '../api/get-choices';
import type { JournalChoice, LessonChoice } from '../api/keys';
import { useTopics } from '../api/topics';

type AddInput = LessonChoice & { id_tema: number; text: string };

interface Props {
  choice: JournalChoice;
  add: UseMutationResult<DataOf<typeof journalLessonTopicSave>, Error, AddInput>;
  startsOn: string;
  endsOn: string;
}

/** Adds a lesson: a date of the half-year, its slot (the timetable's proposed), which time, and a topic. */
export function AddLesson({ choice, add, startsOn, endsOn }: Props) {
  const { t } = useTranslation('journal');
  const [opened, setOpened] = useState(false);
  const today = bishkekDay();
  const [date, setDate] = useState(today < startsOn ? startsOn : today > endsOn ? endsOn : today);
  const [slot, setSlot] = useState<string | null>(null);
  const [times, setTimes] = useState('1');
  const [topic, setTopic] = useState<string | null>(null);
  const [text, setText] = useState('');
  const slots = useTimeSlots(date, choice.id_discipline);
  const topics = useTopics(choice.id_discipline, choice.id_vid_zaniatiy);
  const proposed = slots.data?.scheduled[0] ?? slots.data?.timeSlots[0]?.id_time;
  const chosenSlot = slot ?? (proposed ? String(proposed) : null);

  function submit() {
    if (!chosenSlot || !date) return;
    add.mutate(
      {
        ...choice,
        visitDate: date,
        id_time: Number(chosenSlot),
        timesCount: Number(times),
        id_tema: topic ? Number(topic) : -1,
        text,
      },
      {
        onSuccess: () => {
          setOpened(false);
          toast(t('lesson.added'));
        },
        onError: (e) => toast(t('lesson.failed', { reason: errorMessage(e) }), 'error'),
      },
    );
  }

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withinPortal trapFocus width={300}>
      <Popover.Target>
        <Button size="xs" onClick={() => setOpened((o) => !o)}>
          {t('lesson.add')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs">
            <DateField
              label={t('lesson.date')}
              value={date}
              minDate={startsOn}
              maxDate={endsOn}
              onChange={(next) => {
                setDate(next);
                setSlot(null);
              }}
              withinPortal={false}
              required
            />
            <Select
              label={t('lesson.slot')}
              data={(slots.data?.timeSlots ?? []).map((s) => ({
                value: String(s.id_time),
                label: `${t('lesson.slotOption', s)}${slots.data?.scheduled.includes(s.id_time) ? ` · ${t('lesson.scheduled')}` : ''}`,
              }))}
              value={chosenSlot}
              onChange={setSlot}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              label={t('lesson.times')}
              data={[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: t('lesson.timesOption', { n }) }))}
              value={times}
              onChange={(v) => setTimes(v ?? '1')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              label={t('lesson.topic')}
              placeholder={t('lesson.noTopic')}
              data={(topics.data ?? []).map((x) => ({ value: String(x.id_tema), label: `${x.module}. ${x.name}` }))}
              value={topic}
              onChange={setTopic}
              clearable
              comboboxProps={{ withinPortal: false }}
            />
            <TextInput
              label={t('lesson.topicText')}
              value={text}
              maxLength={300}
              onChange={(e) => setText(e.currentTarget.value)}
            />
            <Button type="submit" loading={add.isPending} disabled={!chosenSlot}>
              {t('lesson.save')}
            </Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
