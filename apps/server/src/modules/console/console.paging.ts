import type { Page } from './console.repository';

/** What every list call takes: `page` counts from 1. */
export interface Paging {
  page: number;
  pageSize: number;
}

/** What every list call answers (pageOf in the contract). */
interface ListPage<Item> {
  list: Item[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One page of a list call: `read` loads the rows of the query's page and the total count,
 * `toList` maps the rows for the answer, which repeats the page and its size.
 */
export async function listPage<Row, Item>(
  query: Paging,
  read: (page: Page) => Promise<{ rows: Row[]; total: number }>,
  toList: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<ListPage<Item>> {
  const { rows, total } = await read({
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { list: await toList(rows), total, page: query.page, pageSize: query.pageSize };
}
