import { useTranslation } from 'react-i18next';

/** Sets the document title to '<page> | <portal>' in the current language. */
export function PageTitle({ page }: { page: string }) {
  const { t } = useTranslation();
  return <title>{`${page} | ${t('portal')}`}</title>;
}
