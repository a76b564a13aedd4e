import { useTranslation } from 'react-i18next';

export interface ChainChoice {
  chain: string;
  /** Shown but not choosable (deposits or withdrawals suspended on this chain). */
  disabled?: boolean;
}

interface ChainChipsProps {
  chains: readonly ChainChoice[];
  value: string | null;
  onChange: (chain: string) => void;
  label: string;
}

/** The chain (main network) of a currency, as a row of chips. */
export function ChainChips({ chains, value, onChange, label }: ChainChipsProps) {
  const { t } = useTranslation();
  return (
    <div className="chain-chips" role="radiogroup" aria-label={label}>
      {chains.map(({ chain, disabled }) => (
        <button
          key={chain}
          type="button"
          role="radio"
          aria-checked={chain === value}
          className="chain-chip"
          data-chain={chain}
          disabled={disabled}
          onClick={() => onChange(chain)}
        >
          {chain}
          {disabled ? <small>{t('wallet.suspended')}</small> : null}
        </button>
      ))}
    </div>
  );
}
