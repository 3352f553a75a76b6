import { dayRange, localToday, shiftDay } from './time-range';

describe(dayRange.name, () => {
  const now = new Date('2025-03-10T23:30:00Z');

  it('defaults to the last 30 local days, by day', () => {
    expect(dayRange(undefined, undefined, 'UTC', now)).toEqual({ fromDay: '2025-02-09', toDay: '2025-03-10', unit: 'day' });
  });

  it("uses the viewer's calendar: in Tokyo it is already the 11th", () => {
    expect(localToday('Asia/Tokyo', now)).toBe('2025-03-11');
    expect(dayRange(undefined, undefined, 'Asia/Tokyo', now).toDay).toBe('2025-03-11');
  });

  it('shows one or two days by the hour', () => {
    expect(dayRange('2025-03-09', '2025-03-10', 'UTC', now).unit).toBe('hour');
    expect(dayRange('2025-03-08', '2025-03-10', 'UTC', now).unit).toBe('day');
  });

  it.each([
    ['2025-02-30', '2025-03-01', 'Dates must be real days like 2025-01-31'],
    ['2025-03-05', '2025-03-01', 'The start date must not be after the end date'],
    ['2023-01-01', '2025-01-01', 'Choose a range of at most 366 days'],
  ])('refuses %s .. %s', (from, to, message) => {
    expect(() => dayRange(from, to, 'UTC', now)).toThrow(message);
  });

  it('moves across month and year ends', () => {
    expect(shiftDay('2024-12-31', 1)).toBe('2025-01-01');
    expect(shiftDay('2024-03-01', -1)).toBe('2024-02-29');
  });
});
