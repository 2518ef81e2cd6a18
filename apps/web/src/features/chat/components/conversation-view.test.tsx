import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, renderAt, testStudent as student } from '../../../test/render';
import { message, page } from '../lib/test-messages';
import { ConversationView } from './conversation-view';

// The screen's texts come with its code, once i18next has started (test/setup.ts).
beforeAll(() => import('../catalogue'));

const contacts = {
  year: 2025,
  ws: 2,
  contacts: [
    {
      idid: 2,
      fio: 'Волков Дмитрий Алексеевич',
      countMessages: 1,
      id_type: 1,
      faculty: null,
      group: null,
      groupName: null,
      position: { name: 'Доцент', nameKg: 'Доцент', nameEn: 'Associate professor' },
      disciplines: [],
    },
  ],
  groupChats: [],
};

function show(maxUploadMb = 1) {
  renderAt('/lms/chat', <ConversationView conversation={{ kind: 'person', peerId: 2 }} maxUploadMb={maxUploadMb} />, {
    user: student,
  });
}

describe('a conversation', () => {
  it("shows 'Нет сообщенний' when there are no messages", async () => {
    fakeServer({ '/api/chat/contacts.json': { data: contacts }, '/api/chat/messages.json': { data: page([], false) } });
    show();
    expect(await screen.findByText('Нет сообщенний')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Волков Дмитрий Алексеевич' })).toBeTruthy();
  });

  it('marks the one unread message read on opening (read.json), many at once with readall.json', async () => {
    const calls = fakeServer({
      '/api/chat/contacts.json': { data: contacts },
      '/api/chat/messages.json': {
        data: page([message(1, { ismine: false, isRead: true }), message(3, { ismine: false, isRead: false })], false, {
          start: 3,
          total: 1,
        }),
      },
      '/api/chat/read.json': { data: { id_message: 3, changed: true, count: 0 } },
    });
    show();
    expect(await screen.findByText('№3')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/chat/read.json')).toBe(true));
    expect(calls.find((c) => c.path === '/api/chat/read.json')?.body).toEqual({ id_message: 3 });
    expect(calls.some((c) => c.path === '/api/chat/readall.json')).toBe(false);
    // The line above the messages that were new when the conversation was opened.
    expect(screen.getByText('Новые сообщения')).toBeTruthy();
  });

  it("refuses a file over config.json's limit with the 'file too big' message, sending nothing", async () => {
    const calls = fakeServer({
      '/api/chat/contacts.json': { data: contacts },
      '/api/chat/messages.json': { data: page([], false) },
    });
    show(1);
    await screen.findByText('Нет сообщенний');
    const input = document.querySelector('input[type="file"]:not([accept])') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(1024 * 1024 + 1)], 'большой.pdf')] } });
    expect(screen.getByRole('alert').textContent).toBe(
      'Файл слишком большой: «большой.pdf». Максимальный размер — 1 МБ.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(screen.getByRole('alert').textContent).toBe('Напишите сообщение или прикрепите файл');
    expect(calls.some((c) => c.path === '/api/chat/insert.json')).toBe(false);
  });
});
