import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { LanguageSwitch } from '../components/ui/language-switch';
import { renderAt } from '../test/render';
import { detectLanguage, switchLanguage } from './i18n';
import { writeCookie } from './storage';

function visit(search: string) {
  window.history.replaceState(null, '', `/lms/login${search}`);
}

describe('language choice', () => {
  it('takes ?lang first, then the lang cookie, then local storage, else Russian', () => {
    visit('');
    expect(detectLanguage()).toBe('ru');

    window.localStorage.setItem('lang', 'en');
    expect(detectLanguage()).toBe('en');

    writeCookie('lang', 'kg', 60);
    expect(detectLanguage()).toBe('kg');

    visit('?lang=en');
    expect(detectLanguage()).toBe('en');

    visit('?lang=fr');
    expect(detectLanguage()).toBe('kg');
    visit('');
  });

  it('remembers the chosen language in local storage and a cookie, and sets <html lang>', async () => {
    await switchLanguage('kg');
    expect(i18n.language).toBe('kg');
    expect(window.localStorage.getItem('lang')).toBe('kg');
    expect(document.cookie).toContain('lang=kg');
    expect(document.documentElement.lang).toBe('ky');
  });

  it('switches every text of the screen from the language buttons', async () => {
    const user = userEvent.setup();
    renderAt('/lms/login', <LanguageSwitch />);
    expect(screen.getByRole('button', { name: 'Рус' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Eng' }));
    expect(await screen.findByRole('group', { name: 'Language' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Eng' }).getAttribute('aria-pressed')).toBe('true');
    expect(window.localStorage.getItem('lang')).toBe('en');

    await user.click(screen.getByRole('button', { name: 'Кыр' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Тил' })).toBeTruthy());
  });
});
