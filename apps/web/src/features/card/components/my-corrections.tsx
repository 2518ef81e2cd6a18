import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { formatDateTime } from '../../../lib/format';
import { useMyCorrections } from '../api/corrections';
import classes from './card.module.css';
import { CorrectionStatusBadge } from './correction-status';

/** The person's correction requests with where staff are with each (and their comment). */
export function MyCorrections() {
  const { t } = useTranslation('card');
  const query = useMyCorrections();
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={t('mine.heading')}
      data-testid="my-corrections"
    >
      <Title order={2} size="h4" mb="sm">
        {t('mine.heading')}
      </Title>
      <QueryView query={query} compact>
        {({ items }) =>
          items.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('mine.empty')}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" className={classes.list}>
              {items.map((c) => (
                <li key={c.id} className={classes.request} data-testid="my-correction">
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text size="sm" fw={500}>
                      {t(`topic.${c.topic}`)}
                    </Text>
                    <CorrectionStatusBadge status={c.status} />
                  </Group>
                  <Text size="sm" className={classes.wrap} style={{ whiteSpace: 'pre-line' }}>
                    {c.text}
                  </Text>
                  {c.comment && (
                    <Text size="sm" c="dimmed" className={classes.wrap}>
                      {t('mine.comment', { comment: c.comment })}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {t('mine.sent', { date: formatDateTime(c.created) })}
                  </Text>
                </li>
              ))}
            </Stack>
          )
        }
      </QueryView>
    </Paper>
  );
}
