import { staffPayments, staffPaymentsExport } from '@okuu/contracts/payment/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { paymentKeys } from './keys';

/** The staff list's filters as the form holds them ('' or 'any': no filter). */
export interface StaffFilters {
  status: string;
  method: string;
  service: string;
  year: string;
  from: string;
  to: string;
  q: string;
}

export const noStaffFilters: StaffFilters = {
  status: 'any',
  method: 'any',
  service: '',
  year: '',
  from: '',
  to: '',
  q: '',
};

function inputOf(f: StaffFilters) {
  return {
    status: f.status,
    method: f.method,
    id_uslug: f.service,
    id_year: f.year,
    from: f.from,
    to: f.to,
    q: f.q,
  };
}

export function getStaffPayments(filters: StaffFilters, page: number, signal?: AbortSignal) {
  return callApi(staffPayments, { ...inputOf(filters), page } as never, { signal });
}

export function useStaffPayments(filters: StaffFilters, page: number) {
  return useQuery({
    queryKey: [...paymentKeys.staff, filters, page],
    queryFn: ({ signal }) => getStaffPayments(filters, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** The address of the export of the filtered payments as CSV or XLSX, in the reader's language. */
export function staffExportUrl(filters: StaffFilters, format: 'csv' | 'xlsx'): string {
  const query = new URLSearchParams({ format, lang: currentLanguage() });
  for (const [key, value] of Object.entries(inputOf(filters))) if (value && value !== 'any') query.set(key, value);
  return `${staffPaymentsExport.path}?${query}`;
}
