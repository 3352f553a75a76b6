import { ABUSE_MESSAGES, ReportCodeDto, reportedSlug } from './abuse.dto';
import { validateDto } from './validate-dto';

describe('ReportCodeDto', () => {
  it('takes a short link in any spelling, or the bare code', async () => {
    expect(reportedSlug(' AbC1234 ')).toBe('AbC1234');
    expect(reportedSlug('https://qr.example/r/AbC1234')).toBe('AbC1234');
    expect(reportedSlug('http://localhost:8080/r/AbC1234/?utm=x')).toBe('AbC1234');
    expect(reportedSlug('https://qr.example/p/AbC1234')).toBeNull();
    expect(await validateDto(ReportCodeDto, { code: 'https://qr.example/r/AbC1234', reason: 'scam', email: '' })).toEqual({});
  });

  it('says what is wrong in words', async () => {
    const errors = await validateDto(ReportCodeDto, { code: 'https://elsewhere.example/page', reason: 'spite', email: 'nope' });
    expect(errors).toEqual({ code: ABUSE_MESSAGES.codeInvalid, reason: ABUSE_MESSAGES.reason, email: ABUSE_MESSAGES.email });
  });
});
