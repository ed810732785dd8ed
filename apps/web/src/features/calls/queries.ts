import {
  callListSchema,
  callSchema,
  type Call,
  type CallCancelRequest,
  type CallConfirmRequest,
  type CallList,
  type CallNotesRequest,
  type CallProposalRequest,
  type CallTimesRequest,
  type CallView,
} from '@sciwise/contracts';
import {
  infiniteQueryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../lib/api-client.ts';

/** Every list of calls sits under one key: a change to one call refreshes them all. */
export const callKeys = {
  all: ['calls'] as const,
  list: (view: CallView, contractId: string | null) => ['calls', 'list', view, contractId] as const,
};

/** A refusal (400, 403, 404) says the same the second time; only failures of the server are retried. */
const noRetryOnRefusal = (failures: number, error: unknown) =>
  !(isApiError(error) && error.status > 0 && error.status < 500) && failures < 2;

/** One view of the signed-in person's calls, a keyset page at a time; with a contract, only its calls. */
export const callsQuery = (view: CallView, contractId: string | null = null) =>
  infiniteQueryOptions({
    queryKey: callKeys.list(view, contractId),
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ view });
      if (contractId) search.set('contractId', contractId);
      if (pageParam) search.set('cursor', pageParam);
      return apiRequest(`/api/calls?${search}`, { schema: callListSchema, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: noRetryOnRefusal,
  });

/** The .ics download of a confirmed call, for the "Add to calendar" link. */
export const calendarFilePath = (id: string) => `/api/calls/${encodeURIComponent(id)}/calendar.ics`;

const callPath = (id: string, action: string) => `/api/calls/${encodeURIComponent(id)}/${action}`;

/** Every change to a call, as the web sends it; each answers with the whole call. */
export const callRequests = {
  propose: (body: CallProposalRequest) =>
    apiRequest('/api/calls', { method: 'POST', body, schema: callSchema }),
  confirm: (id: string, body: CallConfirmRequest) =>
    apiRequest(callPath(id, 'confirm'), { method: 'POST', body, schema: callSchema }),
  offerTimes: (id: string, body: CallTimesRequest) =>
    apiRequest(callPath(id, 'times'), { method: 'POST', body, schema: callSchema }),
  cancel: (id: string, body: CallCancelRequest) =>
    apiRequest(callPath(id, 'cancel'), { method: 'POST', body, schema: callSchema }),
  saveNotes: (id: string, body: CallNotesRequest) =>
    apiRequest(callPath(id, 'notes'), { method: 'PUT', body, schema: callSchema }),
};

/** The call as the server now has it, in place in every cached list that holds it. */
function replaceInLists(queryClient: QueryClient, call: Call) {
  queryClient.setQueriesData<InfiniteData<CallList, string | null>>({ queryKey: callKeys.all }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            calls: page.calls.map((item) => (item.id === call.id ? call : item)),
          })),
        }
      : data,
  );
}

/** A refusal: the server read the request and said no (400, 403, 404, 409, ...). */
const isRefusal = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

/**
 * A change to one call. The answer shows at once where the call is listed; then every list is
 * read again, as a change can move a call between views (a cancelled call leaves Upcoming). A
 * 409 means the other side acted meanwhile: the lists are read again so the page shows what now.
 * With `refreshOnRefusal`, any refusal (4xx) does the same: confirming a time the other side has
 * since replaced answers 400 "Choose one of the times offered.", and the current times should show.
 */
export function useCallChange<TInput>(
  run: (input: TInput) => Promise<Call>,
  { refreshOnRefusal = false }: { refreshOnRefusal?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (call) => {
      replaceInLists(queryClient, call);
      void queryClient.invalidateQueries({ queryKey: callKeys.all });
    },
    onError: (error) => {
      const stale = refreshOnRefusal ? isRefusal(error) : isApiError(error) && error.status === 409;
      if (stale) void queryClient.invalidateQueries({ queryKey: callKeys.all });
    },
  });
}
