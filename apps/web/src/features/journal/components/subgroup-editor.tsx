import '@mantine/core/styles/Modal.css';
import { ActionIcon, Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TrashIcon } from '../../../components/ui/icons';
import { QueryView } from '../../../components/ui/query-view';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import type { JournalChoice } from '../api/keys';
import { useSubgroupActions, useSubgroupStudents } from '../api/subgroups';
import classes from './journal.module.css';

/** Creates a subgroup from the group's students, or edits one (its name and list); a student can be removed. */
export function SubgroupEditor({
  choice,
  groupName,
  onClose,
}: {
  choice: JournalChoice;
  groupName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('journal');
  const [subgroupId, setSubgroupId] = useState(-1);
  const isGroup = choice.groupType === 'group';
  const list = useSubgroupStudents(choice.id_group, subgroupId);
  const actions = useSubgroupActions();
  const [name, setName] = useState('');
  const [members, setMembers] = useState<number[]>([]);

  useEffect(() => {
    if (!list.data) return;
    setName(list.data.name);
    setMembers(list.data.students.filter((s) => s.member).map((s) => s.id_student));
  }, [list.data]);

  function save() {
    actions.save.mutate(
      { id_group: choice.id_group, id_subgroup: subgroupId, name, students: members },
      {
        onSuccess: (saved) => {
          setSubgroupId(saved.id_subgroup);
          toast(t('subgroups.saved'));
        },
        onError: (e) => toast(t('subgroups.failed', { reason: errorMessage(e) }), 'error'),
      },
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('subgroups.heading', { group: groupName })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('subgroups.close') }}
    >
      {!isGroup ? (
        <Alert color="blue">{t('subgroups.onlyGroups')}</Alert>
      ) : (
        <QueryView query={list}>
          {(data) => (
            <Stack gap="sm">
              <Select
                label={t('select.types.subgroup')}
                data={[
                  { value: '-1', label: t('subgroups.new') },
                  ...data.subgroups.map((s) => ({
                    value: String(s.id_subgroup),
                    label: `${s.name} · ${t('subgroups.count', { count: s.students })}`,
                  })),
                ]}
                value={String(subgroupId)}
                onChange={(v) => setSubgroupId(Number(v ?? -1))}
                allowDeselect={false}
                comboboxProps={{ withinPortal: false }}
              />
              <TextInput
                label={t('subgroups.name')}
                value={name}
                maxLength={60}
                onChange={(e) => setName(e.currentTarget.value)}
                required
              />
              <Text size="sm" fw={500}>
                {t('subgroups.students')}
              </Text>
              <Stack gap={4} mah={320} style={{ overflow: 'auto' }}>
                {data.students.map((s) => (
                  <Group key={s.id_student} justify="space-between" wrap="nowrap">
                    {/* A native checkbox: the list is plain, and Mantine's would grow the code every portal screen loads. */}
                    <label className={classes.check}>
                      <input
                        type="checkbox"
                        checked={members.includes(s.id_student)}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          setMembers((m) => (on ? [...m, s.id_student] : m.filter((id) => id !== s.id_student)));
                        }}
                      />
                      {s.s_fio}
                    </label>
                    {subgroupId !== -1 && s.member && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`${t('subgroups.remove')}: ${s.s_fio}`}
                        title={t('subgroups.remove')}
                        onClick={() =>
                          actions.remove.mutate(
                            { id_subgroup: subgroupId, id_student: s.id_student },
                            {
                              onSuccess: () => toast(t('subgroups.removed')),
                              onError: (e) => toast(errorMessage(e), 'error'),
                            },
                          )
                        }
                      >
                        <TrashIcon size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                ))}
              </Stack>
              <Group justify="flex-end">
                <Button onClick={save} loading={actions.save.isPending} disabled={!name.trim() || !members.length}>
                  {t('subgroups.save')}
                </Button>
              </Group>
            </Stack>
          )}
        </QueryView>
      )}
    </Modal>
  );
}
