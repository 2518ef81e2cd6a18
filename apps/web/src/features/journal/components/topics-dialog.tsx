import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Table.css';
import { Alert, Button, Group, Modal, Stack, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { errorMessage } from '../../../lib/error-message';
import { formatDayMonth } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import type { JournalChoice } from '../api/keys';
import { useSaveTopic, useTopicReport, useTopics } from '../api/topics';

interface Draft {
  id_tema: number;
  module: number;
  name: string;
  hours: number;
}

/** The discipline's topics by module (add, edit) and the journal's topics report. */
export function TopicsDialog({ choice, onClose }: { choice: JournalChoice; onClose: () => void }) {
  const { t } = useTranslation('journal');
  const [tab, setTab] = useState<'topics' | 'report'>('topics');
  const topics = useTopics(choice.id_discipline, choice.id_vid_zaniatiy);
  const report = useTopicReport(choice, tab === 'report');
  const save = useSaveTopic(choice.id_discipline, choice.id_vid_zaniatiy);
  const [draft, setDraft] = useState<Draft | null>(null);

  function submit() {
    if (!draft) return;
    save.mutate(draft, {
      onSuccess: () => {
        setDraft(null);
        toast(t('topics.saved'));
      },
      onError: (e) => toast(t('topics.failed', { reason: errorMessage(e) }), 'error'),
    });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('topics.heading')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('topics.close') }}
    >
      {/* Two views, switched by plain buttons (Mantine's tabs would grow the code of the sign-in page). */}
      <Group gap="xs" mb="sm">
        {(['topics', 'report'] as const).map((view) => (
          <Button
            key={view}
            size="xs"
            variant={tab === view ? 'filled' : 'default'}
            aria-pressed={tab === view}
            onClick={() => setTab(view)}
          >
            {t(view === 'topics' ? 'topics.heading' : 'topics.report')}
          </Button>
        ))}
      </Group>
      {tab === 'topics' ? (
        <div>
          <QueryView query={topics}>
            {(list) => (
              <Stack gap="sm">
                {!list.length && <Alert color="blue">{t('topics.empty')}</Alert>}
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('topics.module')}</Table.Th>
                      <Table.Th>{t('topics.name')}</Table.Th>
                      <Table.Th>{t('topics.hours')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.map((x) => (
                      <Table.Tr key={x.id_tema}>
                        <Table.Td>{x.module}</Table.Td>
                        <Table.Td>{x.name}</Table.Td>
                        <Table.Td>{x.hours}</Table.Td>
                        <Table.Td>
                          <Button size="compact-xs" variant="subtle" onClick={() => setDraft({ ...x })}>
                            {t('topics.edit')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                {draft ? (
                  <form
                    onSubmit={(e) => {
                      e.preventDefault();
                      submit();
                    }}
                  >
                    <Group align="flex-end" gap="xs">
                      <TextInput
                        type="number"
                        label={t('topics.module')}
                        min={1}
                        max={9}
                        w={90}
                        value={String(draft.module)}
                        onChange={(e) => setDraft({ ...draft, module: Number(e.currentTarget.value) || 1 })}
                      />
                      <TextInput
                        label={t('topics.name')}
                        style={{ flex: 1 }}
                        maxLength={300}
                        required
                        value={draft.name}
                        onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
                      />
                      <TextInput
                        type="number"
                        label={t('topics.hours')}
                        min={1}
                        max={20}
                        w={80}
                        value={String(draft.hours)}
                        onChange={(e) => setDraft({ ...draft, hours: Number(e.currentTarget.value) || 2 })}
                      />
                      <Button type="submit" loading={save.isPending}>
                        {t('topics.save')}
                      </Button>
                      <Button variant="default" onClick={() => setDraft(null)}>
                        {t('topics.cancel')}
                      </Button>
                    </Group>
                  </form>
                ) : (
                  <Group>
                    <Button
                      size="xs"
                      onClick={() => setDraft({ id_tema: -1, module: list.at(-1)?.module ?? 1, name: '', hours: 2 })}
                    >
                      {t('topics.add')}
                    </Button>
                  </Group>
                )}
              </Stack>
            )}
          </QueryView>
        </div>
      ) : (
        <div>
          <QueryView query={report}>
            {(rows) => (
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('topics.module')}</Table.Th>
                    <Table.Th>{t('topics.name')}</Table.Th>
                    <Table.Th>{t('topics.hours')}</Table.Th>
                    <Table.Th>{t('topics.dates')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={`${r.id_tema}/${r.name}`}>
                      <Table.Td>{r.module ?? '—'}</Table.Td>
                      <Table.Td>{r.name || t('topics.untitled')}</Table.Td>
                      <Table.Td>{r.hours}</Table.Td>
                      <Table.Td>{r.dates.map((d) => formatDayMonth(d)).join(', ')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </QueryView>
        </div>
      )}
    </Modal>
  );
}
