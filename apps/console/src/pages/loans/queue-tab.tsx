import {
  LOAN_STATUSES,
  loanConsoleCalls,
  type ConsoleLoan,
  type LoanStatus,
} from '@tidemark/contract';
import { Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApproveLoan, useLoans, useRejectLoan } from '../../features/loans/loans-api';
import { ApproveButton, RejectButton, useConfirmApproval } from '../../features/review/decision';
import { ReviewQueue, useRecordColumns } from '../../features/review/review-queue';
import { useCan } from '../../features/session/session-api';
import { Amount } from '../../ui/amount';
import { formatAmount, formatTime } from '../../ui/format';
import { notifySuccess } from '../../ui/notify';
import { ReasonModal, useReasonDialog } from '../../ui/reason-modal';
import { SecureImage } from '../../ui/secure-image';
import { oneOf, positiveInt, useSearchState } from '../../ui/use-search-state';
import { ratePercent } from '../../ui/format';

const DEFAULTS = { tab: 'queue', status: 'applying', page: '1' } as const;
/** Review order: what waits, money out, money late, then what is closed. */
const TABS: readonly LoanStatus[] = ['applying', 'passed', 'overdue', 'repaid', 'rejected'];
const PAGE_SIZE = 20;
const STATUS_COLORS: Record<LoanStatus, string> = {
  applying: 'gold',
  passed: 'green',
  overdue: 'red',
  repaid: 'blue',
  rejected: 'default',
};

/** The loan review queue and the outstanding and overdue loans, with images and the score. */
export function QueueTab() {
  const { t } = useTranslation();
  const can = useCan();
  const [search, setSearch] = useSearchState(DEFAULTS);
  const status = oneOf(LOAN_STATUSES, search.status, 'applying');
  const page = positiveInt(search.page, 1);
  const loans = useLoans({ status, page, pageSize: PAGE_SIZE });
  const approve = useApproveLoan();
  const reject = useRejectLoan();
  const confirm = useConfirmApproval();
  const rejection = useReasonDialog<ConsoleLoan>({
    pending: reject.isPending,
    submit: ({ id }, reason, onSuccess) => reject.mutate({ id, reason }, { onSuccess }),
    onDone: ({ id }) => notifySuccess(t('console.loans.rejected', { id })),
  });
  const mayDecide = can(loanConsoleCalls.approveLoan);
  const recordColumns = useRecordColumns<ConsoleLoan>();

  const confirmApprove = (loan: ConsoleLoan) =>
    confirm(
      {
        title: t('console.loans.approveTitle', { id: loan.id }),
        content: t('console.loans.approveText', {
          amount: formatAmount(loan.amount),
          currency: loan.currency,
          user: `#${loan.userId} ${loan.userAccount}`,
          days: loan.cycleDays,
        }),
        okText: t('console.loans.approve'),
      },
      () =>
        approve
          .mutateAsync({ id: loan.id })
          .then(() => notifySuccess(t('console.loans.approved', { id: loan.id }))),
    );

  const columns: TableColumnsType<ConsoleLoan> = [
    ...recordColumns,
    {
      title: t('console.common.amount'),
      key: 'amount',
      render: (_, l) => (
        <>
          <Amount value={l.amount} currency={l.currency} />
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('console.loans.terms', {
              days: l.cycleDays,
              rate: ratePercent(l.dailyRate),
              overdue: ratePercent(l.overdueRate),
            })}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('console.loans.owed'),
      key: 'owed',
      render: (_, l) => (
        <>
          <Amount value={l.owed} currency={l.currency} />
          {l.penaltyDays > 0 ? (
            <>
              <br />
              <Typography.Text type="danger" style={{ fontSize: 12 }}>
                {t('console.loans.penalty', {
                  amount: formatAmount(l.penalty),
                  days: l.penaltyDays,
                })}
              </Typography.Text>
            </>
          ) : null}
        </>
      ),
    },
    {
      title: t('console.loans.score'),
      key: 'score',
      render: (_, l) =>
        l.score ? (
          <div data-testid={`loan-score-${l.id}`}>
            <Typography.Text strong>{l.score.score}</Typography.Text>
            {l.score.components.map((c) => (
              <div key={c.name} style={{ fontSize: 12 }}>
                {t(`console.loans.component.${c.name}`)}: {c.points} ({c.weight}%)
              </div>
            ))}
          </div>
        ) : null,
    },
    {
      title: t('console.loans.images'),
      key: 'images',
      render: (_, l) => (
        <Space wrap size={4}>
          {l.images.map((image) => (
            <div key={image.uploadId} style={{ textAlign: 'center', fontSize: 11 }}>
              <SecureImage
                uploadId={image.uploadId}
                alt={image.kind ? t(`console.loans.imageKind.${image.kind}`) : ''}
                width={72}
                height={54}
              />
              <div>{image.kind ? t(`console.loans.imageKind.${image.kind}`) : ''}</div>
            </div>
          ))}
        </Space>
      ),
    },
    {
      title: t('console.common.time'),
      key: 'time',
      width: 130,
      render: (_, l) => (
        <>
          {formatTime(l.appliedAt)}
          {l.dueAt ? (
            <>
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('console.loans.due', { time: formatTime(l.dueAt) })}
              </Typography.Text>
            </>
          ) : null}
        </>
      ),
    },
    status === 'applying'
      ? {
          title: t('console.common.actions'),
          key: 'actions',
          render: (_, l) =>
            mayDecide ? (
              <Space orientation="vertical" size={6}>
                <ApproveButton onClick={() => confirmApprove(l)}>
                  {t('console.loans.approve')}
                </ApproveButton>
                <RejectButton onClick={() => rejection.ask(l)} />
              </Space>
            ) : null,
        }
      : {
          title: t('console.common.decision'),
          key: 'decision',
          render: (_, l) => (
            <Space orientation="vertical" size={2}>
              <Tag color={STATUS_COLORS[l.status]} style={{ marginInlineEnd: 0 }}>
                {t(`console.loans.tabs.${l.status}`)}
              </Tag>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatTime(l.decidedAt)}
              </Typography.Text>
              {l.reason ? <Typography.Text>{l.reason}</Typography.Text> : null}
            </Space>
          ),
        },
  ];

  return (
    <>
      <ReviewQueue<ConsoleLoan, LoanStatus>
        statuses={TABS}
        status={status}
        statusLabel={(s) => t(`console.loans.tabs.${s}`)}
        onSearch={setSearch}
        query={loans}
        columns={columns}
        emptyText={t(`console.loans.empty.${status}`)}
        page={page}
        pageSize={PAGE_SIZE}
      />
      <ReasonModal
        {...rejection.dialog}
        title={t('console.loans.rejectTitle', { id: rejection.target?.id ?? '' })}
        description={t('console.loans.rejectText')}
        okText={t('console.common.reject')}
      />
    </>
  );
}
