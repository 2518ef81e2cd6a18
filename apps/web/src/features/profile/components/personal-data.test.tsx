import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { fakeServer, renderAt, testStudent } from '../../../test/render';
import { PersonalData } from './personal-data';

const named = (name: string, nameKg: string, nameEn: string) => ({ name, nameKg, nameEn });

const profile = {
  fullName: 'Волков Дмитрий Олегович',
  lastName: 'Волков',
  firstName: 'Дмитрий',
  patronymic: 'Олегович',
  role: 1,
  gender: 'male',
  birthDate: '1980-04-05',
  nationality: named('кыргыз', 'кыргыз', 'Kyrgyz'),
  citizenship: named('Кыргызская Республика', 'Кыргыз Республикасы', 'Kyrgyz Republic'),
  taxId: '21234567890123',
  phone: '+996 700 000 000',
  education: named('Высшее', 'Жогорку', ''),
  group: null,
  position: named('Доцент', 'Доцент', 'Associate professor'),
  faculty: named('Факультет информационных технологий', 'Маалыматтык технологиялар факультети', 'Faculty of IT'),
};

describe('personal data', () => {
  it("shows reference values in the reader's language, in Russian where a name is missing", async () => {
    fakeServer({ '/api/profile/data.json': { data: profile } });
    renderAt('/lms/change-password', <PersonalData />, { user: testStudent });
    expect(await screen.findByText('Факультет информационных технологий')).toBeTruthy();
    expect(screen.getByText('Кыргызская Республика')).toBeTruthy();

    await act(() => switchLanguage('en'));
    for (const text of ['Kyrgyz', 'Kyrgyz Republic', 'Associate professor', 'Faculty of IT']) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    // No English name: the Russian one.
    expect(screen.getByText('Высшее')).toBeTruthy();

    await act(() => switchLanguage('kg'));
    expect(await screen.findByText('Маалыматтык технологиялар факультети')).toBeTruthy();
    expect(screen.getByText('Жогорку')).toBeTruthy();
  });
});
