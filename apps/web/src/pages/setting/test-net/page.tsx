import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rate, runSpeedTest, type SpeedResult } from '../../../features/content/speed-test';
import { PageHeader } from '../../../ui/page-header';

/** Network speed test: API round trips, jitter and the websocket handshake to this server. */
export default function SpeedTestPage() {
  const { t } = useTranslation();
  const [samples, setSamples] = useState<(number | null)[]>([]);
  const [result, setResult] = useState<SpeedResult | null>(null);
  const [round, setRound] = useState(0);
  const running = result === null;

  useEffect(() => {
    let active = true;
    void runSpeedTest((partial) => active && setSamples(partial)).then(
      (done) => active && setResult(done),
    );
    return () => {
      active = false;
    };
  }, [round]);

  const again = () => {
    setResult(null);
    setSamples([]);
    setRound((n) => n + 1);
  };

  const rating = result ? rate(result.averageMs) : null;
  const ms = (value: number | null | undefined) =>
    value === null || value === undefined ? '—' : t('speed.ms', { value });

  return (
    <div>
      <PageHeader title={t('settings.speedTest')} />
      <div className="page-body">
        <div className={`speed-dial${rating ? ` speed-dial--${rating}` : ''}`} aria-live="polite">
          <strong>{result ? ms(result.averageMs) : running ? t('speed.testing') : '—'}</strong>
          <span>{rating ? t(`speed.rating.${rating}`) : t('speed.latency')}</span>
        </div>
        <List mode="card" header={t('speed.details')}>
          {samples.map((sample, i) => (
            <List.Item key={i} extra={sample === null ? t('speed.failed') : ms(sample)}>
              {t('speed.sample', { n: i + 1 })}
            </List.Item>
          ))}
          <List.Item extra={ms(result?.jitterMs)}>{t('speed.jitter')}</List.Item>
          <List.Item
            extra={
              result ? (result.socketMs === null ? t('speed.failed') : ms(result.socketMs)) : '—'
            }
          >
            {t('speed.socket')}
          </List.Item>
        </List>
        <div className="form-actions">
          <Button block color="primary" size="large" loading={running} onClick={again}>
            {t('speed.again')}
          </Button>
        </div>
      </div>
    </div>
  );
}
