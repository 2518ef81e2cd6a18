import { Readable } from 'node:stream';
import { districtList, documentList, purposeList, regionList } from '@okuu/contracts/single-window/lists';
import {
  orderCancel,
  orderDocument,
  orderList,
  orderQueue,
  orderSave,
  orderStatus,
  verifyDocument,
} from '@okuu/contracts/single-window/orders';
import type { Period } from '../../lib/academic-calendar.ts';
import type { Platform } from '../../lib/platform.ts';
import { FileReply } from '../../lib/replies.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import { createSingleWindowRepository } from './single-window.repository.ts';
import type { SingleWindowService } from './single-window.service.ts';
import { createSingleWindowService } from './single-window.service.ts';

export function singleWindowRoutes(service: SingleWindowService): Binding[] {
  return [
    bind(documentList, async () => service.documentTypes()),
    bind(regionList, async () => service.regions()),
    bind(districtList, async ({ input }) => service.districts(input.id_region)),
    bind(purposeList, async () => service.purposes()),

    bind(orderList, async ({ user }) => service.studentOrders(user)),
    bind(orderSave, async ({ input, user }) =>
      service.place(user, {
        documentTypeId: input.id_doc,
        regionId: input.id_region,
        districtId: input.id_district,
        purposeId: input.id_naznachenie,
      }),
    ),
    bind(orderCancel, async ({ input, user }) => service.cancel(user, input.id_order)),

    bind(orderQueue, async ({ input }) => service.queue(input.status, input.page)),
    bind(orderStatus, async ({ input, user }) => service.advance(user, input.id_order, input.status)),

    bind(orderDocument, async ({ input, user }) => {
      const pdf = await service.documentPdf(user, input.id);
      return new FileReply(Readable.from(pdf.bytes), pdf.bytes.length, 'application/pdf', pdf.name);
    }),
    bind(verifyDocument, async ({ input }) => service.verify(input.code)),
  ];
}

/** Reference-document orders and their verification. */
export function singleWindowModule(
  p: Platform,
  institution: () => Promise<string>,
  currentPeriod: () => Promise<Period>,
  revokedAt: (kind: 'reference', id: number) => Promise<Date | null>,
) {
  const service = createSingleWindowService({
    repo: createSingleWindowRepository(p.db, p.changes),
    institution,
    currentYear: async () => (await currentPeriod()).year,
    publicUrl: p.config.publicUrl,
    revokedAt,
  });
  return { service, routes: singleWindowRoutes(service) };
}
