import type { IssuedDocument } from '@okuu/contracts/documents/documents';
import type { TFunction } from 'i18next';
import { localizedName } from '../../../lib/localized';

/** What a document is called: a reference's kind, a receipt's service, a sheet's discipline, or the transcript. */
export function documentName(doc: IssuedDocument, t: TFunction<'documents'>): string {
  if (doc.kind === 'transcript' || !doc.title) return t('transcriptTitle');
  return localizedName(doc.title);
}
