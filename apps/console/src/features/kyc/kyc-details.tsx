import { Descriptions, Drawer } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../ui/format';
import { StatusTag } from '../../ui/status-tag';
import { UserLink } from '../../ui/user-link';
import { SecureImage } from '../../ui/secure-image';
import type { KycRecord } from '../../api/types';

/** Everything a reviewer compares: the typed details beside the ID or passport images. */
export function KycDetails({
  submission,
  showImages,
}: {
  submission: KycRecord;
  /** Whether the operator's role may view uploads (the images are not fetched otherwise). */
  showImages: boolean;
}) {
  const { t } = useTranslation();
  const passport = submission.kind === 'passport';
  const frontLabel = t(passport ? 'console.kyc.passportPage' : 'console.kyc.idFront');
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'user',
            label: t('console.common.user'),
            children: <UserLink userId={submission.userId} account={submission.userAccount} />,
          },
          {
            key: 'kind',
            label: t('console.kyc.kind'),
            children: t(`console.kyc.kinds.${submission.kind}`),
          },
          {
            key: 'status',
            label: t('console.common.status'),
            children: <StatusTag group="kyc" status={submission.status} />,
          },
          { key: 'country', label: t('console.kyc.country'), children: submission.country ?? '-' },
          { key: 'address', label: t('console.kyc.address'), children: submission.address ?? '-' },
          {
            key: 'realName',
            label: t('console.kyc.realName'),
            children: submission.realName ?? '-',
          },
          passport
            ? {
                key: 'passportNumber',
                label: t('console.kyc.passportNumber'),
                children: <span className="mono">{submission.passportNumber ?? '-'}</span>,
              }
            : {
                key: 'idNumber',
                label: t('console.kyc.idNumber'),
                children: <span className="mono">{submission.idNumber ?? '-'}</span>,
              },
          {
            key: 'createdAt',
            label: t('console.kyc.submittedAt'),
            children: formatTime(submission.createdAt),
          },
          ...(submission.reviewedAt
            ? [
                {
                  key: 'reviewedAt',
                  label: t('console.common.reviewedAt'),
                  children: formatTime(submission.reviewedAt),
                },
              ]
            : []),
          ...(submission.reason
            ? [{ key: 'reason', label: t('console.common.reason'), children: submission.reason }]
            : []),
        ]}
      />
      {showImages ? (
        <div className="images-row" style={{ marginTop: 16 }}>
          <figure>
            <SecureImage
              uploadId={submission.frontUploadId}
              alt={frontLabel}
              width={300}
              height={200}
            />
            <figcaption>{frontLabel}</figcaption>
          </figure>
          {passport ? null : (
            <figure>
              <SecureImage
                uploadId={submission.backUploadId}
                alt={t('console.kyc.idBack')}
                width={300}
                height={200}
              />
              <figcaption>{t('console.kyc.idBack')}</figcaption>
            </figure>
          )}
        </div>
      ) : null}
    </>
  );
}

/** A submission's details in a side panel, open while `submission` is set. */
export function KycDrawer({
  submission,
  showImages,
  extra,
  onClose,
}: {
  submission: KycRecord | null;
  showImages: boolean;
  /** Beside the title: what the operator may do with it. */
  extra?: ReactNode;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={submission !== null}
      onClose={onClose}
      title={submission ? t('console.kyc.detailTitle', { id: submission.id }) : ''}
      size="large"
      extra={extra}
    >
      {submission ? <KycDetails submission={submission} showImages={showImages} /> : null}
    </Drawer>
  );
}
