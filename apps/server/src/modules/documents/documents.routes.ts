import { documentsMine, documentsRegister, documentsRevoke } from '@okuu/contracts/documents/documents';
import type { Platform } from '../../lib/platform.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import { createDocumentsRepository } from './documents.repository.ts';
import { createDocumentsService, type DocumentsService } from './documents.service.ts';

export function documentsRoutes(service: DocumentsService): Binding[] {
  return [
    bind(documentsMine, async ({ input, user }) => service.mine(user, input.lang)),
    bind(documentsRegister, async ({ input }) => service.register(input)),
    bind(documentsRevoke, async ({ input, user }) => service.revoke(user, input)),
  ];
}

/** Documents: what the portal issued to each person, the staff's register of it, and revocations. */
export function documentsModule(p: Platform) {
  const service = createDocumentsService({ repo: createDocumentsRepository(p.db, p.changes) });
  return { service, routes: documentsRoutes(service) };
}
