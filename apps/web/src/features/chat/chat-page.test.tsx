import {
  CONCIERGE_USER_ID,
  REMOVED_MESSAGE_TEXT,
  reportReasonLabels,
  type ChatMessage,
  type Conversation,
  type CurrentUser,
  type MessageRemoved,
} from '@sciwise/contracts';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../test/fixtures.ts';
import { fakeApi, PAGE_TEST, renderPage, stubDialogs } from '../../test/support.tsx';
import { ChatPage } from './chat-page.tsx';

/** The tab's socket: the chat registers its handlers here, and a test plays the server's events. */
const socket = vi.hoisted(() => {
  const handlers = new Map<string, (event: unknown) => void>();
  const sent: { clientMessageId: string; text: string }[] = [];
  const tab = {
    handlers,
    sent,
    connected: true,
    reconnected: (_socket: unknown) => undefined as void,
    on: (name: string, handler: (event: unknown) => void) => handlers.set(name, handler),
    off: (name: string) => handlers.delete(name),
    emit: () => undefined,
    // A send whose acknowledgement never comes back, as when the connection drops under it.
    timeout: () => ({
      emitWithAck: (_event: string, message: { clientMessageId: string; text: string }) => {
        sent.push(message);
        return new Promise<never>(() => undefined);
      },
    }),
  };
  return tab;
});
vi.mock('../../lib/socket.ts', () => ({
  useSocket: (onReconnect: (socket: unknown) => void) => {
    socket.reconnected = onReconnect;
    return { socket, status: 'connected' };
  },
}));

beforeAll(stubDialogs);
beforeEach(() => {
  // A wide screen: the list and the open conversation side by side.
  vi.stubGlobal('matchMedia', () => ({
    matches: true,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  socket.handlers.clear();
  socket.sent.length = 0;
});

const me = aUser({ id: 'u-1', name: 'Ada Client' });
const DANA = 'u-2';
const OFFER = 'Pay me by bank transfer instead and we skip the fees.';

function aMessage(seq: number, senderId: string, text: string, removed = false): ChatMessage {
  return {
    id: `m-${seq}`,
    conversationId: 'c-1',
    seq,
    senderId,
    receiverId: senderId === me.id ? DANA : me.id,
    text: removed ? '' : text,
    timestamp: new Date(Date.UTC(2026, 10, 23, 9, seq)).toISOString(),
    clientMessageId: null,
    removed,
  };
}

function aConversation(last: ChatMessage, other: Partial<Conversation['other']> = {}): Conversation {
  return {
    id: 'c-1',
    selfId: me.id,
    other: {
      id: DANA,
      name: 'Dana Whitfield',
      avatarUrl: null,
      isConcierge: false,
      expertSlug: null,
      ...other,
    },
    lastMessage: last,
    unreadCount: 0,
    otherLastReadSeq: last.seq,
    updatedAt: last.timestamp,
  };
}

function openChat(
  messages: ChatMessage[],
  other: Partial<Conversation['other']> = {},
  user: CurrentUser = me,
  routes: Record<string, unknown> = {},
) {
  const calls = fakeApi({
    'GET /api/conversations': {
      conversations: [aConversation(messages.at(-1)!, other)],
      unreadTotal: 0,
      nextCursor: null,
    },
    'GET /api/conversations/c-1/messages': { messages, nextBefore: null, otherLastReadSeq: messages.length },
    ...routes,
  });
  renderPage(<ChatPage />, '/chat', user);
  return calls;
}

const messageList = () => screen.findByRole('list', { name: 'Messages' });
const conversationList = () => screen.getByRole('list', { name: 'Conversations' });

describe('sending while the conversation opens', PAGE_TEST, () => {
  it('keeps what is typed while the history first loads, and sends it once the history is in', async () => {
    const history = [aMessage(1, DANA, 'The samples arrived this morning.')];
    let answer: (response: Response) => void = () => undefined;
    openChat(history, {}, me, {
      'GET /api/conversations/c-1/messages': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const composer = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(composer, { target: { value: 'Here is the protocol. ' } });
    fireEvent.keyDown(composer, { key: 'Enter' });
    expect(screen.getByText('Sends as soon as the conversation has loaded.')).toBeTruthy();
    expect(composer).toHaveProperty('value', 'Here is the protocol. ');
    expect(socket.sent).toEqual([]);

    answer(Response.json({ messages: history, nextBefore: null, otherLastReadSeq: 1 }));
    await vi.waitFor(() =>
      expect(socket.sent.map((message) => message.text)).toEqual(['Here is the protocol.']),
    );
    expect(composer).toHaveProperty('value', '');
    expect(screen.getByText('Enter sends, Shift+Enter starts a new line.')).toBeTruthy();
  });
});

describe('sending when the history cannot be loaded', PAGE_TEST, () => {
  it('holds the message, with what was typed, until the history loads on Try again', async () => {
    const history = [aMessage(1, DANA, 'The samples arrived this morning.')];
    let failing = true;
    openChat(history, {}, me, {
      'GET /api/conversations/c-1/messages': () =>
        failing
          ? Response.json({ message: 'The service is unavailable.', code: 'unavailable' }, { status: 503 })
          : Response.json({ messages: history, nextBefore: null, otherLastReadSeq: 1 }),
    });
    const composer = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(composer, { target: { value: 'Here is the protocol.' } });
    fireEvent.keyDown(composer, { key: 'Enter' });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(socket.sent).toEqual([]);
    expect(composer).toHaveProperty('value', 'Here is the protocol.');

    failing = false;
    fireEvent.click(retry);
    await vi.waitFor(() =>
      expect(socket.sent.map((message) => message.text)).toEqual(['Here is the protocol.']),
    );
    expect(composer).toHaveProperty('value', '');
  });
});

describe('opening a conversation the list does not hold', PAGE_TEST, () => {
  it('fetches it on its own, and shows a spinner, not an empty chat, until it is in', async () => {
    const older = { ...aConversation(aMessage(1, DANA, 'Last spring’s assay results.')), id: 'c-9' };
    // Answered when the test says, whether the page asks before or after.
    let answer: (response: Response) => void = () => undefined;
    const answered = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    fakeApi({
      'GET /api/conversations': {
        conversations: [aConversation(aMessage(2, DANA, 'A newer thread.'))],
        unreadTotal: 0,
        nextCursor: 'more',
      },
      'GET /api/conversations/c-9': () => answered,
      'GET /api/conversations/c-9/messages': { messages: [], nextBefore: null, otherLastReadSeq: 0 },
    });
    renderPage(<ChatPage />, '/chat?conversation=c-9', me);
    await screen.findByText('Opening the conversation...');
    expect(screen.queryByText('No messages yet. Say hello!')).toBeNull();

    answer(Response.json(older));
    expect(await screen.findByRole('region', { name: 'Conversation with Dana Whitfield' })).toBeTruthy();
    expect(await screen.findByText('No messages yet. Say hello!')).toBeTruthy();
  });

  it('on a phone, shows the spinner instead of the list while it opens', async () => {
    vi.stubGlobal('matchMedia', () => ({
      matches: false,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    fakeApi({
      'GET /api/conversations': { conversations: [], unreadTotal: 0, nextCursor: 'more' },
      'GET /api/conversations/c-9': () => new Promise<Response>(() => undefined),
    });
    renderPage(<ChatPage />, '/chat?conversation=c-9', me);
    await screen.findByText('Opening the conversation...');
    expect(screen.queryByRole('navigation', { name: 'Your conversations' })).toBeNull();
  });

  it('says so when it cannot be opened', async () => {
    fakeApi({
      'GET /api/conversations': { conversations: [], unreadTotal: 0, nextCursor: null },
    });
    renderPage(<ChatPage />, '/chat?conversation=c-404', me);
    expect(await screen.findByText('We could not open that conversation')).toBeTruthy();
  });
});

describe('a message sent while the connection drops', PAGE_TEST, () => {
  it('shows once, as sent, when the history fetched after reconnecting already holds it', async () => {
    let history = [aMessage(1, DANA, 'The samples arrived this morning.')];
    openChat(history, {}, me, {
      'GET /api/conversations/c-1/messages': () => ({
        messages: history,
        nextBefore: null,
        otherLastReadSeq: 1,
      }),
    });
    const composer = await screen.findByRole('textbox', { name: 'Message' });
    const send = screen.getByRole('button', { name: 'Send' });
    fireEvent.change(composer, { target: { value: 'Here is the protocol.' } });
    await vi.waitFor(() => expect(send).toHaveProperty('disabled', false));
    fireEvent.click(send);
    const list = await messageList();
    expect(await within(list).findByText('Sending…')).toBeTruthy();

    // The server stored it, but its acknowledgement was lost with the connection.
    const [delivered] = socket.sent;
    history = [
      ...history,
      { ...aMessage(2, me.id, delivered!.text), clientMessageId: delivered!.clientMessageId },
    ];
    act(() => socket.reconnected(socket));

    await vi.waitFor(() => expect(within(list).queryByText('Sending…')).toBeNull());
    expect(within(list).getAllByText('Here is the protocol.')).toHaveLength(1);
  });
});

describe('reporting a message', PAGE_TEST, () => {
  it('offers the other person’s messages a Report message option, and reports the one chosen', async () => {
    const calls = openChat(
      [aMessage(1, me.id, 'Hello Dana, thanks for the quote.'), aMessage(2, DANA, OFFER)],
      {},
      me,
      {
        'POST /api/messages/m-2/report': {
          id: 'r-1',
          status: 'open',
          createdAt: '2026-11-23T10:00:00.000Z',
          created: true,
        },
      },
    );
    const list = await messageList();
    expect(await within(list).findByText(OFFER)).toBeTruthy();
    // Only Dana's message has options: there is no reporting your own.
    const options = within(list).getAllByRole('button', { name: 'Message options' });
    expect(options).toHaveLength(1);
    expect(options[0]!.closest('li')!.textContent).toContain(OFFER);

    fireEvent.click(options[0]!);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Report message' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Report this message' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: reportReasonLabels.off_platform }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Report sent')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/messages/m-2/report', body: { reason: 'off_platform' } },
    ]);
  });

  it('offers no options on Sciwise Concierge’s messages', async () => {
    openChat([aMessage(1, CONCIERGE_USER_ID, 'Welcome to Sciwise! How can we help?')], {
      id: CONCIERGE_USER_ID,
      name: 'Sciwise Concierge',
      isConcierge: true,
    });
    const list = await messageList();
    expect(await within(list).findByText('Welcome to Sciwise! How can we help?')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Message options' })).toBeNull();
  });

  it('offers administrators no options: they decide reports rather than make them', async () => {
    openChat([aMessage(1, DANA, OFFER)], {}, aUser({ id: me.id, role: 'admin' }));
    const list = await messageList();
    expect(await within(list).findByText(OFFER)).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Message options' })).toBeNull();
  });
});

describe('a removed message', PAGE_TEST, () => {
  it('shows where it stood, in muted italics, without options, in the chat and the list', async () => {
    openChat([aMessage(1, me.id, 'Hello Dana.'), aMessage(2, DANA, OFFER, true)]);
    const list = await messageList();
    const removed = await within(list).findByText(REMOVED_MESSAGE_TEXT);
    expect(removed.className).toContain('italic');
    expect(removed.closest('li')!.textContent).not.toContain(OFFER);
    expect(within(list).queryByRole('button', { name: 'Message options' })).toBeNull();
    expect(within(conversationList()).getByText(REMOVED_MESSAGE_TEXT).className).toContain('italic');
  });

  it('is replaced in place when moderators remove it while the chat is open', async () => {
    openChat([aMessage(1, me.id, 'Hello Dana.'), aMessage(2, DANA, OFFER)]);
    const list = await messageList();
    await within(list).findByText(OFFER);
    expect(within(conversationList()).getByText(OFFER)).toBeTruthy();

    const removal: MessageRemoved = { conversationId: 'c-1', messageId: 'm-2' };
    act(() => socket.handlers.get('messageRemoved')!(removal));

    expect(await within(list).findByText(REMOVED_MESSAGE_TEXT)).toBeTruthy();
    expect(within(list).queryByText(OFFER)).toBeNull();
    expect(within(list).getByText('Hello Dana.')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Message options' })).toBeNull();
    expect(within(conversationList()).getByText(REMOVED_MESSAGE_TEXT)).toBeTruthy();
    expect(within(conversationList()).queryByText(OFFER)).toBeNull();
  });
});

describe('scheduling a call from a conversation', PAGE_TEST, () => {
  const header = async () => {
    await messageList();
    return within(screen.getByRole('region', { name: /^Conversation with/ }).querySelector('header')!);
  };

  it('offers Schedule a call with the other member in the conversation’s header', async () => {
    openChat([aMessage(1, DANA, 'Shall we talk it through?')]);
    expect((await header()).getByRole('button', { name: 'Schedule a call' })).toBeTruthy();
  });

  it('offers no call with Sciwise Concierge', async () => {
    openChat([aMessage(1, CONCIERGE_USER_ID, 'Welcome to Sciwise! How can we help?')], {
      id: CONCIERGE_USER_ID,
      name: 'Sciwise Concierge',
      isConcierge: true,
    });
    expect((await header()).queryByRole('button', { name: 'Schedule a call' })).toBeNull();
  });
});
