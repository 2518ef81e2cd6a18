import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { offerPush } from '../../../lib/push-offer';
import { fakeServer, renderAt, testStudent } from '../../../test/render';
import { PushPrompt } from './push-prompt';

beforeAll(() => import('../catalogue'));

/**
 * The browser's side of push (jsdom has none): a service worker registration whose push manager subscribes, and the
 * notification permission the person answers with.
 */
function browserWithPush(answer: NotificationPermission = 'granted') {
  let subscription: PushSubscription | null = null;
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async () => {
      subscription = {
        endpoint: 'https://push.example/device-1',
        toJSON: () => ({
          endpoint: 'https://push.example/device-1',
          keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
        }),
      } as unknown as PushSubscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  const notification = { permission: 'default' as NotificationPermission, requestPermission: vi.fn() };
  notification.requestPermission.mockImplementation(async () => {
    notification.permission = answer;
    return answer;
  });
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { pushManager, notification };
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const key = { publicKey: 'BNc'.padEnd(87, 'A') };

describe('the one-time push prompt', () => {
  it('shows nothing until an action offers push; "not now" is remembered and it does not come back', async () => {
    browserWithPush();
    const calls = fakeServer({});
    renderAt('/lms/singlewindow', <PushPrompt />, { user: testStudent });
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => offerPush());
    const dialog = await screen.findByRole('dialog', { name: 'Уведомления на телефоне' });
    // The main choice has the focus: the keyboard takes it from there.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Включить'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Не сейчас' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(window.localStorage.getItem('pushPrompt')).toBe('dismissed');
    act(() => offerPush());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('Escape answers "not now"', async () => {
    browserWithPush();
    fakeServer({});
    renderAt('/lms/singlewindow', <PushPrompt />, { user: testStudent });
    act(() => offerPush());
    await screen.findByRole('dialog');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Включить'));
    await userEvent.setup().keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.localStorage.getItem('pushPrompt')).toBe('dismissed');
  });

  it('"turn on" asks the browser, subscribes this device with the server, and is not offered again', async () => {
    const { pushManager, notification } = browserWithPush();
    const calls = fakeServer({
      '/api/notifications/push/key.json': { data: key },
      '/api/notifications/push/subscribe.json': { data: { subscribed: true } },
    });
    renderAt('/lms/singlewindow', <PushPrompt />, { user: testStudent });
    act(() => offerPush());
    await screen.findByRole('dialog');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Включить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    const subscribed = calls.find((c) => c.path === '/api/notifications/push/subscribe.json');
    expect(subscribed?.body).toMatchObject({ endpoint: 'https://push.example/device-1', lang: 'ru' });
    expect(window.localStorage.getItem('pushPrompt')).toBe('done');
  });

  it('is not shown where push is not supported, or is on already', async () => {
    fakeServer({});
    renderAt('/lms/singlewindow', <PushPrompt />, { user: testStudent });
    act(() => offerPush());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
