import { chatContacts } from '@okuu/contracts/chat/contacts';
import { chatCount } from '@okuu/contracts/chat/count';
import { chatDeleteMessage } from '@okuu/contracts/chat/delete-message';
import { chatDownload, chatPhoto } from '@okuu/contracts/chat/download';
import { chatGroupMessages, chatGroupUnread } from '@okuu/contracts/chat/group-messages';
import { chatInsert } from '@okuu/contracts/chat/insert';
import { groupChatId } from '@okuu/contracts/chat/message';
import { chatMessages } from '@okuu/contracts/chat/messages';
import { chatNewMessages } from '@okuu/contracts/chat/new-messages';
import { chatOldMessages } from '@okuu/contracts/chat/old-messages';
import { chatRead } from '@okuu/contracts/chat/read';
import { chatReadAll } from '@okuu/contracts/chat/read-all';
import type { Period } from '../../lib/academic-calendar.ts';
import type { Platform } from '../../lib/platform.ts';
import { FileReply } from '../../lib/replies.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import type { FilesService } from '../files/files.service.ts';
import { createChatRepository } from './chat.repository.ts';
import type { ChatService } from './chat.service.ts';
import { createChatService } from './chat.service.ts';

export function chatRoutes(service: ChatService): Binding[] {
  const file =
    (as: 'download' | 'photo') => async (ctx: { input: { id: number }; user: Parameters<ChatService['file']>[0] }) => {
      const f = await service.file(ctx.user, ctx.input.id, as);
      return new FileReply(f.stream, f.size, f.contentType, f.name, f.disposition);
    };
  return [
    bind(chatContacts, async ({ input, user }) => service.contacts(user, input)),

    bind(chatMessages, async ({ input, user }) => service.newest(user, input)),

    bind(chatGroupMessages, async ({ input, user }) => service.newest(user, { ...input, id_to: groupChatId })),

    bind(chatGroupUnread, async ({ input, user }) => service.groupUnread(user, input, input.id_lastMessage)),

    bind(chatNewMessages, async ({ input, user }) => service.newer(user, input, input.id_last_message)),

    bind(chatOldMessages, async ({ input, user }) => service.older(user, input, input.id_top_message)),

    bind(chatRead, async ({ input, user }) => service.read(user, input.id_message)),

    bind(chatCount, async ({ user }) => service.count(user)),

    bind(chatReadAll, async ({ input, user }) => service.readAll(user, input)),

    bind(chatDeleteMessage, async ({ input, user }) => service.remove(user, input.id_message)),

    bind(chatInsert, async ({ input, user, files, remember }) => service.insert(user, input, files, remember)),

    bind(chatDownload, file('download')),

    bind(chatPhoto, file('photo')),
  ];
}

/** Chat; `messageForPush` loads a message for the live push. */
export function chatModule(p: Platform, files: FilesService, currentPeriod: () => Promise<Period>) {
  const repo = createChatRepository(p.db, p.changes);
  const service = createChatService({ repo, storage: p.storage, files, currentPeriod });
  return { service, routes: chatRoutes(service), messageForPush: repo.messageForPush };
}
