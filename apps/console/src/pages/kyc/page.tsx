import { CheckOutlined, CloseOutlined, EyeOutlined } from '@ant-design/icons';
import { consoleCalls, KYC_KINDS, KYC_SUBMISSION_STATES } from '@tidemark/contract';
import {
  App,
  Button,
  Drawer,
  Select,
  Space,
  Table,
  Tabs,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KycDetails } from '../../features/kyc/kyc-details';
import { useApproveKyc, useKycSubmissions, useRejectKyc } from '../../features/kyc/kyc-api';
import { useCan } from '../../features/session/session-api';
import { formatTime } from '../../ui/format';
import { notifySuccess } from '../../ui/notify';
import { QueryError } from '../../ui/query-state';
import { ReasonModal } from '../../ui/reason-modal';
import { SecureImage } from '../../ui/secure-image';
import { StatusTag } from '../../ui/status-tag';
import { UserLink } from '../../ui/user-link';
import { positiveInt, useSearchState } from '../../ui/use-search-state';
import type { KycKind, KycRecord, KycStatus } from '../../api/types';

const DEFAULTS = { status: 'certifying', kind: '', page: '1' } as const;
const PAGE_SIZE = 20;
/** The review order: what waits, what passed, what failed. */
const TABS: readonly KycStatus[] = ['certifying', 'verified', 'failed'];

/** Verification review: submissions with their images; approve or fail with a reason. */
export default function KycPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const can = useCan();
  const [search, setSearch] = useSearchState(DEFAULTS);
  const status = (KYC_SUBMISSION_STATES as readonly string[]).includes(search.status)
    ? (search.status as KycStatus)
    : 'certifying';
  const kind = (KYC_KINDS as readonly string[]).includes(search.kind)
    ? (search.kind as KycKind)
    : undefined;
  const page = positiveInt(search.page, 1);
  const submissions = useKycSubmissions({ status, kind, page, pageSize: PAGE_SIZE });
  const approve = useApproveKyc();
  const reject = useRejectKyc();
  const [viewing, setViewing] = useState<KycRecord | null>(null);
  const [rejecting, setRejecting] = useState<KycRecord | null>(null);
  const mayDecide = can(consoleCalls.approveKyc);

  const confirmApprove = (submission: KycRecord) =>
    modal.confirm({
      title: t('console.kyc.approveTitle', { id: submission.id }),
      content: t('console.kyc.approveText', {
        user: `#${submission.userId} ${submission.userAccount}`,
        kind: t(`console.kyc.kinds.${submission.kind}`),
      }),
      okText: t('console.kyc.approve'),
      cancelText: t('console.common.cancel'),
      onOk: () =>
        approve.mutateAsync(submission.id).then(() => {
          setViewing(null);
          notifySuccess(t('console.kyc.approved', { id: submission.id }));
        }),
    });

  const decisionButtons = (s: KycRecord) =>
    mayDecide && s.status === 'certifying' ? (
      <>
        <Button
          type="primary"
          size="small"
          block
          icon={<CheckOutlined />}
          data-testid="approve"
          onClick={() => confirmApprove(s)}
        >
          {t('console.kyc.approve')}
        </Button>
        <Button
          danger
          size="small"
          block
          icon={<CloseOutlined />}
          data-testid="reject"
          onClick={() => setRejecting(s)}
        >
          {t('console.common.reject')}
        </Button>
      </>
    ) : null;

  const columns: TableColumnsType<KycRecord> = [
    { title: t('console.common.id'), dataIndex: 'id', width: 70 },
    {
      title: t('console.common.user'),
      key: 'user',
      render: (_, s) => <UserLink userId={s.userId} account={s.userAccount} />,
    },
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
      <Tabs
        activeKey={status}
        onChange={(key) => setSearch({ status: key })}
        items={TABS.map((s) => ({ key: s, label: t(`console.status.kyc.${s}`) }))}
        tabBarExtraContent={
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
      />
      <QueryError error={submissions.error} retry={submissions.refetch} />
      <Table<KycRecord>
        rowKey="id"
        columns={columns}
        dataSource={submissions.data?.list}
        loading={submissions.isFetching}
        locale={{ emptyText: t('console.kyc.empty') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: submissions.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('console.common.total', { count: total }),
          onChange: (next) => setSearch({ page: String(next) }),
        }}
      />
      <Drawer
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing ? t('console.kyc.detailTitle', { id: viewing.id }) : ''}
        size="large"
        extra={viewing ? <Space>{decisionButtons(viewing)}</Space> : null}
      >
        {viewing ? (
          <KycDetails submission={viewing} showImages={can(consoleCalls.viewUpload)} />
        ) : null}
      </Drawer>
      <ReasonModal
        open={rejecting !== null}
        title={t('console.kyc.rejectTitle', { id: rejecting?.id ?? '' })}
        description={t('console.kyc.rejectText')}
        okText={t('console.common.reject')}
        pending={reject.isPending}
        onCancel={() => setRejecting(null)}
        onSubmit={(reason) => {
          if (!rejecting) return;
          const { id } = rejecting;
          reject.mutate(
            { id, reason },
            {
              onSuccess: () => {
                setRejecting(null);
                setViewing(null);
                notifySuccess(t('console.kyc.rejected', { id }));
              },
            },
          );
        }}
      />
    </>
  );
}
