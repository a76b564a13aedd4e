import DotLoading from 'antd-mobile/es/components/dot-loading';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import { useTranslation } from 'react-i18next';

/** What a paged list's next page comes from: an infinite query's fetchNextPage and hasNextPage. */
interface ListFooterProps {
  fetchNextPage: () => Promise<{ isError: boolean; error: unknown }>;
  hasMore: boolean;
  /** The text of a page that failed to load, before "Retry". */
  failedText: string;
}

/**
 * The end of every paged list: loads the next page as it scrolls into view, offers a retry when
 * that fails, and says the same "No more records" on every page once all is there.
 */
export function ListFooter({ fetchNextPage, hasMore, failedText }: ListFooterProps) {
  const { t } = useTranslation();
  const loadMore = async () => {
    const result = await fetchNextPage();
    // InfiniteScroll offers a retry only when loadMore rejects.
    if (result.isError) throw result.error;
  };
  return (
    <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
      {(more, failed, retry) =>
        failed ? (
          <button type="button" className="text-button" onClick={retry}>
            {failedText} · {t('common.retry')}
          </button>
        ) : more ? (
          <DotLoading color="primary" />
        ) : (
          <span className="list-end">{t('common.listEnd')}</span>
        )
      }
    </InfiniteScroll>
  );
}
