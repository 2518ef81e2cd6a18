import { chatFileNameSeparator, chatInsert, chatInsertFields } from '@okuu/contracts/chat/insert';
import type { ChatMessage } from '@okuu/contracts/chat/message';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UploadProgress, uploadForm } from '../../../lib/upload';
import { type ConversationRef, conversationFieldsOf } from '../lib/conversation-ref';
import { type ConversationState, withMessage } from '../lib/conversation-state';
import { chatKeys } from './keys';

/** The context a message is sent in (a discipline linking the two, its credits; the half-year of the contacts). */
export interface SendContext {
  year?: number;
  ws?: number;
  id_discipline?: number;
  kredit?: number;
  isElective?: boolean;
}

export interface ChatDraft {
  text: string;
  files: File[];
  photos: File[];
  context?: SendContext;
}

/** The multipart body of chat.insert: the conversation, the context, one display name per attachment, the parts. */
export function chatFormData(ref: ConversationRef, draft: ChatDraft): FormData {
  const form = new FormData();
  form.append(chatInsertFields.text, draft.text);
  for (const [name, value] of Object.entries({ ...conversationFieldsOf(ref), ...draft.context })) {
    if (value !== undefined) form.append(name, String(value));
  }
  const attachments = [...draft.files, ...draft.photos];
  if (attachments.length > 0) {
    // The names in the parts' order (files first, then photos); the separator cannot be part of one.
    const names = attachments.map((file) => file.name.split(chatFileNameSeparator).join('_'));
    form.append(chatInsertFields.fileName, names.join(chatFileNameSeparator));
  }
  for (const file of draft.files) form.append(chatInsertFields.files, file, file.name);
  for (const photo of draft.photos) form.append(chatInsertFields.photos, photo, photo.name);
  return form;
}

/**
 * Sends a message with its Idempotency-Key: a send that is retried (by the proxy on another instance during a
 * restart, or by the person after a failure) with the same key is stored once.
 */
export function sendMessage(
  ref: ConversationRef,
  draft: ChatDraft,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal; idempotencyKey: string },
) {
  const { idempotencyKey, ...rest } = options;
  return uploadForm(chatInsert, chatFormData(ref, draft), { ...rest, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Send a message; the conversation shows it at once and is then reloaded (spec section 4). */
export function useSendMessage(ref: ConversationRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      draft,
      idempotencyKey,
      onProgress,
      signal,
    }: {
      draft: ChatDraft;
      /** One per message: the same again when the same draft is sent again after a failure. */
      idempotencyKey: string;
      onProgress?: (progress: UploadProgress) => void;
      signal?: AbortSignal;
    }) => sendMessage(ref, draft, { idempotencyKey, onProgress, signal }),
    onSuccess: (message: ChatMessage) => {
      const key = chatKeys.conversation(ref);
      queryClient.setQueryData<ConversationState>(key, (state) => (state ? withMessage(state, message) : state));
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
