/** A progress bar on stderr (a line per 10% when stderr is not a terminal, e.g. in CI logs). */
export function progressBar(label: string): (done: number, total: number) => void {
  const started = Date.now();
  let lastDecile = -1;
  return (done, total) => {
    const ratio = total === 0 ? 1 : done / total;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const text = `${label} ${done.toLocaleString('en')}/${total.toLocaleString('en')} ${Math.floor(ratio * 100)}% ${seconds}s`;
    if (process.stderr.isTTY) {
      const width = 30;
      const filled = Math.round(ratio * width);
      process.stderr.write(
        `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${text}${done >= total ? '\n' : ''}`,
      );
    } else if (Math.floor(ratio * 10) > lastDecile) {
      lastDecile = Math.floor(ratio * 10);
      process.stderr.write(`${text}\n`);
    }
  };
}
