import { EyeOutlined } from '@ant-design/icons';
import { consoleCalls, KYC_KINDS, KYC_SUBMISSION_STATES } from '@tidemark/contract';
import { Button, Select, Space, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KycDrawer } from '../../features/kyc/kyc-details';
import { useApproveKyc, useKycSubmissions, useRejectKyc } from '../../features/kyc/kyc-api';
import { ApproveButton, RejectButton, useConfirmApproval } from '../../features/review/decision';
import { ReviewQueue, useRecordColumns } from '../../features/review/review-queue';
import { useCan } from '../../features/session/session-api';
import { formatTime } from '../../ui/format';
import { notifySuccess } from '../../ui/notify';
import { ReasonModal, useReasonDialog } from '../../ui/reason-modal';
import { SecureImage } from '../../ui/secure-image';
import { StatusTag } from '../../ui/status-tag';
import { oneOf, positiveInt, useSearchState } from '../../ui/use-search-state';
import type { KycRecord, KycStatus } from '../../api/types';

const DEFAULTS = { status: 'certifying', kind: '', page: '1' } as const;
const PAGE_SIZE = 20;
/** The review order: what waits, what passed, what failed. */
const TABS: readonly KycStatus[] = ['certifying', 'verified', 'failed'];

/** Verification review: submissions with their images; approve or fail with a reason. */
export default function KycPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [search, setSearch] = useSearchState(DEFAULTS);
  const status = oneOf(KYC_SUBMISSION_STATES, search.status, 'certifying');
  const kind = oneOf(KYC_KINDS, search.kind, undefined);
  const page = positiveInt(search.page, 1);
  const submissions = useKycSubmissions({ status, kind, page, pageSize: PAGE_SIZE });
  const approve = useApproveKyc();
  const reject = useRejectKyc();
  const confirm = useConfirmApproval();
  const [viewing, setViewing] = useState<KycRecord | null>(null);
  const rejection = useReasonDialog<KycRecord>({
    pending: reject.isPending,
    submit: ({ id }, reason, onSuccess) => reject.mutate({ id, reason }, { onSuccess }),
    onDone: ({ id }) => {
      setViewing(null);
      notifySuccess(t('console.kyc.rejected', { id }));
    },
  });
  const mayDecide = can(consoleCalls.approveKyc);
  const recordColumns = useRecordColumns<KycRecord>();

  const confirmApprove = (submission: KycRecord) =>
    confirm(
      {
        title: t('console.kyc.approveTitle', { id: submission.id }),
        content: t('console.kyc.approveText', {
          user: `#${submission.userId} ${submission.userAccount}`,
          kind: t(`console.kyc.kinds.${submission.kind}`),
        }),
        okText: t('console.kyc.approve'),
      },
      () =>
        approve.mutateAsync({ id: submission.id }).then(() => {
          setViewing(null);
          notifySuccess(t('console.kyc.approved', { id: submission.id }));
        }),
    );

  const decisionButtons = (s: KycRecord) =>
    mayDecide && s.status === 'certifying' ? (
      <>
        <ApproveButton onClick={() => confirmApprove(s)}>{t('console.kyc.approve')}</ApproveButton>
        <RejectButton onClick={() => rejection.ask(s)} />
      </>
    ) : null;

  const columns: TableColumnsType<KycRecord> = [
    ...recordColumns,
    {
      title: t('console.kyc.kind'),
      key: 'kind',
      render: (_, s) => t(`console.kyc.kinds.${s.kind}`),
    },
    {
      title: t('console.kyc.realName'),
      key: 'realName',
      render: (_, s) => (
        <>
          {s.realName ?? '-'}
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {s.country ?? ''}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('console.kyc.documentNumber'),
      key: 'number',
      render: (_, s) => (
        <span className="mono" style={{ whiteSpace: 'nowrap' }}>
          {s.passportNumber ?? s.idNumber ?? '-'}
        </span>
      ),
    },
    {
      title: t('console.kyc.images'),
      key: 'images',
      render: (_, s) => (
        <Space size={4}>
          <SecureImage
            uploadId={s.frontUploadId}
            alt={t('console.kyc.idFront')}
            width={64}
            height={44}
          />
          {s.kind === 'passport' ? null : (
            <SecureImage
              uploadId={s.backUploadId}
              alt={t('console.kyc.idBack')}
              width={64}
              height={44}
            />
          )}
        </Space>
      ),
    },
    {
      title: t('console.kyc.submittedAt'),
      key: 'createdAt',
      width: 120,
      render: (_, s) => formatTime(s.createdAt),
    },
    ...(status === 'certifying'
      ? []
      : [
          {
            title: t('console.common.decision'),
            key: 'decision',
            render: (_: unknown, s: KycRecord) => (
              <Space orientation="vertical" size={2}>
                <StatusTag group="kyc" status={s.status} />
                {s.reason ? <span>{s.reason}</span> : null}
              </Space>
            ),
          },
        ]),
    {
      title: t('console.common.actions'),
      key: 'actions',
      render: (_, s) => (
        <Space orientation="vertical" size={6}>
          <Button
            size="small"
            block
            icon={<EyeOutlined />}
            data-testid="review"
            onClick={() => setViewing(s)}
          >
            {t('console.kyc.review')}
          </Button>
          {decisionButtons(s)}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ReviewQueue<KycRecord, KycStatus>
        statuses={TABS}
        status={status}
        statusLabel={(s) => t(`console.status.kyc.${s}`)}
        filters={
          <Select
            value={kind ?? ''}
            onChange={(value) => setSearch({ kind: value })}
            style={{ width: 200 }}
            aria-label={t('console.kyc.kind')}
            options={[
              { value: '', label: t('console.kyc.allKinds') },
              ...KYC_KINDS.map((k) => ({ value: k, label: t(`console.kyc.kinds.${k}`) })),
            ]}
          />
        }
        onSearch={setSearch}
        query={submissions}
        columns={columns}
        emptyText={t('console.kyc.empty')}
        page={page}
        pageSize={PAGE_SIZE}
      />
      <KycDrawer
        submission={viewing}
        showImages={can(consoleCalls.viewUpload)}
        extra={viewing ? <Space>{decisionButtons(viewing)}</Space> : null}
        onClose={() => setViewing(null)}
      />
      <ReasonModal
        {...rejection.dialog}
        title={t('console.kyc.rejectTitle', { id: rejection.target?.id ?? '' })}
        description={t('console.kyc.rejectText')}
        okText={t('console.common.reject')}
      />
    </>
  );
}
