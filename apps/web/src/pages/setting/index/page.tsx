import { languageInfo } from '@tidemark/i18n';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import Switch from 'antd-mobile/es/components/switch';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTheme } from '../../../app/theme';
import { useLogout } from '../../../features/account/api/account-mutations';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { Avatar } from '../../../features/account/components/account-card';
import { ModeSwitch } from '../../../features/account/components/mode-switch';
import { useAppVersion } from '../../../features/content/api/content-queries';
import { copyText } from '../../../ui/copy';
import { confirmDialog } from '../../../ui/dialog';
import { currentLanguage } from '../../../ui/i18n';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import { useRouteExists } from '../../../ui/route-registry';

export default function SettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const version = useAppVersion();
  const logout = useLogout();
  const { theme, setTheme } = useTheme();
  const exists = useRouteExists();

  const confirmLogout = async () => {
    const confirmed = await confirmDialog({
      content: t('settings.logoutConfirm'),
      confirmText: t('settings.logout'),
      cancelText: t('common.cancel'),
      danger: true,
    });
    if (!confirmed) return;
    logout.mutate();
  };

  const info = user.data;
  const notSet = <span className="muted">{t('settings.notSet')}</span>;

  return (
    <div>
      <PageHeader title={t('settings.title')} />
      {!info ? (
        <LoadingView />
      ) : (
        <div className="page-body settings">
          <section className="profile-card">
            <Avatar name={info.nickname} />
            <div className="profile-card__names">
              <strong className="clip-own-dir" dir="auto">
                {info.nickname}
              </strong>
              <span className="muted">UID {info.id}</span>
              <span className="profile-card__chips">
                <span className={`tier-chip tier-chip--${info.memberTier}`}>
                  {t(`account.tiers.${info.memberTier}`)}
                </span>
                <span className="chip">
                  {t(`account.verifyLevels.${Math.min(info.verifyLevel, 2)}`)}
                </span>
              </span>
            </div>
            <ModeSwitch mode={info.mode} />
          </section>

          <List header={t('settings.account')} mode="card">
            <List.Item
              extra={
                <span className="clip-own-dir" dir="auto">
                  {info.nickname}
                </span>
              }
              onClick={() => navigate('/pages/setting/NickName')}
            >
              {t('settings.nickname')}
            </List.Item>
            <List.Item
              extra={
                info.email ? (
                  <span className="clip-own-dir" dir="ltr">
                    {info.email}
                  </span>
                ) : (
                  notSet
                )
              }
              onClick={() => navigate('/pages/setting/email')}
            >
              {t('settings.email')}
            </List.Item>
            <List.Item
              extra={info.phone ? `+${info.areaCode} ${info.phone}` : notSet}
              onClick={() => navigate('/pages/setting/phoneNumber')}
            >
              {t('settings.phone')}
            </List.Item>
            <List.Item
              extra={<span className="mono">{info.inviteCode}</span>}
              onClick={() => copyText(info.inviteCode)}
            >
              {t('settings.inviteCode')}
            </List.Item>
          </List>

          <List header={t('settings.security')} mode="card">
            <List.Item onClick={() => navigate('/pages/setting/passWord')}>
              {t('settings.loginPassword')}
            </List.Item>
            <List.Item
              extra={info.hasPayPassword ? t('settings.set') : notSet}
              onClick={() => navigate('/pages/setting/payPassWord')}
            >
              {t('settings.payPassword')}
            </List.Item>
            {exists('/pages/verify/index') ? (
              <List.Item
                extra={t(`account.verifyLevels.${Math.min(info.verifyLevel, 2)}`)}
                onClick={() => navigate('/pages/verify/index')}
              >
                {t('verify.title')}
              </List.Item>
            ) : null}
            {exists('/pages/setting/memberTier') ? (
              <List.Item
                extra={t(`account.tiers.${info.memberTier}`)}
                onClick={() => navigate('/pages/setting/memberTier')}
              >
                {t('lever.member.title')}
              </List.Item>
            ) : null}
            {exists('/pages/wallet/index') ? (
              <List.Item onClick={() => navigate('/pages/wallet/index')}>
                {t('wallet.title')}
              </List.Item>
            ) : null}
          </List>

          <List header={t('settings.general')} mode="card">
            <List.Item
              extra={languageInfo(currentLanguage()).nativeName}
              onClick={() => navigate('/pages/setting/language')}
            >
              {t('settings.language')}
            </List.Item>
            <List.Item
              extra={
                <Switch
                  checked={theme === 'dark'}
                  onChange={(dark) => setTheme(dark ? 'dark' : 'light')}
                  aria-label={t('settings.darkTheme')}
                />
              }
            >
              {t('settings.darkTheme')}
            </List.Item>
            <List.Item extra={version.data ? `v${version.data.version}` : '…'}>
              {t('settings.version')}
            </List.Item>
            <List.Item onClick={() => navigate('/pages/setting/testNet')}>
              {t('settings.speedTest')}
            </List.Item>
          </List>

          <div className="form-actions">
            <Button
              block
              color="danger"
              fill="outline"
              size="large"
              loading={logout.isPending}
              onClick={confirmLogout}
            >
              {t('settings.logout')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
