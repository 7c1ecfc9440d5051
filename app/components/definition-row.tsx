import type { HTMLAttributes, ReactNode } from "react";

/** One term and its value in a `<dl>`, wrapped in a div so the pair lays out (and wraps) as one row. */
export function DefinitionRow({ term, children, className, valueProps }: { term: ReactNode; children: ReactNode; className?: string; valueProps?: HTMLAttributes<HTMLElement> & { "data-testid"?: string } }) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd {...valueProps}>{children}</dd>
    </div>
  );
}
