import {
  Alert,
  Button,
  EmptyState,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { UmkMaterial } from '@okuu/contracts/umk/material';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePreviewModal } from '../../../components/ui/file-preview-modal';
import { FolderIcon } from '../../../components/ui/icons';
import { ListPagination } from '../../../components/ui/list-pagination';
import { errorMessage } from '../../../lib/error-message';
import { localizedName } from '../../../lib/localized';
import { BLANK_ID, choose, dropMissing, withBlank } from '../../../lib/selection';
import { type UmkFilters, useUmkList } from '../api/get-umk-list';
import {
  useUmkDisciplines,
  useUmkExamTypes,
  useUmkSemesters,
  useUmkTeachers,
  useUmkTypes,
  type Viewer,
} from '../api/get-umk-lists';
import { UmkMaterialCard } from './umk-material-card';

export const noFilters: UmkFilters = {
  semester: BLANK_ID,
  discipline: BLANK_ID,
  examination: BLANK_ID,
  teacher: BLANK_ID,
  type: BLANK_ID,
};

/** The ids a loaded list offers; undefined while it loads (or shows the previous list meanwhile). */
function idsOf<T>(query: { data?: T[]; isPlaceholderData: boolean }, id: (item: T) => number) {
  return query.data && !query.isPlaceholderData ? query.data.map(id) : undefined;
}

function ListSkeleton() {
  const { t } = useTranslation('umk');
  return (
    <Stack role="status" aria-live="polite" gap="md">
      <VisuallyHidden>{t('list.loading')}</VisuallyHidden>
      {[0, 1].map((key) => (
        <Paper key={key} withBorder p="md" radius="md" aria-hidden="true">
          <Stack gap="sm">
            <Skeleton height={16} width="50%" />
            <Skeleton height={12} width="30%" />
            <Skeleton height={40} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The study materials with their filters (semester, discipline, examination type, teacher, material type; each with
 * the blank ' --- ' entry): every teacher's materials for a teacher, the materials of a student's disciplines for
 * their study form for a student. Choosing a discipline resets the teacher.
 */
export function UmkBrowser({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation('umk');
  const [chosen, setChosen] = useState<UmkFilters>(noFilters);
  const [page, setPage] = useState(1);
  const [preview, setPreview] = useState<UmkMaterial | null>(null);

  const semesters = useUmkSemesters(viewer);
  const disciplines = useUmkDisciplines(viewer, chosen.semester, 'materials');
  const examTypes = useUmkExamTypes(viewer, chosen.semester, chosen.discipline);
  const teachers = useUmkTeachers(chosen.semester, chosen.discipline);
  const types = useUmkTypes();

  // A choice its list no longer offers (another semester's discipline…) stops filtering.
  const filters = dropMissing(chosen, {
    semester: idsOf(semesters, (s) => s.id_semester),
    discipline: idsOf(disciplines, (d) => d.id_discipline),
    examination: idsOf(examTypes, (e) => e.id_examination),
    teacher: idsOf(teachers, (p) => p.id_teacher),
    type: idsOf(types, (k) => k.id_typeUmk),
  });
  useEffect(() => {
    if (filters !== chosen) setChosen(filters);
  }, [filters, chosen]);

  const list = useUmkList(viewer, filters, page);

  function pick(field: keyof UmkFilters, value: string) {
    setChosen((current) => choose(current, field, Number(value)));
    setPage(1);
  }

  const filtered = Object.values(filters).some((value) => value !== BLANK_ID);
  const selects: { field: keyof UmkFilters; options: { value: string; label: string }[] }[] = [
    {
      field: 'semester',
      options: (semesters.data ?? []).map((s) => ({ value: String(s.id_semester), label: localizedName(s) })),
    },
    {
      field: 'discipline',
      options: (disciplines.data ?? []).map((d) => ({ value: String(d.id_discipline), label: localizedName(d) })),
    },
    {
      field: 'examination',
      options: (examTypes.data ?? []).map((e) => ({ value: String(e.id_examination), label: localizedName(e) })),
    },
    {
      field: 'teacher',
      options: (teachers.data ?? []).map((p) => ({ value: String(p.id_teacher), label: p.t_fio })),
    },
    {
      field: 'type',
      options: (types.data ?? []).map((k) => ({ value: String(k.id_typeUmk), label: localizedName(k) })),
    },
  ];

  const data = list.data;
  let content: ReactNode;
  if (list.isPending) content = <ListSkeleton />;
  else if (list.isError && !data) {
    content = (
      <Alert color="red" title={t('list.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(list.error)}</Text>
          <Button size="xs" variant="light" onClick={() => void list.refetch()}>
            {t('list.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (data && data.items.length === 0) {
    content = (
      <EmptyState mt="md" withIndicatorBackground>
        <EmptyState.Indicator>
          <FolderIcon size={32} />
        </EmptyState.Indicator>
        <EmptyState.Title order={3}>{t('list.emptyTitle')}</EmptyState.Title>
        <EmptyState.Description>{filtered ? t('list.emptyFiltered') : t('list.emptyText')}</EmptyState.Description>
      </EmptyState>
    );
  } else if (data) {
    content = (
      <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {data.items.map((material) => (
          <li key={material.id_books}>
            <UmkMaterialCard material={material} onPreview={setPreview} />
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Paper component="section" aria-label={t('filters.label')} withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm">
          {selects.map(({ field, options }) => (
            <NativeSelect
              key={field}
              label={t(`filters.${field}`)}
              data={withBlank(options)}
              value={String(filters[field])}
              onChange={(event) => pick(field, event.currentTarget.value)}
            />
          ))}
        </SimpleGrid>
        {filtered && (
          <Button
            variant="subtle"
            size="compact-sm"
            mt="sm"
            onClick={() => {
              setChosen(noFilters);
              setPage(1);
            }}
          >
            {t('filters.reset')}
          </Button>
        )}
      </Paper>

      <Group justify="space-between">
        <Text role="status" aria-live="polite" fw={500} mih={24}>
          {data ? t('list.total', { count: data.total }) : ''}
        </Text>
      </Group>

      <section aria-label={t('list.label')} aria-busy={list.isFetching}>
        {content}
      </section>

      {data && (
        <ListPagination
          page={page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={(next) => {
            setPage(next);
            window.scrollTo({ top: 0 });
          }}
          disabled={list.isFetching}
          labels={{
            nav: t('list.pagination'),
            previous: t('list.previousPage'),
            next: t('list.nextPage'),
            page: (number) => t('list.page', { page: number }),
          }}
        />
      )}

      <FilePreviewModal
        previewUrl={preview?.file.previewUrl ?? null}
        downloadUrl={preview?.file.url ?? ''}
        fileName={preview?.file.name ?? ''}
        onClose={() => setPreview(null)}
        labels={{
          title: preview?.umkName ?? '',
          frame: t('preview.frame', { name: preview?.file.name ?? '' }),
          close: t('preview.close'),
          download: t('preview.download'),
          openInTab: t('preview.openInTab'),
        }}
      />
    </Stack>
  );
}
