import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorPage } from './error-page.tsx';
import { AppRoutes, toElementRoutes } from './route-elements.tsx';

function Broken(): never {
  throw new Error('The chart data was malformed.');
}

describe('router error screen', () => {
  it('reads "Unexpected Application Error!" and offers a way home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const routes = toElementRoutes([{ path: '/', element: <Broken />, errorElement: <ErrorPage /> }]);
    render(
      <MemoryRouter>
        <AppRoutes routes={routes} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('The chart data was malformed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
