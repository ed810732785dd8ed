import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageText, messageParts } from './message-text.tsx';

describe('links in a chat message', () => {
  it('makes http and https addresses links, leaving the sentence around them as text', () => {
    expect(messageParts('The protocol is at https://example.org/protocols/42?v=2. Thanks!')).toEqual([
      { text: 'The protocol is at ' },
      { text: 'https://example.org/protocols/42?v=2', href: 'https://example.org/protocols/42?v=2' },
      { text: '. Thanks!' },
    ]);
    expect(messageParts('(see https://en.wikipedia.org/wiki/Cas9_(protein))')).toEqual([
      { text: '(see ' },
      {
        text: 'https://en.wikipedia.org/wiki/Cas9_(protein)',
        href: 'https://en.wikipedia.org/wiki/Cas9_(protein)',
      },
      { text: ')' },
    ]);
  });

  it('never makes a link of another scheme', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'JaVaScRiPt://%0aalert(1)',
      'ftp://x.org/a',
    ]) {
      expect(messageParts(text), text).toEqual([{ text }]);
    }
  });

  it('opens links apart from the app and tells the site nothing about where they came from', () => {
    render(<MessageText own={false} text="Data: http://example.org/a" />);
    const link = screen.getByRole('link', { name: 'http://example.org/a' });
    expect(link.getAttribute('href')).toBe('http://example.org/a');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });
});
