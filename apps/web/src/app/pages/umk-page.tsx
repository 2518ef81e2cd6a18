import '../../features/umk/catalogue';
import { Alert, Button, Collapse, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title';
import { configQuery } from '../../features/misc/api/get-config';
import { viewerOf } from '../../features/umk/api/get-umk-lists';
import { UmkBrowser } from '../../features/umk/components/umk-browser';
import { UmkUploadForm } from '../../features/umk/components/umk-upload-form';
import { BLANK_ID } from '../../lib/selection';
import { useSessionUser } from '../../lib/use-session';

/**
 * /lms/umk: study materials. Teachers upload theirs (the upload limit comes from config.json) and browse everyone's;
 * students see the materials of their disciplines. Other roles get a notice.
 */
export function UmkPage() {
  const { t } = useTranslation();
  const { t: tu } = useTranslation('umk');
  const user = useSessionUser();
  const viewer = viewerOf(user.role);
  const config = useQuery({ ...configQuery, enabled: viewer === 'teacher' });
  const [formOpen, form] = useDisclosure(false);
  const formId = useId();
  // A link to a discipline's materials (the layout's discipline list) names the semester and discipline to filter by.
  const [search] = useSearchParams();
  const idFrom = (name: string) => (/^\d{1,10}$/.test(search.get(name) ?? '') ? Number(search.get(name)) : BLANK_ID);
  const initial = { semester: idFrom('id_semester'), discipline: idFrom('id_discipline') };

  return (
    <Stack gap="lg" maw={960}>
      <PageTitle page={t('titles.umk')} />
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('menu.umk')}
        </Title>
        {viewer === 'teacher' && (
          <Button
            variant={formOpen ? 'default' : 'filled'}
            onClick={form.toggle}
            aria-expanded={formOpen}
            aria-controls={formId}
          >
            {formOpen ? tu('form.hide') : tu('form.toggle')}
          </Button>
        )}
      </Group>
      {viewer && <Text c="dimmed">{tu(`intro.${viewer}`)}</Text>}
      {viewer === 'teacher' && (
        <Collapse expanded={formOpen} id={formId}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
            <UmkUploadForm maxUploadMb={config.data?.maxUploadMb} />
          </Paper>
        </Collapse>
      )}
      {viewer ? (
        <UmkBrowser key={search.toString()} viewer={viewer} initial={initial} />
      ) : (
        <Alert color="blue">{tu('notForRole')}</Alert>
      )}
    </Stack>
  );
}
