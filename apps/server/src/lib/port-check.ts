import { createServer } from 'node:net';

/** The one line a person needs when the server cannot listen, or null for an unknown error. */
export function listenProblem(error: unknown, host: string, port: number): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE')
    return `Port ${port} on ${host} is already in use: stop what is using it, or start with PORT=<another port>`;
  if (code === 'EACCES')
    return `Not allowed to listen on port ${port} on ${host}: start with PORT=<a port above 1023>`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return `HOST=${host} is not an address of this machine: start with HOST=localhost or HOST=0.0.0.0`;
  return null;
}

/**
 * Tries the address before the slow part of the start (opening the database, seeding), so a busy
 * port is one line in the first second rather than a stack trace after the seed. Listening can
 * still fail later (something else took the port meanwhile); main.ts says that in one line too.
 */
export function checkPortFree(host: string, port: number): Promise<string | null> {
  if (port === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error) => resolve(listenProblem(error, host, port) ?? String(error)));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}
