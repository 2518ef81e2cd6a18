import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { errorMessage } from './error-message';
import { loadFieldLabels } from './field-labels';
import { switchLanguage } from './i18n';

const apiError = (init: Partial<ConstructorParameters<typeof ApiError>[0]>) =>
  new ApiError({ message: 'English text of the server', category: 'CLIENT_ERROR', status: 400, ...init });

describe('errorMessage', () => {
  it("translates the code, never shows the server's English message", () => {
    expect(errorMessage(apiError({ code: 'wrong_password' }))).toBe('Неверный текущий пароль.');
  });

  it("uses a code's detailed text when the error carries its params", () => {
    const weak = apiError({ code: 'weak_password', params: { minLength: 6 } });
    expect(errorMessage(weak)).toBe(
      'Пароль должен содержать как минимум одну цифру, одну заглавную и одну строчную букву и не менее 6 символов.',
    );
    expect(errorMessage(apiError({ code: 'weak_password' }))).toBe(
      'Пароль должен содержать как минимум одну цифру, одну заглавную и одну строчную букву.',
    );
    expect(errorMessage(apiError({ code: 'too_large', status: 413, params: { maxMb: 20 } }))).toBe(
      'Файл слишком большой: не более 20 МБ.',
    );
  });

  it('names each refused field and what is wrong, in the current language', async () => {
    // (callApi loads the labels when a reply refuses the input; this error is made here.)
    await loadFieldLabels();
    const refused = apiError({
      code: 'validation',
      issues: [
        { path: ['newlog'], rule: 'too_short', params: { min: 3 } },
        { path: ['faculties', 2], rule: 'not_integer' },
        { path: [], rule: 'invalid_type' },
        { path: ['unlabelled'], rule: 'rule_of_a_newer_server' as 'invalid' },
      ],
    });
    expect(errorMessage(refused)).toBe(
      'Новый логин: не менее 3 символов. Факультеты: должно быть целым числом. Неверный тип значения. Неверное значение.',
    );
    await switchLanguage('en');
    expect(errorMessage(refused)).toBe(
      'New login: at least 3 characters. Faculties: must be a whole number. Wrong kind of value. Not valid.',
    );
    await switchLanguage('kg');
    expect(errorMessage(refused)).toMatch(/^Жаңы логин: кеминде 3 белги\. /);
  });

  it('falls back to the code, then to the category', () => {
    expect(errorMessage(apiError({ code: 'validation' }))).toBe('Проверьте введённые данные.');
    expect(errorMessage(apiError({ code: 'no_such_code' }))).toBe('Запрос не выполнен.');
    expect(errorMessage(new Error('boom'))).toBe('Неизвестная ошибка. Попробуйте снова.');
  });
});
