import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { ChatBox } from './chat-box.tsx';
import { conversationWithQuery } from './queries.ts';
import { useChat } from './use-chat.ts';

/**
 * The direct conversation with one person, live, for embedding in another page (a contract's
 * workspace): the same history, sending, retries and read marks as the chat page.
 */
export function DirectChat({ withUserId, className }: { withUserId: string; className?: string }) {
  const opening = useQuery(conversationWithQuery({ userId: withUserId }));
  const chat = useChat(opening.data?.id ?? null);
  return (
    <div
      className={cn(
        'flex flex-col overflow-hidden rounded-card border border-slate-200 bg-white shadow-card',
        className,
      )}
      data-connection={chat.status}
    >
      {chat.status === 'reconnecting' && (
        <Alert tone="warning" className="m-3 mb-0" title="Reconnecting…">
          Messages you send now go out as soon as the connection is back.
        </Alert>
      )}
      {opening.isPending ? (
        <div className="flex flex-1 items-center justify-center p-6">
          <Spinner label="Opening the conversation..." />
        </div>
      ) : opening.isError ? (
        <div className="p-4">
          <RetryAlert onRetry={opening.refetch} title="We could not open the conversation">
            {errorMessage(opening.error)}
          </RetryAlert>
        </div>
      ) : (
        // The page around it (a contract's workspace) offers its own Schedule a call, with the contract.
        <ChatBox conversation={opening.data} chat={chat} offerCall={false} />
      )}
    </div>
  );
}
