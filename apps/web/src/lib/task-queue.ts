/**
 * A queue whose callbacks each run in a task of their own, in the order they were queued. A message
 * channel rather than a timer: the browser tests pause timers and animation frames. The channel is
 * made on first use, because an idle port with a listener would keep the prerender's Node process
 * alive.
 */
export function taskQueue(): (run: () => void) => void {
  const waiting: (() => void)[] = [];
  let channel: MessageChannel | undefined;
  return (run) => {
    if (!channel) {
      const ports = (channel = new MessageChannel());
      ports.port1.onmessage = () => {
        waiting.shift()?.();
        if (waiting.length) ports.port2.postMessage(null);
      };
    }
    if (waiting.push(run) === 1) channel.port2.postMessage(null);
  };
}
