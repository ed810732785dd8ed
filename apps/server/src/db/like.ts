/** Text to match literally inside a LIKE / ILIKE pattern: its wildcards and the escape escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
