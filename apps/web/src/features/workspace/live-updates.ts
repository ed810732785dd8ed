import type { NotificationPush } from '@sciwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSocket } from '../../lib/socket.ts';
import { contractKeys } from './queries.ts';

/**
 * What the other side does shows without a reload: every money event sends a notification that
 * links to the contract's workspace, and that is the cue to fetch the contract again. After a
 * dropped connection the contract is fetched too, in case a notification went by meanwhile.
 */
export function useContractLiveUpdates(contractId: string) {
  const queryClient = useQueryClient();
  const { socket } = useSocket(() => {
    void queryClient.invalidateQueries({ queryKey: contractKeys.detail(contractId) });
  });
  useEffect(() => {
    if (!socket) return;
    const onNotification = (push: NotificationPush) => {
      if (push.notification.link?.includes(contractId))
        void queryClient.invalidateQueries({ queryKey: contractKeys.detail(contractId) });
    };
    socket.on('notification', onNotification);
    return () => {
      socket.off('notification', onNotification);
    };
  }, [socket, queryClient, contractId]);
}

/** The current time, moving on every `everyMs`, for countdowns. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
