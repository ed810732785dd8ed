import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/** Something failed to load: what went wrong, and a Try again button that loads it again. */
export function RetryAlert({
  onRetry,
  title,
  className,
  children,
}: {
  onRetry: () => unknown;
  title?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Alert
      title={title}
      className={className}
      action={
        <Button size="sm" variant="secondary" onClick={() => void onRetry()}>
          Try again
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
