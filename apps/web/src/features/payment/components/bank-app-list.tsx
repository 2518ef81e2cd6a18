import { Anchor, Group, Image, SimpleGrid, Text } from '@mantine/core';
import type { BankApp } from '@okuu/contracts/payment/bank-apps';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized';

/** The bank apps as links: on a phone, prefix + '#' + payload opens that app with the payment filled in. */
export function BankAppList({ apps, payload }: { apps: readonly BankApp[]; payload: string }) {
  const { t } = useTranslation('payment');
  return (
    <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
      {apps.map((app) => {
        const name = localizedName(app);
        return (
          <Anchor
            key={app.id}
            href={`${app.prefix}#${encodeURIComponent(payload)}`}
            aria-label={t('banks.open', { bank: name })}
            underline="never"
            c="inherit"
            p="xs"
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
          >
            <Group gap="xs" wrap="nowrap">
              <Image src={app.logo} alt="" w={32} h={32} />
              <Text size="sm" fw={500} lineClamp={2}>
                {name}
              </Text>
            </Group>
          </Anchor>
        );
      })}
    </SimpleGrid>
  );
}
