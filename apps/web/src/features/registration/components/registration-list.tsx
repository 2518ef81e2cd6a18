import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { RegistrationItem } from '@okuu/contracts/registration/common';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../../components/ui/delete-button';
import { shortName } from '../../../lib/format';
import { localizedName, localizedNameOrNull } from '../../../lib/localized';
import { useDeleteRegistration } from '../api/delete-registration';
import { audienceName } from '../lib/options';

interface Props {
  registrations: RegistrationItem[];
  /** The window is open: each registration can be deleted (after a confirmation). */
  canDelete: boolean;
}

function RegistrationRow({ item, canDelete }: { item: RegistrationItem; canDelete: boolean }) {
  const { t } = useTranslation('registration');
  const remove = useDeleteRegistration();
  const name = localizedName(item.discipline);
  const kind = localizedNameOrNull(item.vid) ?? '';
  const details = [kind, item.audience ? audienceName(t, item.audience) : '', item.t_fio ? shortName(item.t_fio) : '']
    .filter(Boolean)
    .join(' · ');
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            {item.isSelect && (
              <Badge size="sm" variant="light">
                {t('list.elective')}
              </Badge>
            )}
          </Group>
          <Text size="sm">{details}</Text>
          <Text size="xs" c="dimmed">
            {t('list.meta', { credits: item.kredits, examination: localizedName(item.examination) })}
          </Text>
        </Stack>
        {canDelete && (
          <DeleteButton
            ns="registration"
            label={t('list.delete', { name, kind })}
            text={t('delete.textNamed', { name, kind })}
            onDelete={() => remove.mutateAsync(item.id_disciplineForStudent)}
          />
        )}
      </Group>
    </Paper>
  );
}

/** The student's current registrations of the half-year, each with its delete button while the window is open. */
export function RegistrationList({ registrations, canDelete }: Props) {
  const { t } = useTranslation('registration');
  if (registrations.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('list.empty')}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {registrations.map((item) => (
        <RegistrationRow key={item.id_disciplineForStudent} item={item} canDelete={canDelete} />
      ))}
    </Stack>
  );
}
