import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage, switchLanguage } from '../../lib/i18n';
import { languages } from '../../lib/languages';

/** Кыр / Рус / Eng: the interface language. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <Button.Group aria-label={t('language.label')}>
      {languages.map((language) => (
        <Button
          key={language}
          size="xs"
          variant={language === active ? 'filled' : 'default'}
          aria-pressed={language === active}
          lang={language === 'kg' ? 'ky' : language}
          onClick={() => void switchLanguage(language)}
        >
          {t(`language.${language}`)}
        </Button>
      ))}
    </Button.Group>
  );
}
