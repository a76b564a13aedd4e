import type { AdvancedRoute, UserAuth, VerificationState } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import { RightOutline } from 'antd-mobile-icons';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { recordDateFormat } from '../../../features/assets/date-format';
import { useUserAuth } from '../../../features/kyc/api/kyc-queries';
import { VerificationStateTag } from '../../../features/kyc/components/state-tag';
import { failureReason, verificationGate } from '../../../features/kyc/gate';
import { VERIFY_ROUTES } from '../../../features/kyc/routes';
import { ErrorView } from '../../../ui/error-view';
import { currentLanguage } from '../../../ui/i18n';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import '../../../features/kyc/kyc.css';
import '../../../features/money/money.css';

/** The button of a level in its state: start, submit again after a failure, or nothing to do. */
function actionLabel(state: VerificationState): 'start' | 'resubmit' | null {
  if (state === 'notCertified') return 'start';
  if (state === 'failed') return 'resubmit';
  return null;
}

function AdvancedRoutes({ auth, onOpen }: { auth: UserAuth; onOpen: (route: string) => void }) {
  const { t } = useTranslation();
  const routes: { route: AdvancedRoute; path: string }[] = [
    { route: 'identity', path: VERIFY_ROUTES.high },
    { route: 'passport', path: VERIFY_ROUTES.passport },
  ];
  return (
    <div className="kyc-routes">
      {routes.map(({ route, path }) => {
        const gate = verificationGate(auth, route);
        const taken = auth.advanced.route === route;
        return (
          <button
            key={route}
            type="button"
            className="kyc-route"
            data-route={route}
            disabled={!gate.open}
            onClick={() => onOpen(path)}
          >
            <span className="kyc-route__text">
              <strong>{t(`verify.routes.${route}`)}</strong>
              <span className="muted">{t(`verify.routes.${route}Needs`)}</span>
            </span>
            {taken && auth.advanced.state !== 'notCertified' ? (
              <VerificationStateTag state={auth.advanced.state} />
            ) : null}
            {gate.open ? <RightOutline className="flip-rtl muted" /> : null}
          </button>
        );
      })}
    </div>
  );
}

/** One level's card: its title and state, what it asks for, then what is particular to it. */
function LevelSection({
  level,
  state,
  title,
  text,
  reason,
  children,
}: {
  level: 'primary' | 'advanced';
  state: VerificationState;
  title: string;
  text: string;
  /** Why the level's last submission failed; null when it did not. */
  reason: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="kyc-level" data-level={level} data-state={state}>
      <div className="kyc-level__head">
        <h2>{title}</h2>
        <VerificationStateTag state={state} />
      </div>
      <p className="kyc-level__text">{text}</p>
      {reason ? <p className="kyc-level__reason">{t('verify.reason', { reason })}</p> : null}
      {children}
    </section>
  );
}

/**
 * verify/index: primary and advanced verification with their states (not certified, under
 * review, failed with the reason, verified) and the way to submit or submit again. Advanced needs
 * primary verified, and goes by ID or by passport, not both.
 */
export default function VerifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useUserAuth();
  const language = currentLanguage();
  const dateFormat = useMemo(() => recordDateFormat(language), [language]);

  let body;
  const data = auth.data;
  if (auth.isError && !data) {
    body = <ErrorView title={t('errors.networkError')} onRetry={() => void auth.refetch()} />;
  } else if (!data) {
    body = <LoadingView />;
  } else {
    const primaryAction = actionLabel(data.primary.state);
    const advancedRoute = data.advanced.route;
    body = (
      <>
        <LevelSection
          level="primary"
          state={data.primary.state}
          title={t('verify.primary.title')}
          text={t('verify.primary.text')}
          reason={failureReason(data, 'primary')}
        >
          {data.primary.submittedAt && data.primary.state === 'certifying' ? (
            <p className="muted kyc-level__time">
              {t('verify.submittedAt', { time: dateFormat.format(data.primary.submittedAt) })}
            </p>
          ) : null}
          {primaryAction ? (
            <Button
              block
              color="primary"
              onClick={() => navigate(VERIFY_ROUTES.primary)}
              data-action={primaryAction}
            >
              {t(`verify.${primaryAction}`)}
            </Button>
          ) : null}
        </LevelSection>

        <LevelSection
          level="advanced"
          state={data.advanced.state}
          title={t('verify.advanced.title')}
          text={t('verify.advanced.text')}
          reason={advancedRoute ? failureReason(data, advancedRoute) : null}
        >
          {advancedRoute && data.advanced.state !== 'notCertified' ? (
            <p className="muted">
              {t('verify.advanced.by', { route: t(`verify.routes.${advancedRoute}`) })}
            </p>
          ) : null}
          {data.primary.state !== 'verified' ? (
            <p className="kyc-level__lock">{t('errors.primaryVerificationRequired')}</p>
          ) : null}
          {data.advanced.state !== 'verified' ? (
            <AdvancedRoutes auth={data} onOpen={(path) => navigate(path)} />
          ) : null}
          <p className="form-hint">{t('verify.advanced.exclusive')}</p>
        </LevelSection>
        <p className="form-hint">{t('verify.privacy')}</p>
      </>
    );
  }

  return (
    <div>
      <PageHeader title={t('verify.title')} fallback="/pages/setting/index" />
      <div className="page-body kyc-page">{body}</div>
    </div>
  );
}
