import type { ReactNode } from 'react';

/**
 * A figure (an amount, a rate, a date, a time of day) reads left to right in every language; a
 * text in words (Arabic "7 days") keeps the page's direction. The one-letter AM/PM marks of an
 * Arabic date are part of the figure.
 */
function isFigure(value: ReactNode): boolean {
  return typeof value === 'string' && !/[\u0590-\u08ff]/.test(value.replace(/[صم]/g, ''));
}

/** Label and value pairs of a product or an order; figures read left to right in every language. */
export function Terms({ rows, wide }: { rows: [string, ReactNode, string?][]; wide?: boolean }) {
  return (
    <dl className={`fin-terms${wide ? ' fin-terms--wide' : ''}`}>
      {rows.map(([label, value, field]) => (
        <div key={label} data-field={field}>
          <dt>{label}</dt>
          <dd>
            {isFigure(value) ? (
              <span dir="ltr" className="num">
                {value}
              </span>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
