import type { CorrectionStatus } from '@okuu/contracts/card/card';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/ui/status-badge';

const colors: Record<CorrectionStatus, string> = { new: 'blue', in_progress: 'yellow', done: 'green', rejected: 'red' };

/** A correction request's status, as its author and staff see it. */
export function CorrectionStatusBadge({ status }: { status: CorrectionStatus }) {
  const { t } = useTranslation('card');
  return (
    <StatusBadge color={colors[status]} data-status={status}>
      {t(`status.${status}`)}
    </StatusBadge>
  );
}
