import { SoundOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAnnouncements } from '../api/content-queries';
import '../content.css';

/** Home's line with the newest announcement; it opens that announcement. */
export function NoticeBar() {
  const { t } = useTranslation();
  const news = useAnnouncements();
  const latest = news.data?.pages[0]?.list[0];
  if (!latest) return null;
  return (
    <Link
      className="notice-bar"
      to={`/pages/announcement/detail?id=${latest.id}`}
      aria-label={`${t('mailbox.announcements')}: ${latest.title}`}
    >
      <SoundOutline className="notice-bar__icon" aria-hidden="true" />
      <span className="notice-bar__text" lang={latest.lang}>
        {latest.title}
      </span>
      <RightOutline aria-hidden="true" />
    </Link>
  );
}
