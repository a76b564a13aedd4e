import {
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  MoonOutlined,
  SunOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Layout, Menu, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, Outlet, useLocation } from 'react-router';
import { useCan, useLogout, useOperator } from '../features/session/session-api';
import { ChangePasswordModal } from '../features/session/change-password-modal';
import { LanguageSelect } from '../ui/language-select';
import { ROUTES } from './routes';
import { setTheme, useTheme } from './theme';

const { Header, Sider, Content } = Layout;

// The most specific pattern first, so /users/7 lights up "users" and / only the dashboard.
const BY_SPECIFICITY = [...ROUTES].sort((a, b) => b.path.length - a.path.length);

function currentMenu(pathname: string): string | undefined {
  return BY_SPECIFICITY.find((route) => matchPath({ path: route.path, end: true }, pathname))?.menu;
}

function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = t(next === 'light' ? 'console.header.lightTheme' : 'console.header.darkTheme');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={() => setTheme(next)}
      />
    </Tooltip>
  );
}

function OperatorMenu() {
  const { t } = useTranslation();
  const operator = useOperator();
  const logout = useLogout();
  const [changing, setChanging] = useState(false);
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'password', icon: <KeyOutlined />, label: t('console.header.changePassword') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('console.header.logout') },
          ],
          onClick: ({ key }) => {
            if (key === 'password') setChanging(true);
            if (key === 'logout') logout.mutate();
          },
        }}
      >
        <Button type="text" className="operator-button" data-testid="operator-menu">
          <Space size={6}>
            <UserOutlined />
            <Typography.Text strong>{operator.username}</Typography.Text>
            <Tag color={operator.role === 'admin' ? 'gold' : 'blue'} style={{ marginInlineEnd: 0 }}>
              {t(`console.roles.${operator.role}`)}
            </Tag>
            <DownOutlined style={{ fontSize: 10 }} />
          </Space>
        </Button>
      </Dropdown>
      <ChangePasswordModal open={changing} onClose={() => setChanging(false)} />
    </>
  );
}

/** The signed-in frame: side menu of the pages the role may use, header with the operator. */
export function Shell() {
  const { t } = useTranslation();
  const can = useCan();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const theme = useTheme();
  const selected = currentMenu(pathname);
  const items = ROUTES.filter((route) => route.label && can(route.call)).map((route) => ({
    key: route.menu,
    icon: route.icon,
    label: <Link to={route.path}>{t(`console.menu.${route.label}`)}</Link>,
  }));
  const title = ROUTES.find((route) => route.menu === selected && route.label)?.label;

  return (
    <Layout className="console-layout">
      <Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        width={220}
        theme={theme}
        className="console-sider"
      >
        <Link to="/" className="console-brand">
          <img src={`${import.meta.env.BASE_URL}logo.svg`} alt="" width={28} height={28} />
          {collapsed ? null : <span>{t('console.brand')}</span>}
        </Link>
        <Menu mode="inline" theme={theme} selectedKeys={selected ? [selected] : []} items={items} />
      </Sider>
      <Layout>
        <Header className="console-header">
          <Typography.Title level={4} className="console-title">
            {title ? t(`console.menu.${title}`) : ''}
          </Typography.Title>
          <Space size={8}>
            <LanguageSelect style={{ width: 150 }} />
            <ThemeToggle />
            <OperatorMenu />
          </Space>
        </Header>
        <Content className="console-content">
          <Outlet />
        </Content>
      </Layout>
    </Layout>
  );
}
