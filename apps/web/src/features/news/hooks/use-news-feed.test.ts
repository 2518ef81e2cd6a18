import { describe, expect, it } from 'vitest';
import { mergePages } from './use-news-feed';

const page = (ids: number[], number = 1) => ({
  page: number,
  pageSize: 20,
  hasMore: true,
  items: ids.map((id) => ({ id_eventMessage: id }) as never),
});

describe('feed pages', () => {
  it('appends pages in order and drops the ids seen on an earlier page', () => {
    const ids = mergePages([page([9, 8, 7]), page([7, 6, 5], 2), undefined, page([5, 4], 3)]).map(
      (item) => item.id_eventMessage,
    );
    expect(ids).toEqual([9, 8, 7, 6, 5, 4]);
  });
});
