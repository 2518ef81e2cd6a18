import { describe, expect, it } from 'vitest';
import {
  emptyConversation,
  mergeMessages,
  pageHasMore,
  unreadReceived,
  withAllRead,
  withMessage,
  withNewer,
  withNewest,
  withOlder,
  withoutMessage,
  withRead,
} from './conversation-state';
import { message, page, range } from './test-messages';

const ids = (state: { messages: { id_message: number }[] }) => state.messages.map((m) => m.id_message);

describe('page flags (spec section 4: pages of 20; fewer than 20 or none means no more)', () => {
  it('says more exist only for a full page that the server also says is followed', () => {
    expect(pageHasMore(page(range(1, 20), true))).toBe(true);
    expect(pageHasMore(page(range(1, 19), true))).toBe(false);
    expect(pageHasMore(page([], true))).toBe(false);
    // Exactly 20 remained: the server knows there is nothing after them.
    expect(pageHasMore(page(range(1, 20), false))).toBe(false);
  });

  it('starts by assuming older messages exist, and nothing newer', () => {
    expect(emptyConversation.hasOlder).toBe(true);
    expect(emptyConversation.hasNewer).toBe(false);
  });
});

describe('merging pages', () => {
  it('keeps each id once, in id order, the later copy winning', () => {
    const merged = mergeMessages(
      [message(3), message(1, { message: 'old' })],
      [message(2), message(1, { message: 'new' })],
    );
    expect(merged.map((m) => m.id_message)).toEqual([1, 2, 3]);
    expect(merged[0]?.message).toBe('new');
  });

  it('prepends an older page and takes its flag', () => {
    let state = withNewest(undefined, page(range(41, 60), true));
    expect(state.hasOlder).toBe(true);
    state = withOlder(state, page(range(21, 40), true));
    expect(ids(state)).toEqual([...Array(40).keys()].map((i) => i + 21));
    expect(state.hasOlder).toBe(true);
    state = withOlder(state, page(range(1, 20), false));
    expect(ids(state)[0]).toBe(1);
    expect(ids(state)).toHaveLength(60);
    expect(state.hasOlder).toBe(false);
  });

  it('appends a newer page, drops what it already holds, and sets the newer flag by the page', () => {
    let state = withNewest(undefined, page(range(1, 5), false));
    expect(state.hasOlder).toBe(false);
    state = withNewer(state, page([...range(5, 24)], true));
    expect(ids(state)).toEqual(range(1, 24).map((m) => m.id_message));
    expect(state.hasNewer).toBe(true);
    state = withNewer(state, page(range(25, 26), false));
    expect(ids(state).at(-1)).toBe(26);
    expect(state.hasNewer).toBe(false);
  });

  it('a reload keeps older pages that join the newest page and forgets messages deleted meanwhile', () => {
    let state = withNewest(undefined, page(range(21, 40), true));
    state = withOlder(state, page(range(1, 20), false));
    // Message 35 was deleted and 41, 42 arrived: the newest page is 23..42 without 35.
    const newest = [...range(23, 34), ...range(36, 42)];
    state = withNewest(state, page([message(22), ...newest], true));
    expect(ids(state)).toEqual([...range(1, 34), ...range(36, 42)].map((m) => m.id_message));
    expect(state.hasOlder).toBe(false);
    expect(state.hasNewer).toBe(false);
  });

  it('a reload after a gap replaces what was held', () => {
    const state = withNewest(withNewest(undefined, page(range(1, 20), true)), page(range(100, 119), true));
    expect(ids(state)[0]).toBe(100);
    expect(state.hasOlder).toBe(true);
  });

  it('takes the unread info of the last page', () => {
    const state = withNewest(undefined, page(range(1, 3), false, { start: 3, total: 1 }));
    expect(state).toMatchObject({ unreadStart: 3, unreadTotal: 1 });
  });
});

describe('changes as they happen', () => {
  const base = withNewest(undefined, page(range(1, 4), false));

  it('appends a pushed message once, counting it unread when received', () => {
    const pushed = message(5, { ismine: false, isRead: false });
    const once = withMessage(base, pushed);
    const twice = withMessage(once, pushed);
    expect(ids(twice)).toEqual([1, 2, 3, 4, 5]);
    expect(twice.unreadTotal).toBe(1);
    expect(twice.unreadStart).toBe(5);
    expect(unreadReceived(twice).map((m) => m.id_message)).toEqual([5]);
  });

  it('leaves a pushed message for the next page when newer messages are not loaded yet', () => {
    const behind = { ...base, hasNewer: true };
    expect(withMessage(behind, message(50))).toBe(behind);
  });

  it('removes a deleted message', () => {
    const state = withoutMessage(withMessage(base, message(5, { ismine: false, isRead: false })), 5);
    expect(ids(state)).toEqual([1, 2, 3, 4]);
    expect(state.unreadTotal).toBe(0);
    expect(withoutMessage(base, 99)).toBe(base);
  });

  it('one message read lowers the counter by 1; all read sets it to 0', () => {
    let state = withNewest(
      undefined,
      page(range(1, 6, { ismine: false, isRead: false }), false, { start: 1, total: 6 }),
    );
    state = withRead(state, [2], false);
    expect(state.unreadTotal).toBe(5);
    expect(state.messages.find((m) => m.id_message === 2)?.isRead).toBe(true);
    // The same message again changes nothing.
    expect(withRead(state, [2], false)).toBe(state);
    state = withAllRead(state);
    expect(state.unreadTotal).toBe(0);
    expect(unreadReceived(state)).toEqual([]);
  });

  it("a receipt marks the caller's own message read without touching the counter", () => {
    const state = withRead(
      withNewest(undefined, page([message(2, { isRead: false })], false, { start: 0, total: 0 })),
      [2],
      true,
    );
    expect(state.messages[0]?.isRead).toBe(true);
    expect(state.unreadTotal).toBe(0);
  });
});
