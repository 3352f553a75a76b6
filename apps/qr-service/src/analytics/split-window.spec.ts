import { splitWindow } from './analytics-windows';

const at = (iso: string) => Date.parse(iso);
const range = (from: string, to: string) => [at(from), at(to)];

describe(splitWindow.name, () => {
  it('reads a window inside one day from quarter hours only', () => {
    expect(splitWindow(at('2026-11-01T04:00:00Z'), at('2026-11-02T04:00:00Z'))).toEqual({
      months: [],
      days: [],
      quarters: [range('2026-11-01T04:00:00Z', '2026-11-02T04:00:00Z')],
    });
  });

  it('splits Kathmandu days (UTC+5:45) into whole UTC days and the quarter hours at both ends', () => {
    expect(splitWindow(at('2026-10-29T18:15:00Z'), at('2026-11-02T18:15:00Z'))).toEqual({
      months: [],
      days: [range('2026-10-30T00:00:00Z', '2026-11-02T00:00:00Z')],
      quarters: [range('2026-10-29T18:15:00Z', '2026-10-30T00:00:00Z'), range('2026-11-02T00:00:00Z', '2026-11-02T18:15:00Z')],
    });
  });

  it('reads whole months from monthly rows, the days around them from daily rows', () => {
    expect(splitWindow(at('2025-11-22T18:30:00Z'), at('2026-11-23T18:30:00Z'))).toEqual({
      months: [range('2025-12-01T00:00:00Z', '2026-11-01T00:00:00Z')],
      days: [range('2025-11-23T00:00:00Z', '2025-12-01T00:00:00Z'), range('2026-11-01T00:00:00Z', '2026-11-23T00:00:00Z')],
      quarters: [range('2025-11-22T18:30:00Z', '2025-11-23T00:00:00Z'), range('2026-11-23T00:00:00Z', '2026-11-23T18:30:00Z')],
    });
  });

  it('leaves nothing out and counts nothing twice at UTC midnight boundaries', () => {
    expect(splitWindow(at('2026-10-01T00:00:00Z'), at('2026-11-01T00:00:00Z'))).toEqual({
      months: [range('2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z')],
      days: [range('2026-10-01T00:00:00Z', '2026-10-01T00:00:00Z'), range('2026-11-01T00:00:00Z', '2026-11-01T00:00:00Z')],
      quarters: [range('2026-10-01T00:00:00Z', '2026-10-01T00:00:00Z'), range('2026-11-01T00:00:00Z', '2026-11-01T00:00:00Z')],
    });
  });
});
