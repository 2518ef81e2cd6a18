import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeXhr, fakeXhr } from '../../../test/fake-xhr';
import { renderAt, testStudent as student } from '../../../test/render';
import { message } from '../lib/test-messages';
import { Composer } from './composer';

// The screen's texts come with its code, once i18next has started (test/setup.ts).
beforeAll(() => import('../catalogue'));
afterEach(() => vi.unstubAllGlobals());

describe('the message form', () => {
  it('sends each message with an Idempotency-Key, the same again for the same draft after a failure', async () => {
    const xhr = fakeXhr();
    renderAt('/lms/chat', <Composer conversation={{ kind: 'person', peerId: 2 }} maxUploadMb={1} />, { user: student });
    const user = userEvent.setup();
    const box = screen.getByPlaceholderText('Напишите сообщение...');
    const sent: FakeXhr[] = [];
    const sendNow = async () => {
      await user.click(screen.getByRole('button', { name: 'Отправить' }));
      await waitFor(() => expect(xhr()).not.toBe(sent.at(-1)));
      sent.push(xhr());
    };

    await user.type(box, 'Здравствуйте');
    await sendNow();
    xhr().fail();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Отправить' })).toHaveProperty('disabled', false));
    await sendNow();
    xhr().respond(200, { result: 0, error: null, data: message(9) });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    await user.type(box, 'Ещё вопрос');
    await sendNow();

    const keys = sent.map((r) => r.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
