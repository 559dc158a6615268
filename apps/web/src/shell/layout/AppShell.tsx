import { lazy, Suspense, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Drawer, Grid, Layout } from 'antd';
import { useUserInfo } from '../../shared/session/use-user-info.ts';
import { pageAllowed, useShellMenu } from '../router/use-shell-menu.ts';
import { RouteFallback } from '../router/RouteFallback.tsx';
import { useThemeMode } from '../../shared/preferences/theme-mode-context.ts';
import { BrandMark } from '../../shared/theme/BrandMark.tsx';
import { HeaderBar } from './HeaderBar.tsx';
import { SideMenu } from './SideMenu.tsx';
import './shell.css';

/** The notify socket and the critical-alarm banners: their own chunk, fetched after sign-in. */
const NotifyCenter = lazy(() => import('../../features/notify/NotifyCenter.tsx'));

/** The signed-in frame: side menu (a drawer under 768 px), header, critical-alarm banners and the page. */
export function AppShell() {
  const { data: profile } = useUserInfo();
  const shell = useShellMenu();
  const screens = Grid.useBreakpoint();
  const { mode } = useThemeMode();
  const mobile = screens.md === false;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  if (!profile || !shell) return null;

  return (
    <Layout className="app-shell" data-testid="app-shell">
      {mobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={264}
          closable={false}
          className={`shell-drawer shell-drawer-${mode}`}
          styles={{ body: { padding: 0, background: 'var(--app-sider)' } }}
        >
          <div className="shell-logo">
            <BrandMark />
          </div>
          <SideMenu menu={shell.menu} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider
          theme={mode}
          width={232}
          collapsedWidth={72}
          collapsed={collapsed}
          className="shell-sider"
          data-testid="side-menu"
        >
          <div className="shell-logo">
            <BrandMark collapsed={collapsed} />
          </div>
          <SideMenu menu={shell.menu} />
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="shell-header">
          <HeaderBar
            profile={profile}
            region={shell.region}
            collapsed={collapsed}
            mobile={mobile}
            showBillingMessages={shell.showBillingMessages}
            onToggleMenu={() => (mobile ? setDrawerOpen(true) : setCollapsed((c) => !c))}
          />
        </Layout.Header>
        <Suspense fallback={null}>
          <NotifyCenter />
        </Suspense>
        <Layout.Content className="shell-content">
          <Suspense fallback={<RouteFallback />}>
            {pageAllowed(pathname, shell.menu) ? <Outlet /> : <Navigate to={shell.start} replace />}
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
