import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { importCheck, importStart, importStatus, importTemplate } from '@okuu/contracts/staff/import';
import { AppError } from '../../lib/app-error.ts';
import type { Platform } from '../../lib/platform.ts';
import { FileReply, type UploadedFile } from '../../lib/replies.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import type { RecordGroupMoves } from '../card/card.service.ts';
import { createImportRepository } from './import.repository.ts';
import type { ImportService } from './import.service.ts';
import { createImportService } from './import.service.ts';
import { templateCsv, templateXlsx } from './template.ts';

const fileOf = (buffer: Buffer, type: string, name: string) =>
  new FileReply(Readable.from([buffer]), buffer.length, type, name);

/** The one uploaded file's content and name. */
async function uploaded(files: UploadedFile[]) {
  const file = files[0];
  if (!file) throw new AppError('file_required', 'Attach the CSV or XLSX file.');
  return { name: file.fileName, buf: await fs.readFile(file.tempPath) };
}

export function importRoutes(service: ImportService): Binding[] {
  return [
    bind(importTemplate, async ({ input }) => {
      const line = await service.exampleLine(input.kind);
      return input.format === 'csv'
        ? fileOf(templateCsv(input.kind, line), 'text/csv; charset=utf-8', `${input.kind}-template.csv`)
        : fileOf(
            await templateXlsx(input.kind, line),
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            `${input.kind}-template.xlsx`,
          );
    }),
    bind(importCheck, async ({ input, files }) => service.check(input.kind, (await uploaded(files)).buf)),
    bind(importStart, async ({ input, files, user }) => {
      const { name, buf } = await uploaded(files);
      return service.start(user, input.kind, name, buf);
    }),
    bind(importStatus, async ({ input, user }) => service.status(user, input.job)),
  ];
}

/** Staff data import. */
export function importModule(p: Platform, recordGroupMoves: RecordGroupMoves) {
  const service = createImportService({ repo: createImportRepository(p.db, p.changes), log: p.log, recordGroupMoves });
  return { service, routes: importRoutes(service) };
}
