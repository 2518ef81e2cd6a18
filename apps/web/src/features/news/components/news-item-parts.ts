import { newsDownloadUrl } from '@okuu/contracts/news/download';
import { fileNameSeparator, type NewsItem } from '@okuu/contracts/news/news-item';
import { splitFileNames } from '../../../lib/files';

/** The spec's author field 'p23-1', 'Full Name | Position-or-group': the name, and the second part when there is one. */
export function splitAuthor(author: string): { name: string; title: string | null } {
  const bar = author.indexOf('|');
  if (bar === -1) return { name: author.trim(), title: null };
  const title = author.slice(bar + 1).trim();
  return { name: author.slice(0, bar).trim(), title: title === '' ? null : title };
}

export interface AttachmentView {
  name: string;
  url: string;
  /** Bytes, when known. */
  size: number | null;
}

/**
 * The attachments of an item: the names the wire carries in `fileName` (joined by ';!;'), each with its download
 * address (GET download.file?filename=<id>_<name>&type=4) and size.
 */
export function attachmentsOf(item: Pick<NewsItem, 'id_eventMessage' | 'fileName' | 'attachments'>): AttachmentView[] {
  const names = splitFileNames(item.fileName, fileNameSeparator);
  const source = names.length > 0 ? names : item.attachments.map((attachment) => attachment.name);
  return source.map((name) => {
    const known = item.attachments.find((attachment) => attachment.name === name);
    return { name, url: known?.url ?? newsDownloadUrl(item.id_eventMessage, name), size: known?.size ?? null };
  });
}
