import { newsInsert, newsInsertFields } from '@okuu/contracts/news/insert';
import type { NewsAudience, NewsItem } from '@okuu/contracts/news/news-item';
import { fileNameSeparator } from '@okuu/contracts/news/news-item';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UploadProgress, uploadForm } from '../../../lib/upload';
import { type NewsPage, newsKeys } from './get-news';

export interface NewsDraft {
  text: string;
  audience: NewsAudience;
  /** Faculty ids; none: every faculty. */
  faculties: number[];
  files: File[];
}

/** The multipart body of news.insert: the fields, one display name per file, then the files. */
export function newsFormData(draft: NewsDraft): FormData {
  const form = new FormData();
  form.append(newsInsertFields.text, draft.text);
  form.append(newsInsertFields.audience, draft.audience);
  for (const id of draft.faculties) form.append(newsInsertFields.faculties, String(id));
  for (const file of draft.files) {
    // The names travel in their own field too (the spec's "file name field"); the separator cannot be part of one.
    form.append(newsInsertFields.fileName, file.name.split(fileNameSeparator).join('_'));
  }
  for (const file of draft.files) form.append(newsInsertFields.files, file, file.name);
  return form;
}

/** Posts a news item with its files, reporting the upload's progress. Answers with the new item. */
export function postNews(
  draft: NewsDraft,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
) {
  return uploadForm(newsInsert, newsFormData(draft), options);
}

/** Post news (users with the news permission): the new item goes on top of the feed, then page 1 is fetched again. */
export function usePostNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      draft,
      onProgress,
      signal,
    }: {
      draft: NewsDraft;
      onProgress?: (progress: UploadProgress) => void;
      signal?: AbortSignal;
    }) => postNews(draft, { onProgress, signal }),
    onSuccess: (item: NewsItem) => {
      queryClient.setQueryData<NewsPage>(newsKeys.head, (head) =>
        head
          ? { ...head, items: [item, ...head.items.filter((i) => i.id_eventMessage !== item.id_eventMessage)] }
          : head,
      );
      void queryClient.invalidateQueries({ queryKey: newsKeys.head });
    },
  });
}
