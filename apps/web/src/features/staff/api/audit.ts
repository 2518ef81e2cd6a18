import { auditList } from '@okuu/contracts/staff/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { staffKeys } from './people';

/** The audit filters as the form holds them ('' or 'any': no filter). */
export interface AuditFilters {
  actor: string;
  action: string;
  from: string;
  to: string;
}
export const noAuditFilters: AuditFilters = { actor: '', action: 'any', from: '', to: '' };

export function useAudit(filters: AuditFilters, page: number, target: number | null = null) {
  return useQuery({
    queryKey: [...staffKeys.audit, filters, page, target],
    queryFn: ({ signal }) =>
      callApi(
        auditList,
        {
          id_actor: filters.actor,
          id_target: target ?? '',
          action: filters.action,
          from: filters.from,
          to: filters.to,
          page,
        } as never,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
