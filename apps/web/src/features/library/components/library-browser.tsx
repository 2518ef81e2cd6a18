import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type EBook, libraryLimits } from '@okuu/contracts/library/book';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePreview } from '../../../components/ui/file-actions';
import { BookIcon } from '../../../components/ui/icons';
import { PagedList } from '../../../components/ui/paged-list';
import { currentLanguage } from '../../../lib/i18n';
import { localizedName } from '../../../lib/localized';
import { BLANK_ID, choose, withBlank } from '../../../lib/selection';
import { useBookList } from '../api/get-book-list';
import { useBaseCategories, useCategories } from '../api/get-categories';
import { BookCard } from './book-card';
import { resultMessage } from './result-message';

/**
 * The library: base category and subcategory, a search over title or author (on the server, ignoring letter case),
 * the result message, the books of the page with preview, download and delete, and the page numbers.
 */
export function LibraryBrowser() {
  const { t, i18n } = useTranslation('library');
  const [categories, setCategories] = useState({ baseCategory: BLANK_ID, category: BLANK_ID });
  const [searchDraft, setSearchDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [preview, setPreview] = useState<EBook | null>(null);

  const baseCategories = useBaseCategories();
  const subcategories = useCategories(categories.baseCategory);
  const allSubcategories = useCategories(BLANK_ID);
  const list = useBookList({ baseId: categories.baseCategory, categoryId: categories.category, search, page });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the names follow the interface language.
  const categoryNames = useMemo(
    () => new Map((allSubcategories.data ?? []).map((c) => [c.id_bookCategory, localizedName(c)])),
    [allSubcategories.data, i18n.language],
  );
  const baseOptions = withBlank(
    (baseCategories.data ?? []).map((c) => ({ value: String(c.id_baseBookCategory), label: localizedName(c) })),
  );
  const categoryOptions = withBlank(
    (subcategories.data ?? []).map((c) => ({ value: String(c.id_bookCategory), label: localizedName(c) })),
  );

  function pick(field: 'baseCategory' | 'category', value: string) {
    setCategories((current) => choose(current, field, Number(value)));
    setPage(1);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearch(searchDraft.trim());
    setPage(1);
  }

  function clear() {
    setSearchDraft('');
    setSearch('');
    setPage(1);
  }

  const data = list.data;
  const message = data ? resultMessage(data, currentLanguage()) : null;

  return (
    <Stack gap="md">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <search aria-label={t('filters.label')}>
          <form onSubmit={submit}>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <NativeSelect
                  label={t('filters.baseCategory')}
                  data={baseOptions}
                  value={String(categories.baseCategory)}
                  onChange={(event) => pick('baseCategory', event.currentTarget.value)}
                />
                <NativeSelect
                  label={t('filters.category')}
                  data={categoryOptions}
                  value={String(categories.category)}
                  onChange={(event) => pick('category', event.currentTarget.value)}
                />
              </SimpleGrid>
              <Group align="flex-end" gap="sm" wrap="wrap">
                <TextInput
                  type="search"
                  name="search"
                  label={t('filters.search')}
                  placeholder={t('filters.searchPlaceholder')}
                  value={searchDraft}
                  onChange={(event) => setSearchDraft(event.currentTarget.value)}
                  maxLength={libraryLimits.searchMax}
                  style={{ flex: '1 1 240px' }}
                />
                <Group gap="xs">
                  <Button type="submit">{t('filters.submit')}</Button>
                  {(search || searchDraft) && (
                    <Button variant="default" onClick={clear}>
                      {t('filters.clear')}
                    </Button>
                  )}
                </Group>
              </Group>
            </Stack>
          </form>
        </search>
      </Paper>

      <Text role="status" aria-live="polite" fw={500} mih={24}>
        {message ? t(message.key, message.values) : ''}
      </Text>

      <PagedList
        ns="library"
        query={list}
        page={page}
        onPageChange={setPage}
        skeleton={{ cards: 3, lines: [{ height: 16, width: '55%' }, { height: 12, width: '35%' }, { height: 12 }] }}
        emptyIcon={<BookIcon size={32} />}
        emptyText={t('list.emptyText')}
        itemKey={(book) => book.id_eBook}
        renderItem={(book) => (
          <BookCard book={book} categoryName={categoryNames.get(book.id_bookCategory) ?? ''} onPreview={setPreview} />
        )}
      />

      <FilePreview ns="library" file={preview?.file} title={preview?.name ?? ''} onClose={() => setPreview(null)} />
    </Stack>
  );
}
