import { SoundOutline, RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { useAnnouncements } from '../api/content-queries';
import '../content.css';

/** Home's line with the newest announcement; it opens that announcement. */
export function NoticeBar() {
  const news = useAnnouncements();
  const latest = news.data?.pages[0]?.list[0];
  if (!latest) return null;
  return (
    // Named by the announcement's own title, the text it shows.
    <Link className="notice-bar" to={`/pages/announcement/detail?id=${latest.id}`}>
      <SoundOutline className="notice-bar__icon" aria-hidden="true" />
      <span className="notice-bar__text" lang={latest.lang}>
        {latest.title}
      </span>
      <RightOutline aria-hidden="true" />
    </Link>
  );
}
