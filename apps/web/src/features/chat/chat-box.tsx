import {
  CONCIERGE_USER_ID,
  MESSAGE_MAX_LENGTH,
  REMOVED_MESSAGE_TEXT,
  type ChatMessage,
  type Conversation,
} from '@sciwise/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ChatIcon, MoreIcon } from '../../components/ui/app-icons.tsx';
import { DropdownMenu } from '../../components/ui/dropdown-menu.tsx';
import { ChevronLeftIcon } from '../../components/ui/icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useAuth } from '../auth/queries.ts';
import { ScheduleCallButton } from '../calls/schedule-call-button.tsx';
import { ReportDialog } from '../moderation/report-dialog.tsx';
import { formatMessageTime } from './format.ts';
import { MessageText } from './message-text.tsx';
import { messagesQuery } from './queries.ts';
import type { OutboxItem, useChat } from './use-chat.ts';

type Chat = ReturnType<typeof useChat>;

interface ChatBoxProps {
  conversation: Conversation;
  chat: Chat;
  /** Small screens show the list and the chat one at a time; this goes back to the list. */
  onBack?: (() => void) | undefined;
  /** Offer "Schedule a call" in the header; off where the page has its own (a contract's workspace). */
  offerCall?: boolean;
}

function Bubble({
  own,
  removed = false,
  children,
  className,
}: {
  own: boolean;
  /** Moderators removed it: a quiet outline where it stood, whoever sent it. */
  removed?: boolean;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        // wrap-anywhere: a long address or word breaks inside the bubble instead of widening it.
        'max-w-[85%] min-w-0 rounded-2xl px-3.5 py-2 text-sm wrap-anywhere whitespace-pre-wrap sm:max-w-[70%]',
        own ? 'self-end rounded-br-md' : 'self-start rounded-bl-md',
        removed
          ? 'border border-dashed border-slate-300 bg-white text-slate-600 italic'
          : own
            ? 'bg-brand-700 text-white'
            : 'bg-slate-100 text-slate-900',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** The other person's message's options, beside its time: for now, reporting it. */
function MessageOptions({ onReport }: { onReport: () => void }) {
  return (
    <DropdownMenu
      triggerLabel="Message options"
      trigger={<MoreIcon className="size-4" />}
      triggerClassName="flex size-6 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      align="start"
      entries={[{ kind: 'action', label: 'Report message', onSelect: onReport }]}
    />
  );
}

function MessageStatus({ read }: { read: boolean }) {
  return (
    <p className="mt-1 self-end text-xs text-slate-500" data-testid="message-status">
      {read ? 'Read' : 'Sent'}
    </p>
  );
}

function PendingMessage({ item, onRetry }: { item: OutboxItem; onRetry: () => void }) {
  return (
    <li className="flex flex-col">
      <Bubble own className={item.status === 'failed' ? 'bg-danger-700' : 'opacity-80'}>
        <MessageText own text={item.text} />
      </Bubble>
      {item.status === 'sending' ? (
        <p className="mt-1 self-end text-xs text-slate-500" data-testid="message-status">
          Sending…
        </p>
      ) : (
        <p className="mt-1 self-end text-xs text-danger-800" role="alert">
          {item.error ?? 'Not sent.'}{' '}
          <button type="button" className="font-semibold underline" onClick={onRetry}>
            Retry
          </button>
        </p>
      )}
    </li>
  );
}

/**
 * `ready` is false until the conversation's history is in (while it first loads, and after that
 * load failed until it is tried again): a message sent then would be acknowledged before there is
 * a history to show it in. What is typed meanwhile is kept, and a send asked for meanwhile goes out
 * as soon as the history is in.
 */
function Composer({
  ready,
  onSend,
  onTyping,
}: {
  ready: boolean;
  onSend: (text: string) => void;
  onTyping: () => void;
}) {
  const [text, setText] = useState('');
  const [waiting, setWaiting] = useState(false);
  const tooLong = text.length > MESSAGE_MAX_LENGTH;
  const blank = text.trim().length === 0;
  const sendable = !blank && !tooLong;
  const send = () => {
    onSend(text.trim());
    setText('');
  };
  const submit = () => {
    if (!sendable) return;
    if (ready) send();
    else setWaiting(true);
  };
  // What is in the box when the history arrives goes, which may have been edited since the ask.
  const sendWaiting = useEffectEvent(() => {
    setWaiting(false);
    if (sendable) send();
  });
  useEffect(() => {
    // Answers the history's arrival, an outside event, once per send asked for.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (ready && waiting) sendWaiting();
  }, [ready, waiting]);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter is a new line; never while an input method is composing a character.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form
      className="border-t border-slate-200 p-3"
      aria-label="Send a message"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex items-end gap-2">
        <label htmlFor="chat-input" className="sr-only">
          Message
        </label>
        <textarea
          id="chat-input"
          rows={1}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            onTyping();
          }}
          onKeyDown={onKeyDown}
          placeholder="Write a message…"
          aria-describedby="chat-input-hint"
          aria-invalid={tooLong || undefined}
          className="max-h-40 min-h-10 min-w-0 flex-1 resize-none rounded-control border border-slate-300 px-3 py-2 text-sm focus:border-brand-600"
        />
        <Button type="submit" disabled={!sendable}>
          Send
        </Button>
      </div>
      <p
        id="chat-input-hint"
        aria-live="polite"
        className={cn('mt-1 text-xs', tooLong ? 'text-danger-700' : 'text-slate-500')}
      >
        {tooLong
          ? `A message can be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters (${text.length.toLocaleString('en-US')} now).`
          : waiting && sendable
            ? 'Sends as soon as the conversation has loaded.'
            : 'Enter sends, Shift+Enter starts a new line.'}
      </p>
    </form>
  );
}

/** One conversation: history (older pages on demand), live messages, states, and the composer. */
export function ChatBox({ conversation, chat, onBack, offerCall = true }: ChatBoxProps) {
  const query = useInfiniteQuery(messagesQuery(conversation.id));
  const scroller = useRef<HTMLDivElement>(null);
  const messages: ChatMessage[] = useMemo(
    () => (query.data ? [...query.data.pages].reverse().flatMap((page) => page.messages) : []),
    [query.data],
  );
  const otherRead = Math.max(
    conversation.otherLastReadSeq,
    ...(query.data?.pages.map((page) => page.otherLastReadSeq) ?? [0]),
  );
  // A message the history already holds is no longer pending, whichever of the two renders first
  // (the query cache and the outbox update apart).
  const pending = useMemo(() => {
    const stored = new Set(messages.map((message) => message.clientMessageId));
    return chat.outbox.filter(
      (item) => item.conversationId === conversation.id && !stored.has(item.clientMessageId),
    );
  }, [chat.outbox, messages, conversation.id]);
  const newest = messages[messages.length - 1];
  const lastOwn = [...messages].reverse().find((message) => message.senderId === conversation.selfId);
  const { markRead } = chat;
  const { user } = useAuth();
  const [reporting, setReporting] = useState<string | null>(null);
  // Messages from the other member can be reported; Sciwise Concierge's cannot, and administrators
  // decide reports rather than make them.
  const mayReport = !conversation.other.isConcierge && user?.role !== 'admin';
  // Calls are between two members: never with Sciwise Concierge, nor by an administrator speaking as it.
  const mayScheduleCall =
    offerCall && !conversation.other.isConcierge && conversation.selfId !== CONCIERGE_USER_ID;

  // Newest at the bottom, in view: on open, on every new message and on every send.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest?.id, pending.length, conversation.id]);

  // Reading: what is on screen in a visible tab counts as read, checked again whenever the
  // newest message changes or the tab comes back into view.
  const markShownAsRead = useEffectEvent(() => {
    if (
      newest &&
      document.visibilityState === 'visible' &&
      (conversation.unreadCount > 0 || newest.senderId !== conversation.selfId)
    ) {
      markRead(conversation.id, newest.seq);
    }
  });
  useEffect(() => {
    const onVisibilityChange = () => markShownAsRead();
    onVisibilityChange();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [newest?.id, conversation.id]);

  const other = conversation.other;
  return (
    <section aria-label={`Conversation with ${other.name}`} className="flex min-h-0 min-w-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
        {onBack && (
          <button
            type="button"
            onClick={onBack}
            className="-ml-2 rounded-full p-2 text-slate-700 hover:bg-slate-100"
            aria-label="Back to conversations"
          >
            <ChevronLeftIcon />
          </button>
        )}
        <Avatar name={other.name} email={`${other.id}@users.sciwise`} src={other.avatarUrl} size="sm" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-sm font-semibold text-slate-900">{other.name}</h2>
          <p className="text-xs text-slate-600" aria-live="polite">
            {chat.isTyping(conversation.id) ? (
              <span>{other.name.split(' ')[0]} is typing…</span>
            ) : other.isConcierge ? (
              'Sciwise team · usually answers within a few hours'
            ) : other.expertSlug ? (
              <Link to={`/experts/${other.expertSlug}`} className="text-brand-700 hover:underline">
                View expert profile
              </Link>
            ) : null}
          </p>
        </div>
        {mayScheduleCall && (
          <ScheduleCallButton withPerson={{ id: other.id, name: other.name }} compact className="shrink-0" />
        )}
      </header>

      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-4 py-4" data-testid="message-scroller">
        {query.isPending ? (
          <Spinner label="Loading messages..." />
        ) : query.isError ? (
          <RetryAlert onRetry={query.refetch}>{errorMessage(query.error)}</RetryAlert>
        ) : messages.length === 0 && pending.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <ChatIcon />
            </span>
            <p className="mt-4 font-semibold text-slate-900">No messages yet. Say hello!</p>
          </div>
        ) : (
          <>
            {query.hasNextPage && (
              <div className="mb-4 flex justify-center">
                <Button
                  size="sm"
                  variant="secondary"
                  loading={query.isFetchingNextPage}
                  onClick={() => void query.fetchNextPage()}
                >
                  Show earlier messages
                </Button>
              </div>
            )}
            <ol aria-label="Messages" className="flex flex-col gap-2">
              {messages.map((message) => {
                const own = message.senderId === conversation.selfId;
                const time = (className: string) => (
                  <time
                    dateTime={message.timestamp}
                    className={cn('text-[0.7rem] text-slate-500', className)}
                  >
                    {formatMessageTime(message.timestamp)}
                  </time>
                );
                return (
                  <li key={message.id} className="flex flex-col">
                    <span className="sr-only">{own ? 'You' : other.name}:</span>
                    <Bubble own={own} removed={message.removed}>
                      {message.removed ? REMOVED_MESSAGE_TEXT : <MessageText own={own} text={message.text} />}
                    </Bubble>
                    {!own && !message.removed && mayReport ? (
                      <div className="mt-0.5 flex items-center gap-1 self-start">
                        {time('')}
                        <MessageOptions onReport={() => setReporting(message.id)} />
                      </div>
                    ) : (
                      time(cn('mt-0.5', own ? 'self-end' : 'self-start'))
                    )}
                    {own && message.id === lastOwn?.id && <MessageStatus read={message.seq <= otherRead} />}
                  </li>
                );
              })}
              {pending.map((item) => (
                <PendingMessage
                  key={item.clientMessageId}
                  item={item}
                  onRetry={() => chat.retry(item.clientMessageId)}
                />
              ))}
            </ol>
          </>
        )}
      </div>

      <Composer
        ready={query.data !== undefined}
        onSend={(text) => chat.send(conversation.id, text)}
        onTyping={() => chat.typing(conversation.id)}
      />
      {reporting && (
        <ReportDialog target={{ subject: 'message', id: reporting }} onClosed={() => setReporting(null)} />
      )}
    </section>
  );
}
