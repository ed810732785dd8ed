import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';
import { RetryAlert } from './retry-alert.tsx';

/** What a TanStack infinite query says about its next page. */
interface NextPage {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * "Show more" under a keyset-paged list: a button while another page exists, busy while it loads
 * (announced politely), and an in-place error with Try again when it fails. Nothing at the end.
 */
export function ShowMore({ list, label, className }: { list: NextPage; label: string; className?: string }) {
  if (!list.hasNextPage) return null;
  return (
    <div className={cn('space-y-2 text-center', className)}>
      {list.isFetchNextPageError && !list.isFetchingNextPage ? (
        <RetryAlert onRetry={list.fetchNextPage} className="text-left">
          {errorMessage(list.error)}
        </RetryAlert>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          loading={list.isFetchingNextPage}
          onClick={() => {
            // Stays focusable while busy (a disabled button would drop the focus); one load at a time.
            if (!list.isFetchingNextPage) void list.fetchNextPage();
          }}
        >
          {label}
        </Button>
      )}
      <p aria-live="polite" className="sr-only">
        {list.isFetchingNextPage ? 'Loading more…' : ''}
      </p>
    </div>
  );
}
