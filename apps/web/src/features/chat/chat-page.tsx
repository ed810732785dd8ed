import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { ChatIcon } from '../../components/ui/app-icons.tsx';
import { ShowMore } from '../../components/ui/show-more.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { useAuth } from '../auth/queries.ts';
import { VerifyEmailBanner } from '../auth/verify-email-banner.tsx';
import { ChatBox } from './chat-box.tsx';
import { ConversationList } from './conversation-list.tsx';
import {
  awaitingReplyQuery,
  chatKeys,
  conversationsQuery,
  conversationQuery,
  conversationWithQuery,
  loadedConversations,
} from './queries.ts';
import { useChat } from './use-chat.ts';

/**
 * Direct messages. `/chat?conversation=<id>` opens a conversation; `/chat?with=<userId>` and
 * `/chat?expert=<profile slug>` open (or start, where allowed) the one with that person.
 */
type InboxView = 'all' | 'awaiting_reply';
const inboxViews = [
  { value: 'all', label: 'All' },
  { value: 'awaiting_reply', label: 'Awaiting reply' },
] as const;

export function ChatPage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const withUserId = params.get('with');
  const expertSlug = params.get('expert');
  const target = withUserId ? { userId: withUserId } : expertSlug ? { expertSlug } : null;
  const requestedId = params.get('conversation');
  const wide = useMediaQuery(DESKTOP_QUERY);
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const view: InboxView = isAdmin && params.get('view') === 'awaiting' ? 'awaiting_reply' : 'all';
  const conversations = useInfiniteQuery(conversationsQuery);
  const awaiting = useInfiniteQuery({ ...awaitingReplyQuery, enabled: view === 'awaiting_reply' });
  const shown = view === 'awaiting_reply' ? awaiting : conversations;
  const opening = useQuery(conversationWithQuery(target));

  useEffect(() => {
    if (!opening.data) return;
    // The list is fetched again to hold it; meanwhile the conversation opens from what came back.
    queryClient.setQueryData(chatKeys.conversation(opening.data.id), opening.data);
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    setParams({ conversation: opening.data.id }, { replace: true });
  }, [opening.data, queryClient, setParams]);

  const list = loadedConversations(shown.data);
  const everyConversation = loadedConversations(conversations.data);
  // On a wide screen a conversation is always open; on a phone the list comes first.
  const activeId = requestedId ?? (wide ? list[0]?.id : undefined);
  // An answered conversation leaves the awaiting view but stays open.
  const listed =
    list.find((conversation) => conversation.id === activeId) ??
    everyConversation.find((conversation) => conversation.id === activeId);
  const single = useQuery({
    ...conversationQuery(activeId ?? null),
    enabled: activeId !== undefined && !listed && !opening.isFetching && !conversations.isPending,
  });
  const active = listed ?? single.data;
  const chat = useChat(active?.id ?? null);
  // The inbox view (administrators) stays in the address while conversations open and close.
  const viewParam: Record<string, string> = view === 'awaiting_reply' ? { view: 'awaiting' } : {};
  const select = (conversationId: string) => setParams({ ...viewParam, conversation: conversationId });
  const setView = (next: InboxView) => setParams(next === 'awaiting_reply' ? { view: 'awaiting' } : {});
  // On a phone the chat pane shows once a conversation is asked for, to say it is opening.
  const chosen = activeId !== undefined && !single.isError;
  const showList = wide || !chosen;
  const showChat = wide || chosen;

  const listContent = shown.isPending ? (
    <Spinner className="p-4" label="Loading conversations..." />
  ) : shown.isError ? (
    <div className="p-4">
      <RetryAlert onRetry={shown.refetch}>{errorMessage(shown.error)}</RetryAlert>
    </div>
  ) : list.length === 0 && view === 'awaiting_reply' ? (
    <div className="p-6 text-center text-sm text-slate-600">
      <p className="font-semibold text-slate-900">Nobody is waiting for a reply</p>
      <p className="mt-2">Every member who wrote to Sciwise Concierge has had an answer.</p>
    </div>
  ) : list.length === 0 ? (
    <div className="p-6 text-center text-sm text-slate-600">
      <p className="font-semibold text-slate-900">No conversations yet</p>
      <p className="mt-2">
        Find an expert and press Message on their profile.{' '}
        <Link to="/find-an-expert" className="font-semibold text-brand-700 hover:underline">
          Find an expert
        </Link>
      </p>
    </div>
  ) : (
    <>
      <ConversationList conversations={list} activeId={active?.id} onSelect={select} />
      <ShowMore list={shown} label="Show older conversations" className="p-3" />
    </>
  );

  return (
    <>
      <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 pt-24 pb-5 text-white md:pt-32 md:pb-6">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Direct Message</h1>
        </div>
      </section>
      <div className="mx-auto max-w-6xl px-2 py-4 sm:px-6 sm:py-6" data-connection={chat.status}>
        <VerifyEmailBanner className="mb-3" />
        {chat.status === 'reconnecting' && (
          <Alert tone="warning" className="mb-3" title="Reconnecting…">
            The connection dropped. Messages you send now go out as soon as it is back.
          </Alert>
        )}
        {chat.status === 'signed-out' && (
          <Alert className="mb-3" title="You are signed out">
            Please sign in again to keep chatting.
          </Alert>
        )}
        {opening.isError && (
          <Alert className="mb-3" title="We could not open that conversation">
            {errorMessage(opening.error)}
          </Alert>
        )}
        {single.isError && (
          <RetryAlert className="mb-3" title="We could not open that conversation" onRetry={single.refetch}>
            {errorMessage(single.error)}
          </RetryAlert>
        )}
        <div className="flex h-[calc(100dvh-11rem)] max-h-[44rem] min-h-[26rem] md:h-[calc(100dvh-15rem)] overflow-hidden rounded-card border border-slate-200 bg-white shadow-card">
          {showList && (
            <nav
              aria-label="Your conversations"
              className={cn(
                'flex min-h-0 flex-col overflow-y-auto',
                wide ? 'w-80 shrink-0 border-r border-slate-200' : 'w-full',
              )}
            >
              {isAdmin ? (
                <Tabs
                  label="Concierge inbox"
                  items={inboxViews}
                  value={view}
                  onChange={setView}
                  listClassName="m-2"
                >
                  {listContent}
                </Tabs>
              ) : (
                listContent
              )}
            </nav>
          )}
          {showChat &&
            (active ? (
              <ChatBox
                key={active.id}
                conversation={active}
                chat={chat}
                onBack={wide ? undefined : () => setParams(viewParam)}
              />
            ) : (
              <div className="flex flex-1 flex-col items-center justify-center p-6 text-center">
                {opening.isFetching || (chosen && single.isPending) ? (
                  <Spinner label="Opening the conversation..." />
                ) : (
                  <>
                    <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                      <ChatIcon />
                    </span>
                    <p className="mt-4 font-semibold text-slate-900">No messages yet. Say hello!</p>
                    <p className="mt-2 text-sm text-slate-600">Choose a conversation to start.</p>
                  </>
                )}
              </div>
            ))}
        </div>
      </div>
    </>
  );
}
