// The select's chevron is styled by the combobox's styles.
import '@mantine/core/styles/Combobox.css';
import { NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { readStorage, storageKeys, writeStorage } from '../../../lib/storage';
import { useDefaultYear } from '../api/get-default-year';
import { useYears } from '../api/get-years';

/** The academic year the portal's sections work with: the stored choice, else the default year. */
export function YearSelect() {
  const { t } = useTranslation('misc');
  const years = useYears();
  const defaultYear = useDefaultYear();
  const [chosen, setChosen] = useState(() => readStorage(storageKeys.academicYear));

  return (
    <QueryView queries={[years, defaultYear] as const} compact>
      {([list, fallback]) => {
        const options = list.map((year) => ({ value: String(year.id), label: year.name }));
        const value = options.some((option) => option.value === chosen) ? chosen : String(fallback.id);
        return (
          <NativeSelect
            label={t('year.label')}
            description={t('year.description')}
            data={options}
            value={value ?? ''}
            onChange={(event) => {
              setChosen(event.currentTarget.value);
              writeStorage(storageKeys.academicYear, event.currentTarget.value);
            }}
          />
        );
      }}
    </QueryView>
  );
}
