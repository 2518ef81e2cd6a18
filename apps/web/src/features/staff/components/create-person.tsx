import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Modal.css';
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { type IssuedCredentials, peopleLimits } from '@okuu/contracts/staff/people';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { localizedName } from '../../../lib/localized';
import { type NewPerson, useCreatePerson, usePeopleOptions } from '../api/people';
import { CredentialsSlip } from './credentials-slip';

const blank: NewPerson = {
  role: 2,
  lastName: '',
  firstName: '',
  patronymic: '',
  groupId: '',
  departmentId: '',
  positionId: '',
};

/** A dialog that creates a student or a teacher, then shows the issued credentials once. */
export function CreatePerson({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const options = usePeopleOptions();
  const create = useCreatePerson();
  const [form, setForm] = useState<NewPerson>(blank);
  const [done, setDone] = useState<{ fullName: string; credentials: IssuedCredentials } | null>(null);
  const set = (field: keyof NewPerson) => (e: { currentTarget: { value: string } }) =>
    setForm({ ...form, [field]: e.currentTarget.value });

  const close = () => {
    setForm(blank);
    setDone(null);
    create.reset();
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(form, {
      onSuccess: (r) => setDone({ fullName: r.person.fullName, credentials: r.credentials }),
    });
  };
  const choose = { value: '', label: t('create.choose') };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={done ? t('slip.heading') : t('create.heading')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {done ? (
        <CredentialsSlip fullName={done.fullName} credentials={done.credentials} />
      ) : (
        <form onSubmit={submit}>
          <Stack gap="sm">
            <SegmentedControl
              value={String(form.role)}
              onChange={(v) => setForm({ ...form, role: v === '1' ? 1 : 2 })}
              data={[
                { value: '2', label: t('role.2') },
                { value: '1', label: t('role.1') },
              ]}
              aria-label={t('create.role')}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label={t('create.lastName')}
                required
                maxLength={peopleLimits.nameMax}
                value={form.lastName}
                onChange={set('lastName')}
                data-autofocus
              />
              <TextInput
                label={t('create.firstName')}
                required
                maxLength={peopleLimits.nameMax}
                value={form.firstName}
                onChange={set('firstName')}
              />
              <TextInput
                label={t('create.patronymic')}
                maxLength={peopleLimits.nameMax}
                value={form.patronymic}
                onChange={set('patronymic')}
              />
            </SimpleGrid>
            {form.role === 2 ? (
              <NativeSelect
                label={t('create.group')}
                required
                value={form.groupId}
                onChange={set('groupId')}
                data={[choose, ...(options.data?.groups ?? []).map((g) => ({ value: String(g.id), label: g.name }))]}
              />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <NativeSelect
                  label={t('create.department')}
                  required
                  value={form.departmentId}
                  onChange={set('departmentId')}
                  data={[
                    choose,
                    ...(options.data?.departments ?? []).map((d) => ({ value: String(d.id), label: localizedName(d) })),
                  ]}
                />
                <NativeSelect
                  label={t('create.position')}
                  required
                  value={form.positionId}
                  onChange={set('positionId')}
                  data={[
                    choose,
                    ...(options.data?.positions ?? []).map((p) => ({ value: String(p.id), label: localizedName(p) })),
                  ]}
                />
              </SimpleGrid>
            )}
            {create.isError && (
              <Alert color="red" role="alert">
                {errorMessage(create.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('create.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
