import { MAIL_AUDIENCES } from '@tidemark/contract';
import {
  Button,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { useSendSiteMail } from '../../features/content/content-api';
import { MarkdownPreview } from '../../features/content/markdown';
import { notifyError, notifySuccess } from '../../ui/notify';

type Audience = (typeof MAIL_AUDIENCES)[number];

/** Site mail from the operators: to one trader, a filtered group or everyone (audited). */
export function MailTab() {
  const { t } = useTranslation();
  const send = useSendSiteMail();
  const [audience, setAudience] = useState<Audience>('user');
  const [userId, setUserId] = useState<number | null>(null);
  const [verifyLevel, setVerifyLevel] = useState<number | undefined>(undefined);
  const [mode, setMode] = useState<'demo' | 'real' | undefined>(undefined);
  const [from, setFrom] = useState<Dayjs | null>(null);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const submit = () =>
    send.mutate(
      {
        audience,
        title,
        body,
        ...(audience === 'user' && userId ? { userId } : {}),
        ...(audience === 'group' && verifyLevel !== undefined ? { verifyLevel } : {}),
        ...(audience === 'group' && mode ? { mode } : {}),
        ...(audience === 'group' && from ? { registeredFrom: from.valueOf() } : {}),
      },
      {
        onSuccess: (answer) => {
          notifySuccess(t('console.content.mailSent', { count: answer.sent }));
          setTitle('');
          setBody('');
        },
        onError: (error) => notifyError(errorMessage(error)),
      },
    );
  return (
    <Row gutter={24}>
      <Col xs={24} md={12}>
        <Form layout="vertical" onFinish={submit}>
          <Form.Item label={t('console.content.audience')}>
            <Radio.Group
              value={audience}
              onChange={(e) => setAudience(e.target.value as Audience)}
              options={MAIL_AUDIENCES.map((a) => ({
                value: a,
                label: t(`console.content.audiences.${a}`),
              }))}
            />
          </Form.Item>
          {audience === 'user' ? (
            <Form.Item label={t('console.content.userId')} required>
              <InputNumber min={1} value={userId} onChange={(v) => setUserId(v)} />
            </Form.Item>
          ) : null}
          {audience === 'group' ? (
            <>
              <Form.Item label={t('console.content.verifyLevel')}>
                <Select
                  allowClear
                  value={verifyLevel}
                  onChange={setVerifyLevel}
                  options={[0, 1, 2].map((v) => ({
                    value: v,
                    label: t(`console.content.levels.${v}`),
                  }))}
                />
              </Form.Item>
              <Form.Item label={t('console.content.mode')}>
                <Select
                  allowClear
                  value={mode}
                  onChange={setMode}
                  options={[
                    { value: 'demo', label: t('console.books.demo') },
                    { value: 'real', label: t('console.books.real') },
                  ]}
                />
              </Form.Item>
              <Form.Item label={t('console.content.registeredFrom')}>
                <DatePicker value={from} onChange={setFrom} />
              </Form.Item>
            </>
          ) : null}
          <Form.Item label={t('console.content.mailTitle')} required>
            <Input value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
          </Form.Item>
          <Form.Item
            label={t('console.content.mailBody')}
            extra={t('console.content.markdownHint')}
            required
          >
            <Input.TextArea rows={8} value={body} onChange={(e) => setBody(e.target.value)} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            {t('console.content.send')}
          </Button>
        </Form>
      </Col>
      <Col xs={24} md={12}>
        <Typography.Text type="secondary">{t('console.content.preview')}</Typography.Text>
        <div className="content-preview-box">
          <Typography.Title level={5}>{title}</Typography.Title>
          <MarkdownPreview text={body} />
        </div>
      </Col>
    </Row>
  );
}
