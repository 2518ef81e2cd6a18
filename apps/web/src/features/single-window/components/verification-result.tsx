import '@mantine/core/styles/List.css';
import { Alert, List, Stack, Text } from '@mantine/core';
import type { DataOf } from '@okuu/contracts/endpoint';
import { normalizeVerificationCode } from '@okuu/contracts/single-window/order';
import type { verifyDocument } from '@okuu/contracts/single-window/orders';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { formatDate, formatDateTime } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { useVerification } from '../api/verify-document';

/**
 * What the public page says of a verification code: the document is genuine (its number, date, name, kind), was
 * revoked (and when), or was never issued.
 */
export function VerificationResult({ code }: { code: string }) {
  const verification = useVerification(code);
  return <QueryView query={verification}>{(found) => <Verdict code={code} found={found} />}</QueryView>;
}

function Verdict({ code, found }: { code: string; found: DataOf<typeof verifyDocument> | null }) {
  const { t } = useTranslation('single-window');
  if (!found) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('verify.notFound')}>
        {t('verify.notFoundText', { code: normalizeVerificationCode(code) })}
      </Alert>
    );
  }
  // A revoked document: that it was revoked, and when; nothing of its holder.
  if (found.status === 'revoked') {
    return (
      <Alert color="red" variant="light" role="alert" title={t('verify.revoked')}>
        {t('verify.revokedText', { date: formatDateTime(found.revoked) })}
      </Alert>
    );
  }
  return (
    <Alert color="green" variant="light" role="status" title={t('verify.genuine')}>
      <Stack gap="xs">
        <Text size="sm">{t('verify.genuineText')}</Text>
        <List size="sm" spacing={4} listStyleType="none" p={0}>
          <List.Item>
            <Text span c="dimmed" size="sm">
              {t('verify.number')}:{' '}
            </Text>
            {found.number}
          </List.Item>
          <List.Item>
            <Text span c="dimmed" size="sm">
              {t('verify.date')}:{' '}
            </Text>
            {formatDate(found.issued)}
          </List.Item>
          <List.Item>
            <Text span c="dimmed" size="sm">
              {t('verify.name')}:{' '}
            </Text>
            {found.fullName}
          </List.Item>
          <List.Item>
            <Text span c="dimmed" size="sm">
              {t('verify.type')}:{' '}
            </Text>
            {localizedName(found.document)}
          </List.Item>
        </List>
      </Stack>
    </Alert>
  );
}
