import { documentsMine } from '@okuu/contracts/documents/documents';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { documentsKeys } from './keys';

export function getMyDocuments(lang: 'ru' | 'kg' | 'en', signal?: AbortSignal) {
  return callApi(documentsMine, { lang }, { signal });
}

/** Everything the portal has issued to the signed-in person (downloads in the reader's language). */
export function useMyDocuments() {
  const lang = currentLanguage();
  return useQuery({
    queryKey: documentsKeys.mine(lang),
    queryFn: ({ signal }) => getMyDocuments(lang, signal),
  });
}
