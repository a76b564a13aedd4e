import type { ReactNode } from 'react';

/** Label and value pairs of a product or an order; figures read left to right in every language. */
export function Terms({ rows, wide }: { rows: [string, ReactNode, string?][]; wide?: boolean }) {
  return (
    <dl className={`fin-terms${wide ? ' fin-terms--wide' : ''}`}>
      {rows.map(([label, value, field]) => (
        <div key={label} data-field={field}>
          <dt>{label}</dt>
          <dd className="num">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
