import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UmkMaterial } from '@okuu/contracts/umk/material';
import { useTranslation } from 'react-i18next';
import { FileActions } from '../../../components/ui/file-actions';
import { FileIcon } from '../../../components/ui/file-icon';
import { fileKindOf } from '../../../lib/files';
import { formatShortDate } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { DeleteUmkButton } from './delete-umk-button';

interface Props {
  material: UmkMaterial;
  onPreview: (material: UmkMaterial) => void;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" lh={1.3}>
        {label}
      </Text>
      <Text size="sm" lh={1.35} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/**
 * A study material: title and type, discipline, semester, examination type and teacher, audience, author, pages and
 * annotation; preview (PDF) and download; delete for the teacher who uploaded it.
 */
export function UmkMaterialCard({ material, onPreview }: Props) {
  const { t } = useTranslation('umk');
  const headingId = `umk-${material.id_books}-name`;
  const file = material.file;

  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <FileIcon kind={fileKindOf(file.name)} size={40} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <div>
            <Text component="h3" fw={600} size="md" lh={1.3} id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {material.umkName}
            </Text>
            <Text size="sm" c="dimmed">
              {localizedName(material.type)}
              {material.author ? ` · ${t('material.author', { author: material.author })}` : ''}
              {material.totalPages > 0 ? ` · ${t('material.pages', { count: material.totalPages })}` : ''}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6}>
            <Fact label={t('material.discipline')} value={localizedName(material.discipline)} />
            <Fact label={t('material.teacher')} value={material.t_fio} />
            <Fact label={t('material.semester')} value={localizedName(material.semester)} />
            <Fact label={t('material.examination')} value={localizedName(material.examination)} />
          </SimpleGrid>
          <Group gap={6}>
            <Badge variant="light" color="okuu" radius="sm" tt="none">
              {t(`material.audience.${material.audience}`)}
            </Badge>
            {material.isLibrary && (
              <Badge variant="filled" color="teal.9" radius="sm" tt="none">
                {t('material.inLibrary')}
              </Badge>
            )}
            {material.canEdit && (
              <Badge variant="default" radius="sm" tt="none">
                {t('material.mine')}
              </Badge>
            )}
          </Group>
          {material.annotation && (
            <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
              {material.annotation}
            </Text>
          )}
        </Stack>
        {material.canEdit && <DeleteUmkButton material={material} />}
      </Group>
      <Group justify="space-between" gap="xs" mt="sm">
        <Text size="xs" c="dimmed">
          {t('material.uploaded', { date: formatShortDate(material.created) })}
        </Text>
        <Group gap="xs">
          <FileActions
            file={file}
            onPreview={() => onPreview(material)}
            labels={{
              preview: t('material.preview'),
              previewLabel: t('material.previewLabel', { name: material.umkName }),
              download: t('material.download'),
              downloadLabel: t('material.downloadLabel', { name: material.umkName }),
            }}
          />
        </Group>
      </Group>
    </Paper>
  );
}
