import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { ChatIcon } from '../../components/ui/icons.tsx';
import { useSignedInUser } from '../auth/queries.ts';
import { PageHero } from '../site/page-hero.tsx';

/** Direct messages. Real-time messaging arrives with the messaging work; this screen is honest about it. */
export function ChatPage() {
  const user = useSignedInUser();
  return (
    <>
      <PageHero eyebrow="Messages" title="Direct Message">
        <p>Talk to experts and clients you work with. Messages are kept with your projects.</p>
      </PageHero>
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
        <div className="flex h-[28rem] flex-col overflow-hidden rounded-card border border-slate-200 bg-white shadow-card">
          <div className="flex items-center gap-3 border-b border-slate-200 px-5 py-3">
            <Avatar name={user.name} email={user.email} src={user.avatarUrl} size="sm" />
            <p className="text-sm font-medium text-slate-900">Signed in as {user.name}</p>
          </div>
          <div className="flex flex-1 flex-col items-center justify-center px-6 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <ChatIcon />
            </span>
            <p className="mt-4 font-semibold text-slate-900">No messages yet. Say hello!</p>
            <p className="mt-2 max-w-md text-sm text-slate-600">
              Conversations start when you invite an expert to a project or an owner replies to your quote.
              Live messaging is being switched on for all accounts.
            </p>
            <div className="mt-5 flex flex-wrap justify-center gap-3 text-sm font-semibold">
              <Link to="/profile/freelancer-dashboard" className="text-brand-700 hover:underline">
                Go to your dashboard
              </Link>
              <Link to="/find-an-expert" className="text-brand-700 hover:underline">
                Find an expert
              </Link>
            </div>
          </div>
          <form
            className="flex gap-2 border-t border-slate-200 p-3"
            aria-label="Send a message"
            onSubmit={(event) => event.preventDefault()}
          >
            <label htmlFor="chat-input" className="sr-only">
              Message
            </label>
            <input
              id="chat-input"
              disabled
              placeholder="Messaging opens soon"
              className="h-10 min-w-0 flex-1 rounded-control border border-slate-300 bg-slate-100 px-3 text-sm"
            />
            <button
              type="submit"
              disabled
              className="rounded-control bg-slate-300 px-4 text-sm font-semibold text-slate-700"
            >
              Send
            </button>
          </form>
        </div>
      </div>
    </>
  );
}
