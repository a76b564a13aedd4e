import { useTranslation } from 'react-i18next';

/** The star beside a pair: filled when it is a favourite; a tap adds or removes it. */
export function FavouriteStar({
  symbol,
  on,
  onToggle,
  className,
}: {
  symbol: string;
  on: boolean;
  onToggle: (symbol: string) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`favourite-star${className ? ` ${className}` : ''}`}
      data-symbol={symbol}
      aria-pressed={on}
      aria-label={t(on ? 'favourites.remove' : 'favourites.add', { symbol })}
      onClick={(event) => {
        event.stopPropagation();
        onToggle(symbol);
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M12 3.2l2.6 5.5 6 .7-4.5 4.1 1.2 5.9L12 16.4l-5.3 3 1.2-5.9-4.5-4.1 6-.7z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
