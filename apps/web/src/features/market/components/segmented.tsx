interface SegmentedProps<K extends string> {
  items: readonly { key: K; label: string }[];
  value: K;
  onChange: (key: K) => void;
  label: string;
  className?: string;
}

/**
 * A row of tabs without antd-mobile's animated Tabs, whose animation library would weigh on the
 * home page's first load.
 */
export function Segmented<K extends string>({
  items,
  value,
  onChange,
  label,
  className,
}: SegmentedProps<K>) {
  return (
    <div
      className={`segmented${className ? ` ${className}` : ''}`}
      role="tablist"
      aria-label={label}
    >
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          className="segmented__item"
          data-key={item.key}
          aria-selected={item.key === value}
          onClick={() => onChange(item.key)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
