import { EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  contentConsoleCalls as cc,
  type ConsoleContentItem,
  type ContentKind,
} from '@tidemark/contract';
import { LANGUAGES } from '@tidemark/i18n';
import {
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Segmented,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  Upload,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import {
  uploadMedia,
  useContentItems,
  usePublishContentItem,
  useSaveContentItem,
} from '../../features/content/content-api';
import { MarkdownPreview } from '../../features/content/markdown';
import { useCan } from '../../features/session/session-api';
import { formatTime } from '../../ui/format';
import { notifyError, notifySuccess } from '../../ui/notify';
import { QueryError } from '../../ui/query-state';

type Texts = Record<string, { title: string; body: string }>;

interface Draft {
  id?: number;
  sort: number;
  posterUrl: string;
  videoUrl: string;
  texts: Texts;
}

function draftOf(item: ConsoleContentItem | null): Draft {
  if (!item) return { sort: 0, posterUrl: '', videoUrl: '', texts: {} };
  return {
    id: item.id,
    sort: item.sort,
    posterUrl: item.posterUrl,
    videoUrl: item.videoUrl,
    texts: Object.fromEntries(item.texts.map((x) => [x.lang, { title: x.title, body: x.body }])),
  };
}

/** A media URL field with an upload button that fills it. */
function MediaField({
  label,
  value,
  onChange,
  accept,
}: {
  label: string;
  value: string;
  onChange(url: string): void;
  accept: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Form.Item label={label}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder="/… https://…"
        />
        <Upload
          accept={accept}
          showUploadList={false}
          beforeUpload={(file) => {
            setBusy(true);
            uploadMedia(file)
              .then((stored) => {
                onChange(stored.url);
                notifySuccess(t('console.content.uploaded'));
              })
              .catch((error: unknown) => notifyError(errorMessage(error)))
              .finally(() => setBusy(false));
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {t('console.content.upload')}
          </Button>
        </Upload>
      </Space.Compact>
    </Form.Item>
  );
}

function ItemEditor({
  kind,
  item,
  onClose,
}: {
  kind: ContentKind;
  item: ConsoleContentItem | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const save = useSaveContentItem();
  const [draft, setDraft] = useState<Draft>(() => draftOf(item));
  const [lang, setLang] = useState<string>('en');
  const text = draft.texts[lang] ?? { title: '', body: '' };
  const setText = (next: Partial<{ title: string; body: string }>) =>
    setDraft((d) => ({ ...d, texts: { ...d.texts, [lang]: { ...text, ...next } } }));
  const submit = () =>
    save.mutate(
      {
        kind,
        ...(draft.id !== undefined ? { id: draft.id } : {}),
        sort: draft.sort,
        posterUrl: draft.posterUrl,
        videoUrl: draft.videoUrl,
        texts: Object.entries(draft.texts)
          .filter(([, x]) => x.title.trim() || x.body.trim())
          .map(([code, x]) => ({ lang: code as 'en', title: x.title, body: x.body })),
      },
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
      width={960}
      title={t(item ? 'console.content.edit' : 'console.content.create')}
      onCancel={onClose}
      onOk={submit}
      okText={t('console.content.save')}
      confirmLoading={save.isPending}
    >
      {/* Eleven languages: the row scrolls rather than overflowing the dialog. */}
      <div style={{ overflowX: 'auto', marginBottom: 12 }}>
        <Segmented
          value={lang}
          onChange={(v) => setLang(String(v))}
          options={LANGUAGES.map((l) => ({
            value: l.code,
            label: draft.texts[l.code]?.title ? `${l.nativeName} ✓` : l.nativeName,
          }))}
        />
      </div>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form layout="vertical">
            <Form.Item label={t(`console.content.titleLabel.${kind}`)} required={lang === 'en'}>
              <Input
                value={text.title}
                maxLength={200}
                dir={lang === 'ar' ? 'rtl' : 'ltr'}
                onChange={(e) => setText({ title: e.target.value })}
              />
            </Form.Item>
            <Form.Item
              label={t(`console.content.bodyLabel.${kind}`)}
              extra={kind === 'academy' ? null : t('console.content.markdownHint')}
              required={lang === 'en'}
            >
              <Input.TextArea
                value={text.body}
                rows={10}
                maxLength={20000}
                dir={lang === 'ar' ? 'rtl' : 'ltr'}
                onChange={(e) => setText({ body: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('console.content.sort')}>
              <InputNumber
                min={0}
                value={draft.sort}
                onChange={(v) => setDraft((d) => ({ ...d, sort: Number(v ?? 0) }))}
              />
            </Form.Item>
            {kind === 'academy' ? (
              <>
                <MediaField
                  label={t('console.content.poster')}
                  value={draft.posterUrl}
                  accept="image/jpeg,image/png,image/webp"
                  onChange={(posterUrl) => setDraft((d) => ({ ...d, posterUrl }))}
                />
                <MediaField
                  label={t('console.content.video')}
                  value={draft.videoUrl}
                  accept="video/mp4,video/webm"
                  onChange={(videoUrl) => setDraft((d) => ({ ...d, videoUrl }))}
                />
              </>
            ) : null}
          </Form>
        </Col>
        <Col xs={24} md={12}>
          <Typography.Text type="secondary">{t('console.content.preview')}</Typography.Text>
          <div className="content-preview-box" dir={lang === 'ar' ? 'rtl' : 'ltr'}>
            <Typography.Title level={5}>{text.title}</Typography.Title>
            {kind === 'academy' ? (
              <>
                {draft.posterUrl ? (
                  <img src={draft.posterUrl} alt="" style={{ width: '100%', borderRadius: 8 }} />
                ) : null}
                <p>{text.body}</p>
              </>
            ) : (
              <MarkdownPreview text={text.body} />
            )}
          </div>
        </Col>
      </Row>
    </Modal>
  );
}

/** Announcements, help questions or academy lessons: list, edit with preview, publish. */
export function ItemsTab({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation();
  const can = useCan();
  const [page, setPage] = useState(1);
  const items = useContentItems(kind, page);
  const publish = usePublishContentItem();
  const [editing, setEditing] = useState<ConsoleContentItem | null | 'new'>(null);
  const mayEdit = can(cc.saveContentItem);
  const english = (item: ConsoleContentItem) =>
    item.texts.find((x) => x.lang === 'en')?.title ?? item.texts[0]?.title ?? '';

  const columns: TableColumnsType<ConsoleContentItem> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t(`console.content.titleLabel.${kind}`), key: 'title', render: (_, i) => english(i) },
    {
      title: t('console.content.languages'),
      key: 'languages',
      render: (_, i) => <Tag>{t('console.content.languageCount', { count: i.texts.length })}</Tag>,
    },
    { title: t('console.content.sort'), dataIndex: 'sort', width: 80 },
    {
      title: t('console.content.published'),
      key: 'published',
      render: (_, i) => (
        <Switch
          checked={i.published}
          disabled={!mayEdit}
          loading={publish.isPending && publish.variables?.id === i.id}
          aria-label={t('console.content.published')}
          onChange={(published) =>
            publish.mutate(
              { kind, id: i.id, published },
              {
                onSuccess: () =>
                  notifySuccess(
                    t(published ? 'console.content.publishedDone' : 'console.content.unpublished'),
                  ),
                onError: (error) => notifyError(errorMessage(error)),
              },
            )
          }
        />
      ),
    },
    {
      title: t('console.content.updated'),
      key: 'updated',
      render: (_, i) => formatTime(i.updatedAt),
    },
    {
      key: 'actions',
      render: (_, i) =>
        mayEdit ? (
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(i)}>
            {t('console.content.edit')}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <QueryError error={items.error} retry={items.refetch} />
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
        loading={items.isFetching}
        columns={columns}
        dataSource={items.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: 20,
          total: items.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        scroll={{ x: true }}
      />
      {editing ? (
        <ItemEditor
          kind={kind}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
