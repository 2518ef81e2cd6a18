import { Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Three placeholder rows while the contacts load. */
export function ContactsSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="status">
      <VisuallyHidden>{t('chat.loading')}</VisuallyHidden>
      {[0, 1, 2].map((key) => (
        <Group key={key} gap="sm" wrap="nowrap" aria-hidden="true">
          <Skeleton circle height={34} />
          <Skeleton height={12} width="70%" />
        </Group>
      ))}
    </Stack>
  );
}
