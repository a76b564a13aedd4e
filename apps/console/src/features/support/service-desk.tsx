import {
  SUPPORT_DESK_URL,
  SUPPORT_DESK_URL_MAX,
  supportConsoleCalls as sc,
} from '@tidemark/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/call-hooks';
import { request } from '../../api/client';
import { STALE } from '../../api/query-client';
import { notifySuccess } from '../../ui/notify';
import { useCan } from '../session/session-api';
import { supportKeys } from './support-api';

const deskKey = [...supportKeys.all, 'desk'] as const;

/**
 * The external service desk (`serviceUrl`): when it is set and answers 200, the trader's app offers
 * it beside the built-in chat (opened in a new tab). Admins change it; support sees it.
 */
export function ServiceDesk() {
  const { t } = useTranslation();
  const can = useCan();
  const desk = useQuery({
    queryKey: deskKey,
    queryFn: () => request(sc.supportDeskSetting, {}),
    staleTime: STALE.queue,
  });
  const save = useCallMutation(sc.setSupportDesk, [deskKey]);
  const [form] = Form.useForm<{ url?: string }>();
  const url = desk.data?.url ?? null;
  useEffect(() => form.setFieldsValue({ url: url ?? '' }), [form, url]);

  let state;
  if (!desk.data) state = null;
  else if (url === null)
    state = <Alert type="info" showIcon message={t('console.support.deskNone')} />;
  else if (desk.data.answering)
    state = <Alert type="success" showIcon message={t('console.support.deskAnswering')} />;
  else state = <Alert type="warning" showIcon message={t('console.support.deskSilent')} />;

  return (
    <Space direction="vertical" style={{ width: '100%' }} className="support-desk">
      {state}
      {can(sc.setSupportDesk) ? (
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) =>
            void save
              .mutateAsync({ url: (values.url ?? '').trim() })
              .then(() => notifySuccess(t('console.support.deskSaved')))
          }
        >
          <Form.Item
            name="url"
            label={t('console.support.deskUrl')}
            extra={t('console.support.deskHint')}
            rules={[
              {
                validator: (_rule, value: string | undefined) =>
                  !value?.trim() || SUPPORT_DESK_URL.test(value.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('console.support.deskInvalid'))),
              },
            ]}
          >
            <Input maxLength={SUPPORT_DESK_URL_MAX} placeholder="https://" allowClear />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('console.support.deskSave')}
          </Button>
        </Form>
      ) : url !== null ? (
        <Typography.Text copyable>{url}</Typography.Text>
      ) : null}
    </Space>
  );
}
