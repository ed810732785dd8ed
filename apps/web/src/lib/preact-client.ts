/**
 * What `react-dom/client` is in the production build, which renders with Preact
 * (vite.config.ts): Preact's createRoot and hydrateRoot, with effects run as React runs them.
 * Preact runs useEffect callbacks after the next animation frame (or a 35 ms timer); React in a
 * task of their own right after the render. Under a paused clock (the browser tests stop timers
 * and frames) Preact's would never run, and in the browser the two are a frame apart at most.
 */
import { options } from 'preact';
import { taskQueue } from './task-queue.ts';

export { createRoot, hydrateRoot } from 'preact/compat/client';

// Preact asks for one frame per batch of effects, so one callback per task runs every batch whole.
options.requestAnimationFrame = taskQueue();
