import '@mantine/core/styles/Typography.css';
import { Anchor, Paper, SimpleGrid, Stack, Text, TextInput, Title, Typography } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ManualGuide, searchManual } from '../manual-text';

/**
 * A guide with its search: the contents (links to the sections), a search box that narrows the sections to those
 * containing every word typed, and the sections. The section named by the address's fragment is brought into view
 * and focused (a screen's help link lands there).
 */
export function ManualView({ guide, hash }: { guide: ManualGuide; hash: string }) {
  const { t } = useTranslation('manual');
  const [query, setQuery] = useState('');
  const shown = searchManual(guide.sections, query);
  const target = hash.replace(/^#/, '');

  useEffect(() => {
    if (!target) return;
    const heading = document.getElementById(`manual-${target}`);
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
  }, [target]);

  return (
    <Stack gap="lg">
      <TextInput
        type="search"
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        maw={520}
      />
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {query.trim() ? t('search.found', { count: shown.length }) : t('search.all', { count: shown.length })}
      </Text>
      {shown.length > 0 && (
        <nav aria-label={t('contents')}>
          <SimpleGrid
            cols={{ base: 2, sm: 3 }}
            spacing="xs"
            verticalSpacing={4}
            component="ul"
            style={{ listStyle: 'none', paddingInlineStart: 0, margin: 0 }}
          >
            {shown.map((s) => (
              <li key={s.id}>
                <Anchor href={`#${s.id}`} size="sm">
                  {s.title}
                </Anchor>
              </li>
            ))}
          </SimpleGrid>
        </nav>
      )}
      {shown.length === 0 && <Text>{t('search.none')}</Text>}
      {shown.map((s) => (
        <Paper
          key={s.id}
          withBorder
          p="md"
          component="section"
          id={s.id}
          aria-labelledby={`manual-${s.id}`}
          style={{ scrollMarginTop: 80 }}
        >
          <Title order={2} size="h3" id={`manual-${s.id}`} tabIndex={-1} mb="xs" style={{ scrollMarginTop: 80 }}>
            {s.title}
          </Title>
          {/* The manual's own text from the repository (docs/manual), rendered at build from markdown: trusted. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the repository's own markdown, no user input */}
          <Typography dangerouslySetInnerHTML={{ __html: s.html }} />
        </Paper>
      ))}
    </Stack>
  );
}
