import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFetchStub, ok } from '../../../testing/fetch-stub';
import { aScanPatterns } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { ScanPatternsCards } from './scan-patterns';

const RANGE = { from: '2026-06-01', to: '2026-06-30' };
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').map((row) => row.textContent);

describe('the map of scans by country and city', () => {
  it("shows a country's cities on the map and in the table when it is chosen with the keyboard, and goes back to the world", async () => {
    installFetchStub().on('GET /api/analytics/patterns', ok(aScanPatterns()));
    renderWithApp(<ScanPatternsCards codeId={null} range={RANGE} />, { path: '/dashboard' });
    const user = userEvent.setup();

    const germany = await screen.findByRole('button', { name: 'Germany: 10 scans. Show its cities' });
    germany.focus();
    await user.keyboard('{Enter}');

    const back = await screen.findByRole('button', { name: '← Back to world' });
    expect(back).toHaveFocus();
    expect(screen.getByText(/in 3 cities/)).toHaveTextContent('Germany: 10 scans in 3 cities');
    // Dots for the German cities with coordinates only, the busiest largest.
    const map = screen.getByTestId('scan-map');
    const dots = [...map.querySelectorAll('circle')].map((dot) => [dot.getAttribute('data-city'), Number(dot.getAttribute('r'))] as const);
    expect(dots.map(([city]) => city)).toEqual(['Berlin', 'Aachen']);
    expect(dots[0][1]).toBeGreaterThan(dots[1][1]);
    // Close up: Berlin and Aachen (about 550 km apart) are far apart in the frame, and inside it.
    const [berlin, aachen] = [...map.querySelectorAll('circle')].map((dot) => [Number(dot.getAttribute('cx')), Number(dot.getAttribute('cy'))]);
    for (const [x, y] of [berlin, aachen]) expect(x >= 0 && x <= 960 && y >= 0 && y <= 470).toBe(true);
    expect(berlin[0] - aachen[0]).toBeGreaterThan(150);
    expect(screen.getByText(/1 city has no known coordinates: listed in the table, not drawn/)).toBeInTheDocument();
    // Every city of the country in the table, the scans without a city in the last row.
    const table = screen.getByRole('region', { name: 'Scans by city in Germany (table)' });
    expect(rowsOf(table)).toEqual([
      'CountryRegionCityScansShare',
      'GermanyLand BerlinBerlin550%',
      'GermanyNorth Rhine-WestphaliaAachen330%',
      'Germany—Kleinstadt110%',
      'Germany—City not known110%',
    ]);

    await user.click(back);
    const countries = screen.getByRole('region', { name: 'Scans by country (table)' });
    expect(rowsOf(countries)).toEqual(['CountryScansShare', 'Germany1071%', 'United Kingdom429%']);
    expect(within(countries).getByRole('button', { name: 'Germany' })).toHaveFocus();
    expect(screen.getByTestId('scan-map').querySelectorAll('circle')).toHaveLength(0);
  });

  it('opens a country from the table too, and from the map with Space', async () => {
    installFetchStub().on('GET /api/qrcodes/:id/analytics/patterns', ok(aScanPatterns({ codeId: 'c1' })));
    renderWithApp(<ScanPatternsCards codeId="c1" range={RANGE} />, { path: '/qrcodes/c1' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'United Kingdom' }));
    expect(rowsOf(screen.getByRole('region', { name: 'Scans by city in United Kingdom (table)' }))).toEqual([
      'CountryRegionCityScansShare',
      'United KingdomEnglandBracknell4100%',
    ]);
    expect([...screen.getByTestId('scan-map').querySelectorAll('circle')].map((dot) => dot.getAttribute('data-city'))).toEqual(['Bracknell']);

    // Another country straight from the close-up.
    (await screen.findByRole('button', { name: 'Germany: 10 scans. Show its cities' })).focus();
    await user.keyboard(' ');
    expect(await screen.findByRole('region', { name: 'Scans by city in Germany (table)' })).toBeInTheDocument();
  });
});
