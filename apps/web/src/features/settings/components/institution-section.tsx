import { Alert, Button, Group, Image, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type Institution, institutionLimits, institutionSave } from '@okuu/contracts/settings/institution';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useInstitution, useLogoUpload, useSettingsChange } from '../api/settings';
import { checkInput, type FieldErrors, serverFieldErrors } from '../lib/check';

const logoTypes = ['image/png', 'image/jpeg', 'image/webp'];

type Draft = Record<'name' | 'nameKg' | 'nameEn' | 'width' | 'fontsize', string>;
const draftOf = (i: Institution): Draft => ({
  name: i.name,
  nameKg: i.nameKg,
  nameEn: i.nameEn,
  width: String(i.width),
  fontsize: String(i.fontsize),
});

function InstitutionForm({ data }: { data: Institution }) {
  const { t } = useTranslation('staff-settings');
  const [draft, setDraft] = useState<Draft>(() => draftOf(data));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSettingsChange(institutionSave);
  const upload = useLogoUpload();
  const [logoError, setLogoError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => setDraft(draftOf(data)), [data]);
  const labels = Object.fromEntries(
    (['name', 'nameKg', 'nameEn', 'width', 'fontsize'] as const).map((name) => [name, t(`institution.${name}`)]),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = { ...draft };
    const found = checkInput(institutionSave, input, labels);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(input, {
      onSuccess: () => toast(t('common.saved')),
      onError: (error) => setErrors(serverFieldErrors(error, labels)),
    });
  };
  const field = (name: keyof Draft, type = 'text') => (
    <TextInput
      name={name}
      type={type}
      label={t(`institution.${name}`)}
      required={name === 'name'}
      value={draft[name]}
      onChange={(e) => setDraft({ ...draft, [name]: e.currentTarget.value })}
      error={errors[name]}
    />
  );

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Title order={2} size="h4">
              {t('institution.heading')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('institution.hint')}
            </Text>
          </div>
          {field('name')}
          {field('nameKg')}
          {field('nameEn')}
          <SimpleGrid cols={2} spacing="sm">
            {field('width', 'number')}
            {field('fontsize', 'number')}
          </SimpleGrid>
          {save.isError && Object.keys(serverFieldErrors(save.error, labels)).length === 0 && (
            <Alert color="red" role="alert">
              {errorMessage(save.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('institution.logo')}
          </Title>
          {data.logo ? (
            <Group gap="md" wrap="nowrap">
              <Image src={data.logo} alt={t('institution.logo')} w={96} h={96} fit="contain" />
              <Text fw={600} style={{ fontSize: Number(draft.fontsize) || data.fontsize }}>
                {draft.name}
              </Text>
            </Group>
          ) : (
            <Text c="dimmed">{t('institution.noLogo')}</Text>
          )}
          <Text size="sm" c="dimmed">
            {t('institution.uploadHint')}
          </Text>
          <input
            ref={fileInput}
            type="file"
            accept={logoTypes.join(',')}
            hidden
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (!file) return;
              // Checked here as the server will: an image of the accepted types, not too big.
              const fits = file.size <= institutionLimits.logoMaxBytes && logoTypes.includes(file.type);
              setLogoError(fits ? null : t('institution.uploadHint'));
              if (fits) upload.mutate(file, { onSuccess: () => toast(t('institution.uploaded')) });
            }}
          />
          <Button variant="default" loading={upload.isPending} onClick={() => fileInput.current?.click()}>
            {t('institution.upload')}
          </Button>
          {(logoError || upload.isError) && (
            <Alert color="red" role="alert">
              {logoError ?? errorMessage(upload.error)}
            </Alert>
          )}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}

/** The institution's name (three languages), the logo's width and the name's size, and the logo itself. */
export function InstitutionSection() {
  return <QueryView query={useInstitution()}>{(data) => <InstitutionForm data={data} />}</QueryView>;
}
