import NavBar from 'antd-mobile/es/components/nav-bar';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

interface PageHeaderProps {
  title: ReactNode;
  right?: ReactNode;
  /** Where back goes when the page was opened directly (no history); home by default. */
  fallback?: string;
  onBack?: () => void;
}

/**
 * Goes back to the page before, or to `fallback` when the page was opened directly (a link, a
 * bookmark, a new tab): going back then would leave the app.
 */
export function useGoBack(): (fallback?: string) => void {
  const navigate = useNavigate();
  return (fallback = '/') => {
    // history.state.idx is react-router's position in its own history stack.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  };
}

/** The top bar of an inner page: back, title, an optional action. */
export function PageHeader({ title, right, fallback = '/', onBack }: PageHeaderProps) {
  const goBack = useGoBack();
  const back = () => (onBack ? onBack() : goBack(fallback));
  return (
    <NavBar className="page-header" onBack={back} right={right}>
      {title}
    </NavBar>
  );
}
