import { contentConsoleCalls as cc } from '@tidemark/contract';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../features/session/session-api';
import { oneOf } from '../../ui/use-search-state';
import { BannersTab } from './banners-tab';
import { ItemsTab } from './items-tab';
import { MailTab } from './mail-tab';
import '../../features/content/content.css';

const TABS = ['announcement', 'help', 'academy', 'banners', 'mail'] as const;

/**
 * Content for traders: announcements, help-centre questions and academy lessons written per
 * language with a preview, published or not; banners; and site mail. Every change is audited.
 */
export default function ContentPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const tabs = [
    {
      key: 'announcement',
      label: t('console.content.tabs.announcement'),
      children: <ItemsTab kind="announcement" />,
    },
    { key: 'help', label: t('console.content.tabs.help'), children: <ItemsTab kind="help" /> },
    {
      key: 'academy',
      label: t('console.content.tabs.academy'),
      children: <ItemsTab kind="academy" />,
    },
    { key: 'banners', label: t('console.content.tabs.banners'), children: <BannersTab /> },
    ...(can(cc.sendSiteMail)
      ? [{ key: 'mail', label: t('console.content.tabs.mail'), children: <MailTab /> }]
      : []),
  ];
  const wanted = oneOf(TABS, params.get('tab') ?? '', 'announcement');
  const tab = tabs.some((x) => x.key === wanted) ? wanted : 'announcement';
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'announcement' ? {} : { tab: key })}
        items={tabs}
        destroyOnHidden
      />
    </Card>
  );
}
