/**
 * What `react-dom/client` is in the production build, which renders with Preact
 * (vite.config.ts): Preact's createRoot and hydrateRoot, with effects run as React runs them.
 * Preact runs useEffect callbacks after the next animation frame (or a 35 ms timer); React in a
 * task of their own right after the render. Under a paused clock (the browser tests stop timers
 * and frames) Preact's would never run, and in the browser the two are a frame apart at most.
 */
import { options } from 'preact';

export { createRoot, hydrateRoot } from 'preact/compat/client';

const channel = new MessageChannel();
const queue: (() => void)[] = [];
channel.port1.onmessage = () => {
  for (const run of queue.splice(0)) run();
};
options.requestAnimationFrame = (callback) => {
  if (queue.push(callback) === 1) channel.port2.postMessage(null);
};
