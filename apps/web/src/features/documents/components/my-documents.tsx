import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { IssuedDocument } from '@okuu/contracts/documents/documents';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DownloadIcon } from '../../../components/ui/icons';
import { QueryView } from '../../../components/ui/query-view';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useMyDocuments } from '../api/get-my-documents';
import { documentName } from './document-labels';

/** The signed-in person's documents, newest first: each with its number, date, code, and its download. */
export function MyDocuments() {
  const { t } = useTranslation('documents');
  const query = useMyDocuments();
  return (
    <QueryView query={query}>
      {(docs) =>
        docs.length === 0 ? (
          <Alert color="blue">{t('empty')}</Alert>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} aria-label={t('list')} style={{ listStyle: 'none' }}>
            {docs.map((doc) => (
              <DocumentCard key={`${doc.kind}-${doc.id}`} doc={doc} />
            ))}
          </Stack>
        )
      }
    </QueryView>
  );
}

function DocumentCard({ doc }: { doc: IssuedDocument }) {
  const { t } = useTranslation('documents');
  const name = documentName(doc, t);
  return (
    <Paper withBorder p="sm" component="li" data-testid="document-item" data-kind={doc.kind}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Group gap={6}>
            <Badge variant="light" color="gray" radius="sm" tt="none">
              {t(`kind.${doc.kind}`)}
            </Badge>
            {doc.revoked && <StatusBadge color="red">{t('revoked')}</StatusBadge>}
          </Group>
          <Text component="h3" fw={600} size="md" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="sm">
            {doc.number && `${t('number', { number: doc.number })} · `}
            {t(doc.kind === 'transcript' ? 'updated' : 'issued', { date: formatDate(doc.issued) })}
            {doc.detail && ` · ${doc.detail}`}
          </Text>
          {doc.code && (
            <Text size="sm" c="dimmed">
              {t('code', { code: doc.code })}
              {doc.verifyUrl && (
                <>
                  {' · '}
                  <Anchor
                    component={Link}
                    to={doc.verifyUrl}
                    size="sm"
                    underline="always"
                    c="var(--mantine-color-text)"
                  >
                    {t('verify')}
                  </Anchor>
                </>
              )}
            </Text>
          )}
          {doc.revoked && (
            <Text size="sm">
              {t('revokedOn', { date: formatDateTime(doc.revoked.at), reason: doc.revoked.reason })}
            </Text>
          )}
        </Stack>
        <Button
          component="a"
          href={doc.downloadUrl}
          download
          size="xs"
          leftSection={<DownloadIcon size={16} />}
          aria-label={t('downloadLabel', { name: doc.number ? `${name} ${doc.number}` : name })}
        >
          {t('download')}
        </Button>
      </Group>
    </Paper>
  );
}
