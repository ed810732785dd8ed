import { sessionListResponseSchema } from '@sciwise/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, checkedByServer } from './api-client.ts';

const answer = (status: number, body: string) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body, { status }));

const session = {
  id: 's1',
  createdAt: '2026-11-23T10:00:00.000Z',
  lastSeenAt: '2026-11-23T10:00:00.000Z',
  expiresAt: '2026-12-23T10:00:00.000Z',
  userAgent: null,
  ipAddress: null,
  current: true,
};

afterEach(() => vi.restoreAllMocks());

describe('the one client', () => {
  it("reads a signed-in page's answer with the contract's zod schema and refuses another shape", async () => {
    answer(200, JSON.stringify({ sessions: [session] }));
    const read = await apiRequest('/api/me/sessions', { schema: sessionListResponseSchema });
    expect(read.sessions[0]!.current).toBe(true);
    answer(200, JSON.stringify({ sessions: [{ ...session, current: 'yes' }] }));
    await expect(apiRequest('/api/me/sessions', { schema: sessionListResponseSchema })).rejects.toMatchObject(
      {
        status: 200,
        code: 'bad_response',
        message: 'The server sent an answer we could not read.',
      },
    );
  });

  it('takes a public answer as the server checked it, without a parser', async () => {
    answer(200, JSON.stringify({ experts: 301, countries: 135 }));
    const stats = await apiRequest('/api/experts/stats', {
      schema: checkedByServer<{ experts: number; countries: number }>(),
    });
    expect(stats).toEqual({ experts: 301, countries: 135 });
  });

  it('abandons a request aborted while its answer is read, instead of answering undefined', async () => {
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new TextEncoder().encode('{"experts":['));
        controller.signal.addEventListener('abort', () => stream.error(controller.signal.reason));
      },
    });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body, { status: 200 }));
    const read = apiRequest('/api/experts?limit=12', {
      schema: checkedByServer<{ experts: unknown[] }>(),
      signal: controller.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort();
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });
  });

  it("carries the server's error, with its code and field details", async () => {
    answer(
      400,
      JSON.stringify({
        message: 'Please check the highlighted fields.',
        code: 'invalid_input',
        details: [{ field: 'title', message: 'Add a title.' }],
      }),
    );
    await expect(
      apiRequest('/api/projects', { method: 'POST', body: {}, schema: checkedByServer() }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'invalid_input',
      message: 'Please check the highlighted fields.',
      details: [{ field: 'title', message: 'Add a title.' }],
    });
  });

  it('names a failure that did not come from our server (a proxy page, an unknown code)', async () => {
    answer(502, '<html><body>Bad gateway</body></html>');
    await expect(apiRequest('/api/experts/stats', { schema: checkedByServer() })).rejects.toMatchObject({
      status: 502,
      code: 'internal',
      message: 'The server answered 502. Please try again.',
    });
    answer(429, JSON.stringify({ message: 'Slow down.', code: 'too_fast' }));
    await expect(apiRequest('/api/experts/stats', { schema: checkedByServer() })).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'Slow down.',
    });
  });
});
