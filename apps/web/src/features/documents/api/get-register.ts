import type { DocumentKind } from '@okuu/contracts/documents/documents';
import { documentsRegister } from '@okuu/contracts/documents/documents';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { documentsKeys } from './keys';

export interface RegisterFilters {
  q: string;
  kind: DocumentKind | 'any';
  revoked: 'yes' | 'no' | 'any';
  page: number;
}

export function getRegister(filters: RegisterFilters & { lang: 'ru' | 'kg' | 'en' }, signal?: AbortSignal) {
  return callApi(documentsRegister, filters, { signal });
}

/** A page of the register of issued documents (staff). */
export function useRegister(filters: RegisterFilters) {
  const lang = currentLanguage();
  return useQuery({
    queryKey: documentsKeys.register({ ...filters, lang }),
    queryFn: ({ signal }) => getRegister({ ...filters, lang }, signal),
    placeholderData: keepPreviousData,
  });
}
