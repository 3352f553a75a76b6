import { validateDto } from './validate-dto';
import { destinationProblem, QR_MESSAGES } from './code-fields';
import { CreateQrCodeDto, DownloadQueryDto, QrDesignDto, UpdateQrCodeDto } from './qr.dto';

describe(CreateQrCodeDto.name, () => {
  it('accepts a name, an https destination and a category', async () => {
    expect(await validateDto(CreateQrCodeDto, { name: 'Menu', destinationUrl: 'https://example.com/menu', category: 'restaurant' })).toEqual({});
  });

  it('gives the spec messages for missing and long names and URLs', async () => {
    expect(await validateDto(CreateQrCodeDto, { name: '  ', destinationUrl: '' })).toEqual({
      name: 'Name is required',
      destinationUrl: 'URL is required',
    });
    expect(await validateDto(CreateQrCodeDto, { name: 'x'.repeat(101), destinationUrl: 'example.com' })).toEqual({
      name: 'Name is too long',
      destinationUrl: 'Please enter a valid URL. Include https:// at the beginning.',
    });
  });

  it('refuses a category outside the list', async () => {
    expect((await validateDto(CreateQrCodeDto, { name: 'a', destinationUrl: 'https://a.example', category: 'food' })).category).toBe(
      QR_MESSAGES.category,
    );
  });
});

describe(destinationProblem.name, () => {
  it.each([
    ['https://example.com', null],
    ['http://example.com/a?b=c#d', null],
    ['https://[2001:db8::1]/', null],
    ['mailto:someone@example.com', QR_MESSAGES.urlInvalid],
    ['javascript:alert(1)', QR_MESSAGES.urlInvalid],
    ['https://intranet', QR_MESSAGES.urlInvalid],
    ['https://exa mple.com', QR_MESSAGES.urlInvalid],
    ['https://me:pw@example.com', QR_MESSAGES.urlCredentials],
    [`https://example.com/${'a'.repeat(2040)}`, QR_MESSAGES.urlTooLong],
  ])('%s -> %s', (url, problem) => {
    expect(destinationProblem(url)).toBe(problem);
  });
});

describe(UpdateQrCodeDto.name, () => {
  it('allows changing only the destination, as the edit screen does', async () => {
    expect(await validateDto(UpdateQrCodeDto, { destinationUrl: 'https://example.com/new' })).toEqual({});
    expect(await validateDto(UpdateQrCodeDto, { destinationUrl: 'nope' })).toEqual({ destinationUrl: QR_MESSAGES.urlInvalid });
  });
});

describe(QrDesignDto.name, () => {
  it('checks colours, level, margin and style', async () => {
    const ok = { foreground: '#1a237e', background: '#ffffff', errorCorrection: 'Q', margin: 4, dotStyle: 'rounded' };
    expect(await validateDto(QrDesignDto, ok)).toEqual({});
    expect(await validateDto(QrDesignDto, { ...ok, foreground: 'blue', margin: 11, dotStyle: 'stars', errorCorrection: 'X' })).toEqual({
      foreground: QR_MESSAGES.colour,
      margin: 'The margin must be a whole number from 0 to 10',
      dotStyle: 'The dot style must be square, rounded or dots',
      errorCorrection: 'Error correction must be L, M, Q or H',
    });
  });
});

describe(DownloadQueryDto.name, () => {
  it('takes the size from a query string', async () => {
    expect(await validateDto(DownloadQueryDto, { format: 'pdf', size: '4096' })).toEqual({});
    expect((await validateDto(DownloadQueryDto, { size: '4097' })).size).toBe('The size must be a whole number of pixels from 128 to 4096');
    expect((await validateDto(DownloadQueryDto, { size: '12.5' })).size).toBeDefined();
  });
});

describe('campaign settings in the code DTOs', () => {
  const base = { name: 'Menu', destinationUrl: 'https://example.com/menu' };

  it('names each failing part of the settings as a field of its own', async () => {
    const campaign = {
      scanLimit: 0,
      rules: [{ country: ['QQ'], destination: 'https://example.com/x' }],
      split: [
        { name: 'A', destination: 'https://example.com/a', weight: 0 },
        { name: 'B', destination: 'https://example.com/b', weight: 1 },
      ],
    };
    expect(await validateDto(CreateQrCodeDto, { ...base, campaign })).toEqual({
      'campaign.scanLimit': 'The scan limit must be a whole number of at least 1',
      'campaign.rules.0.country': 'Countries must be two-letter ISO codes such as DE or US',
      'campaign.split.0.weight': 'Weights must be whole numbers from 1 to 1000',
    });
    expect(await validateDto(UpdateQrCodeDto, { campaign: { rules: [{ os: ['ios'], destination: 'https://example.com/a' }, { os: ['ios'], destination: 'https://example.com/b' }] } })).toEqual({
      'campaign.rules.1': 'Rule 2 can never match: rule 1 comes first and catches every scan it would',
    });
  });

  it('keeps settings that are not an object under the field itself', async () => {
    expect(await validateDto(CreateQrCodeDto, { ...base, campaign: 'yes' })).toEqual({ campaign: 'The campaign settings must be an object' });
  });
});
