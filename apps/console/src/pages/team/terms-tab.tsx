import { teamConsoleCalls } from '@tidemark/contract';
import { Button, Descriptions, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { rateAtMostOne, ratePercent } from '../../ui/format';
import { useCan } from '../../features/session/session-api';
import { useSetTeamTerms, useTeamTerms, type TeamTermsView } from '../../features/team/team-api';
import { contractRule } from '../../ui/contract-rule';
import { notifySuccess } from '../../ui/notify';
import { QueryState } from '../../ui/query-state';

type Fields = Pick<
  TeamTermsView,
  'depositRate' | 'profitRate' | 'depositRate2' | 'profitRate2' | 'windowStart' | 'windowEnd'
>;
const RATES = ['depositRate', 'profitRate', 'depositRate2', 'profitRate2'] as const;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The terms new rebates take; rebates already recorded keep their own rate and window. */
export function TermsTab() {
  const { t } = useTranslation();
  const can = useCan();
  const terms = useTeamTerms();
  const save = useSetTeamTerms();
  const [form] = Form.useForm<Fields>();
  const mayEdit = can(teamConsoleCalls.setTeamTerms);
  return (
    <QueryState query={terms}>
      {(data) => (
        <>
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
            {RATES.map((k) => (
              <Descriptions.Item key={k} label={t(`console.team.${k}`)}>
                {ratePercent(data[k])}
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t('console.team.window')}>
              <span dir="ltr">
                {data.windowStart}–{data.windowEnd} ({data.timeZone})
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('console.team.transferDay')}>
              {data.transferDay}
            </Descriptions.Item>
          </Descriptions>
          {mayEdit ? (
            <Form
              form={form}
              layout="vertical"
              initialValues={data}
              style={{ maxWidth: 480 }}
              onFinish={(values) =>
                save.mutate(values, {
                  onSuccess: () => notifySuccess(t('console.team.saved')),
                })
              }
            >
              <Typography.Paragraph type="secondary">
                {t('console.team.termsHint')}
              </Typography.Paragraph>
              {RATES.map((k) => (
                <Form.Item
                  key={k}
                  name={k}
                  label={t(`console.team.${k}`)}
                  rules={[
                    contractRule(teamConsoleCalls.setTeamTerms.input.shape[k]),
                    // The server's rule: a rebate rate from 0 to 1 (100 %).
                    {
                      validator: (_rule, value: string | undefined) =>
                        !value || rateAtMostOne(value)
                          ? Promise.resolve()
                          : Promise.reject(new Error(t('errors.teamTermsInvalid'))),
                    },
                  ]}
                >
                  <Input inputMode="decimal" />
                </Form.Item>
              ))}
              {(['windowStart', 'windowEnd'] as const).map((k) => (
                <Form.Item
                  key={k}
                  name={k}
                  label={t(`console.team.${k}`)}
                  dependencies={k === 'windowEnd' ? ['windowStart'] : []}
                  rules={[
                    { pattern: CLOCK, message: t('errors.teamTermsInvalid') },
                    // The server's rule: the window closes after it opens (HH:MM compares as text).
                    ({ getFieldValue }) => ({
                      validator: (_rule, value: string | undefined) => {
                        const start = getFieldValue('windowStart') as string | undefined;
                        return k !== 'windowEnd' ||
                          !value ||
                          !start ||
                          !CLOCK.test(value) ||
                          !CLOCK.test(start) ||
                          start < value
                          ? Promise.resolve()
                          : Promise.reject(new Error(t('errors.teamTermsInvalid')));
                      },
                    }),
                  ]}
                >
                  <Input placeholder="HH:MM" dir="ltr" />
                </Form.Item>
              ))}
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('console.team.save')}
              </Button>
            </Form>
          ) : null}
        </>
      )}
    </QueryState>
  );
}
