import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The Okuu mark and name. */
export function ProductLogo({ size = 32 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#4967a3" />
        <path d="M7 10.5c3-1.3 6-1.3 9 .8 3-2.1 6-2.1 9-.8v12c-3-1.3-6-1.3-9 .8-3-2.1-6-2.1-9-.8z" fill="#fff" />
        <path d="M16 11.3v12" stroke="#4967a3" strokeWidth="1.4" />
      </svg>
      <Text component="span" fw={700} fz={size * 0.6} lh={1}>
        {t('product')}
      </Text>
    </Group>
  );
}
