/** A paged answer's position (DESIGN.md section 4: `{list, total, page, pageSize}`). */
interface PageInfo {
  page: number;
  pageSize: number;
  total: number;
}

/** getNextPageParam of an infinite query over a paged call: the next page, or none at the end. */
export function nextPageParam(last: PageInfo): number | undefined {
  return last.page * last.pageSize < last.total ? last.page + 1 : undefined;
}
