import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../lib/i18n';
import { fakeServer, renderAt } from '../../test/render';
import { LoginPage } from './login-page';

const student = {
  id: 4,
  uid: 4,
  role: 2,
  login: 'student1',
  fullName: 'Студент Первый',
  group: 'ПИ-1-26',
  position: null,
  facultyId: 1,
  newsPerms: false,
};
const logo = {
  data: {
    logo: '/logo.image',
    width: 30,
    name: 'Университет Окуу',
    nameKg: 'Окуу университети',
    nameEn: 'Okuu University',
    fontsize: 16,
  },
};

let submittedAt = 0;

async function signIn(login: string, password: string) {
  const user = userEvent.setup();
  renderAt('/lms/login', <LoginPage />);
  await user.type(screen.getByLabelText(/Логин/), login);
  await user.type(screen.getByLabelText(/Пароль/), password);
  submittedAt = performance.now();
  await user.click(screen.getByRole('button', { name: 'Войти' }));
  return user;
}

describe('sign-in', () => {
  it('checks recovery, waits 0.5 s, signs in and goes to /lms', async () => {
    const calls = fakeServer({
      '/logo.json': logo,
      '/api/auth/recovery.json': { data: { LOG_PAS: 0 } },
      '/api/auth/orize.json': { data: { user: student } },
    });
    await signIn('student1', 'Okuu2026!');

    expect(screen.getByRole('button', { name: 'Вход...' })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText(/Логин/)).toHaveProperty('readOnly', true);
    expect(screen.getByLabelText(/Пароль/)).toHaveProperty('readOnly', true);

    expect(await screen.findByText('portal home')).toBeTruthy();
    const recovery = calls.find((call) => call.path === '/api/auth/recovery.json');
    const orize = calls.find((call) => call.path === '/api/auth/orize.json');
    expect(recovery?.body).toEqual({ oldlog: 'student1', oldpas: 'Okuu2026!' });
    expect(orize?.body).toEqual({ login: 'student1', password: 'Okuu2026!' });
    expect(orize?.at).toBeGreaterThanOrEqual(submittedAt + 500);
    expect(window.localStorage.getItem('token')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('says the portal has no area for a role the server refuses, and starts no session', async () => {
    fakeServer({
      '/logo.json': logo,
      '/api/auth/recovery.json': { data: { LOG_PAS: 0 } },
      '/api/auth/orize.json': { status: 403, error: { code: 'no_portal_access', message: 'No area' } },
    });
    await signIn('staff1', 'Okuu2026!');
    expect(await screen.findByText('Для этой учётной записи вход в портал не предусмотрен')).toBeTruthy();
    expect(screen.queryByText('portal home')).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('shows the wrong-credentials message, which a click hides', async () => {
    fakeServer({
      '/logo.json': logo,
      '/api/auth/recovery.json': { data: { LOG_PAS: 0 } },
      '/api/auth/orize.json': { status: 401, error: { code: 'bad_credentials', message: 'Wrong login or password' } },
    });
    const user = await signIn('student1', 'wrong-password');

    const message = await screen.findByText('Неверное имя пользователя или пароль');
    expect(screen.getByRole('button', { name: 'Войти' })).toHaveProperty('disabled', false);
    await user.click(message);
    expect(screen.queryByText('Неверное имя пользователя или пароль')).toBeNull();
  });

  it('asks to enter the credentials when a stored token exists', async () => {
    window.localStorage.setItem('token', 'stale');
    fakeServer({
      '/logo.json': logo,
      '/api/auth/recovery.json': { data: { LOG_PAS: 0 } },
      '/api/auth/orize.json': { status: 401, error: { code: 'bad_credentials', message: 'Wrong login or password' } },
    });
    await signIn('student1', 'wrong-password');
    expect(await screen.findByText('Введите имя пользователя и пароль')).toBeTruthy();
  });

  it('explains a rate limit by its error code', async () => {
    fakeServer({
      '/logo.json': logo,
      '/api/auth/recovery.json': { status: 429, error: { code: 'rate_limited', message: 'Too many attempts' } },
    });
    await signIn('student1', 'whatever');
    expect(await screen.findByText(/Слишком много попыток/)).toBeTruthy();
  });

  it('requires both fields and a password of at least 3 characters, and then sends nothing', async () => {
    const calls = fakeServer({ '/logo.json': logo });
    const user = userEvent.setup();
    renderAt('/lms/login', <LoginPage />);
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(screen.getAllByText('Обязательное поле')).toHaveLength(2);

    await user.type(screen.getByLabelText(/Логин/), 'student1');
    await user.type(screen.getByLabelText(/Пароль/), 'ab');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(screen.getByText('Не менее 3 символов')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/logo.json']);
  });

  it('shows the institution logo and name, and the default image when the logo fails to load', async () => {
    fakeServer({ '/logo.json': logo });
    renderAt('/lms/login', <LoginPage />);
    const image = await screen.findByAltText('Университет Окуу');
    expect(image.getAttribute('src')).toBe('/logo.image');
    image.dispatchEvent(new Event('error'));
    await waitFor(() => expect(screen.getByAltText('Университет Окуу').getAttribute('src')).not.toBe('/logo.image'));
    expect(screen.getByText('Университет Окуу')).toBeTruthy();
  });

  it("names the institution in the reader's language, in Russian where it has no such name", async () => {
    fakeServer({ '/logo.json': { data: { ...logo.data, nameKg: '' } } });
    renderAt('/lms/login', <LoginPage />);
    expect(await screen.findByText('Университет Окуу')).toBeTruthy();
    await act(() => switchLanguage('en'));
    expect(await screen.findByText('Okuu University')).toBeTruthy();
    expect(screen.getByAltText('Okuu University')).toBeTruthy();
    await act(() => switchLanguage('kg'));
    expect(await screen.findByText('Университет Окуу')).toBeTruthy();
  });
});

describe('credential update', () => {
  async function reachUpdateMode(routes: Parameters<typeof fakeServer>[0]) {
    const calls = fakeServer({ '/logo.json': logo, '/api/auth/recovery.json': { data: { LOG_PAS: 1 } }, ...routes });
    const user = await signIn('newstudent', 'Okuu2026!');
    await screen.findByRole('heading', { name: 'Смена логина и пароля' });
    return { calls, user };
  }

  async function fillUpdate(user: ReturnType<typeof userEvent.setup>, password: string, confirmation: string) {
    await user.type(screen.getByLabelText(/Новый логин/), 'ivanov');
    await user.type(screen.getByLabelText(/Новый пароль/), password);
    await user.type(screen.getByLabelText(/Подтвердите пароль/), confirmation);
    await user.click(screen.getByRole('button', { name: 'Обновить' }));
  }

  it('opens without an error: the password rule describes the new password, nothing says the login was wrong', async () => {
    await reachUpdateMode({});
    expect(screen.queryByText(/неверн/i)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    const password = screen.getByLabelText(/Новый пароль/);
    const description = document.getElementById(password.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Не менее 6 символов, среди них цифра, заглавная и строчная буква.');
  });

  it('switches to update mode when LOG_PAS is 1, without signing in', async () => {
    const { calls } = await reachUpdateMode({});
    expect(screen.getByLabelText(/Новый логин/)).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/auth/orize.json')).toBe(false);
  });

  it('shows the mismatch error and sends nothing when the passwords differ', async () => {
    const { calls, user } = await reachUpdateMode({});
    await fillUpdate(user, 'Secret123', 'Secret124');
    expect(await screen.findByText('Пароли не совпадают')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/auth/updatelogin.json')).toBe(false);
  });

  it('signs in with the new credentials when the sms says they were changed', async () => {
    const { calls, user } = await reachUpdateMode({
      '/api/auth/updatelogin.json': { data: [[{ sms: 'Логин и пароль успешно Изменены' }]] },
      '/api/auth/orize.json': { data: { user: { ...student, login: 'ivanov' } } },
    });
    await fillUpdate(user, 'Secret123', 'Secret123');

    expect(await screen.findByText('portal home')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/auth/updatelogin.json')?.body).toEqual({
      oldlog: 'newstudent',
      oldpas: 'Okuu2026!',
      newlog: 'ivanov',
      newpas: 'Secret123',
    });
    expect(calls.find((call) => call.path === '/api/auth/orize.json')?.body).toEqual({
      login: 'ivanov',
      password: 'Secret123',
    });
  });

  it("explains a refused update in the reader's language, not in the English sms", async () => {
    await reachUpdateMode({
      '/api/auth/updatelogin.json': {
        status: 409,
        error: { code: 'login_taken', message: 'This login is already taken.' },
        data: [[{ sms: 'This login is already taken.' }]],
      },
    });
    const user = userEvent.setup();
    await fillUpdate(user, 'Secret123', 'Secret123');
    expect(await screen.findByText('Этот логин уже занят.')).toBeTruthy();
    expect(screen.queryByText(/already taken/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Смена логина и пароля' })).toBeTruthy();
  });

  it("states the password rule with the server's parameters", async () => {
    const { user } = await reachUpdateMode({
      '/api/auth/updatelogin.json': {
        status: 400,
        error: { code: 'weak_password', message: 'The new password needs…', params: { minLength: 6 } },
        data: [[{ sms: 'The new password needs…' }]],
      },
    });
    await fillUpdate(user, 'abc', 'abc');
    expect(
      await screen.findByText(
        'Пароль должен содержать как минимум одну цифру, одну заглавную и одну строчную букву и не менее 6 символов.',
      ),
    ).toBeTruthy();
  });

  it('names the refused field of a validation error', async () => {
    const { user } = await reachUpdateMode({
      '/api/auth/updatelogin.json': {
        status: 400,
        error: {
          code: 'validation',
          message: 'newlog: needs at least 3 characters; newlog: may hold letters, digits and . _ @ - only',
          issues: [
            { path: ['newlog'], rule: 'too_short', params: { min: 3 } },
            { path: ['newlog'], rule: 'login_characters' },
          ],
        },
      },
    });
    await fillUpdate(user, 'Secret123', 'Secret123');
    expect(
      await screen.findByText(
        'Новый логин: не менее 3 символов. Новый логин: допускаются только буквы, цифры и символы . _ @ -.',
      ),
    ).toBeTruthy();
  });
});
