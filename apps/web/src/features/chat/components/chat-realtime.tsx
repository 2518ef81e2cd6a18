import { useSessionUser } from '../../../lib/use-session';
import { useChatRealtime } from '../hooks/use-chat-realtime';

/** Keeps the chat socket open while the portal is shown (mounted once, in the portal layout). */
export function ChatRealtime() {
  const user = useSessionUser();
  useChatRealtime(user.id);
  return null;
}
