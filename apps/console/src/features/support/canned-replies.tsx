import { SUPPORT_MESSAGE_MAX, type CannedReply } from '@tidemark/contract';
import { Button, Form, Input, List, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../ui/notify';
import { useCannedReplies, useDeleteCanned, useSaveCanned } from './support-api';

/** Adds and edits the stored canned replies (title and text), audited on the server. */
export function CannedRepliesModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const canned = useCannedReplies();
  const save = useSaveCanned();
  const remove = useDeleteCanned();
  const [editing, setEditing] = useState<CannedReply | 'new' | null>(null);
  const [form] = Form.useForm<{ title: string; body: string }>();

  const startEdit = (reply: CannedReply | 'new') => {
    setEditing(reply);
    form.setFieldsValue(
      reply === 'new' ? { title: '', body: '' } : { title: reply.title, body: reply.body },
    );
  };
  const submit = async () => {
    const values = await form.validateFields();
    await save.mutateAsync({
      ...values,
      ...(editing && editing !== 'new' ? { id: editing.id } : {}),
    });
    notifySuccess(t('console.support.cannedSaved'));
    setEditing(null);
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('console.support.canned')}
      width={640}
      destroyOnHidden
    >
      {editing ? (
        <Form form={form} layout="vertical" onFinish={() => void submit()}>
          <Form.Item
            name="title"
            label={t('console.support.cannedTitle')}
            rules={[{ required: true, whitespace: true, message: t('errors.requiredItems') }]}
          >
            <Input maxLength={80} />
          </Form.Item>
          <Form.Item
            name="body"
            label={t('console.support.cannedBody')}
            rules={[{ required: true, whitespace: true, message: t('errors.requiredItems') }]}
          >
            <Input.TextArea rows={5} maxLength={SUPPORT_MESSAGE_MAX} showCount />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('console.support.save')}
            </Button>
            <Button onClick={() => setEditing(null)}>{t('console.support.cancel')}</Button>
          </Space>
        </Form>
      ) : (
        <>
          <Button type="primary" onClick={() => startEdit('new')} style={{ marginBottom: 12 }}>
            {t('console.support.cannedAdd')}
          </Button>
          <List
            loading={canned.isPending}
            dataSource={canned.data ?? []}
            locale={{ emptyText: t('console.support.cannedNone') }}
            renderItem={(reply) => (
              <List.Item
                actions={[
                  <Button key="edit" type="link" onClick={() => startEdit(reply)}>
                    {t('console.support.edit')}
                  </Button>,
                  <Popconfirm
                    key="delete"
                    title={t('console.support.cannedDeleteConfirm')}
                    onConfirm={() => remove.mutate({ id: reply.id })}
                  >
                    <Button type="link" danger>
                      {t('console.support.delete')}
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  title={reply.title}
                  description={<span className="support-msg__text">{reply.body}</span>}
                />
              </List.Item>
            )}
          />
        </>
      )}
    </Modal>
  );
}
