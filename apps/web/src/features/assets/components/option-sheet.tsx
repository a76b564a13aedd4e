import CheckList from 'antd-mobile/es/components/check-list';
import type { ReactNode } from 'react';
import { Sheet } from '../../../ui/sheet';

export interface SheetOption<V extends string> {
  value: V;
  label: ReactNode;
  extra?: ReactNode;
}

interface OptionSheetProps<V extends string> {
  title: string;
  open: boolean;
  value: V;
  options: readonly SheetOption<V>[];
  onPick: (value: V) => void;
  onClose: () => void;
}

/** A bottom sheet to pick one of a few values (a wallet, a currency), the current one ticked. */
export function OptionSheet<V extends string>({
  title,
  open,
  value,
  options,
  onPick,
  onClose,
}: OptionSheetProps<V>) {
  return (
    <Sheet open={open} onClose={onClose} bodyClassName="option-sheet">
      <strong className="option-sheet__title">{title}</strong>
      <div className="option-sheet__list">
        <CheckList
          value={[value]}
          onChange={(picked) => {
            const next = options.find((o) => o.value === picked[0]);
            if (next) onPick(next.value);
            onClose();
          }}
        >
          {options.map((option) => (
            <CheckList.Item key={option.value} value={option.value}>
              <span className="option-sheet__row">
                <span className="option-sheet__label">{option.label}</span>
                {option.extra ? <span className="muted">{option.extra}</span> : null}
              </span>
            </CheckList.Item>
          ))}
        </CheckList>
      </div>
    </Sheet>
  );
}
