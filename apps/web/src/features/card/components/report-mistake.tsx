import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { type CorrectionTopic, correctionLimits, correctionTopics } from '@okuu/contracts/card/card';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useReportMistake } from '../api/corrections';

/** "Report a mistake": which part of the card and what is wrong, sent to the staff's queue. */
export function ReportMistake({ topics }: { topics: readonly CorrectionTopic[] }) {
  const { t } = useTranslation('card');
  const [opened, setOpened] = useState(false);
  const [topic, setTopic] = useState<CorrectionTopic>(topics[0] ?? 'other');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReportMistake();

  function close() {
    setOpened(false);
    setError(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setError(t('report.required'));
      return;
    }
    report.mutate(
      { topic, text },
      {
        onSuccess: () => {
          toast(t('report.sent'));
          setText('');
          close();
        },
        onError: (e) => toast(t('report.failure', { reason: errorMessage(e) }), 'error'),
      },
    );
  }

  const choices = correctionTopics.filter((x) => topics.includes(x));
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)} data-testid="report-mistake">
        {t('report.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('report.heading')} centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Select
              label={t('report.topic')}
              data={choices.map((x) => ({ value: x, label: t(`topic.${x}`) }))}
              value={topic}
              onChange={(v) => v && setTopic(v as CorrectionTopic)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <Textarea
              label={t('report.text')}
              description={t('report.textHint')}
              value={text}
              onChange={(e) => {
                setText(e.currentTarget.value);
                setError(null);
              }}
              maxLength={correctionLimits.textMax}
              autosize
              minRows={3}
              required
              error={error}
              data-autofocus
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={close}>
                {t('report.cancel')}
              </Button>
              <Button type="submit" loading={report.isPending}>
                {t('report.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
