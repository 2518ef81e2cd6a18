import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { setContactCount } from '../api/get-contacts';
import { getNewerMessages, getOlderMessages, useConversationQuery } from '../api/get-conversation';
import { CHAT_POLL_MS, chatKeys } from '../api/keys';
import { useMarkAllRead, useMarkRead } from '../api/mark-read';
import { type ConversationRef, conversationId } from '../lib/conversation-ref';
import { type ConversationState, unreadReceived, withNewer, withOlder } from '../lib/conversation-state';
import { useChatConnected } from './use-chat-connection';

function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * One open conversation: its newest page first, older pages prepended and newer ones appended on demand (spec
 * section 4). Opening it clears its contact's count; what arrives while it is open and the tab is shown is marked
 * read (one message: read.json, the counter −1; more: readall.json, the counter 0). While the socket is down, newer
 * messages are polled for.
 */
export function useConversation(ref: ConversationRef) {
  const queryClient = useQueryClient();
  const id = conversationId(ref);
  const key = chatKeys.conversation(ref);
  const query = useConversationQuery(ref, queryClient);
  const state = query.data;
  const connected = useChatConnected();
  const visible = useDocumentVisible();
  const markRead = useMarkRead(ref);
  const markAll = useMarkAllRead();
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [loadingNewer, setLoadingNewer] = useState(false);
  const [pageError, setPageError] = useState<unknown>(null);
  const busy = useRef({ older: false, newer: false });

  const current = useCallback(() => queryClient.getQueryData<ConversationState>(key), [queryClient, key]);

  const loadOlder = useCallback(async () => {
    const held = current();
    const top = held?.messages[0];
    if (!held?.hasOlder || !top || busy.current.older) return;
    busy.current.older = true;
    setLoadingOlder(true);
    try {
      const page = await getOlderMessages(ref, top.id_message);
      queryClient.setQueryData<ConversationState>(key, (s) => (s ? withOlder(s, page) : s));
      setPageError(null);
    } catch (error) {
      setPageError(error);
    } finally {
      busy.current.older = false;
      setLoadingOlder(false);
    }
  }, [current, queryClient, key, ref]);

  /** Appends what came after the last held message (`quiet`: a poll, no spinner and no error shown). */
  const loadNewer = useCallback(
    async (quiet = false) => {
      const held = current();
      if (!held || busy.current.newer) return;
      busy.current.newer = true;
      if (!quiet) setLoadingNewer(true);
      try {
        const page = await getNewerMessages(ref, held.messages.at(-1)?.id_message ?? 0);
        queryClient.setQueryData<ConversationState>(key, (s) => (s ? withNewer(s, page) : s));
        if (!quiet) setPageError(null);
      } catch (error) {
        if (!quiet) setPageError(error);
      } finally {
        busy.current.newer = false;
        if (!quiet) setLoadingNewer(false);
      }
    },
    [current, queryClient, key, ref],
  );

  // Spec: opening a chat clears that contact's new-message count.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per conversation opened.
  useEffect(() => {
    setContactCount(queryClient, ref, () => 0);
    setPageError(null);
  }, [id, queryClient]);

  // Coming back to a conversation held in the cache: catch up with what came meanwhile.
  const loaded = state !== undefined;
  const caughtUp = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded || caughtUp.current === id) return;
    const fresh = query.dataUpdatedAt > Date.now() - 2000;
    caughtUp.current = id;
    if (!fresh) void loadNewer(true);
  }, [loaded, id, query.dataUpdatedAt, loadNewer]);

  // Without the socket, newer messages are polled for (new.json).
  useEffect(() => {
    if (connected || !loaded) return;
    const timer = setInterval(() => void loadNewer(true), CHAT_POLL_MS);
    return () => clearInterval(timer);
  }, [connected, loaded, loadNewer]);

  // What the user has in front of them is read.
  const unread = state ? unreadReceived(state) : [];
  const unreadIds = unread.map((message) => message.id_message).join(',');
  const inFlight = useRef('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the unread ids.
  useEffect(() => {
    if (!visible || unreadIds === '' || inFlight.current === unreadIds) return;
    inFlight.current = unreadIds;
    const settle = { onSettled: () => (inFlight.current = '') };
    const [only] = unread;
    if (unread.length === 1 && only) markRead.mutate(only.id_message, settle);
    else markAll.mutate(ref, settle);
  }, [visible, unreadIds]);

  return {
    state,
    /** The conversation's query: the view's loading, failed and offline states follow it. */
    query,
    loadOlder,
    loadNewer: () => loadNewer(false),
    loadingOlder,
    loadingNewer,
    pageError,
  };
}
