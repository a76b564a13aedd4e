import { TIMING } from '@tidemark/contract/rules';
import { Component, Suspense, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LOGIN_ROUTE } from '../api/client';
import { useSession } from '../api/session';
import { ErrorView } from '../ui/error-view';
import { LoadingView } from '../ui/loading-view';
import { ChunkLoadError, type LazyPage } from './lazy-page';
import { Redirect } from './redirect';

/** Nothing for 200 ms, then the loading view; after 60 s the page counts as failed. */
function PendingPage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<'quiet' | 'loading' | 'timeout'>('quiet');
  useEffect(() => {
    const show = setTimeout(() => setPhase('loading'), TIMING.pageLoadDelayMs);
    const fail = setTimeout(() => setPhase('timeout'), TIMING.pageLoadTimeoutMs);
    return () => {
      clearTimeout(show);
      clearTimeout(fail);
    };
  }, []);
  if (phase === 'quiet') return null;
  if (phase === 'timeout')
    return <ErrorView title={t('errors.chunkLoadFailed')} onRetry={onRetry} />;
  return <LoadingView />;
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
  labels: { chunk: string; crash: string; crashHint: string };
}

class PageErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { labels } = this.props;
    if (error instanceof ChunkLoadError) {
      return <ErrorView title={labels.chunk} onRetry={this.retry} />;
    }
    return (
      <ErrorView
        title={labels.crash}
        description={labels.crashHint}
        onRetry={() => window.location.reload()}
      />
    );
  }

  private retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };
}

interface PageHostProps {
  page: LazyPage;
  /** The page needs a logged-in user; visitors go to login and come back after. */
  auth?: boolean;
}

export function PageHost({ page, auth }: PageHostProps) {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const endedByUser = useSession((s) => s.endedByUser);
  const location = useLocation();
  const [attempt, setAttempt] = useState(0);
  const [Page, setPage] = useState(() => page.component(0));
  if (auth && !token) {
    const from = endedByUser ? undefined : location.pathname + location.search;
    return <Redirect to={LOGIN_ROUTE} from={from} />;
  }
  const retry = () => {
    const next = attempt + 1;
    setAttempt(next);
    setPage(() => page.component(next));
  };
  return (
    <PageErrorBoundary
      key={attempt}
      onRetry={retry}
      labels={{
        chunk: t('errors.chunkLoadFailed'),
        crash: t('common.crashed'),
        crashHint: t('common.crashedHint'),
      }}
    >
      <Suspense fallback={<PendingPage onRetry={retry} />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}
