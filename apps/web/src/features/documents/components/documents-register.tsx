import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Table.css';
import { Alert, Anchor, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type DocumentKind, documentKinds, type IssuedDocument } from '@okuu/contracts/documents/documents';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DownloadIcon } from '../../../components/ui/icons';
import { ListPagination } from '../../../components/ui/list-pagination';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format';
import { type RegisterFilters, useRegister } from '../api/get-register';
import { documentName } from './document-labels';
import { RevokeDialog } from './revoke-dialog';

/** Staff: the register of issued documents, searched by number, code, person or kind; a document revoked from here. */
export function DocumentsRegister() {
  const { t } = useTranslation('documents');
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed.trim(), 300);
  const [kind, setKind] = useState<RegisterFilters['kind']>('any');
  const [revoked, setRevoked] = useState<RegisterFilters['revoked']>('any');
  const [page, setPage] = useState(1);
  const [revoking, setRevoking] = useState<IssuedDocument | null>(null);
  const query = useRegister({ q, kind, revoked, page });

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('register.search')}
          placeholder={t('register.searchHint')}
          value={typed}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            setPage(1);
          }}
          maxLength={100}
          w={{ base: '100%', xs: 320 }}
          type="search"
        />
        <Select
          label={t('register.kind')}
          w={{ base: '100%', xs: 200 }}
          data={[
            { value: 'any', label: t('register.anyKind') },
            ...documentKinds.map((k) => ({ value: k, label: t(`kind.${k}`) })),
          ]}
          value={kind}
          onChange={(v) => {
            setKind((v ?? 'any') as DocumentKind | 'any');
            setPage(1);
          }}
          allowDeselect={false}
        />
        <Select
          label={t('register.status')}
          w={{ base: '100%', xs: 200 }}
          data={[
            { value: 'any', label: t('register.anyStatus') },
            { value: 'no', label: t('register.valid') },
            { value: 'yes', label: t('register.revokedOnly') },
          ]}
          value={revoked}
          onChange={(v) => {
            setRevoked((v ?? 'any') as RegisterFilters['revoked']);
            setPage(1);
          }}
          allowDeselect={false}
        />
      </Group>
      <QueryView query={query}>
        {(data) => (
          <Stack gap="sm">
            <Text size="sm" c="dimmed" role="status">
              {t('register.found', { total: formatNumber(data.total) })}
            </Text>
            {data.items.length === 0 ? (
              <Alert color="blue">{t('register.none')}</Alert>
            ) : (
              <ScrollTable label={t('register.table')} minWidth={900}>
                <Table striped verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('register.columns.number')}</Table.Th>
                      <Table.Th>{t('register.columns.title')}</Table.Th>
                      <Table.Th>{t('register.columns.person')}</Table.Th>
                      <Table.Th>{t('register.columns.date')}</Table.Th>
                      <Table.Th>{t('register.columns.status')}</Table.Th>
                      <Table.Th>{t('register.columns.actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((doc) => (
                      <RegisterRow key={`${doc.kind}-${doc.id}`} doc={doc} onRevoke={() => setRevoking(doc)} />
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            )}
            <ListPagination
              page={page}
              pageSize={data.pageSize}
              total={data.total}
              onChange={setPage}
              labels={{
                nav: t('pages.nav'),
                previous: t('pages.previous'),
                next: t('pages.next'),
                page: (n) => t('pages.page', { page: n }),
              }}
            />
          </Stack>
        )}
      </QueryView>
      <RevokeDialog doc={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}

function RegisterRow({ doc, onRevoke }: { doc: IssuedDocument; onRevoke: () => void }) {
  const { t } = useTranslation('documents');
  const name = documentName(doc, t);
  const label = doc.number ? `${name} ${doc.number}` : name;
  return (
    <Table.Tr data-testid="register-row" data-kind={doc.kind} data-number={doc.number ?? ''}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {doc.number ?? '—'}
        {doc.code && doc.verifyUrl && (
          <Anchor
            component={Link}
            to={doc.verifyUrl}
            ff="monospace"
            size="xs"
            display="block"
            underline="always"
            // Text colour, underlined: readable on the striped rows in both themes.
            c="var(--mantine-color-text)"
            aria-label={t('register.codeLabel', { code: doc.code })}
          >
            {doc.code}
          </Anchor>
        )}
      </Table.Td>
      <Table.Td miw={200}>
        <Text span size="xs" c="dimmed" display="block">
          {t(`kind.${doc.kind}`)}
        </Text>
        {name}
        {doc.detail && (
          <Text span size="xs" c="dimmed" display="block">
            {doc.detail}
          </Text>
        )}
      </Table.Td>
      <Table.Td miw={160}>{doc.person.fullName}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(doc.issued)}</Table.Td>
      <Table.Td>
        {doc.revoked ? (
          <Stack gap={2}>
            <StatusBadge color="red">{t('revoked')}</StatusBadge>
            <Text size="xs">
              {t('revokedOn', { date: formatDateTime(doc.revoked.at), reason: doc.revoked.reason })}
            </Text>
          </Stack>
        ) : (
          <StatusBadge color="green">{t('register.active')}</StatusBadge>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            component="a"
            href={doc.downloadUrl}
            download
            size="xs"
            leftSection={<DownloadIcon size={16} />}
            aria-label={t('downloadLabel', { name: label })}
          >
            {t('download')}
          </Button>
          {doc.code && !doc.revoked && (
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={onRevoke}
              aria-label={t('register.revokeLabel', { name: label })}
            >
              {t('register.revoke')}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
