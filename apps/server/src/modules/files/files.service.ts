import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../lib/storage.ts';
import { uploadAreas } from '../../lib/uploads.ts';
import type { FilesRepository } from './files.repository.ts';

/** A file is an orphan only once it is this old: an upload under way has not committed its row yet. */
export const orphanAgeMs = 3600_000;

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;

export function createFilesService(deps: { repo: FilesRepository; storage: Storage; quotaBytes: number }) {
  const { repo, storage } = deps;
  return {
    /** Refuses (413 storage_quota) an upload that would take the user's stored files past their quota. */
    async checkQuota(userId: number, incomingBytes: number): Promise<void> {
      if (incomingBytes === 0) return;
      const used = await repo.usedBy(userId);
      if (used + incomingBytes > deps.quotaBytes) {
        throw new AppError(
          'storage_quota',
          `Your files may take at most ${mb(deps.quotaBytes)} MB (the storage quota); ${mb(used)} MB are used and this upload needs ${mb(incomingBytes)} MB. Delete files you no longer need.`,
          { quotaMb: mb(deps.quotaBytes), usedMb: mb(used) },
        );
      }
    },

    /**
     * Removes files older than an hour that no row refers to: uploads a crash cut short (under tmp/) or whose row
     * never committed. Returns how many went.
     */
    async sweepOrphans(now = Date.now()): Promise<number> {
      const old: string[] = [];
      for await (const file of storage.list(uploadAreas)) {
        if (now - file.modifiedAt.getTime() > orphanAgeMs) old.push(file.key);
      }
      let removed = 0;
      for (let i = 0; i < old.length; i += 500) {
        const batch = old.slice(i, i + 500);
        const kept = await repo.referenced(batch);
        for (const key of batch) {
          if (kept.has(key)) continue;
          await storage.delete(key);
          removed++;
        }
      }
      return removed;
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
