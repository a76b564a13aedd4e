import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { contentConsoleCalls as cc, type ConsoleBanner } from '@tidemark/contract';
import { LANGUAGES } from '@tidemark/i18n';
import {
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Switch,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { uploadMedia, useContentBanners, useSaveBanner } from '../../features/content/content-api';
import { useCan } from '../../features/session/session-api';
import { notifyError, notifySuccess } from '../../ui/notify';
import { QueryError } from '../../ui/query-state';

type BannerDraft = Omit<ConsoleBanner, 'id'> & { id?: number };

const EMPTY: BannerDraft = {
  bannerType: 1,
  lang: '',
  title: '',
  imageUrl: '',
  link: '',
  sort: 0,
  active: true,
};

function BannerEditor({ banner, onClose }: { banner: ConsoleBanner | null; onClose(): void }) {
  const { t } = useTranslation();
  const save = useSaveBanner();
  const [draft, setDraft] = useState<BannerDraft>(banner ?? EMPTY);
  const [uploading, setUploading] = useState(false);
  const set = (next: Partial<BannerDraft>) => setDraft((d) => ({ ...d, ...next }));
  const submit = () =>
    save.mutate(
      { ...draft, lang: draft.lang as '' },
      {
        onSuccess: () => {
          notifySuccess(t('console.content.saved'));
          onClose();
        },
        onError: (error) => notifyError(errorMessage(error)),
      },
    );
  return (
    <Modal
      open
      title={t(banner ? 'console.content.edit' : 'console.content.create')}
      onCancel={onClose}
      onOk={submit}
      okText={t('console.content.save')}
      confirmLoading={save.isPending}
    >
      <Form layout="vertical">
        <Form.Item label={t('console.content.bannerType')}>
          <Select
            value={draft.bannerType}
            onChange={(bannerType) => set({ bannerType })}
            options={[
              { value: 1, label: t('console.content.bannerHome') },
              { value: 2, label: t('console.content.bannerOther') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('console.content.language')}>
          <Select
            value={draft.lang}
            onChange={(lang) => set({ lang })}
            options={[
              { value: '', label: t('console.content.allLanguages') },
              ...LANGUAGES.map((l) => ({ value: l.code, label: l.nativeName })),
            ]}
          />
        </Form.Item>
        <Form.Item label={t('console.content.bannerTitle')} required>
          <Input
            value={draft.title}
            maxLength={200}
            onChange={(e) => set({ title: e.target.value })}
          />
        </Form.Item>
        <Form.Item label={t('console.content.image')} required>
          <Input value={draft.imageUrl} onChange={(e) => set({ imageUrl: e.target.value })} />
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-label={t('console.content.upload')}
            disabled={uploading}
            style={{ marginTop: 8 }}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (!file) return;
              setUploading(true);
              uploadMedia(file)
                .then((stored) => set({ imageUrl: stored.url }))
                .catch((error: unknown) => notifyError(errorMessage(error)))
                .finally(() => setUploading(false));
            }}
          />
        </Form.Item>
        <Form.Item label={t('console.content.link')} extra={t('console.content.linkHint')}>
          <Input value={draft.link} onChange={(e) => set({ link: e.target.value })} />
        </Form.Item>
        <Form.Item label={t('console.content.sort')}>
          <InputNumber min={0} value={draft.sort} onChange={(v) => set({ sort: Number(v ?? 0) })} />
        </Form.Item>
        <Form.Item label={t('console.content.active')}>
          <Switch checked={draft.active} onChange={(active) => set({ active })} />
        </Form.Item>
        <div className="content-preview-box">
          {draft.imageUrl ? (
            <img src={draft.imageUrl} alt="" style={{ width: '100%', borderRadius: 8 }} />
          ) : null}
          <strong>{draft.title}</strong>
        </div>
      </Form>
    </Modal>
  );
}

/** Banners (type 1 home, 2 other) per language, with image, link target and order. */
export function BannersTab() {
  const { t } = useTranslation();
  const can = useCan();
  const banners = useContentBanners();
  const [editing, setEditing] = useState<ConsoleBanner | null | 'new'>(null);
  const mayEdit = can(cc.saveContentBanner);
  const columns: TableColumnsType<ConsoleBanner> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    {
      title: t('console.content.image'),
      key: 'image',
      render: (_, b) => <img src={b.imageUrl} alt="" style={{ width: 120, borderRadius: 4 }} />,
    },
    { title: t('console.content.bannerTitle'), dataIndex: 'title' },
    {
      title: t('console.content.bannerType'),
      key: 'type',
      render: (_, b) =>
        t(b.bannerType === 1 ? 'console.content.bannerHome' : 'console.content.bannerOther'),
    },
    {
      title: t('console.content.language'),
      key: 'lang',
      render: (_, b) =>
        b.lang
          ? (LANGUAGES.find((l) => l.code === b.lang)?.nativeName ?? b.lang)
          : t('console.content.allLanguages'),
    },
    { title: t('console.content.link'), dataIndex: 'link' },
    { title: t('console.content.sort'), dataIndex: 'sort', width: 70 },
    {
      title: t('console.content.active'),
      key: 'active',
      render: (_, b) =>
        b.active ? (
          <Tag color="green">{t('console.content.active')}</Tag>
        ) : (
          <Tag>{t('console.content.inactive')}</Tag>
        ),
    },
    {
      key: 'actions',
      render: (_, b) =>
        mayEdit ? (
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(b)}>
            {t('console.content.edit')}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <QueryError error={banners.error} retry={banners.refetch} />
      {mayEdit ? (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          style={{ marginBottom: 12 }}
          onClick={() => setEditing('new')}
        >
          {t('console.content.create')}
        </Button>
      ) : null}
      <Table
        rowKey="id"
        size="small"
        loading={banners.isFetching}
        columns={columns}
        dataSource={banners.data ?? []}
        pagination={{ pageSize: 30, showSizeChanger: false }}
        scroll={{ x: true }}
      />
      {editing ? (
        <BannerEditor
          banner={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
