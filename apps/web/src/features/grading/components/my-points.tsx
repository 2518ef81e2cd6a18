import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { formatNumber } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { useMyPoints } from '../api/sheets';
import { columnName, statusBadge } from '../lib/columns';

/** A student's own points, a card per discipline: each control point, the sum, admission and what it would mean. */
export function MyPoints() {
  const { t } = useTranslation('grading');
  const mine = useMyPoints();
  return (
    <QueryView query={mine}>
      {(disciplines) =>
        disciplines.length === 0 ? (
          <Alert color="blue">{t('mine.none')}</Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {disciplines.map((d) => (
              <Paper key={d.sheetId} withBorder p="md" component="section" aria-label={localizedName(d.discipline)}>
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Title order={2} size="h5">
                      {d.discipline.code} {localizedName(d.discipline)}
                    </Title>
                    <Badge {...statusBadge(d.status)} style={{ flexShrink: 0 }}>
                      {t(`status.${d.status}`)}
                    </Badge>
                  </Group>
                  {d.columns.map((c, i) => (
                    <Group key={columnName(d.columns, i, t)} justify="space-between">
                      <Text size="sm">{columnName(d.columns, i, t)}</Text>
                      <Text size="sm" ff="monospace">
                        {t('mine.of', { points: d.points[i] ?? '—', max: c.max })}
                      </Text>
                    </Group>
                  ))}
                  <Group justify="space-between">
                    <Text size="sm" fw={700}>
                      {t('grid.total')}
                    </Text>
                    <Text size="sm" fw={700}>
                      {t('mine.total', {
                        total: d.totals.total,
                        letter: d.totals.letter ?? '—',
                        numeric: d.totals.numeric === null ? '—' : formatNumber(d.totals.numeric, 2),
                      })}
                    </Text>
                  </Group>
                  {d.columns.some((c) => c.kind === 'exam') ? (
                    <Text size="sm" fw={600}>
                      {d.totals.admitted
                        ? `✓ ${t('mine.admitted')}`
                        : `⚠ ${t('mine.missing', { missing: d.totals.missingForAdmission, min: d.admissionMin })}`}
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    {t('mine.credits', { credits: d.credits })}
                  </Text>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        )
      }
    </QueryView>
  );
}
