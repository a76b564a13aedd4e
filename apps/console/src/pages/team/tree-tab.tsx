import { Descriptions, Empty, Input, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTeamTree } from '../../features/team/team-api';
import { formatTime } from '../../ui/format';
import { QueryError } from '../../ui/query-state';
import { UserLink } from '../../ui/user-link';
import { useSearchState } from '../../ui/use-search-state';

const DEFAULTS = { tab: 'tree', user: '' } as const;

/** A trader's team two levels deep: direct friends and, under each, their own invitees. */
export function TreeTab() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchState(DEFAULTS);
  const tree = useTeamTree(search.user);
  const data = tree.data;
  return (
    <>
      <Input.Search
        allowClear
        style={{ maxWidth: 360, marginBottom: 16 }}
        placeholder={t('console.team.treeSearch')}
        defaultValue={search.user}
        onSearch={(user) => setSearch({ user: user.trim() })}
      />
      <QueryError error={tree.error} retry={tree.refetch} />
      {data ? (
        <>
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('console.common.user')}>
              <UserLink userId={data.user.id} account={data.user.account} />
            </Descriptions.Item>
            <Descriptions.Item label={t('console.team.inviteCode')}>
              <span dir="ltr">{data.user.inviteCode}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('console.team.invitedBy')}>
              {data.user.inviterId === null ? '-' : <UserLink userId={data.user.inviterId} />}
            </Descriptions.Item>
            <Descriptions.Item label={t('console.team.counts')}>
              {t('console.team.countsValue', {
                direct: t('console.team.directFriends', { count: data.friends.length }),
                agents: t('console.team.subordinateAgents', {
                  count: data.friends.reduce((n, f) => n + f.agents.length, 0),
                }),
              })}
            </Descriptions.Item>
          </Descriptions>
          {data.friends.length === 0 ? (
            <Empty description={t('console.team.noFriends')} />
          ) : (
            <Tree
              defaultExpandAll
              selectable={false}
              treeData={data.friends.map((f) => ({
                key: `f${f.id}`,
                title: (
                  <>
                    {t('console.team.level1')} · <UserLink userId={f.id} account={f.account} /> ·{' '}
                    {formatTime(f.joinedAt)}
                  </>
                ),
                children: f.agents.map((a) => ({
                  key: `a${a.id}`,
                  title: (
                    <>
                      {t('console.team.level2')} · <UserLink userId={a.id} account={a.account} /> ·{' '}
                      {formatTime(a.joinedAt)}
                    </>
                  ),
                })),
              }))}
            />
          )}
        </>
      ) : null}
    </>
  );
}
