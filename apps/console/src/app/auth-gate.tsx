import { Button, Result } from 'antd';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { errorMessage } from '../api/client';
import { queryClient } from '../api/query-client';
import { signOut, useToken } from '../api/session';
import { useCan, useMe } from '../features/session/session-api';
import { forgetUploads } from '../api/uploads';
import LoginPage from '../pages/login/page';
import { Loading } from '../ui/query-state';
import { ROUTES, type ConsoleRoute } from './routes';
import { Shell } from './shell';

const PageLoading = () => <Loading className="page-loading" />;

/** A page the operator's role may not open (a typed URL): say so instead of failing calls. */
function Guarded({ route }: { route: ConsoleRoute }) {
  const { t } = useTranslation();
  const can = useCan();
  if (!can(route.call)) {
    return <Result status="403" title="403" subTitle={t('console.common.forbidden')} />;
  }
  const Page = route.page;
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

function SignedIn() {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isPending) return <PageLoading />;
  if (!me.data) {
    return (
      <Result
        status="error"
        title={errorMessage(me.error)}
        extra={[
          <Button key="retry" type="primary" onClick={() => void me.refetch()}>
            {t('console.common.retry')}
          </Button>,
          <Button key="logout" onClick={() => signOut()}>
            {t('console.header.logout')}
          </Button>,
        ]}
      />
    );
  }
  return (
    <Routes>
      <Route element={<Shell />}>
        {ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={<Guarded route={route} />} />
        ))}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}

/**
 * Without a token every path shows the login form in place, so after logging in the operator is on
 * the page they asked for. Losing the token (logout, '401') drops every cached answer and image.
 */
export function AuthGate() {
  const token = useToken();
  useEffect(() => {
    if (token === null) {
      forgetUploads();
      queryClient.clear();
    }
  }, [token]);
  return token === null ? <LoginPage /> : <SignedIn />;
}
