import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAcademyLessons } from '../../../features/content/api/content-queries';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { ListFooter } from '../../../ui/list-footer';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import '../../../features/content/content.css';

/** A video file served here plays inline; another https link opens where it lives. */
function isPlayable(url: string): boolean {
  return url.startsWith('/api/content/media/') || /\.(mp4|webm)(\?|$)/i.test(url);
}

/** growthAcademy/index: lessons with poster, summary and a video played inline. */
export default function GrowthAcademyPage() {
  const { t } = useTranslation();
  const lessons = useAcademyLessons();
  const [playing, setPlaying] = useState<number | null>(null);
  const list = lessons.data?.pages.flatMap((p) => p.list) ?? [];

  let body;
  if (lessons.data) {
    body =
      list.length === 0 ? (
        <EmptyData />
      ) : (
        <>
          <ul className="academy-list">
            {list.map((lesson) => (
              <li key={lesson.id} className="academy-card" lang={lesson.lang}>
                <div className="academy-card__media">
                  {playing === lesson.id && isPlayable(lesson.videoUrl) ? (
                    <video
                      src={lesson.videoUrl}
                      poster={lesson.posterUrl || undefined}
                      controls
                      autoPlay
                      playsInline
                      preload="metadata"
                      aria-label={lesson.title}
                    />
                  ) : (
                    <>
                      {lesson.posterUrl ? <img src={lesson.posterUrl} alt="" /> : null}
                      {lesson.videoUrl ? (
                        isPlayable(lesson.videoUrl) ? (
                          <button
                            type="button"
                            className="academy-card__play"
                            aria-label={t('content.academy.play', { title: lesson.title })}
                            onClick={() => setPlaying(lesson.id)}
                          >
                            <span aria-hidden="true">▶</span>
                          </button>
                        ) : (
                          <a
                            className="academy-card__play"
                            href={lesson.videoUrl}
                            target="_blank"
                            rel="noopener noreferrer nofollow"
                            aria-label={t('content.academy.play', { title: lesson.title })}
                          >
                            <span aria-hidden="true">▶</span>
                          </a>
                        )
                      ) : null}
                    </>
                  )}
                </div>
                <h3 className="academy-card__title">{lesson.title}</h3>
                <p className="academy-card__summary">{lesson.summary}</p>
              </li>
            ))}
          </ul>
          <ListFooter
            fetchNextPage={lessons.fetchNextPage}
            hasMore={lessons.hasNextPage}
            failedText={t('content.loadFailed')}
          />
        </>
      );
  } else if (lessons.isError) {
    body = <ErrorView title={t('content.loadFailed')} onRetry={() => void lessons.refetch()} />;
  } else {
    body = <LoadingView />;
  }
  return (
    <div className="content-page">
      <PageHeader title={t('content.academy.title')} />
      {body}
    </div>
  );
}
