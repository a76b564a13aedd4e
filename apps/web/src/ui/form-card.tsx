import type { ReactNode } from 'react';

/** The card of form rows; Enter in any field submits, like the button under it. */
export function FormCard({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="form-card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <button type="submit" hidden />
    </form>
  );
}
