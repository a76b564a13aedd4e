import { consoleCalls, trimDecimal } from '@tidemark/contract';
import { Button, Card, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatTime, isZeroAmount } from '../../ui/format';
import { contractRule } from '../../ui/contract-rule';
import { notifySuccess } from '../../ui/notify';
import { QueryState } from '../../ui/query-state';
import { useSetWithdrawalSettings, useWithdrawalSettings } from './chains-api';

/** The spot trading volume (USDT) a trader needs before a withdrawal; 0 turns the check off. */
export function ThresholdCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const settings = useWithdrawalSettings();
  const save = useSetWithdrawalSettings();
  return (
    <Card title={t('console.chains.thresholdTitle')}>
      <QueryState query={settings}>
        {(data) => (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <Typography.Text>
              {isZeroAmount(data.volumeThreshold)
                ? t('console.chains.thresholdOff')
                : t('console.chains.thresholdCurrent', {
                    amount: formatAmount(data.volumeThreshold),
                  })}
              {data.updatedAt ? (
                <Typography.Text type="secondary">
                  {' · '}
                  {t('console.chains.updatedAt', { time: formatTime(data.updatedAt) })}
                </Typography.Text>
              ) : null}
            </Typography.Text>
            {editable ? (
              <Form
                layout="inline"
                key={data.volumeThreshold}
                initialValues={{
                  volumeThreshold: trimDecimal(data.volumeThreshold),
                }}
                onFinish={(values: { volumeThreshold: string }) =>
                  save.mutate(values.volumeThreshold.trim(), {
                    onSuccess: () => notifySuccess(t('console.chains.thresholdSaved')),
                  })
                }
              >
                <Form.Item
                  name="volumeThreshold"
                  label={t('console.chains.threshold')}
                  rules={[
                    { required: true, message: t('errors.requiredItems') },
                    contractRule(consoleCalls.setWithdrawalSettings.input.shape.volumeThreshold),
                  ]}
                >
                  <Input inputMode="decimal" suffix="USDT" style={{ width: 220 }} />
                </Form.Item>
                <Form.Item>
                  <Button type="primary" htmlType="submit" loading={save.isPending}>
                    {t('console.common.save')}
                  </Button>
                </Form.Item>
              </Form>
            ) : null}
            <Typography.Text type="secondary">{t('console.chains.thresholdHint')}</Typography.Text>
          </Space>
        )}
      </QueryState>
    </Card>
  );
}
