import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from './sheet';

interface SheetRowProps {
  /** Empty for a note under the row above. */
  label?: string;
  /** Names the row for styles and tests (data-field). */
  field: string;
  /** Of the value: order-sheet__buy / __sell for a side, order-sheet__note for a note. */
  className?: string;
  children: ReactNode;
}

/** One label and its value in a confirmation sheet. */
export function SheetRow({ label, field, className, children }: SheetRowProps) {
  return (
    <div className="order-sheet__row" data-field={field}>
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/** A row whose value is a figure: read left to right in every language. */
export function SheetFigure({ label, field, children }: SheetRowProps & { children: string }) {
  return (
    <SheetRow label={label} field={field}>
      <span className="num">{children}</span>
    </SheetRow>
  );
}

interface ConfirmSheetProps {
  /** The body's class beside order-sheet. */
  className?: string;
  title: string;
  /** SheetRow and SheetFigure elements. */
  rows: ReactNode;
  /** Between the rows and the buttons: what is estimated, the rules, a tick box. */
  children?: ReactNode;
  confirmLabel: string;
  /** Buying (or going long) confirms in the up colour, selling (or short) in the down colour. */
  tone: 'buy' | 'sell';
  busy: boolean;
  onConfirm: () => void;
  /** Cancel, a tap outside or leaving the page. */
  onClose: () => void;
}

/**
 * The last look before money moves on an order (spot orders, options): a title, the figures as
 * label and value rows, notes, then cancel and confirm. Shown while there is something to
 * confirm; a closed `Sheet` stands in for it otherwise.
 */
export function ConfirmSheet({
  className,
  title,
  rows,
  children,
  confirmLabel,
  tone,
  busy,
  onConfirm,
  onClose,
}: ConfirmSheetProps) {
  const { t } = useTranslation();
  return (
    <Sheet
      open
      onClose={onClose}
      bodyClassName={className ? `order-sheet ${className}` : 'order-sheet'}
      destroyOnClose
    >
      <strong className="order-sheet__title">{title}</strong>
      <dl className="order-sheet__rows">{rows}</dl>
      {children}
      <div className="order-sheet__actions">
        <Button block size="large" onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button
          block
          size="large"
          className="order-sheet__confirm"
          color={tone === 'buy' ? 'success' : 'danger'}
          loading={busy}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
      </div>
    </Sheet>
  );
}
