/** The Tidemark mark: a tide line rising in a rounded square. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" role="img" aria-label="Tidemark">
      <rect width="48" height="48" rx="12" fill="var(--tm-brand)" />
      <path
        d="M8 30c5 0 5-5 10-5s5 5 10 5 5-5 10-5 2 .8 2 .8"
        fill="none"
        stroke="var(--tm-brand-ink)"
        strokeWidth="3.5"
        strokeLinecap="round"
      />
      <path
        d="M24 10v12M19 15l5-5 5 5"
        fill="none"
        stroke="var(--tm-brand-ink)"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
