import '../../features/library/catalogue';
import { Button, Collapse, Group, Paper, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { roles } from '@okuu/contracts/endpoint';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { BookUploadForm } from '../../features/library/components/book-upload-form';
import { LibraryBrowser } from '../../features/library/components/library-browser';
import { configQuery } from '../../features/misc/api/get-config';
import { useSessionUser } from '../../lib/use-session';

/** /lms/library: the e-library; teachers and staff also add books (the upload limit comes from config.json). */
export function LibraryPage() {
  const { t } = useTranslation();
  const { t: tl } = useTranslation('library');
  const user = useSessionUser();
  const config = useQuery(configQuery);
  const [formOpen, form] = useDisclosure(false);
  const formId = useId();
  const mayUpload = user.role === roles.teacher || user.role === roles.staff;

  return (
    <Stack gap="lg" maw={960}>
      <PageTitle page={t('titles.library')} />
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('menu.library')}
        </Title>
        {mayUpload && (
          <Button
            variant={formOpen ? 'default' : 'filled'}
            onClick={form.toggle}
            aria-expanded={formOpen}
            aria-controls={formId}
          >
            {formOpen ? tl('form.hide') : tl('form.toggle')}
          </Button>
        )}
      </Group>
      {mayUpload && (
        <Collapse expanded={formOpen} id={formId}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
            <BookUploadForm maxUploadMb={config.data?.maxUploadMb} />
          </Paper>
        </Collapse>
      )}
      <LibraryBrowser />
    </Stack>
  );
}
