import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UmkMaterial } from '@okuu/contracts/umk/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePreview } from '../../../components/ui/file-actions';
import { FolderIcon } from '../../../components/ui/icons';
import { PagedList } from '../../../components/ui/paged-list';
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

/**
 * The study materials with their filters (semester, discipline, examination type, teacher, material type; each with
 * the blank ' --- ' entry): every teacher's materials for a teacher, the materials of a student's disciplines for
 * their study form for a student. Choosing a discipline resets the teacher. `initial` sets the first filters (a link to
 * a discipline's materials).
 */
export function UmkBrowser({ viewer, initial }: { viewer: Viewer; initial?: Partial<UmkFilters> }) {
  const { t } = useTranslation('umk');
  const [chosen, setChosen] = useState<UmkFilters>(() => ({ ...noFilters, ...initial }));
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

      <PagedList
        ns="umk"
        query={list}
        page={page}
        onPageChange={setPage}
        skeleton={{ cards: 2, lines: [{ height: 16, width: '50%' }, { height: 12, width: '30%' }, { height: 40 }] }}
        emptyIcon={<FolderIcon size={32} />}
        emptyText={filtered ? t('list.emptyFiltered') : t('list.emptyText')}
        itemKey={(material) => material.id_books}
        renderItem={(material) => <UmkMaterialCard material={material} onPreview={setPreview} />}
      />

      <FilePreview ns="umk" file={preview?.file} title={preview?.umkName ?? ''} onClose={() => setPreview(null)} />
    </Stack>
  );
}
