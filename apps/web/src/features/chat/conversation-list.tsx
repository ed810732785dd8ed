import { CONCIERGE_USER_ID, REMOVED_MESSAGE_TEXT, type Conversation } from '@sciwise/contracts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { cn } from '../../lib/cn.ts';
import { formatListTime } from './format.ts';

interface ConversationListProps {
  conversations: Conversation[];
  activeId: string | undefined;
  onSelect: (conversationId: string) => void;
}

/** Everyone you talk to, newest activity first, with unread counts. */
export function ConversationList({ conversations, activeId, onSelect }: ConversationListProps) {
  return (
    <ul aria-label="Conversations" className="divide-y divide-slate-100">
      {conversations.map((conversation) => {
        const last = conversation.lastMessage;
        const preview = last ? (
          <>
            {last.senderId === conversation.selfId ? 'You: ' : ''}
            {last.removed ? <span className="italic">{REMOVED_MESSAGE_TEXT}</span> : last.text}
          </>
        ) : (
          'No messages yet'
        );
        const active = conversation.id === activeId;
        const unread = conversation.unreadCount;
        return (
          <li key={conversation.id}>
            <button
              type="button"
              onClick={() => onSelect(conversation.id)}
              aria-current={active ? 'true' : undefined}
              className={cn(
                'flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-slate-50',
                active && 'bg-brand-50 hover:bg-brand-50',
              )}
            >
              <Avatar
                name={conversation.other.name}
                email={`${conversation.other.id}@users.sciwise`}
                src={conversation.other.avatarUrl}
                size="md"
              />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span
                    className={cn(
                      'truncate text-sm text-slate-900',
                      unread > 0 ? 'font-bold' : 'font-medium',
                    )}
                  >
                    {conversation.other.name}
                  </span>
                  <span className="shrink-0 text-xs text-slate-600">
                    {formatListTime(conversation.updatedAt)}
                  </span>
                </span>
                <span className="mt-0.5 flex items-center justify-between gap-2">
                  <span className={cn('truncate text-sm', unread > 0 ? 'text-slate-900' : 'text-slate-600')}>
                    {preview}
                  </span>
                  {unread > 0 && (
                    <span
                      data-testid="unread-badge"
                      className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-bold text-white"
                    >
                      <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                      <span className="sr-only">{unread} unread</span>
                    </span>
                  )}
                </span>
                {conversation.selfId === CONCIERGE_USER_ID && (
                  <span className="mt-0.5 block text-xs text-brand-700">Answering as Sciwise Concierge</span>
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
