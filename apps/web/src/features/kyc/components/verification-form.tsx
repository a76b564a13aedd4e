import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { KycKind } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import Input, { type InputProps } from 'antd-mobile/es/components/input';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSubmit } from '../../../api/use-submit';
import { validateForm } from '../../../api/validate';
import { ErrorView } from '../../../ui/error-view';
import { InvalidFields, useInvalid } from '../../../ui/invalid-fields';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import { showToast } from '../../../ui/toast';
import {
  useSubmitVerification,
  VERIFICATION_CALLS,
  type VerificationInput,
} from '../api/kyc-mutations';
import { useUserAuth } from '../api/kyc-queries';
import { failureReason, verificationGate } from '../gate';
import { VERIFY_ROUTES } from '../routes';
import { GateView } from './gate-view';
import '../kyc.css';

interface VerificationFormPageProps<K extends KycKind> {
  kind: K;
  title: string;
  /** What the form holds, as the kind's call takes it; its contract schema judges it on submit. */
  values: () => VerificationInput<K>;
  /** Other features' keys showing the verification level (the profile), read again once sent. */
  related: readonly QueryKey[];
  /** A query the form waits for besides the states (primary: the last submission, to refill it). */
  waitFor?: UseQueryResult<unknown>;
  /** The kind's fields and pictures: below the reason of a failure, above the submit button. */
  children: ReactNode;
}

/**
 * The page of one verification form (verify/primary, verify/high, verify/passport): the form only
 * while the gate is open, else why not; sent, it goes back to verify/index with the new state.
 */
export function VerificationFormPage<K extends KycKind>({
  kind,
  title,
  values,
  related,
  waitFor,
  children,
}: VerificationFormPageProps<K>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useUserAuth();
  const submitVerification = useSubmitVerification(kind, related);
  // The fields the last check refused, with the value each had then: a field stays marked until
  // it is changed.
  const [refused, setRefused] = useState<ReadonlyMap<string, unknown>>(new Map());
  const now = values() as Record<string, unknown>;
  const invalid = new Set<string>();
  for (const [field, then] of refused) if (Object.is(now[field], then)) invalid.add(field);

  const [busy, submit] = useSubmit(async () => {
    // A missing picture is the contract schema's to refuse (requiredItems), as on the server.
    const sent = values();
    const input = await validateForm(VERIFICATION_CALLS[kind], sent, (fields) => {
      setRefused(new Map(fields.map((f) => [f, (sent as Record<string, unknown>)[f]])));
      // The first field marked, where the trader can see it.
      requestAnimationFrame(() =>
        document
          .querySelector('.kyc-page [data-invalid="true"]')
          ?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
      );
    });
    if (!input) return;
    await submitVerification.mutateAsync(input);
    showToast(t('success.submittedForReview'), 'success');
    navigate(VERIFY_ROUTES.index, { replace: true });
  });

  const waited = waitFor ? [auth, waitFor] : [auth];
  let body;
  if (waited.some((query) => query.isError && !query.data)) {
    body = (
      <ErrorView
        title={t('errors.networkError')}
        onRetry={() => void Promise.all(waited.map((query) => query.refetch()))}
      />
    );
  } else if (!auth.data || waited.some((query) => !query.data)) {
    body = <LoadingView />;
  } else {
    const gate = verificationGate(auth.data, kind);
    const reason = failureReason(auth.data, kind);
    body = !gate.open ? (
      <GateView
        gate={gate}
        onPrimary={() => navigate(VERIFY_ROUTES.primary)}
        onBack={() => navigate(VERIFY_ROUTES.index, { replace: true })}
      />
    ) : (
      <>
        {reason ? (
          <p className="kyc-level__reason" role="note">
            {t('verify.reason', { reason })}
          </p>
        ) : null}
        <InvalidFields.Provider value={invalid}>{children}</InvalidFields.Provider>
        <p className="form-hint">{t('verify.photoHint')}</p>
        <div className="form-actions">
          <Button block color="primary" size="large" loading={busy} onClick={() => submit()}>
            {t('verify.submit')}
          </Button>
        </div>
        <p className="form-hint">
          {t(kind === 'primary' ? 'verify.privacy' : 'verify.advanced.exclusive')}
        </p>
      </>
    );
  }

  return (
    <div>
      <PageHeader title={title} fallback={VERIFY_ROUTES.index} />
      <div className="page-body kyc-page">{body}</div>
    </div>
  );
}

interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  autoComplete: InputProps['autoComplete'];
  maxLength: number;
}

/**
 * One field of a verification form, its label above the input: beside it, a label such as
 * "Vollständiger Name" leaves too little room at 360 px for placeholders such as "Le numéro de
 * votre pièce d’identité".
 */
export function TextField({ label, ...input }: TextFieldProps) {
  const invalid = useInvalid(input.name);
  return (
    <div className="field field--stacked" data-field={input.name} data-invalid={invalid}>
      <span className="field__label">{label}</span>
      <Input {...input} />
    </div>
  );
}
