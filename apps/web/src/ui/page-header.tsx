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

/** The top bar of an inner page: back, title, an optional action. */
export function PageHeader({ title, right, fallback = '/', onBack }: PageHeaderProps) {
  const navigate = useNavigate();
  const back = () => {
    if (onBack) return onBack();
    // history.state.idx is react-router's position in its own history stack.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  };
  return (
    <NavBar className="page-header" onBack={back} right={right}>
      {title}
    </NavBar>
  );
}
