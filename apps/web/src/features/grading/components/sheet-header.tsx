import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { GradingSheet } from '@okuu/contracts/grading/sheets';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { localizedName } from '../../../lib/localized';
import { statusBadge } from '../lib/columns';

/** A sheet's heading: discipline, group, half-year, form of control, credits, teachers, status, and its history. */
export function SheetHeader({ sheet }: { sheet: GradingSheet }) {
  const { t } = useTranslation('grading');
  return (
    <Stack gap={4}>
      <Group gap="sm">
        <Title order={2} size="h4">
          {sheet.discipline.code} {localizedName(sheet.discipline)} — {localizedName(sheet.audience)}
        </Title>
        <Badge {...statusBadge(sheet.status)}>{t(`status.${sheet.status}`)}</Badge>
        {sheet.kind !== 'regular' ? <Badge variant="outline">{t(`kind.${sheet.kind}`)}</Badge> : null}
      </Group>
      <Text size="sm" c="dimmed">
        {t('header.line', {
          year: `${sheet.year}–${sheet.year + 1}`,
          half: t(`half.${String(sheet.ws) as '1' | '2' | '3'}`),
          credits: sheet.credits,
          control: sheet.examinationType ? localizedName(sheet.examinationType) : '—',
          admission: sheet.admissionMin,
        })}
      </Text>
      {sheet.teachers.length ? (
        <Text size="sm" c="dimmed">
          {t('header.teachers', { names: sheet.teachers.join(', ') })}
        </Text>
      ) : null}
      {sheet.events.map((e) => (
        <Text size="xs" c="dimmed" key={`${e.action}-${e.at}`}>
          {t(`event.${e.action}`, { at: formatDateTime(e.at), who: e.actor ?? '—' })}
          {e.reason ? ` — ${e.reason}` : ''}
        </Text>
      ))}
    </Stack>
  );
}

/** The sheet's documents: A4 PDF and XLSX, in the reader's language. */
export function SheetDownloads({ id }: { id: number }) {
  const { t } = useTranslation('grading');
  const query = new URLSearchParams({ id: String(id), lang: currentLanguage() });
  return (
    <Group gap="xs">
      <Button variant="default" size="xs" component="a" href={`/api/grading/sheet.pdf?${query}`} download>
        {t('download.pdf')}
      </Button>
      <Button variant="default" size="xs" component="a" href={`/api/grading/sheet.xlsx?${query}`} download>
        {t('download.xlsx')}
      </Button>
    </Group>
  );
}
